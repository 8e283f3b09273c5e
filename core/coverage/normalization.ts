import type { JsonPath } from '../document/jsonDocument';

// A range of combining marks is what this class is for, not a misread combined character.
// eslint-disable-next-line no-misleading-character-class
const MAYBE_DECOMPOSED = /[\u0300-\u036f\u1ab0-\u1aff\u1dc0-\u1dff\u20d0-\u20ff\ufe20-\ufe2f]/;
/** Blocks with the precomposed letters our profiles' scripts use (Latin with accents, Greek with tonos). */
const MAYBE_PRECOMPOSED = /[\u00c0-\u024f\u0386-\u03ce\u1e00-\u1fff]/;

/** Holds a base and a mark that NFC would join into one character (`o` + U+0300 for ò). */
export function hasDecomposed(text: string): boolean {
  return MAYBE_DECOMPOSED.test(text) && text.normalize('NFC') !== text;
}

/** Holds a precomposed character that NFD would split (ò). */
export function hasPrecomposed(text: string): boolean {
  return MAYBE_PRECOMPOSED.test(text) && text.normalize('NFD') !== text;
}

/**
 * Collects the language strings of a file and tells whether they mix the two forms: some precomposed
 * character and some decomposed sequence that would compose. A file all in NFD is consistent; so is a nasal
 * ɔ̃, which has no precomposed form. The pre-tests keep `normalize` off nearly every string.
 */
export class NormalizationSurvey {
  /** Strings that NFC would change, with their paths: the ones the fix rewrites. */
  readonly decomposed: { text: string; path: JsonPath }[] = [];
  private readonly maybePrecomposed: string[] = [];

  add(text: string, path: () => JsonPath): void {
    if (hasDecomposed(text)) this.decomposed.push({ text, path: path() });
    else if (MAYBE_PRECOMPOSED.test(text)) this.maybePrecomposed.push(text);
  }

  /** Most files have no decomposed string, and then nothing is normalised at all. */
  get mixed(): boolean {
    return this.decomposed.length > 0 && (this.decomposed.some((d) => hasPrecomposed(d.text)) || this.maybePrecomposed.some(hasPrecomposed));
  }
}
