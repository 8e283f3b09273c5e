import type { Run } from '../runs/types';
import { assignRanks, type Interval } from './rank';

/**
 * The task suites' board: one row per suite run, SEA-HELM's overall score (the mean over runs of the languages'
 * mean, normalised by chance) with its standard error over runs, and each task's score, as the results file
 * states them (`core/suite/seahelm.ts` computed them). Runs are ranked within their suite only (another suite
 * asks other questions); neighbours whose mean ± 1.96 standard errors overlap are marked tied. Pure.
 */

export interface SuiteRow {
  path: string;
  rank: number | null;
  tie: boolean;
  /** The suite's name as the results file gives it ('' when it does not). */
  suite: string;
  model: string;
  /** SEA-HELM's overall score (0 = chance, 100 = all right) and its standard error over runs (null with one run). */
  overall: number;
  overall_se: number | null;
  /** overall ± 1.96 standard errors: what ties are read from; null without a standard error. */
  overall_ci: Interval | null;
  runs: number;
  /** Each task's score, by task id, in the file's order. */
  tasks: Record<string, number>;
  /** Items the file records outcomes for. */
  items: number;
}

/** The normal quantile of a two-sided 95% interval. */
const Z95 = 1.959963984540054;

/** A suite run's row, unranked; null for a run that is not a suite's. */
export function suiteRowOfRun(path: string, run: Run): SuiteRow | null {
  const s = run.figures.suite;
  if (run.kind !== 'suite' || !s) return null;
  const se = s.overall.standardError;
  const tasks: Record<string, number> = {};
  for (const t of s.tasks) if (!Object.hasOwn(tasks, t.id)) tasks[t.id] = t.mean;
  return {
    path,
    rank: null,
    tie: false,
    suite: run.provenance.datasetId ?? '',
    model: run.model,
    overall: s.overall.mean,
    overall_se: se,
    overall_ci: se === null ? null : { lower: s.overall.mean - Z95 * se, upper: s.overall.mean + Z95 * se, source: 'standard-error' },
    runs: s.runs,
    tasks,
    items: run.figures.total ?? 0,
  };
}

/** Suites in code-point order, each suite's runs ranked by overall score (path breaks equal scores). */
export function suiteBoard(rows: readonly SuiteRow[]): SuiteRow[] {
  const suites = [...new Set(rows.map((r) => r.suite))].sort((x, y) => (x < y ? -1 : x > y ? 1 : 0));
  return suites.flatMap((suite) =>
    assignRanks(
      rows.filter((r) => r.suite === suite).map((r) => ({ ...r })),
      (r) => r.overall,
      (r) => r.overall_ci,
      (a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0),
    ),
  );
}
