import { pick, type Bilingual, type Locale } from '../i18n/locale';
import { setOwn } from '../json';
import { compareCodePoints } from '../python/json';
import { pyStrip } from '../python/str';
import { categoryScore, eweScore } from '../scoring/ewebench/aggregate';
import { CATEGORIES } from '../scoring/ewebench/categories';
import { chrfFromStatistics, chrfStats } from '../scoring/chrf';
import { compositeScore } from '../scoring/rosetta/composite';
import { pairedBootstraps, type BootstrapOptions, type Indices, type PairedMetrics, type SignificanceResult } from '../stats/bootstrap';
import type { Run, RunItem, RunKind } from '../runs/types';
import { analyseItems, type ItemCell } from './items';
import { wordDiff, type DiffPart } from './diff';
import type { NumberLimit } from '../spec/limits';

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
 * - Task suites: per task, accuracy (the strict reading, %) or, for translation, chrF++ (per run over the items
 *   resampled, then the mean over runs, as the suite scores a run), over the items both runs answered; an item
 *   is its mean over its runs. The SEA-HELM levels above tasks are the files' own (the leaderboard ranks them).
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
  /** `ewe_score`, `category:<stem>`, `corpus_chrf`, `exact_match_rate`, `composite`, `accuracy:<task>`, `chrf:<task>`. */
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
  /** The corpus (Rosetta) or benchmark version (ÈwéBench) both runs are of, when their files say. */
  corpus: string | null;
  /** Items both runs have (same id, and for a corpus entry the same source text), and those only one has. */
  paired: number;
  onlyA: number;
  onlyB: number;
  /** Entries with the same id in both runs but a different source text: not the same item, left out of everything. */
  sourceDiffers: number;
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

type Column = Float64Array | Int32Array;
const fitsInt32 = (v: number) => Number.isInteger(v) && v >= -(2 ** 31) && v < 2 ** 31;

/** One system's per-entry figures over the aligned entries. */
interface SystemEntries {
  /** One column per chrF++ statistic (zeros where the reference is blank), filled entry by entry. */
  own: Column[];
  hasRef: Uint8Array;
  failed: Uint8Array;
  exact: Uint8Array;
  /** The entries with a reference and an error, ascending, and their statistics. */
  failedAt: number[];
  failedStats: number[][];
}

/**
 * Both systems' chrF++ statistics per aligned entry (every entry with a non-blank reference, an empty or failed
 * prediction scored as "EMPTY"), written straight into one column per statistic: no array per entry is kept. The
 * second system's entry takes the first's statistics when its answer and reference are the same texts (two runs
 * often give the same answer, and many answers are the reference): equal inputs, equal statistics.
 */
function systemEntries(first: readonly RunItem[], second: readonly RunItem[]): SystemEntries[] {
  const n = first.length;
  const systems: SystemEntries[] = [0, 1].map(() => ({
    own: [],
    hasRef: new Uint8Array(n),
    failed: new Uint8Array(n),
    exact: new Uint8Array(n),
    failedAt: [],
    failedStats: [],
  }));
  const runs = [first, second];
  let wide = false;
  for (let i = 0; i < n; i++) {
    let before: { hypothesis: string; reference: string; stats: number[] } | null = null;
    for (let k = 0; k < 2; k++) {
      const e = runs[k][i];
      const s = systems[k];
      if (e.error) s.failed[i] = 1;
      else if (e.exactMatch) s.exact[i] = 1;
      const reference = e.reference ?? '';
      if (!pyStrip(reference)) continue;
      const predicted = e.response ?? '';
      const hypothesis = pyStrip(predicted) ? predicted : 'EMPTY';
      const stats: number[] = before && before.hypothesis === hypothesis && before.reference === reference ? before.stats : chrfStats(hypothesis, [reference]);
      before = { hypothesis, reference, stats };
      if (!systems[0].own.length && stats.length) for (const t of systems) t.own = Array.from({ length: stats.length }, () => new Int32Array(n));
      s.hasRef[i] = 1;
      // Counts fit 32 bits (half the memory of doubles); any that would not makes every column doubles, values kept.
      if (!wide && !stats.every(fitsInt32)) {
        wide = true;
        for (const t of systems) t.own = t.own.map((column) => Float64Array.from(column));
      }
      for (let w = 0; w < s.own.length; w++) s.own[w][i] = stats[w];
      if (s.failed[i]) {
        s.failedAt.push(i);
        s.failedStats.push(stats);
      }
    }
  }
  return systems;
}

