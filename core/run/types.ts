/**
 * The vocabulary of a model run, shared by the pure core (`core/run/`), the Node runner (`runner/`), the CLI
 * and the VS Code client. Types only: every behaviour lives in the module that owns it.
 */
import type { RunMessageId, RunText } from '../i18n/runMessages';
import type { Breakdown } from '../scoring/ewebench/breakdown';
import type { EvalMethod } from '../scoring/ewebench/tables';

/** One chat message as it goes over the wire. Test files may carry extra keys; they are sent as written. */
export interface ChatMessage {
  role: string;
  content: unknown;
  [key: string]: unknown;
}

/** The body of an OpenAI-compatible `/chat/completions` call, exactly as the harness sends it. */
export interface ChatRequest {
  model: string;
  messages: ChatMessage[];
  temperature: number;
  max_tokens: number;
}

/** Token counts as the provider reported them (0 when it did not), and the cost when it reports one. */
export interface Usage {
  prompt_tokens: number;
  completion_tokens: number;
  reasoning_tokens: number;
  cached_tokens: number;
  /** USD, only when the provider reports it (OpenRouter's `usage.cost`); never estimated. */
  cost_usd?: number;
}

/** Why a call produced no answer. The message names the cause: `401 from api.deepseek.com`, `timeout after 60 s`. */
export type FailureKind = 'http' | 'timeout' | 'network' | 'malformed' | 'cancelled' | 'refused';

export type ChatOutcome =
  | {
      ok: true;
      text: string;
      /** The model the API says answered (`model` of the response), when it says. */
      modelId?: string;
      usage: Usage;
      latencyMs: number;
      /** Served from the response cache: no request was sent. */
      cached: boolean;
      attempts: number;
    }
  | {
      ok: false;
      kind: FailureKind;
      /** In English, as the results file keeps it; `text`: its code and parameters, shown in the user's language. */
      error: string;
      text?: RunText;
      status?: number;
      latencyMs: number;
      attempts: number;
    };

/** The provider presets (data in `core/run/presets.ts`), plus VS Code's own chat models. */
export type ProviderName = 'deepseek' | 'gemini' | 'ollama' | 'openrouter' | 'custom' | 'vscode-lm';

/** One configured model, as the `ewebench.models` setting and the CLI's flags describe it. Never holds a key. */
export interface ModelConfig {
  /** What the user sees (status bar, run profiles); defaults to `model`. */
  label?: string;
  provider: ProviderName;
  /** The model name sent in the request (`deepseek-chat`), or a VS Code chat model id/family for `vscode-lm`. */
  model: string;
  /** Overrides the preset's base URL (required for `custom`), e.g. `http://localhost:8000/v1`. */
  baseUrl?: string;
  /** Environment variable holding the key when none is stored; defaults to the preset's. */
  apiKeyEnv?: string;
}

/** What can be run in a file: an ÈwéBench test, a Rosetta corpus entry, or an item of a task suite's item file. */
export type RunnableKind = 'ewebench-test' | 'corpus-entry' | 'suite-item';

export interface RunnableItem {
  kind: RunnableKind;
  /** The item's id as text (a numeric corpus id is written as its JSON text); absent ids get the harness's fallback. */
  id: string;
  /** Position in the tests array or the corpus entries. */
  index: number;
  /** UTF-16 offsets of the whole item object in the document text. */
  start: number;
  end: number;
  /** SHA-256 of the item's canonical JSON: a result whose hash differs is stale. */
  hash: string;
}

