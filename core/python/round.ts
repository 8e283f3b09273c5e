/**
 * Python's `round(x, ndigits)`: the decimal value nearest to the exact binary value of `x`, ties to even.
 * JavaScript's `toFixed` rounds the binary value differently on ties (`(15.625).toFixed(2)` is "15.63", Python
 * gives 15.62), and `Math.round(x * 10 ** n) / 10 ** n` adds an error of its own in the multiplication.
 */
export function pyRound(x: number, ndigits = 0): number {
  if (!Number.isFinite(x) || x === 0) return x;
  const { mantissa, exponent } = decompose(Math.abs(x));
  // |x| = mantissa * 2^exponent exactly; scale by 10^ndigits as an exact fraction num/den.
  let num = mantissa;
  let den = 1n;
  if (exponent >= 0) num <<= BigInt(exponent);
  else den <<= BigInt(-exponent);
  if (ndigits >= 0) num *= 10n ** BigInt(ndigits);
  else den *= 10n ** BigInt(-ndigits);
  let q = num / den;
  const twice = (num % den) * 2n;
  if (twice > den || (twice === den && q % 2n === 1n)) q += 1n;
  const sign = x < 0 ? '-' : '';
  if (ndigits <= 0) return Number(sign + (q * 10n ** BigInt(-ndigits)).toString());
  const digits = q.toString().padStart(ndigits + 1, '0');
  // The nearest double to the rounded decimal string, as Python's float(repr) gives.
  return Number(`${sign}${digits.slice(0, -ndigits)}.${digits.slice(-ndigits)}`);
}

/** The exact binary value of a positive finite double: an integer mantissa and a power of two. */
function decompose(x: number): { mantissa: bigint; exponent: number } {
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, x);
  const hi = view.getUint32(0);
  const lo = view.getUint32(4);
  const biased = (hi >>> 20) & 0x7ff;
  let mantissa = (BigInt(hi & 0xfffff) << 32n) | BigInt(lo);
  let exponent: number;
  if (biased === 0)
    exponent = -1074; // subnormal
  else {
    mantissa |= 1n << 52n;
    exponent = biased - 1075;
  }
  return { mantissa, exponent };
}

/** `round(x, n)` printed with n decimals the way Python's `'%.nf' % round(x, n)` would show it. */
export function pyFixed(x: number, ndigits: number): string {
  return pyRound(x, ndigits).toFixed(ndigits);
}
