/**
 * Python's `random.Random` (CPython's `_randommodule.c`), for the parts the Rosetta harness's bootstrap uses:
 * a Mersenne Twister (MT19937) seeded from an integer the way CPython seeds it (`init_by_array` over the
 * 32-bit words of `abs(seed)`, least significant first), `getrandbits(k)`, `randint(a, b)` through
 * `randrange` → `_randbelow_with_getrandbits` (draw `n.bit_length()` bits, reject values ≥ n), and `random()`.
 * The same seed gives the same stream as Python, so the harness's confidence intervals come out identical.
 * Pure computation: no Node API (the core also runs in a browser).
 */
const N = 624;
const M = 397;

/** Rejections in a row after which `randbelow` gives up (each draw is accepted with probability > 1/2). */
export const MAX_REJECTIONS = 1024;

export class PyRandom {
  private readonly mt = new Uint32Array(N);
  /** The same state read as signed words: the bit operations are the same, and V8 keeps every value a small integer. */
  private readonly words = new Int32Array(this.mt.buffer);
  private index = N + 1;

  constructor(seed: number | bigint) {
    this.seed(seed);
  }

  /** `random.seed(n)` for an int n (floats and strings hash differently in Python and are not supported). */
  seed(seed: number | bigint): void {
    if (typeof seed === 'number' && !Number.isSafeInteger(seed)) throw new RangeError(`seed must be an integer: ${seed}`);
    let n = BigInt(seed);
    if (n < 0n) n = -n;
    const key: number[] = [];
    while (n > 0n) {
      key.push(Number(n & 0xffffffffn));
      n >>= 32n;
    }
    if (key.length === 0) key.push(0);
    this.initByArray(key);
  }

  private initGenrand(s: number): void {
    const mt = this.mt;
    mt[0] = s >>> 0;
    for (let i = 1; i < N; i++) {
      const prev = mt[i - 1] ^ (mt[i - 1] >>> 30);
      mt[i] = (Math.imul(1812433253, prev) + i) >>> 0;
    }
    this.index = N;
  }

  private initByArray(key: readonly number[]): void {
    const mt = this.mt;
    this.initGenrand(19650218);
    let i = 1;
    let j = 0;
    for (let k = Math.max(N, key.length); k > 0; k--) {
      const prev = mt[i - 1] ^ (mt[i - 1] >>> 30);
      mt[i] = ((mt[i] ^ Math.imul(prev, 1664525)) + key[j] + j) >>> 0;
      i++;
      j++;
      if (i >= N) {
        mt[0] = mt[N - 1];
        i = 1;
      }
      if (j >= key.length) j = 0;
    }
    for (let k = N - 1; k > 0; k--) {
      const prev = mt[i - 1] ^ (mt[i - 1] >>> 30);
      mt[i] = ((mt[i] ^ Math.imul(prev, 1566083941)) - i) >>> 0;
      i++;
      if (i >= N) {
        mt[0] = mt[N - 1];
        i = 1;
      }
    }
    mt[0] = 0x80000000;
  }

  /** The next 624 words, in CPython's three loops (no index wraps inside them), over the signed view. */
  private twist(): void {
    const mt = this.words;
    let kk = 0;
    for (; kk < N - M; kk++) {
      const y = (mt[kk] & 0x80000000) | (mt[kk + 1] & 0x7fffffff);
      mt[kk] = mt[kk + M] ^ (y >>> 1) ^ (-(y & 1) & 0x9908b0df);
    }
    for (; kk < N - 1; kk++) {
      const y = (mt[kk] & 0x80000000) | (mt[kk + 1] & 0x7fffffff);
      mt[kk] = mt[kk + M - N] ^ (y >>> 1) ^ (-(y & 1) & 0x9908b0df);
    }
    const y = (mt[N - 1] & 0x80000000) | (mt[0] & 0x7fffffff);
    mt[N - 1] = mt[M - 1] ^ (y >>> 1) ^ (-(y & 1) & 0x9908b0df);
    this.index = 0;
  }

  /** The next 32-bit output (`genrand_uint32`). */
  nextUint32(): number {
    if (this.index >= N) this.twist();
    let y = this.mt[this.index++];
    y ^= y >>> 11;
    y ^= (y << 7) & 0x9d2c5680;
    y ^= (y << 15) & 0xefc60000;
    y ^= y >>> 18;
    return y >>> 0;
  }

  /** `random.getrandbits(k)` for 0 ≤ k ≤ 32 (what `randint` needs for any list a bootstrap resamples). */
  getrandbits(k: number): number {
    if (!Number.isInteger(k) || k < 0 || k > 32) throw new RangeError(`getrandbits supports 0..32 bits here, not ${k}`);
    if (k === 0) return 0;
    return this.nextUint32() >>> (32 - k);
  }

  /** `random.random()`: 53 random bits as a float in [0, 1). */
  random(): number {
    const a = this.nextUint32() >>> 5;
    const b = this.nextUint32() >>> 6;
    return (a * 67108864 + b) * (1 / 9007199254740992);
  }

  /** `_randbelow_with_getrandbits(n)`: uniform in [0, n), by rejection. */
  randbelow(n: number): number {
    if (!Number.isSafeInteger(n) || n <= 0 || n > 0xffffffff) throw new RangeError(`randbelow needs 1 ≤ n ≤ 2^32 - 1, not ${n}`);
    const k = 32 - Math.clz32(n);
    let r = this.getrandbits(k);
    // Each draw is accepted with probability > 1/2; MAX_REJECTIONS in a row (odds below 2^-1024) means a broken
    // generator, never a slow one: the loop has a bound, and Python's stream is unchanged below it.
    for (let tries = 1; r >= n; tries++) {
      if (tries === MAX_REJECTIONS) throw new RangeError(`randbelow(${n}): ${MAX_REJECTIONS} draws in a row were out of range`);
      r = this.getrandbits(k);
    }
    return r;
  }

  /**
   * `out.length` successive `randbelow(n)` draws into `out` (the same stream as that many calls, without a call
   * and a check per draw): a bootstrap's resample of `n` entries is `fillRandbelow(n, new Int32Array(n))`.
   */
  fillRandbelow(n: number, out: Int32Array): void {
    if (!Number.isSafeInteger(n) || n <= 0 || n > 0x7fffffff) throw new RangeError(`fillRandbelow needs 1 ≤ n ≤ 2^31 - 1, not ${n}`);
    // n < 2^31, so shift ≥ 1 and every draw fits a signed word.
    const shift = Math.clz32(n);
    const mt = this.words;
    let index = this.index;
    for (let k = 0; k < out.length; k++) {
      let r: number;
      let tries = 0;
      do {
        if (++tries > MAX_REJECTIONS) throw new RangeError(`fillRandbelow(${n}): ${MAX_REJECTIONS} draws in a row were out of range`);
        if (index >= N) {
          this.twist();
          index = 0;
        }
        let y = mt[index++];
        y ^= y >>> 11;
        y ^= (y << 7) & 0x9d2c5680;
        y ^= (y << 15) & 0xefc60000;
        y ^= y >>> 18;
        r = y >>> shift;
      } while (r >= n);
      out[k] = r;
    }
    this.index = index;
  }

  /** `random.randint(a, b)`: `randrange(a, b + 1)`, so `a + _randbelow(b - a + 1)`. */
  randint(a: number, b: number): number {
    const width = b - a + 1;
    if (width <= 0) throw new RangeError(`empty range for randint(${a}, ${b})`);
    return a + this.randbelow(width);
  }
}
