import { categoryScore, eweScore, type EweScoreOptions } from '../scoring/ewebench/aggregate';
import { fileNamePart } from './fileNames';
import { CATEGORIES } from '../scoring/ewebench/categories';
import { EVAL_METHODS, type EvalMethod } from '../scoring/ewebench/tables';
import type { Breakdown } from '../scoring/ewebench/breakdown';
import { pyFloat, pyFloatRepr, toPyValue, type PyObject, type PyValue } from '../python/json';
import { pyRound } from '../python/round';
import { DEFAULT_TEMPERATURE, MAX_TOKENS } from './request';
import type { ChatRequest, FailureKind, TestRunRecord, Usage } from './types';
import { setOwn, isObject } from '../json';
import { readErrorCode } from './records';

/**
 * The ÈwéBench results file: the harness's report (`ewe_bench.py` 1.0.0, `run_full_benchmark` +
 * `_save_results`) field for field, so its `compare_models` and leaderboard reader load ours, with our
 * extras beside its fields and never in place of them.
 *
 * How our runs enter the harness's numbers:
 * - A failed call (HTTP error, timeout…) is not scored. It is listed in `details` with `score: null` and its
 *   `error`, counted in the category's `errored`, and left out of `score`, `total` and `passed`. (The harness
 *   would score the text `[ERROR] …` as a 0; a network failure is not the model's answer.) A test the harness
 *   would crash on is treated the same way and counted in `unscored`.
 * - Repeats (`Run ×K`): each run is one detail (with its `repeat`), and the category score is the mean over
 *   all scored runs, so `total` counts runs.
 * - A category with no scored run is written as the harness writes a category without tests
 *   (`score 0.0, total 0, passed 0, skipped true`), so it stays out of the ÈwéScore as it would there.
 * - Categories the harness does not know (a tests file with another stem) follow its ten; the ÈwéScore
 *   ignores them, as the harness's weights do.
 */
export const HARNESS_BENCHMARK = 'ÈwéBench';
export const HARNESS_VERSION = '1.0.0';

export type RunStatus = 'complete' | 'partial' | 'cancelled' | 'failed';

export interface ResultsMeta {
  runId: string;
  model: string;
  /** The chat-completions URL, as the harness records its endpoint (never with a key). */
  endpoint: string;
  /** Python isoformat, local time (see `pythonIsoformat`). */
  timestamp: string;
  status: RunStatus;
  origin: string;
  toolVersion?: string;
  /** How Python adds the weights (3.12+ compensated by default). */
  pythonSum?: EweScoreOptions['pythonSum'];
}

export interface ResultsDetail {
  test_id: string;
  /** `round(score, 3)`; null for a failed call or a test the harness cannot score. */
  score: number | null;
  response_preview: string | null;
  passed: boolean | null;
  raw_score: number | null;
  method: EvalMethod | null;
  response: string | null;
  breakdown: Breakdown | null;
  error: string | null;
  error_kind?: FailureKind;
  reason?: string;
  latency_ms: number;
  usage: Usage;
  test_hash: string;
  source_file: string;
  index?: number;
  repeat: number;
  cached: boolean;
  model_id?: string;
  strict?: boolean;
  request: ChatRequest;
  finished_at: string;
}

export interface ResultsCategory {
  score: number;
  total: number;
  passed: number;
  details: ResultsDetail[];
  skipped: boolean;
  /** Ours, on categories that ran: failed calls, not scored. */
  errored?: number;
  /** Ours, on categories that ran: answers the harness could not score (it would crash), not scored. */
  unscored?: number;
}

