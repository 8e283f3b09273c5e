import { categoryOf } from '../../core/scoring/ewebench/categories';
import { latestResults, summariseEntryRecords, summariseTestRecords, type LatestResult } from '../../core/run/summary';
import type { EntryRunRecord, RunnableItem, RunRecord, SuiteItemRunRecord, TestRunRecord } from '../../core/run/types';
import { recordItemId } from '../../core/run/items';
import type { EweScoreOptions } from '../../core/scoring/ewebench/aggregate';
import { repeatStats } from '../../core/scoring/repeated';
import type { FileSummaryView, ItemOutcome, ModelOutcome, RepeatSummary } from './lensModel';

const idOf = recordItemId;

/**
 * Every known result, by tests file (or corpus) and item. Results files and run cards are the source of
 * truth: each is a source, replaced whole when the file changes; a run in progress is a source too. Which
 * result is an item's newest, and how repeats combine, is core's `latestResults`; this only files records by
 * source and by document and caches per file until something changes. Pure: the VS Code store feeds it.
 */
export class ResultsIndex {
  private readonly sources = new Map<string, readonly RunRecord[]>();
  private byFile?: Map<string, RunRecord[]>;
  private readonly latest = new Map<string, Map<string, LatestResult>>();
  /** Outcome objects stay the same until the records change, so lens titles can be cached on them. */
  private readonly outcomeCache = new Map<string, Map<string, ItemOutcome>>();
  /** Per file: item id → model → that model's newest result (core's rule applied to each model's records). */
  private readonly latestByModel = new Map<string, Map<string, Map<string, LatestResult>>>();
  private readonly modelOutcomeCache = new Map<string, Map<string, ModelOutcome[]>>();

  setSource(key: string, records: readonly RunRecord[]): void {
    this.sources.set(key, records);
    this.invalidate();
  }

  /** Adds a record to a source (a live run), creating it when new. */
  append(key: string, record: RunRecord): void {
    this.sources.set(key, [...(this.sources.get(key) ?? []), record]);
    this.invalidate();
  }

  deleteSource(key: string): boolean {
    const had = this.sources.delete(key);
    if (had) this.invalidate();
    return had;
  }

  private invalidate(): void {
    this.byFile = undefined;
    this.latest.clear();
    this.outcomeCache.clear();
    this.latestByModel.clear();
    this.modelOutcomeCache.clear();
  }

  private recordsByFile(): Map<string, RunRecord[]> {
    if (this.byFile) return this.byFile;
    const byFile = new Map<string, RunRecord[]>();
    for (const records of this.sources.values()) {
      for (const r of records) {
        const list = byFile.get(r.source_file);
        if (list) list.push(r);
        else byFile.set(r.source_file, [r]);
      }
    }
    return (this.byFile = byFile);
  }

  /** Newest result per item id of a file (core's rule), computed once per change. */
  private latestOf(sourceFile: string): Map<string, LatestResult> {
    let byId = this.latest.get(sourceFile);
    if (!byId) {
      byId = new Map();
      for (const result of latestResults(this.recordsByFile().get(sourceFile) ?? []).values()) byId.set(idOf(result.latest), result);
      this.latest.set(sourceFile, byId);
    }
    return byId;
  }

  /** The newest records of an item: one, or the K runs of a `Run ×K`, by repeat. */
  records(sourceFile: string, id: string): RunRecord[] {
    return this.latestOf(sourceFile).get(id)?.runs ?? [];
  }

  outcomes(sourceFile: string): ReadonlyMap<string, ItemOutcome> {
    let out = this.outcomeCache.get(sourceFile);
    if (!out) {
      out = new Map();
      for (const [id, result] of this.latestOf(sourceFile)) out.set(id, outcomeOf(result.runs));
      this.outcomeCache.set(sourceFile, out);
    }
    return out;
  }

  /** Newest result per item and model of a file: the records grouped by model once, then core's rule per group. */
  private latestPerModel(sourceFile: string): Map<string, Map<string, LatestResult>> {
    let byId = this.latestByModel.get(sourceFile);
    if (!byId) {
      byId = new Map();
      const byModel = new Map<string, RunRecord[]>();
      for (const r of this.recordsByFile().get(sourceFile) ?? []) {
        const list = byModel.get(r.model);
        if (list) list.push(r);
        else byModel.set(r.model, [r]);
      }
      for (const [model, records] of byModel) {
        for (const result of latestResults(records).values()) {
          const id = idOf(result.latest);
          let models = byId.get(id);
          if (!models) byId.set(id, (models = new Map()));
          models.set(model, result);
        }
      }
      this.latestByModel.set(sourceFile, byId);
    }
    return byId;
  }

  /** The newest records of an item for each model that has one (a `Run on all models`' details). */
  recordsByModel(sourceFile: string, id: string): Map<string, RunRecord[]> {
    const out = new Map<string, RunRecord[]>();
    for (const [model, result] of this.latestPerModel(sourceFile).get(id) ?? []) out.set(model, result.runs);
    return out;
  }

