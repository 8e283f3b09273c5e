import { sha256Hex } from '../hash/sha';
import type { Locale } from '../i18n/locale';
import type { Rating } from './review';

/**
 * What a review packet (issue #34 item 6) and the ratings it saves are made of: the part the packet's page script
 * needs too, so it stays light (no card, no sample draw). The page (webview/packet/main.ts) and `review import`
 * compute the ratings' hash with the same function, `ratingsHash`: a file edited by hand after it was saved no
 * longer matches its hash. The hash has no key (the page that computes it is in the reviewer's hands), so it
 * detects an alteration, not a forger who recomputes it. Pure: no Node API.
 */

export const SAVED_RATINGS_FORMAT = 'ewebench-review-ratings';
export const SAVED_RATINGS_VERSION = 1;

/** What ties a packet and its saved ratings to one reviewer's share of one sample of one sealed run card. */
export interface PacketBinding {
  run_card_hash: string;
  reviewer: string;
  seed: number;
  size: number;
  /** A team review's `sample.sample_hash`; null for a single reviewer's file (which has none). */
  sample_hash: string | null;
  /** SHA-256 of the review's entry ids in their listed order (`itemsHash`). */
  items_hash: string;
}

/** One item's rating as the page saves it. */
export interface SavedRating {
  entry_id: string | number;
  rating: Rating | null;
  comment: string;
  rated_at: string | null;
}

/** The file *Save ratings* downloads and `review import` reads. */
export interface SavedRatings {
  format: typeof SAVED_RATINGS_FORMAT;
  version: number;
  binding: PacketBinding;
  ratings: SavedRating[];
  ratings_hash: string;
}

/** One item as the packet's page shows it. Texts are empty when `shown` is false. */
export interface PacketItem {
  entry_id: string | number;
  difficulty: number | string | null;
  source: string;
  /** Empty when the review hides the reference (`referenceHidden`). */
  reference: string;
  referenceHidden: boolean;
  predicted: string;
  /** False for a secret segment's entry packed without consent, or an entry the card has no output for. */
  shown: boolean;
  why: 'secret' | 'missing' | null;
  rating: Rating | null;
  comment: string;
  rated_at: string | null;
}

/** Everything the page needs, embedded in the packet as JSON. No model name, no score, no file path. */
export interface PacketData {
  /** Where the page keeps its progress in the browser's storage: one key per sample and reviewer. */
  storage_key: string;
  binding: PacketBinding;
  dataset: string | null;
  locale: Locale;
  strings: PacketStrings;
  /** The Ewe typing keys, as a hint under the comment. */
  typing_hint: string;
  items: PacketItem[];
}

/** SHA-256 of the entry ids (as strings) in their order. */
export function itemsHash(ids: readonly (string | number)[]): string {
  return sha256Hex(JSON.stringify(ids.map(String)));
}

/** The hash of a binding and its ratings, over a fixed layout (field order never depends on how a file was written). */
export function ratingsHash(binding: PacketBinding, ratings: readonly SavedRating[]): string {
  return sha256Hex(
    JSON.stringify([
      SAVED_RATINGS_FORMAT,
      SAVED_RATINGS_VERSION,
      [binding.run_card_hash, binding.reviewer, binding.seed, binding.size, binding.sample_hash, binding.items_hash],
      ratings.map((r) => [r.entry_id, r.rating, r.comment, r.rated_at]),
    ]),
  );
}

/** The file the page saves: the ratings in the items' order, with their hash. */
export function savedRatings(binding: PacketBinding, ratings: readonly SavedRating[]): SavedRatings {
  const copy = ratings.map((r) => ({ entry_id: r.entry_id, rating: r.rating, comment: r.comment, rated_at: r.rated_at }));
  return { format: SAVED_RATINGS_FORMAT, version: SAVED_RATINGS_VERSION, binding: { ...binding }, ratings: copy, ratings_hash: ratingsHash(binding, copy) };
}

