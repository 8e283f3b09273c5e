import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { benchCellCount, BenchmarkError, MAX_BENCH_CELLS, planBenchmark, readBenchmark, targetSize } from './plan';
import { propertyRuns } from '../../test/helpers/property';

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

test('a benchmark whose axes multiply past MAX_BENCH_CELLS is refused from the axes alone, naming them, before a cell is built', () => {
  // The schema allows it: 8 free axes of 32 values each (2^40 cells).
  const huge = {
    ...value,
    axes: { ...value.axes, free: Object.fromEntries(Array.from({ length: 8 }, (_, i) => [`a${i}`, Array.from({ length: 32 }, (_, k) => k)])) },
  };
  assert.throws(
    () => readBenchmark(huge),
    (e: unknown) =>
      e instanceof BenchmarkError &&
      /^This benchmark plans [\d,]+ cells \(models 2 × temperatures 2 × prompt_versions 2 × free\.a0 32 × .* × free\.a7 32 × targets\.corpus 1 \+ models 2 × free\.a0 32 × .* × targets\.tests 1\), more than the 10,000 a benchmark may hold: remove values from the largest axes/.test(
        e.message,
      ),
  );
  assert.equal(benchCellCount(huge).cells, 2 * 2 * 2 * 32 ** 8 + 2 * 32 ** 8);
  // planBenchmark checks too (a Benchmark built by hand), before building anything.
  const small = readBenchmark(value);
  const many = { ...small, free: [['trial', Array.from({ length: MAX_BENCH_CELLS }, (_, k) => k)]] as [string, number[]][] };
  assert.throws(() => planBenchmark(many, new Map()), BenchmarkError);
});

test('the cell count is the number of cells planned, and the bound is exact', () => {
  fc.assert(
    fc.property(
      fc.integer({ min: 1, max: 4 }),
      fc.integer({ min: 1, max: 3 }),
      fc.array(fc.integer({ min: 1, max: 4 }), { maxLength: 3 }),
      fc.integer({ min: 0, max: 2 }),
      fc.integer({ min: 0, max: 2 }),
      (models, temps, freeSizes, corpora, testsCount) => {
        fc.pre(corpora + testsCount > 0);
        const v = {
          benchmark_version: 1,
          axes: {
            models: Array.from({ length: models }, (_, i) => ({ preset: 'ollama', model: `m${i % 2}` })),
            temperatures: Array.from({ length: temps }, (_, i) => i / 10),
            free: Object.fromEntries(freeSizes.map((n, i) => [`f${i}`, Array.from({ length: n }, (_, k) => k)])),
          },
          targets: [
            ...Array.from({ length: corpora }, (_, i) => ({ corpus: `c${i}.json` })),
            ...Array.from({ length: testsCount }, (_, i) => ({ tests: `t${i}.json` })),
          ],
        };
        const plan = planBenchmark(readBenchmark(v), new Map());
        assert.equal(plan.cells.length, benchCellCount(v).cells);
        assert.equal(new Set(plan.cells.map((c) => c.id)).size, plan.cells.length, 'cell ids are unique');
      },
    ),
    propertyRuns(100),
  );
  const edge = (n: number) => ({
    ...value,
    axes: { models: value.axes.models.slice(0, 1), free: { trial: Array.from({ length: n }, (_, k) => k) } },
    targets: [{ corpus: 'c.json' }],
  });
  assert.equal(readBenchmark(edge(MAX_BENCH_CELLS)).free[0][1].length, MAX_BENCH_CELLS, 'exactly the bound is allowed');
  assert.throws(() => readBenchmark(edge(MAX_BENCH_CELLS + 1)), BenchmarkError);
});
