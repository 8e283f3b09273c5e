import type { FileKind } from '../../core/document/classify';
import type { SuiteTaskSpec } from '../../core/suite/suite';
import type { PromptVersion } from '../../core/run/batch';
import type { RunRecord } from '../../core/run/types';
import type { ResponseCache } from '../cache';
import type { RunLogger } from '../log';
import type { ChatProvider } from '../provider';
import { runText, RunTextError, type RunText } from '../../core/i18n/runMessages';

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
  /** A task suite's item file (TSV, CSV, JSONL): the suite's task that reads it. Its items run with the framework's prompts. */
  suite?: SuiteTaskSpec;
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
  /** In English, as logs and the CLI's JSON report write it; `text` is its code and parameters, for the user's language. */
  reason: string;
  text: RunText;
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
  /** The suite results file, when a suite's item file ran (`core/suite/runResults.ts`). */
  suiteResultsFile?: string;
  /** One Rosetta run card per corpus file (and per repeat) that ran. */
  runCardFiles: string[];
  /** The first of `runCardFiles`. */
  runCardFile?: string;
  /** The run journal; empty when the run's storage keeps none (the browser build). */
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
export class RunPlanError extends RunTextError {
  constructor(readonly problems: readonly RunText[]) {
    super(problems.length === 1 ? runText('nothingSent', { problem: problems[0] }) : runText('nothingSentMany', { count: problems.length, problems }));
  }
}
