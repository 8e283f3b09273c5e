import { pyRound } from '../../python/round';
import { pythonSum } from '../../python/sum';

/**
 * The Rosetta composite (Scoring Specification §4, as mt_eval_harness 3.0.0 computes it): a weighted mean of
 * the metrics available for a run, the weights of missing metrics redistributed over the others.
 */
export type RosettaMetric =
  | 'fst_acceptance_rate'
  | 'morphological_accuracy'
  | 'chrf_plus_plus'
  | 'semantic_score'
  | 'equivalent_match_rate'
  | 'code_switching_rate'
  | 'terminology_adherence'
  | 'hallucination_rate'
  | 'exact_match_rate'
  | 'orthographic_accuracy';

export type CompositeProfile = 'A' | 'B';

type WeightTable = Readonly<Partial<Record<RosettaMetric, number>>>;

/**
 * Weight tables in the harness's order (the order of summation, which can matter in the last bit before
 * rounding). Profile A is for languages with an FST analyser; structural metrics carry 40% of it.
 */
export const PROFILE_WEIGHTS: Readonly<Record<CompositeProfile, WeightTable>> = {
  A: {
    fst_acceptance_rate: 0.25,
    morphological_accuracy: 0.15,
    chrf_plus_plus: 0.15,
    semantic_score: 0.15,
    equivalent_match_rate: 0.1,
    code_switching_rate: 0.05,
    terminology_adherence: 0.05,
    hallucination_rate: 0.05,
    exact_match_rate: 0.05,
  },
  B: {
    semantic_score: 0.25,
    chrf_plus_plus: 0.25,
    equivalent_match_rate: 0.15,
    exact_match_rate: 0.1,
    code_switching_rate: 0.1,
    terminology_adherence: 0.05,
    hallucination_rate: 0.05,
    orthographic_accuracy: 0.05,
  },
};

/** Rates where lower is better: they enter the composite as 1 - value. */
export const INVERTED_METRICS: readonly RosettaMetric[] = ['code_switching_rate', 'hallucination_rate'];

/** The value a metric contributes: chrF++ moves from its native 0–100 scale to 0–1, "lower is better" rates flip. */
export function compositeInput(metric: RosettaMetric, value: number): number {
  if (metric === 'chrf_plus_plus') return value / 100;
  if (INVERTED_METRICS.includes(metric)) return 1 - value;
  return value;
}

/** Metric values as a run card's `scores` holds them; null or absent means "not available". */
export type RosettaMetricValues = Partial<Record<RosettaMetric, number | null>>;

export interface CompositeResult {
  /** Rounded to 4 decimals (Python rounding); null when no metric of the profile is available. */
  composite: number | null;
  /** A when an FST acceptance rate exists, else B. */
  profile: CompositeProfile;
  /** Weight each counted metric carried after renormalisation (they sum to 1), in table order. */
  weights: Partial<Record<RosettaMetric, number>>;
  /** Metrics of the profile that were unavailable and had their weight redistributed. */
  missing: RosettaMetric[];
  /** Metrics given a value that the profile does not weigh (e.g. orthographic_accuracy under Profile A). */
  ignored: RosettaMetric[];
}

function available(value: number | null | undefined): value is number {
  return value !== null && value !== undefined;
}

/** Throws RangeError on NaN or ±Infinity: a broken metric must not pass for a missing one. */
export function compositeScore(metrics: RosettaMetricValues): CompositeResult {
  for (const [metric, value] of Object.entries(metrics)) {
    if (available(value) && !Number.isFinite(value)) throw new RangeError(`metric ${metric} is not a finite number: ${value}`);
  }
  const profile: CompositeProfile = available(metrics.fst_acceptance_rate) ? 'A' : 'B';
  const table = PROFILE_WEIGHTS[profile];
  const counted: [RosettaMetric, number][] = [];
  const inputs: number[] = [];
  const missing: RosettaMetric[] = [];
  for (const [metric, weight] of Object.entries(table) as [RosettaMetric, number][]) {
    const value = metrics[metric];
    if (!available(value)) {
      missing.push(metric);
      continue;
    }
    counted.push([metric, weight]);
    inputs.push(compositeInput(metric, value));
  }
  const ignored = (Object.keys(metrics) as RosettaMetric[]).filter((m) => available(metrics[m]) && !(m in table));
  if (counted.length === 0) return { composite: null, profile, weights: {}, missing, ignored };
  // As scoring.py computes it: total = sum(weights); composite = sum((w / total) * v), Python's sum (3.12+).
  const weightTotal = pythonSum(
    counted.map(([, w]) => w),
    'compensated',
  );
  return {
    composite: pyRound(
      pythonSum(
        counted.map(([, w], k) => (w / weightTotal) * inputs[k]),
        'compensated',
      ),
      4,
    ),
    profile,
    weights: Object.fromEntries(counted.map(([m, w]) => [m, w / weightTotal])),
    missing,
    ignored,
  };
}

const ALL_METRICS: readonly RosettaMetric[] = [...new Set([...Object.keys(PROFILE_WEIGHTS.A), ...Object.keys(PROFILE_WEIGHTS.B)])] as RosettaMetric[];

/**
 * The composite's inputs picked from a run card's `scores` object: finite numbers are kept, anything else
 * (null, absent, a string, NaN) becomes null, so `compositeScore` can be called on untrusted JSON.
 */
export function metricValuesFromScores(scores: unknown): RosettaMetricValues {
  const out: RosettaMetricValues = {};
  if (typeof scores !== 'object' || scores === null) return out;
  const record = scores as Record<string, unknown>;
  for (const metric of ALL_METRICS) {
    const value = record[metric];
    out[metric] = typeof value === 'number' && Number.isFinite(value) ? value : null;
  }
  return out;
}
