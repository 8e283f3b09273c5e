import type { EvalMethod } from './tables';

/**
 * What each ÈwéBench method looked at, so a UI can explain a score term by term. Numbers are the exact
 * floats the harness adds up.
 */

export interface ExactMatchBreakdown {
  method: 'exact_match';
  expected: string;
  matched: boolean;
}

export interface PatternTry {
  /** The Python pattern the harness builds from the expected letter. */
  pattern: string;
  matched: boolean;
}

export interface MultipleChoiceBreakdown {
  method: 'multiple_choice';
  /** The expected answer stripped and upper-cased, as the harness compares it. */
  letter: string;
  /** The letter occurs in the first 5 characters of the stripped, upper-cased response. */
  inFirstFive: boolean;
  /** Patterns tried in order, up to the first that matched (none are tried when `inFirstFive`). */
  patterns: PatternTry[];
}

export interface KeywordsBreakdown {
  method: 'keywords';
  found: string[];
  missing: string[];
  /**
   * Set when `expected_keywords` is not a list: Python then iterates a string's characters or an object's
   * keys, and scores those.
   */
  iteratedAs?: 'characters' | 'object-keys';
}

export interface MarkdownElement {
  name: 'table' | 'header' | 'list' | 'bold';
  found: boolean;
}

export interface FormatCheck {
  key: string;
  /** The value as written in the test. */
  value: unknown;
  /** 0 or 1, or the share of markdown elements found. */
  passed: number;
  /** What was measured: a length, a count, the markers found, whether a tag occurs. */
  observed?: number | boolean | string | string[];
  /** For markdown_elements: the harness divides the elements found by `requested` (the length of the value). */
  markdown?: { requested: number; elements: MarkdownElement[] };
  /** Harness mode: the value says `false` but the harness rewards the property anyway. */
  valueIgnored?: boolean;
  /** Strict mode only: a key the harness never reads. */
  strictOnly?: boolean;
  note?: string;
}

export interface FormatBreakdown {
  method: 'format';
  checks: FormatCheck[];
  /** Keys present but not scored (the harness ignores them; in strict mode, keys we give no meaning). */
  ignoredKeys: string[];
}

export interface EweQualityBreakdown {
  method: 'ewe_quality';
  /** Set when the harness short-circuits to 0: an empty response, or one starting with "[ERROR]". */
  shortCircuit?: 'empty' | 'error';
  specialChars: { found: string[]; points: number };
  commonWords: { words: string[]; hits: number; points: number };
  frenchPenalty: { words: string[]; count: number; points: number };
  sentence: { hasPeriod: boolean; points: number };
  length: { codePoints: number; points: number };
  /** The sum before clamping to [0, 1]. */
  sum: number;
}

export interface CompositeBreakdown {
  method: 'composite';
  parts: { keywords: number; eweQuality: number; format: number };
  keywords: KeywordsBreakdown;
  eweQuality: EweQualityBreakdown;
  format: FormatBreakdown;
}

export type Breakdown = ExactMatchBreakdown | MultipleChoiceBreakdown | KeywordsBreakdown | FormatBreakdown | EweQualityBreakdown | CompositeBreakdown;

export interface MethodResult<B extends Breakdown = Breakdown> {
  score: number;
  breakdown: B;
}

/**
 * One test scored. When the harness would crash (it then publishes no score for the whole run) or when we
 * cannot reproduce its answer, `score` is null rather than 0: a 0 would look like a real result.
 */
export interface TestScore {
  score: number | null;
  /** `round(score, 3) >= 0.7`; null without a score. */
  passed: boolean | null;
  /** The method the harness runs, after its fallbacks; null when the test is not even an object. */
  method: EvalMethod | null;
  /** Set when the harness fell back: no eval_method means keywords, an unknown one ewe_quality. */
  fallback?: 'missing-method' | 'unknown-method';
  breakdown: Breakdown | null;
  harnessWouldCrash: boolean;
  /** Why there is no score, naming the Python error where there is one. */
  reason?: string;
  /** False in strict mode: the score is then not the number the harness publishes. */
  harnessComparable: boolean;
}
