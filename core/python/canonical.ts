/**
 * The fast path of the run-card seals: JSON text straight to the UTF-8 bytes of Python's
 * `json.dumps(obj, sort_keys=True, ensure_ascii=False)`, without building `PyValue`s or strings.
 * Its plain twin is `dumpsPy(parsePyJson(text), HASH_DUMPS_OPTIONS)` (json.ts): the same bytes for every text it
 * accepts, the same refusals (PyJsonError, same reason and offset) for every text it refuses; property tests hold
 * the two together.
 *
 * How: the text is encoded to UTF-8 once, and the pass reads those bytes. Every token is a range of them or of a
 * small side buffer (`aux`): a string whose escapes are already Python's, an int, a float lexeme that already is
 * Python's repr and a literal are their own bytes; the rest is written again into `aux`. Ranges are nodes of one
 * linked list; an object, as it closes, links its members in code-point order of their keys (UTF-8 byte order is
 * code-point order), a repeated key keeping its last value; the order found for one key sequence is reused for
 * the next object of the same depth with the same keys (the results of a card), checked key by key. The bytes are
 * copied out once, at the end. No recursion: an explicit stack bounded at MAX_PY_JSON_DEPTH, as parsePyJson is.
 * A lone surrogate, which Python refuses to encode, only clears `wellFormed`: the caller must not use the bytes
 * then. Any text the pass does not read is handed to `parsePyJson`, whose refusal (reason and offset) is thrown.
 *
 * The pass keeps its buffers between calls (it is synchronous and calls nothing that could call it again).
 */
import { canonicalFast, type CanonicalWanted } from './canonicalWasm';
import { MAX_PY_JSON_DEPTH, parsePyJson, pyFloatRepr } from './json';
import { isWellFormed } from './str';

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const MINUS = 0x2d;
const ZERO = 0x30;
const NINE = 0x39;
const POINT = 0x2e;

/** A root member path: a root key, or a root key and the key of a member of that (object) member. */
export type MemberPath = readonly [string] | readonly [string, string];

export interface CanonicalOptions {
  /** A root member whose value is written as `""` (the seal's own field, blanked as the harness blanks it). */
  blank?: string;
  /** A member whose canonical bytes are kept as well, when it is an object. */
  capture?: readonly [string, string];
  /** Members whose values the caller reads when they are JSON strings (the last of a repeated key). */
  strings?: readonly MemberPath[];
}

export interface CanonicalJson {
  /**
   * UTF-8 of `json.dumps(value, sort_keys=True, ensure_ascii=False)` (meaningless when not `wellFormed`). It and
   * `captured` may be views of buffers the next call reuses: hash or copy them before calling again.
   */
  bytes: Uint8Array;
  /** False when the text holds a lone surrogate (raw or escaped, in a key or a value): Python could not encode it. */
  wellFormed: boolean;
  /** Whether the root is an object (the only root a member path can reach into). */
  object: boolean;
  /** Per path of `options.strings`: the member's value when it is a JSON string, else undefined. */
  strings: (string | undefined)[];
  /** The captured member's canonical bytes, when `capture` named an object member. */
  captured?: Uint8Array;
}

/** Thrown inside the pass at the first token it does not read; `canonicalPyJson` asks parsePyJson why. */
const REFUSED = new Error('not read by the canonical pass');

const encoder = new TextEncoder();
const decoder = new TextDecoder();

// ---- Buffers kept between calls -------------------------------------------------------------------------------

/** The text's UTF-8, followed by zero bytes (a zero stops every scan: no token holds one). */
let src = new Uint8Array(1 << 16);
/** Constants, then the bytes of tokens written again. */
let aux = new Uint8Array(1 << 12);
let auxLength = 0;
let out = new Uint8Array(1 << 16);

/** Buffers grown past this for one large text are let go after it, not kept for the next. */
const KEPT_BYTES = 1 << 22;

function releaseLargeBuffers(): void {
  if (src.length > KEPT_BYTES) src = new Uint8Array(1 << 16);
  if (out.length > KEPT_BYTES) out = new Uint8Array(1 << 16);
  if (aux.length > KEPT_BYTES) {
    const kept = new Uint8Array(1 << 12);
    kept.set(aux.subarray(0, CONSTANTS_LENGTH));
    aux = kept;
  }
  if (nodeStart.length > KEPT_BYTES / 8) for (const list of [nodeStart, nodeEnd, nodeNext, nodeComma]) list.length = 0;
  if (entryHead.length > KEPT_BYTES / 8) for (const list of [entryHead, entryTail, entryKeyStart, entryKeyEnd]) list.length = 0;
}

