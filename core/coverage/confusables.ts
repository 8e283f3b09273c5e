import type { JsonDocument, JsonPath } from '../document/jsonDocument';
import type { Span } from '../text/lineIndex';
import type { LanguageProfile } from './profiles';
import { stringOffsets } from './textOffsets';
import { LOOKALIKE, scanUnits, unitTable } from './unitScan';

/** A look-alike at its place in the document text, with what should be written there instead. */
export interface ConfusableHit {
  span: Span;
  /** The characters as decoded from the JSON string (an escape `\u00d0` is reported as `Ð`). */
  found: string;
  /** The replacement, in the same normal form as what was found (ā written as a + U+0304 becomes a + U+0302). */
  expected: string;
}

/**
 * Blocks with precomposed letters whose decomposition can start with a look-alike: Latin, Greek (with tonos
 * and the polytonic forms), Cyrillic. A Greek keyboard types έ for the Ewe ɛ́ in one key press.
 */
const PRECOMPOSED_BLOCKS: readonly [number, number][] = [
  [0x00c0, 0x024f],
  [0x0370, 0x052f],
  [0x1e00, 0x1fff],
];

/**
 * Every form a profile's look-alikes can take in text, each with its replacement: the table's keys as written
 * (NFC) and decomposed (NFD), and precomposed characters that are a look-alike plus an accent.
 */
export function confusableForms(profile: LanguageProfile): ReadonlyMap<string, string> {
  let forms = formsCache.get(profile);
  if (forms) return forms;
  const out = new Map<string, string>();
  const keys: [string, string][] = [];
  for (const [found, intended] of Object.entries(profile.confusables)) {
    out.set(found.normalize('NFC'), intended.normalize('NFC'));
    out.set(found.normalize('NFD'), intended.normalize('NFD'));
    keys.push([found.normalize('NFD'), intended.normalize('NFD')]);
  }
  keys.sort((a, b) => b[0].length - a[0].length);
  for (const [from, to] of PRECOMPOSED_BLOCKS) {
    for (let cp = from; cp <= to; cp++) {
      const ch = String.fromCodePoint(cp);
      const parts = ch.normalize('NFD');
      if (parts === ch || out.has(ch)) continue;
      const key = keys.find(([k]) => parts.length > k.length && parts.startsWith(k));
      if (key) out.set(ch, (key[1] + parts.slice(key[0].length)).normalize('NFC'));
    }
  }
  formsCache.set(profile, (forms = out));
  return forms;
}

const formsCache = new WeakMap<LanguageProfile, ReadonlyMap<string, string>>();
const patternCache = new WeakMap<LanguageProfile, RegExp>();

const escapeForClass = (s: string) => s.replace(/[\\\]^[-]/g, '\\$&');
const escapeForPattern = (s: string) => s.replace(/[\\^$.*+?()[\]{}|/-]/g, '\\$&');

/**
 * One regular expression per profile: sequences first (longest first), then a class of single characters.
 * No u flag: every form is matched as UTF-16 code units, which is all it needs.
 */
export function confusablePattern(profile: LanguageProfile): RegExp {
  let re = patternCache.get(profile);
  if (re) return re;
  const forms = [...confusableForms(profile).keys()];
  const singles = forms.filter((f) => f.length === 1);
  const sequences = forms.filter((f) => f.length > 1).sort((a, b) => b.length - a.length);
  const parts = sequences.map(escapeForPattern);
  if (singles.length) parts.push('[' + singles.map(escapeForClass).join('') + ']');
  re = new RegExp(parts.length ? parts.join('|') : '(?!)', 'g');
  patternCache.set(profile, re);
  return re;
}

const unitTables = new WeakMap<LanguageProfile, Uint8Array>();

/** The unit classes of `text` for this profile: `LOOKALIKE` is set on the last unit of every look-alike form. */
export function textUnits(text: string, profile: LanguageProfile): number {
  let table = unitTables.get(profile);
  if (!table) {
    table = unitTable([...confusableForms(profile).keys()].map((form) => form.charCodeAt(form.length - 1)));
    unitTables.set(profile, table);
  }
  return scanUnits(text, table);
}

/**
 * Look-alikes in one decoded string, as indices into it (for callers that have no document). A string none of
 * whose units ends a form holds none; `units` passes that scan's result when the caller already made it.
 */
export function confusablesInText(
  text: string,
  profile: LanguageProfile,
  units = textUnits(text, profile),
): { index: number; found: string; expected: string }[] {
  if ((units & LOOKALIKE) === 0) return [];
  const pattern = confusablePattern(profile);
  const forms = confusableForms(profile);
  pattern.lastIndex = 0;
  return [...text.matchAll(pattern)].map((m) => ({ index: m.index!, found: m[0], expected: forms.get(m[0])! }));
}

/**
 * Adds the look-alikes of the string at `path` (whose decoded value is `text`) to `hits`, with spans in the
 * document text: a look-alike written as an escape spans the whole escape. The path is only built on a hit.
 */
export function confusablesIn(doc: JsonDocument, text: string, profile: LanguageProfile, path: () => JsonPath, hits: ConfusableHit[], units?: number): void {
  const found = confusablesInText(text, profile, units);
  if (found.length === 0) return;
  const span = doc.locate(path());
  if (!span) return;
  const offsets = stringOffsets(doc, span);
  for (const f of found) hits.push({ span: offsets(f.index, f.found.length), found: f.found, expected: f.expected });
}

/** `U+00D0`, or `U+0061 U+0304` for a sequence: how messages name characters that look like others. */
export function codePoints(text: string): string {
  return Array.from(text, (ch) => 'U+' + ch.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')).join(' ');
}
