import { test } from 'node:test';
import assert from 'node:assert/strict';
import { gzipSync } from 'node:zlib';
import type { ChatOutcome, ChatRequest } from '../core/run/types';
import { fakeServersForThisFile } from '../test/helpers/fakeServers';
import { collectingLogger } from './log';
import { later, openAICompatibleProvider, retryAfter } from './provider';

// Endpoints that misbehave on purpose: every call must end, with an error that names what happened.

const KEY = 'sk-test-0123456789abcdef';
const request: ChatRequest = { model: 'fake-chat', messages: [{ role: 'user', content: 'Ŋkɔ̃ wò?' }], temperature: 0.3, max_tokens: 1024 };
const server = fakeServersForThisFile();

/** The outcome, or a failure of the test when the call has not ended after `ms` (a hang, not a slow answer). */
async function endsWithin(pending: Promise<ChatOutcome>, ms = 20_000): Promise<ChatOutcome> {
  let stop = () => undefined as void;
  const deadline = new Promise<never>((_, reject) => {
    stop = later(ms, () => reject(new Error(`the call did not end within ${ms} ms`)));
  });
  try {
    return await Promise.race([pending, deadline]);
  } finally {
    stop();
  }
}

const untilRequests = async (fake: { requests: unknown[] }, n: number) => {
  while (fake.requests.length < n) await new Promise((r) => setTimeout(r, 5));
};

test('a server that sends headers and then stalls times out: the limit covers the body, not just the headers', async () => {
  const fake = await server({ fallback: { kind: 'stall', partial: '{"choices": [' } });
  const provider = openAICompatibleProvider({ baseUrl: fake.baseUrl, apiKey: KEY, timeoutMs: 200, maxRetries: 0 });
  const outcome = await endsWithin(provider.send(request, {}));
  assert.ok(!outcome.ok);
  assert.equal(outcome.kind, 'timeout');
  assert.equal(outcome.error, 'timed out after 0.2 s');
  await fake.whenIdle();
});

test('a server that trickles one byte at a time times out like one that stalls (a fractional limit in ms is fine)', async () => {
  const fake = await server({ fallback: { kind: 'trickle', intervalMs: 40 } });
  const provider = openAICompatibleProvider({ baseUrl: fake.baseUrl, apiKey: KEY, timeoutMs: 250.5, maxRetries: 0 });
  const outcome = await endsWithin(provider.send(request, {}));
  assert.ok(!outcome.ok);
  assert.equal(outcome.kind, 'timeout');
  assert.ok(fake.requests[0].bytesSent > 0, 'some bytes had arrived');
});

test('every attempt timing out says how many attempts of how long: the true cost of a timeout', async () => {
  const fake = await server({ fallback: { kind: 'stall' } });
  const provider = openAICompatibleProvider({ baseUrl: fake.baseUrl, apiKey: KEY, timeoutMs: 150, maxRetries: 2 });
  const outcome = await endsWithin(provider.send(request, {}));
  assert.ok(!outcome.ok);
  assert.equal(outcome.error, 'timed out: 3 attempts of 0.15 s');
  assert.equal(outcome.attempts, 3);
  assert.equal(fake.requests.length, 3);
  assert.deepEqual(
    fake.requests.map((r) => r.headers['x-stainless-retry-count']),
    ['0', '1', '2'],
  );
  assert.ok(outcome.latencyMs >= 3 * 150, 'the latency reported is the whole call, every attempt');
});

test('a timeout after other failures names the limit and the attempts', async () => {
  const fake = await server({ script: [{ kind: 'status', status: 503, headers: { 'retry-after': '0' } }], fallback: { kind: 'stall' } });
  const provider = openAICompatibleProvider({ baseUrl: fake.baseUrl, apiKey: KEY, timeoutMs: 150, maxRetries: 1 });
  const outcome = await endsWithin(provider.send(request, {}));
  assert.ok(!outcome.ok);
  assert.equal(outcome.error, 'timed out after 0.15 s (after 2 attempts)');
});