const CONSTANTS = '{}[], ""' + ': ' + '0';
const OPEN_BRACE = 0;
const OPEN_BRACKET = 2;
const EMPTY_OBJECT = 0; // `{}`
const EMPTY_ARRAY = 2; // `[]`
const CLOSE_BRACE = 1;
const CLOSE_BRACKET = 3;
const EMPTY_STRING = 6; // `""`
const COLON = 8; // `: `
const INT_ZERO = 10; // `0`
const CONSTANTS_LENGTH = CONSTANTS.length;
for (let k = 0; k < CONSTANTS_LENGTH; k++) aux[k] = CONSTANTS.charCodeAt(k);

/**
 * Nodes of the output list: a range of `src` (start >= 0) or of `aux` (start and end stored as -1 - offset), the
 * next node (-1: none yet), and whether `, ` comes before it.
 */
const nodeStart: number[] = [];
const nodeEnd: number[] = [];
const nodeNext: number[] = [];
const nodeComma: number[] = [];
let nodeCount = 0;

function node(start: number, end: number): number {
  const k = nodeCount++;
  nodeStart[k] = start;
  nodeEnd[k] = end;
  nodeNext[k] = -1;
  nodeComma[k] = 0;
  return k;
}

/** A node over `aux[start, end)`. */
const auxNode = (start: number, end: number): number => node(-1 - start, -1 - end);

function ensureAux(extra: number): void {
  if (auxLength + extra <= aux.length) return;
  const grown = new Uint8Array(Math.max(aux.length * 2, auxLength + extra));
  grown.set(aux.subarray(0, auxLength));
  aux = grown;
}

/** ASCII text (a float's repr) appended to `aux`; its start there. */
function auxAscii(text: string): number {
  ensureAux(text.length);
  const start = auxLength;
  for (let k = 0; k < text.length; k++) aux[auxLength++] = text.charCodeAt(k);
  return start;
}

/**
 * Open arrays and objects' entries (an array's items, an object's members), on one stack: the first and last
 * node of each; for a member, its key's bytes (a range of `src`, or of `aux` stored as -1 - offset, when the key
 * was written with escapes) for ordering.
 */
const entryHead: number[] = [];
const entryTail: number[] = [];
const entryKeyStart: number[] = [];
const entryKeyEnd: number[] = [];
let entryCount = 0;

/** Byte comparison of two keys (code-point order); either may lie in `aux` (stored as -1 - offset). */
function compareKeys(aStart: number, aEnd: number, bStart: number, bEnd: number): number {
  let a: Uint8Array = src;
  let b: Uint8Array = src;
  if (aStart < 0) {
    a = aux;
    aStart = -1 - aStart;
    aEnd = -1 - aEnd;
  }
  if (bStart < 0) {
    b = aux;
    bStart = -1 - bStart;
    bEnd = -1 - bEnd;
  }
  const aLength = aEnd - aStart;
  const bLength = bEnd - bStart;
  const n = aLength < bLength ? aLength : bLength;
  for (let k = 0; k < n; k++) {
    const d = a[aStart + k] - b[bStart + k];
    if (d !== 0) return d;
  }
  return aLength - bLength;
}

function sameKey(aStart: number, aEnd: number, bStart: number, bEnd: number): boolean {
  if (aStart >= 0 && bStart >= 0) {
    if (aEnd - aStart !== bEnd - bStart) return false;
    for (let k = aEnd - aStart - 1; k >= 0; k--) if (src[aStart + k] !== src[bStart + k]) return false;
    return true;
  }
  return compareKeys(aStart, aEnd, bStart, bEnd) === 0;
}

/** Whether a key (a range as above) is the given UTF-8 bytes. */
function keyIs(start: number, end: number, name: Uint8Array): boolean {
  let buffer = src;
  if (start < 0) {
    buffer = aux;
    start = -1 - start;
    end = -1 - end;
  }
  if (end - start !== name.length) return false;
  for (let k = 0; k < name.length; k++) if (buffer[start + k] !== name[k]) return false;
  return true;
}

// ---- Tokens ---------------------------------------------------------------------------------------------------

const hexValue = (b: number): number => (b >= ZERO && b <= NINE ? b - ZERO : b >= 0x61 && b <= 0x66 ? b - 0x57 : b >= 0x41 && b <= 0x46 ? b - 0x37 : -1);

/** Four hex digits at `src[at]`, or -1. */
function hex4At(at: number): number {
  const a = hexValue(src[at]);
  const b = hexValue(src[at + 1]);
  const c = hexValue(src[at + 2]);
  const d = hexValue(src[at + 3]);
  return (a | b | c | d) < 0 ? -1 : (a << 12) | (b << 8) | (c << 4) | d;
}

/** Set by `writeString` when an escape denotes a lone surrogate. */
let loneSurrogate = false;

