import { categoryScore, passes } from '../../core/scoring/ewebench/aggregate';
import { summariseRuns } from '../../core/scoring/repeated';
import type { RunnableItem, RunRecord, TestRunRecord } from '../../core/run/types';
import type { FileSummaryView, ItemOutcome, RepeatSummary } from './lensModel';

/** One place records come from: a results file or run card on disk, or a run in progress. */
interface Source {
  records: readonly RunRecord[];
}

const idOf = (r: RunRecord) => (r.kind === 'ewebench-test' ? r.test_id : typeof r.entry_id === 'string' ? r.entry_id : JSON.stringify(r.entry_id));

/** The records of one item from one source: the newest run of it wins, with all its repeats. */
interface Batch {
  source: string;
  newest: string;
  records: RunRecord[];
}

/**
 * Every known result, by tests file (or corpus) and item. Results files are the source of truth: each is a
 * source, replaced whole when the file changes; a run in progress is a source too. For each item, the source
 * whose records of it are newest (`finished_at`) gives its outcome, so a CLI run or a colleague's results
 * file shows like one made in the editor. Pure: the VS Code store feeds it.
 */
export class ResultsIndex {
  private readonly sources = new Map<string, Source>();
  /** source_file → item id → newest batch; rebuilt lazily per file after a change. */
  private byFile?: Map<string, Map<string, Batch>>;

  setSource(key: string, records: readonly RunRecord[]): void {
    this.sources.set(key, { records });
    this.byFile = undefined;
  }

  /** Adds records to a source (a live run), creating it when new. */
  append(key: string, record: RunRecord): void {
    const existing = this.sources.get(key);
    this.sources.set(key, { records: existing ? [...existing.records, record] : [record] });
    this.byFile = undefined;
  }

  deleteSource(key: string): boolean {
    const had = this.sources.delete(key);
    if (had) this.byFile = undefined;
    return had;
  }

  get sourceCount(): number {
    return this.sources.size;
  }

  private index(): Map<string, Map<string, Batch>> {
    if (this.byFile) return this.byFile;
    const byFile = new Map<string, Map<string, Batch>>();
    for (const [source, { records }] of this.sources) {
      // Group this source's records by item first, so repeats of one run stay together.
      const local = new Map<string, Batch>();
      for (const r of records) {
        const k = `${r.source_file}\u0000${idOf(r)}`;
        const b = local.get(k);
        if (b) {
          b.records.push(r);
          if (r.finished_at > b.newest) b.newest = r.finished_at;
        } else local.set(k, { source, newest: r.finished_at, records: [r] });
      }
      for (const b of local.values()) {
        const first = b.records[0];
        let items = byFile.get(first.source_file);
        if (!items) byFile.set(first.source_file, (items = new Map()));
        const id = idOf(first);
        const current = items.get(id);
        if (!current || b.newest > current.newest) items.set(id, b);
      }
    }
    return (this.byFile = byFile);
  }

  /** The newest records of an item (several for `Run ×K`), repeat order. */
  records(sourceFile: string, id: string): RunRecord[] {
    const batch = this.index().get(sourceFile)?.get(id);
    return batch ? [...batch.records].sort((a, b) => a.repeat - b.repeat) : [];
  }

  /** Newest outcome per item id of a file. */
  outcomes(sourceFile: string): Map<string, ItemOutcome> {
    const out = new Map<string, ItemOutcome>();
    const items = this.index().get(sourceFile);
    if (!items) return out;
    for (const [id, batch] of items) out.set(id, outcomeOf(batch.records));
    return out;
  }

  /** The records of each source (a results file, a run card, a live run). */
  *sourceRecords(): Iterable<readonly RunRecord[]> {
    for (const { records } of this.sources.values()) yield records;
  }

  /** Source files (workspace-relative) that have results. */
  files(): string[] {
    return [...this.index().keys()];
  }
}

/** The outcome of one item's newest batch: its last record, and over several repeats their mean ± SE. */
export function outcomeOf(records: readonly RunRecord[]): ItemOutcome {
  const last = records.reduce((a, b) => (b.repeat > a.repeat ? b : a));
  if (last.kind === 'corpus-entry') return { kind: 'corpus-entry', record: last };
  const tests = records as readonly TestRunRecord[];
  if (tests.length < 2) return { kind: 'ewebench-test', record: last };
  return { kind: 'ewebench-test', record: last, repeat: repeatSummary(tests) };
}

