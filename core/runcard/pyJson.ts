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
// Parsing: the strict grammar of Python's json.loads.

/** Invalid JSON. `offset` counts UTF-16 code units; line and column are 1-based, as in Python's message. */
export class PyJsonError extends Error {
  constructor(
    readonly reason: string,
    readonly offset: number,
    readonly line: number,
    readonly column: number,
  ) {
    super(`${reason}: line ${line} column ${column} (char ${offset})`);
    this.name = 'PyJsonError';
  }
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const COLON = 0x3a;
const MINUS = 0x2d;
const PLUS = 0x2b;
const DOT = 0x2e;
const ZERO = 0x30;
const NINE = 0x39;

function isDigit(c: number): boolean {
  return c >= ZERO && c <= NINE;
}

function hexValue(c: number): number {
  if (c >= 0x30 && c <= 0x39) return c - 0x30;
  if (c >= 0x61 && c <= 0x66) return c - 0x57;
  if (c >= 0x41 && c <= 0x46) return c - 0x37;
  return -1;
}

class Scanner {
  pos = 0;
  constructor(private readonly text: string) {}

  fail(reason: string, at: number): never {
    const before = this.text.slice(0, at);
    let line = 1;
    for (let i = before.indexOf('\n'); i >= 0; i = before.indexOf('\n', i + 1)) line++;
    throw new PyJsonError(reason, at, line, at - before.lastIndexOf('\n'));
  }

  /** Python's json skips exactly space, tab, LF and CR. */
  skipWhitespace(): void {
    const t = this.text;
    let p = this.pos;
    for (;;) {
      const c = t.charCodeAt(p);
      if (c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09) p++;
      else break;
    }
    this.pos = p;
  }

  /** A value starting at `pos` (whitespace already skipped). */
  value(): PyValue {
    const t = this.text;
    const start = this.pos;
    const c = t.charCodeAt(start);
    switch (c) {
      case QUOTE:
        return this.string();
      case 0x7b: // {
        return this.object();
      case 0x5b: // [
        return this.array();
      case 0x6e: // n
        return this.literal('null', null);
      case 0x74: // t
        return this.literal('true', true);
      case 0x66: // f
        return this.literal('false', false);
      case 0x4e: // N
        return this.literal('NaN', { kind: 'float', value: NaN });
      case 0x49: // I
        return this.literal('Infinity', { kind: 'float', value: Infinity });
      default:
        if (c === MINUS && t.startsWith('-Infinity', start)) {
          this.pos = start + 9;
          return { kind: 'float', value: -Infinity };
        }
        if (c === MINUS || isDigit(c)) return this.number();
        return this.fail('Expecting value', start);
    }
  }

  private literal(word: string, result: PyValue): PyValue {
    if (!this.text.startsWith(word, this.pos)) this.fail('Expecting value', this.pos);
    this.pos += word.length;
    return result;
  }

  /** Python's number pattern: -?(0|[1-9]\d*)(\.\d+)?([eE][-+]?\d+)? — a fraction or exponent makes a float. */
  private number(): PyValue {
    const t = this.text;
    const start = this.pos;
    let p = start;
    if (t.charCodeAt(p) === MINUS) p++;
    const first = t.charCodeAt(p);
    if (first === ZERO) p++;
    else if (isDigit(first)) while (isDigit(t.charCodeAt(p))) p++;
    else return this.fail('Expecting value', start);
    const intEnd = p;
    let isFloat = false;
    if (t.charCodeAt(p) === DOT && isDigit(t.charCodeAt(p + 1))) {
      p += 2;
      while (isDigit(t.charCodeAt(p))) p++;
      isFloat = true;
    }
    const e = t.charCodeAt(p);
    if (e === 0x65 || e === 0x45) {
      let q = p + 1;
      const sign = t.charCodeAt(q);
      if (sign === PLUS || sign === MINUS) q++;
      if (isDigit(t.charCodeAt(q))) {
        while (isDigit(t.charCodeAt(q))) q++;
        p = q;
        isFloat = true;
      }
    }
    this.pos = p;
    if (isFloat) return { kind: 'float', value: Number(t.slice(start, p)) };
    return { kind: 'int', digits: normaliseIntDigits(t.slice(start, intEnd)) };
  }

