import * as fs from 'node:fs';
import * as path from 'node:path';
import { classify, itemsPath, type FileKind } from '../core/document/classify';
import { JsonDocument } from '../core/document/jsonDocument';
import { cacheKey } from '../core/run/cacheKey';
import { canonicalHash } from '../core/run/canonicalJson';
import { describeLimit, RUN_LIMITS, withinLimit } from '../core/run/limits';
import { duplicateItemIds, loneSurrogatePath, runnableItems } from '../core/run/items';
import { chatCompletionsUrl, redactUrl } from '../core/run/presets';
import { entryRecord, testRecord } from '../core/run/records';
import { CorpusError, corpusRunInfo, isSecretEntry, RequestError, testRequest, type CorpusRunInfo } from '../core/run/request';
import {
  CORPUS_MAX_TOKENS,
  corpusRequest,
  corpusSystemPrompt,
  DEFAULT_BATCH_SIZE,
  effectiveBatchSize,
  groupIntoBatches,
  isFatalFirstBatchStatus,
  splitBatchOutcome,
  type CorpusRequestSetup,
  type PromptVersion,
} from '../core/run/batch';
import { harnessRunId } from '../core/run/resultsFile';
import { datasetSha256 } from '../core/runcard/hashes';
import type { ChatOutcome, ChatRequest, EntryRunRecord, RunnableItem, RunRecord, TestRunRecord } from '../core/run/types';
import type { NormalisedEntry } from '../core/run/corpus';
import type { ResponseCache } from './cache';
import { findUnfinishedRun, journalFile, JournalWriter } from './journal';
import { requestLine, silentLogger, type RunLogger } from './log';
import { OutputWriteError, writeResultsFile, writeRunCards, type CorpusOutput } from './outputs';
import type { ChatProvider } from './provider';
import { runQueue } from './queue';
import { lockOutputFolder } from './runLock';

/** One file to run from: its text as the editor or the disk has it. */
export interface RunFile {
  /** Absolute path. */
  path: string;
  /** Workspace- or cwd-relative, forward slashes: the records' `source_file`. */
  displayPath: string;
  text: string;
  /** The file's raw bytes, for a corpus's `dataset.sha256`; defaults to the UTF-8 of `text`. */
  bytes?: Uint8Array;
  /** Item ids to run (as `RunnableItem.id`); all of the file's items when absent. */
  ids?: readonly string[];
  /** The file kind when settings decide it; otherwise read from the content. */
  kind?: FileKind;
}

/**
 * The model a run names: core's `ResolvedModel` fits as it is; a VS Code chat model passes its own `endpoint`
 * (`vscode-lm:copilot`) and no base URL.
 */
export interface RunModel {
  /** The model name sent in requests and written in results (`deepseek-chat`). */
  model: string;
  /** The OpenAI-compatible base URL; the results' `endpoint` is `{baseUrl}/chat/completions`. */
  baseUrl?: string;
  /** Overrides the endpoint recorded in results files and run cards. */
  endpoint?: string;
  /** The preset (`openrouter`…): decides the system message's shape as the harness's provider sends it. */
  provider?: string;
}

export interface RunPlan {
  files: RunFile[];
  model: RunModel;
  /** Runs per item (`Run ×K`); 1 by default. */
  repeat?: number;
  /** Requests in flight at once; 4 by default. */
  concurrency?: number;
  /** Our strict scoring (not harness-comparable). */
  strict?: boolean;
  /** Send `gold_standard` / `held_out` corpus entries (the user confirmed for this run). */
  allowSecretSegments?: boolean;
  /** Read and write the response cache (reads only when repeat is 1). */
  useCache?: boolean;
  /** Where results files, run cards and the journal go. */
  outDir: string;
  /** A fixed run id; otherwise the harness's `YYYYMMDD_HHMMSS` (a resumed run keeps its own). */
  runId?: string;
  /** Continue an unfinished run of the same plan (default true). */
  resume?: boolean;
  /** Temperature for corpus entries (0 by default). */
  corpusTemperature?: number;
  /** Corpus entries per request, as the harness's `batch_size` (25 by default; 1 is its single strategy). */
  batchSize?: number;
  /** The corpus prompt (`naive`, the harness's default, or `multilingual`, one templated user message per entry). */
  promptVersion?: PromptVersion;
  /** Written into results and run cards. */
  toolVersion?: string;
  /** The provider's retry limit, recorded in run cards (`max_retries`); 2 by default as the SDK's. */
  maxRetries?: number;
}

