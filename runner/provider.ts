import OpenAI, { APIConnectionError, APIConnectionTimeoutError, APIError } from 'openai';
import type { ChatCompletion, ChatCompletionCreateParamsNonStreaming } from 'openai/resources/chat/completions';
import { endpointScope } from '../core/run/cacheKey';
import { chatCompletionsUrl, insecureHttpProblem, queryValues, redactUrl } from '../core/run/presets';
import type { ChatOutcome, ChatRequest, FailureKind, Usage } from '../core/run/types';
import { redact } from './keys';
import { requestLine, silentLogger, type RunLogger } from './log';
import { mapRunTextStrings, renderRunText, runText, RunTextError, type RunText } from '../core/i18n/runMessages';

/** Sends one chat request and says what came back; never throws for a failed call. */
export interface ChatProvider {
  /** Scheme, host and port requests go to (`https://api.deepseek.com`): the cache key and the key's home. */
  readonly origin: string;
  /** Where answers come from for the response cache (`endpointScope`: origin, path, hashed query); defaults to `origin`. */
  readonly cacheScope?: string;
  /** The chat-completions URL as it may be written (query values redacted), for results files and run cards. */
  readonly endpoint?: string;
  readonly label: string;
  send(request: ChatRequest, options: { signal?: AbortSignal }): Promise<ChatOutcome>;
}

export interface OpenAICompatibleOptions {
  /** Up to and excluding `/chat/completions`, e.g. `https://api.deepseek.com` or `http://localhost:11434/v1`; a query is kept. */
  baseUrl: string;
  /** Absent for keyless servers (Ollama, a local vLLM): then no `Authorization` header is sent at all. */
  apiKey?: string;
  /** Per attempt, as the harness's 60 s: connecting, the headers and the whole body. */
  timeoutMs?: number;
  /** Retries after the first attempt (429, 408, 409, 5xx, connection errors, resets, timeouts), with backoff. */
  maxRetries?: number;
  /** The longest `Retry-After` obeyed; a server asking for more ends the call with an error naming the ask. */
  maxRetryWaitMs?: number;
  /** The most decoded bytes one response body may have; past it reading stops and the call fails. */
  maxResponseBytes?: number;
  /** Send over plain http to a host other than loopback (refused otherwise, before any connection). */
  allowInsecureHttp?: boolean;
  logger?: RunLogger;
  userAgent?: string;
  label?: string;
  /**
   * Set when the provider runs in a browser (VS Code for the Web): requests go through this `fetch`, carry only the
   * headers a CORS preflight is asked to allow (`authorization`, `content-type`: the SDK's `x-stainless-*` headers
   * are dropped), and a network failure towards an origin other than `pageOrigin` is reported as a CORS refusal.
   */
  browser?: BrowserFetch;
}

/** The browser's side of a provider: its `fetch` and the origin of the page the requests leave from. */
export interface BrowserFetch {
  fetch: FetchFunction;
  /** The origin of the page or worker (`https://vscode.dev`); requests to any other origin are cross-origin. */
  pageOrigin: string | undefined;
}

export type FetchFunction = (input: string | URL | Request, init?: RequestInit) => Promise<Response>;

export const DEFAULT_TIMEOUT_MS = 60_000;
export const DEFAULT_MAX_RETRIES = 2;
export const DEFAULT_MAX_RETRY_WAIT_MS = 60_000;
export const DEFAULT_MAX_RESPONSE_BYTES = 16 * 1024 * 1024;
/** Same-origin redirects followed per attempt before giving up. */
const MAX_REDIRECTS = 5;
/** The longest delay `setTimeout` takes: a longer one fires after 1 ms. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/** What one `send` learns from its own fetch calls (the SDK is given one attempt at a time). */
interface CallState {
  attempts: number;
  /** Attempts that ran out of time. */
  timeouts: number;
  lastStatus?: number;
  refused?: RunText;
  /** Set when a body passed the size limit: the call fails without a retry. */
  tooLarge?: RunText;
}

class ResponseTooLarge extends Error {}

/** Calls `fn` after `ms` (any length: delays past 2^31 ms are chained, never fired early); returns the canceller. */
export function later(ms: number, fn: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const due = Date.now() + Math.max(0, ms);
  const arm = () => {
    const left = due - Date.now();
    timer = left > MAX_TIMER_MS ? setTimeout(arm, MAX_TIMER_MS) : setTimeout(fn, Math.max(0, left));
  };
  arm();
  return () => clearTimeout(timer);
}

