import { pyContainsWord, pyLen, pyLineStarts, pyLower, pyPrefix, pyStrip, pyUpper, isPythonSpace } from '../../text/python';
import { EVAL_METHODS, type EvalMethod } from './tables';

/**
 * The six ÈwéBench scoring methods exactly as harness 1.0.0 computes them (Python semantics: code-point
 * lengths, Python whitespace, Unicode-aware word boundaries), each with a breakdown a UI can show.
 */

export interface KeywordsBreakdown {
  method: 'keywords';
  found: string[];
  missing: string[];
}

export interface FormatCheck {
  key: string;
  value: unknown;
  passed: number; // 0..1 (markdown_elements can be partial)
  /** Strict mode only: a check the harness ignores. */
  strictOnly?: boolean;
}

export interface FormatBreakdown {
  method: 'format';
  checks: FormatCheck[];
}

export interface EweQualityBreakdown {
  method: 'ewe_quality';
  specialLetters: number; // 0 or 0.3
  commonWords: { words: string[]; points: number };
  frenchPenalty: { words: string[]; points: number }; // 0 or -0.2
  sentences: number; // 0 or 0.2
  length: number; // 0 or 0.1
  empty?: boolean;
}

export type Breakdown =
  | { method: 'exact_match'; expected: string; matched: boolean }
  | { method: 'multiple_choice'; expected: string; matchedBy: 'prefix' | 'word' | 'parenthesis' | 'period' | null }
  | KeywordsBreakdown
  | FormatBreakdown
  | EweQualityBreakdown
  | { method: 'composite'; keywords: KeywordsBreakdown; eweQuality: EweQualityBreakdown; format: FormatBreakdown; parts: [number, number, number] };

export interface TestScore {
  /** null when the harness would crash on this test and response (it gives no score at all). */
  score: number | null;
  /** The method the harness actually used (after its fallbacks for missing or unknown methods). */
  method: EvalMethod;
  breakdown?: Breakdown;
  /** Why the harness would crash, when it would. */
  crash?: string;
  /** False in strict mode: the score then is not the number the harness would publish. */
  harnessComparable: boolean;
}

export interface ScoreOptions {
  /** Honour `false` values and score the `expected_format` keys the harness ignores. Not harness-comparable. */
  strict?: boolean;
}

export function exactMatch(expected: string, response: string): { score: number; breakdown: Breakdown } {
  const matched = pyLower(pyStrip(expected)) === pyLower(pyStrip(response));
  return { score: matched ? 1 : 0, breakdown: { method: 'exact_match', expected, matched } };
}

export function keywords(expected: readonly string[], response: string): { score: number; breakdown: KeywordsBreakdown } {
  const lower = pyLower(response);
  const found: string[] = [];
  const missing: string[] = [];
  for (const kw of expected) (lower.includes(pyLower(kw)) ? found : missing).push(kw);
  return { score: expected.length ? found.length / expected.length : 0, breakdown: { method: 'keywords', found, missing } };
}

export function multipleChoice(expected: string, response: string): { score: number; breakdown: Breakdown } {
  const text = pyUpper(pyStrip(response));
  const letter = pyUpper(pyStrip(expected));
  const result = (matchedBy: 'prefix' | 'word' | 'parenthesis' | 'period' | null) => ({ score: matchedBy ? 1 : 0, breakdown: { method: 'multiple_choice' as const, expected, matchedBy } });
  if (pyPrefix(text, 5).includes(letter)) return result('prefix');
  // The harness builds regexes from the letter; for a letter they are these literal searches. Its fourth
  // pattern, `réponse.*X`, runs on upper-cased text and so can never match.
  if (pyContainsWord(text, letter)) return result('word');
  if (text.includes(letter + ')')) return result('parenthesis');
  if (text.includes(letter + '.')) return result('period');
  return result(null);
}

const FORMAT_EWE_MARKERS = ['ɖe', 'nye', 'wò', 'mí', 'ɛ', 'ɔ', 'ƒe', 'kple', 'dzi', 'le'];

function hasHeader(response: string): boolean {
  return pyLineStarts(response).some((start) => {
    let k = 0;
    while (response.charCodeAt(start + k) === 35 /* # */) k++;
    return k >= 1 && k <= 3 && start + k < response.length && isPythonSpace(response.charCodeAt(start + k));
  });
}

function hasListItem(response: string): boolean {
  return pyLineStarts(response).some((start) => {
    const c = response[start];
    return (c === '-' || c === '*') && start + 1 < response.length && isPythonSpace(response.charCodeAt(start + 1));
  });
}

