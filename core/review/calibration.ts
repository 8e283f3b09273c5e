import { isObject, setOwn } from '../json';
import { sentenceChrf } from '../scoring/chrf';
import { compositeScore } from '../scoring/rosetta/composite';
import { harnessExactMatch } from '../scoring/rosetta/metrics';
import { QUALITY_TIERS, qualityTier, type QualityTier } from '../scoring/rosetta/tiers';
import { kendallTauB } from '../stats/agreement';
import { boundIndices, DEFAULT_ALPHA, DEFAULT_N_BOOTSTRAP, DEFAULT_SEED } from '../stats/bootstrap';
import { kendallTauBWeighted, levelledOrder, type LevelledPairs } from '../stats/kendallWeighted';
import { PyRandom } from '../stats/pyRandom';
import { collect, combined, idKey, type ReviewInput } from './agreement';
import { RATINGS, USABLE_RATINGS, type Rating } from './review';

/**
 * What the ratings say about the metrics (issue #34 §7; Rosetta §5 calls its tiers provisional, "recalibrated as
 * human validation data accumulates"). For the rated items of one sample (one reviewer's file or a team's), each
 * item's rating (the adjudicated one when given, else the median of its reviewers' ratings, the lower middle one
 * for an even count, as the team gate combines them) is set beside the automatic figures of the same output in the
 * run card the review is bound to:
 * - Kendall's tau-b between each figure (sentence chrF++, exact match, FST acceptance when the card has it, and
 *   the item's composite of those inputs, Scoring Specification §4) and the rating on its four steps, with a
 *   seeded percentile bootstrap over items;
 * - the share rated usable (acceptable or excellent, §7.2) in each §5 tier of the item's composite;
 * - when every §5 tier that holds rated items holds at least MIN_RATINGS_PER_TIER of them (and they fall in two
 *   tiers or more), the chrF++ cut and the composite cut that best separate usable from not usable, by Youden's J
 *   (sensitivity + specificity − 1, the same cut as the highest balanced accuracy), each with its bootstrap
 *   interval. A suggestion for this language pair: §5's tiers stay what they are.
 * Pure: the caller reads the files.
 */

/** Rated items each populated §5 tier needs before a cut is suggested. */
export const MIN_RATINGS_PER_TIER = 30;

export const CALIBRATION_FIGURES = ['chrf', 'exact_match', 'fst_acceptance', 'composite'] as const;
export type CalibrationFigure = (typeof CALIBRATION_FIGURES)[number];
/** The figures a cut is looked for on (a yes/no figure has no cut to choose). */
export const CUT_FIGURES = ['chrf', 'composite'] as const satisfies readonly CalibrationFigure[];
export type CutFigure = (typeof CUT_FIGURES)[number];

/** How an item's rating was reached: an adjudicator's, the median of several reviewers', or the only one. */
export type RatingBasis = 'adjudicated' | 'median' | 'single';

export interface CalibrationItem {
  entry_id: string | number;
  difficulty: number | string | null;
  rating: Rating;
  basis: RatingBasis;
  /** Sentence chrF++ (0–100): the card's `entry_chrf`, else computed from its predicted and reference texts. */
  chrf: number | null;
  /** The card's `exact_match`, else the harness's rule on its texts. */
  exact_match: boolean | null;
  /** The card's `fst_accepted`; null when no analyser ran. */
  fst_accepted: boolean | null;
  /** The composite of the item's own inputs (chrF++ ÷ 100, exact match, FST acceptance), 4 decimals. */
  composite: number | null;
  tier: QualityTier;
}

/** An item's value of a figure as a number (yes 1, no 0), null when it has none. */
export function figureValue(item: CalibrationItem, figure: CalibrationFigure): number | null {
  switch (figure) {
    case 'chrf':
      return item.chrf;
    case 'exact_match':
      return item.exact_match === null ? null : item.exact_match ? 1 : 0;
    case 'fst_acceptance':
      return item.fst_accepted === null ? null : item.fst_accepted ? 1 : 0;
    case 'composite':
      return item.composite;
  }
}

/** A rating's step: reject 1, gist 2, acceptable 3, excellent 4. */
export const ratingStep = (rating: Rating): number => RATINGS.indexOf(rating) + 1;
export const isUsable = (rating: Rating): boolean => USABLE_RATINGS.includes(rating);

export interface CalibrationItems {
  items: CalibrationItem[];
  /** Items of the files that no one rated (and no adjudicator): left out. */
  unrated: number;
  /** Rated items the card has no output for (not in its results, or failed): left out. */
  unmatched: number;
}

const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const bool = (v: unknown): boolean | null => (typeof v === 'boolean' ? v : null);

