import { PyRandom } from './pyRandom';
import { boundIndices, DEFAULT_ALPHA, DEFAULT_N_BOOTSTRAP, DEFAULT_SEED } from './bootstrap';

/**
 * Agreement between human raters (Krippendorff, "Computing Krippendorff's Alpha-Reliability", 2011; Cohen's
 * weighted kappa; Kendall's tau-b). Ratings are a matrix of units (items) × coders (reviewers), `null` where a
 * coder did not rate a unit. A statistic that is undefined on its data (no pairable values, no variation) is
 * `NaN`: the caller says "not defined" rather than printing a number. Pure: no Node API.
 */
export type Level = 'nominal' | 'ordinal' | 'interval' | 'ratio';
export const LEVELS: readonly Level[] = ['nominal', 'ordinal', 'interval', 'ratio'];

/** `units[u][c]`: coder c's value for unit u, `null` when missing. Rows may differ in length (missing at the end). */
export type RatingMatrix = readonly (readonly (number | null)[])[];

/**
 * A rating matrix reduced to what alpha needs, so a bootstrap resample costs a count per drawn unit: the sorted
 * distinct values, and each distinct pattern of a pairable unit (which values it got, how many times each) with
 * its sparse contribution to the coincidence matrix, o_ck += count_c · (count_k − [c = k]) / (m_u − 1). Units
 * with the same pattern contribute the same: ratings on a four-step scale by a few reviewers have few patterns.
 */
export interface Coincidences {
  /** The distinct values rated in pairable units, ascending. */
  readonly values: readonly number[];
  /** Number of units (pairable or not): the bootstrap resamples over all of them. */
  readonly units: number;
  /** Each unit's pattern, −1 when the unit has fewer than two values. */
  readonly patternOf: Int32Array;
  /** CSR offsets into `cells`/`weights`: pattern p's entries are start[p] .. start[p + 1] − 1. */
  readonly start: Int32Array;
  /** Flat index c · k + k' of each entry. */
  readonly cells: Int32Array;
  readonly weights: Float64Array;
}

/** The distinct values of the pairable units, and each unit's pairable values (empty when fewer than two). */
function pairableValues(units: RatingMatrix): { values: number[]; perUnit: number[][] } {
  const perUnit: number[][] = [];
  const seen = new Set<number>();
  for (const row of units) {
    const present: number[] = [];
    for (const v of row) {
      if (v === null) continue;
      if (!Number.isFinite(v)) throw new RangeError(`a rating must be a finite number, not ${v}`);
      present.push(v);
    }
    if (present.length < 2) {
      perUnit.push([]);
      continue;
    }
    for (const v of present) seen.add(v);
    perUnit.push(present);
  }
  return { values: [...seen].sort((a, b) => a - b), perUnit };
}

export function coincidences(units: RatingMatrix): Coincidences {
  const { values, perUnit } = pairableValues(units);
  const k = values.length;
  const index = new Map(values.map((v, i) => [v, i]));
  const patternOf = new Int32Array(perUnit.length).fill(-1);
  const patterns = new Map<string, number>();
  const start: number[] = [0];
  const cells: number[] = [];
  const weights: number[] = [];
  const counts = new Float64Array(k);
  for (let u = 0; u < perUnit.length; u++) {
    const present = perUnit[u];
    if (present.length === 0) continue;
    const used: number[] = [];
    for (const v of present) {
      const c = index.get(v) as number;
      if (counts[c] === 0) used.push(c);
      counts[c]++;
    }
    used.sort((a, b) => a - b);
    const key = used.map((c) => `${c}:${counts[c]}`).join(',');
    let pattern = patterns.get(key);
    if (pattern === undefined) {
      pattern = patterns.size;
      patterns.set(key, pattern);
      const scale = 1 / (present.length - 1);
      for (const c of used)
        for (const d of used) {
          const w = counts[c] * (counts[d] - (c === d ? 1 : 0));
          if (w === 0) continue;
          cells.push(c * k + d);
          weights.push(w * scale);
        }
      start.push(cells.length);
    }
    patternOf[u] = pattern;
    for (const c of used) counts[c] = 0;
  }
  return { values, units: perUnit.length, patternOf, start: Int32Array.from(start), cells: Int32Array.from(cells), weights: Float64Array.from(weights) };
}

