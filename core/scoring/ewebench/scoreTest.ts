import { passes } from './aggregate';
import type { Breakdown, MethodResult, TestScore } from './breakdown';
import { eweQuality } from './eweQuality';
import { formatCompliance } from './format';
import { composite, exactMatch, keywords, multipleChoice } from './methods';
import { HarnessCrash, isPyDict, NotReproducible, pyIterate, requireStr } from '../../python/values';
import { DEFAULT_EVAL_METHOD, EVAL_METHODS, UNKNOWN_EVAL_METHOD_FALLBACK, type EvalMethod } from './tables';
import { runMessage } from '../../i18n/runMessages';

export interface ScoreOptions {
  /** Honour `false` format values and score the keys the harness ignores. Results are not harness-comparable. */
  strict?: boolean;
}

/** The method the harness runs: `test.get("eval_method", "keywords")`, and anything it does not know (null included) runs ewe_quality. */
export function effectiveMethod(test: Record<string, unknown>): { method: EvalMethod; fallback?: 'missing-method' | 'unknown-method' } {
  if (!Object.hasOwn(test, 'eval_method')) return { method: DEFAULT_EVAL_METHOD, fallback: 'missing-method' };
  const declared = test.eval_method;
  if (typeof declared === 'string' && (EVAL_METHODS as readonly string[]).includes(declared)) return { method: declared as EvalMethod };
  return { method: UNKNOWN_EVAL_METHOD_FALLBACK, fallback: 'unknown-method' };
}

/** `test.get(key, default)`: a key present with null gives None, not the default. */
function field(test: Record<string, unknown>, key: string, fallback: unknown): unknown {
  return Object.hasOwn(test, key) ? test[key] : fallback;
}

/** `test["expected"]` followed by `.strip()`. */
function expectedText(test: Record<string, unknown>): string {
  if (!Object.hasOwn(test, 'expected')) throw new HarnessCrash("KeyError: 'expected' (the test has no expected answer)");
  return requireStr(test.expected, 'strip', 'expected');
}

/** The keywords the harness iterates: a list's items, a string's characters, an object's keys; each must be a str. */
function keywordList(test: Record<string, unknown>): { items: string[]; iteratedAs?: 'characters' | 'object-keys' } {
  const value = field(test, 'expected_keywords', []);
  const items = pyIterate(value, 'expected_keywords').map((kw) => requireStr(kw, 'lower', 'an item of expected_keywords'));
  if (typeof value === 'string') return { items, iteratedAs: 'characters' };
  if (isPyDict(value)) return { items, iteratedAs: 'object-keys' };
  return { items };
}

function keywordsScore(test: Record<string, unknown>, response: string) {
  const { items, iteratedAs } = keywordList(test);
  const result = keywords(items, response);
  if (iteratedAs) result.breakdown.iteratedAs = iteratedAs;
  return result;
}

function run(method: EvalMethod, test: Record<string, unknown>, response: string, options: ScoreOptions): MethodResult<Breakdown> {
  switch (method) {
    case 'exact_match':
      return exactMatch(expectedText(test), response);
    case 'multiple_choice':
      return multipleChoice(expectedText(test), response);
    case 'keywords':
      return keywordsScore(test, response);
    case 'format':
      return formatCompliance(field(test, 'expected_format', {}), response, options);
    case 'ewe_quality':
      return eweQuality(response);
    case 'composite':
      return composite(keywordsScore(test, response), eweQuality(response), formatCompliance(field(test, 'expected_format', {}), response, options));
  }
}

/**
 * Scores one test's response exactly as harness 1.0.0 would, with a breakdown. `test` and `response` are
 * raw JSON values: a test the harness would crash on (not an object, neither prompt nor messages, missing or
 * wrongly typed fields, a null response) gets `harnessWouldCrash` and a null score, never an exception.
 */
export function scoreTest(test: unknown, response: unknown, options: ScoreOptions = {}): TestScore {
  const harnessComparable = options.strict !== true;
  const noScore = (method: EvalMethod | null, reason: string, harnessWouldCrash: boolean, fallback?: TestScore['fallback']): TestScore => ({
    score: null,
    passed: null,
    method,
    ...(fallback ? { fallback } : {}),
    breakdown: null,
    harnessWouldCrash,
    reason,
    harnessComparable,
  });
  if (!isPyDict(test)) return noScore(null, 'TypeError: the test is not a JSON object', true);
  const { method, fallback } = effectiveMethod(test);
  if (!Object.hasOwn(test, 'messages') && !Object.hasOwn(test, 'prompt')) {
    return noScore(method, "KeyError: 'prompt' (the test has neither prompt nor messages)", true, fallback);
  }
  if (typeof response !== 'string') {
    // Every method calls a str method on it, and even ewe_quality's early return is followed by response[:200].
    const what = response === null || response === undefined ? 'None' : 'not text';
    return noScore(method, `TypeError: the response is ${what}; the harness calls str methods on it`, true, fallback);
  }
  try {
    const { score, breakdown } = run(method, test, response, options);
    return { score, passed: passes(score), method, ...(fallback ? { fallback } : {}), breakdown, harnessWouldCrash: false, harnessComparable };
  } catch (error) {
    if (error instanceof HarnessCrash) return noScore(method, error.message, true, fallback);
    if (error instanceof NotReproducible) return noScore(method, runMessage('en', 'notReproducible', { detail: error.message }), false, fallback);
    throw error;
  }
}
