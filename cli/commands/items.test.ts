import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { main } from '../main';
import { captureIo } from '../../test/helpers/captureIo';
import type { ItemAnalysis } from '../../core/compare/items';

const runs = 'test-fixtures/runs/';
const ewe = ['ewebench_deepseek-chat_20261120_091500.json', 'ewebench_gemini-2.0-flash_20261121_101000.json', 'ewebench_llama3.1_20261122_080000.json'].map(
  (f) => runs + f,
);

test('items text: one column per run, the tests every run passes or fails marked, a summary line', async () => {
  const io = captureIo();
  assert.equal(await main(['items', ...ewe], io), 0);
  assert.equal(io.err, '');
  assert.match(io.out, /^runs:\n {2}deepseek-chat: test-fixtures\/runs\/ewebench_deepseek-chat_20261120_091500\.json\n/);
  assert.match(io.out, /\nrs_logic_01 +reasoning +1\.000 ✓ +1\.000 ✓ +1\.000 ✓ +0\.000 +all pass\n/);
  assert.match(io.out, /\nck_proverb_03 +cultural_knowledge +0\.200 ✗ +0\.100 ✗ +0\.300 ✗ +0\.200 +all fail\n/);
  assert.match(io.out, /\n12 items: 10 separate the runs, 1 every run passes, 1 every run fails\n$/);
});

test('items json: the analysis as core computes it; a folder skips what is not a run', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ewb-items-'));
  for (const f of ewe) fs.copyFileSync(f, path.join(dir, path.basename(f)));
  fs.writeFileSync(path.join(dir, 'reasoning.json'), JSON.stringify([{ id: 'rs_logic_01', prompt: 'x', eval_method: 'exact_match', expected: 'a' }]));
  const io = captureIo(dir);
  assert.equal(await main(['items', '.', '--format', 'json'], io), 0);
  const out = JSON.parse(io.out) as ItemAnalysis;
  assert.equal(out.columns.length, 3);
  assert.equal(out.rows.find((r) => r.id === 'rs_logic_01')?.separation, 'all-pass');
});

test('items: a file named that is not a run is an error (exit 2), the runs are still analysed', async () => {
  const io = captureIo();
  assert.equal(await main(['items', ewe[0], ewe[1], 'test-fixtures/runs/leaderboard.expected.json'], io), 2);
  assert.match(io.err, /leaderboard\.expected\.json: not a run: a JSON array, not a run\n/);
  assert.match(io.out, /12 items/);
  const none = captureIo();
  assert.equal(await main(['items', 'test-fixtures/runs/leaderboard.expected.json'], none), 2);
  assert.match(none.err, /no run found/);
  const usage = captureIo();
  assert.equal(await main(['items'], usage), 2);
});

test('#31.9 items over runs of several corpora: refused unless --corpus picks one (entries of different corpora share ids, not sentences)', async () => {
  const reports = 'test-fixtures/leaderboard/reports';
  const mixed = captureIo();
  assert.equal(await main(['items', reports], mixed), 2);
  assert.match(mixed.err, /the runs are of 2 corpora \(eng-ewe-dev-v1, eng-yor-dev-v1\): .* pick one with --corpus ID/);
  assert.equal(mixed.out, '');
  const yoruba = captureIo();
  assert.equal(await main(['items', reports, '--corpus', 'eng-yor-dev-v1', '--format', 'json'], yoruba), 0, yoruba.err);
  const out = JSON.parse(yoruba.out) as ItemAnalysis;
  assert.deepEqual(
    out.columns.map((c) => c.model),
    ['google/gemini-3.5-flash', 'openai/gpt-4o-mini'],
  );
  assert.equal(out.rows.length, 8);
  const unknown = captureIo();
  assert.equal(await main(['items', reports, '--corpus', 'eng-fao-dev-v1'], unknown), 2);
  assert.match(unknown.err, /no run of the corpus eng-fao-dev-v1/);
});

test('items text within 160 columns: many runs become one record per item', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ewb-items-wide-'));
  for (let k = 0; k < 8; k++) for (const f of ewe) fs.copyFileSync(f, path.join(dir, `${k}_${path.basename(f)}`));
  const io = captureIo(dir);
  assert.equal(await main(['items', '.'], io), 0, io.err);
  const widest = Math.max(...io.out.split('\n').map((l) => Array.from(l).length));
  assert.ok(widest <= 160, `a line of ${widest} columns`);
  assert.match(io.out, /\nitem: +rs_logic_01\n/);
  assert.match(io.out, /\n12 items/);
});
