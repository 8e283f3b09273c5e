/**
 * The human review page (Rosetta §7.3): one item at a time, rated from the keyboard. Keys 1–4 rate (reject,
 * gist, acceptable, excellent) and move on; ← and → (or P and N) go back and forth; C puts the focus in the
 * comment; Escape leaves it. The page only shows and asks: the extension writes the review file.
 */
import type { ReviewHostMessage, ReviewPageItem, ReviewPageMessage, ReviewRating, ReviewStrings } from '../../protocol/review';
import { attachEweTyping } from '../common/eweTyping';
import { format, vscodeApi } from '../common/page';

type Rating = ReviewRating;
type Item = ReviewPageItem;
type Strings = ReviewStrings;
const RATINGS: readonly Rating[] = ['reject', 'gist', 'acceptable', 'excellent'];

const vscode = vscodeApi<ReviewPageMessage>();
let items: Item[] = [];
let index = 0;
let strings: Strings | undefined;
let header = '';
let eweTyping = true;

const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;

function text(id: string, value: string): void {
  $(id).textContent = value;
}

function render(): void {
  const s = strings;
  const item = items[index];
  if (!s || !item) return;
  const rated = items.filter((i) => i.rating !== null).length;
  text('header', header);
  text('progress', format(s.progress, index + 1, items.length, rated));
  const bar = $('bar');
  bar.style.width = `${items.length ? (100 * rated) / items.length : 0}%`;
  $('progressbar').setAttribute('aria-valuenow', String(rated));
  $('progressbar').setAttribute('aria-valuemax', String(items.length));
  text('meta', `${s.difficulty} ${item.difficulty ?? '—'} · ${s.segment} ${item.segment ?? '—'} · ${s.entry} ${String(item.entryId)}`);
  const body = item.hidden ? s.hidden : item.found ? null : s.notFound;
  text('source', body ?? item.source);
  text('reference', body ?? item.reference);
  text('predicted', body ?? item.predicted);
  for (const r of RATINGS) {
    const button = $<HTMLButtonElement>(`rate-${r}`);
    button.setAttribute('aria-pressed', String(item.rating === r));
    button.disabled = item.hidden || !item.found;
  }
  const comment = $<HTMLTextAreaElement>('comment');
  if (document.activeElement !== comment) comment.value = item.comment;
  comment.disabled = item.hidden;
  $<HTMLButtonElement>('prev').disabled = index === 0;
  $<HTMLButtonElement>('next').disabled = index >= items.length - 1;
  const counts = RATINGS.map((r) => `${s.ratings[r]} ${items.filter((i) => i.rating === r).length}`).join(' · ');
  text('status', rated === items.length ? `${s.done} ${format(s.summary, counts)}` : '');
}

function go(to: number): void {
  if (to < 0 || to >= items.length || to === index) return;
  flushComment();
  index = to;
  vscode.postMessage({ type: 'goto', index });
  render();
  $('card').focus();
}

function rate(rating: Rating): void {
  const item = items[index];
  if (!item || item.hidden || !item.found) return;
  flushComment();
  item.rating = rating;
  vscode.postMessage({ type: 'rate', index, rating });
  if (index < items.length - 1) go(index + 1);
  else render();
}

function flushComment(): void {
  const item = items[index];
  const comment = $<HTMLTextAreaElement>('comment');
  if (!item || comment.value === item.comment) return;
  item.comment = comment.value;
  vscode.postMessage({ type: 'comment', index, comment: item.comment });
}

function setupStrings(s: Strings): void {
  text('title', s.title);
  text('label-source', s.source);
  text('label-reference', s.reference);
  text('label-predicted', s.output);
  text('label-comment', s.comment);
  text('prev', s.previous);
  text('next', s.next);
  text('keys', s.keys);
  text('typing', s.typingHint);
  $('typing').hidden = !eweTyping;
  for (const [i, r] of RATINGS.entries()) {
    const button = $<HTMLButtonElement>(`rate-${r}`);
    button.textContent = `${i + 1} · ${s.ratings[r]}`;
    button.title = s.hints[r];
  }
}

window.addEventListener('message', (event: MessageEvent<ReviewHostMessage>) => {
  const message = event.data;
  if (message.type === 'show') {
    items = message.items;
    index = Math.min(Math.max(0, message.index), Math.max(0, items.length - 1));
    strings = message.strings;
    eweTyping = message.eweTyping;
    header = message.model ? `${message.dataset} · ${message.model}` : message.dataset;
    setupStrings(message.strings);
    render();
    $('card').focus();
  } else if (message.type === 'item') {
    items[message.item.index] = message.item;
    if (message.item.index === index) render();
  }
});

document.addEventListener('keydown', (event) => {
  const inComment = document.activeElement === $('comment');
  if (inComment) {
    if (event.key === 'Escape') {
      flushComment();
      $('card').focus();
      event.preventDefault();
    }
    return;
  }
  if (event.altKey || event.ctrlKey || event.metaKey) return;
  const digit = '1234'.indexOf(event.key);
  if (digit >= 0) rate(RATINGS[digit]);
  else if (event.key === 'ArrowRight' || event.key === 'n' || event.key === 'N') go(index + 1);
  else if (event.key === 'ArrowLeft' || event.key === 'p' || event.key === 'P') go(index - 1);
  else if (event.key === 'c' || event.key === 'C') $('comment').focus();
  else return;
  event.preventDefault();
});

for (const r of RATINGS) $(`rate-${r}`).addEventListener('click', () => rate(r));
$('prev').addEventListener('click', () => go(index - 1));
$('next').addEventListener('click', () => go(index + 1));
attachEweTyping($<HTMLTextAreaElement>('comment'), () => eweTyping);
$('comment').addEventListener('blur', flushComment);
vscode.postMessage({ type: 'ready' });
