import type { Classification } from '../document/classify';
import type { JsonDocument } from '../document/jsonDocument';
import type { TextRange } from '../document/lineIndex';
import { addCoverage, coverageOf, emptyCoverage, missingSpecialLetters, type Coverage } from './coverage';
import { languageStrings } from './fields';
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
  letters: Record<string, number>;
  missing: string[];
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
  const byProfile = new Map<LanguageProfile, Coverage>();
  const items = new Map<string, { label: string; path: readonly (string | number)[]; coverage: Coverage }>();
  const occurrences: Record<string, Occurrence[]> = {};
  const main = strings[0]?.profile;
  for (const s of strings) {
    const c = coverageOf(s.text, s.profile);
    addCoverage(byProfile.get(s.profile) ?? byProfile.set(s.profile, emptyCoverage()).get(s.profile)!, c);
    if (s.profile !== main) continue;
    const key = JSON.stringify(s.item.path);
    const item = items.get(key) ?? items.set(key, { label: s.item.label, path: s.item.path, coverage: emptyCoverage() }).get(key)!;
    addCoverage(item.coverage, c);
    const letters = Object.keys(c.letters);
    if (letters.length === 0) continue;
    const offset = doc.locate(s.path)?.start ?? 0;
    for (const letter of letters) {
      const list = (occurrences[letter] ??= []);
      if (list.length < MAX_OCCURRENCES) list.push({ label: s.item.label, offset });
    }
  }
  const languages: LanguageCoverage[] = [...byProfile].map(([profile, c]) => ({
    code: profile.codes[0],
    name: profile.name,
    alphabet: [...profile.letters],
    specialLetters: [...profile.specialLetters],
    missing: missingSpecialLetters(c, profile),
    ...c,
  }));
  return {
    kind: classification.kind,
    languages,
    items: [...items.values()].map((i) => ({
      label: i.label,
      offset: doc.locate(i.path, 'start')?.start ?? 0,
      letters: i.coverage.letters,
      missing: main ? missingSpecialLetters(i.coverage, main) : [],
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