/** A code point's UTF-8 appended to `aux` (room checked by the caller). */
function auxCodePoint(cp: number): void {
  if (cp < 0x80) aux[auxLength++] = cp;
  else if (cp < 0x800) {
    aux[auxLength++] = 0xc0 | (cp >> 6);
    aux[auxLength++] = 0x80 | (cp & 0x3f);
  } else if (cp < 0x10000) {
    aux[auxLength++] = 0xe0 | (cp >> 12);
    aux[auxLength++] = 0x80 | ((cp >> 6) & 0x3f);
    aux[auxLength++] = 0x80 | (cp & 0x3f);
  } else {
    aux[auxLength++] = 0xf0 | (cp >> 18);
    aux[auxLength++] = 0x80 | ((cp >> 12) & 0x3f);
    aux[auxLength++] = 0x80 | ((cp >> 6) & 0x3f);
    aux[auxLength++] = 0x80 | (cp & 0x3f);
  }
}

const SHORT_ESCAPES: Record<number, number> = { 0x22: 0x22, 0x5c: 0x5c, 0x0a: 0x6e, 0x0d: 0x72, 0x09: 0x74, 0x08: 0x62, 0x0c: 0x66 };
const HEX = '0123456789abcdef';

/**
 * The string token `src[start, end)` (quotes included, escapes already checked) written again into `aux`: with
 * `quoted`, as Python's encoder writes its value (quotes, `\"`, `\\`, `\n`… and `\u00XX` for other controls, all
 * else raw); without, its value's bare UTF-8 (a key's bytes for ordering). Returns where it starts in `aux`.
 */
function writeString(start: number, end: number, quoted: boolean): number {
  // Each escape (2 or 6 bytes, 12 for a pair) writes at most 6 bytes; raw bytes are copied.
  ensureAux(end - start);
  const at = auxLength;
  if (quoted) aux[auxLength++] = QUOTE;
  let p = start + 1;
  const last = end - 1;
  while (p < last) {
    const b = src[p];
    if (b !== BACKSLASH) {
      aux[auxLength++] = b;
      p++;
      continue;
    }
    const e = src[p + 1];
    let unit: number;
    if (e === 0x75) {
      unit = hex4At(p + 2);
      p += 6;
      if (unit >= 0xd800 && unit <= 0xdbff && src[p] === BACKSLASH && src[p + 1] === 0x75) {
        const low = hex4At(p + 2);
        if (low >= 0xdc00 && low <= 0xdfff) {
          unit = 0x10000 + ((unit - 0xd800) << 10) + (low - 0xdc00);
          p += 6;
        }
      }
      if (unit >= 0xd800 && unit <= 0xdfff) loneSurrogate = true;
    } else {
      unit = e === 0x6e ? 0x0a : e === 0x72 ? 0x0d : e === 0x74 ? 0x09 : e === 0x62 ? 0x08 : e === 0x66 ? 0x0c : e;
      p += 2;
    }
    if (quoted && (unit < 0x20 || unit === QUOTE || unit === BACKSLASH)) {
      aux[auxLength++] = BACKSLASH;
      const short = SHORT_ESCAPES[unit];
      if (short !== undefined) aux[auxLength++] = short;
      else {
        aux[auxLength++] = 0x75;
        aux[auxLength++] = ZERO;
        aux[auxLength++] = ZERO;
        aux[auxLength++] = HEX.charCodeAt(unit >> 4);
        aux[auxLength++] = HEX.charCodeAt(unit & 15);
      }
    } else auxCodePoint(unit);
  }
  if (quoted) aux[auxLength++] = QUOTE;
  return at;
}

/**
 * Whether the JSON float lexeme `bytes[start, end)` (grammar already checked) already is Python's repr of its
 * value, without computing the value. It is when it has at most 15 significant digits (any two such decimals are
 * different doubles, so no shorter digits round-trip), and is written as repr writes such a value: in fixed
 * notation from 1e-4 to 1e16 (no trailing zero in the fraction but for `X.0`), and else as `d[.ddd]e±XX` (one
 * digit before the point, a lowercase `e`, a signed exponent of at least two digits), within the normal range.
 * False means: ask `pyFloatRepr`.
 */
