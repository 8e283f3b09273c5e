import { setOwn, isObject, type JsonObject } from '../json';
import { isSecretSegment } from '../spec/corpusTables';
import type { NumberLimit } from '../spec/limits';
import { appendAll } from '../arrays';

/**
 * Human review of a corpus run (Rosetta §7.2–7.3): a sample of the run's outputs, stratified by difficulty tier,
 * rated by bilingual speakers on the spec's four-point scale. A review file holds the sample (seed, size, entry
 * ids) and the ratings, bound to one run card by the card's `run_card_hash`; the texts stay in the card, so a
 * review never copies a secret segment's text anywhere.
 */

export const RATINGS = ['reject', 'gist', 'acceptable', 'excellent'] as const;
export type Rating = (typeof RATINGS)[number];

/** Ratings that say a speaker finds the output usable (§7.2 "the output is usable"). */
export const USABLE_RATINGS: readonly Rating[] = ['acceptable', 'excellent'];

export const REVIEW_VERSION = 1;

export interface ReviewItem {
  entry_id: string | number;
  /** The entry's difficulty tier as the card writes it (a number 1–5, a legacy label), or null. */
  difficulty: number | string | null;
  segment: string | null;
  rating: Rating | null;
  comment?: string;
  rated_at?: string | null;
}

export interface ReviewFile {
  review_version: number;
  /** The card, relative to the review file. */
  run_card: string;
  run_card_hash: string;
  run_id: string | null;
  model_slug: string | null;
  dataset_id: string | null;
  reviewer: string;
  created: string;
  sample: {
    seed: number;
    size: number;
    strata: 'difficulty';
    population: number;
    per_tier: Record<string, number>;
    /** A team review's binding to the sample: `sampleHash` of the drawn ids, the seed and the size. */
    sample_hash?: string;
  };
  /** A team review: who rates which items, in which order, and what the review tool hides (assignment.ts). */
  assignment?: Assignment;
  items: ReviewItem[];
}

/** What a team review keeps from a reviewer. */
export type Hidden = 'model' | 'scores' | 'other_ratings' | 'reference';

export interface Assignment {
  /** Every reviewer of the sample, in the order given. */
  reviewers: string[];
  /** Reviewers per item. */
  overlap: number;
  /** Seed of this reviewer's order (`orderSeed(seed, reviewer)`): the items are listed in that order. */
  order_seed: number;
  hidden: Hidden[];
}

/** The generator a sample is drawn with: Python's `random.Random(seed)` in practice, so a seed means one sample. */
export interface Randbelow {
  randbelow(n: number): number;
}

/** An entry of a card's `results` that can be reviewed: it has an output and no error. */
export interface ReviewableResult {
  entry_id: string | number;
  difficulty: number | string | null;
  segment: string | null;
  source: string;
  reference: string;
  predicted: string;
}

export function reviewableResults(card: unknown): ReviewableResult[] {
  const results = isObject(card) && Array.isArray(card.results) ? card.results : [];
  const out: ReviewableResult[] = [];
  for (const r of results) {
    if (!isObject(r) || (r.error !== null && r.error !== undefined)) continue;
    const id = r.entry_id;
    if ((typeof id !== 'string' && typeof id !== 'number') || typeof r.predicted !== 'string') continue;
    const difficulty = typeof r.difficulty === 'number' || typeof r.difficulty === 'string' ? r.difficulty : null;
    out.push({
      entry_id: id,
      difficulty,
      // Kept as written, also when not a string (then secret: isSecretSegment fails closed); null: no segment.
      segment: r.segment === undefined || r.segment === null ? null : typeof r.segment === 'string' ? r.segment : JSON.stringify(r.segment),
      source: str(r.source),
      reference: str(r.reference),
      predicted: r.predicted,
    });
  }
  return out;
}

const str = (v: unknown) => (typeof v === 'string' ? v : '');

export const tierKey = (difficulty: number | string | null) => (difficulty === null ? 'unknown' : String(difficulty));

/**
 * How many items each tier gets: proportional to its size (largest remainder, ties to the lower tier), with
 * at least one per tier whenever the sample is as large as the number of tiers, so no tier goes unseen.
 */
