import { test } from 'node:test';
import assert from 'node:assert/strict';
import { runMessage } from '../core/i18n/runMessages';
import type { ChatRequest } from '../core/run/types';
import { browserLikeFetch } from '../test/helpers/browserFetch';
import { fakeServersForThisFile } from '../test/helpers/fakeServers';
import { openAICompatibleProvider } from './provider';

const KEY = 'sk-test-browser-5f0e2a';
const PAGE = 'https://vscode.dev';
const request: ChatRequest = { model: 'fake-chat', messages: [{ role: 'user', content: 'Ŋkɔ̃ wò?' }], temperature: 0, max_tokens: 64 };

const server = fakeServersForThisFile();

test('in a browser, a call to an endpoint that allows CORS passes the preflight with the key and content-type only', async () => {
  const fake = await server({ cors: PAGE, script: [{ kind: 'answer', text: 'Ŋkɔnye Yawo.' }] });
  const provider = openAICompatibleProvider({ baseUrl: fake.baseUrl, apiKey: KEY, browser: { fetch: browserLikeFetch(PAGE), pageOrigin: PAGE } });
  const outcome = await provider.send(request, {});
  assert.ok(outcome.ok, outcome.ok ? '' : outcome.error);
  assert.equal(outcome.text, 'Ŋkɔnye Yawo.');
  assert.equal(fake.requests.length, 1);
  const headers = fake.requests[0].headers;
  assert.equal(headers.authorization, `Bearer ${KEY}`);
  assert.equal(headers.origin, PAGE);
  assert.deepEqual(
    Object.keys(headers).filter((name) => name.startsWith('x-stainless-')),
    [],
  );
  assert.deepEqual(fake.requests[0].body, request);
});

test('in a browser, an endpoint without CORS headers is reported as a CORS refusal naming what it must allow, and not retried', async () => {
  const fake = await server({ script: [{ kind: 'answer' }] });
  const provider = openAICompatibleProvider({
    baseUrl: fake.baseUrl,
    apiKey: KEY,
    maxRetries: 2,
    browser: { fetch: browserLikeFetch(PAGE), pageOrigin: PAGE },
  });
  const outcome = await provider.send(request, {});
  assert.ok(!outcome.ok);
  assert.equal(outcome.kind, 'network');
  assert.equal(outcome.error, runMessage('en', 'corsRefused', { host: new URL(fake.origin).host, after: '', origin: PAGE }));
  assert.match(outcome.error, /Access-Control-Allow-Origin: https:\/\/vscode\.dev .*Access-Control-Allow-Headers: authorization, content-type/);
  assert.equal(outcome.attempts, 1);
  // The preflight got no permission: the call itself never reached the server.
  assert.deepEqual(
    fake.requests.map((r) => r.method),
    ['OPTIONS'],
  );
});

test('an endpoint that allows another origin is refused the same way; on the desktop the same server answers', async () => {
  const fake = await server({ cors: 'https://elsewhere.example', fallback: { kind: 'answer', text: 'Ɛ̃' } });
  const browser = openAICompatibleProvider({ baseUrl: fake.baseUrl, apiKey: KEY, browser: { fetch: browserLikeFetch(PAGE), pageOrigin: PAGE } });
  const refused = await browser.send(request, {});
  assert.ok(!refused.ok && refused.error.includes('(CORS)'));
  const desktop = openAICompatibleProvider({ baseUrl: fake.baseUrl, apiKey: KEY });
  const answered = await desktop.send(request, {});
  assert.ok(answered.ok);
});
