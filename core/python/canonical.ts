/**
 * The fast path of the run-card seals: JSON text straight to the text of Python's
 * `json.dumps(obj, sort_keys=True, ensure_ascii=False)`, without building `PyValue`s.
 * Its plain twin is `dumpsPy(parsePyJson(text), HASH_DUMPS_OPTIONS)` (json.ts): the same text for every text it
 * accepts, the same refusals (PyJsonError, same reason and offset) for every text it refuses; property tests hold
 * the two together.
 *
 * One pass over the text, without recursion (an explicit stack of open arrays and objects, bounded at
 * MAX_PY_JSON_DEPTH as parsePyJson is). Every token's canonical text is a slice of the input or a short constant:
 * a string without escapes is its own slice, an int its lexeme, a float its lexeme when that is already Python's
 * repr (`floatLexemeRepr`), else `pyFloatRepr`; only a string with escapes is decoded and written again. An
 * array's or object's pieces are joined once, as it closes (native joins; no byte is written from script). An
 * object's members are put in code-point order of their keys (a repeated key keeping its last value); the order
 * found for one key sequence is reused for the next object of the same depth with the same keys (the results of
 * a card), checked key by key. A lone surrogate, which Python refuses to encode, only clears `wellFormed`: the
 * caller must not use the text then. Any text the pass does not read is handed to `parsePyJson`, whose refusal
 * (reason and offset) is the one thrown.
 */
import { compareCodePoints, encodePyString, MAX_PY_JSON_DEPTH, parsePyJson, pyFloatRepr } from './json';

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const MINUS = 0x2d;
const ZERO = 0x30;

/** Where a member's value lies in the source text (for the few members a caller reads as values). */
export interface SourceSpan {
  start: number;
  end: number;
}

export interface CanonicalOptions {
  /** A root member whose value is written as `""` (the seal's own field, blanked as the harness blanks it). */
  blank?: string;
  /** [root key, member key]: keep that member's canonical text when it is an object. */
  capture?: readonly [string, string];
}

export interface CanonicalText {
  /** `json.dumps(value, sort_keys=True, ensure_ascii=False)` of the text's value (meaningless when not `wellFormed`). */
  text: string;
  /** False when the text holds a lone surrogate (raw or escaped, in a key or a value): Python could not encode it. */
  wellFormed: boolean;
  /** For an object root: each member's value span in the text (the last of a repeated key). */
  members?: Map<string, SourceSpan>;
  /** For an object root: the members of each of its object members, by root key. */
  nested?: Map<string, Map<string, SourceSpan>>;
  /** The captured member's canonical text, when `capture` named an object member. */
  captured?: string;
}

/** Thrown inside the pass at the first token it does not read; `canonicalPyJsonText` asks parsePyJson why. */
const REFUSED = new Error('not read by the canonical pass');

/** A unit from U+D800 on: keys holding one may sort differently by code point than by UTF-16 unit. */
const HIGH_UNIT = /[\ud800-\uffff]/;
// Matching lone surrogates is the point of this pattern (the fallback where String.prototype.isWellFormed is missing).
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

function isWellFormed(s: string): boolean {
  const native = (s as { isWellFormed?: () => boolean }).isWellFormed;
  return native ? native.call(s) : !LONE_SURROGATE.test(s);
}

/**
 * Python's repr of the float a JSON float lexeme (`text[start, end)`, grammar already checked) denotes: the lexeme
 * itself when it already is that repr, else `pyFloatRepr(Number(lexeme))` (its plain twin, which a property test
 * holds it to). A lexeme is its own repr when it has no exponent, at most 15 significant digits (any two such
 * decimals are different doubles, so no shorter digits round-trip), lies in Python's fixed-notation range
 * (1e-4 <= |x| < 1e16) and is written as repr writes: no trailing zero in the fraction but for `X.0`.
 */
