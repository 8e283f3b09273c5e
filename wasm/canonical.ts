// AssemblyScript (compiled by scripts/build-wasm.mjs into core/python/canonicalWasmModule.ts): the fast path of
// the canonical pass (core/python/canonical.ts) for the texts a harness writes. JSON text (UTF-8, followed by a
// zero byte) to the UTF-8 of Python's `json.dumps(value, sort_keys=True, ensure_ascii=False)`, written into `out`.
// It reads only what it can write byte for byte; anything else (an escape Python writes otherwise, a repeated
// key, a key with an escape, U+FFFD, NaN, `-0`, a depth past MAX_DEPTH, a region full, text that is not JSON)
// returns BAIL and the caller's plain pass decides. A float lexeme whose repr it cannot tell is listed for the
// caller to check. No allocation: every region is given by the caller; the frames below are static.

const BAIL: i32 = -1;
const MAX_DEPTH: i32 = 256;

const frameKind = memory.data(MAX_DEPTH * 4); // 1: object, 0: array
const frameRecord = memory.data(MAX_DEPTH * 4); // an object's first member record
const frameOut = memory.data(MAX_DEPTH * 4); // where its `{` or `[` is in out

// The key order of the last object closed at each depth (below SHAPE_DEPTHS, of at most SHAPE_MEMBERS members),
// reused for the next object there with the same keys (the results of a card): its keys (start, end, prefix:
// pointers into this call's input), its order, whether it was sorted already.
const SHAPE_DEPTHS: i32 = 16;
const SHAPE_MEMBERS: i32 = 64;
const shapeCount = memory.data(SHAPE_DEPTHS * 4);
const shapeSorted = memory.data(SHAPE_DEPTHS * 4);
const shapeKeys = memory.data(SHAPE_DEPTHS * SHAPE_MEMBERS * 12);
const shapeOrder = memory.data(SHAPE_DEPTHS * SHAPE_MEMBERS * 4);

/** Root members of the text being read (-1: the root is not an object). */
let rootCount: i32 = -1;
/** Bytes of the float lexemes listed for the caller to check (each followed by a space). */
let floatBytes: i32 = 0;

// A member record: 7 i32s.
const KEY_START = 0;
const KEY_END = 4;
const SEG_START = 8; // where `"key": value` starts in out
const SEG_END = 12;
const VALUE_START = 16; // the value's token in the input
const VALUE_END = 20;
const KEY_PREFIX = 24; // the key's first four bytes, big-endian, zero-padded: most keys differ there
const RECORD = 28;

@inline
function isSpace(c: u32): bool {
  return c == 0x20 || c == 0x0a || c == 0x0d || c == 0x09;
}

@inline
function isDigit(c: u32): bool {
  return c - 0x30 < 10;
}

const SPACES: u64 = 0x2020202020202020;

/** Past the white space at `p` (the runs of spaces of an indented file eight bytes at a time). */
@inline
function skipSpace(p: usize): usize {
  let c = <u32>load<u8>(p);
  while (isSpace(c)) {
    p++;
    // The spaces that follow (an indentation), counted eight bytes at a time.
    let other = load<u64>(p) ^ SPACES;
    while (other == 0) {
      p += 8;
      other = load<u64>(p) ^ SPACES;
    }
    p += <usize>(ctz(other) >> 3);
    c = <u32>load<u8>(p);
  }
  return p;
}

/**
 * Copies `size` bytes from `from` to `to` eight at a time: it may write up to seven bytes past `to + size` and read
 * as far past `from + size`, which every region allows (each has slack after it, and what lies past the output's
 * end is written again before it is read).
 */
@inline
function copy(to: usize, from: usize, size: usize): void {
  if (size > 64) {
    memory.copy(to, from, size);
    return;
  }
  for (let k: usize = 0; k < size; k += 8) store<u64>(to + k, load<u64>(from + k));
}

/** Whether `size` bytes at `a` and at `b` are the same, eight at a time (reading at most seven past either: slack). */
@inline
function sameBytes(a: usize, b: usize, size: usize): bool {
  while (size >= 8) {
    if (load<u64>(a) != load<u64>(b)) return false;
    a += 8;
    b += 8;
    size -= 8;
  }
  if (size == 0) return true;
  const mask: u64 = (<u64>1 << (<u64>size << 3)) - 1;
  return ((load<u64>(a) ^ load<u64>(b)) & mask) == 0;
}