/** Two statistics share one double when every resample's sum of each stays below 2^26 (both exact in 53 bits). */
const LANE = 2 ** 26;

/**
 * Columns of per-entry integers (one value per entry each), packed for summing with a count per entry: a column
 * equal to an earlier one in every entry is summed once (both systems' reference n-gram counts, when the two runs
 * have the same references), and two columns share a double when `n × the largest value < 2^26`, so each sum
 * stays exact. Returns the packed rows (`stride` doubles per entry) and how to read each column's sum back.
 */
function packColumns(columns: readonly Column[], n: number): { flat: Float64Array; stride: number; lanes: number; slotOf: Int32Array } {
  const unique: Column[] = [];
  const slotOf = new Int32Array(columns.length);
  columns.forEach((column, c) => {
    const same = unique.findIndex((u) => {
      for (let i = 0; i < n; i++) if (u[i] !== column[i]) return false;
      return true;
    });
    slotOf[c] = same >= 0 ? same : unique.push(column) - 1;
  });
  let largest = 0;
  for (const u of unique) for (let i = 0; i < n; i++) if (u[i] > largest) largest = u[i];
  const lanes = n * largest < LANE ? 2 : 1;
  const stride = Math.max(1, Math.ceil(unique.length / lanes));
  const flat = new Float64Array(n * stride);
  unique.forEach((u, slot) => {
    const at = slot % stride;
    const scale = slot >= stride ? LANE : 1;
    for (let i = 0; i < n; i++) flat[i * stride + at] += u[i] * scale;
  });
  return { flat, stride, lanes, slotOf };
}

/**
 * Both systems' corpus chrF++, exact-match rate and composite on a resample. The statistics are integers, so
 * a resample's sums are exact whatever the order of addition, and equal the harness's (which adds in draw
 * order). They are computed as counts × statistics in entry order, in one pass over one array holding, per
 * entry, both systems' statistics and their "scored" and "exact" flags (`packColumns`: equal columns once, two
 * to a double when the corpus is small enough for the sums to stay exact): sequential reads, and about half the
 * additions. The entries with an error are few: their sums are taken apart and subtracted for the figures over
 * the entries without one.
 */