/** δ²(c, k) for every pair of value indices, given the values and (for ordinal) their marginals n_g. */
function distances(values: readonly number[], marginals: ArrayLike<number>, level: Level): Float64Array {
  const k = values.length;
  const d = new Float64Array(k * k);
  // Running sums of the marginals, for the ordinal metric: sum_{g=i..j} n_g = cum[j + 1] − cum[i].
  const cum = new Float64Array(k + 1);
  for (let i = 0; i < k; i++) cum[i + 1] = cum[i] + marginals[i];
  for (let i = 0; i < k; i++)
    for (let j = 0; j < k; j++) {
      if (i === j) continue;
      const a = values[i];
      const b = values[j];
      let x: number;
      switch (level) {
        case 'nominal':
          x = 1;
          break;
        case 'ordinal': {
          const lo = Math.min(i, j);
          const hi = Math.max(i, j);
          const s = cum[hi + 1] - cum[lo] - (marginals[i] + marginals[j]) / 2;
          x = s * s;
          break;
        }
        case 'interval':
          x = (a - b) * (a - b);
          break;
        case 'ratio':
          x = a + b === 0 ? 0 : ((a - b) / (a + b)) ** 2;
          break;
      }
      d[i * k + j] = x;
    }
  return d;
}

/** Alpha from a coincidence matrix (k × k, row-major): 1 − (n − 1) Σ o_ck δ²_ck / Σ n_c n_k δ²_ck. */
export function alphaFromMatrix(values: readonly number[], o: ArrayLike<number>, level: Level): number {
  const k = values.length;
  const marginals = new Float64Array(k);
  let n = 0;
  for (let c = 0; c < k; c++) {
    let s = 0;
    for (let d = 0; d < k; d++) s += o[c * k + d];
    marginals[c] = s;
    n += s;
  }
  if (n <= 1) return NaN;
  const delta = distances(values, marginals, level);
  let observed = 0;
  let expected = 0;
  for (let c = 0; c < k; c++)
    for (let d = 0; d < k; d++) {
      const x = delta[c * k + d];
      if (x === 0) continue;
      observed += o[c * k + d] * x;
      expected += marginals[c] * marginals[d] * x;
    }
  if (expected === 0) return NaN;
  return 1 - ((n - 1) * observed) / expected;
}

/** The coincidence matrix of a resample: the units at `indices` (repeats count again), or every unit. */
export function coincidenceMatrix(prepared: Coincidences, indices?: ArrayLike<number>): Float64Array {
  const k = prepared.values.length;
  const o = new Float64Array(k * k);
  const { patternOf, start, cells, weights } = prepared;
  const times = new Float64Array(start.length - 1);
  const count = indices === undefined ? prepared.units : indices.length;
  for (let i = 0; i < count; i++) {
    const p = patternOf[indices === undefined ? i : indices[i]];
    if (p >= 0) times[p]++;
  }
  for (let p = 0; p < times.length; p++) {
    const t = times[p];
    if (t === 0) continue;
    for (let e = start[p]; e < start[p + 1]; e++) o[cells[e]] += t * weights[e];
  }
  return o;
}

/** Krippendorff's alpha at one level of measurement, with missing values (units with one value do not count). */
export function krippendorffAlpha(units: RatingMatrix, level: Level): number {
  const prepared = coincidences(units);
  return alphaFromMatrix(prepared.values, coincidenceMatrix(prepared), level);
}

/**
 * The same alpha computed the plain way, for tests: D_o and D_e straight from every ordered pair of values,
 * within units (each weighted 1 / (m_u − 1)) and across all pairable values.
 */
export function krippendorffAlphaPlain(units: RatingMatrix, level: Level): number {
  const { values, perUnit } = pairableValues(units);
  const all = perUnit.flat();
  const n = all.length;
  if (n <= 1) return NaN;
  const marginals = values.map((v) => all.filter((x) => x === v).length);
  const k = values.length;
  const delta = distances(values, marginals, level);
  const at = (a: number, b: number) => delta[values.indexOf(a) * k + values.indexOf(b)];
  let dObserved = 0;
  for (const present of perUnit) {
    let s = 0;
    for (let i = 0; i < present.length; i++) for (let j = 0; j < present.length; j++) if (i !== j) s += at(present[i], present[j]);
    if (present.length > 1) dObserved += s / (present.length - 1);
  }
  dObserved /= n;
  let dExpected = 0;
  for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) if (i !== j) dExpected += at(all[i], all[j]);
  dExpected /= n * (n - 1);
  if (dExpected === 0) return NaN;
  return 1 - dObserved / dExpected;
}

/**
 * Raw agreement: over the units rated by at least two coders, the mean share of agreeing pairs of ratings in a
 * unit (1 when every rating of a unit is the same). NaN when no unit has two ratings.
 */
export function rawAgreement(units: RatingMatrix): number {
  let total = 0;
  let counted = 0;
  for (const row of units) {
    const present = row.filter((v): v is number => v !== null);
    const m = present.length;
    if (m < 2) continue;
    const counts = new Map<number, number>();
    for (const v of present) counts.set(v, (counts.get(v) ?? 0) + 1);
    let agreeing = 0;
    for (const c of counts.values()) agreeing += c * (c - 1);
    total += agreeing / (m * (m - 1));
    counted++;
  }
  return counted === 0 ? NaN : total / counted;
}