export interface RunDeps {
  provider: ChatProvider;
  cache?: ResponseCache;
  logger?: RunLogger;
  signal?: AbortSignal;
  /** Every record of the run as it becomes known (kept ones from a resumed journal first). */
  onRecord?(record: RunRecord): void;
  onProgress?(done: number, total: number): void;
  now?: () => Date;
}

export type SkipReason = 'secret-segment' | 'no-request' | 'not-found' | 'not-runnable';

export interface SkippedItem {
  file: string;
  id?: string;
  kind: SkipReason;
  reason: string;
}

/** An item and repeat a cancel stopped: not sent, or in flight and abandoned. Not an error: a rerun sends it. */
export interface CancelledItem {
  file: string;
  id: string;
  repeat: number;
  /** The request had been sent when the cancel came (its answer, if any, is not used). */
  inFlight: boolean;
}

export interface RunResult {
  runId: string;
  /** One per item and repeat that produced a result (kept or new), in file and item order. */
  records: RunRecord[];
  /** The ÈwéBench results file, when tests ran. */
  resultsFile?: string;
  /** One Rosetta run card per corpus file (and per repeat) that ran. */
  runCardFiles: string[];
  /** The first of `runCardFiles`. */
  runCardFile?: string;
  journalFile: string;
  /** Records whose call failed. */
  errored: number;
  skipped: SkippedItem[];
  /** Results taken from an unfinished journal instead of sent again. */
  kept: number;
  cancelled: boolean;
  /** What the cancel stopped (empty unless cancelled). */
  cancelledItems: CancelledItem[];
  elapsedMs: number;
}

/**
 * A plan that cannot run as given, found before anything is sent: two items of one file sharing an id (one
 * result per id: the copies would overwrite each other), or text that cannot be sent (a lone surrogate). Each
 * problem names the file and line.
 */
export class RunPlanError extends Error {
  constructor(readonly problems: readonly string[]) {
    super(`nothing was sent: ${problems.length === 1 ? problems[0] : `${problems.length} problems:\n  ${problems.join('\n  ')}`}`);
  }
}

/** What a file that cannot run reads as, said after "neither a tests file nor a corpus". */
const READS_AS: Record<FileKind, string> = {
  'ewebench-results': ' (it reads as an ÈwéBench results file: the output of a run)',
  'rosetta-run-card': ' (it reads as a Rosetta run card: the output of a run)',
  'rosetta-review': ' (it reads as a human review of a run: rate it with ÈwéBench: Review Run)',
  unknown: '',
  'ewebench-tests': '',
  'rosetta-corpus': '',
};

/** `prompt`, `messages[1].content`: a path inside an item as a reader writes it. */
function fieldText(path: readonly (string | number)[]): string {
  return path.map((p, i) => (typeof p === 'number' ? `[${p}]` : i === 0 ? p : `.${p}`)).join('') || '(the item itself)';
}

/** One item and repeat: what becomes one record. */
interface Unit {
  key: string;
  file: string;
  id: string;
  fileIndex: number;
  itemIndex: number;
  repeat: number;
  /** The item's request on its own (a corpus entry in a batch is sent inside its batch's request). */
  request: ChatRequest;
  /** `sent`: the request the item went in (its batch's for a corpus entry). */
  record(outcome: ChatOutcome, finishedAt: string, runId: string, sent: ChatRequest): RunRecord;
  /** Corpus entries: the batch group (file and repeat) and how a chunk of the group becomes one request. */
  batch?: { group: string; size: number; entry: NormalisedEntry; build(entries: readonly NormalisedEntry[]): ChatRequest };
}

