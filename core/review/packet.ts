import { sha256, sha256Hex } from '../hash/sha';
import { pick, type Locale, type Params } from '../i18n/locale';
import { isObject, type JsonObject } from '../json';
import { eweKeysHint } from '../typing/eweInput';
import { reviewCardMarkup } from './cardMarkup';
import { RATINGS, type Rating } from './review';
import { sessionItems } from './session';
import {
  itemsHash,
  PACKET_STRINGS,
  ratingsHash,
  SAVED_RATINGS_FORMAT,
  SAVED_RATINGS_VERSION,
  type PacketBinding,
  type PacketData,
  type PacketItem,
  type SavedRating,
} from './packetFormat';

/**
 * The review packet (issue #34 item 6): one reviewer's items as a single HTML file a speaker opens from disk in
 * any browser, with no VS Code and no network, and the way its saved ratings come back into the review file.
 * `packetData` picks what the page may show (never the model, the scores, the card's path, another reviewer's
 * ratings, a hidden reference, or a secret segment's text without consent); `packetHtml` writes the page around
 * the page script (webview/packet/main.ts, bundled as dist/reviewPacket.js) under a strict content security
 * policy that allows only that script and the page's style, by their hashes; `importRatings` checks saved
 * ratings against a review file, all or nothing. Pure: no Node API.
 */

/** The longest comment an import takes, in UTF-16 units. */
export const MAX_COMMENT_LENGTH = 10_000;
/** Problems an import lists at most. */
export const MAX_IMPORT_PROBLEMS = 50;

/** The binding of a review file, or the header field that keeps it from having one. */
export function packetBinding(review: unknown): PacketBinding | { missing: string } {
  if (!isObject(review)) return { missing: 'items' };
  if (typeof review.run_card_hash !== 'string' || review.run_card_hash === '') return { missing: 'run_card_hash' };
  if (typeof review.reviewer !== 'string') return { missing: 'reviewer' };
  const sample = isObject(review.sample) ? review.sample : {};
  if (typeof sample.seed !== 'number') return { missing: 'sample.seed' };
  if (typeof sample.size !== 'number') return { missing: 'sample.size' };
  if (!Array.isArray(review.items)) return { missing: 'items' };
  const ids = review.items.map((item) => (isObject(item) && (typeof item.entry_id === 'string' || typeof item.entry_id === 'number') ? item.entry_id : ''));
  return {
    run_card_hash: review.run_card_hash,
    reviewer: review.reviewer,
    seed: sample.seed,
    size: sample.size,
    sample_hash: typeof sample.sample_hash === 'string' ? sample.sample_hash : null,
    items_hash: itemsHash(ids),
  };
}

export interface PacketOptions {
  locale: Locale;
  /** The user consented to put secret segments' texts (gold_standard, held_out) in the packet. */
  allowSecretSegments: boolean;
}

/**
 * What the page shows, for a review file and the card it is bound to (the caller checks the binding first, with
 * `bindReview`). Undefined when the review has no binding (`packetBinding`).
 */
export function packetData(review: unknown, card: unknown, options: PacketOptions): PacketData | undefined {
  const binding = packetBinding(review);
  if ('missing' in binding) return undefined;
  const raw = (review as JsonObject).items as unknown[];
  const items: PacketItem[] = sessionItems(review, card).map((s, i) => {
    const item = isObject(raw[i]) ? raw[i] : {};
    const why = !s.found ? 'missing' : s.secret && !options.allowSecretSegments ? 'secret' : null;
    const shown = why === null;
    return {
      entry_id: s.entryId,
      difficulty: s.difficulty,
      source: shown ? s.source : '',
      reference: shown ? s.reference : '',
      referenceHidden: s.referenceHidden,
      predicted: shown ? s.predicted : '',
      shown,
      why,
      rating: shown ? s.rating : null,
      comment: shown ? s.comment : '',
      rated_at: shown && typeof item.rated_at === 'string' ? item.rated_at : null,
    };
  });
  const dataset = isObject(review) && typeof review.dataset_id === 'string' ? review.dataset_id : null;
  return {
    storage_key: `ewebench-review-packet:${sha256Hex(JSON.stringify(binding)).slice(0, 32)}`,
    binding,
    dataset,
    locale: options.locale,
    strings: PACKET_STRINGS[options.locale],
    typing_hint: eweKeysHint(),
    items,
  };
}

