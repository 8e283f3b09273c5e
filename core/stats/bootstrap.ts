import { pyRound } from '../python/round';
import { PyRandom } from './pyRandom';

/**
 * The Rosetta harness's bootstrap (mt_eval_harness 3.0.0, `confidence.py` and `significance.py`), on Python's
 * own random stream (`PyRandom`), so the intervals equal the harness's to the last digit. A metric is a
 * function of a resample given as entry indices: `indices[k]` is the k-th entry drawn (`entries[rng.randint(0,
 * n-1)]` in the harness); the observed score is the metric over 0..n-1 in order. Pure: no Node API.
 */
export const DEFAULT_N_BOOTSTRAP = 1000;
export const DEFAULT_ALPHA = 0.05;
export const DEFAULT_SEED = 12345;

/** A resample's entry indices: a plain array for the observed score (0..n-1), an Int32Array for each resample. */
export type Indices = ArrayLike<number> & Iterable<number>;

export type ResampleMetric = (indices: Indices) => number;

export interface BootstrapOptions {
  nBootstrap?: number;
  alpha?: number;
  seed?: number;
  metricName?: string;
}

/** `asdict(ConfidenceInterval)`, in the harness's field order. */
export interface ConfidenceInterval {
  metric_name: string;
  score: number;
  ci_lower: number;
  ci_upper: number;
  ci_width: number;
  n_bootstrap: number;
  confidence_level: number;
  n_entries: number;
  seed: number;
}

/** The positions of the bounds in the sorted resampled scores: int(B·α/2) and int(B·(1−α/2)) − 1, clamped. */
export function boundIndices(nBootstrap: number, alpha: number): [number, number] {
  const clamp = (i: number) => Math.max(0, Math.min(i, nBootstrap - 1));
  return [clamp(Math.trunc(nBootstrap * (alpha / 2))), clamp(Math.trunc(nBootstrap * (1 - alpha / 2)) - 1)];
}

const identity = (n: number): number[] => Array.from({ length: n }, (_, i) => i);

/**
 * Several `bootstrap_ci` calls with the same entries and seed at once: each call of the harness restarts
 * `random.Random(seed)`, so every metric sees the same resamples; drawing them once and computing every metric
 * on each (`metrics` returns one value per name) gives the same intervals for a fraction of the work.
 */
export function bootstrapCis(
  n: number,
  names: readonly string[],
  metrics: (indices: Indices) => readonly number[],
  options: Omit<BootstrapOptions, 'metricName'> = {},
): ConfidenceInterval[] {
  const nBootstrap = options.nBootstrap ?? DEFAULT_N_BOOTSTRAP;
  const alpha = options.alpha ?? DEFAULT_ALPHA;
  const seed = options.seed ?? DEFAULT_SEED;
  const confidenceLevel = pyRound(1 - alpha, 2);
  if (n === 0)
    return names.map((name) => ({
      metric_name: name,
      score: 0,
      ci_lower: 0,
      ci_upper: 0,
      ci_width: 0,
      n_bootstrap: nBootstrap,
      confidence_level: confidenceLevel,
      n_entries: 0,
      seed,
    }));
  const observed = metrics(identity(n));
  const rng = new PyRandom(seed);
  const scores = names.map(() => new Float64Array(nBootstrap));
  const sample = new Int32Array(n);
  for (let b = 0; b < nBootstrap; b++) {
    rng.fillRandbelow(n, sample);
    const values = metrics(sample);
    for (let m = 0; m < names.length; m++) scores[m][b] = values[m];
  }
  const [lo, hi] = boundIndices(nBootstrap, alpha);
  return names.map((name, m) => {
    const sorted = scores[m].sort();
    const lower = sorted[lo];
    const upper = sorted[hi];
    return {
      metric_name: name,
      score: pyRound(observed[m], 4),
      ci_lower: pyRound(lower, 4),
      ci_upper: pyRound(upper, 4),
      ci_width: pyRound(upper - lower, 4),
      n_bootstrap: nBootstrap,
      confidence_level: confidenceLevel,
      n_entries: n,
      seed,
    };
  });
}

/** `bootstrap_ci`: percentile interval of a corpus-level metric over `n` entries (one metric of `bootstrapCis`). */
export function bootstrapCi(n: number, metric: ResampleMetric, options: BootstrapOptions = {}): ConfidenceInterval {
  const { metricName = 'metric', ...rest } = options;
  return bootstrapCis(n, [metricName], (indices) => [metric(indices)], rest)[0];
}