/** One request: one unit, or a corpus batch whose answer is split into one answer per unit. */
interface Job {
  units: Unit[];
  request: ChatRequest;
  batched: boolean;
}

interface Prepared {
  jobs: Unit[];
  skipped: SkippedItem[];
  corpora: { fileIndex: number; file: RunFile; info: CorpusRunInfo }[];
  /** Current hash per record key, to tell a journal's record for this exact item from a stale one. */
  hashes: Map<string, string>;
}

const idText = (id: unknown) => (typeof id === 'string' ? id : (JSON.stringify(id) ?? 'null'));
const recordKey = (file: string, id: string, repeat: number) => `${file}\u0000${id}\u0000${repeat}`;

function keyOf(record: RunRecord): string {
  return record.kind === 'ewebench-test'
    ? recordKey(record.source_file, record.test_id, record.repeat)
    : recordKey(record.source_file, idText(record.entry_id), record.repeat);
}

function hashOf(record: RunRecord): string {
  return record.kind === 'ewebench-test' ? record.test_hash : record.entry_hash;
}

/** Builds every request of the plan with core, and says what cannot run and why. */
function prepare(plan: RunPlan, origin: string): Prepared {
  const repeat = Math.max(1, Math.floor(plan.repeat ?? 1));
  const model = plan.model.model;
  const out: Prepared = { jobs: [], skipped: [], corpora: [], hashes: new Map() };
  const problems: string[] = [];
  // The adapters check their flags and settings; this keeps any other caller inside the same bounds.
  for (const [name, value, limit] of [
    ['repeat', plan.repeat, RUN_LIMITS.repeat],
    ['concurrency', plan.concurrency, RUN_LIMITS.concurrency],
  ] as const) {
    if (value !== undefined && !withinLimit(value, limit)) problems.push(`${name} ${value}: must be ${describeLimit(limit)}`);
  }
  if (problems.length) throw new RunPlanError(problems);
  plan.files.forEach((file, fileIndex) => {
    const shown = file.displayPath;
    const doc = new JsonDocument(file.text);
    if (!doc.isValidJson) {
      out.skipped.push({ file: shown, kind: 'not-runnable', reason: `${shown} is not valid JSON` });
      return;
    }
    const classification = classify(doc.value);
    const kind = file.kind ?? classification.kind;
    const category = path.basename(file.path).replace(/\.json$/i, '');
    if (kind !== 'ewebench-tests' && kind !== 'rosetta-corpus') {
      out.skipped.push({ file: shown, kind: 'not-runnable', reason: `${shown} is neither an ÈwéBench tests file nor a Rosetta corpus${READS_AS[kind]}` });
      return;
    }
    const items = runnableItems(doc, category, { ...classification, kind });
    if (items.length === 0) {
      out.skipped.push({
        file: shown,
        kind: 'not-runnable',
        reason: `${shown} holds no ${kind === 'ewebench-tests' ? 'test' : 'corpus entry'} (an item must be a JSON object)`,
      });
      return;
    }
    let selected: RunnableItem[] = items;
    if (file.ids) {
      const wanted = new Set(file.ids);
      selected = items.filter((i) => wanted.has(i.id));
      const found = new Set(selected.map((i) => i.id));
      for (const id of file.ids) if (!found.has(id)) out.skipped.push({ file: shown, id, kind: 'not-found', reason: `${shown}: no item with id ${id}` });
    }
    // Checked before anything is sent: either would fail (or lose results) the same way on every rerun.
    const lineOf = (offset: number) => doc.lineIndex.positionAt(offset).line + 1;
    const noun = kind === 'ewebench-tests' ? 'tests' : 'entries';
    for (const [id, copies] of duplicateItemIds(selected)) {
      problems.push(
        `${copies.length} ${noun} share the id ${JSON.stringify(id)} at ${copies.map((c) => `${shown}:${lineOf(c.start)}`).join(', ')}: a run keeps one result per id, so give each a unique id`,
      );
    }
    const base = itemsPath({ ...classification, kind }) ?? [];
    const values = kind === 'ewebench-tests' ? (doc.value as unknown[]) : undefined;
    for (const item of selected) {
      const value = values ? values[item.index] : doc.value === null ? undefined : entryValue(doc.value, base, item.index);
      const bad = loneSurrogatePath(value);
      if (!bad) continue;
      const span = doc.locate([...base, item.index, ...bad], typeof bad[bad.length - 1] === 'string' && isKeyPath(value, bad) ? 'key' : 'value');
      problems.push(
        `${shown}:${lineOf(span?.start ?? item.start)}: ${kind === 'ewebench-tests' ? 'test' : 'entry'} ${item.id}, field ${fieldText(bad)}: text with a lone UTF-16 surrogate (a \\uD800–\\uDFFF escape without its pair) cannot be sent as UTF-8`,
      );
    }
    // One job per repeat of an item; `record(r)` scores the answer of repeat r.
    const addJobs = (item: RunnableItem, request: ChatRequest, record: (r: number) => Unit['record'], batch?: (r: number) => Unit['batch']): void => {
      for (let r = 0; r < repeat; r++) {
        const key = recordKey(shown, item.id, r);
        out.hashes.set(key, item.hash);
        const b = batch?.(r);
        out.jobs.push({ key, file: shown, id: item.id, fileIndex, itemIndex: item.index, repeat: r, request, record: record(r), ...(b ? { batch: b } : {}) });
      }
    };
    if (kind === 'ewebench-tests') {
      const tests = doc.value as unknown[];
      for (const item of selected) {
        const test = tests[item.index];
        let request: ChatRequest;
        try {
          request = testRequest(test, model);
        } catch (error) {
          if (!(error instanceof RequestError)) throw error;
          out.skipped.push({ file: shown, id: item.id, kind: 'no-request', reason: `${shown}: test ${item.id}: ${error.message}` });
          continue;
        }
        addJobs(
          item,
          request,
          (r) => (outcome, finishedAt, runId) =>
            testRecord({
              test,
              category,
              sourceFile: shown,
              testHash: item.hash,
              repeat: r,
              model,
              origin,
              request,
              outcome,
              finishedAt,
              strict: plan.strict === true,
              index: item.index,
              runId,
            }),
        );
      }
      return;
    }
    let info: CorpusRunInfo;
    try {
      info = corpusRunInfo(doc.value, category);
    } catch (error) {
      if (!(error instanceof CorpusError)) throw error;
      out.skipped.push({ file: shown, kind: 'not-runnable', reason: `${shown}: ${error.message}` });
      return;
    }
    out.corpora.push({ fileIndex, file, info });
    const setup = corpusSetup(plan);
    const size = effectiveBatchSize(setup);
    const byIndex = new Map(info.entries.map((e) => [e.index, e]));
    for (const item of selected) {
      const entry = byIndex.get(item.index);
      if (!entry) continue;
      if (isSecretEntry(entry) && !plan.allowSecretSegments) {
        out.skipped.push({
          file: shown,
          id: item.id,
          kind: 'secret-segment',
          reason: `${shown}: entry ${item.id} is in the ${entry.segment} segment and is not sent without consent`,
        });
        continue;
      }
      const request = corpusRequest([entry], info, setup);
      // Each record keeps the request its entry went in (its batch's).
      addJobs(
        item,
        request,
        (r) => (outcome, finishedAt, runId, sent) =>
          entryRecord({ entry, sourceFile: shown, entryHash: item.hash, repeat: r, model, origin, request: sent, outcome, finishedAt, runId }),
        (r) => ({ group: `${fileIndex}\u0000${r}`, size, entry, build: (entries) => corpusRequest(entries, info, setup) }),
      );
    }
  });
  if (problems.length) throw new RunPlanError(problems);
  return out;
}

