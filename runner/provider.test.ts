import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { ChatRequest } from '../core/run/types';
import { fakeServersForThisFile } from '../test/helpers/fakeServers';
import { collectingLogger } from './log';
import { openAICompatibleProvider } from './provider';

const KEY = 'sk-test-0123456789abcdef';
const request: ChatRequest = {
  model: 'fake-chat',
  messages: [
    { role: 'system', content: 'Tu es Yawo, un assistant IA qui répond en Ewe.' },
    { role: 'user', content: 'Ŋkɔ̃ wò?' },
  ],
  temperature: 0.3,
  max_tokens: 1024,
};

const server = fakeServersForThisFile();

test('a call sends exactly the harness body with the bearer key and maps text, model and usage', async () => {
  const fake = await server({
    script: [
      {
        kind: 'answer',
        text: 'Ŋkɔnye Yawo.',
        model: 'fake-chat-0613',
        usage: { prompt_tokens: 30, completion_tokens: 5, cached_tokens: 8, reasoning_tokens: 2, cost: 0.00012 },
      },
    ],
  });
  const logger = collectingLogger();
  const provider = openAICompatibleProvider({ baseUrl: fake.baseUrl, apiKey: KEY, logger });
  assert.equal(provider.origin, fake.origin);
  const outcome = await provider.send(request, {});
  assert.ok(outcome.ok);
  assert.equal(outcome.text, 'Ŋkɔnye Yawo.');
  assert.equal(outcome.modelId, 'fake-chat-0613');
  assert.deepEqual(outcome.usage, { prompt_tokens: 30, completion_tokens: 5, reasoning_tokens: 2, cached_tokens: 8, cost_usd: 0.00012 });
  assert.equal(outcome.attempts, 1);
  assert.equal(outcome.cached, false);
  assert.ok(outcome.latencyMs >= 0);
  const [seen] = fake.requests;
  assert.equal(seen.method, 'POST');
  assert.equal(seen.path, '/v1/chat/completions');
  assert.equal(seen.headers.authorization, `Bearer ${KEY}`);
  assert.deepEqual(seen.body, request);
  assert.deepEqual(Object.keys(seen.body as object), ['model', 'messages', 'temperature', 'max_tokens']);
  assert.match(logger.text(), new RegExp(`^\\[info\\] POST ${fake.baseUrl}/chat/completions 200 · \\d+ ms · 1 attempt$`));
  assert.doesNotMatch(logger.text(), /sk-test|Ŋkɔ̃ wò/);
});

test('extra keys on a message are sent as written; usage the provider omits is 0 and no cost is invented', async () => {
  const fake = await server({ script: [{ kind: 'answer', text: 'ok', usage: null }] });
  const provider = openAICompatibleProvider({ baseUrl: fake.baseUrl + '/', apiKey: KEY });
  const withName: ChatRequest = { ...request, messages: [{ role: 'user', content: 'a', name: 'kofi' }] };
  const outcome = await provider.send(withName, {});
  assert.ok(outcome.ok);
  assert.deepEqual(outcome.usage, { prompt_tokens: 0, completion_tokens: 0, reasoning_tokens: 0, cached_tokens: 0 });
  assert.deepEqual(fake.requests[0].body, withName);
});

test('a keyless provider sends no Authorization header at all', async () => {
  const fake = await server();
  const provider = openAICompatibleProvider({ baseUrl: fake.baseUrl });
  const outcome = await provider.send(request, {});
  assert.ok(outcome.ok);
  assert.equal(fake.requests[0].headers.authorization, undefined);
  assert.doesNotMatch(JSON.stringify(fake.requests[0].headers), /unused|Bearer/);
});

test('429 with Retry-After: the SDK waits as told, retries and the call succeeds', async () => {
  const fake = await server({
    script: [
      { kind: 'status', status: 429, headers: { 'retry-after': '0.3' } },
      { kind: 'answer', text: 'after the wait' },
    ],
  });
  const provider = openAICompatibleProvider({ baseUrl: fake.baseUrl, apiKey: KEY });
  const outcome = await provider.send(request, {});
  assert.ok(outcome.ok);
  assert.equal(outcome.text, 'after the wait');
  assert.equal(outcome.attempts, 2);
  assert.equal(fake.requests.length, 2);
  assert.ok(fake.requests[1].receivedAt > fake.requests[0].receivedAt, 'the retry came after the first request');
  assert.deepEqual(fake.requests[1].body, fake.requests[0].body);
});

test('429 on every attempt names the status, the host and the attempts', async () => {
  const fake = await server({ fallback: { kind: 'status', status: 429, headers: { 'retry-after-ms': '10' } } });
  const provider = openAICompatibleProvider({ baseUrl: fake.baseUrl, apiKey: KEY, maxRetries: 2 });
  const outcome = await provider.send(request, {});
  assert.equal(outcome.ok, false);
  assert.ok(!outcome.ok);
  assert.equal(outcome.kind, 'http');
  assert.equal(outcome.status, 429);
  assert.match(outcome.error, new RegExp(`^429 from 127\\.0\\.0\\.1:\\d+ \\(after 3 attempts\\)`));
  assert.equal(fake.requests.length, 3);
});

