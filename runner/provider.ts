import OpenAI, { APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError } from 'openai';
import type { ChatCompletion, ChatCompletionCreateParamsNonStreaming } from 'openai/resources/chat/completions';
import type { ChatOutcome, ChatRequest, FailureKind, Usage } from '../core/run/types';
import { redact } from './keys';
import { requestLine, silentLogger, type RunLogger } from './log';

/** Sends one chat request and says what came back; never throws for a failed call. */
export interface ChatProvider {
  /** Scheme, host and port requests go to (`https://api.deepseek.com`): the cache key and the key's home. */
  readonly origin: string;
  readonly label: string;
  send(request: ChatRequest, options: { signal?: AbortSignal }): Promise<ChatOutcome>;
}

export interface OpenAICompatibleOptions {
  /** Up to and excluding `/chat/completions`, e.g. `https://api.deepseek.com` or `http://localhost:11434/v1`. */
  baseUrl: string;
  /** Absent for keyless servers (Ollama, a local vLLM): then no `Authorization` header is sent at all. */
  apiKey?: string;
  /** Per attempt, as the harness's 60 s. */
  timeoutMs?: number;
  /** Retries after the first attempt (429, 408, 409, 5xx, connection errors, timeouts), with the SDK's backoff. */
  maxRetries?: number;
  logger?: RunLogger;
  userAgent?: string;
  label?: string;
}

export const DEFAULT_TIMEOUT_MS = 60_000;
export const DEFAULT_MAX_RETRIES = 2;
/** Same-origin redirects followed per attempt before giving up. */
const MAX_REDIRECTS = 5;

/** What one `send` learns from its own fetch calls (the SDK does not report attempts or redirects). */
interface CallState {
  attempts: number;
  lastStatus?: number;
  refused?: string;
}

/**
 * A fetch that keeps the key with its origin: redirects are never followed by the platform; a same-origin
 * 307/308 is followed here (same method and body), a redirect to any other origin aborts the call.
 */
function originBoundFetch(origin: string, state: CallState, abort: AbortController): (input: string | URL | Request, init?: RequestInit) => Promise<Response> {
  return async (input, init) => {
    state.attempts++;
    let url = input instanceof Request ? input.url : String(input);
    for (let hop = 0; ; hop++) {
      const response = await fetch(url, { ...init, redirect: 'manual' });
      state.lastStatus = response.status;
      const location = response.headers.get('location');
      if (response.status < 300 || response.status >= 400 || location === null) return response;
      const target = new URL(location, url);
      await response.body?.cancel().catch(() => undefined);
      if (target.origin !== origin) {
        state.refused = `refused to follow a redirect from ${origin} to ${target.origin}: the key is only sent to ${origin}`;
        abort.abort();
        throw new Error(state.refused);
      }
      // 301/302/303 would turn the POST into a GET: an API call cannot mean that, so they surface as errors.
      if ((response.status !== 307 && response.status !== 308) || hop >= MAX_REDIRECTS) return response;
      url = target.href;
    }
  };
}

function count(value: unknown): number {
  return typeof value === 'number' && Number.isFinite(value) ? value : 0;
}

/** The provider's usage block as ours: 0 where it says nothing; a cost only when it reports one. */
export function usageOf(raw: unknown): Usage {
  const u = (typeof raw === 'object' && raw !== null ? raw : {}) as Record<string, unknown>;
  const details = (key: string) => (typeof u[key] === 'object' && u[key] !== null ? (u[key] as Record<string, unknown>) : {});
  const cost = u.cost;
  return {
    prompt_tokens: count(u.prompt_tokens),
    completion_tokens: count(u.completion_tokens),
    reasoning_tokens: count(details('completion_tokens_details').reasoning_tokens),
    cached_tokens: count(details('prompt_tokens_details').cached_tokens),
    ...(typeof cost === 'number' && Number.isFinite(cost) ? { cost_usd: cost } : {}),
  };
}

function seconds(ms: number): string {
  const s = ms / 1000;
  return Number.isInteger(s) ? String(s) : String(Number(s.toFixed(2)));
}

function causeCodes(error: unknown): string[] {
  const codes: string[] = [];
  for (let e: unknown = error, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') codes.push(code);
    const message = (e as { message?: unknown }).message;
    if (typeof message === 'string' && /other side closed|socket hang up/i.test(message)) codes.push('ECONNRESET');
  }
  return codes;
}

class MalformedResponse extends Error {}

/** The answer text, or why the body is not a chat completion. */
function answerText(body: unknown): string {
  const choice = (body as Partial<ChatCompletion> | null)?.choices?.[0];
  if (typeof body !== 'object' || body === null || !choice) throw new MalformedResponse(typeof body === 'string' ? `not JSON (${JSON.stringify(body.slice(0, 60))})` : 'no choices[0]');
  const content = choice.message?.content;
  if (typeof content !== 'string') throw new MalformedResponse(`choices[0].message.content is ${content === null ? 'null' : typeof content}${choice.finish_reason ? ` (finish_reason: ${choice.finish_reason})` : ''}`);
  return content;
}

