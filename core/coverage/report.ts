import type { Classification } from '../document/classify';
import type { JsonDocument } from '../document/jsonDocument';
import type { TextRange } from '../document/lineIndex';
import { compile, coverageOf, missingSpecialLetters, type Coverage } from './coverage';
import { visitLanguageStrings, type LanguageString } from './fields';
import type { LanguageProfile } from './profiles';
import { confusablesIn, type ConfusableHit } from './rules';

export interface LanguageCoverage extends Coverage {
  code: string;
  name: { en: string; fr: string };
  alphabet: string[];
  specialLetters: string[];
  missing: string[];
}

export interface ItemCoverage {
  label: string;
  /** Offset of the item in the text, to jump to it. */
  offset: number;
  /** Occurrences of each special letter of the main language, in the order of its `specialLetters`. */
  special: number[];
  /** How many distinct letters of the alphabet the item uses. */
  distinctLetters: number;
}

export interface Occurrence {
  label: string;
  offset: number;
}

/** Everything the preview, the status bar and the CLI show about a file; plain JSON, sent over LSP as is. */
export interface FileCoverageReport {
  kind: Classification['kind'];
  /** The main language (Ewe for tests, the target language for corpora) first. */
  languages: LanguageCoverage[];
  items: ItemCoverage[];
  /** For each letter of the main language, where it occurs (the strings that hold it), at most 200 each. */
  occurrences: Record<string, Occurrence[]>;
  confusables: { offset: number; range: TextRange; found: string; expected: string }[];
  strings: number;
}

const MAX_OCCURRENCES = 200;

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
  visitLanguageStrings(doc.value, classification, (text, profile, path, item) => {
    stringCount++;
    confusablesIn(doc, text, profile.confusables, path, hits);
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
    // Count this string alone, then spread it into the file total, its item and the occurrence lists,
    // clearing the scratch arrays on the way.
    table.count(text, one, oneCapitals);
    let itemCounts = items.get(item);
    if (!itemCounts) items.set(item, (itemCounts = new Int32Array(table.size)));
    let offset = -1;
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
      if (slot.kind !== 'letters') continue;
      const list = (occurrences[slot.key] ??= []);
      if (list.length >= MAX_OCCURRENCES) continue;
      if (offset < 0) offset = doc.locate(path())?.start ?? 0;
      list.push({ label: item.label, offset });
    }
  }, override);
  const mainTable = main ? compile(main) : undefined;
  const mainLetters = mainTable ? mainTable.slots.flatMap((slot, i) => (slot.kind === 'letters' ? [i] : [])) : [];
  const languages: LanguageCoverage[] = [...totals].map(([profile, t]) => {
    const coverage = compile(profile).toCoverage(t.counts, t.capitals);
    return {
      code: profile.codes[0],
      name: profile.name,
      alphabet: [...profile.letters],
      specialLetters: [...profile.specialLetters],
      missing: missingSpecialLetters(coverage, profile),
      ...coverage,
    };
  });
  const mainProfile = main as LanguageProfile | undefined;
  const specialSlots = mainProfile && mainTable ? mainProfile.specialLetters.map((l) => mainTable.slots.findIndex((slot) => slot.kind === 'letters' && slot.key === l)) : [];
  return {
    kind: classification.kind,
    languages,
    items: [...items].map(([item, counts]) => ({
      label: item.label,
      offset: doc.locate(item.path, 'start')?.start ?? 0,
      special: specialSlots.map((slot) => (slot >= 0 ? counts[slot] : 0)),
      distinctLetters: mainLetters.reduce((n, i) => n + (counts[i] > 0 ? 1 : 0), 0),
    })),
    occurrences,
    confusables: hits.map((h) => ({ offset: h.span.start, range: doc.lineIndex.rangeOf(h.span), found: h.found, expected: h.expected })),
    strings: stringCount,
  };
}

/** Coverage of a single string, for hovers. */
export function stringCoverageSummary(text: string, profile: LanguageProfile): { present: string[]; missing: string[]; coverage: Coverage } {
  const coverage = coverageOf(text, profile);
  return { present: profile.specialLetters.filter((l) => coverage.letters[l]), missing: missingSpecialLetters(coverage, profile), coverage };
}
