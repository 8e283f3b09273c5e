import { formatAgreeing, type Locale, type Params } from '../i18n/locale';
import { isObject } from '../json';
import { collect, idKey, type ReviewInput } from './agreement';
import { RATINGS, type Rating } from './review';
import { isAdjudication } from './teamFiles';

export { adjudicationFileNameFor, isAdjudication } from './teamFiles';

/**
 * Adjudication (issue #34, item 4): the items a team's reviewers rated two steps apart or more (the threshold is a
 * setting of the file) are listed for an adjudicator, whose rating and reason (`comment`) for each are recorded
 * under their name. The file names the card's seal and the team's sample (its hash, seed and size), so it reads
 * as a review of those items (the review view opens it like one). What it decides counts only for items the team
 * still disputes as the files are now, each with a rating and a reason: an adjudication cannot re-rate an item the
 * reviewers agree on, nor one of another run or sample. Pure: the CLI and the editor read and write the files.
 */

export const ADJUDICATION_VERSION = 1;
export const DEFAULT_ADJUDICATION_THRESHOLD = 2;
/** Steps apart, from 1 (any difference) to 3 (reject against excellent). */
export const ADJUDICATION_THRESHOLD = { min: 1, max: RATINGS.length - 1, integer: true, noun: 'a whole number' } as const;

export interface AdjudicationItem {
  entry_id: string | number;
  difficulty: number | string | null;
  segment: string | null;
  /** Each reviewer's rating, by name (null: not rated by them). */
  ratings: Record<string, Rating | null>;
  /** Steps between the lowest and the highest rating. */
  spread: number;
  /** The adjudicator's rating. */
  rating: Rating | null;
  /** The adjudicator's reason. */
  comment: string;
  rated_at: string | null;
}

export interface AdjudicationFile {
  adjudication_version: number;
  run_card: string;
  run_card_hash: string;
  dataset_id: string | null;
  adjudicator: string;
  created: string;
  sample: { seed: number; size: number; sample_hash: string };
  /** Items whose ratings are at least this many steps apart are listed. */
  threshold: number;
  /** The team's reviewers whose files were compared. */
  reviewers: string[];
  items: AdjudicationItem[];
}

const reviewerOf = (input: ReviewInput) => (isObject(input.review) && typeof input.review.reviewer === 'string' ? input.review.reviewer : input.file);
const isRating = (v: unknown): v is Rating => typeof v === 'string' && (RATINGS as readonly string[]).includes(v);

/** The items at least `threshold` steps apart, widest first (then in the first file's order). */
export function disputedItems(inputs: readonly ReviewInput[], threshold: number): Omit<AdjudicationItem, 'rating' | 'comment' | 'rated_at'>[] {
  const names = inputs.map(reviewerOf);
  const segments = new Map<string, string | null>();
  for (const { review } of inputs)
    for (const raw of isObject(review) && Array.isArray(review.items) ? review.items : [])
      if (isObject(raw) && (typeof raw.entry_id === 'string' || typeof raw.entry_id === 'number') && !segments.has(idKey(raw.entry_id)))
        segments.set(idKey(raw.entry_id), typeof raw.segment === 'string' ? raw.segment : null);
  const out: Omit<AdjudicationItem, 'rating' | 'comment' | 'rated_at'>[] = [];
  for (const it of collect(inputs)) {
    const steps = it.ratings.filter((r): r is Rating => r !== null).map((r) => RATINGS.indexOf(r));
    if (steps.length < 2) continue;
    const spread = Math.max(...steps) - Math.min(...steps);
    if (spread < threshold) continue;
    const ratings: Record<string, Rating | null> = {};
    names.forEach((name, i) => Object.defineProperty(ratings, name, { value: it.ratings[i], enumerable: true, writable: true, configurable: true }));
    out.push({ entry_id: it.entry_id, difficulty: it.difficulty, segment: segments.get(idKey(it.entry_id)) ?? null, ratings, spread });
  }
  return out.sort((a, b) => b.spread - a.spread);
}

export interface AdjudicationMeta {
  adjudicator: string;
  created: string;
  threshold: number;
  /** The card, relative to the adjudication file. */
  runCardPath: string;
}

/** A new adjudication of a team's files (already checked to be one sample of one card), every item unrated. */
export function newAdjudication(inputs: readonly ReviewInput[], meta: AdjudicationMeta): AdjudicationFile {
  const first = isObject(inputs[0]?.review) ? inputs[0].review : {};
  const sample = isObject(first.sample) ? first.sample : {};
  return {
    adjudication_version: ADJUDICATION_VERSION,
    run_card: meta.runCardPath,
    run_card_hash: typeof first.run_card_hash === 'string' ? first.run_card_hash : '',
    dataset_id: typeof first.dataset_id === 'string' ? first.dataset_id : null,
    adjudicator: meta.adjudicator,
    created: meta.created,
    sample: {
      seed: typeof sample.seed === 'number' ? sample.seed : 0,
      size: typeof sample.size === 'number' ? sample.size : 0,
      sample_hash: typeof sample.sample_hash === 'string' ? sample.sample_hash : '',
    },
    threshold: meta.threshold,
    reviewers: inputs.map(reviewerOf),
    items: disputedItems(inputs, meta.threshold).map((it) => ({ ...it, rating: null, comment: '', rated_at: null })),
  };
}

