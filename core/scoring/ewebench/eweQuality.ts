import { pyIncludes, pyLen, pyLower } from '../../python/str';
import type { EweQualityBreakdown, MethodResult } from './breakdown';
import { compilePyRegex, type PyPattern } from '../../python/re';

/** The letters whose presence earns +0.3, looked for in the response as written (a capital Ɖ does not count). */
export const EWE_SPECIAL_CHARS = ['ɖ', 'ɛ', 'ɔ', 'ƒ', 'ŋ', 'ɣ'] as const;

/** Each found as a substring of the lower-cased response earns 0.05, up to 0.4 ("le" also hits inside "mele"). */
export const EWE_COMMON_WORDS = ['nye', 'wò', 'mí', 'ɖe', 'le', 'kple', 'dzi', 'ƒe', 'gbɔ', 'aɖe', 'ame', 'esia', 'eya', 'mele', 'woɖo', 'afi', 'nyo'] as const;

/** More than 5 of these as whole words (Python `\b`) costs 0.2. Several are Ewe words too (le, la, de). */
export const FRENCH_FUNCTION_WORDS = ['le', 'la', 'les', 'de', 'du', 'des', 'un', 'une', 'est', 'sont', 'pour', 'dans', 'avec', 'cette', 'voici'] as const;

export type FrenchFunctionWord = (typeof FRENCH_FUNCTION_WORDS)[number];

/** The harness's `rf'\b{w}\b'` for each word, translated once (Python's Unicode `\b`). */
const WHOLE_WORD = new Map(FRENCH_FUNCTION_WORDS.map((w) => [w, compilePyRegex(`\\b${w}\\b`)]));

/** Python-`\b` whole-word test, as the harness writes it: `re.search(rf'\b{w}\b', text)`. */
export function hasWholeWord(text: string, word: FrenchFunctionWord): boolean {
  return (WHOLE_WORD.get(word) as PyPattern).search(text);
}

/**
 * The harness's Ewe-quality heuristic: 0 for an empty response or one starting with "[ERROR]"; otherwise
 * +0.3 special letters, +0.05 per common word (at most 0.4), -0.2 for more than 5 French function words,
 * +0.2 when there is a "." (its `len(split('.')) > 1`), +0.1 beyond 20 code points, clamped to [0, 1].
 */
export function eweQuality(response: string): MethodResult<EweQualityBreakdown> {
  const codePoints = pyLen(response);
  if (response === '' || response.startsWith('[ERROR]')) {
    return {
      score: 0,
      breakdown: {
        method: 'ewe_quality',
        shortCircuit: response === '' ? 'empty' : 'error',
        specialChars: { found: [], points: 0 },
        commonWords: { words: [], hits: 0, points: 0 },
        frenchPenalty: { words: [], count: 0, points: 0 },
        sentence: { hasPeriod: false, points: 0 },
        length: { codePoints, points: 0 },
        sum: 0,
      },
    };
  }
  const lower = pyLower(response);
  const specials = EWE_SPECIAL_CHARS.filter((c) => response.includes(c));
  const common = EWE_COMMON_WORDS.filter((w) => pyIncludes(lower, w));
  const french = FRENCH_FUNCTION_WORDS.filter((w) => hasWholeWord(lower, w));
  const hasPeriod = response.includes('.');

  // The same additions in the same order as the harness, so the float comes out identical.
  let sum = 0;
  const specialPoints = specials.length > 0 ? 0.3 : 0;
  if (specialPoints) sum += specialPoints;
  const commonPoints = Math.min(0.4, common.length * 0.05);
  sum += commonPoints;
  const frenchPoints = french.length > 5 ? -0.2 : 0;
  if (frenchPoints) sum -= 0.2;
  const sentencePoints = hasPeriod ? 0.2 : 0;
  if (sentencePoints) sum += sentencePoints;
  const lengthPoints = codePoints > 20 ? 0.1 : 0;
  if (lengthPoints) sum += lengthPoints;

  return {
    score: Math.max(0, Math.min(1, sum)),
    breakdown: {
      method: 'ewe_quality',
      specialChars: { found: specials, points: specialPoints },
      commonWords: { words: common, hits: common.length, points: commonPoints },
      frenchPenalty: { words: french, count: french.length, points: frenchPoints },
      sentence: { hasPeriod, points: sentencePoints },
      length: { codePoints, points: lengthPoints },
      sum,
    },
  };
}
