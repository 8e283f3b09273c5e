import { pick, type Bilingual, type Locale } from '../i18n/locale';

/**
 * A language's writing system as data. Adding a language is adding one of these to `PROFILES`: coverage,
 * look-alike detection, the status bar, the preview and the TextMate grammar all read the table.
 */
export interface LanguageProfile {
  /** BCP 47 / ISO 639 codes that select this profile (a corpus's `target_language`, say); the first is shown. */
  codes: readonly string[];
  name: Bilingual;
  /** The script's English name as the translation prompt names it (`use the Latin script`). */
  script: string;
  /** The alphabet in lower case and NFC, in its usual order; multi-character letters (digraphs) included. */
  letters: readonly string[];
  /** The letters a keyboard lacks, which the status bar counts (`Ewe 6/7`). */
  specialLetters: readonly string[];
  digraphs: readonly string[];
  /** Vowels that take the nasal mark (U+0303) to form nasal vowels. */
  nasalVowels: readonly string[];
  /** Combining marks that carry tone, with a name for reports. */
  toneMarks: Readonly<Record<string, string>>;
  /**
   * Look-alikes from other alphabets (NFC), each with the letter it stands in for. The same character carrying
   * an accent (Greek έ for ɛ́) and the decomposed form of a key (a + U+0304 for ā) are derived from these.
   * Only characters that are never correct in the language belong here.
   */
  confusables: Readonly<Record<string, string>>;
}

const COMBINING_TILDE = '\u0303';

export const EWE: LanguageProfile = {
  codes: ['ee', 'ewe'],
  name: { en: 'Ewe', fr: 'Éwé' },
  script: 'Latin',
  letters: [
    'a',
    'b',
    'd',
    'ɖ',
    'dz',
    'e',
    'ɛ',
    'f',
    'ƒ',
    'g',
    'gb',
    'ɣ',
    'h',
    'i',
    'k',
    'kp',
    'l',
    'm',
    'n',
    'ny',
    'ŋ',
    'o',
    'ɔ',
    'p',
    'r',
    's',
    't',
    'ts',
    'u',
    'v',
    'ʋ',
    'w',
    'x',
    'y',
    'z',
  ],
  specialLetters: ['ɖ', 'ɛ', 'ƒ', 'ɣ', 'ŋ', 'ɔ', 'ʋ'],
  digraphs: ['dz', 'gb', 'kp', 'ny', 'ts'],
  nasalVowels: ['a', 'e', 'ɛ', 'i', 'o', 'ɔ', 'u'],
  // Tone is seldom written; where it is, these marks carry it (the tilde is nasality, counted apart).
  toneMarks: { '\u0301': 'acute (high)', '\u0300': 'grave (low)', '\u030c': 'caron (rising)', '\u0302': 'circumflex (falling)' },
  confusables: {
    // Eth and the barred D (Icelandic, Vietnamese, Serbo-Croatian keyboards) and the Hausa hooked d for the African D
    Ð: 'Ɖ',
    Đ: 'Ɖ',
    đ: 'ɖ',
    ð: 'ɖ',
    Ɗ: 'Ɖ',
    ɗ: 'ɖ',
    // Greek epsilon and the Cyrillic ukrainian ie and reversed ze for the open e
    ε: 'ɛ',
    є: 'ɛ',
    Є: 'Ɛ',
    ԑ: 'ɛ',
    Ԑ: 'Ɛ',
    // Greek upsilon and the IPA upsilon for the Ewe v
    υ: 'ʋ',
    ʊ: 'ʋ',
    Ʊ: 'Ʋ',
    // Greek gamma and the IPA ram's horn for the gamma
    γ: 'ɣ',
    ɤ: 'ɣ',
    // Greek eta and the n with a long leg for eng
    η: 'ŋ',
    ƞ: 'ŋ',
    // Greek reversed lunate sigma and the Claudian reversed c for the open o
    ͻ: 'ɔ',
    Ͻ: 'Ɔ',
    ↄ: 'ɔ',
    Ↄ: 'Ɔ',
  },
};

/**
 * Plains Cree in Standard Roman Orthography: the circumflex marks the long vowels â ê î ô (e is always long and
 * written ê, so a bare e is not a letter). Books in older spellings, and keyboards without dead keys, put a
 * macron there instead; SRO never uses the macron, so ā ē ī ō are look-alikes of the circumflex vowels.
 * Syllabics (ᓀᐦᐃᔭᐍᐏᐣ) would be a profile of their own.
 */
export const PLAINS_CREE: LanguageProfile = {
  codes: ['crk', 'cr'],
  name: { en: 'Plains Cree', fr: 'Cri des Plaines' },
  script: 'Latin',
  letters: ['a', 'â', 'c', 'ê', 'h', 'i', 'î', 'k', 'm', 'n', 'o', 'ô', 'p', 's', 't', 'w', 'y'],
  specialLetters: ['â', 'ê', 'î', 'ô'],
  digraphs: [],
  nasalVowels: [],
  toneMarks: {},
  confusables: { ā: 'â', ē: 'ê', ī: 'î', ō: 'ô', Ā: 'Â', Ē: 'Ê', Ī: 'Î', Ō: 'Ô' },
};

export const PROFILES: readonly LanguageProfile[] = [EWE, PLAINS_CREE];

/** The profile for a language code (`ee`, `ewe`, `crk`, `ee-GH`, `ewe_Latn`…), if we have one. */
export function profileFor(code: string | undefined): LanguageProfile | undefined {
  if (!code) return undefined;
  const primary = code.trim().toLowerCase().split(/[-_]/)[0];
  return PROFILES.find((p) => p.codes.includes(primary));
}

/** The key a nasal vowel is reported under: the vowel with the tilde, composed where Unicode has a character. */
export function nasalKey(vowel: string): string {
  return (vowel + COMBINING_TILDE).normalize('NFC');
}

/** The tone marks' names in both languages, by the English name coverage reports count them under. */
const TONE_NAMES: Readonly<Record<string, Bilingual>> = {
  'acute (high)': { en: 'acute (high)', fr: 'aigu (haut)' },
  'grave (low)': { en: 'grave (low)', fr: 'grave (bas)' },
  'caron (rising)': { en: 'caron (rising)', fr: 'caron (montant)' },
  'circumflex (falling)': { en: 'circumflex (falling)', fr: 'circonflexe (descendant)' },
};

/** A tone mark's name, as a coverage report counts it, in the user's language. */
export function toneName(name: string, locale: Locale): string {
  const names = TONE_NAMES[name];
  return names ? pick(names, locale) : name;
}