test('401 is not retried and says where it came from; an echoed key is redacted', async () => {
  const fake = await server({ script: [{ kind: 'status', status: 401, body: { error: { message: `Incorrect API key provided: ${KEY}` } } }] });
  const logger = collectingLogger();
  const provider = openAICompatibleProvider({ baseUrl: fake.baseUrl, apiKey: KEY, logger });
  const outcome = await provider.send(request, {});
  assert.ok(!outcome.ok);
  assert.equal(outcome.kind, 'http');
  assert.equal(outcome.status, 401);
  assert.equal(outcome.error, `401 from ${new URL(fake.origin).host}: Incorrect API key provided: ***`);
  assert.equal(fake.requests.length, 1);
  assert.doesNotMatch(logger.text(), new RegExp(KEY));
  assert.match(logger.text(), /^\[warn\] POST .* 401 · \d+ ms · 1 attempt · 401 from/);
});

test('500 is retried, then reported with the attempts', async () => {
  const fake = await server({ fallback: { kind: 'status', status: 500 } });
  const provider = openAICompatibleProvider({ baseUrl: fake.baseUrl, apiKey: KEY, maxRetries: 1 });
  const outcome = await provider.send(request, {});
  assert.ok(!outcome.ok);
  assert.equal(outcome.status, 500);
  assert.match(outcome.error, /^500 from 127\.0\.0\.1:\d+ \(after 2 attempts\)/);
  assert.equal(fake.requests.length, 2);
});

test('a server that never answers is a timeout naming the limit; no connection is left open', async () => {
  const fake = await server({ fallback: { kind: 'hang' } });
  const provider = openAICompatibleProvider({ baseUrl: fake.baseUrl, apiKey: KEY, timeoutMs: 150, maxRetries: 0 });
  const outcome = await provider.send(request, {});
  assert.ok(!outcome.ok);
  assert.equal(outcome.kind, 'timeout');
  assert.equal(outcome.error, 'timed out after 0.15 s');
  await fake.whenIdle();
  assert.equal(fake.inFlight, 0);
});

test('a body that is not JSON, or JSON without choices, is a malformed response', async () => {
  const fake = await server({
    script: [
      { kind: 'malformed', body: '{"choices": [' },
      { kind: 'malformed', body: '{"object":"error"}' },
      { kind: 'malformed', body: 'hello', contentType: 'text/plain' },
    ],
  });
  const provider = openAICompatibleProvider({ baseUrl: fake.baseUrl, apiKey: KEY });
  for (const expected of [
    /^malformed response from 127\.0\.0\.1:\d+: .*JSON/,
    /^malformed response from 127\.0\.0\.1:\d+: no choices\[0\]$/,
    /^malformed response from 127\.0\.0\.1:\d+: not JSON \("hello"\)$/,
  ]) {
    const outcome = await provider.send(request, {});
    assert.ok(!outcome.ok);
    assert.equal(outcome.kind, 'malformed');
    assert.match(outcome.error, expected);
  }
});

test('a connection reset is retried, then named', async () => {
  const fake = await server({ fallback: { kind: 'reset' } });
  const provider = openAICompatibleProvider({ baseUrl: fake.baseUrl, apiKey: KEY, maxRetries: 1 });
  const outcome = await provider.send(request, {});
  assert.ok(!outcome.ok);
  assert.equal(outcome.kind, 'network');
  assert.equal(outcome.error, `connection reset by ${new URL(fake.origin).host} (after 2 attempts)`);
  assert.equal(fake.requests.length, 2);
});

test('a redirect to another origin is refused: the other server never sees the key (nor the request)', async () => {
  const other = await server();
  const fake = await server({ fallback: { kind: 'redirect', location: `${other.baseUrl}/chat/completions` } });
  const provider = openAICompatibleProvider({ baseUrl: fake.baseUrl, apiKey: KEY });
  const outcome = await provider.send(request, {});
  assert.ok(!outcome.ok);
  assert.equal(outcome.kind, 'refused');
  assert.equal(outcome.error, `refused to follow a redirect from ${fake.origin} to ${other.origin}: the key is only sent to ${fake.origin}`);
  assert.equal(fake.requests.length, 1, 'a refusal is not retried');
  assert.equal(other.requests.length, 0);
});

test('a same-origin 307 is followed with the same body and key', async () => {
  const fake = await server({
    script: [
      { kind: 'redirect', location: '/v2/chat/completions' },
      { kind: 'answer', text: 'moved' },
    ],
  });
  const provider = openAICompatibleProvider({ baseUrl: fake.baseUrl, apiKey: KEY });
  const outcome = await provider.send(request, {});
  assert.ok(outcome.ok);
  assert.equal(outcome.text, 'moved');
  assert.equal(outcome.attempts, 1);
  assert.equal(fake.requests[1].path, '/v2/chat/completions');
  assert.equal(fake.requests[1].headers.authorization, `Bearer ${KEY}`);
  assert.deepEqual(fake.requests[1].body, request);
});

test('aborting the signal cancels the call in flight and closes its connection', async () => {
  const fake = await server({ fallback: { kind: 'hang' } });
  const provider = openAICompatibleProvider({ baseUrl: fake.baseUrl, apiKey: KEY });
  const controller = new AbortController();
  const pending = provider.send(request, { signal: controller.signal });
  while (fake.requests.length === 0) await new Promise((r) => setTimeout(r, 5));
  controller.abort();
  const outcome = await pending;
  assert.ok(!outcome.ok);
  assert.equal(outcome.kind, 'cancelled');
  assert.equal(outcome.error, 'cancelled');
  await fake.whenIdle();
  assert.equal(fake.inFlight, 0);
  const already = await provider.send(request, { signal: controller.signal });
  assert.ok(!already.ok && already.kind === 'cancelled');
  assert.equal(fake.requests.length, 1, 'nothing is sent once cancelled');
});
