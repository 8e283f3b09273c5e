import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { main } from '../main';
import { captureIo } from '../../test/helpers/captureIo';
import { fakeServersForThisFile } from '../../test/helpers/fakeServers';
import { cellShard } from '../../core/bench/shard';
import { finishedMatrix, loadBenchmark } from '../../runner/bench';

const server = fakeServersForThisFile();

const corpus = {
  dataset: { id: 'eng-ewe-bench', version: '1.0', language_pair: 'English → Ewe', source_language: 'en', target_language: 'ee' },
  entries: [
    { id: 1, source: 'Good morning.', reference: 'Ŋdi na wò.', segment: 'development', difficulty: 1 },
    { id: 2, source: 'Thank you.', reference: 'Akpe.', segment: 'development', difficulty: 1 },
    { id: 3, source: 'Welcome.', reference: 'Woezɔ.', segment: 'development', difficulty: 2 },
  ],
};

/** 3 models × 2 temperatures: 6 cells; the good model translates right, the others half or not at all. */
function benchFolder(baseUrl: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ewb-shard-'));
  fs.mkdirSync(path.join(dir, 'corpora'));
  fs.writeFileSync(path.join(dir, 'corpora', 'eng-ewe.json'), JSON.stringify(corpus, null, 2));
  const benchmark = {
    $schema: 'https://ewebench.studio/schemas/benchmark.schema.json',
    benchmark_version: 1,
    name: 'three models, two temperatures',
    axes: {
      models: [
        { base_url: baseUrl, model: 'good-model', price: { input_per_million: 3, output_per_million: 15 } },
        { base_url: baseUrl, model: 'fair-model', price: { input_per_million: 1, output_per_million: 2 } },
        { base_url: baseUrl, model: 'poor-model', price: { input_per_million: 0.1, output_per_million: 0.2 } },
      ],
      temperatures: [0, 0.7],
    },
    targets: [{ corpus: 'corpora/eng-ewe.json' }],
    batch_size: 1,
  };
  fs.writeFileSync(path.join(dir, 'bench.json'), JSON.stringify(benchmark, null, 2));
  return dir;
}

const io = (dir: string) => Object.assign(captureIo(dir), { env: {}, stderrIsTTY: false });

interface Report {
  cells: { cell: string; outcome: string; figures: { file: string; avgLatencySeconds: number | null } | null }[];
}

/**
 * The report with what differs between two runs of the same cells set aside: the card's file name (its run id
 * holds the time of the run) is cut to its folder, and the measured latency is blanked. Everything else (cells,
 * outcomes, quality, tokens, cost, seals, Pareto front, estimate, paths of the cells' folders) must be equal.
 */
function normalised(json: string): string {
  const report = JSON.parse(json) as Report;
  for (const c of report.cells)
    if (c.figures) {
      c.figures.file = path.posix.dirname(c.figures.file.split(path.sep).join('/'));
      c.figures.avgLatencySeconds = null;
    }
  return JSON.stringify(report, null, 2);
}