  /** Per item id, the newest outcome of each model that has results for it (the compact per-model lens). */
  outcomesByModel(sourceFile: string): ReadonlyMap<string, readonly ModelOutcome[]> {
    let out = this.modelOutcomeCache.get(sourceFile);
    if (!out) {
      out = new Map();
      for (const [id, models] of this.latestPerModel(sourceFile)) {
        out.set(
          id,
          [...models].map(([model, result]) => ({ model, outcome: outcomeOf(result.runs) })),
        );
      }
      this.modelOutcomeCache.set(sourceFile, out);
    }
    return out;
  }

  /** Every record, for aggregates across files (the ÈwéScore). */
  allRecords(): RunRecord[] {
    return [...this.recordsByFile().values()].flat();
  }

  /** The records of an item's newest result for each current item of a document (stale ones included). */
  currentRuns(sourceFile: string, items: readonly RunnableItem[]): RunRecord[] {
    const latest = this.latestOf(sourceFile);
    const out: RunRecord[] = [];
    for (const item of items) {
      const result = latest.get(item.id);
      if (result && result.latest.kind === item.kind) for (const r of result.runs) out.push(r);
    }
    return out;
  }
}

/** The outcome of one item's newest runs: the last, and over several repeats their mean ± SE. */
export function outcomeOf(runs: readonly RunRecord[]): ItemOutcome {
  const last = runs.reduce((a, b) => (b.repeat > a.repeat ? b : a));
  if (last.kind === 'corpus-entry') return { kind: 'corpus-entry', record: last };
  if (last.kind === 'suite-item') return { kind: 'suite-item', record: last, ...(runs.length > 1 ? { runs: runs as readonly SuiteItemRunRecord[] } : {}) };
  if (runs.length < 2) return { kind: 'ewebench-test', record: last };
  return { kind: 'ewebench-test', record: last, repeat: repeatSummary(runs as readonly TestRunRecord[]) };
}

export function repeatSummary(runs: readonly TestRunRecord[]): RepeatSummary {
  const scores = runs.map((r) => r.score).filter((x): x is number => x !== null && Number.isFinite(x));
  const summary = scores.length ? repeatStats(scores) : null;
  const errored = runs.filter((r) => r.error !== null).length;
  return { runs: runs.length, mean: summary?.mean ?? 0, standardError: summary?.standardError ?? null, errored };
}

/**
 * The top-of-file summary of a tests file: core's category figures over the newest runs of its current items
 * (the tests that errored are counted apart, never scored 0).
 */
export function testsFileSummary(category: string, items: readonly RunnableItem[], runs: readonly RunRecord[]): FileSummaryView | undefined {
  const tests = runs.filter((r): r is TestRunRecord => r.kind === 'ewebench-test');
  if (tests.length === 0) return undefined;
  // Records carry their category; a renamed file's older results are counted under its current stem.
  const summary = summariseTestRecords(tests.every((r) => r.category === category) ? tests : tests.map((r) => ({ ...r, category })));
  const c = summary.categories[category];
  const ran = new Set(tests.map((r) => r.test_id)).size;
  return {
    kind: 'ewebench-tests',
    category,
    score: c?.score ?? null,
    total: items.length,
    ran,
    passed: c?.passed ?? 0,
    errored: c?.errored ?? 0,
    harnessCategory: categoryOf(category) !== undefined,
  };
}

/** The top-of-file summary of a corpus: composite, tier and cost as its run card would state them. */
export function corpusFileSummary(runs: readonly RunRecord[], locale: 'en' | 'fr'): FileSummaryView | undefined {
  const entries = runs.filter((r): r is EntryRunRecord => r.kind === 'corpus-entry');
  if (entries.length === 0) return undefined;
  const s = summariseEntryRecords(entries);
  return { kind: 'rosetta-corpus', composite: s.composite, tier: s.tierLabel[locale], costUsd: s.totalCostUsd, entries: s.total, errored: s.errors };
}

export interface ModelEweScore {
  model: string;
  eweScore: number;
  categories: { category: string; score: number; scored: number; errored: number }[];
}

/** The ÈwéScore of each model over the categories that have results, from the newest result of each test. */
export function eweScoresByModel(records: readonly RunRecord[], options: EweScoreOptions = {}): ModelEweScore[] {
  const tests = records.filter((r): r is TestRunRecord => r.kind === 'ewebench-test');
  const out: ModelEweScore[] = [];
  for (const model of new Set(tests.map((r) => r.model))) {
    const newest = [...latestResults(tests, model).values()].flatMap((l) => l.runs);
    const summary = summariseTestRecords(newest, options);
    if (summary.eweScore === null) continue;
    const categories = Object.entries(summary.categories)
      .filter(([, c]) => c.score !== null)
      .map(([category, c]) => ({ category, score: c.score as number, scored: c.total, errored: c.errored }));
    out.push({ model, eweScore: summary.eweScore, categories });
  }
  return out.sort((a, b) => b.eweScore - a.eweScore);
}
