import type { Bilingual } from '../i18n/locale';

/**
 * A language's writing system as data. Adding a language is adding one of these: coverage, look-alike
 * detection, the status bar, the preview and the TextMate grammar all read the table.
 */
export interface LanguageProfile {
  /** BCP 47 / ISO 639 codes that select this profile (a corpus's `target_language`, say). */
  codes: readonly string[];
  name: Bilingual;
  /** The alphabet in lower case and NFC; multi-character letters (digraphs) included. */
  letters: readonly string[];
  /** The letters a keyboard lacks, which the status bar counts (`Ewe 6/7`). */
  specialLetters: readonly string[];
  digraphs: readonly string[];
  /** Vowels that take the nasal mark (U+0303) to form nasal vowels. */
  nasalVowels: readonly string[];
  /** Combining marks that carry tone, by name. */
  toneMarks: Readonly<Record<string, string>>;
  /** Look-alikes from other alphabets, each with the letter it stands in for. */
  confusables: Readonly<Record<string, string>>;
}

const COMBINING_TILDE = '\u0303';

export const EWE: LanguageProfile = {
  codes: ['ee', 'ewe'],
  name: { en: 'Ewe', fr: 'Ewe' },
  letters: ['a', 'b', 'd', 'ɖ', 'dz', 'e', 'ɛ', 'f', 'ƒ', 'g', 'gb', 'ɣ', 'h', 'x', 'i', 'k', 'kp', 'l', 'm', 'n', 'ny', 'ŋ', 'o', 'ɔ', 'p', 'r', 's', 't', 'ts', 'u', 'v', 'ʋ', 'w', 'y', 'z'],
  specialLetters: ['ɖ', 'ɛ', 'ƒ', 'ɣ', 'ŋ', 'ɔ', 'ʋ'],
  digraphs: ['dz', 'gb', 'kp', 'ny', 'ts'],
  nasalVowels: ['a', 'e', 'ɛ', 'i', 'o', 'ɔ', 'u'],
  toneMarks: { '\u0301': 'acute (high)', '\u0300': 'grave (low)', '\u030c': 'caron (rising)', '\u0302': 'circumflex (falling)' },
  confusables: {
    // Latin letters with a bar or eth for the African D
    'Ð': 'Ɖ', 'Đ': 'Ɖ', 'đ': 'ɖ', 'ð': 'ɖ',
    // Greek and Cyrillic epsilons for the open e
    'ε': 'ɛ', 'є': 'ɛ', 'Є': 'Ɛ', 'ԑ': 'ɛ', 'Ԑ': 'Ɛ',
    // Greek upsilon and the IPA upsilon for the Ewe v
    'υ': 'ʋ', 'ʊ': 'ʋ', 'Ʊ': 'Ʋ',
    // Greek gamma and the ram's horn for the gamma
    'γ': 'ɣ', 'ɤ': 'ɣ',
    // Greek eta for eng
    'η': 'ŋ',
    // Greek reversed lunate sigma for the open o
    'ͻ': 'ɔ', 'Ͻ': 'Ɔ',
  },
};

export const PLAINS_CREE: LanguageProfile = {
  codes: ['crk', 'cr'],
  name: { en: 'Plains Cree', fr: 'cri des Plaines' },
  letters: ['a', 'â', 'c', 'e', 'ê', 'h', 'i', 'î', 'k', 'm', 'n', 'o', 'ô', 'p', 's', 't', 'w', 'y'],
  specialLetters: ['â', 'ê', 'î', 'ô'],
  digraphs: [],
  nasalVowels: [],
  toneMarks: {},
  // Standard Roman Orthography marks long vowels with a circumflex; a macron is the common stand-in.
  confusables: { 'ā': 'â', 'ē': 'ê', 'ī': 'î', 'ō': 'ô', 'Ā': 'Â', 'Ē': 'Ê', 'Ī': 'Î', 'Ō': 'Ô' },
};

export const PROFILES: readonly LanguageProfile[] = [EWE, PLAINS_CREE];

/** The profile for a language code (`ee`, `ewe`, `crk`, `ee-GH`…), if we have one. */
export function profileFor(code: string | undefined): LanguageProfile | undefined {
  if (!code) return undefined;
  const primary = code.toLowerCase().split(/[-_]/)[0];
  return PROFILES.find((p) => p.codes.includes(primary));
}

export function nasalKey(vowel: string): string {
  return (vowel + COMBINING_TILDE).normalize('NFC');
}
