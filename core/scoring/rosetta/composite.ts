import type { Bilingual } from '../../i18n/locale';
import { pyRound } from '../../text/pyRound';

/**
 * The Rosetta composite score (Scoring Specification §4, as the harness mt_eval_harness 3.0.0 implements it):
 * a weighted mean of the metrics that are available, with the weights of the missing ones redistributed.
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

/** Profile A: languages with an FST analyser. */
export const PROFILE_A: Readonly<Partial<Record<RosettaMetric, number>>> = {
  fst_acceptance_rate: 0.25,
  morphological_accuracy: 0.15,
  chrf_plus_plus: 0.15,
  semantic_score: 0.15,
  equivalent_match_rate: 0.1,
  code_switching_rate: 0.05,
  terminology_adherence: 0.05,
  hallucination_rate: 0.05,
  exact_match_rate: 0.05,
};

/** Profile B: languages without one. */
export const PROFILE_B: Readonly<Partial<Record<RosettaMetric, number>>> = {
  semantic_score: 0.25,
  chrf_plus_plus: 0.25,
  equivalent_match_rate: 0.15,
  exact_match_rate: 0.1,
  code_switching_rate: 0.1,
  terminology_adherence: 0.05,
  hallucination_rate: 0.05,
  orthographic_accuracy: 0.05,
};

/** Metrics where lower is better enter the composite as 1 - value; chrF++ enters on the 0–1 scale. */
function normalised(metric: RosettaMetric, value: number): number {
  if (metric === 'chrf_plus_plus') return value / 100;
  if (metric === 'code_switching_rate' || metric === 'hallucination_rate') return 1 - value;
  return value;
}

export type MetricValues = Partial<Record<RosettaMetric, number | null>>;

export interface Composite {
  /** Rounded to 4 decimals; null when no metric is available. */
  composite: number | null;
  profile: 'A' | 'B';
  /** The weights actually used after renormalisation, per metric that counted. */
  weights: Partial<Record<RosettaMetric, number>>;
}

export function compositeScore(metrics: MetricValues): Composite {
  const hasFst = metrics.fst_acceptance_rate !== undefined && metrics.fst_acceptance_rate !== null;
  const profile = hasFst ? 'A' : 'B';
  const table = hasFst ? PROFILE_A : PROFILE_B;
  let weighted = 0;
  let totalWeight = 0;
  const used: [RosettaMetric, number][] = [];
  for (const [metric, weight] of Object.entries(table) as [RosettaMetric, number][]) {
    const value = metrics[metric];
    if (value === undefined || value === null || Number.isNaN(value)) continue;
    weighted += weight * normalised(metric, value);
    totalWeight += weight;
    used.push([metric, weight]);
  }
  if (totalWeight === 0) return { composite: null, profile, weights: {} };
  return {
    composite: pyRound(weighted / totalWeight, 4),
    profile,
    weights: Object.fromEntries(used.map(([m, w]) => [m, w / totalWeight])),
  };
}

export type QualityTier = 'fluent' | 'deployable' | 'functional' | 'emerging' | 'baseline' | 'unscored';

/** Tier thresholds, checked from the top. */
export const TIERS: readonly { tier: QualityTier; min: number; label: Bilingual }[] = [
  { tier: 'fluent', min: 0.85, label: { en: 'Fluent', fr: 'Courant' } },
  { tier: 'deployable', min: 0.7, label: { en: 'Deployable', fr: 'Déployable' } },
  { tier: 'functional', min: 0.5, label: { en: 'Functional', fr: 'Fonctionnel' } },
  { tier: 'emerging', min: 0.3, label: { en: 'Emerging', fr: 'Émergent' } },
  { tier: 'baseline', min: 0, label: { en: 'Baseline', fr: 'Référence' } },
];

export function qualityTier(composite: number | null): QualityTier {
  if (composite === null || Number.isNaN(composite)) return 'unscored';
  return TIERS.find((t) => composite >= t.min)?.tier ?? 'unscored';
}

/** composite / log2(1 + cost per entry × 1000), rounded to 4; the composite itself when the run cost nothing. */
export function costAdjustedScore(composite: number | null, costPerEntryUsd: number | null): number | null {
  if (composite === null || costPerEntryUsd === null) return null;
  if (costPerEntryUsd <= 0) return composite;
  return pyRound(composite / Math.log2(1 + costPerEntryUsd * 1000), 4);
}
