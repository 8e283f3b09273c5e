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
 * repr (`floatLexemeRepr`), else `pyFloatRepr`; only a string with escapes is decoded and written again. Values
 * are joined as they close (the engine keeps the joins as ropes; the hash flattens them once, natively). An
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

/** A string token without escapes or control characters (its canonical text is itself). */
// eslint-disable-next-line no-control-regex
const PLAIN_STRING = /"[^"\\\u0000-\u001f]*"/y;
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

/** One open array or object of the pass. */
interface Open {
  object: boolean;
  /** An array's items so far. */
  items: string[];
  /** An object's first member on the member stack. */
  base: number;
  /** Whether the keys read so far are strictly increasing (no sort needed then). */
  sorted: boolean;
  /** Whether the keys read so far are those of the remembered shape at this depth. */
  same: boolean;
  /** The member being read: its key, its key's canonical text, where its value starts. */
  key: string;
  keyText: string;
  valueStart: number;
  /** For an object whose parent is the root object: its members' spans. */
  spans: Map<string, SourceSpan> | undefined;
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

function canonicalPass(text: string, options: CanonicalOptions): CanonicalText {
  const n = text.length;
  let i = 0;
  let wellFormed = isWellFormed(text);
  // Keys with a unit from U+D800 on are compared by code point (escaped ones are checked as they are decoded).
  let high = HIGH_UNIT.test(text);
  const less = (a: string, b: string): boolean => (high ? compareCodePoints(a, b) < 0 : a < b);
  const blank = options.blank;
  const capture = options.capture;
  let members: Map<string, SourceSpan> | undefined;
  const nested = new Map<string, Map<string, SourceSpan>>();
  let captured: string | undefined;
  // The members of every open object, on one stack.
  const keys: string[] = [];
  const values: string[] = [];
  let stack = 0;
  // Per depth, the last sorted key sequence and its order (indices into it).
  const shapeKeys: (string[] | undefined)[] = [];
  const shapeOrders: number[][] = [];
  const open: Open[] = [];
  let level = 0;
  let lastKey = '';

  // A string token at i (its opening quote): its canonical text; `lastKey` gets its value when it is a key.
  const readString = (key: boolean): string => {
    PLAIN_STRING.lastIndex = i;
    if (PLAIN_STRING.test(text)) {
      const end = PLAIN_STRING.lastIndex;
      if (key) lastKey = text.slice(i + 1, end - 1);
      const token = text.slice(i, end);
      i = end;
      return token;
    }
    const start = i++;
    for (;;) {
      if (i >= n) throw REFUSED;
      const c = text.charCodeAt(i);
      if (c === QUOTE) break;
      if (c < 0x20) throw REFUSED;
      i += c === BACKSLASH ? 2 : 1;
    }
    i++;
    let value: string;
    try {
      value = JSON.parse(text.slice(start, i)) as string;
    } catch {
      throw REFUSED;
    }
    if (!isWellFormed(value)) wellFormed = false;
    if (key) {
      lastKey = value;
      if (!high && HIGH_UNIT.test(value)) high = true;
    }
    return encodePyString(value, false);
  };
  const skipSpace = (): void => {
    for (; i < n; i++) {
      const c = text.charCodeAt(i);
      if (c !== 0x20 && c !== 0x0a && c !== 0x0d && c !== 0x09) return;
    }
  };
  const digits = (): number => {
    const from = i;
    for (; i < n; i++) {
      const c = text.charCodeAt(i);
      if (c < ZERO || c > 0x39) break;
    }
    return i - from;
  };
  const readNumber = (): string => {
    const start = i;
    if (text.charCodeAt(i) === MINUS) i++;
    const first = text.charCodeAt(i);
    const intDigits = digits();
    if (intDigits === 0 || (first === ZERO && intDigits > 1)) throw REFUSED;
    let isFloat = false;
    if (text.charCodeAt(i) === 0x2e) {
      i++;
      isFloat = true;
      if (digits() === 0) throw REFUSED;
    }
    const e = text.charCodeAt(i);
    if (e === 0x65 || e === 0x45) {
      i++;
      isFloat = true;
      const sign = text.charCodeAt(i);
      if (sign === 0x2b || sign === MINUS) i++;
      if (digits() === 0) throw REFUSED;
    }
    if (isFloat) return floatLexemeRepr(text, start, i);
    // An int's digits as written (the grammar allows no leading zero), but "-0" is the int 0.
    return i - start === 2 && text.charCodeAt(start) === MINUS && first === ZERO ? '0' : text.slice(start, i);
  };
  // After `{` or `,` in an object: the key, the colon, and where the value starts.
  const readKey = (top: Open): void => {
    skipSpace();
    if (text.charCodeAt(i) !== QUOTE) throw REFUSED;
    const start = i;
    const keyText = readString(true);
    top.key = lastKey;
    // `"key": ` as Python and most writers space it is one slice of the text with its separator.
    if (text.charCodeAt(i) === 0x3a && text.charCodeAt(i + 1) === 0x20 && keyText.length === i - start) {
      top.keyText = text.slice(start, i + 2);
      i += 2;
    } else {
      top.keyText = keyText + ': ';
      skipSpace();
      if (text.charCodeAt(i) !== 0x3a) throw REFUSED;
      i++;
    }
    skipSpace();
    top.valueStart = i;
    if (level === 1 && capture && lastKey === capture[0]) captured = undefined;
  };
  // The object `top` closes: its members in key order, a repeated key's last value kept.
  const closeObject = (top: Open, depth: number): string => {
    const base = top.base;
    const count = stack - base;
    if (top.sorted) {
      const joined = '{' + values.slice(base, stack).join(', ') + '}';
      stack = base;
      return joined;
    }
    let order: number[];
    const known = shapeKeys[depth];
    if (top.same && known !== undefined && known.length === count) order = shapeOrders[depth];
    else {
      order = [];
      for (let k = 0; k < count; k++) order.push(k);
      // Array.prototype.sort is stable: of equal keys the last read stays last, and is the one kept below.
      order.sort((a, b) => {
        const x = keys[base + a];
        const y = keys[base + b];
        return x === y ? 0 : less(x, y) ? -1 : 1;
      });
      shapeKeys[depth] = keys.slice(base, stack);
      shapeOrders[depth] = order;
    }
    const parts: string[] = [];
    for (let k = 0; k < count; k++) {
      const m = base + order[k];
      if (k + 1 < count && keys[base + order[k + 1]] === keys[m]) continue;
      parts.push(values[m]);
    }
    stack = base;
    return '{' + parts.join(', ') + '}';
  };

  for (;;) {
    // A value starts at i (after white space): a scalar's canonical text, or an array or object opened.
    if (level >= MAX_PY_JSON_DEPTH) throw REFUSED;
    skipSpace();
    const c = text.charCodeAt(i);
    let value: string;
    if (c === QUOTE) value = readString(false);
    else if (c === 0x7b || c === 0x5b) {
      i++;
      skipSpace();
      const object = c === 0x7b;
      if (text.charCodeAt(i) === (object ? 0x7d : 0x5d)) {
        i++;
        value = object ? '{}' : '[]';
        if (object && level === 0) members = new Map();
      } else {
        const depth = level;
        let top = open[depth];
        if (top === undefined) {
          top = { object, items: [], base: 0, sorted: true, same: true, key: '', keyText: '', valueStart: 0, spans: undefined };
          open[depth] = top;
        }
        top.object = object;
        level++;
        if (object) {
          top.base = stack;
          top.sorted = true;
          top.same = shapeKeys[depth] !== undefined;
          top.spans = depth <= 1 && (depth === 0 || open[0].object) ? new Map() : undefined;
          if (depth === 0) members = top.spans;
          readKey(top);
        } else top.items = [];
        continue;
      }
    } else if (c === MINUS || (c >= ZERO && c <= 0x39)) value = readNumber();
    else if (c === 0x74 && text.startsWith('true', i)) {
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
        skipSpace();
        if (i < n) throw REFUSED;
        const result: CanonicalText = { text: value, wellFormed };
        if (members) Object.assign(result, { members, nested });
        if (captured !== undefined) result.captured = captured;
        return result;
      }
      const depth = level - 1;
      const top = open[depth];
      if (!top.object) {
        top.items.push(value);
        skipSpace();
        const next = text.charCodeAt(i++);
        if (next === 0x2c) {
          skipSpace();
          // `[1,]`: parsePyJson names it a trailing comma.
          if (text.charCodeAt(i) === 0x5d) throw REFUSED;
          break;
        }
        if (next !== 0x5d) throw REFUSED;
        value = '[' + top.items.join(', ') + ']';
        level--;
        continue;
      }
      const key = top.key;
      if (top.spans) top.spans.set(key, { start: top.valueStart, end: i });
      if (depth === 0) {
        const inner = open[1];
        if (value.charCodeAt(0) === 0x7b && inner !== undefined && inner.spans && value !== '{}') nested.set(key, inner.spans);
        else if (value === '{}') nested.set(key, new Map());
        else nested.delete(key);
        if (key === blank) value = '""';
      } else if (depth === 1 && capture && open[0].object && open[0].key === capture[0] && key === capture[1])
        // A repeated key: the last value is the one captured (none when it is not an object).
        captured = value.charCodeAt(0) === 0x7b ? value : undefined;
      const k = stack - top.base;
      if (top.sorted && k > 0 && !less(keys[stack - 1], key)) top.sorted = false;
      if (top.same) top.same = shapeKeys[depth]?.[k] === key;
      keys[stack] = key;
      values[stack] = top.keyText + value;
      stack++;
      skipSpace();
      const next = text.charCodeAt(i++);
      if (next === 0x2c) {
        readKey(top);
        break;
      }
      if (next !== 0x7d) throw REFUSED;
      value = closeObject(top, depth);
      level--;
    }
  }
}