const MARKDOWN_CHECKS: Record<string, (r: string) => boolean> = {
  table: (r) => r.includes('|') && r.includes('---'),
  header: hasHeader,
  list: hasListItem,
  bold: (r) => r.includes('**'),
};

class HarnessCrash extends Error {}

/** The harness compares lengths with whatever the file holds; anything but a number raises TypeError. */
function numberOrCrash(value: unknown, key: string): number {
  if (typeof value !== 'number' || Number.isNaN(value)) throw new HarnessCrash(`expected_format.${key} is not a number`);
  return value;
}

export function formatCompliance(expected: Record<string, unknown>, response: string, options: ScoreOptions = {}): { score: number; breakdown: FormatBreakdown } {
  const checks: FormatCheck[] = [];
  const strict = options.strict === true;
  const check = (key: string, passed: number, strictOnly = false) => checks.push({ key, value: expected[key], passed, ...(strictOnly ? { strictOnly } : {}) });
  if ('contains_ewe' in expected) {
    const hasEwe = FORMAT_EWE_MARKERS.some((m) => pyLower(response).includes(m));
    // The harness rewards Ewe whatever the value; strict mode reads `false` as "must not contain Ewe".
    check('contains_ewe', (strict && expected.contains_ewe === false ? !hasEwe : hasEwe) ? 1 : 0);
  }
  if ('min_length' in expected) check('min_length', pyLen(response) >= numberOrCrash(expected.min_length, 'min_length') ? 1 : 0);
  if ('max_length' in expected) check('max_length', pyLen(response) <= numberOrCrash(expected.max_length, 'max_length') ? 1 : 0);
  if ('contains_function_call' in expected) {
    const has = response.includes('<function_call>');
    check('contains_function_call', (strict && expected.contains_function_call === false ? !has : has) ? 1 : 0);
  }
  if ('markdown_elements' in expected) {
    const wanted = expected.markdown_elements;
    if (!Array.isArray(wanted) && typeof wanted !== 'string') throw new HarnessCrash('expected_format.markdown_elements is not a list');
    const list = Array.isArray(wanted) ? wanted : Array.from(wanted);
    const found = Object.entries(MARKDOWN_CHECKS).filter(([name, test]) => list.includes(name) && test(response)).length;
    check('markdown_elements', list.length ? found / list.length : 0);
  }
  if (strict) for (const [key, test] of Object.entries(STRICT_CHECKS)) if (key in expected) check(key, test(expected[key], response) ? 1 : 0, true);
  const score = checks.length ? checks.reduce((sum, c) => sum + c.passed, 0) / checks.length : 0;
  return { score, breakdown: { method: 'format', checks } };
}

/** Sentences for strict checks: runs of text ended by . ! ? (or the end). */
function sentenceCount(response: string): number {
  return response.split(/[.!?]+/).filter((s) => pyStrip(s) !== '').length;
}

const FRENCH_WORDS = ['le', 'la', 'les', 'de', 'du', 'des', 'un', 'une', 'est', 'sont', 'pour', 'dans', 'avec', 'cette', 'voici'];

/**
 * What strict mode makes of the keys found in real test files that the harness never reads. Each is the
 * plain reading of its name; `no_french` uses the harness's own French word list but without the "more than
 * 5" tolerance: one French function word other than the Ewe-ambiguous `le` fails it.
 */
const STRICT_CHECKS: Record<string, (value: unknown, response: string) => boolean> = {
  max_sentences: (v, r) => typeof v === 'number' && sentenceCount(r) <= v,
  max_word_count: (v, r) => typeof v === 'number' && r.split(/\s+/u).filter(Boolean).length <= v,
  starts_with: (v, r) => typeof v === 'string' && pyLower(pyStrip(r)).startsWith(pyLower(pyStrip(v))),
  list_item_count: (v, r) => typeof v === 'number' && pyLineStarts(r).filter((s) => /^[-*•]\s/u.test(r.slice(s, s + 2))).length === v,
  numbered_list_items: (v, r) => typeof v === 'number' && pyLineStarts(r).filter((s) => /^\d+[.)]\s/u.test(r.slice(s, s + 5))).length === v,
  no_french: (v, r) => v !== true || !FRENCH_WORDS.filter((w) => w !== 'le').some((w) => pyContainsWord(pyLower(r), w)),
};

