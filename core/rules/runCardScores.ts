import type { JsonPath } from '../document/jsonDocument';
import type { Locale } from '../i18n/locale';
import type { Finding } from './finding';
import { msg } from './messages';
import { isObject } from '../json';

function num(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

/** The harness rounds rates to 4 decimals; anything further off than half a unit of that is a real disagreement. */
const RATE_TOLERANCE = 0.5e-4 + 1e-12;
const COST_TOLERANCE = 0.5e-6 + 1e-12;

/** Each rate in `scores` with the count it is derived from (spec §3.4). */
const RATES: [rate: string, count: string][] = [
  ['exact_match_rate', 'exact_matches'],
  ['equivalent_match_rate', 'equivalent_matches'],
  ['fst_acceptance_rate', 'fst_accepted'],
];

/** Rates that disagree with their counts, totals that disagree with the per-entry results, cost per entry. */
export function scoreConsistencyFindings(card: unknown, locale: Locale): Finding[] {
  if (!isObject(card) || !isObject(card.scores)) return [];
  const scores = card.scores;
  const out: Finding[] = [];
  const flag = (path: JsonPath, field: string, actual: number, formula: string, expected: number, digits = 4) =>
    out.push({
      code: 'score-inconsistent',
      message: msg(locale, 'scoreInconsistent', { field, actual, formula, expected: Number(expected.toFixed(digits)) }),
      at: { path },
    });

  const total = num(scores.total);
  // mt_eval_harness divides by the entries without an error and records that count as `scores.evaluated`.
  const evaluated = num(scores.evaluated);
  if (total !== undefined && total > 0) {
    for (const [rateField, countField] of RATES) {
      const rate = num(scores[rateField]);
      const count = num(scores[countField]);
      if (rate === undefined || count === undefined) continue;
      const expected = count / total;
      if (Math.abs(rate - expected) <= RATE_TOLERANCE) continue;
      if (evaluated !== undefined && evaluated > 0 && Math.abs(rate - count / evaluated) <= RATE_TOLERANCE) continue;
      flag(['scores', rateField], `scores.${rateField}`, rate, `${countField} / total = ${count} / ${total}`, expected);
    }
  }

  const results = Array.isArray(card.results) ? card.results.filter(isObject) : undefined;
  if (results && results.length > 0) {
    if (total !== undefined && total !== results.length) flag(['scores', 'total'], 'scores.total', total, 'results.length', results.length, 0);
    const exact = num(scores.exact_matches);
    const exactCount = results.filter((r) => r.exact_match === true).length;
    if (exact !== undefined && results.every((r) => typeof r.exact_match === 'boolean') && exact !== exactCount) {
      flag(['scores', 'exact_matches'], 'scores.exact_matches', exact, 'results[].exact_match', exactCount, 0);
    }
    const errors = num(scores.errors);
    const errorCount = results.filter((r) => typeof r.error === 'string' && r.error !== '').length;
    if (errors !== undefined && errors !== errorCount) flag(['scores', 'errors'], 'scores.errors', errors, 'results[].error', errorCount, 0);
  }

  if (isObject(card.dataset) && total !== undefined) {
    const entryCount = num(card.dataset.entry_count);
    if (entryCount !== undefined && entryCount !== total) flag(['dataset', 'entry_count'], 'dataset.entry_count', entryCount, 'scores.total', total, 0);
  }

  if (isObject(card.totals)) {
    const cost = num(card.totals.total_cost_usd);
    const perEntry = num(card.totals.cost_per_entry_usd);
    const count = num(isObject(card.dataset) ? card.dataset.entry_count : undefined) ?? total;
    if (cost !== undefined && perEntry !== undefined && count !== undefined && count > 0) {
      const expected = cost / count;
      // Per-entry costs are tiny: compare relative to the value as well as absolutely.
      if (Math.abs(perEntry - expected) > Math.max(COST_TOLERANCE, Math.abs(expected) * 1e-4)) {
        flag(['totals', 'cost_per_entry_usd'], 'totals.cost_per_entry_usd', perEntry, `total_cost_usd / entry_count = ${cost} / ${count}`, expected, 8);
      }
    }
  }
  return out;
}