test('Retry-After beyond the limit ends the call at once, naming the wait asked for, in all three forms', async () => {
  const yearAhead = new Date(Date.now() + 365 * 24 * 3600 * 1000);
  const cases: [Record<string, string>, RegExp][] = [
    [{ 'retry-after': '999999' }, /^429 from 127\.0\.0\.1:\d+: asked to wait 999999 s \(Retry-After\) before retrying, more than the 60 s limit/],
    [
      { 'retry-after': yearAhead.toUTCString() },
      new RegExp(`asked to wait until ${yearAhead.toISOString().slice(0, 16)}.*\\(Retry-After\\) before retrying, more than the 60 s limit`),
    ],
    [{ 'retry-after-ms': '99999999999' }, /asked to wait 99999999999 ms \(retry-after-ms\) before retrying, more than the 60 s limit/],
  ];
  for (const [headers, expected] of cases) {
    const fake = await server({ fallback: { kind: 'status', status: 429, headers } });
    const provider = openAICompatibleProvider({ baseUrl: fake.baseUrl, apiKey: KEY });
    const outcome = await endsWithin(provider.send(request, {}));
    assert.ok(!outcome.ok);
    assert.equal(outcome.kind, 'http');
    assert.equal(outcome.status, 429);
    assert.match(outcome.error, expected);
    assert.equal(fake.requests.length, 1, 'no retry, and no 1 ms retry loop');
  }
});

test('the Retry-After limit is an option; a wait under it is obeyed', async () => {
  const fake = await server({ script: [{ kind: 'status', status: 429, headers: { 'retry-after': '0.3' } }] });
  const strict = openAICompatibleProvider({ baseUrl: fake.baseUrl, apiKey: KEY, maxRetryWaitMs: 100 });
  const refused = await endsWithin(strict.send(request, {}));
  assert.ok(!refused.ok);
  assert.match(refused.error, /asked to wait 0\.3 s \(Retry-After\) before retrying, more than the 0\.1 s limit/);
  fake.setScript([
    { kind: 'status', status: 429, headers: { 'retry-after-ms': '50' } },
    { kind: 'answer', text: 'waited' },
  ]);
  const patient = openAICompatibleProvider({ baseUrl: fake.baseUrl, apiKey: KEY, maxRetryWaitMs: 100 });
  const outcome = await endsWithin(patient.send(request, {}));
  assert.ok(outcome.ok);
  assert.equal(outcome.attempts, 2);
});

test('an unreadable or past Retry-After falls back to backoff and retries', async () => {
  const fake = await server({
    script: [
      { kind: 'status', status: 429, headers: { 'retry-after': 'soon' } },
      { kind: 'status', status: 429, headers: { 'retry-after': 'Wed, 21 Oct 2015 07:28:00 GMT' } },
      { kind: 'answer', text: 'finally' },
    ],
  });
  const provider = openAICompatibleProvider({ baseUrl: fake.baseUrl, apiKey: KEY });
  const outcome = await endsWithin(provider.send(request, {}));
  assert.ok(outcome.ok);
  assert.equal(outcome.text, 'finally');
  assert.equal(outcome.attempts, 3);
});

test('Retry-After is read in seconds, as an HTTP date and from retry-after-ms', () => {
  const now = Date.parse('2026-11-25T14:00:00Z');
  assert.deepEqual(retryAfter(new Headers({ 'retry-after': '2' }), now), { ms: 2000, asked: '2 s (Retry-After)' });
  assert.deepEqual(retryAfter(new Headers({ 'retry-after': 'Wed, 25 Nov 2026 14:00:30 GMT' }), now), {
    ms: 30_000,
    asked: 'until 2026-11-25T14:00:30.000Z (Retry-After)',
  });
  assert.deepEqual(retryAfter(new Headers({ 'retry-after-ms': '150', 'retry-after': '9' }), now), { ms: 150, asked: '150 ms (retry-after-ms)' });
  assert.equal(retryAfter(new Headers({ 'retry-after': '-5' }), now), undefined);
  assert.equal(retryAfter(new Headers({ 'retry-after-ms': 'NaN' }), now), undefined);
  assert.equal(retryAfter(undefined, now), undefined);
});

