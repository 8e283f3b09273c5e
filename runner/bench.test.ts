import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { fakeServersForThisFile } from '../test/helpers/fakeServers';
import { estimateOf, finishedMatrix, loadBenchmark, runCells, splitCells } from './bench';
import { openAICompatibleProvider } from './provider';
import type { BenchCell } from '../core/bench/plan';

const server = fakeServersForThisFile();

const corpus = {
  dataset: { id: 'eng-ewe-bench', version: '1.0', language_pair: 'English → Ewe', source_language: 'en', target_language: 'ee' },
  entries: [
    { id: 1, source: 'Good morning.', reference: 'Ŋdi na wò.', segment: 'development', difficulty: 1 },
    { id: 2, source: 'Thank you.', reference: 'Akpe.', segment: 'development', difficulty: 1 },
  ],
};

function benchmark(baseUrl: string): { dir: string; file: string; text: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ewb-runner-bench-'));
  fs.writeFileSync(path.join(dir, 'corpus.json'), JSON.stringify(corpus, null, 2));
  const text = JSON.stringify({
    benchmark_version: 1,
    name: 'two models',
    axes: {
      models: [
        { base_url: baseUrl, model: 'one', price: { input_per_million: 1, output_per_million: 2 } },
        { base_url: baseUrl, model: 'two' },
      ],
      temperatures: [0],
    },
    targets: [{ corpus: 'corpus.json' }],
    batch_size: 1,
  });
  const file = path.join(dir, 'bench.json');
  fs.writeFileSync(file, text);
  return { dir, file, text };
}

const display = (f: string) => f;
const read = (f: string) => fs.readFileSync(f, 'utf8');

test('runCells: each cell in turn with its progress; a cancel stops after the cell in flight; the matrix reads back from the cards', async () => {
  const fake = await server({ fallback: { kind: 'answer', text: 'Akpe.' } });
  const { dir, file, text } = benchmark(fake.baseUrl);
  const loaded = loadBenchmark(file, text, read, display);
  const { outcomes, toRun } = splitCells(loaded, display);
  assert.deepEqual(
    toRun.map((c) => c.model.model),
    ['one', 'two'],
  );
  const estimate = estimateOf(loaded.plan, toRun);
  assert.equal(estimate.requests, 4);
  assert.deepEqual(estimate.unpriced, ['two']);
  assert.ok(estimate.costUsd !== null && estimate.costUsd > 0);

  // Cancelled as the first cell starts: that cell is cut short, the second never starts.
  const abort = new AbortController();
  const started: string[] = [];
  const options = {
    providerFor: (cell: BenchCell) => ({
      provider: openAICompatibleProvider({ baseUrl: fake.baseUrl, allowInsecureHttp: true }),
      model: { model: cell.model.model, endpoint: fake.baseUrl },
    }),
    cacheDir: path.join(dir, 'cache'),
    allowSecretSegments: false,
    toolVersion: 'test',
  };
  const cut = await runCells(
    loaded,
    toRun,
    outcomes,
    {
      ...options,
      signal: abort.signal,
      onCell: (_k, _n, cell) => {
        started.push(cell.id);
        abort.abort();
      },
    },
    display,
  );
  assert.equal(started.length, 1);
  assert.deepEqual(
    cut.map((r) => r.outcome),
    ['failed', 'not-run'],
  );

  // Run again to the end: both cells ran, with progress reported.
  const again = splitCells(loadBenchmark(file, text, read, display), display);
  let progressed = 0;
  const rows = await runCells(
    loaded,
    again.toRun,
    again.outcomes,
    {
      ...options,
      onProgress: () => progressed++,
    },
    display,
  );
  assert.deepEqual(
    rows.map((r) => [r.model, r.outcome, r.figures?.verification]),
    [
      ['one', 'ran', 'verified'],
      ['two', 'ran', 'verified'],
    ],
  );
  assert.ok(progressed > 0);
  const sent = fake.requests.length;

  // Opened later (Show Benchmark Matrix): the same figures from the cards, nothing sent.
  const opened = finishedMatrix(loadBenchmark(file, text, read, display), display);
  assert.deepEqual(
    opened.map((r) => [r.model, r.outcome, r.figures?.quality]),
    rows.map((r) => [r.model, 'skipped', r.figures?.quality]),
  );
  assert.equal(fake.requests.length, sent);
});

test('a provider that cannot be made fails its cell only; the other cells still run', async () => {
  const fake = await server({ fallback: { kind: 'answer', text: 'Akpe.' } });
  const { file, text } = benchmark(fake.baseUrl);
  const loaded = loadBenchmark(file, text, read, display);
  const { outcomes, toRun } = splitCells(loaded, display);
  const errors: string[] = [];
  const rows = await runCells(
    loaded,
    toRun,
    outcomes,
    {
      providerFor: (cell) => {
        if (cell.model.model === 'one') throw new Error('no key');
        return { provider: openAICompatibleProvider({ baseUrl: fake.baseUrl, allowInsecureHttp: true }), model: { model: 'two', endpoint: fake.baseUrl } };
      },
      cacheDir: path.join(path.dirname(file), 'cache'),
      allowSecretSegments: false,
      toolVersion: 'test',
      onError: (cell, message) => errors.push(`${cell.model.model}: ${message}`),
    },
    display,
  );
  assert.deepEqual(
    rows.map((r) => r.outcome),
    ['failed', 'ran'],
  );
  assert.deepEqual(errors, ['one: no key']);
});
