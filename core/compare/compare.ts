import { compareCodePoints } from '../python/json';
import { pyStrip } from '../python/str';
import { categoryScore, eweScore } from '../scoring/ewebench/aggregate';
import { CATEGORIES } from '../scoring/ewebench/categories';
import { chrfFromStatistics, chrfStats } from '../scoring/chrf';
import { compositeScore } from '../scoring/rosetta/composite';
import { pairedBootstraps, type BootstrapOptions, type SignificanceResult } from '../stats/bootstrap';
import type { Run, RunItem, RunKind } from '../runs/types';
import { analyseItems, type ItemCell } from './items';
import { wordDiff, type DiffPart } from './diff';
import type { NumberLimit } from '../run/limits';

/**
 * Compare two runs of the same tests or the same corpus: A is the baseline, B the candidate; every delta is
 * B − A. Per item: the score change, regressions first, responses diffed. Per metric: mt_eval_harness's paired
 * bootstrap (`significance.paired_bootstrap`, 1,000 resamples, `random.Random(12345)`) over the items both runs
 * have, aligned as `run_significance_tests` aligns them (common ids, sorted: numbers as numbers, text by code
 * point), so the figures equal the harness's `paired_bootstrap(entries_b, entries_a, metric)` on the same input.
 * - Rosetta: corpus chrF++ (every aligned entry with a non-blank reference, an empty or failed prediction scored
 *   as "EMPTY", as `significance.corpus_chrf`), exact-match rate and composite (over the entries without an
 *   error, as `exact_match_rate` and `composite_score`).
 * - ÈwéBench: the ÈwéScore (each resample's category scores, then the weighted mean, as the harness aggregates)
 *   and each category's score (its own bootstrap over the category's tests). A test is its mean score over its
 *   scored repeats; a failed call is left out of the means, never a 0.
 * Pure; the cost is the resamples times the aligned items (chrF++ statistics are computed once per entry).
 */
export interface CompareOptions extends Omit<BootstrapOptions, 'metricName'> {
  /** Diff the responses of changed items (default true). */
  diffs?: boolean;
}

export interface RunRef {
  model: string;
  runId: string | null;
  fileName: string;
}

/** One metric, A against B. */
export interface MetricComparison {
  /** `ewe_score`, `category:<stem>`, `corpus_chrf`, `exact_match_rate`, `composite`. */
  metric: string;
  /** The metric's full scale: 100 (ÈwéScore, categories, chrF++) or 1 (rates, composite). */
  scale: number;
  a: number;
  b: number;
  /** B − A, and the 95% interval of the resampled deltas. */
  delta: number;
  ci_lower: number;
  ci_upper: number;
  p_value: number;
  significant: boolean;
  /** The better run when significant. */
  winner: 'a' | 'b' | null;
  /** Items the bootstrap resampled. */
  n: number;
  n_bootstrap: number;
}

export type ItemChange = 'regression' | 'improvement' | 'unchanged' | 'unscored' | 'only-a' | 'only-b';

export interface ItemDelta {
  key: string;
  id: string;
  group: string;
  tier: string | null;
  a: number | null;
  b: number | null;
  /** B − A on the 0..1 score. */
  delta: number | null;
  /** Pass rate (tests) or exact-match rate (entries) over the repeats; 1 or 0 for a single run. */
  passedA: number | null;
  passedB: number | null;
  change: ItemChange;
  responseA: string | null;
  responseB: string | null;
  /** A's response → B's, for changed items whose both responses are known. */
  diff: DiffPart[] | null;
}

export interface RunComparison {
  kind: RunKind;
  a: RunRef;
  b: RunRef;
  /** Items both runs have, and those only one has. */
  paired: number;
  onlyA: number;
  onlyB: number;
  metrics: MetricComparison[];
  /** Regressions first (lost verdicts, then the largest drops), improvements, unchanged, unscored, unpaired. */
  items: ItemDelta[];
  counts: Record<ItemChange, number>;
}

export class CompareError extends Error {}

const refOf = (r: Run): RunRef => ({ model: r.model, runId: r.provenance.runId, fileName: r.provenance.fileName });

/** `sorted(common_ids)`: integers in numeric order when every id is one, else text by code point. */
function sortKeys(keys: string[], numeric: boolean): string[] {
  return numeric ? keys.sort((x, y) => Number(x) - Number(y)) : keys.sort(compareCodePoints);
}

function firstByKey(run: Run): Map<string, RunItem> {
  const out = new Map<string, RunItem>();
  for (const item of run.items) if (!out.has(item.key)) out.set(item.key, item);
  return out;
}

function fromBootstrap(metric: string, scale: number, n: number, r: SignificanceResult): MetricComparison {
  // The bootstrap ran as paired_bootstrap(B, A): its "A" is our candidate B.
  return {
    metric,
    scale,
    a: r.system_b_score,
    b: r.system_a_score,
    delta: r.delta,
    ci_lower: r.ci_lower,
    ci_upper: r.ci_upper,
    p_value: r.p_value,
    significant: r.significant,
    winner: r.winner === 'A' ? 'b' : r.winner === 'B' ? 'a' : null,
    n,
    n_bootstrap: r.n_bootstrap,
  };
}