export function floatLexemeRepr(text: string, start: number, end: number): string {
  let k = start;
  if (text.charCodeAt(k) === MINUS) k++;
  const intStart = k;
  while (k < end && text.charCodeAt(k) !== 0x2e && text.charCodeAt(k) !== 0x65 && text.charCodeAt(k) !== 0x45) k++;
  const intLength = k - intStart;
  // No exponent: the point, then at least one digit, up to the end.
  if (k < end && text.charCodeAt(k) === 0x2e) {
    const fracStart = k + 1;
    let e = fracStart;
    while (e < end && text.charCodeAt(e) >= ZERO && text.charCodeAt(e) <= 0x39) e++;
    if (e === end) {
      const fracLength = end - fracStart;
      if (fracLength === 1 && text.charCodeAt(fracStart) === ZERO) {
        // An integral float: exact below 1e15, written `X.0` by repr.
        if (intLength <= 15) return text.slice(start, end);
      } else if (text.charCodeAt(end - 1) !== ZERO) {
        if (intLength === 1 && text.charCodeAt(intStart) === ZERO) {
          let z = fracStart;
          while (text.charCodeAt(z) === ZERO) z++;
          // 0.000d… is 1e-4 at least; its significant digits start at z.
          if (z - fracStart <= 3 && end - z <= 15) return text.slice(start, end);
        } else if (intLength + fracLength <= 15) return text.slice(start, end);
      }
    }
  }
  return pyFloatRepr(Number(text.slice(start, end)));
}

/**
 * Reads JSON text as `parsePyJson` does (same grammar, errors and depth bound) into the canonical text of
 * `json.dumps(sort_keys=True, ensure_ascii=False)`. Throws parsePyJson's PyJsonError on text it refuses.
 */
export function canonicalPyJsonText(text: string, options: CanonicalOptions = {}): CanonicalText {
  try {
    return canonicalPass(text, options);
  } catch (error) {
    if (error !== REFUSED) throw error;
  }
  // parsePyJson says why (the same reason and offset as the plain twin); a text it reads would be a bug here.
  parsePyJson(text);
  throw new Error('the canonical pass refused a text parsePyJson reads');
}

/** Where the string `decodeEscaped` read ends (one past its closing quote). */
let escapedEnd = 0;

/** The value of the string token with escapes at `start` (its opening quote); `escapedEnd` tells where it ends. */
function decodeEscaped(text: string, start: number): string {
  const n = text.length;
  let i = start + 1;
  for (;;) {
    if (i >= n) throw REFUSED;
    const c = text.charCodeAt(i);
    if (c === QUOTE) break;
    if (c < 0x20) throw REFUSED;
    i += c === BACKSLASH ? 2 : 1;
  }
  escapedEnd = i + 1;
  try {
    return JSON.parse(text.slice(start, escapedEnd)) as string;
  } catch {
    throw REFUSED;
  }
}

const isSpace = (c: number): boolean => c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;

/** Shapes remembered per depth: the last key sequence sorted there and its order (indices into it). */
interface Shapes {
  keys: (string[] | undefined)[];
  orders: number[][];
}

/**
 * An object's canonical text from its members `from` to `to` on the member stack: in key order (code-point order
 * when `high`), a repeated key's last value kept; as they are when no `shapes` are given (keys already in order).
 * `same`: the keys are those of the shape remembered at `depth`.
 */
function joinMembers(
  keys: string[],
  keyTexts: string[],
  values: string[],
  from: number,
  to: number,
  shapes: Shapes | undefined,
  depth: number,
  same: boolean,
  high: boolean,
): string {
  const count = to - from;
  const parts: string[] = ['{'];
  if (shapes === undefined) {
    for (let m = from; m < to; m++) {
      if (m > from) parts.push(', ');
      parts.push(keyTexts[m], values[m]);
    }
    parts.push('}');
    return parts.join('');
  }
  const known = shapes.keys[depth];
  let order: number[];
  if (same && known !== undefined && known.length === count) order = shapes.orders[depth];
  else {
    order = [];
    for (let k = 0; k < count; k++) order.push(k);
    // Array.prototype.sort is stable: of equal keys the last read stays last, and is the one kept below.
    order.sort((a, b) => {
      const x = keys[from + a];
      const y = keys[from + b];
      return x === y ? 0 : (high ? compareCodePoints(x, y) < 0 : x < y) ? -1 : 1;
    });
    shapes.keys[depth] = keys.slice(from, to);
    shapes.orders[depth] = order;
  }
  for (let k = 0; k < count; k++) {
    const m = from + order[k];
    if (k + 1 < count && keys[from + order[k + 1]] === keys[m]) continue;
    if (parts.length > 1) parts.push(', ');
    parts.push(keyTexts[m], values[m]);
  }
  parts.push('}');
  return parts.join('');
}

/**
 * The pass itself: one loop over the text with the position in a local, what each open array or object needs
 * per depth (`object`, `items`, `base`… below), and the members of every open object on one stack.
 */
