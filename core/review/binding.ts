import { isObject, type JsonObject } from '../json';
import { isSecretSegment } from '../spec/corpusTables';
import { verifyRunCard, type CardVerification } from '../runcard/verify';
import { PyRandom } from '../stats/pyRandom';
import { declaredAssignment, orderSeed, sampleHash, assignedItems } from './assignment';
import {
  DEFAULT_GATE,
  drawSample,
  REVIEW_LIMITS,
  reviewableResults,
  reviewGate,
  tierKey,
  type GateThreshold,
  type ReviewableResult,
  type Sample,
  type GateVerdict,
} from './review';

/**
 * Whether a review is a review of a card (Rosetta §7.2): the one home of the check that the CLI, the validator,
 * the editor and the card's lens all use. A review counts only when
 * - the card verifies (its seals hold: a card edited after the run is not the run that was rated),
 * - the review names the card's seal (`run_card_hash`),
 * - its items are exactly the sample its seed and size draw from that card (recomputed here), each listed once,
 *   every one in the tier the card gives it, and its `sample` header (`per_tier`, `population`) is the draw's.
 * Anything else (a duplicated item, hand-picked outputs, a made-up `per_tier`) is not the seeded sample.
 */

export type SampleProblem =
  /** `sample.seed` or `sample.size` is not a whole number in range: nothing can be drawn. */
  | { kind: 'header'; field: 'seed' | 'size' | 'per_tier' | 'population' | 'sample_hash' | 'assignment' }
  | { kind: 'duplicate'; id: string; index: number; count: number }
  /** An item the draw did not pick; `produced` says whether the card has an output for it at all. */
  | { kind: 'outside'; id: string; index: number; produced: boolean }
  | { kind: 'missing'; ids: string[] }
  | { kind: 'tier'; id: string; index: number; expected: string; actual: string };

export type ReviewBinding =
  | { kind: 'card-unreadable' }
  /** The card's seals do not hold (`mismatch`) or it has none (`unsealed`): no review can be bound to it. */
  | { kind: 'card-unverified'; verification: Exclude<CardVerification, 'verified'> }
  | { kind: 'other-run'; expected: string; actual: string }
  | { kind: 'not-sample'; seed: number | null; size: number | null; problems: SampleProblem[] }
  | { kind: 'bound'; card: JsonObject };

/** Problems listed at most (a review of 100,000 forged items does not give 100,000 findings). */
export const MAX_SAMPLE_PROBLEMS = 50;

let lastVerified: { text: string; verification: CardVerification } | undefined;

/** `verifyRunCard`, remembering the last card: the editor asks again on every keystroke in the review beside it. */
function verifyOnce(text: string): CardVerification {
  if (lastVerified?.text !== text) lastVerified = { text, verification: verifyRunCard(text) };
  return lastVerified.verification;
}

function parse(text: string): unknown {
  try {
    return JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text) as unknown;
  } catch {
    return undefined;
  }
}

const wholeIn = (value: unknown, limit: { min: number; max: number }): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= limit.min && value <= limit.max;

/**
 * Binds a review to a card's text. `card` may carry the card already parsed (the validator has it) to spare a
 * second parse; the seals are recomputed from the text unless the caller has just checked them with
 * `verifyRunCard` on this very text and passes its verdict (the leaderboard, which shows the seal anyway).
 */
export function bindReview(cardText: string | undefined, review: unknown, parsedCard?: unknown, verified?: CardVerification): ReviewBinding {
  if (cardText === undefined) return { kind: 'card-unreadable' };
  const card = parsedCard !== undefined ? parsedCard : parse(cardText);
  if (!isObject(card)) return { kind: 'card-unreadable' };
  const verification = verified ?? verifyOnce(cardText);
  if (verification === 'unreadable') return { kind: 'card-unreadable' };
  if (verification !== 'verified') return { kind: 'card-unverified', verification };
  const seal = typeof card.run_card_hash === 'string' ? card.run_card_hash : '';
  const named = isObject(review) && typeof review.run_card_hash === 'string' ? review.run_card_hash : '';
  if (named !== seal) return { kind: 'other-run', expected: named, actual: seal };
  const problems = sampleProblems(card, review);
  if (problems.problems.length > 0) return { kind: 'not-sample', ...problems };
  return { kind: 'bound', card };
}

