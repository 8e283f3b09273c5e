import type { Bilingual, Locale } from '../../i18n/locale';
import { pick } from '../../i18n/locale';

/**
 * Quality tiers (Rosetta spec §5): heuristic labels on the automated composite, not quality judgements.
 * Deployable and above also need human validation (spec §7.2), which no score can stand in for.
 */
export type QualityTier = 'fluent' | 'deployable' | 'functional' | 'emerging' | 'baseline' | 'unscored';

export interface TierDefinition {
  tier: Exclude<QualityTier, 'unscored'>;
  /** Inclusive lower bound on the composite. */
  min: number;
  label: Bilingual;
}

/** Checked from the top: the first tier whose minimum the composite reaches. */
export const QUALITY_TIERS: readonly TierDefinition[] = [
  { tier: 'fluent', min: 0.85, label: { en: 'Fluent', fr: 'Fluide' } },
  { tier: 'deployable', min: 0.7, label: { en: 'Deployable', fr: 'Déployable' } },
  { tier: 'functional', min: 0.5, label: { en: 'Functional', fr: 'Fonctionnel' } },
  { tier: 'emerging', min: 0.3, label: { en: 'Emerging', fr: 'Émergent' } },
  { tier: 'baseline', min: 0, label: { en: 'Baseline', fr: 'Niveau de base' } },
];

const UNSCORED_LABEL: Bilingual = { en: 'Unscored', fr: 'Non noté' };

/**
 * The tier of a composite. Null (no metric available) is unscored; so is a value no tier admits (NaN, or a
 * negative composite, which only out-of-range inputs can produce).
 */
export function qualityTier(composite: number | null): QualityTier {
  if (composite === null) return 'unscored';
  for (const { tier, min } of QUALITY_TIERS) if (composite >= min) return tier;
  return 'unscored';
}

export function tierLabel(tier: QualityTier, locale: Locale): string {
  const label = tier === 'unscored' ? UNSCORED_LABEL : (QUALITY_TIERS.find((t) => t.tier === tier)?.label ?? UNSCORED_LABEL);
  return pick(label, locale);
}