/** Byte order of two keys (UTF-8 byte order is code-point order). */
function compareKeys(a: usize, aEnd: usize, b: usize, bEnd: usize): i32 {
  const aLength = <i32>(aEnd - a);
  const bLength = <i32>(bEnd - b);
  const n = aLength < bLength ? aLength : bLength;
  for (let k = 0; k < n; k++) {
    const d = <i32>load<u8>(a + k) - <i32>load<u8>(b + k);
    if (d != 0) return d;
  }
  return aLength - bLength;
}

@inline
function recordAt(records: usize, index: i32): usize {
  return records + <usize>index * RECORD;
}

function compareRecords(records: usize, i: i32, j: i32): i32 {
  const a = recordAt(records, i);
  const b = recordAt(records, j);
  const x = load<u32>(a + KEY_PREFIX);
  const y = load<u32>(b + KEY_PREFIX);
  if (x != y) return x < y ? -1 : 1;
  // Equal prefixes: both keys are that long at least, or both are the same key (a key holds no zero byte).
  const aStart = <usize>load<i32>(a + KEY_START);
  const bStart = <usize>load<i32>(b + KEY_START);
  const aEnd = <usize>load<i32>(a + KEY_END);
  const bEnd = <usize>load<i32>(b + KEY_END);
  if (aEnd - aStart < 4 || bEnd - bStart < 4) return <i32>(aEnd - aStart) - <i32>(bEnd - bStart);
  return compareKeys(aStart + 4, aEnd, bStart + 4, bEnd);
}

/** The first four bytes of the key `[start, end)` as a big-endian number, zero past its end. */
@inline
function keyPrefix(start: usize, end: usize): u32 {
  const size = end - start;
  let word = load<u32>(start);
  if (size < 4) word &= (<u32>1 << (<u32>size << 3)) - 1;
  return bswap<u32>(word);
}

/** Whether the `n` records from `first` have the keys of the shape remembered at depth `f`, in the same order. */
function sameShape(records: usize, first: i32, n: i32, f: i32): bool {
  if (load<i32>(shapeCount + (<usize>f << 2)) != n) return false;
  let keys = shapeKeys + <usize>(f * SHAPE_MEMBERS * 12);
  for (let k = 0; k < n; k++, keys += 12) {
    const r = recordAt(records, first + k);
    if (load<u32>(r + KEY_PREFIX) != load<u32>(keys + 8)) return false;
    const start = <usize>load<i32>(r + KEY_START);
    const end = <usize>load<i32>(r + KEY_END);
    const other = <usize>load<i32>(keys);
    if (end - start != <usize>load<i32>(keys + 4) - other) return false;
    if (end - start > 4 && !sameBytes(start + 4, other + 4, end - start - 4)) return false;
  }
  return true;
}

/** Remembers the keys and `order` of the `n` records from `first` as the shape of depth `f`. */
function rememberShape(records: usize, first: i32, n: i32, f: i32, sorted: bool, order: usize): void {
  store<i32>(shapeCount + (<usize>f << 2), n);
  store<i32>(shapeSorted + (<usize>f << 2), sorted ? 1 : 0);
  let keys = shapeKeys + <usize>(f * SHAPE_MEMBERS * 12);
  for (let k = 0; k < n; k++, keys += 12) {
    const r = recordAt(records, first + k);
    store<i32>(keys, load<i32>(r + KEY_START));
    store<i32>(keys + 4, load<i32>(r + KEY_END));
    store<u32>(keys + 8, load<u32>(r + KEY_PREFIX));
  }
  if (!sorted) memory.copy(shapeOrder + <usize>(f * SHAPE_MEMBERS * 4), order, <usize>n << 2);
}

/**
 * Sorts the indices `order[0, n)` of the records from `first` by key, stably (insertion, then bottom-up merges
 * through `spare`); false when two keys are equal (a repeated key: the caller's plain pass keeps the last).
 */
