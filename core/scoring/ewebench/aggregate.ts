import { setOwn } from '../../json';
import { pyRound } from '../../python/round';
import { pythonSum, type PythonSum } from '../../python/sum';
import { CATEGORIES } from './categories';

/** Pass rule of the harness: the score rounded to 3 decimals (Python rounding), then `>= 0.7`; so 0.6999999999999998 passes. */
export function passes(score: number): boolean {
  return pyRound(score, 3) >= 0.7;
}

/**
 * Category score: the test scores added one by one in file order, divided by their number, times 100,
 * rounded to one decimal with Python's `round`. The harness skips a category with no tests; so do callers
 * (this returns 0 for an empty list, as the harness records for a skipped category).
 */
export function categoryScore(scores: readonly number[]): number {
  if (scores.length === 0) return 0;
  let total = 0;
  for (const s of scores) total += s;
  return pyRound((total / scores.length) * 100, 1);
}

export interface EweScoreOptions {
  /** Default 'compensated' (CPython 3.12 and later); 'sequential' reproduces a harness run on Python 3.11 or older. */
  pythonSum?: PythonSum;
}

/**
 * ÈwéScore over the categories that ran: their already rounded scores times their weights (the fractions
 * 0.15, 0.12, ...), accumulated in the harness's category order, divided by the `sum()` of their weights,
 * rounded to one decimal. Categories the harness does not know are left out; none at all gives 0, as the
 * harness reports.
 */
export function eweScore(categoryScores: Readonly<Record<string, number>>, options: EweScoreOptions = {}): number {
  let weighted = 0;
  const weights: number[] = [];
  for (const { stem, weight } of CATEGORIES) {
    if (!Object.hasOwn(categoryScores, stem)) continue;
    weighted += categoryScores[stem] * weight;
    weights.push(weight);
  }
  const active = pythonSum(weights, options.pythonSum ?? 'compensated');
  return pyRound(active > 0 ? weighted / active : 0, 1);
}

/**
 * The ÈwéScore a file's category scores give, and whether the file's declared one agrees: the harness sums the
 * weighted categories with Python's `sum()` (compensated from Python 3.12, sequential before), so either result
 * agrees. No category scores (a leaderboard row with the ÈwéScore alone): the declared one stands.
 */
export function checkedEweScore(declared: number | null, categories: Readonly<Record<string, number>>): { score: number | null; mismatch: boolean } {
  if (!Object.keys(categories).length) return { score: declared, mismatch: false };
  const recomputed = eweScore(categories);
  const agrees = declared !== null && (declared === recomputed || declared === eweScore(categories, { pythonSum: 'sequential' }));
  return { score: agrees ? declared : recomputed, mismatch: declared !== null && !agrees };
}

export interface RunScores {
  /** Score per category that has at least one scored test: the harness's ten first, in its order, then others. */
  categories: Record<string, number>;
  eweScore: number;
}

/**
 * The aggregates of a run from its scored tests, each filed under its tests file's stem, in file order.
 * Tests without a score (the harness would crash, or we cannot reproduce it) are left out.
 */
export function runScores(tests: readonly { category: string; score: number | null }[], options: EweScoreOptions = {}): RunScores {
  const byCategory = new Map<string, number[]>(CATEGORIES.map((c) => [c.stem, []]));
  for (const { category, score } of tests) {
    if (!byCategory.has(category)) byCategory.set(category, []);
    if (score !== null) byCategory.get(category)!.push(score);
  }
  const categories: Record<string, number> = {};
  for (const [category, scores] of byCategory) if (scores.length) setOwn(categories, category, categoryScore(scores));
  return { categories, eweScore: eweScore(categories, options) };
}
