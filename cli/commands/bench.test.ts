import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { main } from '../main';
import { captureIo } from '../../test/helpers/captureIo';
import { fakeServersForThisFile } from '../../test/helpers/fakeServers';
import { verifyRunCard } from '../../core/runcard/verify';

const server = fakeServersForThisFile();

const corpus = {
  dataset: { id: 'eng-ewe-bench', version: '1.0', language_pair: 'English → Ewe', source_language: 'en', target_language: 'ee' },
  entries: [
    { id: 1, source: 'Good morning.', reference: 'Ŋdi na wò.', segment: 'development', difficulty: 1 },
    { id: 2, source: 'Thank you.', reference: 'Akpe.', segment: 'development', difficulty: 1 },
    { id: 3, source: 'Welcome.', reference: 'Woezɔ.', segment: 'development', difficulty: 2 },
  ],
};

function benchFolder(baseUrl: string, extra: Record<string, unknown> = {}): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ewb-bench-'));
  fs.mkdirSync(path.join(dir, 'corpora'));
  fs.writeFileSync(path.join(dir, 'corpora', 'eng-ewe.json'), JSON.stringify(corpus, null, 2));
  const benchmark = {
    $schema: 'https://ewebench.studio/schemas/benchmark.schema.json',
    benchmark_version: 1,
    name: 'two models, two temperatures',
    axes: {
      models: [
        { base_url: baseUrl, model: 'cheap-model', price: { input_per_million: 0.1, output_per_million: 0.2 } },
        { base_url: baseUrl, model: 'dear-model', price: { input_per_million: 3, output_per_million: 15 } },
      ],
      temperatures: [0, 0.7],
    },
    targets: [{ corpus: 'corpora/eng-ewe.json' }],
    batch_size: 1,
    ...extra,
  };
  fs.writeFileSync(path.join(dir, 'bench.json'), JSON.stringify(benchmark, null, 2));
  return dir;
}

function io(dir: string) {
  return Object.assign(captureIo(dir), { env: {}, stderrIsTTY: false });
}

function cardsUnder(dir: string): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && /^rosetta_.*\.json$/.test(e.name))
    .map((e) => path.join(e.parentPath, e.name));
}

test('bench: 2 models × 2 temperatures give 4 verified cards; a rerun sends no request', async () => {
  // The dear model translates right, the cheap one does not: both are on the Pareto front.
  const fake = await server({
    fallback: {
      kind: 'respond',
      fn: (request) => {
        const body = request.body as { model: string; messages: { content: string }[] };
        const source = body.messages[body.messages.length - 1].content;
        const entry = corpus.entries.find((e) => source.includes(e.source));
        return { kind: 'answer', text: body.model === 'dear-model' ? (entry?.reference ?? '?') : 'Hello.' };
      },
    },
  });
  const dir = benchFolder(fake.baseUrl);
  const first = io(dir);
  assert.equal(
    await main(['bench', 'bench.json', '--yes', '--allow-insecure-http', '--cache-dir', path.join(dir, 'cache'), '--format', 'json'], first),
    0,
    first.err,
  );
  assert.equal(fake.requests.length, 12);
  const cards = cardsUnder(path.join(dir, 'bench'));
  assert.equal(cards.length, 4);
  for (const card of cards) assert.equal(verifyRunCard(fs.readFileSync(card, 'utf8')), 'verified', card);
  const temperatures = cards.map((c) => (JSON.parse(fs.readFileSync(c, 'utf8')) as { temperature: number; model_slug: string }).temperature).sort();
  assert.deepEqual(temperatures, [0, 0, 0.7, 0.7]);
  const report = JSON.parse(first.out) as {
    cells: {
      cell: string;
      model: string;
      temperature: number;
      outcome: string;
      pareto: boolean;
      figures: { quality: number; costUsd: number; costSource: string };
    }[];
  };
  assert.deepEqual(
    report.cells.map((c) => [c.model, c.temperature, c.outcome]),
    [
      ['cheap-model', 0, 'ran'],
      ['cheap-model', 0.7, 'ran'],
      ['dear-model', 0, 'ran'],
      ['dear-model', 0.7, 'ran'],
    ],
  );
  const dear = report.cells.filter((c) => c.model === 'dear-model');
  assert.ok(dear.every((c) => c.figures.quality > report.cells[0].figures.quality));
  assert.ok(dear.every((c) => c.figures.costUsd > report.cells[0].figures.costUsd && c.figures.costSource === 'tokens × price'));
  // Equal figures at both temperatures: the first cheap cell and the first dear cell stand for the front.
  assert.deepEqual(
    report.cells.map((c) => c.pareto),
    [true, false, true, false],
  );

  const second = io(dir);
  assert.equal(await main(['bench', 'bench.json', '--allow-insecure-http', '--cache-dir', path.join(dir, 'cache')], second), 0, second.err);
  assert.equal(fake.requests.length, 12, 'a rerun sends nothing');
  assert.match(second.err, /4 already have a verified, complete output and are skipped; 0 to run/);
  assert.equal((second.out.match(/ skipped /g) ?? []).length, 4);

  // A card edited after the run no longer counts: its cell runs again (and only it).
  const edited = cards[0];
  const text = fs.readFileSync(edited, 'utf8');
  fs.writeFileSync(edited, text.replace(/"elapsed_seconds": [0-9.e-]+/, '"elapsed_seconds": 12345.0'));
  const third = io(dir);
  assert.equal(await main(['bench', 'bench.json', '--yes', '--allow-insecure-http', '--cache-dir', path.join(dir, 'cache')], third), 0, third.err);
  assert.match(third.err, /3 already have a verified, complete output and are skipped; 1 to run/);
});