function sortMembers(records: usize, first: i32, n: i32, order: usize, spare: usize): bool {
  const base = recordAt(records, first);
  for (let k = 0; k < n; k++) store<i32>(order + (<usize>k << 2), k);
  const run = 16;
  for (let lo = 0; lo < n; lo += run) {
    const hi = lo + run < n ? lo + run : n;
    for (let k = lo + 1; k < hi; k++) {
      const item = load<i32>(order + (<usize>k << 2));
      let j = k - 1;
      while (j >= lo && compareRecords(base, load<i32>(order + (<usize>j << 2)), item) > 0) {
        store<i32>(order + (<usize>(j + 1) << 2), load<i32>(order + (<usize>j << 2)));
        j--;
      }
      store<i32>(order + (<usize>(j + 1) << 2), item);
    }
  }
  let from = order;
  let to = spare;
  for (let width = run; width < n; width <<= 1) {
    for (let lo = 0; lo < n; lo += width << 1) {
      const mid = lo + width < n ? lo + width : n;
      const hi = lo + (width << 1) < n ? lo + (width << 1) : n;
      let a = lo;
      let b = mid;
      let k = lo;
      while (a < mid && b < hi) {
        const x = load<i32>(from + (<usize>a << 2));
        const y = load<i32>(from + (<usize>b << 2));
        if (compareRecords(base, x, y) <= 0) {
          store<i32>(to + (<usize>k << 2), x);
          a++;
        } else {
          store<i32>(to + (<usize>k << 2), y);
          b++;
        }
        k++;
      }
      while (a < mid) {
        store<i32>(to + (<usize>k << 2), load<i32>(from + (<usize>a << 2)));
        a++;
        k++;
      }
      while (b < hi) {
        store<i32>(to + (<usize>k << 2), load<i32>(from + (<usize>b << 2)));
        b++;
        k++;
      }
    }
    const t = from;
    from = to;
    to = t;
  }
  if (from != order) memory.copy(order, from, <usize>n << 2);
  for (let k = 1; k < n; k++)
    if (compareRecords(base, load<i32>(order + (<usize>(k - 1) << 2)), load<i32>(order + (<usize>k << 2))) == 0) return false;
  return true;
}

/**
 * Whether the float lexeme `[start, end)` (grammar checked) already is Python's repr of its value: the rule of
 * floatLexemeIsRepr in core/python/canonical.ts, which a test holds this to.
 */
function floatIsRepr(start: usize, end: usize): bool {
  let k = start;
  if (load<u8>(k) == 0x2d) k++;
  const intStart = k;
  while (k < end && isDigit(load<u8>(k))) k++;
  const intLength = <i32>(k - intStart);
  let fracStart = k;
  let fracEnd = k;
  if (k < end && load<u8>(k) == 0x2e) {
    fracStart = k + 1;
    k = fracStart;
    while (k < end && isDigit(load<u8>(k))) k++;
    fracEnd = k;
  }
  const fracLength = <i32>(fracEnd - fracStart);
  if (k == end) {
    if (fracLength == 0) return false;
    if (fracLength == 1 && load<u8>(fracStart) == 0x30) return intLength <= 15;
    if (load<u8>(end - 1) == 0x30) return false;
    if (intLength == 1 && load<u8>(intStart) == 0x30) {
      let z = fracStart;
      while (load<u8>(z) == 0x30) z++;
      return z - fracStart <= 3 && end - z <= 15;
    }
    return intLength + fracLength <= 15;
  }
  if (load<u8>(k) != 0x65 || intLength != 1 || load<u8>(intStart) == 0x30 || 1 + fracLength > 15) return false;
  if (fracLength > 0 && load<u8>(fracEnd - 1) == 0x30) return false;
  const sign = load<u8>(k + 1);
  if (sign != 0x2d && sign != 0x2b) return false;
  const digits = <i32>(end - (k + 2));
  if (digits < 2 || digits > 3 || (digits == 3 && load<u8>(k + 2) == 0x30)) return false;
  let exponent = 0;
  for (let e = k + 2; e < end; e++) exponent = exponent * 10 + (<i32>load<u8>(e) - 0x30);
  return sign == 0x2d ? exponent > 4 && exponent <= 307 : exponent >= 16 && exponent <= 307;
}