/**
 * Any OpenAI-compatible `/chat/completions` endpoint through the official SDK (6.x: it runs on Node 20, where
 * the CLI and tests run). The SDK owns retries, backoff, `Retry-After` and timeouts; this maps its outcomes
 * to `ChatOutcome` with messages that name the cause and keeps the key on its origin.
 */
export function openAICompatibleProvider(options: OpenAICompatibleOptions): ChatProvider {
  const baseURL = options.baseUrl.replace(/\/+$/, '');
  const base = new URL(baseURL);
  const origin = base.origin;
  const host = base.host;
  const endpoint = `${baseURL}/chat/completions`;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const maxRetries = options.maxRetries ?? DEFAULT_MAX_RETRIES;
  const logger = options.logger ?? silentLogger;
  const secrets = options.apiKey ? [options.apiKey] : [];
  const headers: Record<string, string | null> = {};
  // The SDK insists on a key and always builds `Authorization: Bearer …`; a null default header removes it.
  if (!options.apiKey) headers.Authorization = null;
  if (options.userAgent) headers['User-Agent'] = options.userAgent;

  const failure = (kind: FailureKind, error: string, state: CallState, started: number, status?: number): ChatOutcome => ({
    ok: false,
    kind,
    error: redact(error, secrets),
    ...(status === undefined ? {} : { status }),
    latencyMs: performance.now() - started,
    attempts: state.attempts,
  });

  const classify = (error: unknown, state: CallState, started: number): ChatOutcome => {
    const after = state.attempts > 1 ? ` (after ${state.attempts} attempts)` : '';
    if (error instanceof APIUserAbortError) {
      return state.refused ? failure('refused', state.refused, state, started) : failure('cancelled', 'cancelled', state, started);
    }
    if (error instanceof APIConnectionTimeoutError) return failure('timeout', `timeout after ${seconds(timeoutMs)} s${after}`, state, started);
    if (error instanceof APIConnectionError) {
      const codes = causeCodes(error);
      const what = codes.includes('ECONNRESET') || codes.includes('UND_ERR_SOCKET') ? `connection reset by ${host}`
        : codes.includes('ECONNREFUSED') ? `connection refused by ${host}`
        : codes.includes('ENOTFOUND') || codes.includes('EAI_AGAIN') ? `cannot resolve ${base.hostname}`
        : `network error reaching ${host}: ${(error.cause as Error | undefined)?.message ?? error.message}`;
      return failure('network', what + after, state, started);
    }
    if (error instanceof APIError && typeof error.status === 'number') {
      const detail = (error.error as { message?: unknown } | undefined)?.message;
      const said = typeof detail === 'string' && detail ? `: ${detail.slice(0, 200)}` : '';
      return failure('http', `${error.status} from ${host}${after}${said}`, state, started, error.status);
    }
    if (error instanceof MalformedResponse || error instanceof SyntaxError) {
      return failure('malformed', `malformed response from ${host}: ${error.message}`, state, started, state.lastStatus);
    }
    return failure('network', `request to ${host} failed: ${error instanceof Error ? error.message : String(error)}`, state, started);
  };

  return {
    origin,
    label: options.label ?? host,
    async send(request, { signal }) {
      const started = performance.now();
      const state: CallState = { attempts: 0 };
      const abort = new AbortController();
      const onAbort = () => abort.abort();
      if (signal?.aborted) return failure('cancelled', 'cancelled', state, started);
      signal?.addEventListener('abort', onAbort, { once: true });
      // One client per call: its fetch counts this call's attempts and owns its redirect refusal.
      const client = new OpenAI({
        apiKey: options.apiKey || 'unused',
        baseURL,
        timeout: timeoutMs,
        maxRetries,
        organization: null,
        project: null,
        logLevel: 'off',
        defaultHeaders: headers,
        fetch: originBoundFetch(origin, state, abort),
      });
      // Exactly the harness's body: nothing added, nothing dropped.
      const body = { model: request.model, messages: request.messages, temperature: request.temperature, max_tokens: request.max_tokens };
      if (logger.traceEnabled) logger.trace(`request to ${endpoint}: ${JSON.stringify(body)}`);
      let outcome: ChatOutcome;
      try {
        const completion: unknown = await client.chat.completions.create(body as unknown as ChatCompletionCreateParamsNonStreaming, { signal: abort.signal });
        const text = answerText(completion);
        const model = (completion as { model?: unknown }).model;
        outcome = {
          ok: true,
          text,
          ...(typeof model === 'string' && model ? { modelId: model } : {}),
          usage: usageOf((completion as { usage?: unknown }).usage),
          latencyMs: performance.now() - started,
          cached: false,
          attempts: state.attempts,
        };
        if (logger.traceEnabled) logger.trace(`response from ${host}: ${JSON.stringify(text)}`);
      } catch (error) {
        outcome = classify(error, state, started);
      } finally {
        signal?.removeEventListener('abort', onAbort);
      }
      const status = outcome.ok ? (state.lastStatus ?? 200) : (outcome.status ?? outcome.kind);
      const line = requestLine({ method: 'POST', url: endpoint, status, latencyMs: outcome.latencyMs, attempts: state.attempts });
      if (outcome.ok) logger.info(line);
      else if (outcome.kind === 'cancelled') logger.info(`${line} · cancelled`);
      else logger.warn(`${line} · ${outcome.error}`);
      return outcome;
    },
  };
}
