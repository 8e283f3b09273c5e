import { test } from 'node:test';
import assert from 'node:assert/strict';
import { sentenceChrf } from '../scoring/chrf';
import { cleanTranslation, entryRecord, testRecord, type TestRecordInput } from './records';
import { entryRequest, testRequest } from './request';
import { corpusRunInfo } from './corpus';
import type { ChatOutcome } from './types';

const usage = { prompt_tokens: 20, completion_tokens: 5, reasoning_tokens: 0, cached_tokens: 0 };
const ok = (text: string): ChatOutcome => ({ ok: true, text, usage, latencyMs: 1200, cached: false, attempts: 1, modelId: 'deepseek-chat-v3' });
const failed: ChatOutcome = { ok: false, kind: 'http', status: 401, error: '401 from api.deepseek.com', latencyMs: 80, attempts: 1 };

function input(t: unknown, outcome: ChatOutcome, extra: Partial<TestRecordInput> = {}): TestRecordInput {
  return {
    test: t,
    category: 'translation',
    sourceFile: 'tests/translation.json',
    testHash: 'h',
    repeat: 0,
    model: 'deepseek-chat',
    origin: 'https://api.deepseek.com',
    request: testRequest(t, 'deepseek-chat'),
    outcome,
    finishedAt: '2026-11-23T10:00:00.000Z',
    ...extra,
  };
}

test('an answered test is scored as the harness scores it, with its breakdown, usage and latency', () => {
  const t = { id: 'tr_01', prompt: 'Translate', eval_method: 'keywords', expected_keywords: ['ŋdi', 'na', 'wò', 'ame'] };
  const r = testRecord(input(t, ok('Ŋdi na wò')));
  assert.equal(r.test_id, 'tr_01');
  assert.equal(r.score, 0.75);
  assert.equal(r.rounded_score, 0.75);
  assert.equal(r.passed, true);
  assert.equal(r.method, 'keywords');
  assert.equal(r.breakdown?.method, 'keywords');
  assert.equal(r.response, 'Ŋdi na wò');
  assert.equal(r.error, null);
  assert.equal(r.latency_ms, 1200);
  assert.deepEqual(r.usage, usage);
  assert.equal(r.model_id, 'deepseek-chat-v3');
  assert.equal(r.cached, false);
});

test('rounding as the harness: the rounded score decides the pass (0.6999999999999998 passes)', () => {
  const t = { prompt: 'p', eval_method: 'composite', expected_keywords: ['zz'], expected_format: { min_length: 1 } };
  const r = testRecord(input(t, ok('ɖe le nye wò mí kple dzi ƒe gbɔ.')));
  assert.equal(r.rounded_score, Math.round(r.score! * 1000) / 1000);
  assert.equal(r.test_id, 'translation_0');
  assert.equal(testRecord(input(t, ok('x'), { index: 4 })).test_id, 'translation_4');
});

test('a failed call has no score, the failure as error and reason, and no usage: never a silent 0', () => {
  const r = testRecord(input({ id: 'x', prompt: 'p', eval_method: 'exact_match', expected: 'a' }, failed));
  assert.equal(r.score, null);
  assert.equal(r.rounded_score, null);
  assert.equal(r.passed, null);
  assert.equal(r.response, null);
  assert.equal(r.error, '401 from api.deepseek.com');
  assert.equal(r.error_kind, 'http');
  assert.equal(r.reason, '401 from api.deepseek.com');
  assert.equal(r.method, 'exact_match');
  assert.equal(r.usage.prompt_tokens, 0);
});

test('a test the harness would crash on keeps a null score with the Python reason', () => {
  const r = testRecord(input({ id: 'x', prompt: 'p', eval_method: 'exact_match' }, ok('a')));
  assert.equal(r.score, null);
  assert.equal(r.passed, null);
  assert.match(r.reason ?? '', /KeyError: 'expected'/);
  assert.equal(r.error, null);
});

test('strict scoring is marked on the record', () => {
  const t = { prompt: 'p', eval_method: 'format', expected_format: { contains_ewe: false } };
  assert.equal(testRecord(input(t, ok('ɖe'), { strict: true })).strict, true);
  assert.equal(testRecord(input(t, ok('ɖe'))).strict, undefined);
});

const corpus = corpusRunInfo({
  dataset: { id: 'd', target_language: 'ee' },
  entries: [{ id: 9, source: 'Good morning.', reference: 'Ŋdi na wò.', difficulty: 2, provenance: 'textbook', segment: 'development' }],
});
const entry = corpus.entries[0];
const entryInput = (outcome: ChatOutcome) => ({
  entry,
  sourceFile: 'corpus.json',
  entryHash: 'e',
  repeat: 0,
  model: 'm',
  origin: 'http://127.0.0.1:9',
  request: entryRequest(entry, corpus, 'm'),
  outcome,
  finishedAt: 'now',
});

test('a translated entry: exact match after NFC on the cleaned answer, sentence chrF++, latency in seconds', () => {
  const r = entryRecord(entryInput(ok('"Ŋdi na wò."\n')));
  assert.equal(r.predicted, 'Ŋdi na wò.');
  assert.equal(r.raw_predicted, '"Ŋdi na wò."\n');
  assert.equal(r.exact_match, true);
  assert.equal(r.entry_chrf, 100);
  assert.equal(r.latency_seconds, 1.2);
  assert.equal(r.entry_id, 9);
  assert.equal(r.difficulty, 2);
  assert.equal(r.provenance, 'textbook');
  const decomposed = entryRecord(entryInput(ok('Ŋdi na wò.'.normalize('NFD'))));
  assert.equal(decomposed.exact_match, true);
  const near = entryRecord(entryInput(ok('Ŋdi na wo.')));
  assert.equal(near.exact_match, false);
  assert.equal(near.entry_chrf, sentenceChrf('Ŋdi na wo.', ['Ŋdi na wò.']).score);
  assert.equal(near.raw_predicted, undefined);
});

test('a failed entry: predicted null, chrF++ 0, no match, the error kept', () => {
  const r = entryRecord(entryInput(failed));
  assert.equal(r.predicted, null);
  assert.equal(r.entry_chrf, 0);
  assert.equal(r.exact_match, false);
  assert.equal(r.error, '401 from api.deepseek.com');
});

test('cleaning follows the harness: quotes, backticks, bold, first non-empty line', () => {
  assert.equal(cleanTranslation('  **Ŋdi na wò.**  '), 'Ŋdi na wò.');
  assert.equal(cleanTranslation('`Ŋdi`'), 'Ŋdi');
  assert.equal(cleanTranslation('\n\nFirst line\nSecond line'), 'First line');
  assert.equal(cleanTranslation(''), '');
});
