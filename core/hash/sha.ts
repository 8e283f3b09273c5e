/**
 * SHA-256 (FIPS 180-4) and SHA-1 in plain TypeScript, synchronous, over bytes or a string's UTF-8 encoding.
 *
 * Why not `node:crypto` or Web Crypto: core runs in Node and in a browser's web worker, and hashing sits on
 * synchronous paths (item hashes behind every lens and diagnostic refresh, run-card checks in validation).
 * `node:crypto` does not exist in a browser, and `crypto.subtle.digest` is asynchronous only, which would turn
 * every caller into a promise chain. One small synchronous implementation gives the same bytes in both worlds;
 * tests check it against the NIST vectors and against `node:crypto` on random inputs.
 *
 * Strings are encoded with `TextEncoder` (a lone surrogate becomes U+FFFD, as Node's hash of a string does);
 * callers that must refuse lone surrogates, as Python does, check first (`core/runcard/hashes.ts`).
 */

const K256 = new Int32Array([
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5, 0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74,
  0x80deb1fe, 0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da, 0x983e5152, 0xa831c66d,
  0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e,
  0x92722c85, 0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070, 0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5,
  0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
]);
const H256 = [0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19];
const H1 = [0x67452301, 0xefcdab89, 0x98badcfe, 0x10325476, 0xc3d2e1f0];

/** One message schedule, reused: hashing is synchronous, so no two calls share it at once. */
const W = new Int32Array(80);

type Compress = (state: Int32Array, bytes: Uint8Array, offset: number) => void;

function compress256(state: Int32Array, bytes: Uint8Array, offset: number): void {
  for (let i = 0; i < 16; i++, offset += 4) W[i] = (bytes[offset] << 24) | (bytes[offset + 1] << 16) | (bytes[offset + 2] << 8) | bytes[offset + 3];
  for (let i = 16; i < 64; i++) {
    const w15 = W[i - 15];
    const w2 = W[i - 2];
    const s0 = ((w15 >>> 7) | (w15 << 25)) ^ ((w15 >>> 18) | (w15 << 14)) ^ (w15 >>> 3);
    const s1 = ((w2 >>> 17) | (w2 << 15)) ^ ((w2 >>> 19) | (w2 << 13)) ^ (w2 >>> 10);
    W[i] = (W[i - 16] + s0 + W[i - 7] + s1) | 0;
  }
  let a = state[0];
  let b = state[1];
  let c = state[2];
  let d = state[3];
  let e = state[4];
  let f = state[5];
  let g = state[6];
  let h = state[7];
  for (let i = 0; i < 64; i++) {
    const S1 = ((e >>> 6) | (e << 26)) ^ ((e >>> 11) | (e << 21)) ^ ((e >>> 25) | (e << 7));
    const t1 = (h + S1 + ((e & f) ^ (~e & g)) + K256[i] + W[i]) | 0;
    const S0 = ((a >>> 2) | (a << 30)) ^ ((a >>> 13) | (a << 19)) ^ ((a >>> 22) | (a << 10));
    const t2 = (S0 + ((a & b) ^ (a & c) ^ (b & c))) | 0;
    h = g;
    g = f;
    f = e;
    e = (d + t1) | 0;
    d = c;
    c = b;
    b = a;
    a = (t1 + t2) | 0;
  }
  state[0] = (state[0] + a) | 0;
  state[1] = (state[1] + b) | 0;
  state[2] = (state[2] + c) | 0;
  state[3] = (state[3] + d) | 0;
  state[4] = (state[4] + e) | 0;
  state[5] = (state[5] + f) | 0;
  state[6] = (state[6] + g) | 0;
  state[7] = (state[7] + h) | 0;
}

function compress1(state: Int32Array, bytes: Uint8Array, offset: number): void {
  for (let i = 0; i < 16; i++, offset += 4) W[i] = (bytes[offset] << 24) | (bytes[offset + 1] << 16) | (bytes[offset + 2] << 8) | bytes[offset + 3];
  for (let i = 16; i < 80; i++) {
    const x = W[i - 3] ^ W[i - 8] ^ W[i - 14] ^ W[i - 16];
    W[i] = (x << 1) | (x >>> 31);
  }
  let a = state[0];
  let b = state[1];
  let c = state[2];
  let d = state[3];
  let e = state[4];
  for (let i = 0; i < 80; i++) {
    let f: number;
    let k: number;
    if (i < 20) {
      f = (b & c) | (~b & d);
      k = 0x5a827999;
    } else if (i < 40) {
      f = b ^ c ^ d;
      k = 0x6ed9eba1;
    } else if (i < 60) {
      f = (b & c) | (b & d) | (c & d);
      k = 0x8f1bbcdc;
    } else {
      f = b ^ c ^ d;
      k = 0xca62c1d6;
    }
    const t = (((a << 5) | (a >>> 27)) + f + e + k + W[i]) | 0;
    e = d;
    d = c;
    c = (b << 30) | (b >>> 2);
    b = a;
    a = t;
  }
  state[0] = (state[0] + a) | 0;
  state[1] = (state[1] + b) | 0;
  state[2] = (state[2] + c) | 0;
  state[3] = (state[3] + d) | 0;
  state[4] = (state[4] + e) | 0;
}

