/**
 * Kendall's tau-b of weighted pairs whose second variable takes a few levels (ratings on a four-step scale), for
 * bootstrap resamples: pair i counted `weight[i]` times (its multiplicity in the resample), walked in an order
 * sorted once by x then level, so each resample costs O(n · levels) instead of a sort. The counts are the ones
 * `kendallTauB` (agreement.ts) takes from the resample written out, and the formula the same,
 * (n0 − n1 − n2 + n3 − 2 · n_d) / √((n0 − n1)(n0 − n2)), so the value is the same to the bit (whole counts below
 * 2^53). NaN when fewer than two pairs weigh or a variable is constant. Pure.
 */
export interface LevelledPairs {
  x: ArrayLike<number>;
  /** Each pair's level, 0 … levels − 1. */
  level: ArrayLike<number>;
  levels: number;
  /** The pairs to count, sorted by x, then by level. */
  order: ArrayLike<number>;
}

/** The order `kendallTauBWeighted` walks: the indices given, sorted by x then level. */
export function levelledOrder(x: ArrayLike<number>, level: ArrayLike<number>, indices: readonly number[]): Int32Array {
  return Int32Array.from([...indices].sort((a, b) => x[a] - x[b] || level[a] - level[b]));
}

export function kendallTauBWeighted(pairs: LevelledPairs, weight: ArrayLike<number>): number {
  const { x, level, levels, order } = pairs;
  // Weights of the levels in the x-groups already walked (smaller x), and in the current group.
  const before = new Float64Array(levels);
  const group = new Float64Array(levels);
  let total = 0;
  let tiedX = 0;
  let tiedBoth = 0;
  let discordant = 0;
  for (let k = 0; k < order.length;) {
    const value = x[order[k]];
    group.fill(0);
    let size = 0;
    for (; k < order.length && x[order[k]] === value; k++) {
      const i = order[k];
      const w = weight[i];
      if (w === 0) continue;
      group[level[i]] += w;
      size += w;
    }
    if (size === 0) continue;
    tiedX += (size * (size - 1)) / 2;
    // A pair with a smaller x and a higher level is discordant.
    let above = 0;
    for (let l = levels - 1; l >= 0; l--) {
      discordant += group[l] * above;
      above += before[l];
      tiedBoth += (group[l] * (group[l] - 1)) / 2;
    }
    for (let l = 0; l < levels; l++) before[l] += group[l];
    total += size;
  }
  if (total < 2) return NaN;
  let tiedY = 0;
  for (let l = 0; l < levels; l++) tiedY += (before[l] * (before[l] - 1)) / 2;
  const n0 = (total * (total - 1)) / 2;
  const denominator = Math.sqrt((n0 - tiedX) * (n0 - tiedY));
  if (denominator === 0) return NaN;
  return (n0 - tiedX - tiedY + tiedBoth - 2 * discordant) / denominator;
}