/** `asdict(SignificanceResult)`, in the harness's field order. */
export interface SignificanceResult {
  metric_name: string;
  system_a_score: number;
  system_b_score: number;
  delta: number;
  p_value: number;
  n_bootstrap: number;
  confidence_level: number;
  significant: boolean;
  winner: 'A' | 'B' | null;
  ci_lower: number;
  ci_upper: number;
}

/**
 * `paired_bootstrap`: the same index draws applied to both systems (aligned entries, same ids in the same
 * order — the caller aligns them). p-value = share of resamples whose delta has the opposite sign (or is 0),
 * every resample when the observed delta is 0; significant when p < α.
 */
export function pairedBootstrap(n: number, metricA: ResampleMetric, metricB: ResampleMetric, options: BootstrapOptions = {}): SignificanceResult {
  const { metricName = 'metric', ...rest } = options;
  return pairedBootstraps(n, [metricName], (indices) => ({ a: [metricA(indices)], b: [metricB(indices)] }), rest)[0];
}

/** Both systems' values of every metric on one resample (one value per name each). */
export type PairedMetrics = (indices: Indices) => { a: readonly number[]; b: readonly number[] };

/**
 * Several `paired_bootstrap` calls over the same aligned entries with the same seed at once: each harness call
 * restarts `random.Random(seed)`, so every metric sees the same resamples; they are drawn once here and every
 * metric of both systems computed on each (by one function, so a caller can share one pass over a resample
 * between the two systems). Equal, metric by metric, to separate calls.
 */
export function pairedBootstraps(
  n: number,
  names: readonly string[],
  metrics: PairedMetrics,
  options: Omit<BootstrapOptions, 'metricName'> = {},
): SignificanceResult[] {
  const nBootstrap = options.nBootstrap ?? DEFAULT_N_BOOTSTRAP;
  const alpha = options.alpha ?? DEFAULT_ALPHA;
  const seed = options.seed ?? DEFAULT_SEED;
  if (n === 0) {
    return names.map((metricName) => ({
      metric_name: metricName,
      system_a_score: 0,
      system_b_score: 0,
      delta: 0,
      p_value: 1,
      n_bootstrap: nBootstrap,
      confidence_level: 1 - alpha,
      significant: false,
      winner: null,
      ci_lower: 0,
      ci_upper: 0,
    }));
  }
  const observedValues = metrics(identity(n));
  const scoresA = [...observedValues.a];
  const scoresB = [...observedValues.b];
  const observed = names.map((_, m) => scoresA[m] - scoresB[m]);
  const rng = new PyRandom(seed);
  const deltas = names.map(() => new Float64Array(nBootstrap));
  const opposite = names.map(() => 0);
  const sample = new Int32Array(n);
  for (let b = 0; b < nBootstrap; b++) {
    // randint(0, n - 1) n times: randbelow(n) each.
    rng.fillRandbelow(n, sample);
    const { a: va, b: vb } = metrics(sample);
    for (let m = 0; m < names.length; m++) {
      const d = va[m] - vb[m];
      const delta = observed[m];
      deltas[m][b] = d;
      if ((delta > 0 && d <= 0) || (delta < 0 && d >= 0) || delta === 0) opposite[m]++;
    }
  }
  // Unclamped, as significance.py indexes them.
  const lo = Math.trunc(nBootstrap * (alpha / 2));
  const hi = Math.trunc(nBootstrap * (1 - alpha / 2)) - 1;
  return names.map((metricName, m) => {
    const sorted = deltas[m].sort();
    const pValue = opposite[m] / nBootstrap;
    const delta = observed[m];
    const significant = pValue < alpha;
    return {
      metric_name: metricName,
      system_a_score: pyRound(scoresA[m], 4),
      system_b_score: pyRound(scoresB[m], 4),
      delta: pyRound(delta, 4),
      p_value: pyRound(pValue, 4),
      n_bootstrap: nBootstrap,
      confidence_level: pyRound(1 - alpha, 2),
      significant,
      winner: significant ? (delta > 0 ? 'A' : 'B') : null,
      ci_lower: pyRound(sorted.at(lo) ?? NaN, 4),
      ci_upper: pyRound(sorted.at(hi) ?? NaN, 4),
    };
  });
}
