import * as http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/**
 * A local OpenAI-compatible `/chat/completions` server for tests and benches. It listens on 127.0.0.1 only,
 * records every request and answers each call from a script (then from a fallback), so a test can stage
 * rate limits, server errors, hangs, malformed bodies, resets and redirects against the real HTTP client.
 */

export interface RecordedRequest {
  /** 0-based order of arrival. */
  index: number;
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  /** The parsed JSON body, or the raw text when it is not JSON. */
  body: unknown;
  /** `performance.now()` when the request's body had fully arrived. */
  receivedAt: number;
  /** Body bytes written back so far (as sent: compressed for a gzip step). */
  bytesSent: number;
}

export interface UsageReply {
  prompt_tokens?: number;
  completion_tokens?: number;
  cached_tokens?: number;
  reasoning_tokens?: number;
  /** OpenRouter-style `usage.cost` (USD). */
  cost?: number;
}

export type Step =
  /** A normal completion. `text` defaults to an echo of the last message. */
  | { kind: 'answer'; text?: string; model?: string; usage?: UsageReply | null; delayMs?: number }
  /** Any status with a JSON error body, e.g. 429 with `Retry-After`, 401, 500. */
  | { kind: 'status'; status: number; headers?: Record<string, string>; body?: unknown; delayMs?: number }
  /** Never answers (until the client gives up or the server stops). */
  | { kind: 'hang' }
  /** A 200 whose body is not what an OpenAI client expects. */
  | { kind: 'malformed'; body: string; contentType?: string }
  /** Closes the connection without answering. */
  | { kind: 'reset' }
  /** A redirect to `location` (another server's URL for a cross-origin test). */
  | { kind: 'redirect'; location: string; status?: number }
  /** Hostile: a 200 whose headers (and `partial` body, if any) arrive, then nothing more, ever. */
  | { kind: 'stall'; partial?: string }
  /** Hostile: a 200 that sends a valid completion one byte every `intervalMs`. */
  | { kind: 'trickle'; intervalMs: number; text?: string }
  /** Hostile: a 200 whose body starts (`partial`) and then the connection is reset. */
  | { kind: 'reset-mid-body'; partial?: string }
  /** Hostile: a 200 with a body of `bytes` bytes generated as the client reads (never held in memory). */
  | { kind: 'huge'; bytes: number; declareLength?: boolean }
  /** Hostile: a 200 whose `body` is sent as written with `content-encoding: gzip` (a gzip bomb when it inflates far). */
  | { kind: 'gzip'; body: Buffer }
  /** Decides per request. */
  | { kind: 'respond'; fn: (request: RecordedRequest) => Step | Promise<Step> };

export interface FakeServerOptions {
  /** Steps used one per request, in order. */
  script?: Step[];
  /** Used once the script is exhausted; defaults to an echo answer. */
  fallback?: Step;
  /** Delay added before every answer (not before hangs or resets). */
  latencyMs?: number;
  /**
   * Answer as an endpoint open to browsers: the CORS preflight (`OPTIONS`, not recorded as a request) is answered,
   * and every response allows this origin (`*` for any) and the headers `authorization, content-type`.
   */
  cors?: string;
}

/** The headers an endpoint open to browsers sends, as the README asks of one. */
export function corsHeaders(origin: string): Record<string, string> {
  return {
    'access-control-allow-origin': origin,
    'access-control-allow-methods': 'POST, OPTIONS',
    'access-control-allow-headers': 'authorization, content-type',
    'access-control-max-age': '600',
  };
}