test('bench --shard K/N: 3 shards run each cell once and merge to the unsharded matrix; the matrix view reads the shards together', async () => {
  const fake = await server({
    fallback: {
      kind: 'respond',
      fn: (request) => {
        const body = request.body as { model: string; messages: { content: string }[] };
        const source = body.messages[body.messages.length - 1].content;
        const entry = corpus.entries.find((e) => source.includes(e.source));
        const right = body.model === 'good-model' || (body.model === 'fair-model' && entry?.id !== 3);
        return { kind: 'answer', text: right ? (entry?.reference ?? '?') : 'Hello.' };
      },
    },
  });

  // The unsharded run.
  const whole = benchFolder(fake.baseUrl);
  const unsharded = io(whole);
  assert.equal(
    await main(['bench', 'bench.json', '--yes', '--allow-insecure-http', '--cache-dir', path.join(whole, 'cache'), '--format', 'json'], unsharded),
    0,
    unsharded.err,
  );
  assert.equal(fake.requests.length, 18);

  // Three shards, each as a CI job would run it (its own cache), all writing where the unsharded run writes.
  const sharded = benchFolder(fake.baseUrl);
  const cellsRun: string[] = [];
  for (const k of [1, 2, 3]) {
    const before: number = fake.requests.length;
    const shard = io(sharded);
    const args = ['bench', 'bench.json', '--yes', '--allow-insecure-http', '--shard', `${k}/3`, '--format', 'json'];
    assert.equal(await main([...args, '--cache-dir', path.join(sharded, `cache-${k}`)], shard), 0, shard.err);
    const report = JSON.parse(shard.out) as Report & { shard: { index: number; count: number } };
    assert.deepEqual(report.shard, { index: k, count: 3 });
    for (const c of report.cells) assert.equal(cellShard({ id: c.cell }, 3), k, `${c.cell} ran in shard ${k}`);
    assert.equal(fake.requests.length - before, report.cells.length * 3, `shard ${k} sent its own cells' requests only`);
    assert.match(shard.err, new RegExp(`bench/bench-shard-${k}-of-3\\.json: shard ${k} of 3 written`));
    cellsRun.push(...report.cells.map((c) => c.cell));
  }
  assert.equal(fake.requests.length, 36, 'the shards together sent what the unsharded run sent');
  const expectedCells = (JSON.parse(unsharded.out) as Report).cells.map((c) => c.cell);
  assert.deepEqual([...cellsRun].sort(), [...expectedCells].sort(), 'every cell ran exactly once');

  // Merged from the one folder they share: the unsharded report, byte for byte but for card names and latency.
  const merged = io(sharded);
  assert.equal(await main(['bench', 'bench.json', '--merge', 'bench', '--format', 'json'], merged), 0, merged.err);
  assert.equal(normalised(merged.out), normalised(unsharded.out));
  assert.equal(fake.requests.length, 36, 'a merge sends nothing');

  // Merged from one folder per shard, as a CI merge job downloads its artifacts.
  for (const k of [1, 2, 3]) {
    const to = path.join(sharded, 'shards', `bench-shard-${k}`);
    fs.mkdirSync(to, { recursive: true });
    fs.copyFileSync(path.join(sharded, 'bench', `bench-shard-${k}-of-3.json`), path.join(to, `bench-shard-${k}-of-3.json`));
    for (const cell of expectedCells.filter((c) => cellShard({ id: c }, 3) === k))
      fs.cpSync(path.join(sharded, 'bench', cell), path.join(to, cell), { recursive: true });
  }
  const fromArtifacts = io(sharded);
  const folders = [1, 2, 3].map((k) => `shards/bench-shard-${k}`);
  assert.equal(await main(['bench', 'bench.json', '--merge', ...folders], fromArtifacts), 0, fromArtifacts.err);
  const plain = io(sharded);
  assert.equal(await main(['bench', 'bench.json', '--merge', 'bench'], plain), 0, plain.err);
  const noPaths = (text: string) => text.replace(/\s+/g, ' ').replace(/ \d+\.\d{3} /g, ' L ');
  assert.equal(noPaths(fromArtifacts.out), noPaths(plain.out), 'the text matrix is the same from one folder or three');
  assert.match(plain.out, /three models, two temperatures/);

  // The matrix view (and a plain rerun) read the shards' outputs together: every cell finished, nothing to run.
  const loaded = loadBenchmark(
    path.join(sharded, 'bench.json'),
    fs.readFileSync(path.join(sharded, 'bench.json'), 'utf8'),
    (f) => fs.readFileSync(f, 'utf8'),
    (f) => f,
  );
  const view = finishedMatrix(loaded, (f) => path.relative(sharded, f));
  assert.deepEqual(
    view.map((r) => [r.cell, r.outcome, r.figures?.verification]),
    expectedCells.map((c) => [c, 'skipped', 'verified']),
  );
  const rerun = io(sharded);
  assert.equal(await main(['bench', 'bench.json', '--allow-insecure-http', '--cache-dir', path.join(sharded, 'cache-4')], rerun), 0, rerun.err);
  assert.match(rerun.err, /6 already have a verified, complete output and are skipped; 0 to run/);
  assert.equal(fake.requests.length, 36);

  // Refusals: a shard left out (its cells named, with their shard), a shard given twice, another matrix.
  const missingShard = io(sharded);
  assert.equal(await main(['bench', 'bench.json', '--merge', folders[0], folders[2]], missingShard), 2);
  const ofTwo = expectedCells.filter((c) => cellShard({ id: c }, 3) === 2);
  assert.ok(ofTwo.length > 0);
  for (const c of ofTwo)
    assert.match(missingShard.err, new RegExp(`cell ${c.replace(/\./g, '\\.')} is missing: it belongs to shard 2 of 3, and no output of that shard was given`));
  const overlap = io(sharded);
  assert.equal(await main(['bench', 'bench.json', '--merge', 'bench', folders[0]], overlap), 2);
  assert.match(overlap.err, /the shards do not merge into bench\.json's matrix:/);
  assert.match(
    overlap.err,
    /cell \S+ is in two shard outputs: bench\/bench-shard-1-of-3\.json \(shard 1 of 3\) and shards\/bench-shard-1\/bench-shard-1-of-3\.json \(shard 1 of 3\): the shards overlap/,
  );
  const benchFile = path.join(sharded, 'bench.json');
  fs.writeFileSync(benchFile, fs.readFileSync(benchFile, 'utf8').replace('three models, two temperatures', 'renamed'));
  const other = io(sharded);
  assert.equal(await main(['bench', 'bench.json', '--merge', ...folders], other), 2);
  assert.match(
    other.err,
    /shards\/bench-shard-1\/bench-shard-1-of-3\.json: shard 1 of 3 of another benchmark matrix \(matrix sha256 [0-9a-f]{12}…, this benchmark's is [0-9a-f]{12}…\)/,
  );
});

test('bench --shard refuses a malformed K/N, and --merge takes no --shard', async () => {
  const dir = benchFolder('http://127.0.0.1:9/v1');
  for (const bad of ['0/3', '4/3', '3', 'a/b']) {
    const out = io(dir);
    assert.equal(await main(['bench', 'bench.json', '--shard', bad], out), 2);
    assert.match(out.err, /--shard .*: must be K\/N with 1 ≤ K ≤ N ≤ 1000/);
  }
  const both = io(dir);
  assert.equal(await main(['bench', 'bench.json', '--merge', 'bench', '--shard', '1/2'], both), 2);
  assert.match(both.err, /--merge reads the shards' outputs: it runs nothing, so it takes no --shard/);
  const none = io(dir);
  assert.equal(await main(['bench', 'bench.json', '--merge', 'nowhere'], none), 2);
  assert.match(none.err, /nowhere: not a folder that can be read/);
});