/** Per-entry figures of one system over the aligned entries, and its three metrics on a resample. */
function rosettaMetrics(items: readonly RunItem[]): (indices: readonly number[]) => number[] {
  const n = items.length;
  const stats = items.map((e) => {
    const reference = e.reference ?? '';
    if (!pyStrip(reference)) return null;
    const predicted = e.response ?? '';
    return chrfStats(pyStrip(predicted) ? predicted : 'EMPTY', [reference]);
  });
  const width = stats.find((s) => s !== null)?.length ?? 0;
  const flat = new Float64Array(n * width);
  const hasRef = new Uint8Array(n);
  const failed = new Uint8Array(n);
  const exact = new Uint8Array(n);
  items.forEach((e, i) => {
    const s = stats[i];
    if (s) {
      hasRef[i] = 1;
      flat.set(s, i * width);
    }
    if (e.error) failed[i] = 1;
    else if (e.exactMatch) exact[i] = 1;
  });
  const ok = new Float64Array(width);
  const bad = new Float64Array(width);
  const both = new Float64Array(width);
  return (indices) => {
    ok.fill(0);
    bad.fill(0);
    let anyOk = false;
    let anyBad = false;
    let evaluated = 0;
    let matches = 0;
    for (const i of indices) {
      if (!failed[i]) {
        evaluated++;
        matches += exact[i];
      }
      if (!hasRef[i]) continue;
      const sum = failed[i] ? bad : ok;
      if (failed[i]) anyBad = true;
      else anyOk = true;
      const base = i * width;
      for (let k = 0; k < width; k++) sum[k] += flat[base + k];
    }
    for (let k = 0; k < width; k++) both[k] = ok[k] + bad[k];
    const chrf = anyOk || anyBad ? chrfFromStatistics(both) : 0;
    const rate = evaluated ? matches / evaluated : 0;
    const composite = evaluated ? (compositeScore({ chrf_plus_plus: anyOk ? chrfFromStatistics(ok) : 0, exact_match_rate: rate }).composite ?? 0) : 0;
    return [chrf, rate, composite];
  };
}

const HARNESS_ORDER = new Map(CATEGORIES.map((c, i) => [c.stem, i]));

/** The harness's ten in its order, then other categories by code point. */
function categoryOrder(x: string, y: string): number {
  const ix = HARNESS_ORDER.get(x) ?? Infinity;
  const iy = HARNESS_ORDER.get(y) ?? Infinity;
  return ix !== iy ? ix - iy : compareCodePoints(x, y);
}

/** One system's ÈwéScore on a resample of tests (scores null when not scored, left out). */
function eweScoreMetric(groups: readonly string[], scores: readonly (number | null)[]): (indices: readonly number[]) => number[] {
  return (indices) => {
    const byCategory = new Map<string, number[]>();
    for (const i of indices) {
      const s = scores[i];
      if (s === null) continue;
      const list = byCategory.get(groups[i]);
      if (list) list.push(s);
      else byCategory.set(groups[i], [s]);
    }
    const categories: Record<string, number> = {};
    for (const [stem, list] of byCategory) categories[stem] = categoryScore(list);
    return [eweScore(categories)];
  };
}

function categoryMetric(scores: readonly (number | null)[]): (indices: readonly number[]) => number[] {
  return (indices) => {
    const list: number[] = [];
    for (const i of indices) if (scores[i] !== null) list.push(scores[i] as number);
    return [categoryScore(list)];
  };
}

function itemChange(a: ItemCell | null, b: ItemCell | null): ItemChange {
  if (!a) return 'only-b';
  if (!b) return 'only-a';
  if (a.score === null || b.score === null) return 'unscored';
  if (b.score < a.score) return 'regression';
  if (b.score > a.score) return 'improvement';
  if ((b.passRate ?? 0) < (a.passRate ?? 0)) return 'regression';
  if ((b.passRate ?? 0) > (a.passRate ?? 0)) return 'improvement';
  return 'unchanged';
}

const CHANGE_ORDER: Record<ItemChange, number> = { regression: 0, improvement: 1, unchanged: 2, unscored: 3, 'only-a': 4, 'only-b': 5 };

function itemOrder(x: ItemDelta & { index: number }, y: ItemDelta & { index: number }): number {
  const byChange = CHANGE_ORDER[x.change] - CHANGE_ORDER[y.change];
  if (byChange) return byChange;
  if (x.change === 'regression') {
    const lostX = (x.passedA ?? 0) - (x.passedB ?? 0);
    const lostY = (y.passedA ?? 0) - (y.passedB ?? 0);
    if (lostX !== lostY) return lostY - lostX;
    if (x.delta !== y.delta) return (x.delta ?? 0) - (y.delta ?? 0);
  }
  if (x.change === 'improvement' && x.delta !== y.delta) return (y.delta ?? 0) - (x.delta ?? 0);
  return x.index - y.index;
}