export interface FakeOpenAI {
  /** `http://127.0.0.1:PORT`. */
  readonly origin: string;
  /** `http://127.0.0.1:PORT/v1`, the base URL a client is configured with. */
  readonly baseUrl: string;
  readonly requests: RecordedRequest[];
  /** Requests received whose connection is still open without a finished answer. */
  readonly inFlight: number;
  /** Resolves once no request is in flight (a cancelled client has closed every connection). */
  whenIdle(): Promise<void>;
  /** Replaces what the next requests get. */
  setScript(script: Step[], fallback?: Step): void;
  stop(): Promise<void>;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Writes body bytes and counts them on the request's record; false when the socket asks to wait for `drain`. */
function send(res: http.ServerResponse, recorded: RecordedRequest, data: string | Buffer): boolean {
  const bytes = typeof data === 'string' ? Buffer.from(data) : data;
  recorded.bytesSent += bytes.length;
  return res.write(bytes);
}

function lastMessageText(body: unknown): string {
  const messages = (body as { messages?: { content?: unknown }[] } | null)?.messages;
  const last = Array.isArray(messages) ? messages[messages.length - 1]?.content : undefined;
  return typeof last === 'string' ? last : JSON.stringify(last ?? null);
}

function completion(step: Extract<Step, { kind: 'answer' }>, body: unknown): unknown {
  const text = step.text ?? `echo: ${lastMessageText(body)}`;
  const model = step.model ?? ((body as { model?: unknown } | null)?.model as string | undefined) ?? 'fake-model';
  const u = step.usage === undefined ? {} : step.usage;
  return {
    id: 'chatcmpl-fake',
    object: 'chat.completion',
    created: 1_700_000_000,
    model,
    choices: [{ index: 0, message: { role: 'assistant', content: text }, finish_reason: 'stop' }],
    ...(u === null
      ? {}
      : {
          usage: {
            prompt_tokens: u.prompt_tokens ?? 12,
            completion_tokens: u.completion_tokens ?? 7,
            total_tokens: (u.prompt_tokens ?? 12) + (u.completion_tokens ?? 7),
            prompt_tokens_details: { cached_tokens: u.cached_tokens ?? 0 },
            completion_tokens_details: { reasoning_tokens: u.reasoning_tokens ?? 0 },
            ...(u.cost === undefined ? {} : { cost: u.cost }),
          },
        }),
  };
}

export async function startFakeOpenAI(options: FakeServerOptions = {}): Promise<FakeOpenAI> {
  let script = [...(options.script ?? [])];
  let fallback: Step = options.fallback ?? { kind: 'answer' };
  const requests: RecordedRequest[] = [];
  const sockets = new Set<Socket>();
  let inFlight = 0;
  let idleWaiters: (() => void)[] = [];
  const settle = () => {
    inFlight--;
    if (inFlight === 0) {
      const waiters = idleWaiters;
      idleWaiters = [];
      for (const w of waiters) w();
    }
  };

  const reply = async (step: Step, recorded: RecordedRequest, res: http.ServerResponse, socket: Socket): Promise<void> => {
    switch (step.kind) {
      case 'respond':
        return reply(await step.fn(recorded), recorded, res, socket);
      case 'hang':
        return;
      case 'reset':
        socket.destroy();
        return;
      case 'redirect':
        res.writeHead(step.status ?? 307, { location: step.location, 'content-length': '0' }).end();
        return;
      case 'malformed':
        await sleep(options.latencyMs ?? 0);
        res.writeHead(200, { 'content-type': step.contentType ?? 'application/json' }).end(step.body);
        return;
      case 'status': {
        await sleep((options.latencyMs ?? 0) + (step.delayMs ?? 0));
        const body = JSON.stringify(step.body ?? { error: { message: `fake status ${step.status}`, type: 'fake' } });
        res.writeHead(step.status, { 'content-type': 'application/json', ...step.headers }).end(body);
        return;
      }
      case 'stall':
        res.writeHead(200, { 'content-type': 'application/json' });
        res.flushHeaders();
        if (step.partial) send(res, recorded, step.partial);
        return;
      case 'reset-mid-body':
        res.writeHead(200, { 'content-type': 'application/json', 'content-length': '100000' });
        send(res, recorded, step.partial ?? '{"id":"chatcmpl-fake","choices":[{"index":0,"message":{"role":"assistant","content":"Ŋdi');
        await sleep(30);
        socket.destroy();
        return;
      case 'trickle': {
        const body = Buffer.from(JSON.stringify(completion({ kind: 'answer', ...(step.text === undefined ? {} : { text: step.text }) }, recorded.body)));
        res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(body.length) });
        res.flushHeaders();
        for (let i = 0; i < body.length && !res.destroyed; i++) {
          send(res, recorded, body.subarray(i, i + 1));
          await sleep(step.intervalMs);
        }
        if (!res.destroyed) res.end();
        return;
      }
      case 'huge': {
        res.writeHead(200, { 'content-type': 'application/json', ...(step.declareLength ? { 'content-length': String(step.bytes) } : {}) });
        const chunk = Buffer.alloc(64 * 1024, 0x61);
        let left = step.bytes;
        while (left > 0 && !res.destroyed) {
          const piece = left >= chunk.length ? chunk : chunk.subarray(0, left);
          left -= piece.length;
          if (!send(res, recorded, piece)) {
            await new Promise<void>((resolve) => {
              const done = () => {
                res.off('drain', done);
                res.off('close', done);
                resolve();
              };
              res.on('drain', done);
              res.on('close', done);
            });
          }
        }
        if (!res.destroyed) res.end();
        return;
      }
      case 'gzip':
        res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip', 'content-length': String(step.body.length) });
        send(res, recorded, step.body);
        res.end();
        return;
      case 'answer': {
        await sleep((options.latencyMs ?? 0) + (step.delayMs ?? 0));
        if (res.destroyed) return;
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(completion(step, recorded.body)));
        return;
      }
    }
  };

  const server = http.createServer((req, res) => {
    if (options.cors !== undefined) {
      for (const [name, value] of Object.entries(corsHeaders(options.cors))) res.setHeader(name, value);
      if (req.method === 'OPTIONS') {
        res.writeHead(204).end();
        return;
      }
    }
    inFlight++;
    let settled = false;
    const done = () => {
      if (!settled) {
        settled = true;
        settle();
      }
    };
    res.on('close', done);
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      let body: unknown = raw;
      try {
        body = raw ? JSON.parse(raw) : null;
      } catch {
        // kept as text: the test sees what arrived
      }
      const recorded: RecordedRequest = {
        index: requests.length,
        method: req.method ?? '',
        path: req.url ?? '',
        headers: req.headers,
        body,
        receivedAt: performance.now(),
        bytesSent: 0,
      };
      requests.push(recorded);
      const step = script.shift() ?? fallback;
      reply(step, recorded, res, req.socket).catch(() => res.destroy());
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;

  return {
    origin,
    baseUrl: `${origin}/v1`,
    requests,
    get inFlight() {
      return inFlight;
    },
    whenIdle: () => (inFlight === 0 ? Promise.resolve() : new Promise<void>((resolve) => idleWaiters.push(resolve))),
    setScript(next, nextFallback) {
      script = [...next];
      if (nextFallback) fallback = nextFallback;
    },
    stop: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
