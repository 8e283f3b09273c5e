import { sha256Hex } from '../hash/sha';
import { formatAgreeing, type Locale, type Params } from '../i18n/locale';
import { isObject } from '../json';
import { PyRandom } from '../stats/pyRandom';
import { REVIEW_VERSION, type Assignment, type Hidden, type ReviewableResult, type ReviewFile, type ReviewMeta, type Sample } from './review';

export type { Assignment, Hidden } from './review';

/**
 * Review as a team (issue #34): one seeded sample split among named reviewers, each item rated by `overlap` of
 * them, each reviewer's items in an order of their own (seeded by the sample's seed and the reviewer's name), so
 * no reviewer sees the tiers in order or the same sequence as a colleague. A reviewer's file names neither the
 * model nor its scores nor anyone else's ratings; `hidden` records what the review tool keeps from the reviewer.
 * Everything here is recomputed from the card, the seed, the size, the reviewer list and the overlap, so a file
 * whose items are not its reviewer's share of the sample is caught (binding.ts). Pure: no Node API.
 */

/** What a team review never shows a reviewer; `reference` is added by `--hide-reference`. */
export const ALWAYS_HIDDEN: readonly Hidden[] = ['model', 'scores', 'other_ratings'];

/** A reviewer name becomes part of a file name: letters, digits, `.`, `_`, `-`, at most 64, not starting with `.`. */
const NAME = /^[\p{L}\p{N}_-][\p{L}\p{N}\p{M}._-]{0,63}$/u;
export const MAX_REVIEWERS = 50;

export type AssignmentProblem =
  | { kind: 'name'; name: string }
  | { kind: 'repeated'; name: string }
  | { kind: 'count'; count: number }
  | { kind: 'overlap'; overlap: number; reviewers: number };

export function assignmentProblems(reviewers: readonly string[], overlap: number): AssignmentProblem[] {
  const problems: AssignmentProblem[] = [];
  if (reviewers.length < 1 || reviewers.length > MAX_REVIEWERS) problems.push({ kind: 'count', count: reviewers.length });
  const seen = new Set<string>();
  for (const name of reviewers) {
    if (!NAME.test(name)) problems.push({ kind: 'name', name });
    else if (seen.has(name.toLowerCase())) problems.push({ kind: 'repeated', name });
    seen.add(name.toLowerCase());
  }
  if (!Number.isInteger(overlap) || overlap < 1 || overlap > reviewers.length) problems.push({ kind: 'overlap', overlap, reviewers: reviewers.length });
  return problems;
}

/** The sample's hash: SHA-256 of the drawn ids (in draw order, as strings), the seed and the size. */
export function sampleHash(ids: readonly (string | number)[], seed: number, size: number): string {
  return sha256Hex(JSON.stringify({ ids: ids.map(String), seed, size }));
}

/** A reviewer's order seed: the first 48 bits of SHA-256 of "seed:name", a whole number Python's Random takes. */
export function orderSeed(seed: number, reviewer: string): number {
  return parseInt(sha256Hex(`${seed}:${reviewer}`).slice(0, 12), 16);
}

/**
 * Which reviewers rate each drawn item: the draw's rating slots dealt round the reviewers, item i (in draw
 * order) to reviewers i·overlap, …, i·overlap + overlap − 1 (modulo their number): every item has `overlap`
 * distinct reviewers and the loads differ by at most one item.
 */
export function assignedItems<T>(drawn: readonly T[], reviewers: readonly string[], overlap: number, reviewer: string): T[] {
  const r = reviewers.indexOf(reviewer);
  if (r < 0) return [];
  const n = reviewers.length;
  return drawn.filter((_, i) => (((r - ((i * overlap) % n)) % n) + n) % n < overlap);
}