function canonicalPass(text: string, options: CanonicalOptions): CanonicalText {
  const n = text.length;
  let i = 0;
  let wellFormed = isWellFormed(text);
  // Once a key holds a unit from U+D800 on, keys are compared by code point (UTF-16 order may differ then).
  let high = false;
  const blank = options.blank;
  const capture = options.capture;
  let members: Map<string, SourceSpan> | undefined;
  const nested = new Map<string, Map<string, SourceSpan>>();
  let captured: string | undefined;
  // Members of every open object: key, `"key": ` and the value in canonical text.
  const keys: string[] = [];
  const keyTexts: string[] = [];
  const values: string[] = [];
  let stack = 0;
  // Per depth of the open arrays and objects: which it is, an array's items, an object's first member on the
  // stack, whether its keys so far are strictly increasing (no sort needed) and those of the shape remembered at
  // its depth; the member being read (key, `"key": `, where its value starts); a root or root member's spans.
  const object: boolean[] = [];
  const items: string[][] = [];
  const base: number[] = [];
  const sorted: boolean[] = [];
  const same: boolean[] = [];
  const keyAt: string[] = [];
  const keyTextAt: string[] = [];
  const valueStart: number[] = [];
  const spans: (Map<string, SourceSpan> | undefined)[] = [];
  const shapes: Shapes = { keys: [], orders: [] };
  let level = 0;
  // After `{` or `,` in an object, a key comes first.
  let expectKey = false;

  for (;;) {
    let c = text.charCodeAt(i);
    while (isSpace(c)) c = text.charCodeAt(++i);
    if (expectKey) {
      expectKey = false;
      const depth = level - 1;
      if (c !== QUOTE) throw REFUSED;
      const start = i;
      let p = i + 1;
      let d = text.charCodeAt(p);
      while (d !== QUOTE && d !== BACKSLASH && d >= 0x20 && d < 0xd800) d = text.charCodeAt(++p);
      if (d >= 0xd800) {
        high = true;
        while (d !== QUOTE && d !== BACKSLASH && d >= 0x20) d = text.charCodeAt(++p);
      }
      let key: string;
      let keyText: string;
      let colon = false;
      if (d === QUOTE) {
        key = text.slice(start + 1, p);
        i = p + 1;
        // `"key": ` as Python and most writers space it: one slice of the text with its separator.
        if (text.charCodeAt(i) === 0x3a && text.charCodeAt(i + 1) === 0x20) {
          keyText = text.slice(start, i + 2);
          i += 2;
          colon = true;
        } else keyText = text.slice(start, i) + ': ';
      } else {
        key = decodeEscaped(text, start);
        i = escapedEnd;
        if (!isWellFormed(key)) wellFormed = false;
        if (!high && HIGH_UNIT.test(key)) high = true;
        keyText = encodePyString(key, false) + ': ';
      }
      c = text.charCodeAt(i);
      if (!colon) {
        while (isSpace(c)) c = text.charCodeAt(++i);
        if (c !== 0x3a) throw REFUSED;
        c = text.charCodeAt(++i);
      }
      while (isSpace(c)) c = text.charCodeAt(++i);
      keyAt[depth] = key;
      keyTextAt[depth] = keyText;
      valueStart[depth] = i;
      if (depth === 0 && capture !== undefined && key === capture[0]) captured = undefined;
    }
    if (level >= MAX_PY_JSON_DEPTH) throw REFUSED;
    let value: string;
    if (c === QUOTE) {
      const start = i;
      let p = i + 1;
      let d = text.charCodeAt(p);
      while (d !== QUOTE && d !== BACKSLASH && d >= 0x20) d = text.charCodeAt(++p);
      if (d === QUOTE) {
        i = p + 1;
        value = text.slice(start, i);
      } else {
        const decoded = decodeEscaped(text, start);
        i = escapedEnd;
        if (!isWellFormed(decoded)) wellFormed = false;
        value = encodePyString(decoded, false);
      }
    } else if (c === 0x7b) {
      c = text.charCodeAt(++i);
      while (isSpace(c)) c = text.charCodeAt(++i);
      if (c === 0x7d) {
        i++;
        value = '{}';
        if (level === 0) members = new Map();
      } else {
        const depth = level++;
        object[depth] = true;
        base[depth] = stack;
        sorted[depth] = true;
        same[depth] = shapes.keys[depth] !== undefined;
        spans[depth] = depth === 0 || (depth === 1 && object[0]) ? new Map() : undefined;
        if (depth === 0) members = spans[0];
        expectKey = true;
        continue;
      }
    } else if (c === 0x5b) {
      c = text.charCodeAt(++i);
      while (isSpace(c)) c = text.charCodeAt(++i);
      if (c === 0x5d) {
        i++;
        value = '[]';
      } else {
        object[level] = false;
        items[level] = [];
        level++;
        continue;
      }
    } else if (c === MINUS || (c >= ZERO && c <= 0x39)) {
      const start = i;
      if (c === MINUS) c = text.charCodeAt(++i);
      const first = c;
      const intStart = i;
      while (c >= ZERO && c <= 0x39) c = text.charCodeAt(++i);
      if (i === intStart || (first === ZERO && i - intStart > 1)) throw REFUSED;
      let isFloat = false;
      if (c === 0x2e) {
        isFloat = true;
        const from = ++i;
        c = text.charCodeAt(i);
        while (c >= ZERO && c <= 0x39) c = text.charCodeAt(++i);
        if (i === from) throw REFUSED;
      }
      if (c === 0x65 || c === 0x45) {
        isFloat = true;
        c = text.charCodeAt(++i);
        if (c === 0x2b || c === MINUS) c = text.charCodeAt(++i);
        const from = i;
        while (c >= ZERO && c <= 0x39) c = text.charCodeAt(++i);
        if (i === from) throw REFUSED;
      }
      // An int's digits as written (the grammar allows no leading zero), but "-0" is the int 0.
      if (isFloat) value = floatLexemeRepr(text, start, i);
      else value = i - start === 2 && first === ZERO && start !== intStart ? '0' : text.slice(start, i);
    } else if (c === 0x74 && text.startsWith('true', i)) {
      i += 4;
      value = 'true';
    } else if (c === 0x66 && text.startsWith('false', i)) {
      i += 5;
      value = 'false';
    } else if (c === 0x6e && text.startsWith('null', i)) {
      i += 4;
      value = 'null';
    } else throw REFUSED;
    // The value is complete: it joins its array or object, which may close in turn.
    for (;;) {
      if (level === 0) {
        c = text.charCodeAt(i);
        while (isSpace(c)) c = text.charCodeAt(++i);
        if (i < n) throw REFUSED;
        const result: CanonicalText = { text: value, wellFormed };
        if (members) Object.assign(result, { members, nested });
        if (captured !== undefined) result.captured = captured;
        return result;
      }
      const depth = level - 1;
      if (!object[depth]) {
        items[depth].push(value);
        c = text.charCodeAt(i);
        while (isSpace(c)) c = text.charCodeAt(++i);
        if (c === 0x2c) {
          c = text.charCodeAt(++i);
          while (isSpace(c)) c = text.charCodeAt(++i);
          // `[1,]`: parsePyJson names it a trailing comma.
          if (c === 0x5d) throw REFUSED;
          break;
        }
        if (c !== 0x5d) throw REFUSED;
        i++;
        value = '[' + items[depth].join(', ') + ']';
        level--;
        continue;
      }
      const key = keyAt[depth];
      const memberSpans = spans[depth];
      if (memberSpans !== undefined) memberSpans.set(key, { start: valueStart[depth], end: i });
      if (depth === 0) {
        const inner = spans[1];
        if (value === '{}') nested.set(key, new Map());
        else if (value.charCodeAt(0) === 0x7b && inner !== undefined) nested.set(key, inner);
        else nested.delete(key);
        if (key === blank) value = '""';
      } else if (depth === 1 && capture !== undefined && object[0] && keyAt[0] === capture[0] && key === capture[1])
        // A repeated key: the last value is the one captured (none when it is not an object).
        captured = value.charCodeAt(0) === 0x7b ? value : undefined;
      const k = stack - base[depth];
      if (k > 0 && sorted[depth]) {
        const previous = keys[stack - 1];
        if (high ? compareCodePoints(previous, key) >= 0 : previous >= key) sorted[depth] = false;
      }
      if (same[depth]) same[depth] = (shapes.keys[depth] as string[])[k] === key;
      keys[stack] = key;
      keyTexts[stack] = keyTextAt[depth];
      values[stack] = value;
      stack++;
      c = text.charCodeAt(i);
      while (isSpace(c)) c = text.charCodeAt(++i);
      if (c === 0x2c) {
        i++;
        expectKey = true;
        break;
      }
      if (c !== 0x7d) throw REFUSED;
      i++;
      const from = base[depth];
      value = joinMembers(keys, keyTexts, values, from, stack, sorted[depth] ? undefined : shapes, depth, same[depth], high);
      stack = from;
      level--;
    }
  }
}