test('bench asks before spending: without a terminal and without --yes nothing is sent', async () => {
  const fake = await server({ fallback: { kind: 'answer', text: 'Akpe.' } });
  const dir = benchFolder(fake.baseUrl);
  const refused = io(dir);
  assert.equal(await main(['bench', 'bench.json', '--allow-insecure-http'], refused), 2);
  assert.match(refused.err, /estimate for the 4 cells to run: 12 requests, about \d+ prompt tokens and \d+ completion tokens/);
  assert.match(refused.err, /no terminal to ask on: run it again with --yes/);
  const declined = Object.assign(io(dir), { confirm: () => Promise.resolve(false) });
  assert.equal(await main(['bench', 'bench.json', '--allow-insecure-http'], declined), 1);
  assert.match(declined.err, /nothing was sent/);
  assert.equal(fake.requests.length, 0);
});

test('bench refuses a benchmark file with schema errors, naming them', async () => {
  const dir = benchFolder('http://127.0.0.1:9/v1', { axes: { models: [], temperatures: [5] } });
  const out = io(dir);
  assert.equal(await main(['bench', 'bench.json', '--yes'], out), 2);
  assert.match(out.err, /the benchmark file has errors/);
});

test('a benchmark that would plan millions of cells (8 free axes of 32 values, as the schema allows) is refused by validate and bench, naming the axes, before anything is planned or sent', async () => {
  const fake = await server();
  const free = Object.fromEntries(Array.from({ length: 8 }, (_, i) => [`axis${i}`, Array.from({ length: 32 }, (_, k) => k)]));
  const dir = benchFolder(fake.baseUrl);
  const file = path.join(dir, 'bench.json');
  const benchmark = JSON.parse(fs.readFileSync(file, 'utf8')) as { axes: Record<string, unknown> };
  benchmark.axes.free = free;
  fs.writeFileSync(file, JSON.stringify(benchmark, null, 2));
  const axesLine =
    fs
      .readFileSync(file, 'utf8')
      .split('\n')
      .findIndex((l) => l.includes('"axes"')) + 1;

  const checked = io(dir);
  assert.equal(await main(['validate', 'bench.json'], checked), 1, checked.err);
  assert.match(
    checked.out,
    new RegExp(
      `bench\\.json:${axesLine}:\\d+: error benchmark-too-large: This benchmark plans 4,398,046,511,104 cells \\(models 2 × temperatures 2 × prompt_versions 1 × free\\.axis0 32 × .* × free\\.axis7 32 × targets\\.corpus 1\\), more than the 10,000 a benchmark may hold`,
    ),
  );

  const ran = io(dir);
  assert.equal(await main(['bench', 'bench.json', '--yes'], ran), 2);
  assert.match(ran.err, /This benchmark plans 4,398,046,511,104 cells \(models 2 × temperatures 2 × /);
  assert.equal(fake.requests.length, 0);
  assert.equal(fs.existsSync(path.join(dir, 'bench')), false, 'no output folder');
});
