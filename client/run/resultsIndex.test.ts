import { test } from 'node:test';
import assert from 'node:assert/strict';
import { testRecord } from '../../core/run/records';
import { testRequest } from '../../core/run/request';
import type { ChatOutcome, TestRunRecord } from '../../core/run/types';
import { eweScoresByModel, ResultsIndex } from './resultsIndex';

const TEST = { id: 'rs_1', prompt: 'Tia.', eval_method: 'keywords', expected_keywords: ['a', 'b'] };
const ok = (text: string): ChatOutcome => ({
  ok: true,
  text,
  usage: { prompt_tokens: 1, completion_tokens: 1, reasoning_tokens: 0, cached_tokens: 0 },
  latencyMs: 10,
  cached: false,
  attempts: 1,
});

function record(text: string, at: string, extra: Partial<TestRunRecord> = {}, category = 'reasoning', model = 'm1'): TestRunRecord {
  const r = testRecord({
    test: TEST,
    category,
    sourceFile: `tests/${category}.json`,
    testHash: 'h',
    repeat: 0,
    model,
    origin: 'http://127.0.0.1:9',
    request: testRequest(TEST, model),
    outcome: ok(text),
    finishedAt: at,
  });
  return { ...r, ...extra };
}

test('the newest result of an item wins, whichever file or live run it comes from', () => {
  const index = new ResultsIndex();
  index.setSource('file:///w/results/a.json', [record('a', '2026-11-23T09:00:00Z', { run_id: 'a' })]);
  index.append('live:1', record('a b', '2026-11-23T10:00:00Z', { run_id: 'b' }));
  assert.equal(index.outcomes('tests/reasoning.json').get('rs_1')?.record.finished_at, '2026-11-23T10:00:00Z');
  index.deleteSource('live:1');
  assert.equal(index.outcomes('tests/reasoning.json').get('rs_1')?.record.finished_at, '2026-11-23T09:00:00Z');
  index.setSource('file:///w/results/a.json', []);
  assert.equal(index.outcomes('tests/reasoning.json').size, 0);
});

test('the repeats of one run come back together with their mean and standard error', () => {
  const index = new ResultsIndex();
  index.setSource(
    'f',
    ['a', 'a b', 'a b'].map((t, i) => record(t, `2026-11-23T10:00:0${i}Z`, { run_id: 'r', repeat: i })),
  );
  const outcome = index.outcomes('tests/reasoning.json').get('rs_1');
  assert.equal(outcome?.kind, 'ewebench-test');
  if (outcome?.kind !== 'ewebench-test') return;
  assert.equal(outcome.repeat?.runs, 3);
  assert.ok(Math.abs((outcome.repeat?.mean ?? 0) - 5 / 6) < 1e-12);
  assert.equal(index.records('tests/reasoning.json', 'rs_1').length, 3);
});

test('the ÈwéScore is computed per model over the categories with results', () => {
  const records = [
    record('a b', '2026-11-23T10:00:00Z', { run_id: 'x' }, 'reasoning'),
    record('a', '2026-11-23T10:00:00Z', { run_id: 'x' }, 'translation'),
    record('', '2026-11-23T10:00:00Z', { run_id: 'y' }, 'reasoning', 'm2'),
  ];
  const scores = eweScoresByModel(records);
  assert.deepEqual(
    scores.map((s) => s.model),
    ['m1', 'm2'],
  );
  // reasoning 100 and translation 50, both weighted 0.12: 75.0
  assert.equal(scores[0].eweScore, 75);
  assert.deepEqual(
    scores[0].categories.map((c) => [c.category, c.score]),
    [
      ['reasoning', 100],
      ['translation', 50],
    ],
  );
});
