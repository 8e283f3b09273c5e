/**
 * Typing Ewe without an OS keyboard layout: a compose-style prefix, as SIL's Keyman keyboards for African Latin
 * scripts use, with the letter keys of the X11 "Ghana - Ewe" layout where they fit.
 *
 * `;` then a key gives a letter (`;d` → ɖ, `;D` → Ɖ); after a letter, `;` then a tone key puts the mark on it
 * (`e;'` → é, `ɔ;\`` → ɔ̀); `;;` gives `;` itself. The result is NFC: a vowel with no precomposed form keeps
 * its combining mark (ɛ́ stays ɛ + U+0301), which is correct. Pure: the text editor, the corpus table and tests
 * all call `composeAfterTyping`.
 */

export const EWE_INPUT_PREFIX = ';';

/** Key after the prefix → letter. Lower case gives the small letter, upper case the capital. */
export const EWE_LETTER_KEYS: Readonly<Record<string, string>> = {
  d: 'ɖ',
  D: 'Ɖ',
  e: 'ɛ',
  E: 'Ɛ',
  f: 'ƒ',
  F: 'Ƒ',
  g: 'ɣ',
  G: 'Ɣ',
  n: 'ŋ',
  N: 'Ŋ',
  o: 'ɔ',
  O: 'Ɔ',
  v: 'ʋ',
  V: 'Ʋ',
};

/** Key after the prefix, typed after a letter → the combining tone mark put on that letter. */
export const EWE_TONE_KEYS: Readonly<Record<string, { mark: string; name: string }>> = {
  "'": { mark: '\u0301', name: 'acute (high tone)' },
  '`': { mark: '\u0300', name: 'grave (low tone)' },
  '<': { mark: '\u030C', name: 'caron (rising tone)' },
  '^': { mark: '\u0302', name: 'circumflex (falling tone)' },
  '~': { mark: '\u0303', name: 'tilde (nasal vowel)' },
};

/** What to do to the text: replace the `deleteBefore` UTF-16 units that end at the cursor with `insert`. */
export interface Composition {
  deleteBefore: number;
  insert: string;
}

const COMBINING = /\p{M}/u;
const LETTER = /\p{L}/u;

/**
 * Where the letter that ends at `end` starts: its base letter and the combining marks already on it, so a
 * second tone stacks on the same letter (`e;';~` → ẽ́). -1 when no letter ends there.
 */
function letterStart(text: string, end: number): number {
  let i = end;
  while (i > 0 && COMBINING.test(text[i - 1])) i--;
  if (i === 0) return -1;
  // A base letter outside the BMP (none in Ewe, but any letter may carry a tone) is two UTF-16 units.
  const low = text.charCodeAt(i - 1);
  const start = low >= 0xdc00 && low <= 0xdfff && i >= 2 ? i - 2 : i - 1;
  return LETTER.test(text.slice(start, i)) ? start : -1;
}

/**
 * After a key was typed, the composition it completes, if any. `before` is the text up to and including the
 * key just typed (in an editor, the line up to the cursor); null when the keys typed complete nothing.
 * `prefixIsLiteral`: the `;` before the key was itself typed as `;;`, so it is plain text (the caller knows,
 * the text alone cannot tell): `;;d` gives `;d`, not `ɖ`.
 */
export function composeAfterTyping(before: string, prefixIsLiteral = false): Composition | null {
  const n = before.length;
  if (n < 2 || before[n - 2] !== EWE_INPUT_PREFIX || prefixIsLiteral) return null;
  const key = before[n - 1];
  if (key === EWE_INPUT_PREFIX) return { deleteBefore: 2, insert: EWE_INPUT_PREFIX };
  const letter = EWE_LETTER_KEYS[key];
  if (letter !== undefined) return { deleteBefore: 2, insert: letter };
  const tone = EWE_TONE_KEYS[key];
  if (tone === undefined) return null;
  const start = letterStart(before, n - 2);
  if (start < 0) return null;
  const withMark = (before.slice(start, n - 2) + tone.mark).normalize('NFC');
  return { deleteBefore: n - start, insert: withMark };
}

/** Whether a composition made a literal prefix (`;;` → `;`): the next key must not compose with it. */
export function madeLiteralPrefix(composition: Composition): boolean {
  return composition.insert === EWE_INPUT_PREFIX;
}

/**
 * Applies every composition in `keys` typed one at a time after `text`: what an editor would hold.
 * `composesAt(text, offset)` says whether a prefix at `offset` of the text typed so far may compose (in a JSON
 * document, only inside strings); every prefix composes when it is absent.
 */