/**
 * Cohen's kappa with quadratic weights between two raters over ordered `categories` (the scale, lowest first):
 * κ_w = 1 − Σ w_ij O_ij / Σ w_ij E_ij, w_ij = (i − j)² / (k − 1)², E from the product of the two raters'
 * marginals. Only items both rated count. NaN when no item is shared or the expected disagreement is 0.
 */
export function quadraticKappa(a: readonly (number | null)[], b: readonly (number | null)[], categories: readonly number[]): number {
  const k = categories.length;
  if (k < 2) return NaN;
  const index = new Map(categories.map((v, i) => [v, i]));
  const observed = new Float64Array(k * k);
  const rows = new Float64Array(k);
  const cols = new Float64Array(k);
  let n = 0;
  const length = Math.min(a.length, b.length);
  for (let t = 0; t < length; t++) {
    const x = a[t];
    const y = b[t];
    if (x === null || y === null) continue;
    const i = index.get(x);
    const j = index.get(y);
    if (i === undefined || j === undefined) throw new RangeError(`a rating is not on the scale ${categories.join(', ')}: ${i === undefined ? x : y}`);
    observed[i * k + j]++;
    rows[i]++;
    cols[j]++;
    n++;
  }
  if (n === 0) return NaN;
  let wo = 0;
  let we = 0;
  for (let i = 0; i < k; i++)
    for (let j = 0; j < k; j++) {
      const w = ((i - j) * (i - j)) / ((k - 1) * (k - 1));
      wo += w * observed[i * k + j];
      we += (w * rows[i] * cols[j]) / n;
    }
  if (we === 0) return NaN;
  return 1 - wo / we;
}

export interface PairKappa {
  /** Coder indices (columns of the matrix), a < b. */
  a: number;
  b: number;
  /** Items both rated. */
  shared: number;
  kappa: number;
}

/** Quadratic-weighted kappa for every pair of coders (columns), in the order (0, 1), (0, 2), …, (1, 2), … */
export function pairwiseKappa(units: RatingMatrix, coders: number, categories: readonly number[]): PairKappa[] {
  const column = (c: number) => units.map((row) => row[c] ?? null);
  const out: PairKappa[] = [];
  for (let a = 0; a < coders; a++)
    for (let b = a + 1; b < coders; b++) {
      const x = column(a);
      const y = column(b);
      const shared = x.filter((v, i) => v !== null && y[i] !== null).length;
      out.push({ a, b, shared, kappa: quadraticKappa(x, y, categories) });
    }
  return out;
}

export interface AlphaInterval {
  level: Level;
  alpha: number;
  /** Percentile bounds over the resamples where alpha is defined; NaN when none is. */
  lower: number;
  upper: number;
  nBootstrap: number;
  /** Resamples where alpha was undefined (no pairable value or no variation), left out of the percentiles. */
  undefinedResamples: number;
  confidenceLevel: number;
  seed: number;
}

export interface AgreementBootstrapOptions {
  nBootstrap?: number;
  /** 1 − confidence level (0.05 for a 95% interval). */
  alpha?: number;
  seed?: number;
}

/**
 * Percentile bootstrap of alpha over units (items), seeded: each resample draws `units` units with replacement
 * on Python's random stream (the harness's convention, `bootstrap.ts`), and every level is computed on the
 * same resamples. Bounds at int(B·α/2) and int(B·(1−α/2)) − 1 of the sorted defined values, as `boundIndices`.
 */
export function alphaIntervals(units: RatingMatrix, levels: readonly Level[], options: AgreementBootstrapOptions = {}): AlphaInterval[] {
  const nBootstrap = options.nBootstrap ?? DEFAULT_N_BOOTSTRAP;
  const alphaLevel = options.alpha ?? DEFAULT_ALPHA;
  const seed = options.seed ?? DEFAULT_SEED;
  if (!Number.isSafeInteger(nBootstrap) || nBootstrap < 1) throw new RangeError(`the number of resamples must be a positive integer, not ${nBootstrap}`);
  const prepared = coincidences(units);
  const observed = coincidenceMatrix(prepared);
  const estimates = levels.map((level) => alphaFromMatrix(prepared.values, observed, level));
  const samples = levels.map(() => new Float64Array(nBootstrap));
  const defined = levels.map(() => 0);
  const n = prepared.units;
  if (n > 0) {
    const rng = new PyRandom(seed);
    const draw = new Int32Array(n);
    for (let b = 0; b < nBootstrap; b++) {
      rng.fillRandbelow(n, draw);
      const o = coincidenceMatrix(prepared, draw);
      for (let l = 0; l < levels.length; l++) {
        const value = alphaFromMatrix(prepared.values, o, levels[l]);
        if (!Number.isNaN(value)) samples[l][defined[l]++] = value;
      }
    }
  }
  return levels.map((level, l) => {
    const count = defined[l];
    let lower = NaN;
    let upper = NaN;
    if (count > 0) {
      const sorted = samples[l].subarray(0, count).sort();
      const [lo, hi] = boundIndices(count, alphaLevel);
      lower = sorted[lo];
      upper = sorted[hi];
    }
    return {
      level,
      alpha: estimates[l],
      lower,
      upper,
      nBootstrap,
      undefinedResamples: n > 0 ? nBootstrap - count : nBootstrap,
      confidenceLevel: 1 - alphaLevel,
      seed,
    };
  });
}

