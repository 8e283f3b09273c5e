import { setOwn } from '../../json';
import { chrfFromStatistics, chrfStats, corpusChrf } from '../chrf';
import { pyRound } from '../../python/round';
import { pyLen, pyStrip } from '../../python/str';
import { pythonSum, type PythonSum } from '../../python/sum';
import { bootstrapCis, DEFAULT_SEED, type ConfidenceInterval, type ResampleMetric } from '../../stats/bootstrap';
import { compositeScore, type CompositeProfile } from './composite';
import { harnessExactMatch } from './metrics';
import { qualityTier, type QualityTier } from './tiers';

/**
 * The Rosetta harness's analysis of a run (mt_eval_harness 3.0.0, `tester.py` `_analyze`, `confidence.py`):
 * per-entry exact match and chrF++, the overall figures, the breakdowns by segment, difficulty and domain, and
 * the bootstrap intervals, rounded as the harness rounds them. The one home of these numbers: `score` on a
 * corpus, the runner's run cards, the lens and the CLI summaries read them from here.
 * BLEU, TER, COMET and plugin metrics are not computed (no dependency here reproduces them); their keys are
 * left out rather than written as zeros.
 */

/** One result of a run log (`results[]`), as the harness reads it. */
export interface AnalysisInput {
  id: string | number;
  source?: string;
  expected: string;
  /** The model's text before cleaning; defaults to `predicted`. */
  raw_predicted?: string;
  /** The cleaned translation (`clean_response`); '' when the call failed. */
  predicted: string;
  segment?: string | null;
  difficulty?: number | string | null;
  domain?: string | null;
  latency_s?: number;
  cost_usd?: number;
  cached?: boolean;
  error?: string | null;
  /** Already judged (a run's records carry these, computed by the same rules): not worked out again. */
  exact_match?: boolean;
  chrf_score?: number;
}

/** `asdict(EntryMetrics)` without BLEU, TER and plugin metrics. */
export interface EntryAnalysis {
  id: string | number;
  source: string;
  expected: string;
  raw_predicted: string;
  predicted: string;
  segment: string;
  difficulty: number | string;
  domain: string;
  exact_match: boolean;
  chrf_score: number;
  length_ratio: number;
  latency_s: number;
  cost_usd: number;
  cached: boolean;
  tool_call_count: number;
  error: string | null;
}

/** `asdict(SegmentMetrics)` without BLEU. */
export interface GroupAnalysis {
  name: string;
  count: number;
  exact_match_count: number;
  miss_count: number;
  error_count: number;
  avg_chrf: number;
  avg_latency_s: number;
  total_cost_usd: number;
  plugin_aggregates: Record<string, never>;
}

export interface OverallAnalysis {
  total_entries: number;
  error_count: number;
  evaluated: number;
  exact_match_count: number;
  exact_match_rate: number;
  miss_count: number;
  miss_rate: number;
  avg_chrf?: number;
  avg_latency_s?: number;
  total_cost_usd?: number;
  cached_cost_usd?: number;
  cached_entries?: number;
  total_tool_calls?: number;
  corpus_chrf?: number;
  avg_length_ratio?: number;
  confidence_intervals?: Record<string, ConfidenceInterval>;
  confidence_intervals_by_tier?: Record<string, Record<string, ConfidenceInterval>>;
  /** Ours: the Rosetta composite of corpus chrF++ and exact match (Profile B), its tier. */
  composite: number | null;
  composite_profile: CompositeProfile;
  quality_tier: QualityTier;
}

export interface RunAnalysis {
  overall: OverallAnalysis;
  by_segment: Record<string, GroupAnalysis>;
  by_difficulty: Record<string, GroupAnalysis>;
  by_domain: Record<string, GroupAnalysis>;
  entries: EntryAnalysis[];
}

