/**
 * The fast path of the run-card seals: JSON text straight to the UTF-8 bytes of Python's
 * `json.dumps(obj, sort_keys=True, ensure_ascii=False)`, without building `PyValue`s or intermediate strings.
 * Its plain twin is `dumpsPy(parsePyJson(text), HASH_DUMPS_OPTIONS)` (json.ts) encoded as UTF-8: the same bytes
 * for every text it accepts, the same refusals (PyJsonError, same reason and offset) for every text it refuses;
 * a property test holds the two together.
 *
 * One pass over the text writes each token's canonical bytes into a reused buffer (a string without escapes is
 * copied as UTF-8, an int's lexeme as it is, a float through `pyFloatRepr`); when an object closes, its members
 * are put in code-point order of their keys (a repeated key keeping its last value) by one copy through a
 * scratch buffer, unless they already are. A lone surrogate, which Python refuses to encode, is only counted
 * (`loneSurrogates`): the caller must not use the bytes then.
 */
import { compareCodePoints, MAX_PY_JSON_DEPTH, PyJsonError, pyFloatRepr } from './json';

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const MINUS = 0x2d;

/** Where a member's value lies in the source text (for the few members a caller reads as values). */
export interface SourceSpan {
  start: number;
  end: number;
}

export interface CanonicalOptions {
  /** A root member whose value is written as `""` (the seal's own field, blanked as the harness blanks it). */
  blank?: string;
  /** [root key, member key]: keep a copy of that member's canonical bytes when it is an object. */
  capture?: readonly [string, string];
}

export interface CanonicalBytes {
  /** The canonical UTF-8 bytes: a view of a reused buffer, valid until the next call. */
  bytes: Uint8Array;
  /** Lone surrogates met (in keys or values): Python could not encode the text, the bytes mean nothing then. */
  loneSurrogates: number;
  /** For an object root: each member's value span in the text (the last of a repeated key). */
  members?: Map<string, SourceSpan>;
  /** For an object root: the members of each of its object members, by root key. */
  nested?: Map<string, Map<string, SourceSpan>>;
  /** The captured member's canonical bytes (a copy), when `capture` named an object member. */
  captured?: Uint8Array;
}

/** How many object shapes (key sequences) one text's reading remembers the sorted order of. */
const ORDER_CACHE = 256;

let out: Uint8Array = new Uint8Array(1 << 16);
let scratch: Uint8Array = new Uint8Array(1 << 16);

function grow(buffer: Uint8Array, size: number): Uint8Array {
  let length = buffer.length;
  while (length < size) length *= 2;
  const bigger = new Uint8Array(length);
  bigger.set(buffer);
  return bigger;
}