export function allocate(sizes: ReadonlyMap<string, number>, size: number): Map<string, number> {
  const tiers = [...sizes.keys()].sort(compareTiers);
  const total = tiers.reduce((n, t) => n + sizes.get(t)!, 0);
  const want = Math.min(size, total);
  const out = new Map<string, number>(tiers.map((t) => [t, 0]));
  if (want === 0) return out;
  let left = want;
  if (want >= tiers.length) {
    for (const t of tiers) out.set(t, 1);
    left -= tiers.length;
  }
  const room = (t: string) => sizes.get(t)! - out.get(t)!;
  const roomTotal = tiers.reduce((n, t) => n + room(t), 0);
  const shares = tiers.map((t) => ({ t, exact: roomTotal === 0 ? 0 : (left * room(t)) / roomTotal }));
  for (const s of shares) {
    const whole = Math.min(Math.floor(s.exact), room(s.t));
    out.set(s.t, out.get(s.t)! + whole);
    left -= whole;
  }
  const byRemainder = [...shares].sort((a, b) => b.exact - Math.floor(b.exact) - (a.exact - Math.floor(a.exact)) || compareTiers(a.t, b.t));
  while (left > 0) {
    const before = left;
    for (const s of byRemainder) {
      if (left === 0) break;
      if (room(s.t) > 0) {
        out.set(s.t, out.get(s.t)! + 1);
        left--;
      }
    }
    if (left === before) break;
  }
  return out;
}

/** Numeric tiers in order, then labels in alphabetical order, `unknown` last. */
function compareTiers(a: string, b: string): number {
  const na = Number(a);
  const nb = Number(b);
  const ka = a === 'unknown' ? 2 : Number.isFinite(na) ? 0 : 1;
  const kb = b === 'unknown' ? 2 : Number.isFinite(nb) ? 0 : 1;
  if (ka !== kb) return ka - kb;
  return ka === 0 ? na - nb : a < b ? -1 : a > b ? 1 : 0;
}

/** How large a sample and which seeds `review sample` and the editor accept. */
export const REVIEW_LIMITS = {
  size: { min: 1, max: 100_000, integer: true, noun: 'a whole number' },
  seed: { min: 0, max: Number.MAX_SAFE_INTEGER, integer: true, noun: 'a whole number' },
} as const satisfies Record<string, NumberLimit>;

export interface SampleOptions {
  size: number;
  seed: number;
  random: Randbelow;
  /** Whether `gold_standard` / `held_out` entries may be sampled (the user confirmed, as before sending them). */
  allowSecretSegments: boolean;
}

export interface Sample {
  items: ReviewableResult[];
  population: number;
  perTier: Record<string, number>;
  /** Secret-segment entries left out because no consent was given. */
  secretSkipped: number;
}

/**
 * Draws the review sample: entries grouped by tier in card order, `allocate` items per tier, each tier's
 * chosen by a partial Fisher–Yates shuffle with `random`, then the whole sample shuffled once more so a
 * reviewer does not see the tiers in order. The same card, size and seed always give the same sample.
 */
export function drawSample(results: readonly ReviewableResult[], options: SampleOptions): Sample {
  let secretSkipped = 0;
  const groups = new Map<string, ReviewableResult[]>();
  for (const r of results) {
    if (!options.allowSecretSegments && isSecretSegment(r.segment)) {
      secretSkipped++;
      continue;
    }
    const key = tierKey(r.difficulty);
    const group = groups.get(key);
    if (group) group.push(r);
    else groups.set(key, [r]);
  }
  const counts = allocate(new Map([...groups].map(([k, g]) => [k, g.length])), options.size);
  const picked: ReviewableResult[] = [];
  const perTier: Record<string, number> = {};
  for (const [tier, k] of counts) {
    const pool = [...groups.get(tier)!];
    for (let i = 0; i < k; i++) {
      const j = i + options.random.randbelow(pool.length - i);
      [pool[i], pool[j]] = [pool[j], pool[i]];
    }
    appendAll(picked, pool.slice(0, k));
    setOwn(perTier, tier, k);
  }
  for (let i = picked.length - 1; i > 0; i--) {
    const j = options.random.randbelow(i + 1);
    [picked[i], picked[j]] = [picked[j], picked[i]];
  }
  return { items: picked, population: results.length - secretSkipped, perTier, secretSkipped };
}

export interface ReviewMeta {
  runCardPath: string;
  card: JsonObject;
  reviewer: string;
  created: string;
  seed: number;
  size: number;
}

export function newReview(sample: Sample, meta: ReviewMeta): ReviewFile {
  const dataset = isObject(meta.card.dataset) ? meta.card.dataset : {};
  return {
    review_version: REVIEW_VERSION,
    run_card: meta.runCardPath,
    run_card_hash: typeof meta.card.run_card_hash === 'string' ? meta.card.run_card_hash : '',
    run_id: typeof meta.card.run_id === 'string' ? meta.card.run_id : null,
    model_slug: typeof meta.card.model_slug === 'string' ? meta.card.model_slug : null,
    dataset_id: typeof dataset.id === 'string' ? dataset.id : null,
    reviewer: meta.reviewer,
    created: meta.created,
    sample: { seed: meta.seed, size: meta.size, strata: 'difficulty', population: sample.population, per_tier: sample.perTier },
    items: sample.items.map((r) => ({ entry_id: r.entry_id, difficulty: r.difficulty, segment: r.segment, rating: null, comment: '', rated_at: null })),
  };
}