function rosettaPairedMetrics(first: readonly RunItem[], second: readonly RunItem[]): PairedMetrics {
  const n = first.length;
  const systems = systemEntries(first, second);
  const width = systems[0].own.length;
  // Flags per entry: bit k·2 = system k has a reference and no error, bit k·2+1 = a reference and an error.
  const flags = new Uint8Array(n);
  systems.forEach((s, k) => {
    for (let i = 0; i < n; i++) if (s.hasRef[i]) flags[i] |= 1 << (2 * k + s.failed[i]);
  });
  // Columns: system 0's statistics, system 1's, then per system its entries without an error and its exact matches.
  const columns: Column[] = [...systems[0].own, ...systems[1].own];
  for (const s of systems) {
    columns.push(Float64Array.from(s.failed, (f) => 1 - f));
    columns.push(Float64Array.from(s.exact));
  }
  const { flat, stride, lanes, slotOf } = packColumns(columns, n);
  // The columns are packed: let them go before the resamples (nothing below reads them).
  columns.length = 0;
  for (const s of systems) s.own = [];
  const failedAt = systems.map((s) => s.failedAt);
  const failedStats = systems.map((s) => s.failedStats);
  const counts = new Int32Array(n);
  const drawnRows = new Int32Array(n);
  const drawnCounts = new Int32Array(n);
  const packed = new Float64Array(stride);
  const sums = new Float64Array(2 * stride);
  const all = [new Float64Array(width), new Float64Array(width)];
  const ok = new Float64Array(width);
  const figures = (k: number, anyOk: boolean, anyBad: boolean, evaluated: number, matches: number): number[] => {
    const total = all[k];
    ok.set(total);
    const at = failedAt[k];
    for (let j = 0; j < at.length; j++) {
      const c = counts[at[j]];
      if (c) for (let w = 0; w < width; w++) ok[w] -= c * failedStats[k][j][w];
    }
    const chrf = anyOk || anyBad ? chrfFromStatistics(total) : 0;
    const rate = evaluated ? matches / evaluated : 0;
    const composite = evaluated ? (compositeScore({ chrf_plus_plus: anyOk ? chrfFromStatistics(ok) : 0, exact_match_rate: rate }).composite ?? 0) : 0;
    return [chrf, rate, composite];
  };
  const sumOf = (column: number) => sums[slotOf[column]];
  return (indices) => {
    counts.fill(0);
    for (let j = 0; j < indices.length; j++) counts[indices[j]]++;
    packed.fill(0);
    let seen = 0;
    // The drawn entries' rows, then four rows at a time: one read and one write of each running sum per four rows.
    let drawn = 0;
    for (let i = 0; i < n; i++) {
      const c = counts[i];
      if (c === 0) continue;
      seen |= flags[i];
      drawnRows[drawn] = i * stride;
      drawnCounts[drawn++] = c;
    }
    const sum = packed;
    const rows = flat;
    const width2 = stride;
    let k = 0;
    for (; k + 4 <= drawn; k += 4) {
      const r0 = drawnRows[k];
      const r1 = drawnRows[k + 1];
      const r2 = drawnRows[k + 2];
      const r3 = drawnRows[k + 3];
      const c0 = drawnCounts[k];
      const c1 = drawnCounts[k + 1];
      const c2 = drawnCounts[k + 2];
      const c3 = drawnCounts[k + 3];
      for (let w = 0; w < width2; w++) sum[w] += c0 * rows[r0 + w] + c1 * rows[r1 + w] + c2 * rows[r2 + w] + c3 * rows[r3 + w];
    }
    for (; k < drawn; k++) {
      const r0 = drawnRows[k];
      const c0 = drawnCounts[k];
      for (let w = 0; w < width2; w++) sum[w] += c0 * rows[r0 + w];
    }
    for (let w = 0; w < stride; w++) {
      const v = packed[w];
      const high = lanes === 2 ? Math.floor(v / LANE) : 0;
      sums[w] = v - high * LANE;
      sums[stride + w] = high;
    }
    for (let k = 0; k < 2; k++) for (let w = 0; w < width; w++) all[k][w] = sumOf(k * width + w);
    const flagsAt = 2 * width;
    return {
      a: figures(0, (seen & 1) !== 0, (seen & 2) !== 0, sumOf(flagsAt), sumOf(flagsAt + 1)),
      b: figures(1, (seen & 4) !== 0, (seen & 8) !== 0, sumOf(flagsAt + 2), sumOf(flagsAt + 3)),
    };
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
function eweScoreMetric(groups: readonly string[], scores: readonly (number | null)[]): (indices: Indices) => number[] {
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
    for (const [stem, list] of byCategory) setOwn(categories, stem, categoryScore(list));
    return [eweScore(categories)];
  };
}

function categoryMetric(scores: readonly (number | null)[]): (indices: Indices) => number[] {
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

/** Regressions first (lost verdicts, then the largest drops), improvements (largest first), then the rest; 0 for a tie (kept in file order). */
function itemOrder(x: ItemDelta, y: ItemDelta): number {
  const byChange = CHANGE_ORDER[x.change] - CHANGE_ORDER[y.change];
  if (byChange) return byChange;
  if (x.change === 'regression') {
    const lostX = (x.passedA ?? 0) - (x.passedB ?? 0);
    const lostY = (y.passedA ?? 0) - (y.passedB ?? 0);
    if (lostX !== lostY) return lostY - lostX;
    if (x.delta !== y.delta) return (x.delta ?? 0) - (y.delta ?? 0);
  }
  if (x.change === 'improvement' && x.delta !== y.delta) return (y.delta ?? 0) - (x.delta ?? 0);
  return 0;
}

/** An entry's source text as compared across runs: NFC, outer whitespace stripped (a file's line ending is no change). */
const sourceOf = (item: RunItem): string | null => (item.source === null ? null : pyStrip(item.source.normalize('NFC')));

/**
 * The keys both runs have whose source texts differ (both known): same id, another sentence, so not the same item.
 * Linear in the items.
 */
function keysWithOtherSource(a: Run, b: Run): Set<string> {
  const inA = new Map<string, string | null>();
  for (const item of a.items) if (!inA.has(item.key)) inA.set(item.key, sourceOf(item));
  const out = new Set<string>();
  for (const item of b.items) {
    const there = inA.get(item.key);
    const here = sourceOf(item);
    if (there != null && here !== null && there !== here) out.add(item.key);
  }
  return out;
}

/** A run without the items of the given keys (the same run when there are none). */
function without(run: Run, keys: ReadonlySet<string>): Run {
  return keys.size ? { ...run, items: run.items.filter((i) => !keys.has(i.key)) } : run;
}

const KIND_NAMES: Record<RunKind, string> = { ewebench: 'an ÈwéBench run', rosetta: 'a Rosetta run', suite: 'a task suite run' };

export function compareRuns(a: Run, b: Run, options: CompareOptions = {}): RunComparison {
  if (a.kind !== b.kind) throw new CompareError(`cannot compare ${KIND_NAMES[a.kind]} with ${KIND_NAMES[b.kind]}`);
  if (!a.items.length || !b.items.length) {
    const empty = a.items.length ? b : a;
    throw new CompareError(
      empty.kind === 'suite'
        ? `${empty.provenance.fileName}: the suite results list no item outcomes: nothing to pair (ewebench-studio suite score SUITE.json FILE --out RESULTS.json writes them)`
        : `${empty.provenance.fileName}: the file lists no items (a leaderboard row): nothing to pair`,
    );
  }
  const corpusA = a.provenance.datasetId;
  const corpusB = b.provenance.datasetId;
  if (a.kind === 'rosetta' && corpusA && corpusB && corpusA !== corpusB)
    throw new CompareError(
      `A is a run of the corpus ${corpusA}, B of ${corpusB}: different sentences and references, so their scores do not compare (compare two runs of one corpus)`,
    );
  if (a.kind === 'suite' && corpusA && corpusB && corpusA !== corpusB)
    throw new CompareError(
      `A is a run of the suite ${corpusA}, B of ${corpusB}: different items, so their scores do not compare (compare two runs of one suite)`,
    );
  const otherSource = a.kind === 'rosetta' ? keysWithOtherSource(a, b) : new Set<string>();
  const sharesKey = (() => {
    const keys = new Set(a.items.map((i) => i.key));
    return b.items.some((i) => keys.has(i.key) && !otherSource.has(i.key));
  })();
  if (!sharesKey)
    throw new CompareError(
      otherSource.size
        ? `A and B share no item: ${otherSource.size === 1 ? 'the id they have in common holds a different source text' : `the ${otherSource.size} ids they have in common hold different source texts`} (runs of different corpora?)`
        : 'A and B share no item (no id in common): nothing to pair',
    );
  a = without(a, otherSource);
  b = without(b, otherSource);
  // A Rosetta comparison resamples before its items are analysed (its resamples read the runs alone), so its
  // resampling columns and the item analysis are never held at once; the others resample the paired rows.
  const rosettaMetrics = a.kind === 'rosetta' ? rosettaComparison(a, b, options) : null;
  const { items, counts, pairedCount, paired } = itemDeltas(a, b, options.diffs !== false);
  return {
    kind: a.kind,
    a: refOf(a),
    b: refOf(b),
    corpus: corpusA ?? corpusB ?? null,
    paired: pairedCount,
    onlyA: counts['only-a'],
    onlyB: counts['only-b'],
    sourceDiffers: otherSource.size,
    metrics: rosettaMetrics ?? (a.kind === 'suite' ? suiteComparison(a, b, paired, options) : eweBenchComparison(paired, `${a.kind}:`, options)),
    items,
    counts,
  };
}

/**
 * Each item's change from A to B, in the order compare lists them, with the counts; the rows both runs have
 * (kept only for the kinds whose metrics resample them: not Rosetta's).
 */
function itemDeltas(
  a: Run,
  b: Run,
  withDiffs: boolean,
): { items: ItemDelta[]; counts: Record<ItemChange, number>; pairedCount: number; paired: ReturnType<typeof analyseItems>['rows'] } {
  const analysis = analyseItems([a, b]);
  const counts: Record<ItemChange, number> = { regression: 0, improvement: 0, unchanged: 0, unscored: 0, 'only-a': 0, 'only-b': 0 };
  const prefix = `${a.kind}:`;
  const items: ItemDelta[] = analysis.rows.map((row) => {
    const [ca, cb] = row.cells;
    const change = itemChange(ca, cb);
    counts[change]++;
    const changed = change === 'regression' || change === 'improvement';
    const ra = ca?.response ?? null;
    const rb = cb?.response ?? null;
    return {
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
  // Sorted through their positions (the order's last key), so no item is copied to carry its position.
  const order = items.map((_, index) => index).sort((x, y) => itemOrder(items[x], items[y]) || x - y);
  const paired = analysis.rows.filter((r) => r.cells[0] && r.cells[1]);
  return { items: order.map((index) => items[index]), counts, pairedCount: paired.length, paired: a.kind === 'rosetta' ? [] : paired };
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
  const results = pairedBootstraps(keys.length, names, rosettaPairedMetrics(alignedB, alignedA), options);
  return results.map((r, m) => fromBootstrap(names[m], m === 0 ? 100 : 1, keys.length, r));
}

function eweBenchComparison(paired: ReturnType<typeof analyseItems>['rows'], prefix: string, options: CompareOptions): MetricComparison[] {
  const rows = [...paired].sort((x, y) => compareCodePoints(x.key.slice(prefix.length), y.key.slice(prefix.length)));
  const groups = rows.map((r) => r.group);
  const scoresA = rows.map((r) => r.cells[0]?.score ?? null);
  const scoresB = rows.map((r) => r.cells[1]?.score ?? null);
  const out: MetricComparison[] = [];
  const eweB = eweScoreMetric(groups, scoresB);
  const eweA = eweScoreMetric(groups, scoresA);
  const [total] = pairedBootstraps(rows.length, ['ewe_score'], (indices) => ({ a: eweB(indices), b: eweA(indices) }), options);
  out.push(fromBootstrap('ewe_score', 100, rows.length, total));
  for (const stem of [...new Set(groups)].sort(categoryOrder)) {
    const members = rows.flatMap((_, i) => (groups[i] === stem ? [i] : []));
    const inB = categoryMetric(members.map((i) => scoresB[i]));
    const inA = categoryMetric(members.map((i) => scoresA[i]));
    const [r] = pairedBootstraps(members.length, [`category:${stem}`], (indices) => ({ a: inB(indices), b: inA(indices) }), options);
    out.push(fromBootstrap(`category:${stem}`, 100, members.length, r));
  }
  return out;
}

/** One system's chrF++ statistics per aligned item and run (`[item][run]`), the response '' when none was saved. */
function suiteChrfStats(run: Run, keys: readonly string[]): number[][][] {
  const byKey = new Map<string, RunItem[]>();
  for (const item of run.items) {
    const list = byKey.get(item.key);
    if (list) list.push(item);
    else byKey.set(item.key, [item]);
  }
  return keys.map((k) =>
    (byKey.get(k) ?? [])
      .slice()
      .sort((x, y) => x.repeat - y.repeat)
      .map((item) => chrfStats(item.response ?? '', [item.reference ?? ''])),
  );
}

/** A translation task's chrF++ on a resample: per run, corpus chrF++ over the drawn items; then the mean over runs. */
function suiteChrfMetric(stats: readonly (readonly number[][])[]): (indices: Indices) => number {
  const runs = Math.min(...stats.map((s) => s.length));
  const width = stats[0]?.[0]?.length ?? 0;
  const totals = new Float64Array(width);
  return (indices) => {
    if (!(runs > 0) || !Number.isFinite(runs)) return 0;
    let sum = 0;
    for (let r = 0; r < runs; r++) {
      totals.fill(0);
      for (const i of indices) {
        const st = stats[i][r];
        for (let w = 0; w < width; w++) totals[w] += st[w];
      }
      sum += chrfFromStatistics(totals);
    }
    return sum / runs;
  };
}

/** An accuracy task's accuracy (%) on a resample: the mean of the drawn items' mean over runs. */
function suiteAccuracyMetric(scores: readonly (number | null)[]): (indices: Indices) => number {
  return (indices) => {
    let sum = 0;
    let n = 0;
    for (const i of indices) {
      const s = scores[i];
      if (s === null) continue;
      sum += s;
      n++;
    }
    return n ? (100 * sum) / n : 0;
  };
}

function suiteComparison(a: Run, b: Run, paired: ReturnType<typeof analyseItems>['rows'], options: CompareOptions): MetricComparison[] {
  const prefix = 'suite:';
  const tasks: string[] = [];
  const byTask = new Map<string, { kind: string | null; rows: typeof paired }>();
  for (const row of paired) {
    let entry = byTask.get(row.group);
    if (!entry) {
      byTask.set(row.group, (entry = { kind: row.method, rows: [] }));
      tasks.push(row.group);
    }
    entry.rows.push(row);
  }
  const out: MetricComparison[] = [];
  for (const task of tasks) {
    const { kind, rows } = byTask.get(task) as { kind: string | null; rows: typeof paired };
    const sorted = [...rows].sort((x, y) => compareCodePoints(x.key.slice(prefix.length), y.key.slice(prefix.length)));
    let metric: string;
    let inA: (indices: Indices) => number;
    let inB: (indices: Indices) => number;
    if (kind === 'translation') {
      metric = `chrf:${task}`;
      const keys = sorted.map((r) => r.key.slice(prefix.length));
      inA = suiteChrfMetric(suiteChrfStats(a, keys));
      inB = suiteChrfMetric(suiteChrfStats(b, keys));
    } else {
      metric = `accuracy:${task}`;
      inA = suiteAccuracyMetric(sorted.map((r) => r.cells[0]?.score ?? null));
      inB = suiteAccuracyMetric(sorted.map((r) => r.cells[1]?.score ?? null));
    }
    const [r] = pairedBootstraps(sorted.length, [metric], (indices) => ({ a: [inB(indices)], b: [inA(indices)] }), options);
    out.push(fromBootstrap(metric, 100, sorted.length, r));
  }
  return out;
}

const SUITE_METRIC_NAMES: Record<'accuracy' | 'chrf', Bilingual> = {
  accuracy: { en: '{task} accuracy %', fr: '{task} exactitude %' },
  chrf: { en: '{task} chrF++', fr: '{task} chrF++' },
};

/** How a suite task's metric reads (`mmlu accuracy %`, `flores chrF++`); null for a metric of another run kind. */
export function suiteMetricLabel(metric: string, locale: Locale): string | null {
  const m = /^(accuracy|chrf):(.*)$/s.exec(metric);
  return m ? pick(SUITE_METRIC_NAMES[m[1] as 'accuracy' | 'chrf'], locale, { task: m[2] }) : null;
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