/**
 * Kendall's tau-b of paired observations, (n_c − n_d) / √((n0 − n1)(n0 − n2)), in O(n log n) (Knight's
 * algorithm: sort by x then y, count ties, count discordant pairs as the swaps of a merge sort by y). NaN
 * when either variable is constant or fewer than two pairs are given.
 */
export function kendallTauB(x: readonly number[], y: readonly number[]): number {
  if (x.length !== y.length) throw new RangeError(`kendallTauB needs paired values: ${x.length} and ${y.length}`);
  const n = x.length;
  if (n < 2) return NaN;
  const order = Array.from({ length: n }, (_, i) => i).sort((i, j) => x[i] - x[j] || y[i] - y[j]);
  const ys = new Float64Array(n);
  for (let i = 0; i < n; i++) ys[i] = y[order[i]];
  const n0 = (n * (n - 1)) / 2;
  // Pairs tied in x (n1) and tied in both (n3), from runs of the sort.
  let n1 = 0;
  let n3 = 0;
  for (let i = 0; i < n;) {
    let j = i + 1;
    while (j < n && x[order[j]] === x[order[i]]) j++;
    n1 += ((j - i) * (j - i - 1)) / 2;
    for (let s = i; s < j;) {
      let t = s + 1;
      while (t < j && ys[t] === ys[s]) t++;
      n3 += ((t - s) * (t - s - 1)) / 2;
      s = t;
    }
    i = j;
  }
  // Discordant pairs: swaps of a stable bottom-up merge sort of ys (ties are not swaps).
  let swaps = 0;
  let src = ys;
  let dst = new Float64Array(n);
  for (let width = 1; width < n; width *= 2) {
    for (let lo = 0; lo < n; lo += 2 * width) {
      const mid = Math.min(lo + width, n);
      const hi = Math.min(lo + 2 * width, n);
      let i = lo;
      let j = mid;
      let k = lo;
      while (i < mid && j < hi) {
        if (src[j] < src[i]) {
          swaps += mid - i;
          dst[k++] = src[j++];
        } else dst[k++] = src[i++];
      }
      while (i < mid) dst[k++] = src[i++];
      while (j < hi) dst[k++] = src[j++];
    }
    [src, dst] = [dst, src];
  }
  // Pairs tied in y (n2), from the sorted ys.
  let n2 = 0;
  for (let i = 0; i < n;) {
    let j = i + 1;
    while (j < n && src[j] === src[i]) j++;
    n2 += ((j - i) * (j - i - 1)) / 2;
    i = j;
  }
  const denominator = Math.sqrt((n0 - n1) * (n0 - n2));
  if (denominator === 0) return NaN;
  // n_c − n_d = (n0 − n1 − n2 + n3) − 2 · swaps.
  return (n0 - n1 - n2 + n3 - 2 * swaps) / denominator;
}

/** The same tau-b from every pair, O(n²), for tests. */
export function kendallTauBPlain(x: readonly number[], y: readonly number[]): number {
  const n = x.length;
  let concordant = 0;
  let discordant = 0;
  let tiedX = 0;
  let tiedY = 0;
  for (let i = 0; i < n; i++)
    for (let j = i + 1; j < n; j++) {
      const dx = Math.sign(x[i] - x[j]);
      const dy = Math.sign(y[i] - y[j]);
      if (dx === 0) tiedX++;
      if (dy === 0) tiedY++;
      if (dx !== 0 && dy !== 0) {
        if (dx === dy) concordant++;
        else discordant++;
      }
    }
  const n0 = (n * (n - 1)) / 2;
  const denominator = Math.sqrt((n0 - tiedX) * (n0 - tiedY));
  if (n < 2 || denominator === 0) return NaN;
  return (concordant - discordant) / denominator;
}