export function compareRuns(a: Run, b: Run, options: CompareOptions = {}): RunComparison {
  if (a.kind !== b.kind)
    throw new CompareError(
      `cannot compare an ${a.kind === 'ewebench' ? 'ÈwéBench' : 'Rosetta'} run with a ${b.kind === 'ewebench' ? 'ÈwéBench' : 'Rosetta'} run`,
    );
  if (!a.items.length || !b.items.length)
    throw new CompareError(`${(a.items.length ? b : a).provenance.fileName}: the file lists no items (a leaderboard row): nothing to pair`);
  const analysis = analyseItems([a, b]);
  const counts: Record<ItemChange, number> = { regression: 0, improvement: 0, unchanged: 0, unscored: 0, 'only-a': 0, 'only-b': 0 };
  const prefix = `${a.kind}:`;
  const withDiffs = options.diffs !== false;
  const items = analysis.rows.map((row, index) => {
    const [ca, cb] = row.cells;
    const change = itemChange(ca, cb);
    counts[change]++;
    const changed = change === 'regression' || change === 'improvement';
    const ra = ca?.response ?? null;
    const rb = cb?.response ?? null;
    return {
      index,
      key: row.key.slice(prefix.length),
      id: row.id,
      group: row.group,
      tier: row.tier,
      a: ca?.score ?? null,
      b: cb?.score ?? null,
      delta: ca?.score != null && cb?.score != null ? cb.score - ca.score : null,
      passedA: ca?.passRate ?? null,
      passedB: cb?.passRate ?? null,
      change,
      responseA: ra,
      responseB: rb,
      diff: withDiffs && changed && ra !== null && rb !== null ? wordDiff(ra, rb) : null,
    };
  });
  items.sort(itemOrder);
  const paired = analysis.rows.filter((r) => r.cells[0] && r.cells[1]);
  return {
    kind: a.kind,
    a: refOf(a),
    b: refOf(b),
    paired: paired.length,
    onlyA: counts['only-a'],
    onlyB: counts['only-b'],
    metrics: a.kind === 'rosetta' ? rosettaComparison(a, b, options) : eweBenchComparison(paired, prefix, options),
    items: items.map(({ index: _index, ...rest }) => rest),
    counts,
  };
}

function rosettaComparison(a: Run, b: Run, options: CompareOptions): MetricComparison[] {
  const ia = firstByKey(a);
  const ib = firstByKey(b);
  const common = [...ia.keys()].filter((k) => ib.has(k));
  const numeric = common.every((k) => ia.get(k)?.numericId && ib.get(k)?.numericId);
  const keys = sortKeys(common, numeric);
  const alignedA = keys.map((k) => ia.get(k) as RunItem);
  const alignedB = keys.map((k) => ib.get(k) as RunItem);
  const names = ['corpus_chrf', 'exact_match_rate', 'composite'];
  const results = pairedBootstraps(keys.length, names, rosettaMetrics(alignedB), rosettaMetrics(alignedA), options);
  return results.map((r, m) => fromBootstrap(names[m], m === 0 ? 100 : 1, keys.length, r));
}

function eweBenchComparison(paired: ReturnType<typeof analyseItems>['rows'], prefix: string, options: CompareOptions): MetricComparison[] {
  const rows = [...paired].sort((x, y) => compareCodePoints(x.key.slice(prefix.length), y.key.slice(prefix.length)));
  const groups = rows.map((r) => r.group);
  const scoresA = rows.map((r) => r.cells[0]?.score ?? null);
  const scoresB = rows.map((r) => r.cells[1]?.score ?? null);
  const out: MetricComparison[] = [];
  const [total] = pairedBootstraps(rows.length, ['ewe_score'], eweScoreMetric(groups, scoresB), eweScoreMetric(groups, scoresA), options);
  out.push(fromBootstrap('ewe_score', 100, rows.length, total));
  for (const stem of [...new Set(groups)].sort(categoryOrder)) {
    const members = rows.flatMap((_, i) => (groups[i] === stem ? [i] : []));
    const [r] = pairedBootstraps(
      members.length,
      [`category:${stem}`],
      categoryMetric(members.map((i) => scoresB[i])),
      categoryMetric(members.map((i) => scoresA[i])),
      options,
    );
    out.push(fromBootstrap(`category:${stem}`, 100, members.length, r));
  }
  return out;
}

/**
 * The metrics that fail a `--fail-on-regression DELTA` gate: significant, B worse than A, and by more than DELTA
 * of the metric's full scale (DELTA 0.02: 2 ÈwéScore or chrF++ points, 0.02 of a rate or of the composite).
 */
export function significantRegressions(comparison: RunComparison, delta: number): MetricComparison[] {
  return comparison.metrics.filter((m) => m.significant && m.delta < 0 && -m.delta > delta * m.scale);
}

/** Bounds of compare's numbers, for the CLI's flags and any view's settings. */
export const COMPARE_LIMITS = {
  resamples: { min: 1, max: 100_000, integer: true, noun: 'a whole number' },
  seed: { min: 0, max: 4_294_967_295, integer: true, noun: 'a whole number' },
  failOnRegression: { min: 0, max: 1, integer: false, noun: 'a fraction of the metric’s scale' },
} as const satisfies Record<string, NumberLimit>;