export interface AnalysisOptions {
  /** Bootstrap intervals (1,000 resamples each); off for the lens's quick figures. Default true. */
  confidenceIntervals?: boolean;
  /** The per-tier intervals beside the overall ones (five more bootstraps); off where only the overall are shown. Default true. */
  intervalsByTier?: boolean;
  nBootstrap?: number;
  /** How Python's `sum()` adds (3.12+ compensates; the default). */
  pythonSum?: PythonSum;
}

/** Python's sort of str keys: by code point (JavaScript's default compares UTF-16 units). */
function codePointCompare(a: string, b: string): number {
  const x = [...a];
  const y = [...b];
  for (let k = 0; k < Math.min(x.length, y.length); k++) {
    const d = (x[k].codePointAt(0) ?? 0) - (y[k].codePointAt(0) ?? 0);
    if (d !== 0) return d;
  }
  return x.length - y.length;
}

/** The harness's per-entry metrics (`_analyze`): an entry with an error keeps zeros. */
export function analyseEntry(r: AnalysisInput): EntryAnalysis {
  const e: EntryAnalysis = {
    id: r.id,
    source: r.source ?? '',
    expected: r.expected,
    raw_predicted: r.raw_predicted ?? r.predicted,
    predicted: r.predicted,
    segment: r.segment ?? '',
    difficulty: r.difficulty ?? 0,
    domain: r.domain ?? '',
    exact_match: false,
    chrf_score: 0,
    length_ratio: 0,
    latency_s: r.latency_s ?? 0,
    cost_usd: r.cost_usd ?? 0,
    cached: r.cached === true,
    tool_call_count: 0,
    error: r.error ? r.error : null,
  };
  if (e.error) return e;
  e.exact_match = r.exact_match ?? harnessExactMatch(e.predicted, e.expected);
  if (e.expected && e.predicted) e.chrf_score = r.chrf_score ?? corpusChrf([e.predicted], [[e.expected]]).score;
  if (e.expected) e.length_ratio = pyRound(pyLen(e.predicted) / pyLen(e.expected), 4);
  return e;
}

/** `_aggregate_group`: counts over all members, averages over those without an error (added one by one). */
function aggregateGroup(name: string, items: readonly EntryAnalysis[]): GroupAnalysis {
  const g: GroupAnalysis = {
    name,
    count: items.length,
    exact_match_count: 0,
    miss_count: 0,
    error_count: 0,
    avg_chrf: 0,
    avg_latency_s: 0,
    total_cost_usd: 0,
    plugin_aggregates: {},
  };
  let chrf = 0;
  let latency = 0;
  let cost = 0;
  let ok = 0;
  for (const e of items) {
    if (e.error) {
      g.error_count++;
      continue;
    }
    ok++;
    latency += e.latency_s;
    cost += e.cost_usd;
    if (e.exact_match) g.exact_match_count++;
    else g.miss_count++;
    chrf += e.chrf_score;
  }
  if (ok > 0) {
    g.avg_chrf = pyRound(chrf / ok, 2);
    g.avg_latency_s = pyRound(latency / ok, 3);
  }
  g.total_cost_usd = pyRound(cost, 4);
  return g;
}

function groupBy<K>(entries: readonly EntryAnalysis[], key: (e: EntryAnalysis) => K): Map<K, EntryAnalysis[]> {
  const groups = new Map<K, EntryAnalysis[]>();
  for (const e of entries) {
    const k = key(e);
    const list = groups.get(k);
    if (list) list.push(e);
    else groups.set(k, [e]);
  }
  return groups;
}

/** Integer tiers in numeric order, then any labels by code point (Python would refuse to sort a mix). */
function tierOrder(a: number | string, b: number | string): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (typeof a !== typeof b) return typeof a === 'number' ? -1 : 1;
  return codePointCompare(String(a), String(b));
}

/**
 * The harness's bootstrap metrics over the entries without an error (`significance.py`): corpus chrF++ over
 * the entries whose reference is not blank, an empty prediction scored as the text "EMPTY"; the exact-match
 * rate; the composite of both (0 when none). Statistics are computed once per entry and summed per resample.
 */