export interface ResultsReport {
  benchmark: string;
  version: string;
  run_id: string;
  model: string;
  endpoint: string;
  timestamp: string;
  ewe_score: number;
  categories: Record<string, ResultsCategory>;
  summary: { total_tests: number; total_passed: number; categories_evaluated: number; categories_skipped: number };
  ewebench_studio: {
    status: RunStatus;
    origin: string;
    tool_version: string | null;
    errored: number;
    unscored: number;
    /** K of `Run ×K` (the most runs any test had). */
    repeat: number;
    strict: boolean;
  };
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** `datetime.now().strftime("%Y%m%d_%H%M%S")`: the harness's run id, in local time. */
export function harnessRunId(date: Date): string {
  return `${date.getFullYear()}${pad(date.getMonth() + 1)}${pad(date.getDate())}_${pad(date.getHours())}${pad(date.getMinutes())}${pad(date.getSeconds())}`;
}

/** `datetime.now().isoformat()`: local, no offset, microseconds (omitted when zero, as Python does). */
export function pythonIsoformat(date: Date): string {
  const base = `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
  const ms = date.getMilliseconds();
  return ms === 0 ? base : `${base}.${pad(ms, 3)}000`;
}

/**
 * `ewebench_{model}_{run_id}.json` as the harness names its file, with every character a file name cannot hold
 * (`/ \ : * ? " < > |` and control characters) replaced by `_`: `google/gemini-2.0-flash` gives
 * `ewebench_google_gemini-2.0-flash_20261123_101500.json`, one file and no folder. Dots and spaces at the
 * ends of the model name, which Windows drops, become `_` too; a very long part is cut and given a short hash
 * (`fileNamePart`).
 */
export function resultsFileName(model: string, runId: string): string {
  return `ewebench_${fileNamePart(model)}_${fileNamePart(runId)}.json`;
}

/** The first 200 code points, as Python's `response[:200]`. */
export function responsePreview(response: string): string {
  if (response.length <= 200) return response;
  let units = 0;
  for (let cp = 0; cp < 200 && units < response.length; cp++) units += response.codePointAt(units)! > 0xffff ? 2 : 1;
  return response.slice(0, units);
}

function detailOf(r: TestRunRecord): ResultsDetail {
  return {
    test_id: r.test_id,
    score: r.rounded_score,
    response_preview: r.response === null ? (r.response_preview ?? null) : responsePreview(r.response),
    passed: r.passed,
    raw_score: r.score,
    method: r.method,
    response: r.response,
    breakdown: r.breakdown,
    error: r.error,
    ...(r.error_kind !== undefined ? { error_kind: r.error_kind } : {}),
    ...(r.error_code !== undefined ? { error_code: r.error_code } : {}),
    ...(r.error_params !== undefined ? { error_params: r.error_params } : {}),
    ...(r.reason !== undefined ? { reason: r.reason } : {}),
    latency_ms: r.latency_ms,
    usage: r.usage,
    test_hash: r.test_hash,
    source_file: r.source_file,
    ...(r.index !== undefined ? { index: r.index } : {}),
    repeat: r.repeat,
    cached: r.cached,
    ...(r.model_id !== undefined ? { model_id: r.model_id } : {}),
    ...(r.strict ? { strict: true } : {}),
    // Only the body fields: whatever else a caller attached to the request object stays out of the file.
    request: { model: r.request.model, messages: r.request.messages, temperature: r.request.temperature, max_tokens: r.request.max_tokens },
    finished_at: r.finished_at,
  };
}

/** File order (the order the harness adds scores in), then repeats. */
function compareRecords(a: TestRunRecord, b: TestRunRecord): number {
  if (a.source_file !== b.source_file) return a.source_file < b.source_file ? -1 : 1;
  const ia = a.index ?? Number.MAX_SAFE_INTEGER;
  const ib = b.index ?? Number.MAX_SAFE_INTEGER;
  return ia - ib || a.repeat - b.repeat;
}

/** The harness's report for these records (see the module comment for failed calls and repeats). */
export function buildResultsReport(records: readonly TestRunRecord[], meta: ResultsMeta): ResultsReport {
  const byCategory = new Map<string, TestRunRecord[]>(CATEGORIES.map((c) => [c.stem, []]));
  for (const r of records) {
    const list = byCategory.get(r.category);
    if (list) list.push(r);
    else byCategory.set(r.category, [r]);
  }
  const categories: Record<string, ResultsCategory> = {};
  const scores: Record<string, number> = {};
  let errored = 0;
  let unscored = 0;
  let repeat = 0;
  for (const [stem, list] of byCategory) {
    const sorted = [...list].sort(compareRecords);
    const scored = sorted.filter((r) => r.score !== null);
    const categoryErrored = sorted.filter((r) => r.error !== null).length;
    const categoryUnscored = sorted.length - scored.length - categoryErrored;
    errored += categoryErrored;
    unscored += categoryUnscored;
    for (const r of sorted) repeat = Math.max(repeat, r.repeat + 1);
    if (sorted.length === 0) {
      // Exactly what the harness writes for a category it found no tests for.
      setOwn(categories, stem, { score: 0, total: 0, passed: 0, details: [], skipped: true });
      continue;
    }
    const skipped = scored.length === 0;
    const score = skipped ? 0 : categoryScore(scored.map((r) => r.score as number));
    if (!skipped) setOwn(scores, stem, score);
    setOwn(categories, stem, {
      score,
      total: scored.length,
      // The harness counts details whose rounded score is >= 0.7.
      passed: scored.filter((r) => (r.rounded_score ?? pyRound(r.score as number, 3)) >= 0.7).length,
      details: sorted.map(detailOf),
      skipped,
      errored: categoryErrored,
      unscored: categoryUnscored,
    });
  }
  const values = Object.values(categories);
  return {
    benchmark: HARNESS_BENCHMARK,
    version: HARNESS_VERSION,
    run_id: meta.runId,
    model: meta.model,
    endpoint: meta.endpoint,
    timestamp: meta.timestamp,
    ewe_score: eweScore(scores, { pythonSum: meta.pythonSum }),
    categories,
    summary: {
      total_tests: values.reduce((n, c) => n + c.total, 0),
      total_passed: values.reduce((n, c) => n + c.passed, 0),
      categories_evaluated: values.filter((c) => !c.skipped).length,
      categories_skipped: values.filter((c) => c.skipped).length,
    },
    ewebench_studio: {
      status: meta.status,
      origin: meta.origin,
      tool_version: meta.toolVersion ?? null,
      errored,
      unscored,
      repeat,
      strict: records.some((r) => r.strict === true),
    },
  };
}

/** Keys whose numbers Python holds as floats in the report: `80` must be written `80.0`. */
const FLOAT_KEYS = new Set(['score', 'ewe_score', 'raw_score']);

const isFloatAt = (key: string | undefined, value: number) => !Number.isInteger(value) || (key !== undefined && FLOAT_KEYS.has(key));

/** The report as Python values (floats where Python has floats): what `serialiseResultsReport` writes. */
export function resultsReportPyValue(value: unknown, key?: string): PyValue {
  if (typeof value === 'number' && isFloatAt(key, value)) return pyFloat(value);
  if (Array.isArray(value)) return value.map((v) => resultsReportPyValue(v));
  if (typeof value === 'object' && value !== null) {
    const out: PyObject = new Map();
    for (const [k, v] of Object.entries(value)) if (v !== undefined) out.set(k, resultsReportPyValue(v, k));
    return out;
  }
  return toPyValue(value);
}

// With an indent every number stands alone at the end of a line, after its key if it has one. Strings never
// hold a raw \n (JSON escapes it), so a match is always a real number, never text inside a response.
const NUMBER_AT_LINE_END = /(\n *(?:"((?:[^"\\\n]|\\.)*)": )?)(-?\d[0-9.eE+-]*)(?=,?(?:\n|$))/g;

/**
 * The file's text as the harness writes it: `json.dump(report, ensure_ascii=False, indent=2)`, the same text
 * as `dumpsPy(resultsReportPyValue(report), indent 2)`. The runner rewrites the file as results arrive, so
 * this takes the fast road: JSON.stringify's indent=2 layout and escapes are Python's for well-formed text,
 * and only numbers differ. Non-integers get Python's repr (`1e-05` where JavaScript writes `0.00001`), and
 * the float fields their `.0`.
 */
export function serialiseResultsReport(report: ResultsReport): string {
  return JSON.stringify(report, null, 2).replace(NUMBER_AT_LINE_END, (whole, prefix: string, key: string | undefined, digits: string) => {
    const value = Number(digits);
    if (!Number.isFinite(value) || !isFloatAt(key, value)) return whole;
    return prefix + pyFloatRepr(value);
  });
}

// ---------------------------------------------------------------------------------------------------------
// Reading: ours and the harness's own files.

export interface ResultsFileMeta {
  runId: string;
  model: string;
  endpoint: string;
  timestamp: string;
  eweScore: number | null;
  /** Absent from a plain harness file. */
  status?: RunStatus;
  origin?: string;
  toolVersion?: string | null;
  /** True for a file the harness wrote: no responses, breakdowns, requests or timings. */
  harnessOnly: boolean;
}

type Obj = Record<string, unknown>;
const text = (v: unknown, fallback = ''): string => (typeof v === 'string' ? v : fallback);
const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const STATUSES: readonly RunStatus[] = ['complete', 'partial', 'cancelled', 'failed'];

/** True when the value is an ÈwéBench results file (the harness's or ours). */
export function isResultsReport(value: unknown): value is Obj {
  return isObject(value) && value.benchmark === HARNESS_BENCHMARK && isObject(value.categories);
}

function usageOf(v: unknown): Usage {
  const u = isObject(v) ? v : {};
  const n = (x: unknown) => num(x) ?? 0;
  const usage: Usage = {
    prompt_tokens: n(u.prompt_tokens),
    completion_tokens: n(u.completion_tokens),
    reasoning_tokens: n(u.reasoning_tokens),
    cached_tokens: n(u.cached_tokens),
  };
  if (num(u.cost_usd) !== null) usage.cost_usd = num(u.cost_usd) as number;
  return usage;
}

function requestOf(v: unknown, model: string): ChatRequest {
  if (isObject(v) && Array.isArray(v.messages)) {
    return {
      model: text(v.model, model),
      messages: v.messages as ChatRequest['messages'],
      temperature: num(v.temperature) ?? DEFAULT_TEMPERATURE,
      max_tokens: num(v.max_tokens) ?? MAX_TOKENS,
    };
  }
  // A harness file does not record what was sent: an empty message list says so.
  return { model, messages: [], temperature: DEFAULT_TEMPERATURE, max_tokens: MAX_TOKENS };
}

function recordOf(d: Obj, category: string, file: Obj, origin: string): TestRunRecord {
  const model = text(file.model);
  const ours = isObject(d.request) || typeof d.test_hash === 'string';
  const rounded = num(d.score);
  const raw = num(d.raw_score) ?? rounded;
  const method = typeof d.method === 'string' && (EVAL_METHODS as readonly string[]).includes(d.method) ? (d.method as EvalMethod) : null;
  const record: TestRunRecord = {
    kind: 'ewebench-test',
    test_id: typeof d.test_id === 'string' ? d.test_id : (JSON.stringify(d.test_id) ?? 'null'),
    category,
    // The harness reads tests/<category>.json; ours records the real path.
    source_file: text(d.source_file, `tests/${category}.json`),
    test_hash: text(d.test_hash),
    repeat: num(d.repeat) ?? 0,
    model,
    origin,
    request: requestOf(d.request, model),
    response: typeof d.response === 'string' ? d.response : null,
    error: typeof d.error === 'string' ? d.error : null,
    score: raw,
    rounded_score: rounded,
    passed: typeof d.passed === 'boolean' ? d.passed : rounded === null ? null : rounded >= 0.7,
    method,
    breakdown: isObject(d.breakdown) ? (d.breakdown as unknown as Breakdown) : null,
    latency_ms: num(d.latency_ms) ?? 0,
    usage: usageOf(d.usage),
    cached: d.cached === true,
    finished_at: text(d.finished_at, text(file.timestamp)),
  };
  if (typeof d.error_kind === 'string') record.error_kind = d.error_kind as FailureKind;
  Object.assign(record, readErrorCode(d.error_code, d.error_params));
  if (typeof d.reason === 'string') record.reason = d.reason;
  if (num(d.index) !== null) record.index = num(d.index) as number;
  if (typeof d.model_id === 'string') record.model_id = d.model_id;
  if (d.strict === true) record.strict = true;
  if (record.response === null && typeof d.response_preview === 'string') record.response_preview = d.response_preview;
  if (!ours) record.harness_only = true;
  if (typeof file.run_id === 'string') record.run_id = file.run_id;
  return record;
}

/**
 * Records and run details from a results file, ours or one the harness wrote (then every record is marked
 * `harness_only`: its response is only the 200-character preview, with no breakdown, request or timing).
 * Undefined when the value is not a results file.
 */
export function readResultsReport(value: unknown): { meta: ResultsFileMeta; records: TestRunRecord[] } | undefined {
  if (!isResultsReport(value)) return undefined;
  const studio = isObject(value.ewebench_studio) ? value.ewebench_studio : undefined;
  const origin = text(studio?.origin, originOfEndpoint(text(value.endpoint)));
  const records: TestRunRecord[] = [];
  for (const [category, c] of Object.entries(value.categories as Obj)) {
    if (!isObject(c) || !Array.isArray(c.details)) continue;
    for (const d of c.details) if (isObject(d)) records.push(recordOf(d, category, value, origin));
  }
  const status = studio && STATUSES.includes(studio.status as RunStatus) ? (studio.status as RunStatus) : undefined;
  const meta: ResultsFileMeta = {
    runId: text(value.run_id),
    model: text(value.model),
    endpoint: text(value.endpoint),
    timestamp: text(value.timestamp),
    eweScore: num(value.ewe_score),
    harnessOnly: studio === undefined,
  };
  if (status) meta.status = status;
  if (studio) {
    meta.origin = origin;
    meta.toolVersion = typeof studio.tool_version === 'string' ? studio.tool_version : null;
  }
  return { meta, records };
}

function originOfEndpoint(endpoint: string): string {
  try {
    return new URL(endpoint).origin;
  } catch {
    return '';
  }
}
