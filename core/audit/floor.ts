import { setOwn } from '../json';
import { runScores, type EweScoreOptions, type RunScores } from '../scoring/ewebench/aggregate';
import { auditTestCached, type AuditOptions, type TestAudit } from './auditTest';
import { BASELINES, type Baseline } from './baselines';

export interface AuditedTest {
  category: string;
  test: unknown;
}

/** The name of the floor that takes, for each test, its best non-answer. */
export const BEST_OF = 'best-of';

/**
 * The floor: the ÈwéScore and category scores each baseline would get on these tests, computed with the
 * harness's aggregation. A test a baseline does not apply to (no keywords, not multiple choice, the harness
 * would crash) gets 0 from it, since the harness would score that response 0 or not at all. `best-of` takes
 * each test's best counted baseline: what a set of canned non-answers earns when the right one is picked per test.
 */
export function floorScores(tests: readonly AuditedTest[], options: AuditOptions & EweScoreOptions = {}): Record<string, RunScores> {
  const audits: { category: string; audit: TestAudit }[] = tests.map((t) => ({ category: t.category, audit: auditTestCached(t.test, options) }));
  const baselines: readonly Baseline[] = [...BASELINES, ...(options.extra ?? [])];
  const out: Record<string, RunScores> = {};
  for (const b of baselines) {
    if (!audits.some((a) => a.audit.scores.some((s) => s.baseline === b.id))) continue;
    setOwn(
      out,
      b.id,
      runScores(
        audits.map(({ category, audit }) => ({ category, score: audit.scores.find((s) => s.baseline === b.id)?.score ?? 0 })),
        options,
      ),
    );
  }
  out[BEST_OF] = runScores(
    audits.map(({ category, audit }) => ({ category, score: audit.floor })),
    options,
  );
  return out;
}
