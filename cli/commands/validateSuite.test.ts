import { test } from 'node:test';
import assert from 'node:assert/strict';
import { main } from '../main';
import { captureIo } from '../../test/helpers/captureIo';

type Report = { file: string; kind: string; diagnostics: { range: { start: { line: number; character: number } }; code: string; message: string }[] };

test('validate checks a task suite and then each item file it names, with ranges in the TSV, CSV and JSONL', async () => {
  const io = captureIo();
  const code = await main(['validate', 'test-fixtures/suite/bad.suite.json', '--format', 'json'], io);
  assert.equal(code, 1);
  const out = JSON.parse(io.out) as Report[];
  assert.deepEqual(
    out.map((r) => [r.file, r.kind]),
    [
      ['test-fixtures/suite/bad.suite.json', 'task-suite'],
      ['test-fixtures/suite/bad/mmlu.tsv', 'suite-items'],
      ['test-fixtures/suite/bad/mmlu.jsonl', 'suite-items'],
      ['test-fixtures/suite/bad/topics.csv', 'suite-items'],
      ['test-fixtures/suite/bad/flores.src', 'suite-items'],
      ['test-fixtures/suite/bad/flores.tgt', 'suite-items'],
      ['test-fixtures/suite/items/mgsm.tsv', 'suite-items'],
    ],
  );
  const at = (r: Report) => r.diagnostics.map((d) => `${d.range.start.line + 1}:${d.range.start.character + 1} ${d.code}`);
  assert.deepEqual(at(out[1]), ['2:48 item-answer', '3:38 item-choices', '4:4 item-empty', '5:1 duplicate-id']);
  assert.deepEqual(at(out[3]), ['3:3 item-answer']);
  assert.match(out[0].diagnostics.find((d) => d.code === 'item-file-missing')!.message, /Item file "bad\/absent\.tsv" cannot be read: cannot read \(/);
});

test('text output names each item file with line and column; a clean suite exits 0', async () => {
  const bad = captureIo();
  await main(['validate', 'test-fixtures/suite/bad.suite.json'], bad);
  assert.match(bad.out, /^test-fixtures\/suite\/bad\/topics\.csv:3:3: error item-answer: The label "weather" of item 2 is not one of the suite's topics/m);
  const good = captureIo();
  assert.equal(await main(['validate', 'test-fixtures/suite/ewe.suite.json'], good), 0, good.out + good.err);
  assert.match(good.err, /^9 files, 9 recognised: 0 errors/m);
});
