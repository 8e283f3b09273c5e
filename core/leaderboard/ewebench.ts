import type { Run } from '../runs/types';
import { checkedEweScore, runScores } from '../scoring/ewebench/aggregate';
import { CATEGORIES } from '../scoring/ewebench/categories';
import { bootstrapCi } from '../stats/bootstrap';
import { assignRanks, type Interval } from './rank';
import { compareBy, stableSort, type BoardOptions } from './rosetta';

/**
 * ÈwéBench leaderboard rows: the ÈwéScore and the ten category scores of a results file (ours or the harness's
 * report, same shape), with an interval on the ÈwéScore from its per-test scores, ranked by ÈwéScore. Pure.
 */

export interface EweBenchRow {
  path: string;
  rank: number | null;
  /** The ÈwéScore's interval overlaps a neighbour's: the order between them is not established. */
  tie: boolean;
  model: string;
  run_id: string;
  /** The ÈwéScore the board ranks by: recomputed from the file's category scores as the harness computes it. */
  ewe_score: number | null;
  /** The ÈwéScore the file declares. */
  declared_ewe_score: number | null;
  /** The declared ÈwéScore is not the one its categories give: the row is ranked by the recomputed one, and marked. */
  ewe_score_mismatch: boolean;
  ewe_score_ci: Interval | null;
  /** Score (0–100) per category of the ten, in the harness's order; null when the category did not run. */
  categories: Record<string, number | null>;
  /** Scored tests (runs, with repeats) the ÈwéScore rests on. */
  tests: number;
  date: string;
}

interface ScoredTest {
  category: string;
  score: number | null;
}

/**
 * The ÈwéScore's percentile interval: tests drawn with replacement across the run (Python's `random.Random(12345)`,
 * 1,000 resamples, as the Rosetta harness draws), each resample scored by the harness's own aggregation
 * (category means, then the weighted ÈwéScore over the categories drawn). Null with fewer than two tests.
 */
export function eweScoreInterval(tests: readonly ScoredTest[], nBootstrap?: number): Interval | null {
  if (tests.length < 2) return null;
  const ci = bootstrapCi(tests.length, (indices) => runScores(Array.from(indices, (i) => tests[i])).eweScore, { nBootstrap, metricName: 'ewe_score' });
  return { lower: ci.ci_lower, upper: ci.ci_upper, source: 'bootstrap' };
}

/**
 * One ÈwéBench run's row, unranked, from the runs reader (a results file, ours or the harness's, or a row of the
 * harness's `leaderboard.json`): the figures as the file states them, the interval from its scored tests when it
 * lists them (a leaderboard row lists none: no interval).
 */
export function eweBenchRowOfRun(path: string, run: Run): EweBenchRow {
  const categories: Record<string, number | null> = {};
  for (const { stem } of CATEGORIES) categories[stem] = Object.hasOwn(run.figures.categories, stem) ? run.figures.categories[stem] : null;
  const tests = run.items.filter((i) => i.score !== null).map((i) => ({ category: i.group, score: i.score }));
  const checked = checkedEweScore(run.figures.eweScore, run.figures.categories);
  return {
    path: run.provenance.format === 'ewebench-leaderboard' ? `${path}#${run.provenance.index}` : path,
    rank: null,
    tie: false,
    model: run.model,
    run_id: run.provenance.runId ?? '',
    ewe_score: checked.score,
    declared_ewe_score: run.figures.eweScore,
    ewe_score_mismatch: checked.mismatch,
    ewe_score_ci: eweScoreInterval(tests),
    categories,
    tests: tests.length || (run.figures.total ?? 0),
    date: run.provenance.timestamp ?? '',
  };
}

export const EWEBENCH_SORT_KEYS = ['rank', 'model', 'ewe_score', 'date', ...CATEGORIES.map((c) => c.stem)] as const;

/** Ranked by the recomputed ÈwéScore (rows without one follow, unranked); ordered by another column when asked, or by a category's score. */
export function eweBenchBoard(rows: readonly EweBenchRow[], options: BoardOptions<string> = {}): EweBenchRow[] {
  const copies = rows.map((r) => ({ ...r }));
  const ranked = assignRanks(
    copies.filter((r) => r.ewe_score !== null),
    (r) => r.ewe_score,
    (r) => r.ewe_score_ci,
    (a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0),
  );
  const ordered = [...ranked, ...copies.filter((r) => r.ewe_score === null)];
  const key = options.sort;
  if (!key || key === 'rank') return options.descending ? ordered.reverse() : ordered;
  if (CATEGORIES.some((c) => c.stem === key)) {
    const flat = ordered.map((r) => ({ r, v: r.categories[key] ?? null }));
    return stableSort(flat, compareBy<{ r: EweBenchRow; v: number | null }>('v', options.descending)).map((x) => x.r);
  }
  return stableSort(ordered, compareBy<EweBenchRow>(key as keyof EweBenchRow & string, options.descending));
}