/** How many of the packet's items are secret entries left out (for the maker to say so). */
export const secretLeftOut = (data: PacketData) => data.items.filter((i) => i.why === 'secret').length;

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

function base64(bytes: Uint8Array): string {
  let out = '';
  for (let i = 0; i < bytes.length; i += 3) {
    const n = (bytes[i] << 16) | ((bytes[i + 1] ?? 0) << 8) | (bytes[i + 2] ?? 0);
    out += BASE64[(n >> 18) & 63] + BASE64[(n >> 12) & 63];
    out += i + 1 < bytes.length ? BASE64[(n >> 6) & 63] : '=';
    out += i + 2 < bytes.length ? BASE64[n & 63] : '=';
  }
  return out;
}

/** A CSP source allowing exactly `text` as an inline script or style: `'sha256-…'`. */
export const cspHash = (text: string) => `'sha256-${base64(sha256(text))}'`;

const PACKET_STYLE = `:root{color-scheme:light dark;--fg:#1b1b1b;--muted:#5a5a5a;--bg:#fff;--line:#c8c8c8;--accent:#0b5cad;--on-accent:#fff;--soft:#eef3f9}
@media (prefers-color-scheme:dark){:root{--fg:#e8e8e8;--muted:#a8a8a8;--bg:#1c1c1c;--line:#4a4a4a;--accent:#5aa0e8;--on-accent:#0c0c0c;--soft:#26303a}}
*{box-sizing:border-box}body{margin:0 auto;max-width:48rem;padding:0 1rem 2rem;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans",sans-serif;color:var(--fg);background:var(--bg)}
h1{font-size:1.25rem;margin:1rem 0 .2rem}#header,#meta,#keys,.hint,#note{color:var(--muted)}.hint{font-size:.9em}
.progress{height:6px;background:var(--line);margin:.6rem 0 1rem;border-radius:3px;overflow:hidden}#bar{height:100%;width:0;background:var(--accent)}
#card{outline:none;border:1px solid var(--line);border-radius:6px;padding:.8rem 1rem}#card:focus-visible{outline:2px solid var(--accent)}
.label{display:block;font-size:.8rem;text-transform:uppercase;letter-spacing:.04em;color:var(--muted);margin-top:.8rem}
.text{font-size:1.15rem;white-space:pre-wrap;overflow-wrap:anywhere;margin:.2rem 0 0}#predicted{font-weight:600}
.ratings{display:grid;grid-template-columns:repeat(auto-fit,minmax(9rem,1fr));gap:.5rem;margin:1rem 0 .6rem}
button{font:inherit;min-height:2.75rem;color:var(--fg);background:var(--soft);border:1px solid var(--line);padding:.35rem .8rem;border-radius:4px;cursor:pointer;touch-action:manipulation}
button[aria-pressed="true"]{color:var(--on-accent);background:var(--accent);border-color:var(--accent)}button:focus-visible{outline:2px solid var(--accent);outline-offset:1px}
button:disabled{opacity:.5;cursor:default}textarea{width:100%;min-height:4rem;font:inherit;color:var(--fg);background:var(--bg);border:1px solid var(--line);border-radius:4px;padding:.4rem}
nav{display:flex;gap:.5rem;margin-top:.8rem;flex-wrap:wrap}nav button{flex:1}#save{color:var(--on-accent);background:var(--accent);border-color:var(--accent)}
@media (max-width:30rem){body{padding:0 .6rem 1.5rem}.text{font-size:1.05rem}#keys{display:none}}`;

/** The packet's HTML: the page script and its data inline, under a policy that lets nothing else load or run. */
export function packetHtml(data: PacketData, script: string): string {
  if (/<\/script|<!--/i.test(script)) throw new Error('the packet page script holds "</script" or "<!--": it cannot be inlined');
  const s = data.strings;
  const json = JSON.stringify(data).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
  const csp = `default-src 'none'; script-src ${cspHash(script)}; style-src ${cspHash(PACKET_STYLE)}; base-uri 'none'; form-action 'none'`;
  const ratings = RATINGS.map((r) => `<button type="button" id="rate-${r}" class="rate" aria-pressed="false"></button>`).join('');
  const title = escapeText(data.dataset ? `${s.title} · ${data.dataset}` : s.title);
  return `<!DOCTYPE html>
<html lang="${data.locale}">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${csp}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>${title}</title>
<style>${PACKET_STYLE}</style>
</head>
<body>
${reviewCardMarkup(ratings, ' autocomplete="off" autocapitalize="off" spellcheck="false"')}
<nav><button type="button" id="prev"></button><button type="button" id="next"></button></nav>
<nav><button type="button" id="save"></button></nav>
</section>
<p id="keys"></p>
<p id="status" role="status" aria-live="polite"></p>
<p id="note" role="note"></p>
<script type="application/json" id="packet-data">${json}</script>
<script>${script}</script>
</body>
</html>
`;
}

