import { setOwn } from '../json';
import { categoryScore, eweScore, type EweScoreOptions } from '../scoring/ewebench/aggregate';
import { CATEGORIES } from '../scoring/ewebench/categories';
import { repeatStats, type RepeatStats } from '../scoring/repeated';
import type { CompositeProfile } from '../scoring/rosetta/composite';
import { PARSE_ERROR } from './batch';
import { analyseRun, type AnalysisInput, type AnalysisOptions, type RunAnalysis } from '../scoring/rosetta/analysis';
import { tierLabel, type QualityTier } from '../scoring/rosetta/tiers';
import type { Bilingual } from '../i18n/locale';
import { pyRound } from '../python/round';
import type { EntryRunRecord, RunRecord, TestRunRecord } from './types';
import { recordItemHash } from './items';

/**
 * Aggregates for lenses, the status bar and the CLI, computed the way the results file and the run card
 * compute them, so every surface shows the same number.
 */

export interface CategorySummary {
  /** The harness's category score (mean × 100, Python-rounded to 1 decimal); null when nothing was scored. */
  score: number | null;
  /** Scored runs. */
  total: number;
  passed: number;
  /** Failed calls (not scored). */
  errored: number;
  /** Answers the harness could not score (not scored). */
  unscored: number;
}

/**
 * Why a run has no ÈwéScore: nothing was scored (every call failed or could not be scored), or what was
 * scored lies outside the harness's ten categories (a tests file not named after one, `tests.json`): the
 * harness runs only its ten category files, so such a file has a mean score but no ÈwéScore.
 */
export type NoEweScoreReason = 'nothing-scored' | 'no-harness-category';

export interface TestRunSummary {
  /** The harness's ten categories that have records, in its order, then any others. */
  categories: Record<string, CategorySummary>;
  /** Over the harness categories with at least one scored run; null when there is none (see `noEweScore`). */
  eweScore: number | null;
  /** Set exactly when `eweScore` is null. */
  noEweScore?: NoEweScoreReason;
  /** Mean of every scored run × 100, Python-rounded to 1 decimal, whatever its category; null when nothing was scored. */
  meanScore: number | null;
  /** Categories with records that are not among the harness's ten (file stems such as `tests`). */
  outsideCategories: string[];
  total: number;
  passed: number;
  errored: number;
  unscored: number;
}

/** Category scores and the ÈwéScore of some test records (every scored run counts, as in the results file). */
export function summariseTestRecords(records: readonly TestRunRecord[], options: EweScoreOptions = {}): TestRunSummary {
  const order = new Map(CATEGORIES.map((c, i) => [c.stem, i]));
  const byCategory = new Map<string, TestRunRecord[]>();
  for (const r of records) {
    const list = byCategory.get(r.category);
    if (list) list.push(r);
    else byCategory.set(r.category, [r]);
  }
  const stems = [...byCategory.keys()].sort((a, b) => (order.get(a) ?? 99) - (order.get(b) ?? 99) || (a < b ? -1 : a > b ? 1 : 0));
  const categories: Record<string, CategorySummary> = {};
  const scores: Record<string, number> = {};
  const totals = { total: 0, passed: 0, errored: 0, unscored: 0 };
  for (const stem of stems) {
    const list = [...(byCategory.get(stem) ?? [])].sort((a, b) => (a.index ?? 0) - (b.index ?? 0) || a.repeat - b.repeat);
    const scored = list.filter((r) => r.score !== null);
    const errored = list.filter((r) => r.error !== null).length;
    const summary: CategorySummary = {
      score: scored.length ? categoryScore(scored.map((r) => r.score as number)) : null,
      total: scored.length,
      passed: scored.filter((r) => (r.rounded_score ?? pyRound(r.score as number, 3)) >= 0.7).length,
      errored,
      unscored: list.length - scored.length - errored,
    };
    setOwn(categories, stem, summary);
    if (summary.score !== null) setOwn(scores, stem, summary.score);
    totals.total += summary.total;
    totals.passed += summary.passed;
    totals.errored += summary.errored;
    totals.unscored += summary.unscored;
  }
  const known = Object.keys(scores).some((s) => order.has(s));
  const scored = records.filter((r) => r.score !== null).map((r) => r.score as number);
  return {
    categories,
    eweScore: known ? eweScore(scores, options) : null,
    ...(known ? {} : { noEweScore: scored.length ? ('no-harness-category' as const) : ('nothing-scored' as const) }),
    meanScore: scored.length ? pyRound((scored.reduce((a, b) => a + b, 0) / scored.length) * 100, 1) : null,
    outsideCategories: stems.filter((s) => !order.has(s)),
    ...totals,
  };
}

