import { fileNamePart } from '../run/fileNames';
import { errorCode, NO_USAGE } from '../run/records';
import { DEFAULT_TEMPERATURE, MAX_TOKENS } from '../run/request';
import type { ChatOutcome, ChatRequest, SuiteItemRunRecord } from '../run/types';
import type { SuiteItem } from './items';
import type { LoadedTask } from './load';
import { itemPrompt, scoreItem, taskLabels } from './score';
import type { SuiteTaskSpec } from './suite';

/**
 * A task suite's items as the editor runs them, one item at a time or a file at once, through the run machinery
 * that runs tests (queue, cache, journal, cancel): each item's request (the framework's prompt, as `suite run`
 * sends it), its record once answered (the answer read and scored as `suite score` reads it), and the results
 * file those records make: the saved-responses shape `suite score` re-scores, with the records beside it (read
 * back by `runRecords.ts`, which the client loads at activation without the scorers). Pure.
 */

export { readSuiteResults, readSuiteItemRecord, suiteItemHash, suiteRunnableItems } from './runRecords';

/** The labels an NLI or classification task chooses among (the suite's topics, else those its items use); none for the others. */
export function labelsOf(task: LoadedTask): readonly string[] {
  return task.spec.task === 'nli' || task.spec.task === 'classification' ? taskLabels(task) : [];
}

/** The one request an item sends: its prompt as one user message, at the temperature and length `suite run` uses by default. */
export function suiteItemRequest(
  task: LoadedTask,
  item: SuiteItem,
  model: string,
  labels: readonly string[] = labelsOf(task),
  options: { temperature?: number; maxTokens?: number } = {},
): ChatRequest {
  const content = itemPrompt(item, { labels, targetLanguage: task.spec.targetLanguage ?? task.spec.language });
  return { model, messages: [{ role: 'user', content }], temperature: options.temperature ?? DEFAULT_TEMPERATURE, max_tokens: options.maxTokens ?? MAX_TOKENS };
}

/** The item's answer as text, as a lens shows what was expected. */
export function expectedAnswer(item: SuiteItem): string {
  switch (item.task) {
    case 'multiple_choice':
      return item.answer;
    case 'math':
      return String(item.answer);
    case 'nli':
    case 'classification':
      return item.label;
    case 'translation':
      return item.target;
  }
}

export interface SuiteItemRecordInput {
  task: SuiteTaskSpec;
  item: SuiteItem;
  labels: readonly string[];
  sourceFile: string;
  itemHash: string;
  repeat: number;
  model: string;
  origin: string;
  request: ChatRequest;
  outcome: ChatOutcome;
  finishedAt: string;
  runId?: string;
}

/** One item's result: a failed call has no score (never a silent 0); an answer is read and scored as `suite score` does. */
export function suiteItemRecord(input: SuiteItemRecordInput): SuiteItemRunRecord {
  const { outcome, item } = input;
  const base = {
    kind: 'suite-item' as const,
    item_id: item.id,
    task_id: input.task.id,
    task: input.task.task,
    source_file: input.sourceFile,
    item_hash: input.itemHash,
    repeat: input.repeat,
    model: input.model,
    origin: input.origin,
    request: input.request,
    expected: expectedAnswer(item),
    latency_ms: outcome.latencyMs,
    finished_at: input.finishedAt,
    index: item.ordinal,
    ...(input.runId !== undefined ? { run_id: input.runId } : {}),
  };
  if (!outcome.ok)
    return {
      ...base,
      response: null,
      extracted: null,
      method: 'none',
      correct: false,
      tolerant_correct: false,
      score: null,
      error: outcome.error,
      error_kind: outcome.kind,
      ...errorCode(outcome.text),
      usage: { ...NO_USAGE },
      cached: false,
    };
  const scored = scoreItem(item, outcome.text, input.labels);
  return {
    ...base,
    response: outcome.text,
    extracted: scored.extracted,
    method: scored.method,
    correct: scored.correct,
    tolerant_correct: scored.tolerantCorrect,
    score: scored.score,
    error: null,
    usage: outcome.usage,
    cached: outcome.cached,
    ...(outcome.modelId !== undefined ? { model_id: outcome.modelId } : {}),
  };
}

/** `suite_{item file stem}_{model}_{run id}.json`, one file per item file and run. */
export function suiteResultsFileName(sourceFile: string, model: string, runId: string): string {
  const stem = sourceFile.slice(sourceFile.lastIndexOf('/') + 1).replace(/\.[^.]*$/, '');
  return `suite_${fileNamePart(stem)}_${fileNamePart(model)}_${fileNamePart(runId)}.json`;
}

export interface SuiteResultsMeta {
  model: string;
  runId: string;
  endpoint: string;
  date: string;
  status: string;
  toolVersion?: string;
}

/**
 * The results of one item file's run: `suite_responses_version` 1 (per task, per item id, one response per run,
 * null for a failed call: what `suite score` reads), and beside it our fields: the run's identity and every record.
 */
export function buildSuiteResults(records: readonly SuiteItemRunRecord[], runs: number, meta: SuiteResultsMeta): Record<string, unknown> {
  const tasks: Record<string, Record<string, (string | null)[]>> = {};
  for (const r of records) {
    const byItem = (tasks[r.task_id] ??= {});
    const responses = (byItem[r.item_id] ??= new Array<string | null>(runs).fill(null));
    if (r.repeat < runs) responses[r.repeat] = r.response;
  }
  return {
    suite_responses_version: 1,
    model: meta.model,
    runs,
    tasks,
    run_id: meta.runId,
    endpoint: meta.endpoint,
    date: meta.date,
    status: meta.status,
    ...(meta.toolVersion ? { tool_version: meta.toolVersion } : {}),
    records,
  };
}