export interface RatingCounts {
  total: number;
  rated: number;
  reject: number;
  gist: number;
  acceptable: number;
  excellent: number;
  /** Share of rated items rated acceptable or excellent, rounded to 4 decimals; null when none is rated. */
  usable_rate: number | null;
}

export interface ReviewSummary {
  overall: RatingCounts;
  by_tier: Record<string, RatingCounts>;
}

function emptyCounts(): RatingCounts {
  return { total: 0, rated: 0, reject: 0, gist: 0, acceptable: 0, excellent: 0, usable_rate: null };
}

function isRating(value: unknown): value is Rating {
  return typeof value === 'string' && (RATINGS as readonly string[]).includes(value);
}

/** Counts per rating, overall and per tier (items read leniently: a malformed item counts as unrated). */
export function summarizeReview(review: unknown): ReviewSummary {
  const items = isObject(review) && Array.isArray(review.items) ? review.items : [];
  const overall = emptyCounts();
  const byTier = new Map<string, RatingCounts>();
  for (const item of items) {
    const it = isObject(item) ? item : {};
    const difficulty = typeof it.difficulty === 'number' || typeof it.difficulty === 'string' ? it.difficulty : null;
    const key = tierKey(difficulty);
    let tier = byTier.get(key);
    if (!tier) byTier.set(key, (tier = emptyCounts()));
    for (const c of [overall, tier]) {
      c.total++;
      if (isRating(it.rating)) {
        c.rated++;
        c[it.rating]++;
      }
    }
  }
  const finish = (c: RatingCounts) => ({
    ...c,
    usable_rate: c.rated === 0 ? null : Math.round((10_000 * USABLE_RATINGS.reduce((n, r) => n + c[r], 0)) / c.rated) / 10_000,
  });
  const by_tier: Record<string, RatingCounts> = {};
  for (const key of [...byTier.keys()].sort(compareTiers)) setOwn(by_tier, key, finish(byTier.get(key)!));
  return { overall: finish(overall), by_tier };
}

/** The §7.2 gate: how much review a card needs before it may claim Deployable or above. */
export interface GateThreshold {
  /** Rated items at least. */
  minRated: number;
  /** Share of rated items rated acceptable or excellent, at least. */
  minUsableRate: number;
}

export const DEFAULT_GATE: GateThreshold = { minRated: 20, minUsableRate: 0.7 };

/** The tiers that §5 and §7.2 say cannot be claimed without human validation. */
export const GATED_TIERS: readonly string[] = ['deployable', 'fluent'];

export type GateVerdict =
  | { kind: 'not-gated' }
  | { kind: 'passed'; summary: ReviewSummary }
  | { kind: 'no-review'; tier: string }
  /** Some drawn items are not rated yet: the gate asks every one rated. */
  | { kind: 'unrated'; tier: string; unrated: number; summary: ReviewSummary }
  | { kind: 'too-few'; tier: string; summary: ReviewSummary }
  | { kind: 'not-usable'; tier: string; summary: ReviewSummary };

/**
 * The gate on a review's ratings alone: every item rated, enough of them, enough usable. It takes the review as
 * given: whether the review is a review of this card at all (its seal, the seeded sample) is `cardGate`'s
 * question (binding.ts), which every check of a card on disk goes through.
 */
export function reviewGate(card: unknown, review: unknown | undefined, threshold: GateThreshold = DEFAULT_GATE): GateVerdict {
  const scores = isObject(card) && isObject(card.scores) ? card.scores : {};
  const tier = typeof scores.quality_tier === 'string' ? scores.quality_tier.toLowerCase() : '';
  if (!GATED_TIERS.includes(tier)) return { kind: 'not-gated' };
  if (review === undefined) return { kind: 'no-review', tier };
  const summary = summarizeReview(review);
  const unrated = summary.overall.total - summary.overall.rated;
  if (unrated > 0) return { kind: 'unrated', tier, unrated, summary };
  if (summary.overall.rated < threshold.minRated) return { kind: 'too-few', tier, summary };
  if ((summary.overall.usable_rate ?? 0) < threshold.minUsableRate) return { kind: 'not-usable', tier, summary };
  return { kind: 'passed', summary };
}

/** Where a card's review lives: beside it, `<card name>.review.json`. */
export function reviewFileNameFor(cardFileName: string): string {
  return cardFileName.replace(/\.json$/i, '') + '.review.json';
}
