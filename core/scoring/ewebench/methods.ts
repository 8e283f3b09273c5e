import { pyIncludes, pyLower, PyNeedles, pyStrip, pyUpper } from '../../python/str';
import type { CompositeBreakdown, ExactMatchBreakdown, KeywordsBreakdown, MethodResult, MultipleChoiceBreakdown, PatternTry } from './breakdown';
import { HarnessCrash, NotReproducible } from '../../python/values';
import { pySearch, PyRegexError, PyRegexUnsupported } from '../../python/re';

/**
 * The ÈwéBench methods that compare a response with an expected answer, as harness 1.0.0 computes them.
 * format and ewe_quality live in their own modules. Inputs are already the types the harness needs;
 * scoreTest.ts turns a raw test into them (or into a crash).
 */

/** `expected.strip().lower() == response.strip().lower()`, with Python's whitespace and case mapping. */
export function exactMatch(expected: string, response: string): MethodResult<ExactMatchBreakdown> {
  const matched = pyLower(pyStrip(expected)) === pyLower(pyStrip(response));
  return { score: matched ? 1 : 0, breakdown: { method: 'exact_match', expected, matched } };
}

/** Past this many keywords, `keywords` searches them all in one pass over the response. */
const MANY_KEYWORDS = 16;

/**
 * The automaton of the last keyword list searched: the audit scores one test's list against every baseline in a
 * row (each call gets a fresh array of the same strings), so it is built once per test.
 */
let last: { expected: readonly string[]; needles: PyNeedles } | undefined;
function needlesOf(expected: readonly string[]): PyNeedles {
  if (last && last.expected.length === expected.length && last.expected.every((kw, i) => kw === expected[i])) return last.needles;
  last = { expected: [...expected], needles: new PyNeedles(expected.map(pyLower)) };
  return last.needles;
}

/** Share of keywords found as case-insensitive substrings; duplicates count each time; none at all scores 0. */
export function keywords(expected: readonly string[], response: string): MethodResult<KeywordsBreakdown> {
  const lower = pyLower(response);
  const found: string[] = [];
  const missing: string[] = [];
  // Many keywords are searched in one pass (the same answers as one `in` each; linear in the keywords).
  const included = expected.length > MANY_KEYWORDS ? needlesOf(expected).includedIn(lower) : expected.map((kw) => pyIncludes(lower, pyLower(kw)));
  expected.forEach((kw, i) => (included[i] ? found : missing).push(kw));
  return { score: expected.length ? found.length / expected.length : 0, breakdown: { method: 'keywords', found, missing } };
}

/**
 * The patterns the harness tries, in order, with the expected letter pasted in as regex source (not escaped:
 * an expected answer holding regex syntax changes the pattern, or makes Python raise). The last one runs
 * on upper-cased text but spells "réponse" in lower case, so for a plain letter it never matches.
 */
export function multipleChoicePatterns(letter: string): string[] {
  return [`\\b${letter}\\b`, `${letter}\\)`, `${letter}\\.`, `réponse.*${letter}`];
}

/**
 * 1 when the stripped, upper-cased expected answer occurs in the first 5 characters of the stripped,
 * upper-cased response, or when one of the harness's patterns matches; else 0. Throws HarnessCrash when
 * Python would reject a pattern it reaches, NotReproducible for regex features we do not emulate.
 */
export function multipleChoice(expected: string, response: string): MethodResult<MultipleChoiceBreakdown> {
  const text = pyUpper(pyStrip(response));
  const letter = pyUpper(pyStrip(expected));
  const inFirstFive = pyIncludes(Array.from(text).slice(0, 5).join(''), letter);
  const patterns: PatternTry[] = [];
  if (!inFirstFive) {
    for (const pattern of multipleChoicePatterns(letter)) {
      let matched: boolean;
      try {
        matched = pySearch(pattern, text);
      } catch (error) {
        if (error instanceof PyRegexError) throw new HarnessCrash(`re.error: ${error.message} (in the pattern ${JSON.stringify(pattern)} built from expected)`);
        if (error instanceof PyRegexUnsupported)
          throw new NotReproducible(`the pattern ${JSON.stringify(pattern)} built from expected uses a ${error.message}`);
        throw error;
      }
      patterns.push({ pattern, matched });
      if (matched) break;
    }
  }
  const score = inFirstFive || patterns.some((p) => p.matched) ? 1 : 0;
  return { score, breakdown: { method: 'multiple_choice', letter, inFirstFive, patterns } };
}

/** `(keywords + ewe_quality + format) / 3`, added in that order like the harness. */
export function composite(
  k: MethodResult<KeywordsBreakdown>,
  q: MethodResult<CompositeBreakdown['eweQuality']>,
  f: MethodResult<CompositeBreakdown['format']>,
): MethodResult<CompositeBreakdown> {
  return {
    score: (k.score + q.score + f.score) / 3,
    breakdown: {
      method: 'composite',
      parts: { keywords: k.score, eweQuality: q.score, format: f.score },
      keywords: k.breakdown,
      eweQuality: q.breakdown,
      format: f.breakdown,
    },
  };
}
