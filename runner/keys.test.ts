import { test } from 'node:test';
import assert from 'node:assert/strict';
import { keyNeedsConsent, redact, resolveApiKey } from './keys';

test('a stored key comes first, then the configured variable, then the preset variable', () => {
  const env = { DEEPSEEK_API_KEY: 'sk-env', MY_KEY: 'sk-mine' };
  assert.deepEqual(resolveApiKey({ provider: 'deepseek', model: 'deepseek-chat' }, { stored: 'sk-stored', env, presetVariable: 'DEEPSEEK_API_KEY' }), {
    key: 'sk-stored',
    source: 'secret',
    variable: 'DEEPSEEK_API_KEY',
  });
  assert.deepEqual(resolveApiKey({ provider: 'deepseek', model: 'deepseek-chat' }, { env, presetVariable: 'DEEPSEEK_API_KEY' }), {
    key: 'sk-env',
    source: 'env',
    variable: 'DEEPSEEK_API_KEY',
  });
  assert.deepEqual(resolveApiKey({ provider: 'deepseek', model: 'deepseek-chat', apiKeyEnv: 'MY_KEY' }, { env, presetVariable: 'DEEPSEEK_API_KEY' }), {
    key: 'sk-mine',
    source: 'env',
    variable: 'MY_KEY',
  });
  assert.deepEqual(resolveApiKey({ provider: 'gemini', model: 'gemini-2.0-flash' }, { env: { GEMINI_API_KEY: '  ' }, presetVariable: 'GEMINI_API_KEY' }), {
    source: 'none',
    variable: 'GEMINI_API_KEY',
  });
  assert.deepEqual(resolveApiKey({ provider: 'ollama', model: 'llama3' }, { env }), { source: 'none' });
  // Without an explicit variable, the preset table's.
  assert.deepEqual(resolveApiKey({ provider: 'gemini', model: 'gemini-2.0-flash' }, { env: { GEMINI_API_KEY: 'g-key' } }), {
    key: 'g-key',
    source: 'env',
    variable: 'GEMINI_API_KEY',
  });
});

test('redact hides every occurrence of a key, plain or URL-encoded', () => {
  assert.equal(redact('key sk-a/b+c then sk-a%2Fb%2Bc and sk-a/b+c', ['sk-a/b+c']), 'key *** then *** and ***');
  assert.equal(redact('nothing to hide', [undefined, '']), 'nothing to hide');
});

test("an environment key needs the user's say anywhere but its preset's own origin; a stored key never does", () => {
  const env = { DEEPSEEK_API_KEY: 'sk-env', MY_KEY: 'sk-mine' };
  const preset = resolveApiKey({ provider: 'deepseek', model: 'deepseek-chat' }, { env });
  assert.equal(keyNeedsConsent(preset, 'https://api.deepseek.com'), false);
  assert.equal(keyNeedsConsent(preset, 'https://collector.example'), true);
  assert.equal(keyNeedsConsent(resolveApiKey({ provider: 'custom', model: 'm', apiKeyEnv: 'MY_KEY' }, { env }), 'https://my.example'), true);
  assert.equal(keyNeedsConsent(resolveApiKey({ provider: 'deepseek', model: 'm' }, { stored: 'sk-stored', env }), 'https://collector.example'), false);
  assert.equal(keyNeedsConsent(resolveApiKey({ provider: 'ollama', model: 'm' }, { env }), 'http://localhost:11434'), false);
});
