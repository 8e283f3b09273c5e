/**
 * The review packet's page (issue #34 item 6), inlined in the HTML file `review packet` writes: one item at a
 * time, rated with keys 1–4 or the buttons, the comment typed with the Ewe keys of the editor (core/typing through
 * attachEweTyping), progress kept in the browser's storage under the sample's key, and *Save ratings* downloading
 * the ratings with their hash (core/review/packetFormat). It reads its data from the page and sends nothing.
 */
import { savedRatings, type PacketData, type PacketItem, type SavedRating } from '../../core/review/packetFormat';
import type { Rating } from '../../core/review/review';
import { attachEweTyping } from '../common/eweTyping';
import { format } from '../common/page';

const RATINGS: readonly Rating[] = ['reject', 'gist', 'acceptable', 'excellent'];
const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;
const data = JSON.parse($('packet-data').textContent ?? '{}') as PacketData;
const s = data.strings;
const items: PacketItem[] = data.items;
let index = 0;

/** The browser's storage, when it has one (some browsers refuse it to a page opened from disk). */
function storage(): Storage | undefined {
  try {
    const store = window.localStorage;
    const probe = `${data.storage_key}:probe`;
    store.setItem(probe, '1');
    store.removeItem(probe);
    return store;
  } catch {
    return undefined;
  }
}
const store = storage();

interface Progress {
  index: number;
  ratings: { rating: Rating | null; comment: string; rated_at: string | null }[];
}

function load(): void {
  const text = store?.getItem(data.storage_key);
  if (!text) {
    const next = items.findIndex((i) => i.shown && i.rating === null);
    index = next >= 0 ? next : 0;
    return;
  }
  try {
    const progress = JSON.parse(text) as Progress;
    if (!Array.isArray(progress.ratings) || progress.ratings.length !== items.length) return;
    progress.ratings.forEach((r, i) => {
      if (!items[i].shown) return;
      if (r.rating === null || RATINGS.includes(r.rating)) items[i].rating = r.rating;
      if (typeof r.comment === 'string') items[i].comment = r.comment;
      if (r.rated_at === null || typeof r.rated_at === 'string') items[i].rated_at = r.rated_at;
    });
    if (Number.isInteger(progress.index)) index = Math.min(Math.max(0, progress.index), Math.max(0, items.length - 1));
  } catch {
    /* a damaged entry: start from the packet's own ratings */
  }
}

function keep(): void {
  const progress: Progress = { index, ratings: items.map((i) => ({ rating: i.rating, comment: i.comment, rated_at: i.rated_at })) };
  try {
    store?.setItem(data.storage_key, JSON.stringify(progress));
  } catch {
    /* full or refused: the note says progress is not kept */
  }
}

const text = (id: string, value: string) => ($(id).textContent = value);

function render(): void {
  const item = items[index];
  if (!item) return;
  const rated = items.filter((i) => i.rating !== null).length;
  text('progress', format(s.progress, index + 1, items.length, rated));
  $('bar').style.width = `${items.length ? (100 * rated) / items.length : 0}%`;
  $('progressbar').setAttribute('aria-valuenow', String(rated));
  $('progressbar').setAttribute('aria-valuemax', String(items.length));
  text('meta', `${s.difficulty} ${item.difficulty ?? '—'} · ${s.entry} ${String(item.entry_id)}`);
  const body = item.why === 'secret' ? s.secret : item.why === 'missing' ? s.missing : null;
  text('source', body ?? item.source);
  text('reference', body ?? (item.referenceHidden ? s.referenceHidden : item.reference));
  text('predicted', body ?? item.predicted);
  for (const r of RATINGS) {
    const button = $<HTMLButtonElement>(`rate-${r}`);
    button.setAttribute('aria-pressed', String(item.rating === r));
    button.disabled = !item.shown;
  }
  const comment = $<HTMLTextAreaElement>('comment');
  if (document.activeElement !== comment) comment.value = item.comment;
  comment.disabled = !item.shown;
  $<HTMLButtonElement>('prev').disabled = index === 0;
  $<HTMLButtonElement>('next').disabled = index >= items.length - 1;
  const rateable = items.filter((i) => i.shown).length;
  if (rated === rateable && rateable > 0) text('status', s.done);
}

function go(to: number): void {
  if (to < 0 || to >= items.length || to === index) return;
  flushComment();
  index = to;
  keep();
  render();
  $('card').focus();
}

const now = () => new Date().toISOString().replace(/\.\d{3}Z$/, 'Z');

function rate(rating: Rating): void {
  const item = items[index];
  if (!item?.shown) return;
  flushComment();
  if (item.rating !== rating) {
    item.rating = rating;
    item.rated_at = now();
  }
  keep();
  if (index < items.length - 1) go(index + 1);
  else render();
}

function flushComment(): void {
  const item = items[index];
  const comment = $<HTMLTextAreaElement>('comment');
  if (!item?.shown || comment.value === item.comment) return;
  item.comment = comment.value;
  keep();
}

function save(): void {
  flushComment();
  const ratings: SavedRating[] = items.map((i) => ({ entry_id: i.entry_id, rating: i.rating, comment: i.comment, rated_at: i.rated_at }));
  const json = JSON.stringify(savedRatings(data.binding, ratings), null, 2) + '\n';
  const name = `ratings-${data.binding.reviewer.replace(/[^\p{L}\p{N}._-]/gu, '_') || 'reviewer'}-${data.binding.items_hash.slice(0, 8)}.json`;
  // A data: URL, not a blob: one: nothing is fetched, and a phone's browser saves it as well.
  const link = document.createElement('a');
  link.href = `data:application/json;charset=utf-8,${encodeURIComponent(json)}`;
  link.download = name;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  text('status', format(s.saved, name));
}

text('title', s.title);
text('header', format(s.header, data.binding.reviewer || '—', data.dataset ?? '—'));
text('label-source', s.source);
text('label-reference', s.reference);
text('label-predicted', s.output);
text('label-comment', s.comment);
text('typing', format(s.typingHint, data.typing_hint));
text('prev', s.previous);
text('next', s.next);
text('save', s.save);
text('keys', s.keys);
if (!store) text('note', s.noStorage);
for (const [i, r] of RATINGS.entries()) {
  const button = $<HTMLButtonElement>(`rate-${r}`);
  button.textContent = `${i + 1} · ${s.ratings[r]}`;
  button.title = s.hints[r];
  button.addEventListener('click', () => rate(r));
}
$('prev').addEventListener('click', () => go(index - 1));
$('next').addEventListener('click', () => go(index + 1));
$('save').addEventListener('click', save);
const comment = $<HTMLTextAreaElement>('comment');
attachEweTyping(comment);
comment.addEventListener('input', () => {
  const item = items[index];
  if (item?.shown) {
    item.comment = comment.value;
    keep();
  }
});
comment.addEventListener('blur', flushComment);

document.addEventListener('keydown', (event) => {
  if (document.activeElement === comment) {
    if (event.key === 'Escape') {
      flushComment();
      $('card').focus();
      event.preventDefault();
    }
    return;
  }
  if (event.altKey || event.ctrlKey || event.metaKey) return;
  const digit = '1234'.indexOf(event.key);
  if (digit >= 0 && event.key.length === 1) rate(RATINGS[digit]);
  else if (event.key === 'ArrowRight' || event.key === 'n' || event.key === 'N') go(index + 1);
  else if (event.key === 'ArrowLeft' || event.key === 'p' || event.key === 'P') go(index - 1);
  else if (event.key === 'c' || event.key === 'C') comment.focus();
  else return;
  event.preventDefault();
});

load();
render();
$('card').focus();
