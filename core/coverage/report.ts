import type { Classification } from '../document/classify';
import type { JsonDocument, JsonPath } from '../document/jsonDocument';
import type { Span, TextRange } from '../text/lineIndex';
import { confusablesIn, type ConfusableHit } from './confusables';
import { compile, coverageOf, isMark, missingSpecialLetters, type Coverage } from './coverage';
import { visitLanguageStrings, type LanguageString } from './fields';
import type { LanguageProfile } from './profiles';
import { stringOffsets } from './textOffsets';

export interface LanguageCoverage extends Coverage {
  code: string;
  name: { en: string; fr: string };
  alphabet: string[];
  specialLetters: string[];
  digraphs: string[];
  /** Special letters that never occur. */
  missing: string[];
}

export interface ItemCoverage {
  /** The test's or entry's id (or `#n` when it has none). */
  label: string;
  path: JsonPath;
  /** Offset of the item in the text, to jump to it. */
  offset: number;
  /** Occurrences of each special letter of the main language, in the order of its `specialLetters`. */
  special: number[];
  /** How many distinct letters of the alphabet the item uses. */
  distinctLetters: number;
}

/** One place a letter occurs: its span in the text and a few characters either side, for the list. */
export interface Occurrence {
  label: string;
  span: Span;
  before: string;
  match: string;
  after: string;
}

export interface ConfusableOccurrence {
  span: Span;
  range: TextRange;
  found: string;
  expected: string;
}

/** Everything the preview, the status bar and the CLI show about a file; plain JSON, sent over LSP as is. */
export interface FileCoverageReport {
  kind: Classification['kind'];
  /** The main language (Ewe for tests, the target language for corpora) first. */
  languages: LanguageCoverage[];
  items: ItemCoverage[];
  /** For each letter of the main language, where it occurs, the first `MAX_OCCURRENCES` of each. */
  occurrences: Record<string, Occurrence[]>;
  confusables: ConfusableOccurrence[];
  /** How many strings were read as language text. */
  strings: number;
}

export const MAX_OCCURRENCES = 200;
const CONTEXT = 16;

export function fileCoverage(doc: JsonDocument, classification: Classification, override?: LanguageProfile): FileCoverageReport {
  const totals = new Map<LanguageProfile, { counts: Int32Array; capitals: Int32Array }>();
  // Strings of one test or entry share their `item` object, so it keys the per-item totals.
  const items = new Map<LanguageString['item'], Int32Array>();
  const occurrences: Record<string, Occurrence[]> = {};
  // The main language is the first one met: Ewe for tests, the target language for corpora.
  let main: LanguageProfile | undefined;
  let one = new Int32Array(0);
  let oneCapitals = new Int32Array(0);
  let stringCount = 0;
  const hits: ConfusableHit[] = [];
  visitLanguageStrings(
    doc.value,
    classification,
    (text, profile, path, itemOf) => {
      stringCount++;
      confusablesIn(doc, text, profile, path, hits);
      const table = compile(profile);
      if (!main) {
        main = profile;
        one = new Int32Array(table.size);
        oneCapitals = new Int32Array(table.size);
      }
      let total = totals.get(profile);
      if (!total) totals.set(profile, (total = { counts: new Int32Array(table.size), capitals: new Int32Array(table.size) }));
      if (profile !== main) {
        table.count(text, total.counts, total.capitals);
        return;
      }
      // Count this string alone, then spread it into the file total and its item, clearing the scratch arrays
      // on the way; note whether it holds a letter whose occurrence list still has room.
      table.count(text, one, oneCapitals);
      const item = itemOf();
      let itemCounts = items.get(item);
      if (!itemCounts) items.set(item, (itemCounts = new Int32Array(table.size)));
      let wanted = false;
      for (let i = 0; i < one.length; i++) {
        const n = one[i];
        if (oneCapitals[i]) {
          total.capitals[i] += oneCapitals[i];
          oneCapitals[i] = 0;
        }
        if (!n) continue;
        one[i] = 0;
        total.counts[i] += n;
        itemCounts[i] += n;
        const slot = table.slots[i];
        if (slot.kind === 'letters' && !wanted) wanted = (occurrences[slot.key]?.length ?? 0) < MAX_OCCURRENCES;
      }
      if (!wanted) return;
      // Past the first strings every list is full, so this exact placement runs on few strings.
      const span = doc.locate(path());
      if (!span) return;
      const offsets = stringOffsets(doc, span);
      table.letterSpans(text, (slot, start, end) => {
        const list = (occurrences[table.slots[slot].key] ??= []);
        if (list.length >= MAX_OCCURRENCES) return;
        // A decomposed accent belongs with its letter, in the selection and in the snippet.
        while (end < text.length && isMark(text.charCodeAt(end))) end++;
        list.push({ label: item.label, span: offsets(start, end - start), ...snippet(text, start, end) });
      });
    },
    override,
  );
  const mainTable = main ? compile(main) : undefined;
  const mainLetters = mainTable ? mainTable.slots.flatMap((slot, i) => (slot.kind === 'letters' ? [i] : [])) : [];
  const languages: LanguageCoverage[] = [...totals].map(([profile, t]) => {
    const coverage = compile(profile).toCoverage(t.counts, t.capitals);
    return {
      code: profile.codes[0],
      name: profile.name,
      alphabet: [...profile.letters],
      specialLetters: [...profile.specialLetters],
      digraphs: [...profile.digraphs],
      missing: missingSpecialLetters(coverage, profile),
      ...coverage,
    };
  });
  const mainProfile = main as LanguageProfile | undefined;
  const specialSlots =
    mainProfile && mainTable ? mainProfile.specialLetters.map((l) => mainTable.slots.findIndex((slot) => slot.kind === 'letters' && slot.key === l)) : [];
  return {
    kind: classification.kind,
    languages,
    items: [...items].map(([item, counts]) => ({
      label: item.label,
      path: item.path,
      offset: doc.locate(item.path, 'start')?.start ?? 0,
      special: specialSlots.map((slot) => (slot >= 0 ? counts[slot] : 0)),
      distinctLetters: mainLetters.reduce((n, i) => n + (counts[i] > 0 ? 1 : 0), 0),
    })),
    occurrences,
    confusables: hits.map((h) => ({ span: h.span, range: doc.lineIndex.rangeOf(h.span), found: h.found, expected: h.expected })),
    strings: stringCount,
  };
}

/** A few characters either side of text[start, end), not cutting a surrogate pair or leaving a mark alone. */
function snippet(text: string, start: number, end: number): { before: string; match: string; after: string } {
  let from = Math.max(0, start - CONTEXT);
  while (from < start && (isLowSurrogate(text.charCodeAt(from)) || isMark(text.charCodeAt(from)))) from++;
  let to = Math.min(text.length, end + CONTEXT);
  while (to < text.length && (isLowSurrogate(text.charCodeAt(to)) || isMark(text.charCodeAt(to)))) to++;
  return { before: (from > 0 ? '…' : '') + text.slice(from, start), match: text.slice(start, end), after: text.slice(end, to) + (to < text.length ? '…' : '') };
}

function isLowSurrogate(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff;
}

/** Coverage of a single string, for hovers. */
export function stringCoverageSummary(text: string, profile: LanguageProfile): { present: string[]; missing: string[]; coverage: Coverage } {
  const coverage = coverageOf(text, profile);
  return { present: profile.specialLetters.filter((l) => coverage.letters[l]), missing: missingSpecialLetters(coverage, profile), coverage };
}
