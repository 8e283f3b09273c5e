import { isObject } from '../json';
import { canonicalHash } from '../run/canonicalJson';
import { NO_USAGE, readErrorCode } from '../run/records';
import type { ChatRequest, RunnableItem, SuiteItemRunRecord, Usage } from '../run/types';
import type { SuiteItem } from './items';

/**
 * What the editor needs of suite items and their results without the scorers (the client loads it at activation):
 * the runnable items of an item file with their hashes, and the records of a suite results file read back
 * (`runResults.ts` builds them). Pure.
 */

/** The hash a result keeps of its item: the fields the prompt and the scoring read, not the place in the file. */
export function suiteItemHash(item: SuiteItem): string {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  const { span, ordinal, ...fields } = item;
  return canonicalHash(fields);
}

/** A runnable item (the lenses, the Test Explorer, the run plan) for each item of an item file. */
export function suiteRunnableItems(items: readonly SuiteItem[]): RunnableItem[] {
  return items.map((item) => {
    let hash: string | undefined;
    return {
      kind: 'suite-item' as const,
      id: item.id,
      index: item.ordinal,
      start: item.span.start,
      end: item.span.end,
      get hash() {
        return (hash ??= suiteItemHash(item));
      },
    };
  });
}

const str = (v: unknown): v is string => typeof v === 'string';
const strOrNull = (v: unknown): v is string | null => v === null || typeof v === 'string';
const num = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

function usageOf(v: unknown): Usage {
  if (!isObject(v)) return { ...NO_USAGE };
  const n = (x: unknown) => (num(x) ? x : 0);
  return {
    prompt_tokens: n(v.prompt_tokens),
    completion_tokens: n(v.completion_tokens),
    reasoning_tokens: n(v.reasoning_tokens),
    cached_tokens: n(v.cached_tokens),
    ...(num(v.cost_usd) ? { cost_usd: v.cost_usd } : {}),
  };
}

/** One record as a results file or a journal holds it; undefined when a field is missing or of another type. */
export function readSuiteItemRecord(r: unknown): SuiteItemRunRecord | undefined {
  if (!isObject(r) || r.kind !== 'suite-item') return undefined;
  const { item_id, task_id, task, source_file, item_hash, repeat, model, origin, request, response, extracted, method, expected } = r;
  if (!str(item_id) || !str(task_id) || !str(task) || !str(source_file) || !str(item_hash) || !str(model) || !str(origin) || !str(expected)) return undefined;
  if (!num(repeat) || !Number.isInteger(repeat) || repeat < 0 || !isObject(request) || !strOrNull(response) || !strOrNull(extracted)) return undefined;
  if (method !== 'strict' && method !== 'fallback' && method !== 'none') return undefined;
  if (!strOrNull(r.error) || typeof r.correct !== 'boolean' || typeof r.tolerant_correct !== 'boolean' || !(r.score === null || num(r.score))) return undefined;
  return {
    kind: 'suite-item',
    item_id,
    task_id,
    task,
    source_file,
    item_hash,
    repeat,
    model,
    origin,
    request: request as unknown as ChatRequest,
    response,
    extracted,
    method,
    expected,
    correct: r.correct,
    tolerant_correct: r.tolerant_correct,
    score: r.score,
    error: r.error,
    ...(str(r.error_kind) ? { error_kind: r.error_kind as SuiteItemRunRecord['error_kind'] } : {}),
    ...readErrorCode(r.error_code, r.error_params),
    latency_ms: num(r.latency_ms) ? r.latency_ms : 0,
    usage: usageOf(r.usage),
    cached: r.cached === true,
    finished_at: str(r.finished_at) ? r.finished_at : '',
    ...(str(r.model_id) ? { model_id: r.model_id } : {}),
    ...(str(r.run_id) ? { run_id: r.run_id } : {}),
    ...(num(r.index) ? { index: r.index } : {}),
  };
}

/** The records of a suite results file the editor wrote; undefined for any other file (a `suite run` file has none). */
export function readSuiteResults(value: unknown): SuiteItemRunRecord[] | undefined {
  if (!isObject(value) || value.suite_responses_version !== 1 || !Array.isArray(value.records)) return undefined;
  const out: SuiteItemRunRecord[] = [];
  for (const r of value.records.slice(0, 1_000_000)) {
    const record = readSuiteItemRecord(r);
    if (record) out.push(record);
  }
  return out;
}