test('a delay past 2^31 ms does not overflow into an immediate call', async () => {
  let fired = 0;
  const cancel = later(2 ** 31 + 10_000, () => fired++);
  await new Promise((r) => setTimeout(r, 100));
  cancel();
  assert.equal(fired, 0);
});

test('a cancel during the wait between attempts ends the call at once', async () => {
  const fake = await server({ fallback: { kind: 'status', status: 429, headers: { 'retry-after': '50' } } });
  const provider = openAICompatibleProvider({ baseUrl: fake.baseUrl, apiKey: KEY });
  const controller = new AbortController();
  const pending = provider.send(request, { signal: controller.signal });
  await untilRequests(fake, 1);
  await new Promise((r) => setTimeout(r, 50));
  controller.abort();
  const outcome = await endsWithin(pending, 5_000);
  assert.ok(!outcome.ok);
  assert.equal(outcome.kind, 'cancelled');
  assert.equal(fake.requests.length, 1);
});

test('a cancel while a body is awaited ends the call at once and closes its connection', async () => {
  const fake = await server({ fallback: { kind: 'stall', partial: '{"id": "x", ' } });
  const provider = openAICompatibleProvider({ baseUrl: fake.baseUrl, apiKey: KEY });
  const controller = new AbortController();
  const pending = provider.send(request, { signal: controller.signal });
  await untilRequests(fake, 1);
  while (fake.requests[0].bytesSent === 0) await new Promise((r) => setTimeout(r, 5));
  controller.abort();
  const outcome = await endsWithin(pending, 5_000);
  assert.ok(!outcome.ok);
  assert.equal(outcome.kind, 'cancelled');
  await fake.whenIdle();
});

test('a connection reset in the middle of a body is retried like one before the headers', async () => {
  const fake = await server({ script: [{ kind: 'reset-mid-body' }, { kind: 'answer', text: 'second time lucky' }] });
  const provider = openAICompatibleProvider({ baseUrl: fake.baseUrl, apiKey: KEY });
  const outcome = await endsWithin(provider.send(request, {}));
  assert.ok(outcome.ok, JSON.stringify(outcome));
  assert.equal(outcome.text, 'second time lucky');
  assert.equal(outcome.attempts, 2);
  fake.setScript([], { kind: 'reset-mid-body' });
  const failing = await endsWithin(openAICompatibleProvider({ baseUrl: fake.baseUrl, apiKey: KEY, maxRetries: 1 }).send(request, {}));
  assert.ok(!failing.ok);
  assert.equal(failing.kind, 'network');
  assert.equal(failing.error, `connection reset by ${new URL(fake.origin).host} (after 2 attempts)`);
});

test('a 1 GB body is not read whole: reading stops at the size limit with an error naming it', async () => {
  const fake = await server({ fallback: { kind: 'huge', bytes: 1024 ** 3 } });
  const provider = openAICompatibleProvider({ baseUrl: fake.baseUrl, apiKey: KEY, maxResponseBytes: 1024 * 1024 });
  const outcome = await endsWithin(provider.send(request, {}));
  assert.ok(!outcome.ok);
  assert.equal(outcome.kind, 'malformed');
  assert.match(
    outcome.error,
    /^response from 127\.0\.0\.1:\d+ larger than the 1 MiB limit \(--max-response-mib, ewebench\.run\.maxResponseMiB\): reading stopped$/,
  );
  assert.equal(fake.requests.length, 1, 'not retried');
  await fake.whenIdle();
  assert.ok(fake.requests[0].bytesSent < 64 * 1024 * 1024, `the server got to send ${fake.requests[0].bytesSent} bytes`);
});

test('a body declared larger than the limit is refused before reading; the default limit is 16 MiB', async () => {
  const fake = await server({ fallback: { kind: 'huge', bytes: 17 * 1024 * 1024, declareLength: true } });
  const outcome = await endsWithin(openAICompatibleProvider({ baseUrl: fake.baseUrl, apiKey: KEY }).send(request, {}));
  assert.ok(!outcome.ok);
  assert.match(outcome.error, /larger than the 16 MiB limit/);
});