export function resampleMetrics(valid: readonly EntryAnalysis[]): { corpusChrf: ResampleMetric; exactMatchRate: ResampleMetric; composite: ResampleMetric } {
  const stats = valid.map((e) => (pyStrip(e.expected) ? chrfStats(pyStrip(e.predicted) ? e.predicted : 'EMPTY', [e.expected]) : null));
  const width = stats.find((s) => s !== null)?.length ?? 0;
  // One flat array of counts (integers, summed exactly in doubles) and a flag per entry, for a tight loop.
  const flat = new Float64Array(valid.length * width);
  const counted = new Uint8Array(valid.length);
  stats.forEach((s, i) => {
    if (!s) return;
    counted[i] = 1;
    flat.set(s, i * width);
  });
  const sum = new Float64Array(width);
  const corpus: ResampleMetric = (indices) => {
    sum.fill(0);
    let any = false;
    for (const i of indices) {
      if (!counted[i]) continue;
      any = true;
      const base = i * width;
      for (let k = 0; k < width; k++) sum[k] += flat[base + k];
    }
    return any ? chrfFromStatistics(sum) : 0;
  };
  const exact: ResampleMetric = (indices) => {
    if (indices.length === 0) return 0;
    let n = 0;
    for (const i of indices) if (valid[i].exact_match) n++;
    return n / indices.length;
  };
  const composite: ResampleMetric = (indices) => compositeScore({ chrf_plus_plus: corpus(indices), exact_match_rate: exact(indices) }).composite ?? 0;
  return { corpusChrf: corpus, exactMatchRate: exact, composite };
}

/** `compute_all_cis` (without BLEU and COMET): corpus chrF++, exact match and the composite, seed 12345. */
export function confidenceIntervals(entries: readonly EntryAnalysis[], nBootstrap?: number): Record<string, ConfidenceInterval> {
  const valid = entries.filter((e) => !e.error);
  if (!valid.length) return {};
  const m = resampleMetrics(valid);
  const withComposite = valid.some((e) => pyStrip(e.expected) !== '');
  const names = withComposite ? ['corpus_chrf', 'exact_match_rate', 'composite_score'] : ['corpus_chrf', 'exact_match_rate'];
  // One set of resamples for the three (the harness restarts the same seed for each): the composite is
  // computed from the same chrF++ and exact-match values it would recompute.
  const cis = bootstrapCis(
    valid.length,
    names,
    (indices) => {
      const chrf = m.corpusChrf(indices);
      const exact = m.exactMatchRate(indices);
      return withComposite ? [chrf, exact, compositeScore({ chrf_plus_plus: chrf, exact_match_rate: exact }).composite ?? 0] : [chrf, exact];
    },
    { nBootstrap },
  );
  return Object.fromEntries(cis.map((c) => [c.metric_name, c]));
}

/**
 * `compute_per_tier_cis`: per integer difficulty tier with at least 5 entries (and only when there are two
 * tiers or more), corpus chrF++ and exact match with seed 12345 + tier. A label tier (legacy "easy") has no
 * seed the harness could add; it is left out.
 */
export function confidenceIntervalsByTier(entries: readonly EntryAnalysis[], nBootstrap?: number): Record<string, Record<string, ConfidenceInterval>> {
  const tiers = groupBy(
    entries.filter((e) => !e.error),
    (e) => e.difficulty,
  );
  if (tiers.size <= 1) return {};
  const out: Record<string, Record<string, ConfidenceInterval>> = {};
  for (const tier of [...tiers.keys()].sort(tierOrder)) {
    const members = tiers.get(tier) ?? [];
    if (members.length < 5 || typeof tier !== 'number' || !Number.isInteger(tier)) continue;
    const m = resampleMetrics(members);
    const [chrf, exact] = bootstrapCis(
      members.length,
      [`corpus_chrf_tier${tier}`, `exact_match_rate_tier${tier}`],
      (indices) => [m.corpusChrf(indices), m.exactMatchRate(indices)],
      { nBootstrap, seed: DEFAULT_SEED + tier },
    );
    out[String(tier)] = { corpus_chrf: chrf, exact_match_rate: exact };
  }
  return out;
}

