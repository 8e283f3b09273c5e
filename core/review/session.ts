import { isObject, type JsonObject } from '../json';
import { isSecretSegment } from '../spec/corpusTables';
import { RATINGS, reviewableResults, type Rating } from './review';

/**
 * One reviewer's pass over a review file: the items joined with their texts from the card (the review holds
 * only ids), where to resume, and what an item becomes once rated. Pure: the VS Code panel and tests use it.
 */
export interface SessionItem {
  index: number;
  entryId: string | number;
  difficulty: number | string | null;
  segment: string | null;
  secret: boolean;
  source: string;
  /** Empty when the team review hides the reference from the reviewer (`assignment.hidden`, `--hide-reference`). */
  reference: string;
  referenceHidden: boolean;
  predicted: string;
  /** False when the card has no output for this entry (the `review-card` rule reports it). */
  found: boolean;
  rating: Rating | null;
  comment: string;
}

/** What a team review keeps from its reviewer (`assignment.hidden`): none for a single reviewer's file. */
export function hiddenFromReviewer(review: unknown): string[] {
  const assignment = isObject(review) && isObject(review.assignment) ? review.assignment : {};
  return Array.isArray(assignment.hidden) ? assignment.hidden.filter((h): h is string => typeof h === 'string') : [];
}

export function sessionItems(review: unknown, card: unknown): SessionItem[] {
  const texts = new Map(reviewableResults(card).map((r) => [String(r.entry_id), r]));
  const items = isObject(review) && Array.isArray(review.items) ? review.items : [];
  const referenceHidden = hiddenFromReviewer(review).includes('reference');
  return items.map((raw, index) => {
    const item: JsonObject = isObject(raw) ? raw : {};
    const entryId = typeof item.entry_id === 'string' || typeof item.entry_id === 'number' ? item.entry_id : '';
    const text = texts.get(String(entryId));
    // The card is the authority on an entry's segment: a review file saying "development" (or "") for a
    // gold-standard entry must not show its text without consent.
    const segment = text?.segment ?? null;
    const difficulty = typeof item.difficulty === 'number' || typeof item.difficulty === 'string' ? item.difficulty : (text?.difficulty ?? null);
    return {
      index,
      entryId,
      difficulty,
      segment,
      secret: isSecretSegment(segment),
      source: text?.source ?? '',
      reference: referenceHidden ? '' : (text?.reference ?? ''),
      referenceHidden,
      predicted: text?.predicted ?? '',
      found: text !== undefined,
      rating: (RATINGS as readonly unknown[]).includes(item.rating) ? (item.rating as Rating) : null,
      comment: typeof item.comment === 'string' ? item.comment : '',
    };
  });
}

/** Where a reviewer picks up: the first unrated item, else the last one. */
export function resumeIndex(items: readonly SessionItem[]): number {
  const next = items.findIndex((i) => i.rating === null);
  return next >= 0 ? next : Math.max(0, items.length - 1);
}

/**
 * The review item at `index` after a rating (or a comment alone, `rating` undefined), its other fields kept
 * in their order; `rated_at` is set when the rating changes. The caller writes it back as one minimal edit.
 */
export function ratedItem(review: unknown, index: number, change: { rating?: Rating | null; comment?: string }, now: string): JsonObject | undefined {
  const items = isObject(review) && Array.isArray(review.items) ? review.items : undefined;
  const item = items?.[index];
  if (!isObject(item)) return undefined;
  const next: JsonObject = { ...item };
  if (change.rating !== undefined && change.rating !== item.rating) {
    next.rating = change.rating;
    next.rated_at = change.rating === null ? null : now;
  }
  if (change.comment !== undefined) next.comment = change.comment;
  return next;
}
