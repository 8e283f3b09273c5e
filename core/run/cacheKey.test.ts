import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cacheKey, endpointScope } from './cacheKey';
import { canonicalJson } from './canonicalJson';
import { itemHash } from './items';
import type { ChatRequest } from './types';

const request: ChatRequest = { model: 'deepseek-chat', messages: [{ role: 'user', content: 'Ŋdi' }], temperature: 0.3, max_tokens: 1024 };

test('the cache key is the SHA-256 of the sorted canonical JSON of origin, model, messages, temperature and max_tokens', () => {
  const key = cacheKey('https://api.deepseek.com', request);
  assert.match(key, /^[0-9a-f]{64}$/);
  assert.equal(
    canonicalJson({ origin: 'https://api.deepseek.com', ...request }),
    '{"max_tokens":1024,"messages":[{"content":"Ŋdi","role":"user"}],"model":"deepseek-chat","origin":"https://api.deepseek.com","temperature":0.3}',
  );
  // Key order in the request does not matter; every field does.
  assert.equal(cacheKey('https://api.deepseek.com', { temperature: 0.3, max_tokens: 1024, messages: request.messages, model: 'deepseek-chat' }), key);
  assert.notEqual(cacheKey('https://openrouter.ai', request), key);
  assert.notEqual(cacheKey('https://api.deepseek.com', { ...request, temperature: 0 }), key);
  assert.notEqual(cacheKey('https://api.deepseek.com', { ...request, model: 'other' }), key);
  assert.notEqual(cacheKey('https://api.deepseek.com', { ...request, max_tokens: 10 }), key);
  assert.notEqual(cacheKey('https://api.deepseek.com', { ...request, messages: [{ role: 'user', content: 'Ŋdi ' }] }), key);
});

test('nothing but those fields enters the key: a key attached to the request object changes nothing', () => {
  const withSecret = { ...request, apiKey: 'sk-secret', headers: { Authorization: 'Bearer sk-secret' } } as ChatRequest;
  assert.equal(cacheKey('https://api.deepseek.com', withSecret), cacheKey('https://api.deepseek.com', request));
});

test('item hashes ignore layout and key order but see every value', () => {
  const a = JSON.parse('{"id": "t1", "prompt": "Ŋkɔwòe?", "expected_keywords": ["ŋkɔ"]}');
  const b = JSON.parse('{\n  "expected_keywords": [ "ŋkɔ" ],\n  "prompt": "Ŋkɔwòe?",\n  "id": "t1"\n}');
  assert.equal(itemHash(a), itemHash(b));
  assert.notEqual(itemHash(a), itemHash({ ...a, prompt: 'Ŋkɔwò?' }));
  assert.notEqual(itemHash({ n: 1 }), itemHash({ n: '1' }));
  assert.equal(canonicalJson([1, null, { b: 2, a: [true] }]), '[1,null,{"a":[true],"b":2}]');
});

test('the endpoint scope tells apart two paths on one host and two queries, never showing a query', () => {
  assert.equal(endpointScope('https://api.deepseek.com'), 'https://api.deepseek.com');
  assert.equal(endpointScope('https://api.deepseek.com/'), 'https://api.deepseek.com');
  assert.equal(endpointScope('http://127.0.0.1:8000/v1/'), 'http://127.0.0.1:8000/v1');
  assert.notEqual(endpointScope('http://127.0.0.1:8000/a/v1'), endpointScope('http://127.0.0.1:8000/b/v1'));
  const withKey = endpointScope('https://h.example/v1?key=abc123secret');
  assert.match(withKey, /^https:\/\/h\.example\/v1\?[0-9a-f]{32}$/);
  assert.notEqual(withKey, endpointScope('https://h.example/v1?key=other'));
  assert.notEqual(cacheKey(endpointScope('http://127.0.0.1:8000/a/v1'), request), cacheKey(endpointScope('http://127.0.0.1:8000/b/v1'), request));
});
