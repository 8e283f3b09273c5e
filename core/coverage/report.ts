import type { Classification } from '../document/classify';
import type { JsonDocument } from '../document/jsonDocument';
import type { TextRange } from '../document/lineIndex';
import { compile, coverageOf, missingSpecialLetters, type Coverage } from './coverage';
import { languageStrings, type LanguageString } from './fields';
import type { LanguageProfile } from './profiles';
import { findConfusables } from './rules';

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
  const strings = languageStrings(doc.value, classification, override);
  const totals = new Map<LanguageProfile, { counts: Int32Array; capitals: Int32Array }>();
  // Strings of one test or entry share their `item` object, so it keys the per-item totals.
  const items = new Map<LanguageString['item'], Int32Array>();
  const occurrences: Record<string, Occurrence[]> = {};
  const main = strings[0]?.profile;
  const mainTable = main ? compile(main) : undefined;
  const mainLetters = mainTable ? mainTable.slots.flatMap((slot, i) => (slot.kind === 'letters' ? [i] : [])) : [];
  const one = new Int32Array(mainTable?.size ?? 0);
  const oneCapitals = new Int32Array(mainTable?.size ?? 0);
  for (const s of strings) {
    const table = compile(s.profile);
    let total = totals.get(s.profile);
    if (!total) totals.set(s.profile, (total = { counts: new Int32Array(table.size), capitals: new Int32Array(table.size) }));
    if (s.profile !== main) {
      table.count(s.text, total.counts, total.capitals);
      continue;
    }
    one.fill(0);
    oneCapitals.fill(0);
    table.count(s.text, one, oneCapitals);
    for (let i = 0; i < one.length; i++) {
      total.counts[i] += one[i];
      total.capitals[i] += oneCapitals[i];
    }
    let item = items.get(s.item);
    if (!item) items.set(s.item, (item = new Int32Array(table.size)));
    let offset = -1;
    for (let i = 0; i < one.length; i++) {
      if (!one[i]) continue;
      item[i] += one[i];
      if (table.slots[i].kind !== 'letters') continue;
      if (offset < 0) offset = doc.locate(s.path)?.start ?? 0;
      const list = (occurrences[table.slots[i].key] ??= []);
      if (list.length < MAX_OCCURRENCES) list.push({ label: s.item.label, offset });
    }
  }
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
  const specialSlots = main && mainTable ? main.specialLetters.map((l) => mainTable.slots.findIndex((slot) => slot.kind === 'letters' && slot.key === l)) : [];
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
    confusables: findConfusables(doc, strings).map((h) => ({ offset: h.span.start, range: doc.lineIndex.rangeOf(h.span), found: h.found, expected: h.expected })),
    strings: strings.length,
  };
}

/** Coverage of a single string, for hovers. */
export function stringCoverageSummary(text: string, profile: LanguageProfile): { present: string[]; missing: string[]; coverage: Coverage } {
  const coverage = coverageOf(text, profile);
  return { present: profile.specialLetters.filter((l) => coverage.letters[l]), missing: missingSpecialLetters(coverage, profile), coverage };
}