const escapeText = (text: string) => text.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);

/** Why saved ratings cannot go into a review file: the field at fault and what is wrong with it. */
export type ImportProblem =
  | { kind: 'format'; field: string }
  | { kind: 'hash' }
  | { kind: 'other-run'; expected: string; actual: string }
  | { kind: 'other-reviewer'; expected: string; actual: string }
  | { kind: 'other-sample'; field: string }
  | { kind: 'count'; expected: number; actual: number }
  | { kind: 'entry'; index: number; expected: string; actual: string }
  | { kind: 'value'; field: string; expected: 'rating' | 'comment' | 'rated_at' }
  | { kind: 'review'; field: string };

export interface ImportedItem {
  index: number;
  item: JsonObject;
}

export type ImportResult = { ok: true; changes: ImportedItem[]; rated: number; total: number } | { ok: false; problems: ImportProblem[] };

const RATED_AT = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d{1,9})?(?:Z|[+-]\d\d:\d\d)$/;

/**
 * Checks saved ratings against the review file they are meant for and says what changes, all or nothing: any
 * problem and nothing changes. Refused: a file that is not saved ratings, ratings whose hash does not match
 * (edited after they were saved), another card's ratings, another reviewer's, another sample's, or entries other
 * than the review's, in another order. An import never erases: a rating or a comment the packet left empty keeps
 * the review's.
 */
export function importRatings(saved: unknown, review: unknown): ImportResult {
  const problems: ImportProblem[] = [];
  const target = packetBinding(review);
  if ('missing' in target) return { ok: false, problems: [{ kind: 'review', field: target.missing }] };
  if (!isObject(saved) || saved.format !== SAVED_RATINGS_FORMAT) return { ok: false, problems: [{ kind: 'format', field: 'format' }] };
  if (saved.version !== SAVED_RATINGS_VERSION) return { ok: false, problems: [{ kind: 'format', field: 'version' }] };
  const binding = readBinding(saved.binding);
  if (typeof binding === 'string') return { ok: false, problems: [{ kind: 'format', field: binding }] };
  if (!Array.isArray(saved.ratings)) return { ok: false, problems: [{ kind: 'format', field: 'ratings' }] };
  if (typeof saved.ratings_hash !== 'string') return { ok: false, problems: [{ kind: 'format', field: 'ratings_hash' }] };
  const items = (review as JsonObject).items as unknown[];
  if (saved.ratings.length !== items.length) return { ok: false, problems: [{ kind: 'count', expected: items.length, actual: saved.ratings.length }] };
  const push = (p: ImportProblem) => {
    if (problems.length < MAX_IMPORT_PROBLEMS) problems.push(p);
  };
  const ratings: SavedRating[] = [];
  saved.ratings.forEach((raw, i) => {
    const r = isObject(raw) ? raw : {};
    const id = typeof r.entry_id === 'string' || typeof r.entry_id === 'number' ? r.entry_id : null;
    if (id === null) push({ kind: 'format', field: `ratings[${i}].entry_id` });
    const rating = r.rating === null || (RATINGS as readonly unknown[]).includes(r.rating) ? (r.rating as Rating | null) : undefined;
    if (rating === undefined) push({ kind: 'value', field: `ratings[${i}].rating`, expected: 'rating' });
    const comment = typeof r.comment === 'string' && r.comment.length <= MAX_COMMENT_LENGTH ? r.comment : undefined;
    if (comment === undefined) push({ kind: 'value', field: `ratings[${i}].comment`, expected: 'comment' });
    const ratedAt = r.rated_at === null || (typeof r.rated_at === 'string' && RATED_AT.test(r.rated_at)) ? (r.rated_at as string | null) : undefined;
    if (ratedAt === undefined) push({ kind: 'value', field: `ratings[${i}].rated_at`, expected: 'rated_at' });
    ratings.push({ entry_id: id ?? '', rating: rating ?? null, comment: comment ?? '', rated_at: ratedAt ?? null });
  });
  if (problems.length > 0) return { ok: false, problems };
  // Altered first: a hand-edited file says so, whatever else it claims.
  if (ratingsHash(binding, ratings) !== saved.ratings_hash) return { ok: false, problems: [{ kind: 'hash' }] };
  if (binding.run_card_hash !== target.run_card_hash) push({ kind: 'other-run', expected: target.run_card_hash, actual: binding.run_card_hash });
  if (binding.reviewer !== target.reviewer) push({ kind: 'other-reviewer', expected: target.reviewer, actual: binding.reviewer });
  for (const field of ['seed', 'size', 'sample_hash', 'items_hash'] as const)
    if (binding[field] !== target[field]) push({ kind: 'other-sample', field: `binding.${field}` });
  if (problems.length > 0) return { ok: false, problems };
  const changes: ImportedItem[] = [];
  let rated = 0;
  ratings.forEach((r, index) => {
    const item = isObject(items[index]) ? (items[index] as JsonObject) : {};
    const id = typeof item.entry_id === 'string' || typeof item.entry_id === 'number' ? String(item.entry_id) : '';
    if (id !== String(r.entry_id)) push({ kind: 'entry', index, expected: id, actual: String(r.entry_id) });
    const next: JsonObject = { ...item };
    let changed = false;
    if (r.rating !== null && r.rating !== item.rating) {
      next.rating = r.rating;
      next.rated_at = r.rated_at;
      changed = true;
    }
    if (r.comment !== '' && r.comment !== item.comment) {
      next.comment = r.comment;
      changed = true;
    }
    if ((RATINGS as readonly unknown[]).includes(next.rating)) rated++;
    if (changed) changes.push({ index, item: next });
  });
  if (problems.length > 0) return { ok: false, problems };
  return { ok: true, changes, rated, total: items.length };
}