  private string(): string {
    const t = this.text;
    const open = this.pos;
    let p = open + 1;
    // Fast path: no escapes, so the string is a plain slice.
    for (;;) {
      const c = t.charCodeAt(p);
      if (c === QUOTE) {
        this.pos = p + 1;
        return t.slice(open + 1, p);
      }
      if (c === BACKSLASH) break;
      // charCodeAt past the end is NaN, which no comparison catches: test for the end explicitly.
      if (c < 0x20 || p >= t.length) {
        if (p >= t.length) this.fail('Unterminated string starting at', open);
        this.fail('Invalid control character at', p);
      }
      p++;
    }
    const parts: string[] = [t.slice(open + 1, p)];
    let chunk = p;
    for (;;) {
      const c = t.charCodeAt(p);
      if (c === QUOTE) break;
      if (p >= t.length) this.fail('Unterminated string starting at', open);
      if (c < 0x20) this.fail('Invalid control character at', p);
      if (c !== BACKSLASH) {
        p++;
        continue;
      }
      if (p > chunk) parts.push(t.slice(chunk, p));
      const esc = t.charCodeAt(p + 1);
      switch (esc) {
        case QUOTE: parts.push('"'); break;
        case BACKSLASH: parts.push('\\'); break;
        case 0x2f: parts.push('/'); break;
        case 0x62: parts.push('\b'); break;
        case 0x66: parts.push('\f'); break;
        case 0x6e: parts.push('\n'); break;
        case 0x72: parts.push('\r'); break;
        case 0x74: parts.push('\t'); break;
        case 0x75: { // u: four hex digits; a surrogate pair written as two escapes joins naturally in UTF-16
          let unit = 0;
          for (let k = 2; k < 6; k++) {
            const h = hexValue(t.charCodeAt(p + k));
            if (h < 0) this.fail('Invalid \\uXXXX escape', p + 1);
            unit = unit * 16 + h;
          }
          parts.push(String.fromCharCode(unit));
          p += 4;
          break;
        }
        default:
          if (p + 1 >= t.length) this.fail('Unterminated string starting at', open);
          this.fail('Invalid \\escape', p);
      }
      p += 2;
      chunk = p;
    }
    if (p > chunk) parts.push(t.slice(chunk, p));
    this.pos = p + 1;
    return parts.join('');
  }

  private object(): PyObject {
    const t = this.text;
    const result: PyObject = new Map();
    this.pos++;
    this.skipWhitespace();
    if (t.charCodeAt(this.pos) === 0x7d) {
      this.pos++;
      return result;
    }
    for (;;) {
      if (t.charCodeAt(this.pos) !== QUOTE) this.fail('Expecting property name enclosed in double quotes', this.pos);
      const key = this.string();
      this.skipWhitespace();
      if (t.charCodeAt(this.pos) !== COLON) this.fail("Expecting ':' delimiter", this.pos);
      this.pos++;
      this.skipWhitespace();
      // Map.set on an existing key replaces the value and keeps the first position, as a Python dict does.
      result.set(key, this.value());
      this.skipWhitespace();
      const c = t.charCodeAt(this.pos);
      if (c === 0x7d) {
        this.pos++;
        return result;
      }
      if (c !== COMMA) this.fail("Expecting ',' delimiter", this.pos);
      this.pos++;
      this.skipWhitespace();
    }
  }

  private array(): PyValue[] {
    const t = this.text;
    const result: PyValue[] = [];
    this.pos++;
    this.skipWhitespace();
    if (t.charCodeAt(this.pos) === 0x5d) {
      this.pos++;
      return result;
    }
    for (;;) {
      result.push(this.value());
      this.skipWhitespace();
      const c = t.charCodeAt(this.pos);
      if (c === 0x5d) {
        this.pos++;
        return result;
      }
      if (c !== COMMA) this.fail("Expecting ',' delimiter", this.pos);
      this.pos++;
      this.skipWhitespace();
    }
  }
}

/** Python's int() of a JSON integer lexeme: no leading zeros to strip, but "-0" is plain 0. */
function normaliseIntDigits(lexeme: string): string {
  return lexeme === '-0' ? '0' : lexeme;
}

/**
 * Parse JSON text the way Python's `json.loads` does (strict: no comments, no trailing commas, no raw control
 * characters in strings; NaN, Infinity and -Infinity accepted). A leading byte order mark is refused, as
 * Python does; strip it first if the file was read without `utf-8-sig` semantics in mind.
 * Throws PyJsonError with the offset of the problem.
 */
export function parsePyJson(text: string): PyValue {
  const scanner = new Scanner(text);
  if (text.charCodeAt(0) === 0xfeff) scanner.fail('Unexpected UTF-8 BOM (decode using utf-8-sig)', 0);
  scanner.skipWhitespace();
  const value = scanner.value();
  scanner.skipWhitespace();
  if (scanner.pos !== text.length) scanner.fail('Extra data', scanner.pos);
  return value;
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

function encodeString(s: string, ensureAscii: boolean): string {
  if (!(ensureAscii ? NEEDS_ESCAPE_ASCII : NEEDS_ESCAPE).test(s)) return `"${s}"`;
  let out = '"';
  let chunk = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    let rep: string;
    if (c === QUOTE) rep = '\\"';
    else if (c === BACKSLASH) rep = '\\\\';
    else if (c >= 0x20 && (c < 0x7f || !ensureAscii)) continue; // DEL and beyond stay raw unless ensureAscii
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
  if (typeof value === 'string') return encodeString(value, options.ensureAscii);
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
      out += (i > 0 ? separator : '') + encodeString(keys[i], options.ensureAscii) + ': ' + write(value.get(keys[i]) as PyValue, options, inner);
    }
    return out + newline + '}';
  }
  return value.kind === 'int' ? value.digits : pyFloatRepr(value.value);
}

/** Python's `json.dumps(value, sort_keys=…, ensure_ascii=…, indent=…)` with default separators. */
export function dumpsPy(value: PyValue, options: DumpsOptions): string {
  return write(value, options, options.indent === undefined ? '' : '\n');
}