/** The corpus request settings of a plan (the harness's defaults where the plan says nothing). */
export function corpusSetup(plan: RunPlan): CorpusRequestSetup {
  const provider = plan.model.provider ?? '';
  const openrouter = provider === 'openrouter' || (provider === '' && /^https:\/\/openrouter\.ai(\/|$)/.test(plan.model.baseUrl ?? ''));
  return {
    model: plan.model.model,
    temperature: plan.corpusTemperature ?? 0,
    promptVersion: plan.promptVersion ?? 'naive',
    batchSize: plan.batchSize ?? DEFAULT_BATCH_SIZE,
    style: openrouter ? 'openrouter' : 'plain',
  };
}

/** The item at `index` of the array at `base` in a parsed document. */
function entryValue(root: unknown, base: readonly (string | number)[], index: number): unknown {
  let value: unknown = root;
  for (const p of base) value = (value as Record<string | number, unknown> | null | undefined)?.[p];
  return Array.isArray(value) ? value[index] : undefined;
}

/** Whether the path's last step is a key that is itself the bad text (the value under it is clean). */
function isKeyPath(value: unknown, path: readonly (string | number)[]): boolean {
  let v: unknown = value;
  for (const p of path) v = (v as Record<string | number, unknown>)[p];
  return !loneSurrogatePath(v);
}