export function floatLexemeIsRepr(bytes: Uint8Array, start: number, end: number): boolean {
  let k = start;
  if (bytes[k] === MINUS) k++;
  const intStart = k;
  while (k < end && bytes[k] >= ZERO && bytes[k] <= NINE) k++;
  const intLength = k - intStart;
  let fracStart = k;
  let fracEnd = k;
  if (k < end && bytes[k] === POINT) {
    fracStart = k + 1;
    k = fracStart;
    while (k < end && bytes[k] >= ZERO && bytes[k] <= NINE) k++;
    fracEnd = k;
  }
  const fracLength = fracEnd - fracStart;
  if (k === end) {
    if (fracLength === 0) return false;
    // An integral float: exact below 1e15, written `X.0` by repr.
    if (fracLength === 1 && bytes[fracStart] === ZERO) return intLength <= 15;
    if (bytes[end - 1] === ZERO) return false;
    if (intLength === 1 && bytes[intStart] === ZERO) {
      let z = fracStart;
      while (bytes[z] === ZERO) z++;
      // 0.000d… is 1e-4 at least; its significant digits start at z.
      return z - fracStart <= 3 && end - z <= 15;
    }
    return intLength + fracLength <= 15;
  }
  // An exponent: repr writes one non-zero digit before the point, a fraction without trailing zero (if any),
  // `e`, the sign, and at least two digits.
  if (bytes[k] !== 0x65 || intLength !== 1 || bytes[intStart] === ZERO || 1 + fracLength > 15) return false;
  if (fracLength > 0 && bytes[fracEnd - 1] === ZERO) return false;
  const sign = bytes[k + 1];
  if (sign !== MINUS && sign !== 0x2b) return false;
  const digits = end - (k + 2);
  if (digits < 2 || digits > 3 || (digits === 3 && bytes[k + 2] === ZERO)) return false;
  let exponent = 0;
  for (let e = k + 2; e < end; e++) exponent = exponent * 10 + (bytes[e] - ZERO);
  // Python writes fixed notation from 1e-4 to 1e16; beyond ±307 the value may be subnormal or overflow.
  return sign === MINUS ? exponent > 4 && exponent <= 307 : exponent >= 16 && exponent <= 307;
}

/** The float lexeme `src[start, end)` as Python writes its value: a range of `src` or of `aux` (as -1 - offset). */
let floatStart = 0;
let floatEnd = 0;
function floatRange(start: number, end: number): void {
  if (floatLexemeIsRepr(src, start, end)) {
    floatStart = start;
    floatEnd = end;
    return;
  }
  const lexeme = decoder.decode(src.subarray(start, end));
  const repr = pyFloatRepr(Number(lexeme));
  if (repr === lexeme) {
    floatStart = start;
    floatEnd = end;
    return;
  }
  const at = auxAscii(repr);
  floatStart = -1 - at;
  floatEnd = -1 - auxLength;
}

// ---- Per depth ------------------------------------------------------------------------------------------------

const isObject: boolean[] = [];
/** Where the entries of the array or object open at each depth start on the entry stack. */
const firstEntry: number[] = [];
/** An object's keys so far strictly increasing (no sort, no repeated key). */
const inOrder: boolean[] = [];
/** An object's keys so far those of the shape remembered at its depth. */
const sameShape: boolean[] = [];
/** The member being read per depth: its key's range and its key part's first and last node. */
const keyStart: number[] = [];
const keyEnd: number[] = [];
const keyHead: number[] = [];
const keyTail: number[] = [];
/** Where that member's key part ends in `src` when it is one range of `src` ending with `: ` (else -1). */
const keyJoin: number[] = [];
/** Shapes remembered per depth in this call: keys (ranges), and the order to write them (repeated keys dropped). */
const shapeKeyStart: number[][] = [];
const shapeKeyEnd: number[][] = [];
const shapeOrder: number[][] = [];
const shapeCall: number[] = [];
let call = 0;

/** The order of an object's members (entries `from` to `to`), sorted, repeated keys dropped (the last kept). */
function sortedOrder(from: number, to: number): number[] {
  const count = to - from;
  const order: number[] = [];
  for (let k = 0; k < count; k++) order.push(k);
  // Array.prototype.sort is stable: of equal keys the last read stays last, and is the one kept.
  order.sort((a, b) => compareKeys(entryKeyStart[from + a], entryKeyEnd[from + a], entryKeyStart[from + b], entryKeyEnd[from + b]));
  const kept: number[] = [];
  for (let k = 0; k < count; k++) {
    const m = from + order[k];
    if (k + 1 < count) {
      const n = from + order[k + 1];
      if (sameKey(entryKeyStart[m], entryKeyEnd[m], entryKeyStart[n], entryKeyEnd[n])) continue;
    }
    kept.push(order[k]);
  }
  return kept;
}

/**
 * Links after `open` the entries `from` to `to` (in `order`, offsets from `from`, when given; else as read), `, `
 * between them, then the closing bracket at `aux[close]`: returns that last node.
 */
function linkEntries(open: number, from: number, to: number, order: number[] | undefined, close: number): number {
  let tail = open;
  const count = order === undefined ? to - from : order.length;
  for (let k = 0; k < count; k++) {
    const m = from + (order === undefined ? k : order[k]);
    const h = entryHead[m];
    nodeComma[h] = k > 0 ? 1 : 0;
    nodeNext[tail] = h;
    tail = entryTail[m];
  }
  const last = auxNode(close, close + 1);
  nodeNext[tail] = last;
  return last;
}