/** The padded tail: the last partial block, 0x80, zeros, and the bit length big-endian (both hashes pad alike). */
const TAIL = new Uint8Array(128);

function digest(initial: readonly number[], compress: Compress, bytes: Uint8Array): Uint8Array {
  const state = Int32Array.from(initial);
  const length = bytes.length;
  const full = length - (length % 64);
  for (let offset = 0; offset < full; offset += 64) compress(state, bytes, offset);
  const rest = length - full;
  const tailLength = rest < 56 ? 64 : 128;
  TAIL.fill(0);
  TAIL.set(bytes.subarray(full), 0);
  TAIL[rest] = 0x80;
  // The length in bits as a 64-bit big-endian number; byte lengths stay below 2^53, so two 32-bit halves suffice.
  const high = Math.floor(length / 0x20000000);
  const low = (length * 8) >>> 0;
  for (let i = 0; i < 4; i++) {
    TAIL[tailLength - 8 + i] = (high >>> (24 - 8 * i)) & 0xff;
    TAIL[tailLength - 4 + i] = (low >>> (24 - 8 * i)) & 0xff;
  }
  compress(state, TAIL, 0);
  if (tailLength === 128) compress(state, TAIL, 64);
  const out = new Uint8Array(state.length * 4);
  for (let i = 0; i < state.length; i++) {
    out[4 * i] = state[i] >>> 24;
    out[4 * i + 1] = (state[i] >>> 16) & 0xff;
    out[4 * i + 2] = (state[i] >>> 8) & 0xff;
    out[4 * i + 3] = state[i] & 0xff;
  }
  return out;
}

const HEX: string[] = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0'));

/** Lowercase hex of bytes. */
export function toHex(bytes: Uint8Array): string {
  let out = '';
  for (let i = 0; i < bytes.length; i++) out += HEX[bytes[i]];
  return out;
}

const encoder = new TextEncoder();
/** Short strings (most hashed texts: ids, prompts, one test's JSON) are encoded into one reused buffer. */
const SCRATCH = new Uint8Array(1 << 16);

/** A string's UTF-8 bytes (lone surrogates as U+FFFD). The result may be a view of a shared buffer: use it at once. */
function utf8(text: string): Uint8Array {
  if (text.length * 3 <= SCRATCH.length) return SCRATCH.subarray(0, encoder.encodeInto(text, SCRATCH).written);
  return encoder.encode(text);
}

const bytesOf = (input: string | Uint8Array): Uint8Array => (typeof input === 'string' ? utf8(input) : input);

/**
 * A native SHA-256 an adapter may hand to core (`node:crypto` on the Node side): same contract as `sha256`, a
 * string hashed as its UTF-8 encoding with lone surrogates as U+FFFD. Core cannot import it, so adapters install it.
 */
export type Sha256Provider = (input: string | Uint8Array) => Uint8Array;

let provider: Sha256Provider | undefined;

/** Installs (or, with undefined, removes) the native SHA-256 every `sha256`/`sha256Hex` call then uses. */
export function useSha256Provider(native: Sha256Provider | undefined): void {
  provider = native;
}

/** The plain-TypeScript SHA-256 (the default, and the twin a native provider is tested against). */
export function sha256Plain(input: string | Uint8Array): Uint8Array {
  return digest(H256, compress256, bytesOf(input));
}

/** SHA-256 digest (32 bytes) of bytes, or of a string's UTF-8 encoding: the installed provider's, else the plain one. */
export function sha256(input: string | Uint8Array): Uint8Array {
  return provider ? provider(input) : sha256Plain(input);
}

/** SHA-256 as lowercase hex. */
export function sha256Hex(input: string | Uint8Array): string {
  return toHex(sha256(input));
}

/** SHA-1 digest (20 bytes): only for name-based UUIDs (RFC 4122 version 5), never for integrity. */
export function sha1(input: string | Uint8Array): Uint8Array {
  return digest(H1, compress1, bytesOf(input));
}

/** Bytes followed by a string's UTF-8 encoding, as one array (what a hash of "prefix then text" reads). */
export function concatUtf8(prefix: Uint8Array, text: string): Uint8Array {
  const tail = encoder.encode(text);
  const out = new Uint8Array(prefix.length + tail.length);
  out.set(prefix, 0);
  out.set(tail, prefix.length);
  return out;
}