/** Why an adjudication counts for nothing, or why one of its items does not count. */
export type AdjudicationProblem = { kind: 'not-adjudication' } | { kind: 'other-run' } | { kind: 'other-sample' } | { kind: 'threshold' };

export interface AdjudicationReading {
  adjudicator: string;
  /** The adjudicated rating of each item it decides, by `idKey`. */
  decisions: Map<string, Rating>;
  /** The same, in the file's order, as the entries are written. */
  decided: { entry_id: string | number; rating: Rating }[];
  /** Items rated by the adjudicator that do not count: not disputed now, no reason given, or not in the sample. */
  ignored: { entry_id: string | number; why: 'not-disputed' | 'no-reason' | 'not-in-sample' }[];
  /** Disputed items the adjudicator has not decided yet. */
  pending: number;
  problem?: AdjudicationProblem;
}

/**
 * What an adjudication decides for a team (`inputs`: the files that count, bound to the card): nothing when it
 * names another seal or sample; else a rating for each item the team disputes now (by the file's threshold) that
 * the adjudicator rated with a reason.
 */
export function readAdjudication(adjudication: unknown, inputs: readonly ReviewInput[]): AdjudicationReading {
  const empty = (problem: AdjudicationProblem): AdjudicationReading => ({
    adjudicator: isObject(adjudication) && typeof adjudication.adjudicator === 'string' ? adjudication.adjudicator : '',
    decisions: new Map(),
    decided: [],
    ignored: [],
    pending: 0,
    problem,
  });
  if (!isObject(adjudication) || !isAdjudication(adjudication) || !Array.isArray(adjudication.items)) return empty({ kind: 'not-adjudication' });
  const first = isObject(inputs[0]?.review) ? inputs[0].review : undefined;
  if (!first || adjudication.run_card_hash !== first.run_card_hash) return empty({ kind: 'other-run' });
  const sample = isObject(adjudication.sample) ? adjudication.sample : {};
  const teamSample = isObject(first.sample) ? first.sample : {};
  if (sample.sample_hash !== teamSample.sample_hash || sample.seed !== teamSample.seed || sample.size !== teamSample.size)
    return empty({ kind: 'other-sample' });
  const threshold = adjudication.threshold;
  if (typeof threshold !== 'number' || !Number.isInteger(threshold) || threshold < ADJUDICATION_THRESHOLD.min || threshold > ADJUDICATION_THRESHOLD.max)
    return empty({ kind: 'threshold' });
  const disputed = new Set(disputedItems(inputs, threshold).map((it) => idKey(it.entry_id)));
  const known = new Set(collect(inputs).map((it) => idKey(it.entry_id)));
  const decisions = new Map<string, Rating>();
  const decided: AdjudicationReading['decided'] = [];
  const ignored: AdjudicationReading['ignored'] = [];
  for (const raw of adjudication.items) {
    if (!isObject(raw) || (typeof raw.entry_id !== 'string' && typeof raw.entry_id !== 'number') || !isRating(raw.rating)) continue;
    const key = idKey(raw.entry_id);
    if (decisions.has(key)) continue; // a repeated entry keeps its first decision
    if (!known.has(key)) ignored.push({ entry_id: raw.entry_id, why: 'not-in-sample' });
    else if (!disputed.has(key)) ignored.push({ entry_id: raw.entry_id, why: 'not-disputed' });
    else if (typeof raw.comment !== 'string' || raw.comment.trim() === '') ignored.push({ entry_id: raw.entry_id, why: 'no-reason' });
    else {
      decisions.set(key, raw.rating);
      decided.push({ entry_id: raw.entry_id, rating: raw.rating });
    }
  }
  return {
    adjudicator: typeof adjudication.adjudicator === 'string' ? adjudication.adjudicator : '',
    decisions,
    decided,
    ignored,
    pending: [...disputed].filter((k) => !decisions.has(k)).length,
  };
}