const ONES: u64 = 0x0101010101010101;
const HIGHS: u64 = 0x8080808080808080;

/** The zero bytes of `word` as their high bits (the lowest exact, as in `stops`). */
@inline
function zeroBytes(word: u64): u64 {
  return (word - ONES) & ~word & HIGHS;
}

/**
 * The bytes of `word` that end a string's plain bytes (below 0x20, `"`, `\\`, 0xEF), as their high bits: the lowest
 * set bit is exact (a borrow only runs upward from a byte that is one), the bits above it may not be.
 */
@inline
function stops(word: u64): u64 {
  return ((word - 0x20 * ONES) & ~word & HIGHS) | zeroBytes(word ^ (0x22 * ONES)) | zeroBytes(word ^ (0x5c * ONES)) | zeroBytes(word ^ (0xef * ONES));
}

/** `value × 10^exponent` rounded once (Clinger's fast path: exact for value < 2^53 and |exponent| <= 22). */
@inline
function scaled(value: u64, exponent: i32): f64 {
  return exponent >= 0 ? <f64>value * unchecked(POWERS[exponent]) : <f64>value / unchecked(POWERS[-exponent]);
}

const POWERS: StaticArray<f64> = [1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22];

/**
 * For a float lexeme in fixed notation with 16 or 17 significant digits M (value M × 10^E), where floatIsRepr
 * cannot tell: 1 when it is Python's repr of its value, 0 when it is not, -1 when this cannot tell either (the
 * caller then checks it against pyFloatRepr). Python's repr (as JavaScript's) writes the shortest digits that read
 * back as the same double, the closest to it among those.
 */
function longFloat(start: usize, end: usize): i32 {
  let k = start;
  if (load<u8>(k) == 0x2d) k++;
  const intStart = k;
  let mantissa: u64 = 0;
  let digits = 0;
  let fractionDigits = 0;
  let fraction = false;
  for (; k < end; k++) {
    const c = <u32>load<u8>(k);
    if (c == 0x2e) {
      fraction = true;
      continue;
    }
    if (!isDigit(c)) break;
    if (fraction) fractionDigits++;
    if (mantissa == 0 && c == 0x30) continue;
    mantissa = mantissa * 10 + <u64>(c - 0x30);
    digits++;
  }
  if (digits < 16 || digits > 17) return -1;
  // `X.0`, an integral value: repr writes the `.0` whatever the digits before it (left to the caller).
  if (k == end && fractionDigits == 1 && load<u8>(end - 1) == 0x30) return -1;
  // Another last digit 0: the same value has fewer digits.
  if (mantissa % 10 == 0) return 0;
  if (k == end) {
    const quick = digits == 16 ? sixteenDigits(mantissa, -fractionDigits) : -1;
    if (quick >= 0 || fractionDigits < 1) return quick;
    // Fixed notation is repr's from 1e-4 up.
    return exactRepr(mantissa, fractionDigits, 1e-4);
  }
  // Exponent notation, as repr writes a value under 1e-4: `d.ddde-XX`, one digit before the point, two exponent
  // digits (anything else is left to the caller).
  if (load<u8>(k) != 0x65 || load<u8>(k + 1) != 0x2d || end - k != 4 || k - intStart != digits + 1) return -1;
  const exponent = (<i32>load<u8>(k + 2) - 0x30) * 10 + (<i32>load<u8>(k + 3) - 0x30);
  if (exponent < 5) return -1;
  return exactRepr(mantissa, fractionDigits + exponent, 0);
}

/**
 * 16 digits: neither M - 1 nor M + 1 denoting the same double means no other decimal of at most 16 digits does
 * (they all lie on that grid near the value), so the shortest repr is the lexeme itself. Exact only where
 * Clinger's fast path is: M + 1 < 2^53, |E| + 1 <= 22.
 */
function sixteenDigits(mantissa: u64, exponent: i32): i32 {
  if (mantissa + 1 >= (<u64>1 << 53) || exponent < -22 || exponent > 21) return -1;
  const value = scaled(mantissa, exponent);
  if (value < 1e-4 || value >= 1e16) return -1;
  return scaled(mantissa - 1, exponent) == value || scaled(mantissa + 1, exponent) == value ? -1 : 1;
}