/** Reads JSON text as `parsePyJson` does (same grammar, errors and depth bound) into canonical bytes. */
export function canonicalPyJsonBytes(text: string, options: CanonicalOptions = {}): CanonicalBytes {
  const n = text.length;
  let i = 0;
  let o = 0;
  let lone = 0;
  let members: Map<string, SourceSpan> | undefined;
  const nested = new Map<string, Map<string, SourceSpan>>();
  let memberObject: Map<string, SourceSpan> | undefined;
  let rootKey = '';
  let captured: Uint8Array | undefined;
  // Every open object's members, on one stack: key, and where `"key": value` starts and ends in `out`.
  const keys: string[] = [];
  const highs: boolean[] = [];
  const orders = new Map<string, { keys: string[]; order: number[] }>();
  const starts: number[] = [];
  const ends: number[] = [];
  let stack = 0;

  const fail = (reason: string, at = i): never => {
    throw new PyJsonError(reason, at);
  };
  const ensure = (extra: number): void => {
    if (o + extra > out.length) out = grow(out, o + extra);
  };
  const skipSpace = (): void => {
    for (; i < n; i++) {
      const c = text.charCodeAt(i);
      if (c !== 0x20 && c !== 0x0a && c !== 0x0d && c !== 0x09) return;
    }
  };
  const writeAscii = (s: string): void => {
    ensure(s.length);
    for (let k = 0; k < s.length; k++) out[o++] = s.charCodeAt(k);
  };
  // One UTF-16 unit (with the next one when they form a pair) as Python's encoder writes it inside a string.
  // Returns how many units it used.
  const writeUnit = (s: string, k: number, to: number): number => {
    const c = s.charCodeAt(k);
    if (c < 0x80) {
      if (c >= 0x20 && c !== QUOTE && c !== BACKSLASH) out[o++] = c;
      else if (c === QUOTE || c === BACKSLASH) {
        out[o++] = BACKSLASH;
        out[o++] = c;
      } else {
        const short = c === 0x0a ? 0x6e : c === 0x0d ? 0x72 : c === 0x09 ? 0x74 : c === 0x08 ? 0x62 : c === 0x0c ? 0x66 : 0;
        out[o++] = BACKSLASH;
        if (short) out[o++] = short;
        else {
          out[o++] = 0x75;
          const hex = c.toString(16).padStart(4, '0');
          for (let h = 0; h < 4; h++) out[o++] = hex.charCodeAt(h);
        }
      }
      return 1;
    }
    if (c < 0x800) {
      out[o++] = 0xc0 | (c >> 6);
      out[o++] = 0x80 | (c & 0x3f);
      return 1;
    }
    if (c >= 0xd800 && c <= 0xdfff) {
      const d = k + 1 < to ? s.charCodeAt(k + 1) : 0;
      if (c <= 0xdbff && d >= 0xdc00 && d <= 0xdfff) {
        const cp = 0x10000 + ((c - 0xd800) << 10) + (d - 0xdc00);
        out[o++] = 0xf0 | (cp >> 18);
        out[o++] = 0x80 | ((cp >> 12) & 0x3f);
        out[o++] = 0x80 | ((cp >> 6) & 0x3f);
        out[o++] = 0x80 | (cp & 0x3f);
        return 2;
      }
      lone++;
    }
    out[o++] = 0xe0 | (c >> 12);
    out[o++] = 0x80 | ((c >> 6) & 0x3f);
    out[o++] = 0x80 | (c & 0x3f);
    return 1;
  };
  // Writes the string at i in canonical form, in one pass while it is read when it has no escape (the common
  // case); `high` tells whether it holds a unit from U+D800 on (code-unit order may then differ from code points).
  // Returns its decoded value when `decode` (keys), else ''.
  let high = false;
  const readString = (decode: boolean): string => {
    const start = i++;
    const outStart = o;
    let escaped = false;
    high = false;
    ensure(1);
    out[o++] = QUOTE;
    // The plain ASCII run first, with the positions in locals and the buffer grown once for it.
    {
      let p = i;
      let q = o;
      let buf = out;
      for (; p < n; p++) {
        const c = text.charCodeAt(p);
        if (c === QUOTE || c === BACKSLASH || c < 0x20 || c >= 0x80) break;
        if (q >= buf.length) {
          o = q;
          buf = out = grow(out, q + 1);
        }
        buf[q++] = c;
      }
      i = p;
      o = q;
    }
    for (;;) {
      if (i >= n) fail('unexpected end of text', start);
      const c = text.charCodeAt(i);
      if (c === QUOTE) break;
      if (c < 0x20) fail('invalid token');
      if (c === BACKSLASH) {
        escaped = true;
        i += 2;
        continue;
      }
      if (escaped) {
        i++;
        continue;
      }
      if (o + 4 > out.length) out = grow(out, o + 4);
      if (c < 0x80) {
        out[o++] = c;
        i++;
      } else {
        if (c >= 0xd800) high = true;
        i += writeUnit(text, i, n);
      }
    }
    i++;
    if (!escaped) {
      out[o++] = QUOTE;
      return decode ? text.slice(start + 1, i - 1) : '';
    }
    let value: string;
    try {
      value = JSON.parse(text.slice(start, i)) as string;
    } catch {
      return fail('invalid token', start);
    }
    o = outStart;
    // At most 6 bytes per unit (a control character's \u escape), plus the quotes.
    ensure(6 * value.length + 2);
    out[o++] = QUOTE;
    for (let k = 0; k < value.length;) {
      if (value.charCodeAt(k) >= 0xd800) high = true;
      k += writeUnit(value, k, value.length);
    }
    out[o++] = QUOTE;
    return decode ? value : '';
  };
  const digits = (): number => {
    const from = i;
    while (i < n) {
      const c = text.charCodeAt(i);
      if (c < 0x30 || c > 0x39) break;
      i++;
    }
    return i - from;
  };
  const readNumber = (): void => {
    const start = i;
    if (text.charCodeAt(i) === MINUS) i++;
    const first = text.charCodeAt(i);
    const intDigits = digits();
    if (intDigits === 0 || (first === 0x30 && intDigits > 1)) fail('invalid token', start);
    let isFloat = false;
    if (text.charCodeAt(i) === 0x2e) {
      i++;
      isFloat = true;
      if (digits() === 0) fail('invalid token', start);
    }
    const e = text.charCodeAt(i);
    if (e === 0x65 || e === 0x45) {
      i++;
      isFloat = true;
      const sign = text.charCodeAt(i);
      if (sign === 0x2b || sign === MINUS) i++;
      if (digits() === 0) fail('invalid token', start);
    }
    if (isFloat) writeAscii(pyFloatRepr(Number(text.slice(start, i))));
    else if (i - start === 2 && text.charCodeAt(start) === MINUS && first === 0x30) writeAscii('0');
    else {
      ensure(i - start);
      for (let k = start; k < i; k++) out[o++] = text.charCodeAt(k);
    }
  };
  const literal = (word: string): void => {
    if (!text.startsWith(word, i)) fail('not strict JSON');
    i += word.length;
    writeAscii(word);
  };
  // Whether a's key comes before b's: code-unit order, or code-point order when either key has a high unit.
  // Keys mostly differ at their first unit, which decides then (below U+D800 both orders agree).
  const before = (a: number, b: number): boolean => {
    const x = keys[a];
    const y = keys[b];
    const cx = x.charCodeAt(0);
    const cy = y.charCodeAt(0);
    if (cx !== cy && cx < 0xd800 && cy < 0xd800) return cx < cy;
    return highs[a] || highs[b] ? compareCodePoints(x, y) < 0 : x < y;
  };
  // Puts the members of the object whose body starts at `bodyStart` (members from stack index `base`) in key order.
  const sortMembers = (base: number, bodyStart: number): void => {
    const count = stack - base;
    let ordered = true;
    for (let k = base + 1; k < stack && ordered; k++) ordered = before(k - 1, k);
    if (ordered) return;
    // Objects in a list mostly share their keys (every result of a card): an order found once is reused for the
    // same keys in the same order (checked key by key: the signature is only where to look).
    const signature = keys.slice(base, stack).join('\u0000');
    const known = orders.get(signature);
    let same = known !== undefined && known.keys.length === count;
    for (let k = 0; k < count && same; k++) same = known?.keys[k] === keys[base + k];
    if (known && same) {
      permute(
        known.order.map((k) => base + k),
        bodyStart,
      );
      return;
    }
    const order: number[] = [];
    for (let k = base; k < stack; k++) order.push(k);
    // Stable, so that of equal keys the last is the one kept: insertion sort for the usual handful of members.
    if (count <= 32)
      for (let k = 1; k < count; k++) {
        const m = order[k];
        let j = k - 1;
        for (; j >= 0 && before(m, order[j]); j--) order[j + 1] = order[j];
        order[j + 1] = m;
      }
    else order.sort((a, b) => (before(a, b) ? -1 : before(b, a) ? 1 : 0));
    // Bounded: at most ORDER_CACHE shapes per text are remembered.
    if (orders.size < ORDER_CACHE) orders.set(signature, { keys: keys.slice(base, stack), order: order.map((k) => k - base) });
    permute(order, bodyStart);
  };
  // Rewrites the object's body with its members in `order` (stack indices), a repeated key keeping its last value.
  const permute = (order: readonly number[], bodyStart: number): void => {
    const count = order.length;
    const length = o - bodyStart;
    if (scratch.length < length) scratch = grow(scratch, length);
    scratch.set(out.subarray(bodyStart, o));
    o = bodyStart;
    let first = true;
    for (let k = 0; k < count; k++) {
      const m = order[k];
      if (k + 1 < count && keys[order[k + 1]] === keys[m]) continue;
      if (!first) {
        out[o++] = 0x2c;
        out[o++] = 0x20;
      }
      first = false;
      // A short member byte by byte, a long one (a whole sub-object) by one native copy.
      const from = starts[m] - bodyStart;
      const end = ends[m] - bodyStart;
      if (end - from < 64) for (let p = from; p < end; p++) out[o++] = scratch[p];
      else {
        out.set(scratch.subarray(from, end), o);
        o += end - from;
      }
    }
  };
  let depth = 0;
  const readValueAt = (): void => {
    skipSpace();
    const c = text.charCodeAt(i);
    if (c === QUOTE) {
      readString(false);
      return;
    }
    if (c === 0x7b) {
      i++;
      const level = depth;
      const spans = level <= 2 ? new Map<string, SourceSpan>() : undefined;
      if (level === 1) members = spans;
      else if (level === 2) memberObject = spans;
      ensure(2);
      out[o++] = 0x7b;
      skipSpace();
      if (text.charCodeAt(i) === 0x7d) {
        i++;
        out[o++] = 0x7d;
        return;
      }
      const base = stack;
      const bodyStart = o;
      for (;;) {
        skipSpace();
        if (text.charCodeAt(i) !== QUOTE) fail(i >= n ? 'unexpected end of text' : text.charCodeAt(i) === 0x7d ? 'trailing comma' : 'not strict JSON');
        if (stack > base) {
          ensure(2);
          out[o++] = 0x2c;
          out[o++] = 0x20;
        }
        const memberStart = o;
        const key = readString(true);
        const keyHigh = high;
        skipSpace();
        if (text.charCodeAt(i) !== 0x3a) fail('missing comma or colon');
        i++;
        ensure(2);
        out[o++] = 0x3a;
        out[o++] = 0x20;
        if (level === 1) {
          memberObject = undefined;
          rootKey = key;
          if (options.capture && key === options.capture[0]) captured = undefined;
        }
        skipSpace();
        const valueStart = i;
        const valueOut = o;
        readValue();
        if (spans) spans.set(key, { start: valueStart, end: i });
        if (level === 1) {
          if (memberObject) nested.set(key, memberObject);
          else nested.delete(key);
          if (key === options.blank) {
            o = valueOut;
            ensure(2);
            out[o++] = QUOTE;
            out[o++] = QUOTE;
          }
        } else if (level === 2 && options.capture && rootKey === options.capture[0] && key === options.capture[1]) {
          // A repeated key: the last value is the one captured (undefined when it is not an object).
          captured = out[valueOut] === 0x7b ? out.slice(valueOut, o) : undefined;
        }
        keys[stack] = key;
        highs[stack] = keyHigh;
        starts[stack] = memberStart;
        ends[stack] = o;
        stack++;
        skipSpace();
        const next = text.charCodeAt(i++);
        if (next === 0x7d) {
          sortMembers(base, bodyStart);
          stack = base;
          ensure(1);
          out[o++] = 0x7d;
          return;
        }
        if (next !== 0x2c) fail(i > n ? 'unexpected end of text' : 'missing comma or colon', i - 1);
      }
    }
    if (c === 0x5b) {
      i++;
      ensure(2);
      out[o++] = 0x5b;
      skipSpace();
      if (text.charCodeAt(i) === 0x5d) {
        i++;
        out[o++] = 0x5d;
        return;
      }
      for (let first = true; ; first = false) {
        skipSpace();
        if (text.charCodeAt(i) === 0x5d) fail('trailing comma');
        if (!first) {
          ensure(2);
          out[o++] = 0x2c;
          out[o++] = 0x20;
        }
        readValue();
        skipSpace();
        const next = text.charCodeAt(i++);
        if (next === 0x5d) {
          ensure(1);
          out[o++] = 0x5d;
          return;
        }
        if (next !== 0x2c) fail(i > n ? 'unexpected end of text' : 'missing comma or colon', i - 1);
      }
    }
    if (c === MINUS || (c >= 0x30 && c <= 0x39)) return readNumber();
    if (c === 0x74) return literal('true');
    if (c === 0x66) return literal('false');
    if (c === 0x6e) return literal('null');
    fail(i >= n ? 'unexpected end of text' : 'not strict JSON');
  };
  // Nesting bounded as parsePyJson bounds it (a failure ends the whole reading, so no `finally` is needed).
  const readValue = (): void => {
    if (++depth > MAX_PY_JSON_DEPTH) fail(`nested deeper than ${MAX_PY_JSON_DEPTH} levels`);
    readValueAt();
    depth--;
  };
  readValue();
  skipSpace();
  if (i < n) fail('not strict JSON');
  const result: CanonicalBytes = { bytes: out.subarray(0, o), loneSurrogates: lone };
  if (members) Object.assign(result, { members, nested });
  if (captured) result.captured = captured;
  return result;
}