/** Every sentence adjudication says, in English and French. */
export const ADJUDICATION_MESSAGES = {
  written: {
    en: '{file}: {count} {count|item|items} for {adjudicator} to adjudicate (ratings {threshold} {threshold|step|steps} apart or more, of {reviewers})',
    fr: '{file}\u00a0: {count} {count|élément|éléments} à arbitrer par {adjudicator} (notes à {threshold} {threshold|cran|crans} ou plus d’écart, de {reviewers})',
  },
  none: {
    en: 'no item is rated {threshold} {threshold|step|steps} apart or more: nothing to adjudicate (no file written)',
    fr: 'aucun élément n’est noté à {threshold} {threshold|cran|crans} ou plus d’écart\u00a0: rien à arbitrer (aucun fichier écrit)',
  },
  exists: {
    en: '{file}: an adjudication is already there; its decisions would be lost: remove it or name another --out (no file written)',
    fr: '{file}\u00a0: un arbitrage s’y trouve déjà\u202f; ses décisions seraient perdues\u00a0: supprimez-le ou nommez un autre --out (aucun fichier écrit)',
  },
  summary: {
    en: 'adjudication by {adjudicator}: {decided} {decided|item|items} decided, {pending} still to decide',
    fr: 'arbitrage par {adjudicator}\u00a0: {decided} {decided|élément tranché|éléments tranchés}, {pending} encore à trancher',
  },
  ignoredNotDisputed: {
    en: 'entry {id}: adjudicated but its reviewers no longer disagree enough: their median counts',
    fr: 'entrée {id}\u00a0: arbitrée mais ses relecteurs ne sont plus assez en désaccord\u00a0: leur médiane compte',
  },
  ignoredNoReason: {
    en: 'entry {id}: adjudicated without a reason: the reviewers’ median counts until one is given',
    fr: 'entrée {id}\u00a0: arbitrée sans raison\u00a0: la médiane des relecteurs compte tant qu’aucune n’est donnée',
  },
  decidedItem: {
    en: 'entry {id}: {rating} (adjudicated; the median no longer counts)',
    fr: 'entrée {id}\u00a0: {rating} (arbitrée\u202f; la médiane ne compte plus)',
  },
  moreDecided: { en: '… and {count} more (--format json lists every one)', fr: '… et {count} de plus (--format json les liste toutes)' },
  ignoredNotInSample: { en: 'entry {id}: not an item of this sample', fr: 'entrée {id}\u00a0: pas un élément de cet échantillon' },
  notAdjudication: {
    en: '{file}: not an adjudication file (no adjudication_version or no items)',
    fr: '{file}\u00a0: pas un fichier d’arbitrage (pas d’adjudication_version ou pas d’items)',
  },
  otherRun: {
    en: '{file}: adjudicates another run (its run_card_hash differs): it counts for nothing',
    fr: '{file}\u00a0: arbitre un autre run (son run_card_hash diffère)\u00a0: il ne compte pour rien',
  },
  otherSample: {
    en: '{file}: adjudicates another sample (its sample hash, seed or size differs): it counts for nothing',
    fr: '{file}\u00a0: arbitre un autre échantillon (son empreinte d’échantillon, sa graine ou sa taille diffère)\u00a0: il ne compte pour rien',
  },
  threshold: {
    en: '{file}: `threshold` must be a whole number from 1 to 3: it counts for nothing',
    fr: '{file}\u00a0: `threshold` doit être un nombre entier de 1 à 3\u00a0: il ne compte pour rien',
  },
} as const;

export function adjudicationMessage(locale: Locale, id: keyof typeof ADJUDICATION_MESSAGES, params?: Params): string {
  return formatAgreeing(ADJUDICATION_MESSAGES[id][locale], params ?? {}, locale);
}

/** Adjudicated items listed in the text report; JSON's `team_ratings` lists every item with how it was decided. */
export const SHOWN_DECISIONS = 20;

/** What an adjudication reading says: its problem, or its totals and each item that does not count. */
export function adjudicationLines(file: string, reading: AdjudicationReading, locale: Locale): string[] {
  if (reading.problem) {
    const id = ({ 'not-adjudication': 'notAdjudication', 'other-run': 'otherRun', 'other-sample': 'otherSample', threshold: 'threshold' } as const)[
      reading.problem.kind
    ];
    return [adjudicationMessage(locale, id, { file })];
  }
  const lines = [
    adjudicationMessage(locale, 'summary', { adjudicator: reading.adjudicator || '?', decided: reading.decisions.size, pending: reading.pending }),
  ];
  for (const d of reading.decided.slice(0, SHOWN_DECISIONS))
    lines.push(`  ${adjudicationMessage(locale, 'decidedItem', { id: String(d.entry_id), rating: d.rating })}`);
  if (reading.decided.length > SHOWN_DECISIONS)
    lines.push(`  ${adjudicationMessage(locale, 'moreDecided', { count: reading.decided.length - SHOWN_DECISIONS })}`);
  for (const i of reading.ignored) {
    const id = ({ 'not-disputed': 'ignoredNotDisputed', 'no-reason': 'ignoredNoReason', 'not-in-sample': 'ignoredNotInSample' } as const)[i.why];
    lines.push(`  ${adjudicationMessage(locale, id, { id: String(i.entry_id) })}`);
  }
  return lines;
}