// ---------------------------------------------------------------------------------------------------------

/** The key results are filed under: the file and the item's id. */
export function resultKey(sourceFile: string, id: string | number): string {
  return `${sourceFile}\u0000${typeof id === 'number' ? JSON.stringify(id) : id}`;
}

function idOf(r: RunRecord): string | number {
  return r.kind === 'ewebench-test' ? r.test_id : r.kind === 'suite-item' ? r.item_id : r.entry_id;
}

/** What one run of an item scored: a test's exact score, an entry's sentence chrF++ (null when the call failed). */
function scoreOf(r: RunRecord): number | null {
  if (r.kind === 'ewebench-test' || r.kind === 'suite-item') return r.score;
  return r.error ? null : r.entry_chrf;
}

export interface LatestResult<R extends RunRecord = RunRecord> {
  /** The newest record of the item. */
  latest: R;
  /** The runs of that `Run ×K` (just `latest` for a single run), by repeat. */
  runs: R[];
  /** Mean ± standard error over the runs that have a score; null when none has. */
  summary: RepeatStats | null;
}

/**
 * The newest result of each item (per source file and id), optionally for one model, with the other runs of
 * its `Run ×K`: the records sharing its `run_id`, or, for records without one, the newest record of each
 * repeat index for the same model and item version (test_hash / entry_hash). `finished_at` times are ISO
 * strings and compare as text.
 */
export function latestResults<R extends RunRecord>(records: readonly R[], model?: string): Map<string, LatestResult<R>> {
  const byItem = new Map<string, R[]>();
  for (const r of records) {
    if (model !== undefined && r.model !== model) continue;
    const key = resultKey(r.source_file, idOf(r));
    const list = byItem.get(key);
    if (list) list.push(r);
    else byItem.set(key, [r]);
  }
  const out = new Map<string, LatestResult<R>>();
  for (const [key, list] of byItem) {
    let latest = list[0];
    for (const r of list) if (r.finished_at > latest.finished_at || (r.finished_at === latest.finished_at && r.repeat > latest.repeat)) latest = r;
    const hashOf = recordItemHash;
    const sameRun =
      latest.run_id !== undefined
        ? (r: R) => r.run_id === latest.run_id
        : (r: R) => r.run_id === undefined && r.model === latest.model && hashOf(r) === hashOf(latest);
    const newestPerRepeat = new Map<number, R>();
    for (const r of list) {
      if (!sameRun(r)) continue;
      const seen = newestPerRepeat.get(r.repeat);
      if (!seen || r.finished_at > seen.finished_at) newestPerRepeat.set(r.repeat, r);
    }
    // Without run ids, a lone repeat 0 newer than every other repeat is a single run of its own.
    const runs =
      latest.run_id === undefined && latest.repeat === 0 && [...newestPerRepeat.values()].every((r) => r === latest || r.finished_at < latest.finished_at)
        ? [latest]
        : [...newestPerRepeat.values()].sort((a, b) => a.repeat - b.repeat);
    const scores = runs.map(scoreOf).filter((s): s is number => s !== null && Number.isFinite(s));
    out.set(key, { latest, runs, summary: scores.length ? repeatStats(scores) : null });
  }
  return out;
}

// ---------------------------------------------------------------------------------------------------------