// Exact comparisons of the products below, each under 2^128, as two u64 halves.
let wideHigh: u64 = 0;
let wideLow: u64 = 0;

/** `a × b` into (wideHigh, wideLow). */
function multiplyWide(a: u64, b: u64): void {
  const aLow = a & 0xffffffff;
  const aHigh = a >> 32;
  const bLow = b & 0xffffffff;
  const bHigh = b >> 32;
  const ll = aLow * bLow;
  const lh = aLow * bHigh;
  const hl = aHigh * bLow;
  const middle = (ll >> 32) + (lh & 0xffffffff) + (hl & 0xffffffff);
  wideLow = (middle << 32) | (ll & 0xffffffff);
  wideHigh = aHigh * bHigh + (lh >> 32) + (hl >> 32) + (middle >> 32);
}

const POWERS_U64: StaticArray<u64> = [
  1, 10, 100, 1000, 10000, 100000, 1000000, 10000000, 100000000, 1000000000, 10000000000, 100000000000, 1000000000000,
  10000000000000, 100000000000000, 1000000000000000, 10000000000000000, 100000000000000000, 1000000000000000000,
  10000000000000000000,
];

/** `a × 10^f` (f <= 21) into (wideHigh, wideLow): 10^f as 10^19 × 10^(f - 19) past u64. */
function multiplyByPower(a: u64, f: i32): void {
  if (f <= 19) {
    multiplyWide(a, unchecked(POWERS_U64[f]));
    return;
  }
  multiplyWide(a, unchecked(POWERS_U64[19]));
  const high = wideHigh;
  const low = wideLow;
  const rest = unchecked(POWERS_U64[f - 19]);
  multiplyWide(low, rest);
  wideHigh += high * rest;
}

/** The sign of `x × 2^shift - a × 10^f` (both under 2^128, 0 < shift < 128, f <= 21). */
function compareWide(x: u64, shift: i32, a: u64, f: i32): i32 {
  const high = shift >= 64 ? x << <u64>(shift - 64) : x >> <u64>(64 - shift);
  const low = shift >= 64 ? 0 : x << <u64>shift;
  multiplyByPower(a, f);
  if (high != wideHigh) return high < wideHigh ? -1 : 1;
  if (low != wideLow) return low < wideLow ? -1 : 1;
  return 0;
}

/**
 * Whether `n / 10^f` rounds to the double m × 2^k (a normal double under 2^52): 1 when it lies strictly between
 * the midpoints to the neighbouring doubles, 0 when outside them, -1 on one of them (ties: left to the caller).
 */
function roundsTo(n: u64, f: i32, m: u64, k: i32): i32 {
  const shift = 1 - k;
  const above = compareWide(n, shift, 2 * m + 1, f);
  if (above >= 0) return above == 0 ? -1 : 0;
  // The double below m × 2^k is half as far when m × 2^k is the first of its binade.
  const below = m == <u64>1 << 52 ? compareWide(n, shift + 1, 4 * m - 1, f) : compareWide(n, shift, 2 * m - 1, f);
  if (below <= 0) return below == 0 ? -1 : 0;
  return 1;
}

/**
 * N = 16 or 17 digits, M / 10^f for 1 <= f <= 21, the value from `least` (and 2^-17: every product stays under
 * 2^128) to 4e15: the double d it denotes is found among the three nearest the quotient computed in floating
 * point (within one ulp), by exact comparisons with their midpoints. The lexeme is d's repr when no (N - 1)-digit
 * decimal denotes d (the two that bracket the lexeme on that grid stand for all: d's rounding interval is an
 * interval holding the lexeme) and it is the N-digit decimal closest to d (strictly: a tie is left to the caller).
 */
