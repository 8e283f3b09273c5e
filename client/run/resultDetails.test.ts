import { test } from 'node:test';
import assert from 'node:assert/strict';
import { testRecord } from '../../core/run/records';
import { testRequest } from '../../core/run/request';
import { englishL10n } from './l10n';
import { renderResultDetails } from './resultDetails';

test('the details show the response verbatim, the scoring, the request, latency and tokens', () => {
  const t = { id: 'd1', system: 'Ŋlɔ ɖe Eʋegbe me.', prompt: 'Nya ka?', eval_method: 'exact_match', expected: 'A' };
  const response = '<img src=x onerror=alert(1)> **A**';
  const record = testRecord({
    test: t,
    category: 'reasoning',
    sourceFile: 'tests/reasoning.json',
    testHash: 'h',
    repeat: 0,
    model: 'm',
    origin: 'http://127.0.0.1:9',
    request: testRequest(t, 'm'),
    outcome: {
      ok: true,
      text: response,
      usage: { prompt_tokens: 12, completion_tokens: 7, reasoning_tokens: 0, cached_tokens: 0 },
      latencyMs: 1500,
      cached: false,
      attempts: 1,
    },
    finishedAt: '2026-11-23T10:00:00Z',
  });
  const text = renderResultDetails([record], englishL10n);
  assert.ok(text.includes(response), 'the response appears exactly as the model wrote it');
  assert.match(text, /Status: failed \(score 0\.0, pass at 0\.7\)/);
  assert.match(text, /Method: exact_match/);
  assert.match(text, /Latency: 1\.5 s/);
  assert.match(text, /12 prompt tokens, 7 completion tokens/);
  assert.match(text, /"role": "system",\s+"content": "Ŋlɔ ɖe Eʋegbe me\."/);
  assert.match(text, /--- Scoring breakdown ---/);
});

test('a failed call says why and a VS Code chat model result explains the folded system prompt', () => {
  const t = { id: 'd2', prompt: 'Nya ka?', eval_method: 'ewe_quality' };
  const record = testRecord({
    test: t,
    category: 'reasoning',
    sourceFile: 'tests/reasoning.json',
    testHash: 'h',
    repeat: 0,
    model: 'gpt',
    origin: 'vscode-lm:copilot',
    request: testRequest(t, 'gpt'),
    outcome: { ok: false, kind: 'timeout', error: 'timeout after 60 s', latencyMs: 60000, attempts: 3 },
    finishedAt: '2026-11-23T10:00:00Z',
  });
  const text = renderResultDetails([record], englishL10n);
  assert.match(text, /Status: error \(timeout\): timeout after 60 s/);
  assert.match(text, /no system role/);
  assert.match(text, /\(no response\)/);
});

test('in French, the runner’s error and the scorer’s reason read in French (the record keeps its English)', () => {
  const t = { id: 'd3', prompt: 'Nya ka?', eval_method: 'ewe_quality' };
  const base = { test: t, category: 'reasoning', sourceFile: 'tests/reasoning.json', testHash: 'h', repeat: 0, model: 'm', origin: 'http://127.0.0.1:9' };
  const error = 'timed out: 3 attempts of 60 s';
  const record = testRecord({
    ...base,
    request: testRequest(t, 'm'),
    outcome: { ok: false, kind: 'timeout', error, latencyMs: 181500, attempts: 3 },
    finishedAt: '2026-11-23T10:00:00Z',
  });
  const french = { t: englishL10n.t, locale: 'fr' as const };
  assert.match(renderResultDetails([record], french), /: délai dépassé : 3 tentatives de 60 s/);
  assert.match(renderResultDetails([record], englishL10n), /: timed out: 3 attempts of 60 s/);
  assert.equal(record.error, error);
});