/** `items` shuffled by Fisher–Yates on Python's random stream seeded with `seed`. */
export function seededOrder<T>(items: readonly T[], seed: number): T[] {
  const out = [...items];
  const rng = new PyRandom(seed);
  for (let i = out.length - 1; i > 0; i--) {
    const j = rng.randbelow(i + 1);
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

/** One reviewer's items of the sample, in their own order. */
export function reviewerItems(
  drawn: readonly ReviewableResult[],
  reviewers: readonly string[],
  overlap: number,
  reviewer: string,
  seed: number,
): ReviewableResult[] {
  return seededOrder(assignedItems(drawn, reviewers, overlap, reviewer), orderSeed(seed, reviewer));
}

export interface TeamOptions {
  reviewers: readonly string[];
  overlap: number;
  hideReference: boolean;
}

/**
 * One review file per reviewer, bound to the card's seal and to the sample's hash. No `model_slug` (null), no
 * `run_id` (it may carry the model's name): the reviewer rates outputs, not a model.
 */
export function teamReviews(sample: Sample, meta: Omit<ReviewMeta, 'reviewer'>, team: TeamOptions): ReviewFile[] {
  const dataset = isObject(meta.card.dataset) ? meta.card.dataset : {};
  const hash = sampleHash(
    sample.items.map((r) => r.entry_id),
    meta.seed,
    meta.size,
  );
  const hidden: Hidden[] = [...ALWAYS_HIDDEN, ...(team.hideReference ? (['reference'] as const) : [])];
  return team.reviewers.map((reviewer) => ({
    review_version: REVIEW_VERSION,
    run_card: meta.runCardPath,
    run_card_hash: typeof meta.card.run_card_hash === 'string' ? meta.card.run_card_hash : '',
    run_id: null,
    model_slug: null,
    dataset_id: typeof dataset.id === 'string' ? dataset.id : null,
    reviewer,
    created: meta.created,
    sample: {
      seed: meta.seed,
      size: meta.size,
      strata: 'difficulty',
      population: sample.population,
      per_tier: sample.perTier,
      sample_hash: hash,
    },
    assignment: { reviewers: [...team.reviewers], overlap: team.overlap, order_seed: orderSeed(meta.seed, reviewer), hidden: [...hidden] },
    items: reviewerItems(sample.items, team.reviewers, team.overlap, reviewer, meta.seed).map((r) => ({
      entry_id: r.entry_id,
      difficulty: r.difficulty,
      segment: r.segment,
      rating: null,
      comment: '',
      rated_at: null,
    })),
  }));
}

/** The assignment a file declares, when it is well-formed; undefined when the file has none. */
export function declaredAssignment(review: unknown): Assignment | 'malformed' | undefined {
  if (!isObject(review) || review.assignment === undefined) return undefined;
  const a = review.assignment;
  if (!isObject(a) || !Array.isArray(a.reviewers) || !a.reviewers.every((r): r is string => typeof r === 'string')) return 'malformed';
  if (typeof a.overlap !== 'number' || typeof a.order_seed !== 'number' || !Array.isArray(a.hidden)) return 'malformed';
  if (assignmentProblems(a.reviewers, a.overlap).length > 0) return 'malformed';
  if (typeof review.reviewer !== 'string' || !a.reviewers.includes(review.reviewer)) return 'malformed';
  const hidden = a.hidden.filter((h): h is Hidden => h === 'reference' || (ALWAYS_HIDDEN as readonly unknown[]).includes(h));
  return { reviewers: a.reviewers, overlap: a.overlap, order_seed: a.order_seed, hidden };
}

/** What `review sample --reviewers` says about a reviewer list it refuses, in English and French. */
export const ASSIGNMENT_MESSAGES = {
  name: {
    en: '--reviewers: "{name}" cannot name a reviewer’s file (letters, digits, ".", "_" and "-", at most 64, not starting with ".")',
    fr: '--reviewers\u00a0: « {name} » ne peut pas nommer le fichier d’un relecteur (lettres, chiffres, « . », « _ » et « - », 64 au plus, sans « . » au début)',
  },
  repeated: { en: '--reviewers: "{name}" is given twice', fr: '--reviewers\u00a0: « {name} » est donné deux fois' },
  count: { en: '--reviewers: from 1 to {max} reviewers, not {count}', fr: '--reviewers\u00a0: de 1 à {max} relecteurs, pas {count}' },
  overlap: {
    en: '--overlap {overlap}: each item is rated by 1 to {reviewers} {reviewers|reviewer|reviewers} (the number given)',
    fr: '--overlap {overlap}\u00a0: chaque élément est noté par 1 à {reviewers} {reviewers|relecteur|relecteurs} (le nombre donné)',
  },
  written: {
    en: '{file}: {reviewer}, {count} {count|item|items} in their own order',
    fr: '{file}\u00a0: {reviewer}, {count} {count|élément|éléments} dans son propre ordre',
  },
  drawn: {
    en: '{drawn} of {population} {population|output|outputs} drawn (seed {seed}; per difficulty tier {tiers}); {reviewers} {reviewers|reviewer|reviewers}, each item rated by {overlap}{hidden}',
    fr: '{drawn} {drawn|sortie tirée|sorties tirées} sur {population} (graine {seed}\u202f; par niveau de difficulté {tiers})\u202f; {reviewers} {reviewers|relecteur|relecteurs}, chaque élément noté par {overlap}{hidden}',
  },
  hiddenReference: { en: '; the reference is hidden', fr: '\u202f; la référence est cachée' },
  exists: {
    en: '{file}: a review is already there; its ratings would be lost: remove it or draw for other reviewers (no file written)',
    fr: '{file}\u00a0: une revue s’y trouve déjà\u202f; ses notes seraient perdues\u00a0: supprimez-la ou tirez pour d’autres relecteurs (aucun fichier écrit)',
  },
} as const;

export function assignmentMessage(locale: Locale, id: keyof typeof ASSIGNMENT_MESSAGES, params?: Params): string {
  return formatAgreeing(ASSIGNMENT_MESSAGES[id][locale], params ?? {}, locale);
}

export function assignmentProblemText(p: AssignmentProblem, locale: Locale): string {
  switch (p.kind) {
    case 'name':
      return assignmentMessage(locale, 'name', { name: p.name });
    case 'repeated':
      return assignmentMessage(locale, 'repeated', { name: p.name });
    case 'count':
      return assignmentMessage(locale, 'count', { count: p.count, max: MAX_REVIEWERS });
    case 'overlap':
      return assignmentMessage(locale, 'overlap', { overlap: p.overlap, reviewers: p.reviewers });
  }
}

/** The file a team reviewer's ratings go to, beside the card: `<card>.review.<reviewer>.json`. */
export function teamReviewFileName(cardFileName: string, reviewer: string): string {
  return `${cardFileName.replace(/\.json$/i, '')}.review.${reviewer}.json`;
}