/** What makes two runs the same run (resume): where, which model, which items, how many times, how scored. */
function planHash(plan: RunPlan, origin: string): string {
  return canonicalHash({
    v: 1,
    origin,
    model: plan.model.model,
    repeat: Math.max(1, Math.floor(plan.repeat ?? 1)),
    strict: plan.strict === true,
    corpusTemperature: plan.corpusTemperature ?? 0,
    ...(plan.batchSize !== undefined && plan.batchSize !== DEFAULT_BATCH_SIZE ? { batchSize: plan.batchSize } : {}),
    ...(plan.promptVersion && plan.promptVersion !== 'naive' ? { promptVersion: plan.promptVersion } : {}),
    files: plan.files.map((f) => ({ file: f.displayPath, ids: f.ids ? [...f.ids].sort() : null })),
  });
}

/** A run id not yet used in this folder (two runs in the same second get `_2`, `_3`…). */
function freshRunId(base: string, outDir: string): string {
  let id = base;
  for (let n = 2; fs.existsSync(journalFile(outDir, id)); n++) id = `${base}_${n}`;
  return id;
}

/**
 * Runs a plan: builds each request with core, sends it through the queue (cache first when allowed), scores
 * it into a record with core, appends the record to the journal the moment it exists, and at the end — also
 * after a cancel or a fatal error — writes the results file (tests) and a run card per corpus from every
 * record received. A rerun of the same plan with an unfinished journal sends only what it lacks.
 */
export async function executeRun(plan: RunPlan, deps: RunDeps): Promise<RunResult> {
  // A plan that cannot run is refused before the folder is touched; then one run per output folder at a time
  // (runLock.ts): a second one is refused before anything is sent.
  const prepared = prepare(plan, deps.provider.origin);
  const release = lockOutputFolder(plan.outDir);
  try {
    return await executeLocked(plan, deps, prepared);
  } finally {
    release();
  }
}