/** The automatic figures of one entry of a card's `results`. */
export function entryFigures(result: Record<string, unknown>): Pick<CalibrationItem, 'chrf' | 'exact_match' | 'fst_accepted' | 'composite' | 'tier'> {
  const predicted = typeof result.predicted === 'string' ? result.predicted : null;
  const reference = typeof result.reference === 'string' ? result.reference : null;
  const chrf = num(result.entry_chrf) ?? (predicted !== null && reference !== null ? sentenceChrf(predicted, [reference]).score : null);
  const exact = bool(result.exact_match) ?? (predicted !== null && reference !== null ? harnessExactMatch(predicted, reference) : null);
  const fst = bool(result.fst_accepted);
  const composite = compositeScore({
    chrf_plus_plus: chrf,
    exact_match_rate: exact === null ? null : exact ? 1 : 0,
    fst_acceptance_rate: fst === null ? null : fst ? 1 : 0,
  }).composite;
  return { chrf, exact_match: exact, fst_accepted: fst, composite, tier: qualityTier(composite) };
}

/**
 * The rated items of review files bound to `card`, each with its combined rating and its figures from the card.
 * `adjudicated` holds an adjudicator's rating by entry (`idKey`); it wins over the reviewers' median.
 */
export function calibrationItems(inputs: readonly ReviewInput[], card: unknown, adjudicated: ReadonlyMap<string, Rating> = new Map()): CalibrationItems {
  const results = new Map<string, Record<string, unknown>>();
  const list = isObject(card) && Array.isArray(card.results) ? card.results : [];
  for (const r of list) {
    if (!isObject(r) || (typeof r.entry_id !== 'string' && typeof r.entry_id !== 'number')) continue;
    if (r.error !== null && r.error !== undefined && r.error !== '') continue;
    const key = idKey(r.entry_id);
    if (!results.has(key)) results.set(key, r);
  }
  const items: CalibrationItem[] = [];
  let unrated = 0;
  let unmatched = 0;
  for (const it of collect(inputs)) {
    const given = it.ratings.filter((r) => r !== null).length;
    const judged = adjudicated.get(idKey(it.entry_id));
    const rating = judged ?? combined(it.ratings);
    if (rating === null) {
      unrated++;
      continue;
    }
    const result = results.get(idKey(it.entry_id));
    if (!result) {
      unmatched++;
      continue;
    }
    const basis: RatingBasis = judged !== undefined ? 'adjudicated' : given > 1 ? 'median' : 'single';
    items.push({ entry_id: it.entry_id, difficulty: it.difficulty, rating, basis, ...entryFigures(result) });
  }
  return { items, unrated, unmatched };
}

export interface Correlation {
  figure: CalibrationFigure;
  /** Items with this figure. */
  n: number;
  /** NaN when undefined (fewer than two items, or a constant figure or rating). */
  tau_b: number;
  lower: number;
  upper: number;
  /** Resamples where tau-b was undefined, left out of the percentiles. */
  undefined_resamples: number;
}

export interface TierShare {
  tier: QualityTier;
  /** The tier's bounds on the composite (§5); null for unscored. */
  min: number | null;
  max: number | null;
  rated: number;
  usable: number;
  /** usable / rated, null when none is rated. */
  share: number | null;
}

/** The best cut on one figure: an output counts as usable when its figure is at or above `cut`. */
export interface CutPoint {
  cut: number;
  /** Youden's J = sensitivity + specificity − 1 at the cut. */
  j: number;
  sensitivity: number;
  specificity: number;
}

export interface Cut extends CutPoint {
  figure: CutFigure;
  n: number;
  lower: number;
  upper: number;
  undefined_resamples: number;
}

export type CutVerdict =
  | { kind: 'suggested'; cuts: Cut[] }
  /** Some populated tier has fewer than `needed` ratings (each such tier listed), or only one tier is populated. */
  | { kind: 'too-few'; needed: number; short: { tier: QualityTier; rated: number }[]; tiers: number }
  /** Every rated item is usable, or none is: nothing to separate. */
  | { kind: 'one-class'; usable: number; rated: number };

export interface CalibrationReport {
  items: number;
  unrated: number;
  unmatched: number;
  basis: Record<RatingBasis, number>;
  correlations: Correlation[];
  tiers: TierShare[];
  cut: CutVerdict;
  criterion: 'youden_j';
  min_ratings_per_tier: number;
  bootstrap: { n_bootstrap: number; seed: number; confidence_level: number };
}

export interface CalibrationOptions {
  nBootstrap?: number;
  seed?: number;
  /** 1 − confidence level. */
  alpha?: number;
}

/**
 * The best cut by Youden's J over `order` (indices sorted by value, ascending), each index counted `weight[i]`
 * times (a bootstrap resample's multiplicities; 1 for the data as rated). Candidates are the distinct values
 * present; on equal J the lowest cut wins. Null when either class is empty. O(n) (`order` is sorted once).
 */
