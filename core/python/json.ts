/**
 * JSON as Python's `json` module sees it. The Rosetta harness hashes run cards with
 * `json.dumps(obj, sort_keys=True, ensure_ascii=False)`, so reproducing its hashes needs what `JSON.parse`
 * throws away: whether a number was written as an int or a float (`0.0` stays a float and prints as `0.0`),
 * integers beyond 2^53, and Python's own float formatting and key order.
 */

/** A Python `int`, kept as its decimal digits so that any size survives ("-0" is normalised to "0"). */
export interface PyInt {
  readonly kind: 'int';
  readonly digits: string;
}

/** A Python `float` (including NaN and ±Infinity, which Python's json accepts and writes). */
export interface PyFloat {
  readonly kind: 'float';
  readonly value: number;
}

/** A Python dict: a Map keeps insertion order exactly, including integer-like keys that JS objects reorder. */
export type PyObject = Map<string, PyValue>;

export type PyValue = null | boolean | string | PyInt | PyFloat | PyValue[] | PyObject;

export function pyInt(digits: string | number | bigint): PyInt {
  return { kind: 'int', digits: BigInt(digits).toString() };
}

export function pyFloat(value: number): PyFloat {
  return { kind: 'float', value };
}

export function isPyObject(v: PyValue | undefined): v is PyObject {
  return v instanceof Map;
}

export function isPyInt(v: PyValue | undefined): v is PyInt {
  return typeof v === 'object' && v !== null && !Array.isArray(v) && !(v instanceof Map) && v.kind === 'int';
}

export function isPyFloat(v: PyValue | undefined): v is PyFloat {
  return typeof v === 'object' && v !== null && !Array.isArray(v) && !(v instanceof Map) && v.kind === 'float';
}

/** The numeric value of an int or float (ints beyond 2^53 lose precision), or undefined for anything else. */
export function pyNumber(v: PyValue | undefined): number | undefined {
  if (isPyInt(v)) return Number(v.digits);
  if (isPyFloat(v)) return v.value;
  return undefined;
}

// ---------------------------------------------------------------------------------------------------------
// Reading: what JSON.parse forgets (the int/float distinction, big ints, key order), read from the text itself.

