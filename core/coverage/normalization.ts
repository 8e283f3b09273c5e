import type { JsonPath } from '../document/jsonDocument';
import { blockClass, MARK, MARK_BLOCKS, PRECOMPOSED, PRECOMPOSED_LETTER_BLOCKS } from './unitScan';

const MAYBE_DECOMPOSED = blockClass(MARK_BLOCKS);
const MAYBE_PRECOMPOSED = blockClass(PRECOMPOSED_LETTER_BLOCKS);

/**
 * Holds a base and a mark that NFC would join into one character (`o` + U+0300 for ò). `units`: the string's
 * unit classes (`scanUnits`) when the caller has them, which spares the pre-test its own scan.
 */
export function hasDecomposed(text: string, units?: number): boolean {
  const marks = units === undefined ? MAYBE_DECOMPOSED.test(text) : (units & MARK) !== 0;
  return marks && text.normalize('NFC') !== text;
}

/** Could hold a precomposed character (a letter of the blocks that have them); `units` as for `hasDecomposed`. */
function maybePrecomposed(text: string, units?: number): boolean {
  return units === undefined ? MAYBE_PRECOMPOSED.test(text) : (units & PRECOMPOSED) !== 0;
}

/** Holds a precomposed character that NFD would split (ò). */
export function hasPrecomposed(text: string, units?: number): boolean {
  return maybePrecomposed(text, units) && text.normalize('NFD') !== text;
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

  /** `units` as for `hasDecomposed`. */
  add(text: string, path: () => JsonPath, units?: number): void {
    this.addChecked(text, path, hasDecomposed(text, units), units);
  }

  /** `add` for a string whose `hasDecomposed` is already known (`decomposed`). */
  addChecked(text: string, path: () => JsonPath, decomposed: boolean, units?: number): void {
    if (decomposed) this.decomposed.push({ text, path: path() });
    else if (maybePrecomposed(text, units)) this.maybePrecomposed.push(text);
  }

  /** Most files have no decomposed string, and then nothing is normalised at all. */
  get mixed(): boolean {
    return this.decomposed.length > 0 && (this.decomposed.some((d) => hasPrecomposed(d.text)) || this.maybePrecomposed.some((t) => hasPrecomposed(t)));
  }
}

/**
 * What `NormalizationSurvey` tells of a file, for strings that come one at a time and are not kept (an import's
 * rows): how many strings NFC would change, with the places of the first `keep` of them (a caller's own
 * reference for each), and whether the file mixes the forms. Whether some string is precomposed is settled by the
 * first one that is (the survey tests its kept strings at the end; the answer is the same).
 */
export class NormalizationCounts<T> {
  decomposed = 0;
  readonly firstDecomposed: T[] = [];
  private precomposed = false;

  constructor(private readonly keep: number) {}

  /** `units` as for `hasDecomposed`; `at` names the string when it is one of the first `keep` decomposed. */
  add(text: string, at: () => T, units?: number): void {
    const decomposed = hasDecomposed(text, units);
    if (decomposed) {
      if (this.decomposed++ < this.keep) this.firstDecomposed.push(at());
      if (!this.precomposed && hasPrecomposed(text)) this.precomposed = true;
    } else if (!this.precomposed && maybePrecomposed(text, units) && hasPrecomposed(text)) this.precomposed = true;
  }

  /** As `NormalizationSurvey.mixed`. */
  get mixed(): boolean {
    return this.decomposed > 0 && this.precomposed;
  }
}
