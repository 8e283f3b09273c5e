import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { main } from '../main';
import { captureIo } from '../../test/helpers/captureIo';

test('json gives per file the language, letter counts, missing letters and look-alikes with LSP ranges', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ewb-cov-'));
  fs.writeFileSync(path.join(dir, 'tests.json'), '[\n  {"id": "a", "prompt": "Ðe wòle gbɔ?", "eval_method": "ewe_quality"}\n]\n');
  fs.writeFileSync(path.join(dir, 'other.json'), '{"name": "not ours"}');
  const io = captureIo(dir);
  assert.equal(await main(['coverage', '.', '--format', 'json'], io), 0);
  const out = JSON.parse(io.out);
  assert.equal(out.length, 1);
  assert.equal(out[0].file, 'tests.json');
  assert.equal(out[0].language, 'ee');
  assert.equal(out[0].letters.gb, 1);
  assert.ok(out[0].missing.includes('ɖ'), 'the look-alike Ð is not an Ewe ɖ');
  assert.deepEqual(out[0].confusables, [{ range: { start: { line: 1, character: 25 }, end: { line: 1, character: 26 } }, found: 'Ð', expected: 'Ɖ' }]);
});

test('text output names the file, the special letters found and the look-alikes', async () => {
  const io = captureIo();
  await main(['coverage', 'test-fixtures/ewebench/valid/cultural_knowledge.json'], io);
  assert.match(io.out, /cultural_knowledge\.json: Ewe \d\/7 special letters/);
});