/** Resolves true after `ms`, or false the moment `signal` aborts. */
function sleep(ms: number, signal: AbortSignal): Promise<boolean> {
  if (signal.aborted) return Promise.resolve(false);
  return new Promise((resolve) => {
    const onAbort = () => {
      cancel();
      resolve(false);
    };
    const cancel = later(ms, () => {
      signal.removeEventListener('abort', onAbort);
      resolve(true);
    });
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

/**
 * Follows many requests' cancellation with one listener per caller signal: a run with 16 requests in flight adds
 * one `abort` listener to the run's signal, not 16 (Node warns past 10), and removes it when none is left.
 */
const followers = new WeakMap<AbortSignal, { callbacks: Set<() => void>; listener: () => void }>();
function follow(signal: AbortSignal, onAbort: () => void): () => void {
  let entry = followers.get(signal);
  if (!entry) {
    const callbacks = new Set<() => void>();
    const listener = () => {
      followers.delete(signal);
      for (const callback of callbacks) callback();
    };
    entry = { callbacks, listener };
    followers.set(signal, entry);
    signal.addEventListener('abort', listener, { once: true });
  }
  const { callbacks, listener } = entry;
  callbacks.add(onAbort);
  return () => {
    callbacks.delete(onAbort);
    if (callbacks.size === 0 && followers.get(signal)?.listener === listener) {
      followers.delete(signal);
      signal.removeEventListener('abort', listener);
    }
  };
}

function mib(bytes: number): string {
  const m = bytes / (1024 * 1024);
  return Number.isInteger(m) ? `${m} MiB` : bytes < 1024 * 1024 ? `${bytes} bytes` : `${Number(m.toFixed(2))} MiB`;
}

/**
 * The whole body, read here so the attempt's time limit covers it and its size is bounded: decoded bytes are
 * counted as they arrive (fetch has already undone any gzip) and reading stops the moment the limit is passed.
 */
async function readBounded(response: Response, limit: number, host: string, state: CallState): Promise<Response> {
  const tooLarge = () => {
    state.tooLarge = runText('tooLarge', { host, size: mib(limit) });
    return new ResponseTooLarge(renderRunText(state.tooLarge, 'en'));
  };
  const declared = Number(response.headers.get('content-length'));
  if (!response.headers.get('content-encoding') && Number.isFinite(declared) && declared > limit) {
    await response.body?.cancel().catch(() => undefined);
    throw tooLarge();
  }
  const chunks: Uint8Array[] = [];
  let total = 0;
  if (response.body) {
    const reader = response.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      total += value.byteLength;
      if (total > limit) {
        await reader.cancel().catch(() => undefined);
        throw tooLarge();
      }
      chunks.push(value);
    }
  }
  const body = new Uint8Array(total);
  let at = 0;
  for (const chunk of chunks) {
    body.set(chunk, at);
    at += chunk.byteLength;
  }
  const headers = new Headers(response.headers);
  headers.delete('content-encoding');
  headers.delete('content-length');
  const nullBody = response.status === 204 || response.status === 205 || response.status === 304;
  return new Response(nullBody ? null : body, { status: response.status, statusText: response.statusText, headers });
}

/**
 * A fetch that keeps the key with its origin and reads whole, bounded bodies: redirects are never followed by the
 * platform; a same-origin 307/308 is followed here (same method and body), a redirect to any other origin fails
 * the call. Requests go to `endpoint` (the base URL's path joined with `/chat/completions`, its query kept).
 */
function originBoundFetch(endpoint: string, origin: string, host: string, limit: number, state: CallState, browser: BrowserFetch | undefined): FetchFunction {
  const send: FetchFunction = browser ? browser.fetch : (input, init) => fetch(input, init);
  return async (_input, init) => {
    state.attempts++;
    let url = endpoint;
    const request = browser ? { ...init, headers: corsSafeHeaders(init?.headers) } : init;
    for (let hop = 0; ; hop++) {
      const response = await send(url, { ...request, redirect: 'manual' });
      if (response.type === 'opaqueredirect') {
        // A browser hides where a redirect goes: it cannot be checked against the key's origin, so it is refused.
        state.refused = runText('redirectRefused', { from: origin, to: '?' });
        throw new RunTextError(state.refused);
      }
      state.lastStatus = response.status;
      const location = response.headers.get('location');
      if (response.status < 300 || response.status >= 400 || location === null) return readBounded(response, limit, host, state);
      const target = new URL(location, url);
      await response.body?.cancel().catch(() => undefined);
      if (target.origin !== origin) {
        state.refused = runText('redirectRefused', { from: origin, to: target.origin });
        throw new RunTextError(state.refused);
      }
      // 301/302/303 would turn the POST into a GET: an API call cannot mean that, so they surface as errors.
      if ((response.status !== 307 && response.status !== 308) || hop >= MAX_REDIRECTS) return readBounded(response, limit, host, state);
      url = target.href;
    }
  };
}

/**
 * The request's headers without the SDK's `x-stainless-*` telemetry and `user-agent`: in a browser every header
 * beyond the safelisted ones must be named by the endpoint's `Access-Control-Allow-Headers`, and the README asks
 * endpoints to allow `authorization, content-type` (the browser sends its own user agent).
 */
function corsSafeHeaders(headers: ConstructorParameters<typeof Headers>[0]): Headers {
  const kept = new Headers(headers);
  for (const name of [...kept.keys()]) if (name.startsWith('x-stainless-') || name === 'user-agent') kept.delete(name);
  return kept;
}

/** How long a response asks us to wait, from `retry-after-ms`, `Retry-After` seconds or an HTTP date. */
export function retryAfter(headers: Headers | undefined, now = Date.now()): { ms: number; asked: string } | undefined {
  const millis = headers?.get('retry-after-ms')?.trim();
  if (millis && /^\d+(\.\d+)?$/.test(millis)) return { ms: Number(millis), asked: `${millis} ms (retry-after-ms)` };
  const value = headers?.get('retry-after')?.trim();
  if (!value) return undefined;
  if (/^\d+(\.\d+)?$/.test(value)) return { ms: Number(value) * 1000, asked: `${value} s (Retry-After)` };
  // An HTTP date starts with the day's name (`Wed, 21 Oct 2015 07:28:00 GMT`); `-5` and other numbers are not dates.
  const date = /^[A-Za-z]{3}/.test(value) ? Date.parse(value) : Number.NaN;
  if (!Number.isFinite(date)) return undefined;
  return { ms: Math.max(0, date - now), asked: `until ${new Date(date).toISOString()} (Retry-After)` };
}

/** The SDK's backoff: 0.5 s doubling per retry, at most 8 s, minus up to 25 % jitter. */
function backoffMs(retry: number): number {
  return Math.min(0.5 * 2 ** retry, 8) * (1 - Math.random() * 0.25) * 1000;
}

function retryableStatus(status: number, headers: Headers | undefined): boolean {
  const says = headers?.get('x-should-retry');
  if (says === 'true') return true;
  if (says === 'false') return false;
  return status === 408 || status === 409 || status === 429 || status >= 500;
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
  if (typeof body !== 'object' || body === null || !choice)
    throw new MalformedResponse(typeof body === 'string' ? `not JSON (${JSON.stringify(body.slice(0, 60))})` : 'no choices[0]');
  const content = choice.message?.content;
  if (typeof content !== 'string')
    throw new MalformedResponse(
      `choices[0].message.content is ${content === null ? 'null' : typeof content}${choice.finish_reason ? ` (finish_reason: ${choice.finish_reason})` : ''}`,
    );
  return content;
}

/**
 * Any OpenAI-compatible `/chat/completions` endpoint through the official SDK (6.x: it runs on Node 20, where
 * the CLI and tests run). The SDK builds each request and reads its answer; the attempts are ours (the SDK is
 * given `maxRetries: 0`): its retry sleep cannot be cancelled and obeys any `Retry-After`, and its timeout ends
 * with the headers. Here an attempt's time limit covers connecting, the headers and the whole body, a body has a
 * size limit, `Retry-After` is capped, and a cancel ends the call at once, also between attempts.
 */
export function openAICompatibleProvider(options: OpenAICompatibleOptions): ChatProvider {
  const base = new URL(options.baseUrl);
  const origin = base.origin;
  const host = base.host;
  // The SDK joins paths by string concatenation, which would put `/chat/completions` inside a query: it gets the
  // path alone and the fetch sends to the joined URL with the query where it belongs.
  const sdkBaseUrl = `${origin}${base.pathname.replace(/\/+$/, '')}`;
  const endpoint = chatCompletionsUrl(options.baseUrl);
  const shownEndpoint = redactUrl(endpoint);
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const maxRetries = options.maxRetries ?? DEFAULT_MAX_RETRIES;
  const maxRetryWaitMs = options.maxRetryWaitMs ?? DEFAULT_MAX_RETRY_WAIT_MS;
  const maxResponseBytes = options.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES;
  const insecure = insecureHttpProblem(options.baseUrl, options.allowInsecureHttp === true);
  const logger = options.logger ?? silentLogger;
  // The key and every query value of the base URL (`?key=…`) are hidden from any text we write.
  const secrets = [...(options.apiKey ? [options.apiKey] : []), ...queryValues(options.baseUrl)];
  const headers: Record<string, string | null> = {};
  // The SDK insists on a key and always builds `Authorization: Bearer …`; a null default header removes it.
  if (!options.apiKey) headers.Authorization = null;
  if (options.userAgent) headers['User-Agent'] = options.userAgent;

  // The English the results file keeps, and its code and parameters (the user's language when shown), both redacted.
  const failure = (kind: FailureKind, what: RunText | string, state: CallState, started: number, status?: number): ChatOutcome => ({
    ok: false,
    kind,
    error: redact(typeof what === 'string' ? what : renderRunText(what, 'en'), secrets),
    ...(typeof what === 'string' ? {} : { text: mapRunTextStrings(what, (value) => redact(value, secrets)) }),
    ...(status === undefined ? {} : { status }),
    latencyMs: performance.now() - started,
    attempts: state.attempts,
  });

  /** What one failed attempt means: a final outcome, or a retry (after the server's wait when it asks for one). */
  type Verdict = { final: true; outcome: ChatOutcome } | { final: false; outcome: ChatOutcome; wait?: { ms: number; asked: string } };
  const judge = (error: unknown, state: CallState, started: number, timedOut: boolean): Verdict => {
    const after: RunText | '' = state.attempts > 1 ? runText('afterAttempts', { attempts: state.attempts }) : '';
    if (state.refused) return { final: true, outcome: failure('refused', state.refused, state, started) };
    if (state.tooLarge) return { final: true, outcome: failure('malformed', state.tooLarge, state, started, state.lastStatus) };
    if (timedOut) {
      state.timeouts++;
      // What it really cost: every attempt that ran out of time took the whole limit.
      const what =
        state.attempts > 1 && state.timeouts === state.attempts
          ? runText('timedOutEvery', { attempts: state.attempts, seconds: seconds(timeoutMs) })
          : runText('timedOut', { seconds: seconds(timeoutMs), after });
      return { final: false, outcome: failure('timeout', what, state, started) };
    }
    if (error instanceof APIConnectionError) {
      const codes = causeCodes(error);
      // A browser's fetch says only "TypeError" for a CORS refusal (and for an unreachable host): no code, no detail.
      if (options.browser && options.browser.pageOrigin !== origin && codes.length === 0 && error.cause instanceof TypeError) {
        return {
          final: true,
          outcome: failure('network', runText('corsRefused', { host, after, origin: options.browser.pageOrigin ?? '*' }), state, started),
        };
      }
      const what =
        codes.includes('ECONNRESET') || codes.includes('UND_ERR_SOCKET')
          ? runText('connectionReset', { host, after })
          : codes.includes('ECONNREFUSED')
            ? runText('connectionRefused', { host, after })
            : codes.includes('ENOTFOUND') || codes.includes('EAI_AGAIN')
              ? runText('cannotResolve', { host: base.hostname, after })
              : runText('networkError', { host, detail: (error.cause as Error | undefined)?.message ?? error.message, after });
      return { final: false, outcome: failure('network', what, state, started) };
    }
    if (error instanceof APIError && typeof error.status === 'number') {
      const detail = (error.error as { message?: unknown } | undefined)?.message;
      const said = typeof detail === 'string' && detail ? `: ${detail.slice(0, 200)}` : '';
      const outcome = failure('http', runText('httpStatus', { status: error.status, host, after, said }), state, started, error.status);
      const wait = retryAfter(error.headers);
      return retryableStatus(error.status, error.headers) ? { final: false, outcome, ...(wait ? { wait } : {}) } : { final: true, outcome };
    }
    if (error instanceof MalformedResponse || error instanceof SyntaxError) {
      return { final: true, outcome: failure('malformed', runText('malformed', { host, detail: error.message }), state, started, state.lastStatus) };
    }
    return {
      final: true,
      outcome: failure('network', runText('requestFailed', { host, detail: error instanceof Error ? error.message : String(error) }), state, started),
    };
  };

  const attempt = async (client: OpenAI, body: unknown, retry: number, state: CallState, started: number, call: AbortSignal): Promise<Verdict> => {
    const controller = new AbortController();
    let timedOut = false;
    const stopTimer = later(timeoutMs, () => {
      timedOut = true;
      controller.abort();
    });
    const onCancel = () => controller.abort();
    call.addEventListener('abort', onCancel, { once: true });
    try {
      // The SDK's own timer (it also sends the limit as `X-Stainless-Timeout`) runs beside ours and lasts until our
      // fetch has read the body; its delay must be a whole number that fits a timer, or the SDK throws or fires at once.
      const sdkTimeout = Math.min(Math.max(1, Math.ceil(timeoutMs)), MAX_TIMER_MS);
      const completion: unknown = await client.chat.completions.create(body as ChatCompletionCreateParamsNonStreaming, {
        signal: controller.signal,
        maxRetries: 0,
        timeout: sdkTimeout,
        headers: { 'X-Stainless-Retry-Count': String(retry) },
      });
      const text = answerText(completion);
      const model = (completion as { model?: unknown }).model;
      if (logger.traceEnabled) logger.trace(redact(`response from ${host}: ${JSON.stringify(text)}`, secrets));
      return {
        final: true,
        outcome: {
          ok: true,
          text,
          ...(typeof model === 'string' && model ? { modelId: model } : {}),
          usage: usageOf((completion as { usage?: unknown }).usage),
          latencyMs: performance.now() - started,
          cached: false,
          attempts: state.attempts,
        },
      };
    } catch (error) {
      if (call.aborted) return { final: true, outcome: failure('cancelled', 'cancelled', state, started) };
      return judge(error, state, started, timedOut || error instanceof APIConnectionTimeoutError);
    } finally {
      stopTimer();
      call.removeEventListener('abort', onCancel);
    }
  };

  return {
    origin,
    cacheScope: endpointScope(options.baseUrl),
    endpoint: shownEndpoint,
    label: options.label ?? host,
    async send(request, { signal }) {
      const started = performance.now();
      const state: CallState = { attempts: 0, timeouts: 0 };
      if (signal?.aborted) return failure('cancelled', 'cancelled', state, started);
      if (insecure) {
        const outcome = failure('refused', insecure.en, state, started);
        logger.warn(`POST ${shownEndpoint} refused · ${outcome.ok ? '' : outcome.error}`);
        return outcome;
      }
      // This call's own signal: the caller's is followed by one shared listener, however many calls are in flight.
      const call = new AbortController();
      const unfollow = signal ? follow(signal, () => call.abort()) : () => undefined;
      // One client per call: its fetch counts this call's attempts and owns its redirect refusal.
      const client = new OpenAI({
        apiKey: options.apiKey || 'unused',
        baseURL: sdkBaseUrl,
        maxRetries: 0,
        organization: null,
        project: null,
        logLevel: 'off',
        defaultHeaders: headers,
        fetch: originBoundFetch(endpoint, origin, host, maxResponseBytes, state, options.browser),
        // The key comes from SecretStorage and goes to its own origin only, as on the desktop.
        dangerouslyAllowBrowser: options.browser !== undefined,
      });
      // Exactly the harness's body: nothing added, nothing dropped.
      const body = { model: request.model, messages: request.messages, temperature: request.temperature, max_tokens: request.max_tokens };
      if (logger.traceEnabled) logger.trace(redact(`request to ${shownEndpoint}: ${JSON.stringify(body)}`, secrets));
      let outcome: ChatOutcome;
      try {
        for (let retry = 0; ; retry++) {
          const verdict = await attempt(client, body, retry, state, started, call.signal);
          outcome = verdict.outcome;
          if (verdict.final || retry >= maxRetries) break;
          const wait = verdict.wait;
          if (wait && wait.ms > maxRetryWaitMs) {
            const status = outcome.ok ? undefined : outcome.status;
            outcome = failure(
              'http',
              runText('retryWaitTooLong', { status: status ?? runText('anError'), host, asked: wait.asked, seconds: seconds(maxRetryWaitMs) }),
              state,
              started,
              status,
            );
            break;
          }
          if (!(await sleep(wait?.ms ?? backoffMs(retry), call.signal))) {
            outcome = failure('cancelled', 'cancelled', state, started);
            break;
          }
        }
      } finally {
        unfollow();
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