/** The whole report (`_analyze`'s `overall`, `by_segment`, `by_difficulty`, `by_domain`, `entries`). */
export function analyseRun(results: readonly AnalysisInput[], options: AnalysisOptions = {}): RunAnalysis {
  const mode = options.pythonSum ?? 'compensated';
  const entries = results.map(analyseEntry);
  const nonError = entries.filter((e) => !e.error);
  const n = nonError.length;
  const exact = nonError.filter((e) => e.exact_match).length;
  const overall: OverallAnalysis = {
    total_entries: entries.length,
    error_count: entries.length - n,
    evaluated: n,
    exact_match_count: exact,
    exact_match_rate: n ? pyRound(exact / n, 4) : 0,
    miss_count: n - exact,
    miss_rate: n ? pyRound((n - exact) / n, 4) : 0,
    composite: null,
    composite_profile: 'B',
    quality_tier: 'unscored',
  };
  if (n) {
    overall.avg_chrf = pyRound(
      pythonSum(
        nonError.map((e) => e.chrf_score),
        mode,
      ) / n,
      2,
    );
    overall.avg_latency_s = pyRound(
      pythonSum(
        nonError.map((e) => e.latency_s),
        mode,
      ) / n,
      3,
    );
    overall.total_cost_usd = pyRound(
      pythonSum(
        nonError.filter((e) => !e.cached).map((e) => e.cost_usd),
        mode,
      ),
      4,
    );
    overall.cached_cost_usd = pyRound(
      pythonSum(
        nonError.filter((e) => e.cached).map((e) => e.cost_usd),
        mode,
      ),
      4,
    );
    overall.cached_entries = nonError.filter((e) => e.cached).length;
    overall.total_tool_calls = 0;
    overall.corpus_chrf = pyRound(
      corpusChrf(
        nonError.map((e) => e.predicted),
        [nonError.map((e) => e.expected)],
      ).score,
      2,
    );
  }
  const withRef = nonError.filter((e) => e.expected);
  if (withRef.length)
    overall.avg_length_ratio = pyRound(
      pythonSum(
        withRef.map((e) => e.length_ratio),
        mode,
      ) / withRef.length,
      4,
    );
  if (options.confidenceIntervals !== false) {
    const cis = confidenceIntervals(entries, options.nBootstrap);
    if (Object.keys(cis).length) overall.confidence_intervals = cis;
    const byTier = options.intervalsByTier === false ? {} : confidenceIntervalsByTier(entries, options.nBootstrap);
    if (Object.keys(byTier).length) overall.confidence_intervals_by_tier = byTier;
  }
  const composite = compositeScore({ chrf_plus_plus: overall.corpus_chrf ?? null, exact_match_rate: n ? overall.exact_match_rate : null });
  overall.composite = composite.composite;
  overall.composite_profile = composite.profile;
  overall.quality_tier = qualityTier(composite.composite);

  const bySegment: Record<string, GroupAnalysis> = {};
  for (const [k, items] of groupBy(entries, (e) => e.segment || 'unknown')) setOwn(bySegment, k, aggregateGroup(k, items));
  const byDifficulty: Record<string, GroupAnalysis> = {};
  const difficulties = groupBy(entries, (e) => e.difficulty);
  for (const k of [...difficulties.keys()].sort(tierOrder)) setOwn(byDifficulty, String(k), aggregateGroup(`difficulty_${k}`, difficulties.get(k) ?? []));
  const byDomain: Record<string, GroupAnalysis> = {};
  const domains = groupBy(entries, (e) => e.domain);
  for (const k of [...domains.keys()].sort(codePointCompare)) setOwn(byDomain, k, aggregateGroup(k || '(no domain)', domains.get(k) ?? []));
  return { overall, by_segment: bySegment, by_difficulty: byDifficulty, by_domain: byDomain, entries };
}