function exactRepr(mantissa: u64, f: i32, least: f64): i32 {
  if (f < 1 || f > 21) return -1;
  const approximate = <f64>mantissa / (f <= 19 ? <f64>unchecked(POWERS_U64[f]) : 1e19 * <f64>unchecked(POWERS_U64[f - 19]));
  if (!(approximate >= least && approximate >= 7.7e-6 && approximate < 4e15)) return -1;
  const bits = reinterpret<u64>(approximate);
  let m: u64 = 0;
  let k: i32 = 0;
  let found = false;
  for (let delta: i64 = -1; delta <= 1 && !found; delta++) {
    const candidate = <u64>(<i64>bits + delta);
    const candidateM = (candidate & ((<u64>1 << 52) - 1)) | (<u64>1 << 52);
    const candidateK = <i32>((candidate >> 52) & 0x7ff) - 1075;
    if (candidateK < -69) return -1;
    const rounds = roundsTo(mantissa, f, candidateM, candidateK);
    if (rounds < 0) return -1;
    if (rounds == 1) {
      m = candidateM;
      k = candidateK;
      found = true;
    }
  }
  if (!found) return -1;
  // The closest N-digit decimal: |M - d × 10^f| < 1/2, that is (2M - 1) × 2^-k < 2 m 10^f < (2M + 1) × 2^-k.
  const lower = compareWide(2 * mantissa - 1, -k, 2 * m, f);
  const upper = compareWide(2 * mantissa + 1, -k, 2 * m, f);
  if (lower == 0 || upper == 0) return -1;
  if (!(lower < 0 && upper > 0)) return 0;
  // No (N - 1)-digit decimal denotes d: neither neighbour on that grid rounds to it.
  const below = roundsTo(mantissa / 10, f - 1, m, k);
  const above = roundsTo(mantissa / 10 + 1, f - 1, m, k);
  if (below < 0 || above < 0) return -1;
  return below == 1 || above == 1 ? 0 : 1;
}

/** Hex digit value of a lowercase hex digit, else -1. */
@inline
function lowerHex(c: u32): i32 {
  if (c - 0x30 < 10) return <i32>(c - 0x30);
  if (c - 0x61 < 6) return <i32>(c - 0x57);
  return -1;
}

/**
 * Where the string whose opening quote is at `p` ends (one past its closing quote), or 0 when it holds what the
 * fast path does not copy: a control, an escape Python writes otherwise, U+FFFD (maybe a lone surrogate), or,
 * when `key`, any escape. The bytes are the same in out as in the input.
 */
function stringEnd(p: usize, key: bool): usize {
  p++;
  while (true) {
    // Eight bytes at a time, to the first that is not plain.
    let found = stops(load<u64>(p));
    while (found == 0) {
      p += 8;
      found = stops(load<u64>(p));
    }
    p += <usize>(ctz(found) >> 3);
    const c = <u32>load<u8>(p);
    if (c == 0x22) return p + 1;
    if (c == 0xef) {
      if (load<u8>(p + 1) == 0xbf && load<u8>(p + 2) == 0xbd) return 0;
      p++;
      continue;
    }
    if (c != 0x5c || key) return 0;
    const e = <u32>load<u8>(p + 1);
    if (e == 0x22 || e == 0x5c || e == 0x6e || e == 0x72 || e == 0x74 || e == 0x62 || e == 0x66) {
      p += 2;
      continue;
    }
    // Python writes \u00xx (lowercase) for a control without a short escape, and no other \u.
    if (e != 0x75 || load<u8>(p + 2) != 0x30 || load<u8>(p + 3) != 0x30) return 0;
    const high = <i32>load<u8>(p + 4) - 0x30;
    const low = lowerHex(load<u8>(p + 5));
    if (high < 0 || high > 1 || low < 0) return 0;
    const unit = (high << 4) | low;
    if (unit == 0x08 || unit == 0x09 || unit == 0x0a || unit == 0x0c || unit == 0x0d) return 0;
    p += 6;
  }
}

/**
 * The canonical bytes of the JSON text `[input, input + length)` (a zero byte after it) written at `out`;
 * returns their length, or BAIL. `records` holds `recordCap` member records, `order` and `spare` as many i32s,
 * `floats` `floatCap` bytes. `blank`, when `blankLength` > 0: the root member whose value is written `""`.
 * After a call that did not bail, `results` holds two i32s: the root's members (-1: not an object), whose records
 * in key order are listed at `order`, and the bytes of the float lexemes listed at `floats`.
 */