function wantedOf(options: CanonicalOptions): CanonicalWanted {
  // One array a name, however often it is named (the fast path reads each root named once).
  const names = new Map<string, Uint8Array>();
  const utf8 = (s: string | undefined) => {
    if (s === undefined) return undefined;
    const known = names.get(s) ?? encoder.encode(s);
    names.set(s, known);
    return known;
  };
  const strings = options.strings ?? [];
  return {
    blank: utf8(options.blank),
    captureRoot: utf8(options.capture?.[0]),
    captureMember: utf8(options.capture?.[1]),
    roots: strings.map((p) => utf8(p[0])),
    members: strings.map((p) => utf8(p[1])),
  };
}

/** The options of the last call and their names' UTF-8 (a caller passes the same options for every card). */
let lastOptions: CanonicalOptions | undefined;
let lastWanted: CanonicalWanted = wantedOf({});

/** The names `options` asks about, as UTF-8 (encoded once for a caller passing the same options each time). */
function wantedFor(options: CanonicalOptions): CanonicalWanted {
  if (options !== lastOptions) {
    lastWanted = wantedOf(options);
    lastOptions = options;
  }
  return lastWanted;
}

/** A string token's value (`src[start, end)`, quotes included). */
function stringValue(start: number, end: number, escaped: boolean): string {
  const body = decoder.decode(src.subarray(start + 1, end - 1));
  return escaped ? (JSON.parse(`"${body}"`) as string) : body;
}

/** The bytes of the list from `head` to `tail`, copied out. */
function emit(head: number, tail: number): Uint8Array {
  let target = out;
  const from = src;
  const more = aux;
  let at = 0;
  let k = head;
  // One step per node: the list holds each node once, so nodeCount steps at most.
  for (let steps = 0; steps < nodeCount; steps++) {
    let start = nodeStart[k];
    let end = nodeEnd[k];
    let buffer = from;
    if (start < 0) {
      buffer = more;
      start = -1 - start;
      end = -1 - end;
    }
    const length = end - start;
    if (at + length + 2 > target.length) {
      const grown = new Uint8Array(Math.max(target.length * 2, at + length + 2));
      grown.set(target.subarray(0, at));
      target = out = grown;
    }
    if (nodeComma[k] === 1) {
      target[at++] = 0x2c;
      target[at++] = 0x20;
    }
    if (length < 32) for (let j = start; j < end; j++) target[at++] = buffer[j];
    else {
      target.set(buffer.subarray(start, end), at);
      at += length;
    }
    if (k === tail) return target.slice(0, at);
    k = nodeNext[k];
  }
  throw new Error('the canonical list does not reach its end');
}

/**
 * Reads JSON text as `parsePyJson` does (same grammar, errors and depth bound) into the UTF-8 bytes of
 * `json.dumps(sort_keys=True, ensure_ascii=False)`. Throws parsePyJson's PyJsonError on text it refuses.
 * `utf8`, when the caller has it, is the text's UTF-8 (a file's bytes, checked well formed), read instead of
 * encoding the text again. `options` is read once per object (a caller checking many cards passes the same one): do not change it after.
 */
export function canonicalPyJson(text: string, options: CanonicalOptions = {}, utf8?: Uint8Array): CanonicalJson {
  return canonicalFast(text, wantedFor(options), utf8) ?? canonicalPyJsonInJs(text, options);
}

/** `canonicalPyJson` without its fast path: the pass in this file alone (the fast path's fallback, and its twin in tests). */
export function canonicalPyJsonInJs(text: string, options: CanonicalOptions = {}): CanonicalJson {
  try {
    return canonicalPass(text, options);
  } catch (error) {
    if (error !== REFUSED) throw error;
  } finally {
    releaseLargeBuffers();
  }
  // parsePyJson says why (the same reason and offset as the plain twin); a text it reads would be a bug here.
  parsePyJson(text);
  throw new Error('the canonical pass refused a text parsePyJson reads');
}

/**
 * Bytes that end a run of a string's plain bytes: a control (not allowed raw), the quote, the backslash, and 0xEF,
 * the first byte of U+FFFD, which is what the encoder wrote for a lone surrogate (checked then).
 */
const STRING_STOP = new Uint8Array(256);
for (let b = 0; b < 0x20; b++) STRING_STOP[b] = 1;
STRING_STOP[QUOTE] = 1;
STRING_STOP[BACKSLASH] = 1;
STRING_STOP[0xef] = 1;

/** Set when a string holds U+FFFD, which may stand for a lone surrogate of the text: the text is checked then. */
let replacementSeen = false;

