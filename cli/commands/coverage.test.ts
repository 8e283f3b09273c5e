import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { main } from '../main';
import { captureIo } from '../../test/helpers/captureIo';

function folder(files: Record<string, string>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ewb-cov-'));
  for (const [name, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    fs.writeFileSync(path.join(dir, name), text);
  }
  return dir;
}

test('json gives per file the language, letter counts, missing letters and look-alikes with LSP ranges', async () => {
  const dir = folder({
    'tests/a.json': '[\n  {"id": "a", "prompt": "Ðe wòle gbɔ? 😀 \\u03b5", "eval_method": "ewe_quality"}\n]\n',
    'other.json': '{"name": "not ours"}',
  });
  const io = captureIo(dir);
  assert.equal(await main(['coverage', '.', '--format', 'json'], io), 0);
  const out = JSON.parse(io.out);
  assert.equal(out.length, 1);
  assert.equal(out[0].file, 'tests/a.json');
  assert.equal(out[0].language, 'ee');
  assert.equal(out[0].letters.gb, 1);
  assert.equal(out[0].letters.g, undefined);
  assert.ok(out[0].missing.includes('ɖ'), 'the look-alike Ð is not an Ewe ɖ');
  assert.deepEqual(out[0].confusables, [
    { range: { start: { line: 1, character: 25 }, end: { line: 1, character: 26 } }, found: 'Ð', expected: 'Ɖ' },
    // after an emoji (two UTF-16 units) and written as an escape: six characters wide
    { range: { start: { line: 1, character: 41 }, end: { line: 1, character: 47 } }, found: 'ε', expected: 'ɛ' },
  ]);
  assert.match(io.err, /other\.json: skipped/);
});

test('text output names the file, the special letters found and missing, and each look-alike with its place', async () => {
  const line = '  {"id": "m", "messages": [{"role": "user", "content": "Ðe wòle ŋdi?"}], "eval_method": "ewe_quality"}';
  const dir = folder({ 'multi_turn.json': `[\n${line}\n]\n` });
  const io = captureIo(dir);
  assert.equal(await main(['coverage', 'multi_turn.json'], io), 0);
  assert.match(io.out, /^multi_turn\.json: Ewe 1\/7 special letters \(missing ɖ ɛ ƒ ɣ ɔ ʋ\)$/m);
  assert.ok(io.out.includes(`  multi_turn.json:2:${line.indexOf('Ð') + 1}: look-alike Ð (U+00D0) for Ɖ\n`), io.out);
  assert.match(io.out, / ŋ 1 /);
});

test('--language reads the files with another profile; an unknown code is a usage error', async () => {
  const dir = folder({ 'flat.json': '[{"id": 1, "source": "hello", "target": "tānisi"}]' });
  const io = captureIo(dir);
  assert.equal(await main(['coverage', 'flat.json', '--language', 'crk', '--format', 'json'], io), 0);
  const [report] = JSON.parse(io.out);
  assert.equal(report.language, 'crk');
  assert.deepEqual(
    report.confusables.map((c: { found: string; expected: string }) => [c.found, c.expected]),
    [['ā', 'â']],
  );
  const bad = captureIo(dir);
  assert.equal(await main(['coverage', 'flat.json', '--language', 'xx'], bad), 2);
  assert.match(bad.err, /no profile for language 'xx'/);
});

test('the shipped fixtures read as expected', async () => {
  const io = captureIo();
  assert.equal(await main(['coverage', 'test-fixtures/ewebench/valid/cultural_knowledge.json', 'test-fixtures/corpus/invalid/cree-macrons.json'], io), 0);
  assert.match(io.out, /cultural_knowledge\.json: Ewe \d\/7 special letters/);
  assert.match(io.out, /cree-macrons\.json: Plains Cree \d\/4 special letters/);
  assert.match(io.out, /look-alike ā \(U\+0101\) for â/);
});