export function repeatSummary(records: readonly TestRunRecord[]): RepeatSummary {
  const scores = records.map((r) => r.score).filter((s): s is number => s !== null);
  const errored = records.filter((r) => r.error !== null).length;
  if (scores.length === 0) return { runs: records.length, mean: 0, standardError: null, errored };
  const s = summariseRuns(scores);
  return { runs: records.length, mean: s.mean, standardError: s.standardError, errored };
}

/** The score a test counts for in aggregates: its score, or the mean of its repeats; null when unscored. */
export function outcomeScore(outcome: ItemOutcome): number | null {
  if (outcome.kind !== 'ewebench-test') return null;
  if (outcome.repeat && outcome.repeat.runs > 1) return outcome.repeat.runs > outcome.repeat.errored ? outcome.repeat.mean : null;
  return outcome.record.score;
}

/**
 * The top-of-file summary of a tests file from the outcomes of its current items: the category score as the
 * harness computes it over the tests that were scored, how many passed, and how many errored (never scored
 * as 0). Stale results still count: the lens marks them.
 */
export function testsFileSummary(category: string, items: readonly RunnableItem[], outcomes: ReadonlyMap<string, ItemOutcome>): FileSummaryView | undefined {
  const scores: number[] = [];
  let errored = 0;
  let passed = 0;
  let seen = 0;
  for (const item of items) {
    const outcome = outcomes.get(item.id);
    if (!outcome || outcome.kind !== 'ewebench-test') continue;
    seen++;
    const score = outcomeScore(outcome);
    if (score === null) {
      if (outcome.record.error !== null) errored++;
      continue;
    }
    scores.push(score);
    if (passes(score)) passed++;
  }
  if (seen === 0) return undefined;
  return { kind: 'ewebench-tests', category, score: scores.length ? categoryScore(scores) : null, total: items.length, passed, errored };
}

export interface CategoryResult {
  category: string;
  /** The category score (0–100) over the tests with a score. */
  score: number;
  tests: number;
  errored: number;
}

export interface ModelEweScore {
  model: string;
  eweScore: number;
  categories: CategoryResult[];
}

/**
 * The ÈwéScore of each model over the categories that have results: per model, the newest result of each
 * test, category scores as the harness computes them, weighted by core's `eweScore`.
 */
export function eweScoresByModel(sources: Iterable<readonly RunRecord[]>, score: (categories: Record<string, number>) => number): ModelEweScore[] {
  // model → category → test → newest batch (one source's records of it: a run, with its repeats)
  const newest = new Map<string, Map<string, Map<string, { at: string; records: TestRunRecord[] }>>>();
  for (const records of sources) {
    const local = new Map<string, { model: string; category: string; at: string; records: TestRunRecord[] }>();
    for (const r of records) {
      if (r.kind !== 'ewebench-test') continue;
      const key = `${r.model}\u0000${r.source_file}\u0000${r.test_id}`;
      const b = local.get(key);
      if (b) {
        b.records.push(r);
        if (r.finished_at > b.at) b.at = r.finished_at;
      } else local.set(key, { model: r.model, category: r.category, at: r.finished_at, records: [r] });
    }
    for (const [key, b] of local) {
      let cats = newest.get(b.model);
      if (!cats) newest.set(b.model, (cats = new Map()));
      let tests = cats.get(b.category);
      if (!tests) cats.set(b.category, (tests = new Map()));
      const current = tests.get(key);
      if (!current || b.at > current.at) tests.set(key, { at: b.at, records: b.records });
    }
  }
  const out: ModelEweScore[] = [];
  for (const [model, cats] of newest) {
    const categories: CategoryResult[] = [];
    for (const [category, tests] of cats) {
      const scores: number[] = [];
      let errored = 0;
      for (const batch of tests.values()) {
        const s = outcomeScore(outcomeOf(batch.records));
        if (s === null) errored++;
        else scores.push(s);
      }
      if (scores.length) categories.push({ category, score: categoryScore(scores), tests: tests.size, errored });
    }
    if (categories.length) out.push({ model, eweScore: score(Object.fromEntries(categories.map((c) => [c.category, c.score]))), categories });
  }
  return out.sort((a, b) => b.eweScore - a.eweScore);
}