function sampleProblems(card: JsonObject, review: unknown): { seed: number | null; size: number | null; problems: SampleProblem[] } {
  const header = isObject(review) && isObject(review.sample) ? review.sample : {};
  const items = isObject(review) && Array.isArray(review.items) ? review.items : [];
  const seed = wholeIn(header.seed, REVIEW_LIMITS.seed) ? header.seed : null;
  const size = wholeIn(header.size, REVIEW_LIMITS.size) ? header.size : null;
  if (seed === null || size === null) {
    const problems: SampleProblem[] = [];
    if (seed === null) problems.push({ kind: 'header', field: 'seed' });
    if (size === null) problems.push({ kind: 'header', field: 'size' });
    return { seed, size, problems };
  }
  const results = reviewableResults(card);
  const byId = new Map<string, ReviewableResult>();
  for (const r of results) if (!byId.has(String(r.entry_id))) byId.set(String(r.entry_id), r);
  const ids = items.map((item) =>
    isObject(item) && (typeof item.entry_id === 'string' || typeof item.entry_id === 'number') ? String(item.entry_id) : undefined,
  );
  // The draw leaves secret segments out unless the user consented when sampling, which the review does not record:
  // a review holding a secret entry was drawn with consent; one without may have been drawn either way.
  const withSecret = ids.some((id) => id !== undefined && isSecretSegment(byId.get(id)?.segment ?? null));
  const check = (allowSecretSegments: boolean) =>
    compareShare(review, header, items, ids, byId, drawSample(results, { size, seed, random: new PyRandom(seed), allowSecretSegments }), seed, size);
  const first = check(withSecret);
  if (first.length === 0 || withSecret || !results.some((r) => isSecretSegment(r.segment))) return { seed, size, problems: first };
  const consented = check(true);
  return { seed, size, problems: consented.length === 0 ? consented : first };
}

/**
 * A team reviewer's file (it declares an `assignment`) holds that reviewer's share of the draw, in their seeded
 * order, and names the draw by its hash; a file without one holds the whole draw.
 */
function compareShare(
  review: unknown,
  header: JsonObject,
  items: readonly unknown[],
  ids: readonly (string | undefined)[],
  byId: ReadonlyMap<string, ReviewableResult>,
  drawn: Sample,
  seed: number,
  size: number,
): SampleProblem[] {
  const assignment = declaredAssignment(review);
  if (assignment === undefined) return compare(header, items, ids, byId, drawn);
  if (assignment === 'malformed') return [{ kind: 'header', field: 'assignment' }];
  const reviewer = (review as JsonObject).reviewer as string;
  const problems: SampleProblem[] = [];
  if (
    header.sample_hash !==
    sampleHash(
      drawn.items.map((r) => r.entry_id),
      seed,
      size,
    )
  )
    problems.push({ kind: 'header', field: 'sample_hash' });
  if (assignment.order_seed !== orderSeed(seed, reviewer)) problems.push({ kind: 'header', field: 'assignment' });
  const share = { ...drawn, items: assignedItems(drawn.items, assignment.reviewers, assignment.overlap, reviewer) };
  return [...problems, ...compare(header, items, ids, byId, share)];
}