/** Past the plain bytes of a string from `p`: where the quote, the backslash or the control that ends them is. */
function plainEnd(s: Uint8Array, p: number): number {
  let d = s[p];
  for (;;) {
    while (STRING_STOP[d] === 0) d = s[++p];
    if (d !== 0xef) return p;
    if (s[p + 1] === 0xbf && s[p + 2] === 0xbd) replacementSeen = true;
    d = s[++p];
  }
}

const isSpace = (b: number): boolean => b === 0x20 || b === 0x0a || b === 0x0d || b === 0x09;

function canonicalPass(text: string, options: CanonicalOptions): CanonicalJson {
  if (src.length < text.length * 3 + 8) src = new Uint8Array(text.length * 3 + 8);
  const n = encoder.encodeInto(text, src).written;
  src.fill(0, n, n + 8);
  // The text's bytes in a local: the loops below read them without going through the module's binding.
  const s = src;
  loneSurrogate = false;
  replacementSeen = false;
  auxLength = CONSTANTS_LENGTH;
  nodeCount = 0;
  entryCount = 0;
  call++;
  const wanted = wantedFor(options);
  const strings: (string | undefined)[] = wanted.roots.map(() => undefined);
  let captureHead = -1;
  let captureTail = -1;
  let rootObject = false;
  // The root member being read is the capture's root / which of the wanted paths' roots (-1: none).
  let inCaptureRoot = false;
  let i = 0;
  let level = 0;
  // After `{` or `,` in an object, a key comes first.
  let expectKey = false;

  for (;;) {
    let b = s[i];
    while (isSpace(b)) b = s[++i];
    if (expectKey) {
      expectKey = false;
      const depth = level - 1;
      if (b !== QUOTE) throw REFUSED;
      const start = i;
      const p = plainEnd(s, i + 1);
      const d = s[p];
      let kStart: number;
      let kEnd: number;
      let head: number;
      let join = -1;
      if (d === QUOTE) {
        i = p + 1;
        kStart = start + 1;
        kEnd = p;
        // `"key": ` as Python and most writers space it: one range with its separator.
        if (s[i] === 0x3a && s[i + 1] === 0x20) {
          i += 2;
          head = node(start, i);
          join = i;
        } else head = node(start, i);
      } else {
        if (d !== BACKSLASH) throw REFUSED;
        const end = escapedEnd(p);
        i = end;
        kStart = -1 - writeString(start, end, false);
        kEnd = -1 - auxLength;
        const written = writeString(start, end, true);
        head = auxNode(written, auxLength);
      }
      let tail = head;
      b = s[i];
      if (join < 0) {
        while (isSpace(b)) b = s[++i];
        if (b !== 0x3a) throw REFUSED;
        b = s[++i];
        tail = auxNode(COLON, COLON + 2);
        nodeNext[head] = tail;
      }
      while (isSpace(b)) b = s[++i];
      if (join !== i) join = -1;
      keyStart[depth] = kStart;
      keyEnd[depth] = kEnd;
      keyHead[depth] = head;
      keyTail[depth] = tail;
      keyJoin[depth] = join;
      if (depth === 0) {
        if (wanted.captureRoot !== undefined && keyIs(kStart, kEnd, wanted.captureRoot)) {
          inCaptureRoot = true;
          captureHead = -1;
        } else inCaptureRoot = false;
        // A member path [root, member] is read afresh from each occurrence of its root.
        for (let w = 0; w < strings.length; w++)
          if (wanted.members[w] !== undefined && keyIs(kStart, kEnd, wanted.roots[w] as Uint8Array)) strings[w] = undefined;
      }
    }
    if (level >= MAX_PY_JSON_DEPTH) throw REFUSED;
    // The value just read: an array or object as its first and last node; any other value as one range
    // (`valueStart`, `valueEnd`, of `src` or of `aux` stored as -1 - offset) and `head` -1; a string's token range.
    let head = -1;
    let tail = -1;
    let valueStart: number;
    let valueEnd: number;
    let stringStart = -1;
    let stringEnd = -1;
    let stringEscaped = false;
    let objectValue = false;
    if (b === QUOTE) {
      const start = i;
      const p = plainEnd(s, i + 1);
      const d = s[p];
      stringStart = start;
      if (d === QUOTE) {
        i = p + 1;
        valueStart = start;
        valueEnd = i;
      } else {
        if (d !== BACKSLASH) throw REFUSED;
        i = escapedEnd(p);
        stringEscaped = true;
        if (escapesCanonical) {
          valueStart = start;
          valueEnd = i;
        } else {
          valueStart = -1 - writeString(start, i, true);
          valueEnd = -1 - auxLength;
        }
      }
      stringEnd = i;
    } else if (b === 0x7b) {
      b = s[++i];
      while (isSpace(b)) b = s[++i];
      if (b === 0x7d) {
        i++;
        valueStart = -1 - EMPTY_OBJECT;
        valueEnd = -1 - (EMPTY_OBJECT + 2);
        objectValue = true;
        if (level === 0) rootObject = true;
      } else {
        const depth = level++;
        isObject[depth] = true;
        firstEntry[depth] = entryCount;
        inOrder[depth] = true;
        sameShape[depth] = shapeCall[depth] === call;
        if (depth === 0) rootObject = true;
        expectKey = true;
        continue;
      }
    } else if (b === 0x5b) {
      b = s[++i];
      while (isSpace(b)) b = s[++i];
      if (b === 0x5d) {
        i++;
        valueStart = -1 - EMPTY_ARRAY;
        valueEnd = -1 - (EMPTY_ARRAY + 2);
      } else {
        isObject[level] = false;
        firstEntry[level] = entryCount;
        level++;
        continue;
      }
    } else if (b === MINUS || (b >= ZERO && b <= NINE)) {
      const start = i;
      if (b === MINUS) b = s[++i];
      const first = b;
      const intStart = i;
      while (b >= ZERO && b <= NINE) b = s[++i];
      if (i === intStart || (first === ZERO && i - intStart > 1)) throw REFUSED;
      let isFloat = false;
      if (b === POINT) {
        isFloat = true;
        const from = ++i;
        b = s[i];
        while (b >= ZERO && b <= NINE) b = s[++i];
        if (i === from) throw REFUSED;
      }
      if (b === 0x65 || b === 0x45) {
        isFloat = true;
        b = s[++i];
        if (b === 0x2b || b === MINUS) b = s[++i];
        const from = i;
        while (b >= ZERO && b <= NINE) b = s[++i];
        if (i === from) throw REFUSED;
      }
      if (isFloat) {
        floatRange(start, i);
        valueStart = floatStart;
        valueEnd = floatEnd;
      } else if (i - start === 2 && first === ZERO && start !== intStart) {
        // "-0" is the int 0.
        valueStart = -1 - INT_ZERO;
        valueEnd = -1 - (INT_ZERO + 1);
      } else {
        valueStart = start;
        valueEnd = i;
      }
    } else if (b === 0x74 && s[i + 1] === 0x72 && s[i + 2] === 0x75 && s[i + 3] === 0x65) {
      valueStart = i;
      valueEnd = i += 4;
    } else if (b === 0x66 && s[i + 1] === 0x61 && s[i + 2] === 0x6c && s[i + 3] === 0x73 && s[i + 4] === 0x65) {
      valueStart = i;
      valueEnd = i += 5;
    } else if (b === 0x6e && s[i + 1] === 0x75 && s[i + 2] === 0x6c && s[i + 3] === 0x6c) {
      valueStart = i;
      valueEnd = i += 4;
    } else throw REFUSED;

    // The value is complete: it joins its array or object, which may close in turn.
    for (;;) {
      if (level === 0) {
        b = s[i];
        while (isSpace(b)) b = s[++i];
        if (i < n) throw REFUSED;
        if (head < 0) head = tail = node(valueStart, valueEnd);
        const result: CanonicalJson = {
          bytes: emit(head, tail),
          wellFormed: !loneSurrogate && (!replacementSeen || isWellFormed(text)),
          object: rootObject,
          strings,
        };
        if (captureHead >= 0) result.captured = emit(captureHead, captureTail);
        return result;
      }
      const depth = level - 1;
      if (isObject[depth]) {
        const kStart = keyStart[depth];
        const kEnd = keyEnd[depth];
        if (depth === 0) {
          for (let w = 0; w < strings.length; w++)
            if (wanted.members[w] === undefined && keyIs(kStart, kEnd, wanted.roots[w] as Uint8Array))
              strings[w] = stringStart >= 0 ? stringValue(stringStart, stringEnd, stringEscaped) : undefined;
          if (wanted.blank !== undefined && keyIs(kStart, kEnd, wanted.blank)) {
            head = tail = -1;
            valueStart = -1 - EMPTY_STRING;
            valueEnd = -1 - (EMPTY_STRING + 2);
          }
        } else if (depth === 1 && isObject[0]) {
          const root = keyStart[0];
          const rootEnd = keyEnd[0];
          for (let w = 0; w < strings.length; w++) {
            const member = wanted.members[w];
            if (member !== undefined && keyIs(kStart, kEnd, member) && keyIs(root, rootEnd, wanted.roots[w] as Uint8Array))
              strings[w] = stringStart >= 0 ? stringValue(stringStart, stringEnd, stringEscaped) : undefined;
          }
          if (inCaptureRoot && keyIs(kStart, kEnd, wanted.captureMember as Uint8Array)) {
            // A repeated key: the last value is the one captured (none when it is not an object).
            if (objectValue && head < 0) head = tail = node(valueStart, valueEnd);
            captureHead = objectValue ? head : -1;
            captureTail = tail;
          }
        }
        // The member: its key part then its value, one range when both are of `src` and adjacent.
        const memberHead = keyHead[depth];
        if (head >= 0) nodeNext[keyTail[depth]] = head;
        else if (valueStart >= 0 && keyJoin[depth] === valueStart) {
          nodeEnd[memberHead] = valueEnd;
          tail = memberHead;
        } else {
          tail = node(valueStart, valueEnd);
          nodeNext[keyTail[depth]] = tail;
        }
        const e = entryCount++;
        entryHead[e] = memberHead;
        entryTail[e] = tail;
        entryKeyStart[e] = kStart;
        entryKeyEnd[e] = kEnd;
        const k = e - firstEntry[depth];
        if (k > 0 && inOrder[depth] && compareKeys(entryKeyStart[e - 1], entryKeyEnd[e - 1], kStart, kEnd) >= 0) inOrder[depth] = false;
        if (sameShape[depth]) {
          const keys = shapeKeyStart[depth];
          sameShape[depth] = k < keys.length && sameKey(keys[k], shapeKeyEnd[depth][k], kStart, kEnd);
        }
        b = s[i];
        while (isSpace(b)) b = s[++i];
        if (b === 0x2c) {
          i++;
          expectKey = true;
          break;
        }
        if (b !== 0x7d) throw REFUSED;
        i++;
        // The object closes: `{`, its members in key order, `}`.
        const from = firstEntry[depth];
        const count = entryCount - from;
        let order: number[] | undefined;
        if (!inOrder[depth]) {
          if (sameShape[depth] && shapeKeyStart[depth].length === count) order = shapeOrder[depth];
          else {
            order = sortedOrder(from, entryCount);
            shapeKeyStart[depth] = entryKeyStart.slice(from, entryCount);
            shapeKeyEnd[depth] = entryKeyEnd.slice(from, entryCount);
            shapeOrder[depth] = order;
            shapeCall[depth] = call;
          }
        }
        head = auxNode(OPEN_BRACE, OPEN_BRACE + 1);
        tail = linkEntries(head, from, entryCount, order, CLOSE_BRACE);
        objectValue = true;
        stringStart = -1;
        entryCount = from;
        level--;
        continue;
      }
      // An array's item.
      if (head < 0) head = tail = node(valueStart, valueEnd);
      const e = entryCount++;
      entryHead[e] = head;
      entryTail[e] = tail;
      b = s[i];
      while (isSpace(b)) b = s[++i];
      if (b === 0x2c) {
        b = s[++i];
        while (isSpace(b)) b = s[++i];
        // `[1,]`: parsePyJson names it a trailing comma.
        if (b === 0x5d) throw REFUSED;
        break;
      }
      if (b !== 0x5d) throw REFUSED;
      i++;
      const from = firstEntry[depth];
      head = auxNode(OPEN_BRACKET, OPEN_BRACKET + 1);
      tail = linkEntries(head, from, entryCount, undefined, CLOSE_BRACKET);
      objectValue = false;
      stringStart = -1;
      entryCount = from;
      level--;
    }
  }
}