export function typeKeys(text: string, keys: string, composesAt?: (text: string, offset: number) => boolean): string {
  let out = text;
  let literal = false;
  for (const key of keys) {
    out += key;
    const maybe = out.length >= 2 && out[out.length - 2] === EWE_INPUT_PREFIX;
    const composition: Composition | null = maybe && (composesAt === undefined || composesAt(out, out.length - 2)) ? composeAfterTyping(out, literal) : null;
    literal = composition !== null && madeLiteralPrefix(composition);
    if (composition) out = out.slice(0, out.length - composition.deleteBefore) + composition.insert;
  }
  return out;
}

/** A text box after one key: its value, where the cursor is, and whether the `;` before the cursor is text. */
export interface FieldState {
  value: string;
  cursor: number;
  literal: boolean;
}

/**
 * One key just inserted in a text box (a search box, a comment, a cell being edited): `value` already holds it
 * and `cursor` is just after it. Returns the box's new state, composed at once: no timer, no round trip, so the
 * result never depends on how fast the keys come. `literal` is the previous state's flag.
 */
export function composeInField(value: string, cursor: number, literal: boolean): FieldState {
  const composition = composeAfterTyping(value.slice(0, cursor), literal);
  if (!composition) return { value, cursor, literal: false };
  const start = cursor - composition.deleteBefore;
  return {
    value: value.slice(0, start) + composition.insert + value.slice(cursor),
    cursor: start + composition.insert.length,
    literal: madeLiteralPrefix(composition),
  };
}

/** The keys of every sequence, for hints where typing happens (a tooltip, a placeholder): `;d ɖ · ;e ɛ · …`. */
export function eweKeysHint(): string {
  const letters = Object.entries(EWE_LETTER_KEYS)
    .filter(([key]) => key === key.toLowerCase())
    .map(([key, letter]) => `${EWE_INPUT_PREFIX}${key} ${letter}`);
  const tones = Object.entries(EWE_TONE_KEYS).map(([key, tone]) => `${EWE_INPUT_PREFIX}${key} ${'a' + tone.mark}`.normalize('NFC'));
  return [...letters, ...tones, `${EWE_INPUT_PREFIX}${EWE_INPUT_PREFIX} ${EWE_INPUT_PREFIX}`].join(' · ');
}

/** Most keys a typing run holds before it starts afresh (typeKeys replays them all on every key). */
export const MAX_RUN_KEYS = 256;

/**
 * Keys typed one after another at the end of a line in a text editor, whose compositions are edits the editor
 * applies later, and may refuse when the next key came first (at speed, every one). The run remembers every key
 * since the line's `base`, so the text it should hold is always `typeKeys(base, keys)`, however many edits
 * landed: composition does not depend on the time between keys. `held` is what the line holds up to the cursor.
 */
export interface TypingRun {
  readonly base: string;
  readonly keys: string;
  readonly held: string;
}

export const startRun = (base: string): TypingRun => ({ base, keys: '', held: base });

/**
 * The run after one more key typed at its end. Bounded: a run that reaches MAX_RUN_KEYS keys without an edit
 * landing (runLanded starts afresh whenever one does) starts afresh from what the line holds, the sequences
 * still pending left as typed.
 */
export function runKey(run: TypingRun, key: string): TypingRun {
  if (run.keys.length >= MAX_RUN_KEYS) return { base: run.held, keys: key, held: run.held + key };
  return { base: run.base, keys: run.keys + key, held: run.held + key };
}

/** What the line should hold up to the cursor. */
export const runTarget = (run: TypingRun, composesAt?: (text: string, offset: number) => boolean): string => typeKeys(run.base, run.keys, composesAt);

/** The edit that brings the line from `held` to the target: replace [start, end) with `insert`; null when none. */
export function runEdit(run: TypingRun, target: string): { start: number; end: number; insert: string } | null {
  if (target === run.held) return null;
  let start = 0;
  const max = Math.min(target.length, run.held.length);
  while (start < max && target[start] === run.held[start]) start++;
  return { start, end: run.held.length, insert: target.slice(start) };
}

/**
 * The run once its edit towards `target` has landed. It starts afresh from the target when that changes
 * nothing to come: the only state typeKeys carries besides the text is a literal `;` at its end.
 */
export const runLanded = (run: TypingRun, target: string): TypingRun => (target.endsWith(EWE_INPUT_PREFIX) ? { ...run, held: target } : startRun(target));

/**
 * Whether `offset` on a JSON line lies inside a string: compositions apply only there, so keys, numbers and
 * punctuation around them are typed as they are. JSON strings never span lines, so the line is enough.
 */
export function insideJsonString(line: string, offset: number): boolean {
  let inside = false;
  for (let i = 0; i < offset && i < line.length; i++) {
    const c = line[i];
    if (inside && c === '\\') i++;
    else if (c === '"') inside = !inside;
  }
  return inside;
}
