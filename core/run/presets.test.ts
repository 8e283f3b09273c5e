import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  chatCompletionsUrl,
  insecureHttpProblem,
  isLoopbackHost,
  keyIsAtHome,
  keyOriginAllowedByUser,
  ModelConfigError,
  originOf,
  PROVIDER_PRESETS,
  queryValues,
  redactUrl,
  resolveModel,
} from './presets';

test('each preset base plus /chat/completions is the endpoint the ÈwéBench harness posts to (Gemini: Google’s OpenAI-compatible path)', () => {
  assert.equal(`${PROVIDER_PRESETS.deepseek.baseUrl}/chat/completions`, 'https://api.deepseek.com/chat/completions');
  assert.equal(`${PROVIDER_PRESETS.gemini.baseUrl}/chat/completions`, 'https://generativelanguage.googleapis.com/v1beta/openai/chat/completions');
  assert.equal(`${PROVIDER_PRESETS.ollama.baseUrl}/chat/completions`, 'http://localhost:11434/v1/chat/completions');
  assert.equal(PROVIDER_PRESETS.deepseek.apiKeyEnv, 'DEEPSEEK_API_KEY');
  assert.equal(PROVIDER_PRESETS.gemini.apiKeyEnv, 'GEMINI_API_KEY');
  assert.equal(PROVIDER_PRESETS.ollama.apiKeyEnv, undefined);
});

test('a preset resolves to its base, origin, key variable and default model', () => {
  assert.deepEqual(resolveModel({ provider: 'deepseek', model: '' }), {
    provider: 'deepseek',
    model: 'deepseek-chat',
    baseUrl: 'https://api.deepseek.com',
    origin: 'https://api.deepseek.com',
    apiKeyEnv: 'DEEPSEEK_API_KEY',
    label: 'deepseek-chat',
  });
  const r = resolveModel({ provider: 'openrouter', model: 'google/gemini-2.0-flash-001', label: 'Gemini via OR', apiKeyEnv: 'MY_KEY' });
  assert.equal(r.origin, 'https://openrouter.ai');
  assert.equal(r.apiKeyEnv, 'MY_KEY');
  assert.equal(r.label, 'Gemini via OR');
});

test('custom needs a valid http(s) base URL; vscode-lm is left to the client', () => {
  assert.throws(
    () => resolveModel({ provider: 'custom', model: 'm' }),
    (e: unknown) => e instanceof ModelConfigError && /baseUrl/.test(e.reason.en) && /baseUrl/.test(e.reason.fr),
  );
  assert.throws(() => resolveModel({ provider: 'custom', model: 'm', baseUrl: 'not a url' }), /invalid base URL/);
  assert.throws(() => resolveModel({ provider: 'custom', model: 'm', baseUrl: 'ftp://host/v1' }), /http and https/);
  assert.throws(
    () => resolveModel({ provider: 'custom', model: 'm', baseUrl: 'http://user:secret@host/v1' }),
    (e: Error) => !e.message.includes('secret'),
  );
  assert.throws(() => resolveModel({ provider: 'vscode-lm', model: 'copilot-gpt-4o' }), /VS Code client/);
  const c = resolveModel({ provider: 'custom', model: 'qwen', baseUrl: 'http://127.0.0.1:8000/v1/' });
  assert.equal(c.baseUrl, 'http://127.0.0.1:8000/v1');
  assert.equal(c.origin, 'http://127.0.0.1:8000');
  assert.equal(c.apiKeyEnv, undefined);
});

test('origins drop default ports and paths and lower-case the host', () => {
  assert.equal(originOf('https://API.DeepSeek.com:443/chat/completions'), 'https://api.deepseek.com');
  assert.equal(originOf('http://localhost:80/v1'), 'http://localhost');
  assert.equal(originOf('http://localhost:11434/v1'), 'http://localhost:11434');
});

