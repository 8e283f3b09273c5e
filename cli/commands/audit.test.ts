import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { main } from '../main';
import { captureIo } from '../../test/helpers/captureIo';

function tempDir(files: Record<string, unknown>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ewb-audit-'));
  for (const [name, content] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    fs.writeFileSync(path.join(dir, name), typeof content === 'string' ? content : JSON.stringify(content, null, 2));
  }
  return dir;
}

const TESTS = {
  'tests/text_generation.json': [
    { id: 'tg_1', prompt: 'Ŋlɔ nya kpui aɖe tso tɔsisi ŋu.', eval_method: 'ewe_quality' },
    {
      id: 'tg_2',
      prompt: 'Ŋlɔ nya kpui aɖe tso tɔsisi ŋu.',
      eval_method: 'composite',
      expected_keywords: ['tɔsisi', 'ƒutsotsoe'],
      expected_format: { contains_ewe: true },
    },
  ],
  'tests/reasoning.json': [{ id: 'rs_1', prompt: 'Ga kae susɔ?', eval_method: 'exact_match', expected: '50 CFA' }],
};

test('json: every test with the baselines that pass it, weak/total per category, the floor ÈwéScore per baseline; exit 1', async () => {
  const io = captureIo(tempDir(TESTS));
  assert.equal(await main(['audit', 'tests', '--format', 'json'], io), 1);
  const out = JSON.parse(io.out);
  assert.deepEqual(Object.keys(out).sort(), ['categories', 'floor', 'floor_categories', 'tests']);
  assert.deepEqual(
    out.tests.map((t: { id: string; file: string }) => [t.id, t.file]),
    [
      ['rs_1', 'tests/reasoning.json'],
      ['tg_1', 'tests/text_generation.json'],
      ['tg_2', 'tests/text_generation.json'],
    ],
  );
  const tg1 = out.tests.find((t: { id: string }) => t.id === 'tg_1');
  assert.deepEqual(tg1.weak.slice(0, 2), [
    { baseline: 'fluent-greeting', score: 1 },
    { baseline: 'fluent-formal', score: 1 },
  ]);
  // tg_2: the bare keywords carry ɔ and ƒ (contains_ewe, quality 0.3): (1 + 0.3 + 1) / 3; its first keyword is in the prompt, so the echo passes too.
  assert.deepEqual(out.tests.find((t: { id: string }) => t.id === 'tg_2').weak, [
    { baseline: 'keywords', score: 0.767 },
    { baseline: 'echo', score: 0.733 },
  ]);
  assert.deepEqual(out.categories, { reasoning: { weak: 0, total: 1 }, text_generation: { weak: 2, total: 2 } });
  assert.equal(out.floor.empty, 0);
  // Fluent text: text_generation (100 + 66.7) / 2 = 83.3 at weight 15, reasoning 0 at weight 12: 46.3.
  assert.equal(out.floor['fluent-greeting'], 46.3);
  assert.equal(out.floor_categories['fluent-greeting'].text_generation, 83.3);
});

test('text: the weak tests, the share per file and the floor table; strong tests alone exit 0', async () => {
  const io = captureIo(tempDir(TESTS));
  await main(['audit', 'tests'], io);
  assert.match(io.out, /^tg_1\s+tests\/text_generation\.json\s+ewe_quality\s+fluent-greeting 1, /m);
  assert.match(io.out, /^tests\/text_generation\.json\s+text_generation\s+2\/2 \(100%\)$/m);
  assert.match(io.out, /^best-of \(each test's best non-answer\)\s+\d+\.\d$/m);
  assert.match(io.out, /^weak tests: 2\/3 \(67%\)/m);
  const strong = captureIo(tempDir({ 'tests/reasoning.json': TESTS['tests/reasoning.json'] }));
  assert.equal(await main(['audit', 'tests'], strong), 0);
});

test('--baselines adds a workspace baseline checked by its schema; a bad file exits 2', async () => {
  const dir = tempDir({
    ...TESTS,
    'good.json': { baselines: [{ id: 'number', text: '50 cfa', description: 'a bare amount' }] },
    'bad.json': { baselines: [{ id: 'number' }] },
  });
  const io = captureIo(dir);
  await main(['audit', 'tests/reasoning.json', '--baselines', 'good.json', '--format', 'json'], io);
  assert.deepEqual(JSON.parse(io.out).tests[0].weak, [{ baseline: 'number', score: 1 }]);
  const bad = captureIo(dir);
  assert.equal(await main(['audit', 'tests', '--baselines', 'bad.json'], bad), 2);
  assert.match(bad.err, /bad\.json: not a baselines file .*text/);
});

test('corpora: entries whose reference equals the source are listed and fail the audit', async () => {
  const dir = tempDir({ 'corpus.json': [{ id: 7, source: 'Lomé', reference: 'Lomé', segment: 'development', difficulty: 1 }] });
  const io = captureIo(dir);
  assert.equal(await main(['audit', 'corpus.json', '--format', 'json'], io), 1);
  assert.deepEqual(JSON.parse(io.out).corpus_copies, [{ file: 'corpus.json', entry: 7 }]);
});

test("--baselines within the server's limits: past 200 the first are used (a warning says so); past 1 MiB the command stops naming the limit", async () => {
  const rows = (n: number) => Array.from({ length: n }, (_, i) => ({ id: `refusal-${i}`, text: `Nyemate ŋu aɖo eŋu o (${i}).` }));
  const dir = tempDir({ ...TESTS, 'many.json': { baselines: rows(230) }, 'huge.json': { baselines: rows(40_000) } });
  const io = captureIo(dir);
  await main(['audit', 'tests', '--baselines', path.join(dir, 'many.json'), '--format', 'json'], io);
  assert.match(io.err, /lists 230 baselines, more than the 200 the audit scores \(MAX_EXTRA_BASELINES\): the first 200 are used, 30 other are ignored/);
  const huge = captureIo(dir);
  assert.equal(await main(['audit', 'tests', '--baselines', path.join(dir, 'huge.json')], huge), 2);
  assert.match(huge.err, /more than the 1048576 the audit reads \(MAX_BASELINES_BYTES\)/);
});
