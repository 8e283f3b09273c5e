import { sentenceChrf } from '../scoring/chrf';
import { effectiveMethod, scoreTest } from '../scoring/ewebench/scoreTest';
import { harnessExactMatch } from '../scoring/rosetta/metrics';
import { pyRound } from '../python/round';
import { pyStrip, pyStripChars } from '../python/str';
import type { NormalisedEntry } from './corpus';
import { harnessTestId } from './items';
import type { ChatOutcome, ChatRequest, EntryRunRecord, TestRunRecord, Usage } from './types';
import { isObject } from '../json';
import { isRunText, type RunText } from '../i18n/runMessages';

/** A failure's sentence as a record keeps it beside its English: `error_code` and `error_params`. */
export function errorCode(text: RunText | undefined): { error_code?: RunText['code']; error_params?: RunText['params'] } {
  if (!text) return {};
  return text.params ? { error_code: text.code, error_params: text.params } : { error_code: text.code };
}

/** `error_code` and `error_params` read back from a file: kept only when they make a sentence of the table. */
export function readErrorCode(code: unknown, params: unknown): { error_code?: RunText['code']; error_params?: RunText['params'] } {
  const text = { code, ...(params === undefined ? {} : { params }) };
  return isRunText(text) ? errorCode(text) : {};
}

/** Usage of a call that produced nothing. */
export const NO_USAGE: Usage = { prompt_tokens: 0, completion_tokens: 0, reasoning_tokens: 0, cached_tokens: 0 };

/** What every record is made from: where the item came from, the call made and what it gave. */
interface RecordInputBase {
  sourceFile: string;
  repeat: number;
  model: string;
  origin: string;
  request: ChatRequest;
  outcome: ChatOutcome;
  /** ISO 8601. */
  finishedAt: string;
  /** Shared by every record of one run (the results file's run id). */
  runId?: string;
}

export interface TestRecordInput extends RecordInputBase {
  test: unknown;
  /** The tests file's stem, the harness's category. */
  category: string;
  testHash: string;
  strict?: boolean;
  /** The test's position in its file, for the harness's fallback id (`{category}_{index}`) when it has none. */
  index?: number;
}

function testIdText(test: unknown, index: number, category: string): string {
  if (!isObject(test)) return `${category}_${index}`;
  const id = harnessTestId(test, index, category);
  return typeof id === 'string' ? id : (JSON.stringify(id) ?? 'null');
}

/**
 * One test's result. A call that answered is scored exactly as the harness would (`scoreTest`); a test the
 * harness cannot score keeps a null score with the reason. A call that failed has no score at all (null, with
 * the failure as `error` and `reason`): never a silent 0.
 */
export function testRecord(input: TestRecordInput): TestRunRecord {
  const { test, outcome } = input;
  const base = {
    kind: 'ewebench-test' as const,
    test_id: testIdText(test, input.index ?? 0, input.category),
    category: input.category,
    source_file: input.sourceFile,
    test_hash: input.testHash,
    repeat: input.repeat,
    model: input.model,
    origin: input.origin,
    request: input.request,
    latency_ms: outcome.latencyMs,
    finished_at: input.finishedAt,
    ...(input.index !== undefined ? { index: input.index } : {}),
    ...(input.runId !== undefined ? { run_id: input.runId } : {}),
  };
  if (!outcome.ok) {
    return {
      ...base,
      response: null,
      error: outcome.error,
      error_kind: outcome.kind,
      ...errorCode(outcome.text),
      score: null,
      rounded_score: null,
      passed: null,
      method: isObject(test) ? effectiveMethod(test).method : null,
      breakdown: null,
      reason: outcome.error,
      usage: { ...NO_USAGE },
      cached: false,
    };
  }
  const scored = scoreTest(test, outcome.text, { strict: input.strict === true });
  return {
    ...base,
    response: outcome.text,
    error: null,
    score: scored.score,
    rounded_score: scored.score === null ? null : pyRound(scored.score, 3),
    passed: scored.passed,
    method: scored.method,
    breakdown: scored.breakdown,
    ...(scored.reason !== undefined ? { reason: scored.reason } : {}),
    usage: outcome.usage,
    cached: outcome.cached,
    ...(outcome.modelId !== undefined ? { model_id: outcome.modelId } : {}),
    ...(input.strict === true ? { strict: true } : {}),
  };
}

/**
 * The translation in a response as the Rosetta harness extracts it (`clean_response`, no reasoning patterns):
 * whitespace, quotes and backticks stripped from the ends, a `**bold**` wrapper removed, then the first
 * non-empty line. What is scored is this, not the raw text: a trailing newline must not cost an exact match.
 */
export function cleanTranslation(content: string): string {
  if (!content) return '';
  let c = pyStripChars(pyStripChars(pyStripChars(pyStrip(content), '"'), "'"), '`');
  if (c.startsWith('**') && c.endsWith('**')) c = pyStrip(c.slice(2, -2));
  for (const line of c.split('\n')) {
    const stripped = pyStrip(line);
    if (stripped) return stripped;
  }
  return c;
}

export interface EntryRecordInput extends RecordInputBase {
  entry: NormalisedEntry;
  entryHash: string;
}

/**
 * One corpus entry's result: the harness's exact match (`harnessExactMatch`) and sentence chrF++ of the cleaned translation against
 * the reference. A failed call: predicted null, chrF++ 0, no exact match, and the error (as a run card's
 * `results[]` records a failed entry).
 */
export function entryRecord(input: EntryRecordInput): EntryRunRecord {
  const { entry, outcome } = input;
  const base = {
    kind: 'corpus-entry' as const,
    entry_id: entry.id,
    source_file: input.sourceFile,
    entry_hash: input.entryHash,
    repeat: input.repeat,
    model: input.model,
    origin: input.origin,
    request: input.request,
    source: entry.source,
    reference: entry.reference,
    difficulty: entry.difficulty,
    provenance: entry.provenance,
    segment: entry.segment,
    ...(entry.domain ? { domain: entry.domain } : {}),
    latency_seconds: outcome.latencyMs / 1000,
    finished_at: input.finishedAt,
    ...(input.runId !== undefined ? { run_id: input.runId } : {}),
  };
  if (!outcome.ok) {
    return {
      ...base,
      predicted: null,
      exact_match: false,
      entry_chrf: 0,
      usage: { ...NO_USAGE },
      error: outcome.error,
      error_kind: outcome.kind,
      ...errorCode(outcome.text),
      cached: false,
    };
  }
  const predicted = cleanTranslation(outcome.text);
  return {
    ...base,
    predicted,
    ...(predicted !== outcome.text ? { raw_predicted: outcome.text } : {}),
    exact_match: harnessExactMatch(predicted, entry.reference),
    entry_chrf: sentenceChrf(predicted, [entry.reference]).score,
    usage: outcome.usage,
    error: null,
    cached: outcome.cached,
    ...(outcome.modelId !== undefined ? { model_id: outcome.modelId } : {}),
  };
}
