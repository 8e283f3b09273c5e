import { createScanner, ScanError, SyntaxKind } from 'jsonc-parser';

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
// Reading: what JSON.parse forgets, read from jsonc-parser's token scanner (as vscode-json-languageservice does).

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

/** A number lexeme as Python's json reads it: a `.`, `e` or `E` makes a float, anything else an int of any size. */
function pyNumberFromLexeme(lexeme: string): PyInt | PyFloat {
  return /[.eE]/.test(lexeme) ? { kind: 'float', value: Number(lexeme) } : { kind: 'int', digits: BigInt(lexeme).toString() };
}

/**
 * Reads JSON text as Python's `json.loads` would: ints and floats told apart by their lexeme, integers of any
 * size, and dicts that keep insertion order (a repeated key keeps its first position and takes the last value,
 * as a Python dict does). Meant for text JSON.parse accepted; comments, trailing commas, bad tokens and unclosed
 * containers still throw PyJsonError. A byte order mark must be stripped by the caller.
 */
export function parsePyJson(text: string): PyValue {
  const scanner = createScanner(text, false);
  const containers: (PyValue[] | PyObject)[] = [];
  let key = '';
  let expectKey = false;
  let previous = SyntaxKind.Unknown;
  let root: PyValue | undefined;
  const fail = (reason: string): never => {
    throw new PyJsonError(reason, scanner.getTokenOffset());
  };
  const attach = (value: PyValue): void => {
    // A value may only start the text or follow `[`, `,` or `:`.
    if (previous !== SyntaxKind.Unknown && previous !== SyntaxKind.OpenBracketToken && previous !== SyntaxKind.CommaToken && previous !== SyntaxKind.ColonToken)
      fail('missing comma or colon');
    const parent = containers[containers.length - 1];
    if (parent === undefined) root = value;
    else if (Array.isArray(parent)) parent.push(value);
    else parent.set(key, value);
  };
  const open = (container: PyValue[] | PyObject): void => {
    attach(container);
    containers.push(container);
  };
  for (;;) {
    const token = scanner.scan();
    if (scanner.getTokenError() !== ScanError.None) fail('invalid token');
    switch (token) {
      case SyntaxKind.Trivia:
      case SyntaxKind.LineBreakTrivia:
        continue;
      case SyntaxKind.OpenBraceToken:
        open(new Map());
        expectKey = true;
        break;
      case SyntaxKind.OpenBracketToken:
        open([]);
        break;
      case SyntaxKind.CloseBraceToken:
      case SyntaxKind.CloseBracketToken:
        if (previous === SyntaxKind.CommaToken) fail('trailing comma');
        if (containers.pop() === undefined) fail('unbalanced bracket');
        expectKey = false;
        break;
      case SyntaxKind.CommaToken:
        expectKey = !Array.isArray(containers[containers.length - 1]);
        break;
      case SyntaxKind.ColonToken:
        break;
      case SyntaxKind.StringLiteral:
        if (expectKey) {
          key = scanner.getTokenValue();
          expectKey = false;
        } else attach(scanner.getTokenValue());
        break;
      case SyntaxKind.NumericLiteral:
        attach(pyNumberFromLexeme(scanner.getTokenValue()));
        break;
      case SyntaxKind.TrueKeyword:
        attach(true);
        break;
      case SyntaxKind.FalseKeyword:
        attach(false);
        break;
      case SyntaxKind.NullKeyword:
        attach(null);
        break;
      case SyntaxKind.EOF:
        if (root === undefined || containers.length > 0) fail('unexpected end of text');
        return root as PyValue;
      default:
        fail('not strict JSON');
    }
    previous = token;
  }
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

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const MINUS = 0x2d;

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