/** Set by `escapedEnd`: whether every escape of the string is one Python's encoder writes. */
let escapesCanonical = true;

/**
 * Where the string whose first escape is at `src[p]` ends (one past its closing quote), its escapes checked as
 * JSON allows them; `escapesCanonical` tells whether they are all as Python writes them (`\"`, `\\`, `\n`, `\r`,
 * `\t`, `\b`, `\f`, `\u00xx` in lowercase for another control).
 */
function escapedEnd(p: number): number {
  escapesCanonical = true;
  for (;;) {
    const b = src[p];
    if (b === QUOTE) return p + 1;
    if (b < 0x20) throw REFUSED;
    if (b !== BACKSLASH) {
      if (b === 0xef && src[p + 1] === 0xbf && src[p + 2] === 0xbd) replacementSeen = true;
      p++;
      continue;
    }
    const e = src[p + 1];
    if (e === 0x22 || e === 0x5c || e === 0x6e || e === 0x72 || e === 0x74 || e === 0x62 || e === 0x66) p += 2;
    else if (e === 0x2f) {
      escapesCanonical = false;
      p += 2;
    } else if (e === 0x75) {
      const unit = hex4At(p + 2);
      if (unit < 0) throw REFUSED;
      // Python writes \u00xx (lowercase) for a control without a short escape, and nothing else as \u: of such
      // an escape's digits only the last can be a letter.
      if (unit >= 0x20 || SHORT_ESCAPES[unit] !== undefined || (src[p + 5] >= 0x41 && src[p + 5] <= 0x46)) escapesCanonical = false;
      p += 6;
    } else throw REFUSED;
  }
}