const EWE_QUALITY_LETTERS = Array.from('ɖɛɔƒŋɣ');
const EWE_COMMON_WORDS = ['nye', 'wò', 'mí', 'ɖe', 'le', 'kple', 'dzi', 'ƒe', 'gbɔ', 'aɖe', 'ame', 'esia', 'eya', 'mele', 'woɖo', 'afi', 'nyo'];

export function eweQuality(response: string): { score: number; breakdown: EweQualityBreakdown } {
  if (response === '' || response.startsWith('[ERROR]')) {
    return { score: 0, breakdown: { method: 'ewe_quality', specialLetters: 0, commonWords: { words: [], points: 0 }, frenchPenalty: { words: [], points: 0 }, sentences: 0, length: 0, empty: true } };
  }
  const lower = pyLower(response);
  // Special letters are looked for in the response as written: a capital Ɖ does not count.
  const specialLetters = EWE_QUALITY_LETTERS.some((c) => response.includes(c)) ? 0.3 : 0;
  const common = EWE_COMMON_WORDS.filter((w) => lower.includes(w));
  const commonPoints = Math.min(0.4, common.length * 0.05);
  const french = FRENCH_WORDS.filter((w) => pyContainsWord(lower, w));
  const frenchPoints = french.length > 5 ? -0.2 : 0;
  const sentences = response.includes('.') ? 0.2 : 0;
  const length = pyLen(response) > 20 ? 0.1 : 0;
  // Same order of additions as the harness, so the float is the same.
  let score = 0;
  score += specialLetters;
  score += commonPoints;
  score += frenchPoints;
  score += sentences;
  score += length;
  return {
    score: Math.max(0, Math.min(1, score)),
    breakdown: { method: 'ewe_quality', specialLetters, commonWords: { words: common, points: commonPoints }, frenchPenalty: { words: french, points: frenchPoints }, sentences, length },
  };
}

type Test = Record<string, unknown>;

/** The method the harness runs: a missing eval_method means keywords, an unknown one ewe_quality. */
export function effectiveMethod(test: Test): EvalMethod {
  if (!('eval_method' in test)) return 'keywords';
  const m = test.eval_method;
  return typeof m === 'string' && (EVAL_METHODS as readonly string[]).includes(m) ? (m as EvalMethod) : 'ewe_quality';
}

function stringOrCrash(value: unknown, what: string): string {
  if (typeof value !== 'string') throw new HarnessCrash(value === undefined ? `the test has no ${what}` : `${what} is not a string`);
  return value;
}

function keywordList(test: Test): string[] {
  const list = test.expected_keywords ?? [];
  if (!Array.isArray(list) || list.some((k) => typeof k !== 'string')) throw new HarnessCrash('expected_keywords is not a list of strings');
  return list as string[];
}

function formatObject(test: Test): Record<string, unknown> {
  const format = test.expected_format ?? {};
  if (typeof format !== 'object' || format === null || Array.isArray(format)) throw new HarnessCrash('expected_format is not an object');
  return format as Record<string, unknown>;
}

/** Scores one test's response as the harness would, or says why the harness would crash instead. */
export function scoreTest(test: Test, response: unknown, options: ScoreOptions = {}): TestScore {
  const method = effectiveMethod(test);
  const harnessComparable = options.strict !== true;
  try {
    if (!('prompt' in test) && !('messages' in test)) throw new HarnessCrash('the test has neither prompt nor messages');
    if (typeof response !== 'string') throw new HarnessCrash('the response is not a string');
    switch (method) {
      case 'exact_match':
        return { method, harnessComparable, ...exactMatch(stringOrCrash(test.expected, 'expected'), response) };
      case 'multiple_choice':
        return { method, harnessComparable, ...multipleChoice(stringOrCrash(test.expected, 'expected'), response) };
      case 'keywords':
        return { method, harnessComparable, ...keywords(keywordList(test), response) };
      case 'format':
        return { method, harnessComparable, ...formatCompliance(formatObject(test), response, options) };
      case 'ewe_quality':
        return { method, harnessComparable, ...eweQuality(response) };
      case 'composite': {
        const k = keywords(keywordList(test), response);
        const q = eweQuality(response);
        const f = formatCompliance(formatObject(test), response, options);
        return { method, harnessComparable, score: (k.score + q.score + f.score) / 3, breakdown: { method, keywords: k.breakdown, eweQuality: q.breakdown, format: f.breakdown, parts: [k.score, q.score, f.score] } };
      }
    }
  } catch (error) {
    if (error instanceof HarnessCrash) return { method, score: null, crash: error.message, harnessComparable };
    throw error;
  }
}
