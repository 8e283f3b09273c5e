import { pyRound } from '../../text/pyRound';
import { CATEGORIES } from './categories';

/** Pass rule of the harness: the score rounded to 3 decimals, then compared (so 0.6999999999999998 passes). */
export function passes(score: number): boolean {
  return pyRound(score, 3) >= 0.7;
}

/** Category score: the mean of the test scores, times 100, rounded to one decimal (Python rounding). */
export function categoryScore(scores: readonly number[]): number {
  let total = 0;
  for (const s of scores) total += s;
  return pyRound((scores.length ? total / scores.length : 0) * 100, 1);
}

/**
 * ÈwéScore over the categories that ran: their rounded scores weighted, summed in the harness's category order,
 * divided by the sum of their weights, rounded to one decimal. Categories the harness does not know are left out.
 */
export function eweScore(categoryScores: Readonly<Record<string, number>>): number {
  let weighted = 0;
  let active = 0;
  for (const { stem, weight } of CATEGORIES) {
    if (!(stem in categoryScores)) continue;
    weighted += categoryScores[stem] * weight;
  }
  for (const { stem, weight } of CATEGORIES) if (stem in categoryScores) active += weight;
  return pyRound(active > 0 ? weighted / active : 0, 1);
}
