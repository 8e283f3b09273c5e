import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { main } from '../main';
import { captureIo } from '../../test/helpers/captureIo';
import { planImport } from '../../core/corpus/spreadsheet';

// Issue #36 item 2: `corpus import` streams the sheet into the corpus (each entry validated and written as it
// comes, through a temporary file): the same bytes and messages as the whole-document import, all or nothing.

const DATASET = { id: 'stream', version: '1.0', language_pair: 'EN→EE', source_language: 'en', target_language: 'ee' };
const tmpFiles = (dir: string): string[] => fs.readdirSync(dir).filter((n) => n.endsWith('.tmp'));

/** About 2 MiB of rows (two reads and more), every line ending, quoted cells with line breaks. */
function bigSheet(rows: number, last = ''): string {
  const out = ['source,reference,difficulty,segment,provenance,register,context'];
  for (let i = 0; i < rows; i++) {
    const source = i % 4 === 0 ? `"Sentence ${i},\r\nthe child."` : `Sentence ${i} the child.`;
    out.push(`${source},ɖevi la yi asime ${i}.,${1 + (i % 5)},development,elicited,conversational,greeting`);
  }
  const eols = ['\r\n', '\n', '\r'];
  return out.map((line, i) => line + eols[i % 3]).join('') + last;
}

test('corpus import of a sheet with a bad row at its very end writes nothing: the corpus byte for byte as it was, no temporary file, the line and field named', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ewb-stream-'));
  const corpus = JSON.stringify({ dataset: DATASET, entries: [] }, null, 2) + '\n';
  fs.writeFileSync(path.join(dir, 'c.json'), corpus);
  const text = bigSheet(30000, 'Last one,ɖe,9,development,elicited,conversational,greeting\r\n');
  fs.writeFileSync(path.join(dir, 's.csv'), text);
  assert.ok(Buffer.byteLength(text) > 2 * 2 ** 20);
  const io = captureIo(dir);
  assert.equal(await main(['corpus', 'import', 's.csv', '--into', 'c.json'], io), 1);
  const line = text.split(/\r\n|\n|\r/).length - 1;
  assert.ok(io.err.includes(`s.csv:${line}: error: \`difficulty\` must be <= 5; got 9. [invalid-value]`), io.err);
  assert.match(io.err, /c\.json: nothing imported \(1 error in s\.csv\)/);
  assert.equal(fs.readFileSync(path.join(dir, 'c.json'), 'utf8'), corpus);
  assert.deepEqual(tmpFiles(dir), []);
});

test('corpus import with ids in the sheet, into a corpus whose entry_count comes first, through a symbolic link: the whole-document import’s bytes, the mode kept', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ewb-stream-'));
  const entry = { segment: 'development', difficulty: 2, provenance: 'elicited', register: 'formal', context: 'greeting' };
  const corpus =
    JSON.stringify({ corpus_id: 'c', entry_count: 2, entries: [{ id: 'ewe_0001', source: 'a', reference: 'b', ...entry }] }, null, 4).replace(/\n/g, '\r\n') +
    '\r\n';
  fs.writeFileSync(path.join(dir, 'real.json'), corpus);
  fs.chmodSync(path.join(dir, 'real.json'), 0o600);
  fs.symlinkSync('real.json', path.join(dir, 'c.json'));
  const rows = ['id,source,reference,difficulty'];
  for (let i = 0; i < 20000; i++) rows.push(`${i % 3 === 0 ? `ewe_${String(i + 5).padStart(4, '0')}` : ''},s ${i},ɖe ${i},${1 + (i % 5)}`);
  const text = rows.join('\n') + '\n';
  fs.writeFileSync(path.join(dir, 's.csv'), text);
  const expected = planImport(corpus, text, { delimiter: ',' });
  assert.ok(expected.newText);
  const io = captureIo(dir);
  assert.equal(await main(['corpus', 'import', 's.csv', '--into', 'c.json'], io), 0, io.err);
  assert.match(io.out, /imported 20000 entries/);
  assert.ok(fs.lstatSync(path.join(dir, 'c.json')).isSymbolicLink());
  assert.equal(fs.readFileSync(path.join(dir, 'real.json'), 'utf8'), expected.newText);
  assert.equal(fs.statSync(path.join(dir, 'real.json')).mode & 0o777, 0o600);
  // The same problems, in the same order (entry_count was stale: said once).
  const warnings = expected.problems.map((p) => `${p.row ?? ''}:${p.message}`);
  assert.ok(warnings.length > 0);
  for (const p of expected.problems) assert.ok(io.err.includes(p.message));
});

test('corpus import of a sheet repeating an id refuses it at both lines, as the whole-document validation does, and writes nothing', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ewb-stream-'));
  const corpus = JSON.stringify({ dataset: DATASET, entries: [] }, null, 2) + '\n';
  fs.writeFileSync(path.join(dir, 'c.json'), corpus);
  const text = 'id,source,reference\r\nx1,a,b\r\nx2,c,d\r\nx1,e,f\r\n';
  fs.writeFileSync(path.join(dir, 's.csv'), text);
  const expected = planImport(corpus, text, { delimiter: ',' });
  const io = captureIo(dir);
  assert.equal(await main(['corpus', 'import', 's.csv', '--into', 'c.json'], io), 1);
  assert.match(io.err, /s\.csv:2: error: .*"x1".*\[duplicate-id\]/);
  assert.match(io.err, /s\.csv:4: error: .*"x1".*\[duplicate-id\]/);
  const lines = io.err.split('\n').filter((l) => l.startsWith('s.csv'));
  assert.deepEqual(
    lines,
    expected.problems.map(
      (p) => `s.csv${p.row ? `:${p.row}` : ''}${p.column ? ` (column ${p.column})` : ''}: ${p.severity}: ${p.message}${p.code ? ` [${p.code}]` : ''}`,
    ),
  );
  assert.equal(fs.readFileSync(path.join(dir, 'c.json'), 'utf8'), corpus);
});
