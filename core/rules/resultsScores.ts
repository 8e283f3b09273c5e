import type { Locale } from '../i18n/locale';
import { isObject } from '../json';
import { decimal } from '../i18n/number';
import { checkedEweScore } from '../scoring/ewebench/aggregate';
import type { Finding } from './finding';
import { msg } from './messages';

/**
 * An ÈwéBench results file whose declared `ewe_score` is not the one its category scores give (the harness's
 * weighted mean of the categories that ran): the leaderboard ranks by the recomputed one, and this says so where
 * the file is edited, with both figures.
 */
export function eweScoreFindings(value: unknown, locale: Locale): Finding[] {
  if (!isObject(value) || !isObject(value.categories)) return [];
  const declared = typeof value.ewe_score === 'number' && Number.isFinite(value.ewe_score) ? value.ewe_score : null;
  if (declared === null) return [];
  const categories: Record<string, number> = {};
  for (const [stem, c] of Object.entries(value.categories)) {
    if (isObject(c) && c.skipped !== true && typeof c.score === 'number' && Number.isFinite(c.score)) categories[stem] = c.score;
  }
  const checked = checkedEweScore(declared, categories);
  if (!checked.mismatch || checked.score === null) return [];
  return [
    {
      code: 'score-inconsistent',
      message: msg(locale, 'scoreInconsistent', {
        field: 'ewe_score',
        actual: declared,
        formula: locale === 'fr' ? 'Σ (score de catégorie × poids) / Σ poids actifs' : 'Σ (category score × weight) / Σ active weights',
        expected: decimal(checked.score, 1, locale),
      }),
      at: { path: ['ewe_score'] },
    },
  ];
}