export function bestCutWeighted(values: ArrayLike<number>, usable: ArrayLike<boolean>, order: ArrayLike<number>, weight?: ArrayLike<number>): CutPoint | null {
  let positives = 0;
  let negatives = 0;
  for (let k = 0; k < order.length; k++) {
    const i = order[k];
    const w = weight ? weight[i] : 1;
    if (usable[i]) positives += w;
    else negatives += w;
  }
  if (positives === 0 || negatives === 0) return null;
  // Below the cut so far: usable (false negatives) and not usable (true negatives).
  let belowPos = 0;
  let belowNeg = 0;
  let best: CutPoint | null = null;
  // J compared exactly: J · P · N = TP · N + TN · P − P · N, whole numbers (counts), so equal J are equal here
  // and the lowest cut wins a tie whatever the rounding of the fractions.
  let bestScore = -1;
  for (let k = 0; k < order.length;) {
    const value = values[order[k]];
    let pos = 0;
    let neg = 0;
    for (; k < order.length && values[order[k]] === value; k++) {
      const i = order[k];
      const w = weight ? weight[i] : 1;
      if (usable[i]) pos += w;
      else neg += w;
    }
    // A value no drawn item has is no candidate (the resample as drawn does not hold it).
    if (pos + neg > 0) {
      const score = (positives - belowPos) * negatives + belowNeg * positives;
      if (score > bestScore) {
        bestScore = score;
        const sensitivity = (positives - belowPos) / positives;
        const specificity = belowNeg / negatives;
        best = { cut: value, j: sensitivity + specificity - 1, sensitivity, specificity };
      }
    }
    belowPos += pos;
    belowNeg += neg;
  }
  return best;
}

/** The best cut of paired values (plain entry point). */
export function bestCut(values: readonly number[], usable: readonly boolean[]): CutPoint | null {
  const order = values.map((_, i) => i).sort((a, b) => values[a] - values[b]);
  return bestCutWeighted(values, usable, order);
}

/** §5's tiers from the lowest up, then unscored when some item has no composite. */
function tierShares(items: readonly CalibrationItem[]): TierShare[] {
  const ascending = [...QUALITY_TIERS].reverse();
  const shares: TierShare[] = ascending.map((t, i) => ({
    tier: t.tier,
    min: t.min,
    max: i + 1 < ascending.length ? ascending[i + 1].min : 1,
    rated: 0,
    usable: 0,
    share: null,
  }));
  const unscored: TierShare = { tier: 'unscored', min: null, max: null, rated: 0, usable: 0, share: null };
  for (const item of items) {
    const row = shares.find((s) => s.tier === item.tier) ?? unscored;
    row.rated++;
    if (isUsable(item.rating)) row.usable++;
  }
  const out = unscored.rated > 0 ? [...shares, unscored] : shares;
  for (const s of out) s.share = s.rated === 0 ? null : s.usable / s.rated;
  return out;
}

/** Whether the ratings are spread enough over §5's tiers for a cut (the unscored items do not count). */
function cutReadiness(tiers: readonly TierShare[], items: readonly CalibrationItem[]): CutVerdict | undefined {
  const populated = tiers.filter((t) => t.tier !== 'unscored' && t.rated > 0);
  const short = populated.filter((t) => t.rated < MIN_RATINGS_PER_TIER).map((t) => ({ tier: t.tier, rated: t.rated }));
  if (short.length > 0 || populated.length < 2) return { kind: 'too-few', needed: MIN_RATINGS_PER_TIER, short, tiers: populated.length };
  const usable = items.filter((it) => isUsable(it.rating)).length;
  if (usable === 0 || usable === items.length) return { kind: 'one-class', usable, rated: items.length };
  return undefined;
}

function percentiles(samples: Float64Array, count: number, alpha: number): [number, number] {
  if (count === 0) return [NaN, NaN];
  const sorted = samples.subarray(0, count).sort();
  const [lo, hi] = boundIndices(count, alpha);
  return [sorted[lo], sorted[hi]];
}

/**
 * The report on items already gathered. Every statistic is computed on the same resamples: `nBootstrap` draws
 * of `items.length` items with replacement on Python's random stream seeded with `seed` (`randint(0, n − 1)`
 * n times each), so a reference written in Python reproduces each interval.
 */