function compare(
  header: JsonObject,
  items: readonly unknown[],
  ids: readonly (string | undefined)[],
  byId: ReadonlyMap<string, ReviewableResult>,
  drawn: Sample,
): SampleProblem[] {
  const drawnIds = new Set(drawn.items.map((r) => String(r.entry_id)));
  const problems: SampleProblem[] = [];
  const push = (p: SampleProblem) => {
    if (problems.length < MAX_SAMPLE_PROBLEMS) problems.push(p);
  };
  if (!samePerTier(header.per_tier, drawn.perTier)) push({ kind: 'header', field: 'per_tier' });
  if (header.population !== drawn.population) push({ kind: 'header', field: 'population' });
  const count = new Map<string, number>();
  for (const id of ids) if (id !== undefined) count.set(id, (count.get(id) ?? 0) + 1);
  const seen = new Set<string>();
  ids.forEach((id, index) => {
    if (id === undefined) return;
    if (seen.has(id)) {
      if (count.get(id)! > 0) push({ kind: 'duplicate', id, index, count: count.get(id)! });
      count.set(id, 0); // one finding per repeated id
      return;
    }
    seen.add(id);
    if (!drawnIds.has(id)) {
      push({ kind: 'outside', id, index, produced: byId.has(id) });
      return;
    }
    const item = items[index] as JsonObject;
    const difficulty = typeof item.difficulty === 'number' || typeof item.difficulty === 'string' ? item.difficulty : null;
    const expected = tierKey(byId.get(id)!.difficulty);
    if (tierKey(difficulty) !== expected) push({ kind: 'tier', id, index, expected, actual: tierKey(difficulty) });
  });
  const missing = [...drawnIds].filter((id) => !seen.has(id));
  if (missing.length > 0) push({ kind: 'missing', ids: missing });
  return problems;
}

function samePerTier(written: unknown, drawn: Record<string, number>): boolean {
  if (!isObject(written)) return false;
  const keys = Object.keys(written);
  return keys.length === Object.keys(drawn).length && keys.every((k) => written[k] === drawn[k]);
}

/**
 * The card a review rates: the one its `run_card` names (relative to the review), or, when that cannot be read
 * and the review sits beside a card as `<card>.review.json`, that card (a review moved beside its card keeps the
 * path it was drawn from). Returns the path read and its text.
 */
export function reviewCardText(
  reviewFileName: string,
  runCard: unknown,
  read: (relativePath: string) => string | undefined,
): { path: string; text: string } | undefined {
  for (const path of reviewCardCandidates(reviewFileName, runCard)) {
    const text = read(path);
    if (text !== undefined) return { path, text };
  }
  return undefined;
}

/** Where `reviewCardText` looks, in order: the path the review names, then the card it sits beside. */
export function reviewCardCandidates(reviewFileName: string, runCard: unknown): string[] {
  const out = typeof runCard === 'string' ? [runCard] : [];
  const beside = /\.review\.json$/i.test(reviewFileName) ? reviewFileName.replace(/\.review\.json$/i, '.json') : undefined;
  if (beside !== undefined && beside !== runCard) out.push(beside);
  return out;
}

/** The §7.2 gate on a card on disk: the review must first be bound to it (`bindReview`), then its ratings pass. */
export type CardGateVerdict = GateVerdict | { kind: 'unbound'; tier: string; binding: Exclude<ReviewBinding, { kind: 'bound' }> };

/**
 * The §7.2 gate on a card (its text, and its parsed value when the caller has it): a Deployable or Fluent claim
 * needs a review bound to the card (`bindReview`), every drawn item rated, enough of them, and enough usable.
 */
export function cardGate(cardText: string, review: unknown | undefined, threshold: GateThreshold = DEFAULT_GATE, parsedCard?: unknown): CardGateVerdict {
  const card = parsedCard !== undefined ? parsedCard : parse(cardText);
  const verdict = reviewGate(card, review, threshold);
  if (verdict.kind === 'not-gated' || verdict.kind === 'no-review') return verdict;
  const binding = bindReview(cardText, review, card);
  if (binding.kind !== 'bound') return { kind: 'unbound', tier: verdict.kind === 'passed' ? tierOf(card) : verdict.tier, binding };
  return verdict;
}

function tierOf(card: unknown): string {
  const scores = isObject(card) && isObject(card.scores) ? card.scores : {};
  return typeof scores.quality_tier === 'string' ? scores.quality_tier.toLowerCase() : '';
}