export function canonical(
  input: usize,
  length: i32,
  out: usize,
  scratch: usize,
  records: usize,
  recordCap: i32,
  order: usize,
  spare: usize,
  floats: usize,
  floatCap: i32,
  blank: usize,
  blankLength: i32,
  results: usize,
): i32 {
  const end = input + <usize>length;
  let p = input;
  let o = out;
  let depth: i32 = 0;
  let record: i32 = 0;
  let blanking = false;
  let blankAt: usize = 0;
  let expectKey = false;
  rootCount = -1;
  floatBytes = 0;
  for (let f = 0; f < SHAPE_DEPTHS; f++) store<i32>(shapeCount + (<usize>f << 2), -1);
  while (true) {
    p = skipSpace(p);
    let c = <u32>load<u8>(p);
    if (expectKey) {
      expectKey = false;
      if (c != 0x22) return BAIL;
      const close = stringEnd(p, true);
      if (close == 0) return BAIL;
      if (record == recordCap) return BAIL;
      const r = recordAt(records, record++);
      const keyLength = close - p;
      store<i32>(r + KEY_START, <i32>(p + 1));
      store<i32>(r + KEY_END, <i32>(close - 1));
      store<i32>(r + SEG_START, <i32>o);
      store<u32>(r + KEY_PREFIX, keyPrefix(p + 1, close - 1));
      copy(o, p, keyLength);
      o += keyLength;
      store<u8>(o, 0x3a);
      store<u8>(o + 1, 0x20);
      o += 2;
      if (depth == 1 && blankLength > 0 && <i32>keyLength - 2 == blankLength && compareKeys(p + 1, close - 1, blank, blank + blankLength) == 0) {
        blanking = true;
        blankAt = o;
      }
      p = skipSpace(close);
      if (load<u8>(p) != 0x3a) return BAIL;
      p = skipSpace(p + 1);
      c = <u32>load<u8>(p);
      store<i32>(r + VALUE_START, <i32>p);
    }
    // A value.
    if (c == 0x7b || c == 0x5b) {
      const closing: u32 = c + 2;
      const q = skipSpace(p + 1);
      if (depth == 0 && c == 0x7b) rootCount = 0;
      if (<u32>load<u8>(q) == closing) {
        store<u8>(o, <u8>c);
        store<u8>(o + 1, <u8>closing);
        o += 2;
        p = q + 1;
      } else {
        if (depth == MAX_DEPTH) return BAIL;
        const f = <usize>depth << 2;
        store<i32>(frameKind + f, c == 0x7b ? 1 : 0);
        store<i32>(frameRecord + f, record);
        store<i32>(frameOut + f, <i32>o);
        depth++;
        store<u8>(o++, <u8>c);
        p = q;
        expectKey = c == 0x7b;
        continue;
      }
    } else if (c == 0x22) {
      const close = stringEnd(p, false);
      if (close == 0) return BAIL;
      copy(o, p, close - p);
      o += close - p;
      p = close;
    } else if (c == 0x2d || isDigit(c)) {
      const start = p;
      if (c == 0x2d) c = <u32>load<u8>(++p);
      const intStart = p;
      const first = c;
      while (isDigit(c)) c = <u32>load<u8>(++p);
      if (p == intStart || (first == 0x30 && p - intStart > 1)) return BAIL;
      let isFloat = false;
      if (c == 0x2e) {
        isFloat = true;
        const from = ++p;
        c = <u32>load<u8>(p);
        while (isDigit(c)) c = <u32>load<u8>(++p);
        if (p == from) return BAIL;
      }
      if (c == 0x65 || c == 0x45) {
        isFloat = true;
        c = <u32>load<u8>(++p);
        if (c == 0x2b || c == 0x2d) c = <u32>load<u8>(++p);
        const from = p;
        while (isDigit(c)) c = <u32>load<u8>(++p);
        if (p == from) return BAIL;
      }
      if (isFloat) {
        if (!floatIsRepr(start, p)) {
          const long = longFloat(start, p);
          if (long == 0) return BAIL;
          if (long < 0) {
            const size = <i32>(p - start);
            if (floatBytes + size + 1 > floatCap) return BAIL;
            memory.copy(floats + floatBytes, start, size);
            store<u8>(floats + floatBytes + size, 0x20);
            floatBytes += size + 1;
          }
        }
      } else if ((first == 0x30 && intStart != start) || p - start > 4000) return BAIL;
      copy(o, start, p - start);
      o += p - start;
    } else if (c == 0x74 && load<u8>(p + 1) == 0x72 && load<u8>(p + 2) == 0x75 && load<u8>(p + 3) == 0x65) {
      store<u32>(o, load<u32>(p));
      o += 4;
      p += 4;
    } else if (c == 0x66 && load<u8>(p + 1) == 0x61 && load<u8>(p + 2) == 0x6c && load<u8>(p + 3) == 0x73 && load<u8>(p + 4) == 0x65) {
      store<u64>(o, load<u64>(p));
      o += 5;
      p += 5;
    } else if (c == 0x6e && load<u8>(p + 1) == 0x75 && load<u8>(p + 2) == 0x6c && load<u8>(p + 3) == 0x6c) {
      store<u32>(o, load<u32>(p));
      o += 4;
      p += 4;
    } else return BAIL;

    // The value is complete: it ends its member or item, whose container may close in turn.
    while (true) {
      if (depth == 0) {
        while (p < end && isSpace(load<u8>(p))) p++;
        if (p != end) return BAIL;
        store<i32>(results, rootCount);
        store<i32>(results + 4, floatBytes);
        return <i32>(o - out);
      }
      const f = <usize>(depth - 1) << 2;
      const isObject = load<i32>(frameKind + f) == 1;
      if (isObject) {
        const r = recordAt(records, record - 1);
        store<i32>(r + VALUE_END, <i32>p);
        if (blanking && depth == 1) {
          blanking = false;
          o = blankAt;
          store<u16>(o, 0x2222);
          o += 2;
        }
        store<i32>(r + SEG_END, <i32>o);
      }
      p = skipSpace(p);
      c = <u32>load<u8>(p);
      if (c == 0x2c) {
        store<u8>(o, 0x2c);
        store<u8>(o + 1, 0x20);
        o += 2;
        p = skipSpace(p + 1);
        if (isObject) expectKey = true;
        else if (load<u8>(p) == 0x5d) return BAIL;
        break;
      }
      if (!isObject) {
        if (c != 0x5d) return BAIL;
        store<u8>(o++, 0x5d);
        p++;
        depth--;
        continue;
      }
      if (c != 0x7d) return BAIL;
      p++;
      // The object closes: its members in key order, `, ` between them, then `}`.
      const first = load<i32>(frameRecord + f);
      const n = record - first;
      const open = <usize>load<i32>(frameOut + f);
      const level = depth - 1;
      const cached = level < SHAPE_DEPTHS && n <= SHAPE_MEMBERS;
      let sorted = true;
      if (cached && sameShape(records, first, n, level)) {
        sorted = load<i32>(shapeSorted + (<usize>level << 2)) == 1;
        if (!sorted) memory.copy(order, shapeOrder + <usize>(level * SHAPE_MEMBERS * 4), <usize>n << 2);
      } else {
        for (let k = first + 1; k < record; k++) {
          const d = compareRecords(records, k - 1, k);
          if (d == 0) return BAIL;
          if (d > 0) sorted = false;
        }
        if (!sorted && !sortMembers(records, first, n, order, spare)) return BAIL;
        if (cached) rememberShape(records, first, n, level, sorted, order);
      }
      if (sorted) {
        if (depth == 1) for (let k = 0; k < n; k++) store<i32>(order + (<usize>k << 2), k);
      } else {
        const body = open + 1;
        memory.copy(scratch, body, o - body);
        let w = body;
        for (let k = 0; k < n; k++) {
          if (k > 0) {
            store<u8>(w, 0x2c);
            store<u8>(w + 1, 0x20);
            w += 2;
          }
          const r = recordAt(records, first + load<i32>(order + (<usize>k << 2)));
          const from = <usize>load<i32>(r + SEG_START);
          const size = <usize>load<i32>(r + SEG_END) - from;
          copy(w, scratch + (from - body), size);
          store<i32>(r + SEG_START, <i32>w);
          store<i32>(r + SEG_END, <i32>(w + size));
          w += size;
        }
        o = w;
      }
      store<u8>(o++, 0x7d);
      if (depth == 1) rootCount = n;
      record = first;
      depth--;
    }
  }
}