/** The saved binding, or the name of its first malformed field. */
function readBinding(value: unknown): PacketBinding | string {
  if (!isObject(value)) return 'binding';
  const strings = ['run_card_hash', 'reviewer', 'items_hash'] as const;
  for (const f of strings) if (typeof value[f] !== 'string') return `binding.${f}`;
  for (const f of ['seed', 'size'] as const) if (typeof value[f] !== 'number') return `binding.${f}`;
  if (value.sample_hash !== null && typeof value.sample_hash !== 'string') return 'binding.sample_hash';
  return {
    run_card_hash: value.run_card_hash as string,
    reviewer: value.reviewer as string,
    seed: value.seed as number,
    size: value.size as number,
    sample_hash: value.sample_hash as string | null,
    items_hash: value.items_hash as string,
  };
}

/** What `review packet` and `review import` say, in English and French. `{file}` is the file at fault. */
export const PACKET_MESSAGES = {
  format: {
    en: '{file}: {field}: not ratings saved from a review packet (expected "format": "{format}", "version": {version}, a binding, ratings and their hash)',
    fr: '{file}\u00a0: {field}\u00a0: pas des notes enregistrées depuis un dossier de revue (attendu "format"\u00a0: "{format}", "version"\u00a0: {version}, une liaison, des notes et leur empreinte)',
  },
  hash: {
    en: '{file}: ratings_hash: the ratings were changed after they were saved (their hash does not match): nothing imported; ask the reviewer to save them again from the packet',
    fr: '{file}\u00a0: ratings_hash\u00a0: les notes ont été modifiées après leur enregistrement (leur empreinte ne correspond pas)\u00a0: rien n’est importé\u202f; demandez au relecteur de les enregistrer de nouveau depuis le dossier',
  },
  otherRun: {
    en: '{file}: binding.run_card_hash: these ratings are of another run card ({actual}), not the one {review} reviews ({expected})',
    fr: '{file}\u00a0: binding.run_card_hash\u00a0: ces notes portent sur une autre fiche d’exécution ({actual}), pas celle que revoit {review} ({expected})',
  },
  otherReviewer: {
    en: '{file}: binding.reviewer: these ratings are "{actual}"’s, and {review} is "{expected}"’s',
    fr: '{file}\u00a0: binding.reviewer\u00a0: ces notes sont celles de « {actual} », et {review} est celui de « {expected} »',
  },
  otherSample: {
    en: '{file}: {field}: these ratings are of another sample than {review}’s',
    fr: '{file}\u00a0: {field}\u00a0: ces notes portent sur un autre échantillon que celui de {review}',
  },
  count: {
    en: '{file}: ratings: {actual} {actual|rating|ratings} for the {expected} {expected|item|items} of {review}',
    fr: '{file}\u00a0: ratings\u00a0: {actual} {actual|note|notes} pour {expected} {expected|élément|éléments} de {review}',
  },
  entry: {
    en: '{file}: ratings[{index}].entry_id: "{actual}" where {review} lists "{expected}"',
    fr: '{file}\u00a0: ratings[{index}].entry_id\u00a0: « {actual} » là où {review} liste « {expected} »',
  },
  rating: {
    en: '{file}: {field}: one of reject, gist, acceptable, excellent, or null',
    fr: '{file}\u00a0: {field}\u00a0: reject, gist, acceptable, excellent ou null',
  },
  comment: {
    en: '{file}: {field}: a text of at most {max} characters',
    fr: '{file}\u00a0: {field}\u00a0: un texte de {max} caractères au plus',
  },
  rated_at: {
    en: '{file}: {field}: a date and time (ISO 8601) or null',
    fr: '{file}\u00a0: {field}\u00a0: une date et une heure (ISO 8601) ou null',
  },
  review: {
    en: '{review}: {field}: not a review file a packet can be made of or imported into',
    fr: '{review}\u00a0: {field}\u00a0: pas un fichier de revue dont on peut faire un dossier ou dans lequel importer',
  },
  imported: {
    en: '{review}: {changed} {changed|item|items} updated from {file} ({rated} of {total} rated)',
    fr: '{review}\u00a0: {changed} {changed|élément mis|éléments mis} à jour depuis {file} ({rated} {rated|noté|notés} sur {total})',
  },
  written: {
    en: '{file}: a review packet of {count} {count|item|items} for {reviewer} (open it in any browser; Save ratings gives the file to import with review import)',
    fr: '{file}\u00a0: un dossier de revue de {count} {count|élément|éléments} pour {reviewer} (à ouvrir dans tout navigateur\u202f; Enregistrer les notes donne le fichier à importer avec review import)',
  },
  secretLeftOut: {
    en: '{count} {count|entry|entries} of secret segments left out of the packet (--allow-secret-segments to include their texts)',
    fr: '{count} {count|entrée|entrées} de segments secrets {count|laissée|laissées} hors du dossier (--allow-secret-segments pour inclure leurs textes)',
  },
  unbound: {
    en: '{review}: not a review of the run card {card}: {reason}; no packet made',
    fr: '{review}\u00a0: pas une revue de la fiche d’exécution {card}\u00a0: {reason}\u202f; aucun dossier créé',
  },
  noCard: {
    en: '{review}: the run card {card} cannot be read: a packet needs the texts of the items; no packet made',
    fr: '{review}\u00a0: la fiche d’exécution {card} est illisible\u00a0: un dossier a besoin des textes des éléments\u202f; aucun dossier créé',
  },
} as const;