/** The text is not strict JSON (the callers only pass text that JSON.parse already accepted). */
export class PyJsonError extends Error {
  constructor(
    readonly reason: string,
    readonly offset: number,
  ) {
    super(`${reason} at offset ${offset}`);
    this.name = 'PyJsonError';
  }
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const MINUS = 0x2d;

/**
 * Reads JSON text as Python's `json.loads` would: ints and floats told apart by their lexeme, integers of any
 * size, and dicts that keep insertion order (a repeated key keeps its first position and takes the last value,
 * as a Python dict does). Strict JSON only (Python's four whitespace characters, no comments, no trailing
 * commas): anything else throws PyJsonError. A byte order mark must be stripped by the caller. One pass over
 * the text with `charCodeAt`; a string without escapes is a slice of the text, one with escapes is decoded by
 * JSON.parse (the same rules as Python's for strict JSON, lone surrogates kept).
 */
/** The deepest nesting `parsePyJson` reads (arrays and objects inside each other). */
export const MAX_PY_JSON_DEPTH = 1000;

export function parsePyJson(text: string): PyValue {
  const n = text.length;
  let i = 0;
  const fail = (reason: string, at = i): never => {
    throw new PyJsonError(reason, at);
  };
  const skipSpace = (): void => {
    for (; i < n; i++) {
      const c = text.charCodeAt(i);
      if (c !== 0x20 && c !== 0x0a && c !== 0x0d && c !== 0x09) return;
    }
  };
  const readString = (): string => {
    const start = i++;
    let escaped = false;
    for (;;) {
      if (i >= n) fail('unexpected end of text', start);
      const c = text.charCodeAt(i);
      if (c === QUOTE) break;
      if (c < 0x20) fail('invalid token');
      if (c === BACKSLASH) {
        escaped = true;
        i += 2;
      } else i++;
    }
    i++;
    if (!escaped) return text.slice(start + 1, i - 1);
    try {
      return JSON.parse(text.slice(start, i)) as string;
    } catch {
      return fail('invalid token', start);
    }
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
  // A `.`, `e` or `E` makes a float, anything else an int of any size.
  const readNumber = (): PyInt | PyFloat => {
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
    const lexeme = text.slice(start, i);
    // The grammar leaves an int lexeme without leading zeros: its digits are Python's, but for "-0" (the int 0).
    if (!isFloat) return { kind: 'int', digits: lexeme === '-0' ? '0' : lexeme };
    return { kind: 'float', value: Number(lexeme) };
  };
  const literal = (word: string, value: PyValue): PyValue => {
    if (!text.startsWith(word, i)) fail('not strict JSON');
    i += word.length;
    return value;
  };
  let depth = 0;
  const readValueAt = (): PyValue => {
    skipSpace();
    const c = text.charCodeAt(i);
    if (c === QUOTE) return readString();
    if (c === 0x7b) {
      i++;
      const map: PyObject = new Map();
      skipSpace();
      if (text.charCodeAt(i) === 0x7d) {
        i++;
        return map;
      }
      for (;;) {
        skipSpace();
        if (text.charCodeAt(i) !== QUOTE) fail(i >= n ? 'unexpected end of text' : text.charCodeAt(i) === 0x7d ? 'trailing comma' : 'not strict JSON');
        const key = readString();
        skipSpace();
        if (text.charCodeAt(i) !== 0x3a) fail('missing comma or colon');
        i++;
        map.set(key, readValue());
        skipSpace();
        const next = text.charCodeAt(i++);
        if (next === 0x7d) return map;
        if (next !== 0x2c) fail(i > n ? 'unexpected end of text' : 'missing comma or colon', i - 1);
      }
    }
    if (c === 0x5b) {
      i++;
      const list: PyValue[] = [];
      skipSpace();
      if (text.charCodeAt(i) === 0x5d) {
        i++;
        return list;
      }
      for (;;) {
        skipSpace();
        if (text.charCodeAt(i) === 0x5d) fail('trailing comma');
        list.push(readValue());
        skipSpace();
        const next = text.charCodeAt(i++);
        if (next === 0x5d) return list;
        if (next !== 0x2c) fail(i > n ? 'unexpected end of text' : 'missing comma or colon', i - 1);
      }
    }
    if (c === MINUS || (c >= 0x30 && c <= 0x39)) return readNumber();
    if (c === 0x74) return literal('true', true);
    if (c === 0x66) return literal('false', false);
    if (c === 0x6e) return literal('null', null);
    return fail(i >= n ? 'unexpected end of text' : 'not strict JSON');
  };
  // Nesting is bounded (Python's own json stops at its recursion limit, 1000 by default): a file of a million
  // `[` fails with a sentence, not with a stack overflow.
  const readValue = (): PyValue => {
    if (++depth > MAX_PY_JSON_DEPTH) fail(`nested deeper than ${MAX_PY_JSON_DEPTH} levels`);
    try {
      return readValueAt();
    } finally {
      depth--;
    }
  };
  const root = readValue();
  skipSpace();
  if (i < n) fail('not strict JSON');
  return root;
}

/**
 * Convert a value produced by `JSON.parse` (or built in code) for callers that have no source text. The
 * int/float distinction is guessed: integral numbers become ints, so a `0.0` that was in the text becomes
 * `0` — prefer parsePyJson when the text is at hand.
 */
export function toPyValue(value: unknown): PyValue {
  if (value === null || typeof value === 'boolean' || typeof value === 'string') return value;
  if (typeof value === 'number') {
    return Number.isInteger(value) ? { kind: 'int', digits: BigInt(value).toString() } : { kind: 'float', value };
  }
  if (typeof value === 'bigint') return { kind: 'int', digits: value.toString() };
  if (Array.isArray(value)) return value.map(toPyValue);
  if (value instanceof Map) {
    const out: PyObject = new Map();
    for (const [k, v] of value) {
      if (typeof k !== 'string') throw new TypeError(`toPyValue: map key ${String(k)} is not a string`);
      out.set(k, toPyValue(v));
    }
    return out;
  }
  if (typeof value === 'object') {
    const out: PyObject = new Map();
    for (const [k, v] of Object.entries(value)) out.set(k, toPyValue(v));
    return out;
  }
  throw new TypeError(`toPyValue: ${typeof value} has no JSON form`);
}

// ---------------------------------------------------------------------------------------------------------
// Serialising: Python's json.dumps with the default separators (", " and ": ").

export interface DumpsOptions {
  /** Python's sort_keys: order dict keys by code point, recursively. */
  sortKeys: boolean;
  /** Python's ensure_ascii: write every non-ASCII code unit as a lowercase \uXXXX escape. */
  ensureAscii: boolean;
  /**
   * Python's indent (a number of spaces): one item per line, the item separator becomes "," with no trailing
   * space, empty containers stay `[]` and `{}`. Absent: everything on one line with ", " and ": ".
   */
  indent?: number;
}

/** The options the Rosetta harness hashes with. */
export const HASH_DUMPS_OPTIONS: DumpsOptions = { sortKeys: true, ensureAscii: false };

/**
 * Python's `float.__repr__`: the shortest digits that round-trip, in fixed notation when the decimal exponent
 * is in [-4, 16), otherwise scientific with a signed exponent of at least two digits (`1e-05`, `1e+16`).
 */
export function pyFloatRepr(n: number): string {
  if (Number.isNaN(n)) return 'NaN';
  if (n === Infinity) return 'Infinity';
  if (n === -Infinity) return '-Infinity';
  if (n === 0) return Object.is(n, -0) ? '-0.0' : '0.0';
  // Fast path: where Python writes fixed notation (1e-4 <= |n| < 1e16) a non-integral number's JavaScript text
  // has the same shortest round-trip digits, already with its point.
  const abs = Math.abs(n);
  if (abs >= 1e-4 && abs < 1e16) {
    const text = String(n);
    // An integral float below 1e16: JavaScript writes its digits, Python the same digits with `.0`.
    if (Number.isInteger(n)) return text + '.0';
    if (text.includes('.') && !text.includes('e')) return text;
  }
  // toExponential() without a digit count gives the shortest round-tripping digits, as Python's repr does.
  const exp = n.toExponential();
  const negative = exp.charCodeAt(0) === MINUS;
  const ePos = exp.indexOf('e');
  const mantissa = exp.slice(negative ? 1 : 0, ePos);
  const digits = mantissa.length > 1 ? mantissa[0] + mantissa.slice(2) : mantissa;
  const exponent = Number(exp.slice(ePos + 1));
  const sign = negative ? '-' : '';
  if (exponent >= -4 && exponent < 16) {
    if (exponent < 0) return `${sign}0.${'0'.repeat(-exponent - 1)}${digits}`;
    const intLen = exponent + 1;
    if (digits.length <= intLen) return `${sign}${digits}${'0'.repeat(intLen - digits.length)}.0`;
    return `${sign}${digits.slice(0, intLen)}.${digits.slice(intLen)}`;
  }
  const body = digits.length > 1 ? `${digits[0]}.${digits.slice(1)}` : digits;
  const expSign = exponent < 0 ? '-' : '+';
  const expDigits = String(Math.abs(exponent)).padStart(2, '0');
  return `${sign}${body}e${expSign}${expDigits}`;
}

// Characters Python's encoder escapes: C0 controls, quote, backslash (plus everything non-ASCII when asked).
// Matching control characters is the point of these patterns.
// eslint-disable-next-line no-control-regex
const NEEDS_ESCAPE = /[\u0000-\u001f"\\]/;
// eslint-disable-next-line no-control-regex
const NEEDS_ESCAPE_ASCII = /[\u0000-\u001f"\\\u007f-\uffff]/;

function hex4(unit: number): string {
  return '\\u' + unit.toString(16).padStart(4, '0');
}

/** A string as Python's json encoder writes it (quotes included). */
export function encodePyString(s: string, ensureAscii: boolean): string {
  if (!(ensureAscii ? NEEDS_ESCAPE_ASCII : NEEDS_ESCAPE).test(s)) return `"${s}"`;
  let out = '"';
  let chunk = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    let rep: string;
    if (c === QUOTE) rep = '\\"';
    else if (c === BACKSLASH) rep = '\\\\';
    else if (c >= 0x20 && (c < 0x7f || !ensureAscii))
      continue; // DEL and beyond stay raw unless ensureAscii
    else if (c === 0x0a) rep = '\\n';
    else if (c === 0x0d) rep = '\\r';
    else if (c === 0x09) rep = '\\t';
    else if (c === 0x08) rep = '\\b';
    else if (c === 0x0c) rep = '\\f';
    else rep = hex4(c); // other controls; with ensureAscii each UTF-16 unit, so astral chars become pairs
    out += s.slice(chunk, i) + rep;
    chunk = i + 1;
  }
  return out + s.slice(chunk) + '"';
}

function isHighSurrogate(unit: number): boolean {
  return unit >= 0xd800 && unit <= 0xdbff;
}

function isLowSurrogate(unit: number): boolean {
  return unit >= 0xdc00 && unit <= 0xdfff;
}

/**
 * Compare strings by Unicode code point, as Python's `sorted` orders str keys. JavaScript's default
 * comparison uses UTF-16 units, which puts astral characters before U+E000..U+FFFF.
 */
export function compareCodePoints(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x === y) continue;
    // If both strings share a high surrogate just before, the difference is inside one code point.
    const at = i > 0 && isHighSurrogate(a.charCodeAt(i - 1)) && (isLowSurrogate(x) || isLowSurrogate(y)) ? i - 1 : i;
    return (a.codePointAt(at) as number) - (b.codePointAt(at) as number);
  }
  return a.length - b.length;
}

// String concatenation builds ropes in V8, which beat collecting parts in an array here.
function write(value: PyValue, options: DumpsOptions, newline: string): string {
  if (value === null) return 'null';
  if (value === true) return 'true';
  if (value === false) return 'false';
  if (typeof value === 'string') return encodePyString(value, options.ensureAscii);
  // With an indent, Python puts each item on its own line, one level deeper, and closes on the parent's line.
  const inner = newline && newline + ' '.repeat(options.indent ?? 0);
  const separator = newline ? ',' + inner : ', ';
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]';
    let out = '[' + inner;
    for (let i = 0; i < value.length; i++) out += (i > 0 ? separator : '') + write(value[i], options, inner);
    return out + newline + ']';
  }
  if (value instanceof Map) {
    if (value.size === 0) return '{}';
    const keys = [...value.keys()];
    if (options.sortKeys) keys.sort(compareCodePoints);
    let out = '{' + inner;
    for (let i = 0; i < keys.length; i++) {
      out += (i > 0 ? separator : '') + encodePyString(keys[i], options.ensureAscii) + ': ' + write(value.get(keys[i]) as PyValue, options, inner);
    }
    return out + newline + '}';
  }
  return value.kind === 'int' ? value.digits : pyFloatRepr(value.value);
}

/** Python's `json.dumps(value, sort_keys=…, ensure_ascii=…, indent=…)` with default separators. */
export function dumpsPy(value: PyValue, options: DumpsOptions): string {
  return write(value, options, options.indent === undefined ? '' : '\n');
}