test('a gzip bomb is stopped by the decoded size, not the bytes on the wire', async () => {
  const bomb = gzipSync(Buffer.alloc(32 * 1024 * 1024, 0x20));
  assert.ok(bomb.length < 256 * 1024, 'the bomb is small on the wire');
  const fake = await server({ fallback: { kind: 'gzip', body: bomb } });
  const provider = openAICompatibleProvider({ baseUrl: fake.baseUrl, apiKey: KEY, maxResponseBytes: 1024 * 1024 });
  const outcome = await endsWithin(provider.send(request, {}));
  assert.ok(!outcome.ok);
  assert.match(outcome.error, /larger than the 1 MiB limit/);
  // A gzip body under the limit is read as usual.
  const small = gzipSync(Buffer.from(JSON.stringify({ choices: [{ index: 0, message: { role: 'assistant', content: 'Ŋdi' }, finish_reason: 'stop' }] })));
  fake.setScript([{ kind: 'gzip', body: small }]);
  const fine = await endsWithin(provider.send(request, {}));
  assert.ok(fine.ok);
  assert.equal(fine.text, 'Ŋdi');
});

test('a base URL with a query: /chat/completions joins the path, the query stays; its values are never logged', async () => {
  const fake = await server({
    script: [
      { kind: 'answer', text: 'ok' },
      { kind: 'status', status: 400, body: { error: { message: 'bad key abc123secret' } } },
    ],
  });
  const logger = collectingLogger({ trace: true });
  const provider = openAICompatibleProvider({ baseUrl: `${fake.baseUrl}?key=abc123secret&v=2`, logger });
  assert.equal(provider.endpoint, `${fake.baseUrl}/chat/completions?key=***&v=***`);
  const outcome = await endsWithin(provider.send(request, {}));
  assert.ok(outcome.ok);
  assert.equal(fake.requests[0].path, '/v1/chat/completions?key=abc123secret&v=2');
  const failed = await endsWithin(provider.send(request, {}));
  assert.ok(!failed.ok);
  assert.equal(failed.error, `400 from ${new URL(fake.origin).host}: bad key ***`);
  assert.doesNotMatch(logger.text(), /abc123secret/);
  assert.match(logger.text(), /chat\/completions\?key=\*\*\*&v=\*\*\* 200/);
});

test('plain http to a host that is not this machine is refused before any connection', async () => {
  const realFetch = globalThis.fetch;
  let fetches = 0;
  globalThis.fetch = (...args: Parameters<typeof fetch>) => {
    fetches++;
    return realFetch(...args);
  };
  try {
    const provider = openAICompatibleProvider({ baseUrl: 'http://models.ewebench-test.invalid/v1', apiKey: KEY });
    const outcome = await endsWithin(provider.send(request, {}));
    assert.ok(!outcome.ok);
    assert.equal(outcome.kind, 'refused');
    assert.equal(outcome.attempts, 0);
    assert.match(outcome.error, /^refused to send requests in clear to http:\/\/models\.ewebench-test\.invalid: .*--allow-insecure-http/);
    assert.equal(fetches, 0);
  } finally {
    globalThis.fetch = realFetch;
  }
});

test('sixteen calls in flight on one signal add one abort listener to it, and none once they settle', async () => {
  const fake = await server({ latencyMs: 100 });
  const provider = openAICompatibleProvider({ baseUrl: fake.baseUrl, apiKey: KEY });
  const controller = new AbortController();
  const warnings: Error[] = [];
  const onWarning = (w: Error) => warnings.push(w);
  process.on('warning', onWarning);
  try {
    const outcomes = await Promise.all(Array.from({ length: 16 }, () => provider.send(request, { signal: controller.signal })));
    assert.ok(outcomes.every((o) => o.ok));
    await new Promise((r) => setImmediate(r));
  } finally {
    process.off('warning', onWarning);
  }
  assert.deepEqual(
    warnings.filter((w) => w.name === 'MaxListenersExceededWarning').map((w) => w.message),
    [],
  );
});