/** The page's words. `{0}` placeholders are filled by the page. */
export interface PacketStrings {
  title: string;
  /** `{0}` reviewer, `{1}` dataset. */
  header: string;
  /** `{0}` item, `{1}` items, `{2}` rated. */
  progress: string;
  source: string;
  reference: string;
  referenceHidden: string;
  output: string;
  difficulty: string;
  entry: string;
  comment: string;
  typingHint: string;
  previous: string;
  next: string;
  save: string;
  /** `{0}` the file name. */
  saved: string;
  keys: string;
  secret: string;
  missing: string;
  noStorage: string;
  done: string;
  ratings: Record<Rating, string>;
  hints: Record<Rating, string>;
}

export const PACKET_STRINGS: Record<Locale, PacketStrings> = {
  en: {
    title: 'Human review',
    header: 'Reviewer: {0} · {1}',
    progress: 'Item {0} of {1} · {2} rated',
    source: 'Source',
    reference: 'Reference',
    referenceHidden: '(hidden in this review)',
    output: 'Output to rate',
    difficulty: 'difficulty',
    entry: 'entry',
    comment: 'Comment (optional)',
    typingHint: 'Ewe letters and tones: {0}',
    previous: '← Previous',
    next: 'Next →',
    save: 'Save ratings',
    saved: 'Saved as {0}: send this file back to the person who sent you the packet.',
    keys: 'Keys: 1 reject · 2 gist · 3 acceptable · 4 excellent (then the next item) · ← → move · C comment · Esc leaves the comment.',
    secret: 'A secret segment’s entry: not included in this packet, nothing to rate.',
    missing: 'The run has no output for this entry: nothing to rate.',
    noStorage: 'This browser does not keep the page’s progress: save your ratings before closing it.',
    done: 'Every item is rated: save your ratings.',
    ratings: { reject: 'Reject', gist: 'Gist', acceptable: 'Acceptable', excellent: 'Excellent' },
    hints: {
      reject: 'Unusable: wrong, misleading, or not the language.',
      gist: 'The meaning comes through, the wording is wrong.',
      acceptable: 'Correct, with minor issues.',
      excellent: 'As a human translator would write it.',
    },
  },
  fr: {
    title: 'Revue humaine',
    header: 'Relecteur : {0} · {1}',
    progress: 'Élément {0} sur {1} · notés\u00a0: {2}',
    source: 'Source',
    reference: 'Référence',
    referenceHidden: '(cachée dans cette revue)',
    output: 'Sortie à noter',
    difficulty: 'difficulté',
    entry: 'entrée',
    comment: 'Commentaire (facultatif)',
    typingHint: 'Lettres et tons éwé : {0}',
    previous: '← Précédent',
    next: 'Suivant →',
    save: 'Enregistrer les notes',
    saved: 'Enregistré sous {0} : renvoyez ce fichier à la personne qui vous a envoyé le dossier.',
    keys: 'Touches : 1 rejet · 2 sens global · 3 acceptable · 4 excellent (puis l’élément suivant) · ← → se déplacer · C commentaire · Échap quitte le commentaire.',
    secret: 'Entrée d’un segment secret : absente de ce dossier, rien à noter.',
    missing: 'L’exécution n’a pas de sortie pour cette entrée : rien à noter.',
    noStorage: 'Ce navigateur ne garde pas la progression de la page : enregistrez vos notes avant de la fermer.',
    done: 'Tous les éléments sont notés : enregistrez vos notes.',
    ratings: { reject: 'Rejet', gist: 'Sens global', acceptable: 'Acceptable', excellent: 'Excellent' },
    hints: {
      reject: 'Inutilisable : faux, trompeur, ou pas dans la langue.',
      gist: 'Le sens passe, la formulation est fausse.',
      acceptable: 'Correct, avec des défauts mineurs.',
      excellent: 'Comme l’écrirait un traducteur humain.',
    },
  },
};