/** One ÈwéBench test run once against one model: the unit persisted in the journal and the results file. */
export interface TestRunRecord {
  kind: 'ewebench-test';
  test_id: string;
  /** The tests file's stem (`translation`), as the harness names the category. */
  category: string;
  /** Workspace- or cwd-relative path of the tests file, forward slashes. */
  source_file: string;
  test_hash: string;
  /** 0 for a single run; 0..K-1 for `Run ×K`. */
  repeat: number;
  model: string;
  /** Scheme, host and port the request went to (`https://api.deepseek.com`), or `vscode-lm:<vendor>`. */
  origin: string;
  request: ChatRequest;
  /** Null when the call failed. */
  response: string | null;
  error: string | null;
  error_kind?: FailureKind;
  /** `error`'s code and parameters (core/i18n/runMessages.ts), to show it in the user's language. */
  error_code?: RunMessageId;
  error_params?: RunText['params'];
  /** The exact score; null when the call failed or the harness could not score it. */
  score: number | null;
  /** `round(score, 3)` as the harness writes it. */
  rounded_score: number | null;
  passed: boolean | null;
  method: EvalMethod | null;
  breakdown: Breakdown | null;
  /** Why there is no score (a Python error the harness would raise, or the failed call). */
  reason?: string;
  latency_ms: number;
  usage: Usage;
  cached: boolean;
  finished_at: string;
  /** The model the API says answered, when it says (a run card's `model_id`). */
  model_id?: string;
  /** Scored in strict mode: not the number the harness publishes. */
  strict?: boolean;
  /** Read from a plain harness results file: no response, breakdown, request or timing were recorded. */
  harness_only?: boolean;
  /** The run this record belongs to (a results file's `run_id`): groups the repeats of one `Run ×K`. */
  run_id?: string;
  /** The test's position in its file: results files list details in file order, as the harness does. */
  index?: number;
  /** The harness's `response_preview` (first 200 characters), kept when the full response is unknown. */
  response_preview?: string;
}

/** One Rosetta corpus entry translated once: the fields of a run card's `results[]` (§3.7) plus ours. */
export interface EntryRunRecord {
  kind: 'corpus-entry';
  entry_id: string | number;
  source_file: string;
  entry_hash: string;
  repeat: number;
  model: string;
  origin: string;
  request: ChatRequest;
  source: string;
  reference: string;
  /** The translation as the Rosetta harness cleans a response (`clean_response`): what is scored. */
  predicted: string | null;
  /** The model's text as received, when cleaning changed it. */
  raw_predicted?: string;
  exact_match: boolean;
  /** Sentence chrF++ (0–100); 0 when the call failed. */
  entry_chrf: number;
  difficulty: number | string | null;
  provenance: string | null;
  latency_seconds: number;
  usage: Usage;
  error: string | null;
  error_kind?: FailureKind;
  /** `error`'s code and parameters (core/i18n/runMessages.ts), to show it in the user's language. */
  error_code?: RunMessageId;
  error_params?: RunText['params'];
  cached: boolean;
  finished_at: string;
  model_id?: string;
  segment?: string | null;
  /** The entry's `domain` (the harness's `by_domain`). */
  domain?: string | null;
  /** The run this record belongs to (a run card's `run_id`): groups the repeats of one `Run ×K`. */
  run_id?: string;
}

/**
 * One item of a task suite's item file (TSV, CSV, JSONL) run once with the framework's prompt
 * (`core/suite/score.ts`): the answer read after the last `####` (strict) or by the labelled fallback, right or
 * wrong on the strict reading; translation items scored with sentence chrF++. Written in a suite results file
 * (`core/suite/runResults.ts`), the responses `suite score` reads with these records beside them.
 */
export interface SuiteItemRunRecord {
  kind: 'suite-item';
  item_id: string;
  /** The suite's task id and kind (multiple_choice, math, nli, classification, translation). */
  task_id: string;
  task: string;
  /** Workspace- or cwd-relative path of the item file, forward slashes. */
  source_file: string;
  item_hash: string;
  repeat: number;
  model: string;
  origin: string;
  request: ChatRequest;
  response: string | null;
  /** The answer read from the response (a letter, a number, a label; the translation itself); null when none. */
  extracted: string | null;
  /** How it was read: `strict` after the last `####` (or the whole reply for labels), `fallback`, or `none`. */
  method: 'strict' | 'fallback' | 'none';
  /** The item's answer as text (a letter, a number, a label, the reference translation). */
  expected: string;
  /** Right on the strict reading (what accuracy counts); false for translation and failed calls. */
  correct: boolean;
  /** Right on the strict or the fallback reading, reported apart. */
  tolerant_correct: boolean;
  /** 1 or 0 (strict) for accuracy tasks, sentence chrF++ (0–100) for translation; null when the call failed. */
  score: number | null;
  error: string | null;
  error_kind?: FailureKind;
  error_code?: RunMessageId;
  error_params?: RunText['params'];
  latency_ms: number;
  usage: Usage;
  cached: boolean;
  finished_at: string;
  model_id?: string;
  run_id?: string;
  /** The item's number in its file (1-based). */
  index?: number;
}

export type RunRecord = TestRunRecord | EntryRunRecord | SuiteItemRunRecord;