test('chat-completions URL: joined to the base path, the query kept after it', () => {
  assert.equal(chatCompletionsUrl('http://127.0.0.1:8080/v1?key=abc'), 'http://127.0.0.1:8080/v1/chat/completions?key=abc');
  assert.equal(chatCompletionsUrl('https://api.deepseek.com'), 'https://api.deepseek.com/chat/completions');
  assert.equal(chatCompletionsUrl('https://h/api/v1//#frag'), 'https://h/api/v1/chat/completions');
});

test('redactUrl hides every query value, user info and fragment, keeping the names', () => {
  assert.equal(
    redactUrl('https://u:p@h.example/v1/chat/completions?key=abc&api_key=x&sig=y&flag#top'),
    'https://h.example/v1/chat/completions?key=***&api_key=***&sig=***&flag=***',
  );
  assert.equal(redactUrl('https://h.example/v1'), 'https://h.example/v1');
  assert.equal(redactUrl('not a url?token=abc'), 'not a url?token=***');
  assert.deepEqual(queryValues('https://h/v1?key=a%2Fb&t'), ['a%2Fb', 'a/b', 't']);
});

test('loopback hosts, and plain http refused elsewhere unless allowed', () => {
  for (const h of ['localhost', 'LOCALHOST', 'api.localhost', '127.0.0.1', '127.8.9.10', '[::1]']) assert.ok(isLoopbackHost(h), h);
  for (const h of ['example.org', '10.0.0.1', '127.0.0.1.example.org', 'localhost.example.org', '::2']) assert.ok(!isLoopbackHost(h), h);
  assert.equal(insecureHttpProblem('http://localhost:11434/v1', false), undefined);
  assert.equal(insecureHttpProblem('https://api.deepseek.com', false), undefined);
  assert.equal(insecureHttpProblem('http://gpu-box.lan:8000/v1', true), undefined);
  const problem = insecureHttpProblem('http://gpu-box.lan:8000/v1', false);
  assert.match(problem?.en ?? '', /^refused to send requests in clear to http:\/\/gpu-box\.lan:8000/);
  assert.match(problem?.fr ?? '', /^envoi en clair vers http:\/\/gpu-box\.lan:8000 refusé/);
});

test("a preset's key variable is at home only on its preset's origin", () => {
  assert.ok(keyIsAtHome('DEEPSEEK_API_KEY', 'https://api.deepseek.com'));
  assert.ok(!keyIsAtHome('DEEPSEEK_API_KEY', 'http://127.0.0.1:9'));
  assert.ok(!keyIsAtHome('DEEPSEEK_API_KEY', 'https://openrouter.ai'));
  assert.ok(keyIsAtHome('GEMINI_API_KEY', 'https://generativelanguage.googleapis.com'));
  assert.ok(!keyIsAtHome('MY_KEY', 'https://api.deepseek.com'));
});

test("a user's own list lets a variable's key go to the origins it names, and nowhere else", () => {
  const allowed = { MY_VLLM_KEY: ['http://127.0.0.1:8000', 'https://llm.example.org/v1'], OTHER: 'not a list' };
  assert.ok(keyOriginAllowedByUser('MY_VLLM_KEY', 'http://127.0.0.1:8000', allowed));
  assert.ok(keyOriginAllowedByUser('MY_VLLM_KEY', 'https://llm.example.org', allowed), 'compared as origins');
  assert.ok(!keyOriginAllowedByUser('MY_VLLM_KEY', 'http://127.0.0.1:8001', allowed));
  assert.ok(!keyOriginAllowedByUser('DEEPSEEK_API_KEY', 'http://127.0.0.1:8000', allowed));
  assert.ok(!keyOriginAllowedByUser('OTHER', 'http://127.0.0.1:8000', allowed));
  for (const bad of [undefined, null, [], 'x', { MY_VLLM_KEY: ['not a url'] }]) assert.ok(!keyOriginAllowedByUser('MY_VLLM_KEY', 'http://127.0.0.1:8000', bad));
});
