import { test } from 'node:test';
import assert from 'node:assert/strict';
import { testRecord } from '../../core/run/records';
import { testRequest } from '../../core/run/request';
import type { EntryRunRecord } from '../../core/run/types';
import { englishL10n } from './l10n';
import { renderModelComparison, renderResultDetails } from './resultDetails';
import { runText } from '../../core/i18n/runMessages';

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

test('in French, the runner’s error reads in French from its code and parameters (the record keeps its English beside them)', () => {
  const t = { id: 'd3', prompt: 'Nya ka?', eval_method: 'ewe_quality' };
  const base = { test: t, category: 'reasoning', sourceFile: 'tests/reasoning.json', testHash: 'h', repeat: 0, model: 'm', origin: 'http://127.0.0.1:9' };
  const error = 'timed out: 3 attempts of 60 s';
  const record = testRecord({
    ...base,
    request: testRequest(t, 'm'),
    outcome: { ok: false, kind: 'timeout', error, text: runText('timedOutEvery', { attempts: 3, seconds: 60 }), latencyMs: 181500, attempts: 3 },
    finishedAt: '2026-11-23T10:00:00Z',
  });
  const french = { t: englishL10n.t, locale: 'fr' as const };
  assert.match(renderResultDetails([record], french), /: délai dépassé\u00a0: 3 tentatives de 60 s/);
  assert.match(renderResultDetails([record], englishL10n), /: timed out: 3 attempts of 60 s/);
  assert.equal(record.error, error);
  assert.deepEqual([record.error_code, record.error_params], ['timedOutEvery', { attempts: 3, seconds: 60 }]);
  // A record without a code (an older results file) is shown as written: its English is never read back.
  const { error_code: _code, error_params: _params, ...older } = record;
  assert.match(renderResultDetails([older], french), /: timed out: 3 attempts of 60 s/);
});

test('the details of several models put their responses side by side in columns, then each model in full', () => {
  const t = { id: 'c1', prompt: 'Nya ka?', eval_method: 'exact_match', expected: 'Ɛ̃' };
  const make = (model: string, text: string) =>
    testRecord({
      test: t,
      category: 'reasoning',
      sourceFile: 'tests/reasoning.json',
      testHash: 'h',
      repeat: 0,
      model,
      origin: 'http://127.0.0.1:9',
      request: testRequest(t, model),
      outcome: {
        ok: true,
        text,
        usage: { prompt_tokens: 1, completion_tokens: 1, reasoning_tokens: 0, cached_tokens: 0 },
        latencyMs: 10,
        cached: false,
        attempts: 1,
      },
      finishedAt: '2026-11-23T10:00:00Z',
    });
  const long = 'ɖ'.repeat(100);
  const text = renderModelComparison(
    new Map([
      ['zeta', [make('zeta', 'Ɛ̃')]],
      ['alpha', [make('alpha', `B\n${long}`)]],
    ]),
    englishL10n,
  );
  const lines = text.split('\n');
  assert.equal(lines[0], '2 models on c1  (tests/reasoning.json)');
  assert.match(lines[2], /^ {2}alpha {2}failed 0\.0$/);
  assert.match(lines[3], /^ {2}zeta {3}passed 1\.0$/);
  const head = lines.findIndex((l) => l.startsWith('alpha'));
  assert.match(lines[head], /^alpha +│ zeta$/);
  // Column width (140 - 3) / 2 = 68: the first response line beside the other model's, the long line wrapped.
  assert.equal(lines[head + 2], `B${' '.repeat(67)} │ Ɛ̃`);
  assert.equal(lines[head + 3], `${'ɖ'.repeat(68)} │`);
  assert.equal(lines[head + 4], `${'ɖ'.repeat(32)}${' '.repeat(36)} │`);
  assert.ok(text.includes('==================== alpha ===================='));
  assert.ok(text.includes('Model: zeta  (http://127.0.0.1:9)'));
});

test('a corpus entry read back from a run card shows the request settings it keeps, not an empty messages list', () => {
  const record: EntryRunRecord = {
    kind: 'corpus-entry',
    entry_id: 7,
    source_file: 'corpus.json',
    entry_hash: 'h',
    repeat: 0,
    model: 'm',
    origin: '',
    request: { model: 'm', messages: [], temperature: 0, max_tokens: 512 },
    source: 'Good morning.',
    reference: 'Ŋdi nyuie.',
    predicted: 'Ŋdi nyuie.',
    exact_match: true,
    entry_chrf: 100,
    difficulty: 1,
    provenance: null,
    latency_seconds: 1,
    usage: { prompt_tokens: 1, completion_tokens: 1, reasoning_tokens: 0, cached_tokens: 0 },
    error: null,
    cached: false,
    finished_at: '2026-11-23T10:00:00Z',
  };
  const text = renderResultDetails([record], englishL10n);
  assert.doesNotMatch(text, /"messages"/);
  assert.match(text, /"temperature": 0/);
  assert.match(text, /does not keep the messages sent for each entry/);
});
