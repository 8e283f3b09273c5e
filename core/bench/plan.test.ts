import { test } from 'node:test';
import assert from 'node:assert/strict';
import { BenchmarkError, planBenchmark, readBenchmark, targetSize } from './plan';

const corpus = {
  dataset: { id: 'c', language_pair: 'English → Ewe' },
  entries: Array.from({ length: 10 }, (_, i) => ({ id: i + 1, source: 'x'.repeat(40), reference: 'y'.repeat(20), segment: 'development', difficulty: 1 })),
};
const tests = [{ id: 'rs_01', prompt: 'p'.repeat(80), eval_method: 'exact_match', expected: 'A' }];

const value = {
  benchmark_version: 1,
  axes: {
    models: [
      { preset: 'deepseek', model: 'deepseek-chat', price: { input_per_million: 1, output_per_million: 2 } },
      { preset: 'ollama', model: 'llama3.1' },
    ],
    temperatures: [0, 0.7],
    prompt_versions: ['naive', 'multilingual'],
    free: { trial: [1, 2] },
  },
  targets: [{ corpus: 'corpora/eng-ewe.json' }, { tests: 'tests/reasoning.json' }],
  batch_size: 5,
};

test('cells are the cartesian product; a tests target does not multiply by temperature or prompt', () => {
  const bench = readBenchmark(value);
  const sizes = new Map([
    ['corpora/eng-ewe.json', targetSize(bench.targets[0], corpus)],
    ['tests/reasoning.json', targetSize(bench.targets[1], tests)],
  ]);
  const plan = planBenchmark(bench, sizes);
  // Corpus: 2 models × 2 temperatures × 2 prompts × 2 trials = 16; tests: 2 models × 2 trials = 4.
  assert.equal(plan.cells.length, 20);
  assert.equal(new Set(plan.cells.map((c) => c.id)).size, 20);
  assert.equal(plan.cells[0].id, 'deepseek-chat_t0_naive_trial-1_eng-ewe');
  assert.equal(plan.cells[1].id, 'deepseek-chat_trial-1_reasoning');
  assert.equal(plan.cells[1].temperature, null);
  assert.ok(
    plan.cells.every((c) => !c.useCache),
    'a free axis turns the cache off: each cell is its own sample',
  );
  // naive: 10 entries in batches of 5 = 2 requests; multilingual: one per entry.
  const naive = plan.cells[0].estimate;
  assert.deepEqual([naive.requests, naive.promptTokens, naive.completionTokens], [2, 100 + 120, 50]);
  assert.equal(naive.costUsd, (220 * 1 + 50 * 2) / 1e6);
  const multilingual = plan.cells.find((c) => c.promptVersion === 'multilingual' && c.model.model === 'deepseek-chat');
  assert.equal(multilingual?.estimate.requests, 10);
  assert.deepEqual(plan.unpriced, ['llama3.1']);
  const llama = plan.cells.find((c) => c.model.model === 'llama3.1');
  assert.equal(llama?.estimate.costUsd, null);
});

test('defaults: temperature 0, the naive prompt, the cache on without free axes', () => {
  const bench = readBenchmark({ benchmark_version: 1, axes: { models: [{ base_url: 'http://127.0.0.1:1/v1', model: 'm' }] }, targets: [{ corpus: 'c.json' }] });
  const plan = planBenchmark(bench, new Map());
  assert.deepEqual(
    plan.cells.map((c) => [c.id, c.temperature, c.promptVersion, c.useCache]),
    [['m_t0_naive_c', 0, 'naive', true]],
  );
  assert.equal(plan.total.costUsd, null);
  assert.throws(() => readBenchmark({ axes: { models: [] }, targets: [] }), BenchmarkError);
});