export interface EntryRunSummary {
  total: number;
  /** Entries that answered: the denominator of the rates, as in the harness. */
  evaluated: number;
  errors: number;
  exactMatches: number;
  /** exact matches / evaluated, 4 decimals (0 when nothing answered). */
  exactMatchRate: number;
  /** Corpus-level chrF++ (0–100) over the entries that answered, 2 decimals; null when none did. */
  chrfPlusPlus: number | null;
  composite: number | null;
  compositeProfile: CompositeProfile;
  tier: QualityTier;
  tierLabel: Bilingual;
  /** Only when the provider reported costs; never estimated. */
  totalCostUsd: number | null;
  cachedCostUsd: number | null;
  /** total cost / total entries, 6 decimals. */
  costPerEntryUsd: number | null;
}

/** A corpus run's records as the harness's run log results (`results[]`), for the analysis. */
export function analysisInputs(records: readonly EntryRunRecord[]): AnalysisInput[] {
  return records.map((r) => ({
    id: r.entry_id,
    source: r.source,
    expected: r.reference,
    predicted: r.predicted ?? '',
    segment: r.segment ?? null,
    difficulty: r.difficulty,
    domain: r.domain ?? null,
    latency_s: r.latency_seconds,
    cost_usd: r.usage.cost_usd ?? 0,
    cached: r.cached,
    error: r.error,
    // Judged when the record was made (harnessExactMatch, sentence chrF++ of the same pair): not again.
    exact_match: r.exact_match,
    chrf_score: r.entry_chrf,
  }));
}

/** The harness's analysis of a corpus run's records (core/scoring/rosetta/analysis); intervals only when asked. */
export function analyseEntryRecords(records: readonly EntryRunRecord[], options: AnalysisOptions = {}): RunAnalysis {
  return analyseRun(analysisInputs(records), options);
}

/** The headline figures of a corpus run, exactly as its run card states them (from the one analysis). */
export function summariseEntryRecords(
  records: readonly EntryRunRecord[],
  analysis: RunAnalysis = analyseEntryRecords(records, { confidenceIntervals: false }),
): EntryRunSummary {
  const total = records.length;
  const ok = records.filter((r) => !r.error);
  const { overall } = analysis;
  const evaluated = overall.evaluated;
  const exactMatches = overall.exact_match_count;
  const exactMatchRate = overall.exact_match_rate;
  const chrfPlusPlus = overall.corpus_chrf ?? null;
  const composite = { composite: overall.composite, profile: overall.composite_profile };
  const tier = overall.quality_tier;
  // Costs: only what the provider reported, for calls made now (a cache hit costs nothing this run).
  const costsKnown = records.some((r) => r.usage.cost_usd !== undefined);
  let spent = 0;
  let cached = 0;
  for (const r of ok) {
    if (r.usage.cost_usd === undefined) continue;
    if (r.cached) cached += r.usage.cost_usd;
    else spent += r.usage.cost_usd;
  }
  const totalCostUsd = costsKnown ? spent : null;
  return {
    total,
    evaluated,
    errors: total - evaluated,
    exactMatches,
    exactMatchRate,
    chrfPlusPlus,
    composite: composite.composite,
    compositeProfile: composite.profile,
    tier,
    tierLabel: { en: tierLabel(tier, 'en'), fr: tierLabel(tier, 'fr') },
    totalCostUsd,
    cachedCostUsd: costsKnown ? cached : null,
    costPerEntryUsd: totalCostUsd !== null && total > 0 ? pyRound(totalCostUsd / total, 6) : null,
  };
}

/** How many corpus entries were scored, answered without anything to score, or failed. */
export interface EntryCounts {
  /** Answered with a prediction and a reference: exact match and chrF++ measured. */
  scored: number;
  /** Answered, but the prediction (after cleaning), the reference, or a batch line was empty or missing (`[PARSE_ERROR]`). */
  unscored: number;
  /** The call failed: no prediction at all. */
  errored: number;
}

export function entryCounts(records: readonly EntryRunRecord[]): EntryCounts {
  const counts: EntryCounts = { scored: 0, unscored: 0, errored: 0 };
  for (const r of records) {
    if (r.error) counts.errored++;
    else if (!r.predicted || !r.reference || r.predicted === PARSE_ERROR) counts.unscored++;
    else counts.scored++;
  }
  return counts;
}