export function calibrate(gathered: CalibrationItems, options: CalibrationOptions = {}): CalibrationReport {
  const nBootstrap = options.nBootstrap ?? DEFAULT_N_BOOTSTRAP;
  const seed = options.seed ?? DEFAULT_SEED;
  const alpha = options.alpha ?? DEFAULT_ALPHA;
  if (!Number.isSafeInteger(nBootstrap) || nBootstrap < 1) throw new RangeError(`the number of resamples must be a positive integer, not ${nBootstrap}`);
  const { items } = gathered;
  const n = items.length;
  const steps = items.map((it) => ratingStep(it.rating));
  const usable = items.map((it) => isUsable(it.rating));
  const figures = CALIBRATION_FIGURES.filter((f) => f !== 'fst_acceptance' || items.some((it) => it.fst_accepted !== null));
  // Per figure: the items that have it, their values, and the ratings beside them.
  const levels = Int32Array.from(steps, (s) => s - 1);
  const columns = figures.map((figure) => {
    const values = items.map((it) => figureValue(it, figure));
    const x = Float64Array.from(values, (v) => v ?? NaN);
    const present = items.map((_, i) => i).filter((i) => values[i] !== null);
    // Sorted once: each resample's tau-b is a weighted walk of this order (kendallWeighted.ts).
    const pairs: LevelledPairs = { x, level: levels, levels: RATINGS.length, order: levelledOrder(x, levels, present) };
    return { figure, values, has: values.map((v) => v !== null), pairs };
  });
  const tiers = tierShares(items);
  const notReady = cutReadiness(tiers, items);
  const cutColumns = notReady ? [] : columns.filter((c) => (CUT_FIGURES as readonly string[]).includes(c.figure) && c.has.some(Boolean));
  const cutData = cutColumns.map((c) => {
    const present = items.map((_, i) => i).filter((i) => c.has[i]);
    const values = Float64Array.from(c.values, (v) => v ?? NaN);
    const order = Int32Array.from(present.sort((a, b) => values[a] - values[b]));
    return { figure: c.figure as CutFigure, values, order, observed: bestCutWeighted(values, usable, order) };
  });
  const tauSamples = columns.map(() => new Float64Array(nBootstrap));
  const tauDefined = columns.map(() => 0);
  const cutSamples = cutData.map(() => new Float64Array(nBootstrap));
  const cutDefined = cutData.map(() => 0);
  if (n > 0) {
    const rng = new PyRandom(seed);
    const draw = new Int32Array(n);
    const times = new Float64Array(n);
    for (let b = 0; b < nBootstrap; b++) {
      rng.fillRandbelow(n, draw);
      // The resample as multiplicities: every statistic below walks a presorted order with these weights.
      times.fill(0);
      for (let k = 0; k < n; k++) times[draw[k]]++;
      columns.forEach((c, f) => {
        const tau = kendallTauBWeighted(c.pairs, times);
        if (!Number.isNaN(tau)) tauSamples[f][tauDefined[f]++] = tau;
      });
      cutData.forEach((c, f) => {
        const point = bestCutWeighted(c.values, usable, c.order, times);
        if (point) cutSamples[f][cutDefined[f]++] = point.cut;
      });
    }
  }
  const correlations: Correlation[] = columns.map((c, f) => {
    const x: number[] = [];
    const y: number[] = [];
    c.values.forEach((v, i) => {
      if (v === null) return;
      x.push(v);
      y.push(steps[i]);
    });
    const [lower, upper] = percentiles(tauSamples[f], tauDefined[f], alpha);
    return { figure: c.figure, n: x.length, tau_b: kendallTauB(x, y), lower, upper, undefined_resamples: nBootstrap - tauDefined[f] };
  });
  let cut: CutVerdict;
  if (notReady) cut = notReady;
  else
    cut = {
      kind: 'suggested',
      cuts: cutData.flatMap((c, f) => {
        if (!c.observed) return [];
        const [lower, upper] = percentiles(cutSamples[f], cutDefined[f], alpha);
        return [{ figure: c.figure, n: c.order.length, ...c.observed, lower, upper, undefined_resamples: nBootstrap - cutDefined[f] }];
      }),
    };
  const basis: Record<RatingBasis, number> = { adjudicated: 0, median: 0, single: 0 };
  for (const it of items) basis[it.basis]++;
  return {
    items: n,
    unrated: gathered.unrated,
    unmatched: gathered.unmatched,
    basis,
    correlations,
    tiers,
    cut,
    criterion: 'youden_j',
    min_ratings_per_tier: MIN_RATINGS_PER_TIER,
    bootstrap: { n_bootstrap: nBootstrap, seed, confidence_level: 1 - alpha },
  };
}

/** The JSON report: undefined figures (NaN) written as null. */
export function calibrationJson(report: CalibrationReport, extra: Record<string, unknown> = {}): unknown {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(extra)) setOwn(out, k, v);
  Object.assign(out, report);
  return JSON.parse(JSON.stringify(out, (_key, value: unknown) => (typeof value === 'number' && !Number.isFinite(value) ? null : value))) as unknown;
}