async function executeLocked(plan: RunPlan, deps: RunDeps, prepared: Prepared): Promise<RunResult> {
  const started = performance.now();
  const now = deps.now ?? (() => new Date());
  const logger = deps.logger ?? silentLogger;
  const { provider } = deps;
  const origin = provider.origin;
  // Written to results files and run cards: query values redacted (`redactUrl`), the path joined before the query.
  const endpoint = redactUrl(plan.model.endpoint ?? provider.endpoint ?? (plan.model.baseUrl ? chatCompletionsUrl(plan.model.baseUrl) : origin));
  for (const s of prepared.skipped) logger.warn(`skipped: ${s.reason}`);

  const hash = planHash(plan, origin);
  const startedAt = now();
  const unfinished = plan.resume === false ? undefined : findUnfinishedRun(plan.outDir, hash);
  const runId = unfinished?.contents.header?.run_id ?? freshRunId(plan.runId ?? harnessRunId(startedAt), plan.outDir);
  const journalPath = unfinished?.file ?? journalFile(plan.outDir, runId);

  // Results kept from the journal: the newest per item and repeat, when the item has not changed. A failed
  // call is sent again (it is worth another try) but its record stands until a new one replaces it.
  const byKey = new Map<string, RunRecord>();
  const retry = new Set<string>();
  if (unfinished) {
    for (const record of unfinished.contents.records) {
      const key = keyOf(record);
      if (prepared.hashes.get(key) === hashOf(record)) byKey.set(key, record);
    }
    for (const [key, record] of byKey) if (record.error !== null) retry.add(key);
  }
  const kept = byKey.size - retry.size;
  const pending = prepared.jobs.filter((j) => !byKey.has(j.key) || retry.has(j.key));
  // Corpus entries still to send are cut into the harness's batches (core/run/batch); tests go one by one.
  const jobs: Job[] = groupIntoBatches(pending, (u) => u.batch?.group, pending.find((u) => u.batch)?.batch?.size ?? 1).map((units) => {
    const first = units[0].batch;
    if (!first) return { units, request: units[0].request, batched: false };
    return { units, request: first.build(units.map((u) => u.batch?.entry ?? first.entry)), batched: first.size > 1 };
  });
  const total = prepared.jobs.length;
  // The harness aborts a corpus run whose first batch fails with 400-404: files where a batch already answered.
  const answered = new Set<number>();
  let done = kept;

  const journal = unfinished
    ? JournalWriter.resume(unfinished.file, unfinished.contents)
    : JournalWriter.create(journalPath, {
        journal: 'ewebench-studio-run',
        version: 1,
        run_id: runId,
        plan: hash,
        model: plan.model.model,
        origin,
        started_at: startedAt.toISOString(),
      });
  for (const d of unfinished?.contents.damaged ?? [])
    logger.warn(`${path.basename(journalPath)}: line ${d.line} is damaged (${d.reason}) and was skipped; the other results are kept`);
  if (unfinished) logger.info(`resuming run ${runId}: ${kept} result(s) kept from ${path.basename(journalPath)}, ${jobs.length} to send`);
  logger.info(`run ${runId}: ${jobs.length} request(s) to ${plan.model.model} at ${origin}, concurrency ${plan.concurrency ?? 4}`);
  for (const [key, record] of byKey) if (!retry.has(key)) deps.onRecord?.(record);
  deps.onProgress?.(done, total);

  const readCache = plan.useCache === true && (plan.repeat ?? 1) <= 1 && deps.cache !== undefined;
  const writeCache = plan.useCache === true && deps.cache !== undefined;
  const cacheWrites: Promise<void>[] = [];
  let cancelled = false;
  let inFlight: number[] = [];
  // Once the queue has ended (a cancel or a fatal error), an answer that still arrives is not recorded: the
  // outputs are being written from what was received, and the journal is about to close.
  let accepting = true;
  const recorded = new Set<string>();
  let fatal: { error: unknown } | undefined;
  try {
    const outcome = await runQueue(
      jobs,
      async (job, signal) => {
        // The cache holds one answer per entry: a batch entry's key is its own request's, marked as batched.
        const scope = provider.cacheScope ?? origin;
        const keys =
          readCache || writeCache
            ? job.units.map((u) =>
                job.batched ? canonicalHash({ batchEntry: cacheKey(scope, u.request), batchSize: u.batch?.size }) : cacheKey(scope, job.request),
              )
            : undefined;
        let answers: ChatOutcome[] | undefined;
        if (keys && readCache) {
          const t0 = performance.now();
          const hits = await Promise.all(keys.map((k) => deps.cache?.get(k)));
          if (hits.every((h) => h)) {
            const latencyMs = performance.now() - t0;
            answers = hits.map((hit) => ({
              ok: true as const,
              text: hit?.text ?? '',
              ...(hit?.modelId ? { modelId: hit.modelId } : {}),
              usage: hit?.usage ?? { prompt_tokens: 0, completion_tokens: 0, reasoning_tokens: 0, cached_tokens: 0 },
              latencyMs,
              cached: true,
              attempts: 0,
            }));
            logger.info(requestLine({ method: 'POST', url: endpoint, status: 200, latencyMs, attempts: 0, cached: true }));
          }
        }
        let fresh: ChatOutcome | undefined;
        if (!answers) {
          if (signal.aborted) return undefined;
          fresh = await provider.send(job.request, { signal });
          // A cancelled call is no result (whatever failure an aborted call reports): nothing is recorded, and a
          // rerun sends it again.
          if (!fresh.ok && (fresh.kind === 'cancelled' || signal.aborted)) return undefined;
          answers = splitBatchOutcome(fresh, job.units.length, job.batched);
        }
        if (!accepting) return undefined;
        const fileIndex = job.units[0].fileIndex;
        const fatalFirst = job.batched && fresh !== undefined && !fresh.ok && isFatalFirstBatchStatus(fresh.status) && !answered.has(fileIndex);
        if (fresh === undefined || fresh.ok) answered.add(fileIndex);
        job.units.forEach((unit, k) => {
          const answer = (answers as ChatOutcome[])[k];
          const key = keys?.[k];
          if (answer.ok && !answer.cached && key && writeCache && deps.cache) {
            // Not awaited here: the lane moves on to its next request; the run waits for every write at the end.
            cacheWrites.push(
              deps.cache
                .set(key, { text: answer.text, ...(answer.modelId ? { modelId: answer.modelId } : {}), usage: answer.usage })
                .catch((e: unknown) => logger.warn(`cache write failed: ${e instanceof Error ? e.message : String(e)}`)),
            );
          }
          const record = unit.record(answer, now().toISOString(), runId, job.request);
          journal.append(record);
          byKey.set(unit.key, record);
          recorded.add(unit.key);
          deps.onRecord?.(record);
          deps.onProgress?.(++done, total);
        });
        if (fatalFirst && fresh && !fresh.ok) {
          throw new Error(
            `the first batch failed for all ${job.units.length} entries (${fresh.error}); the run stops before sending the others, as the harness does: check the model id, the key and the account's credit`,
          );
        }
        return job.units.length;
      },
      { concurrency: plan.concurrency ?? 4, signal: deps.signal },
    );
    cancelled = outcome.cancelled;
    inFlight = outcome.inFlight;
  } catch (error) {
    fatal = { error };
    logger.error(`run ${runId} stopped: ${error instanceof Error ? error.message : String(error)}`);
  }
  accepting = false;
  await Promise.all(cacheWrites);

  // What the cancel stopped: every item still to send. An earlier failure that was to be sent again is
  // reported as cancelled, not as the old error.
  const cancelledItems: CancelledItem[] = [];
  if (cancelled) {
    const wasInFlight = new Set(inFlight.flatMap((i) => jobs[i].units.map((u) => u.key)));
    for (const unit of jobs.flatMap((j) => j.units)) {
      if (recorded.has(unit.key)) continue;
      byKey.delete(unit.key);
      cancelledItems.push({ file: unit.file, id: unit.id, repeat: unit.repeat, inFlight: wasInFlight.has(unit.key) });
    }
  }

  // Everything received, in file, item and repeat order.
  const order = new Map(prepared.jobs.map((j, i) => [j.key, i]));
  const records = [...byKey.entries()].sort((a, b) => (order.get(a[0]) ?? 0) - (order.get(b[0]) ?? 0)).map(([, r]) => r);
  const complete = !cancelled && !fatal && records.length === total;
  // The journal stays open while a call has failed: a rerun of the same plan then sends only the failures.
  const settled = complete && records.every((r) => r.error === null);
  const status = fatal ? 'failed' : cancelled ? 'cancelled' : complete ? 'complete' : 'partial';
  const finishedAt = now();

  let resultsFile: string | undefined;
  const runCardFiles: string[] = [];
  try {
    const tests = records.filter((r): r is TestRunRecord => r.kind === 'ewebench-test');
    if (tests.length) {
      resultsFile = writeResultsFile(plan.outDir, tests, {
        runId,
        model: plan.model.model,
        endpoint,
        date: finishedAt,
        status,
        origin,
        ...(plan.toolVersion ? { toolVersion: plan.toolVersion } : {}),
      });
      logger.info(`results: ${resultsFile}`);
    }
    for (const corpus of prepared.corpora) {
      const entries = records.filter((r): r is EntryRunRecord => r.kind === 'corpus-entry' && r.source_file === corpus.file.displayPath);
      if (!entries.length) continue;
      const bytes = corpus.file.bytes ?? Buffer.from(corpus.file.text, 'utf8');
      const output: CorpusOutput = {
        info: corpus.info,
        datasetSha256: datasetSha256(bytes),
        sourceFile: corpus.file.displayPath,
        records: entries,
      };
      const setup = corpusSetup(plan);
      const files = writeRunCards(plan.outDir, output, {
        runId,
        model: plan.model.model,
        startedAt,
        finishedAt,
        status,
        temperature: plan.corpusTemperature ?? 0,
        origin,
        concurrency: plan.concurrency ?? 4,
        maxRetries: plan.maxRetries ?? 2,
        toolVersion: plan.toolVersion ?? 'unknown',
        systemPrompt: corpusSystemPrompt(corpus.info, setup.promptVersion),
        batchSize: effectiveBatchSize(setup),
        maxTokens: CORPUS_MAX_TOKENS,
        condition: setup.promptVersion,
      });
      runCardFiles.push(...files);
      for (const file of files) logger.info(`run card: ${file}`);
    }
    if (settled)
      journal.finish({
        finished_at: finishedAt.toISOString(),
        cancelled: false,
        ...(resultsFile ? { results_file: resultsFile } : {}),
        ...(runCardFiles[0] ? { run_card_file: runCardFiles[0] } : {}),
      });
  } catch (error) {
    // The journal holds every result received and stays unfinished: a rerun sends nothing it has and writes
    // the outputs again.
    if (error instanceof OutputWriteError)
      throw new Error(`${error.message}; every result received is kept in ${journalPath}: make room and run the same command again to write the results`, {
        cause: error,
      });
    throw error;
  } finally {
    journal.close();
  }
  if (fatal) throw fatal.error;

  const errored = records.filter((r) => r.error !== null).length;
  if (cancelled) logger.warn(`run ${runId} cancelled: ${records.length} of ${total} result(s) kept; run again to resume`);
  return {
    runId,
    records,
    ...(resultsFile ? { resultsFile } : {}),
    runCardFiles,
    ...(runCardFiles[0] ? { runCardFile: runCardFiles[0] } : {}),
    journalFile: journalPath,
    errored,
    skipped: prepared.skipped,
    kept,
    cancelled,
    cancelledItems,
    elapsedMs: performance.now() - started,
  };
}
