import type { Breakdown } from '../scoring/ewebench/breakdown';
import { effectiveMethod, scoreTest } from '../scoring/ewebench/scoreTest';
import type { EvalMethod } from '../scoring/ewebench/tables';
import { pyStrip } from '../python/str';
import { BASELINES, baselineText, type Baseline } from './baselines';
import { isObject } from '../json';

/** One baseline scored on one test by the harness's own scorer. */
export interface BaselineScore {
  baseline: string;
  score: number;
  passed: boolean;
  /** False for the bare keywords on a `keywords` test: scored and shown, but not a sign of weakness there. */
  counted: boolean;
  breakdown: Breakdown;
}

export interface TestAudit {
  /** The method the harness runs; null when the test is not an object. */
  method: EvalMethod | null;
  /** Every baseline that applies and gets a score, in table order. */
  scores: BaselineScore[];
  /** The counted baselines that pass, best first (ties keep table order). Non-empty means the test is weak. */
  weak: BaselineScore[];
  /** The best counted baseline score: what answering nothing earns on this test (0 when none applies). */
  floor: number;
  /** Why nothing was scored for a multiple_choice test. */
  skipped?: 'expected-not-a-letter';
}

export interface AuditOptions {
  /** The language profile code whose texts are used (`ee`). */
  language?: string;
  /** Baselines from a workspace file, scored after the built-in ones. */
  extra?: readonly Baseline[];
}

export const DEFAULT_LANGUAGE = 'ee';

/**
 * Scores a test under every baseline. Pure and deterministic; `auditTestCached` memoises it by the test's text.
 */
export function auditTest(test: unknown, options: AuditOptions = {}): TestAudit {
  if (!isObject(test)) return { method: null, scores: [], weak: [], floor: 0 };
  const { method } = effectiveMethod(test);
  if (method === 'multiple_choice') {
    // multiple_choice is audited only when `expected` is one letter: anything else is already a method-field
    // error (the harness pastes it into its patterns unescaped), and auditing it would only repeat that.
    const expected = typeof test.expected === 'string' ? pyStrip(test.expected) : '';
    if (!/^[A-Za-z]$/.test(expected)) return { method, scores: [], weak: [], floor: 0, skipped: 'expected-not-a-letter' };
  }
  const language = options.language ?? DEFAULT_LANGUAGE;
  const scores: BaselineScore[] = [];
  for (const baseline of [...BASELINES, ...(options.extra ?? [])]) {
    const text = baselineText(baseline, test, language);
    if (text === undefined) continue;
    const result = scoreTest(test, text);
    if (result.score === null || result.breakdown === null || result.passed === null) continue;
    const counted = !(baseline.usesAnswerKey && method === 'keywords');
    scores.push({ baseline: baseline.id, score: result.score, passed: result.passed, counted, breakdown: result.breakdown });
  }
  const weak = scores.filter((s) => s.counted && s.passed).sort((a, b) => b.score - a.score);
  let floor = 0;
  for (const s of scores) if (s.counted && s.score > floor) floor = s.score;
  return { method, scores, weak, floor };
}

/** Bounded: a workspace of a few thousand tests fits; beyond that the oldest entries go first. */
const CACHE_LIMIT = 20000;
const cache = new Map<string, TestAudit>();
const extraKeys = new WeakMap<readonly Baseline[], string>();
/** Each distinct set of extra baselines (by content) gets a short key: cache keys never hold the baselines' text. */
const keysByContent = new Map<string, string>();
/** Keys are never reused, so a forgotten set's cached audits cannot be mistaken for another's. */
let keysMade = 0;
const KEYS_KEPT = 8;

/**
 * A short, stable key for a set of extra baselines (`#1`, `#2`…: equal contents, equal keys), computed once per
 * array. The key goes into a cache key per test, so it must not grow with the baselines.
 */
export function extraKey(extra: readonly Baseline[] | undefined): string {
  if (!extra || extra.length === 0) return '';
  let key = extraKeys.get(extra);
  if (key === undefined) {
    const content = JSON.stringify(extra);
    key = keysByContent.get(content);
    if (key === undefined) {
      if (keysByContent.size >= KEYS_KEPT) keysByContent.delete(keysByContent.keys().next().value as string);
      keysByContent.set(content, (key = `#${++keysMade}`));
    }
    extraKeys.set(extra, key);
  }
  return key;
}

/**
 * `auditTest`, memoised by the test's JSON text (and the language and extra baselines): on a keystroke only the
 * edited test is scored again. Callers must not mutate the result.
 */
export function auditTestCached(test: unknown, options: AuditOptions = {}): TestAudit {
  let text: string;
  try {
    text = JSON.stringify(test) ?? 'undefined';
  } catch {
    return auditTest(test, options);
  }
  const key = `${options.language ?? DEFAULT_LANGUAGE}\u0000${extraKey(options.extra)}\u0000${text}`;
  const hit = cache.get(key);
  if (hit) {
    // Refresh its place so the most used entries survive eviction.
    cache.delete(key);
    cache.set(key, hit);
    return hit;
  }
  const audit = auditTest(test, options);
  if (cache.size >= CACHE_LIMIT) cache.delete(cache.keys().next().value as string);
  cache.set(key, audit);
  return audit;
}