export function packetMessage(locale: Locale, id: keyof typeof PACKET_MESSAGES, params?: Params): string {
  return pick(PACKET_MESSAGES[id], locale, params);
}

/** One import problem as a sentence; `file` names the saved ratings, `review` the review file. */
export function importProblemText(p: ImportProblem, locale: Locale, file: string, review: string): string {
  switch (p.kind) {
    case 'format':
      return packetMessage(locale, 'format', { file, field: p.field, format: SAVED_RATINGS_FORMAT, version: SAVED_RATINGS_VERSION });
    case 'hash':
      return packetMessage(locale, 'hash', { file });
    case 'other-run':
      return packetMessage(locale, 'otherRun', { file, review, expected: short(p.expected), actual: short(p.actual) });
    case 'other-reviewer':
      return packetMessage(locale, 'otherReviewer', { file, review, expected: p.expected, actual: p.actual });
    case 'other-sample':
      return packetMessage(locale, 'otherSample', { file, review, field: p.field });
    case 'count':
      return packetMessage(locale, 'count', { file, review, expected: p.expected, actual: p.actual });
    case 'entry':
      return packetMessage(locale, 'entry', { file, review, index: p.index, expected: p.expected, actual: p.actual });
    case 'value':
      return packetMessage(locale, p.expected, { file, field: p.field, max: MAX_COMMENT_LENGTH });
    case 'review':
      return packetMessage(locale, 'review', { review, field: p.field });
  }
}

const short = (hash: string) => (hash.length > 16 ? `${hash.slice(0, 16)}…` : hash);
