import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { main } from '../main';
import { captureIo } from '../../test/helpers/captureIo';
import { fromRepo } from '../../test/helpers/paths';

function folderWith(files: Record<string, string>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ewb-corpus-'));
  for (const [name, text] of Object.entries(files)) fs.writeFileSync(path.join(dir, name), text);
  return dir;
}

const diagnostic = () => fs.readFileSync(fromRepo('test-fixtures/corpus/valid/ewe-diagnostic.json'), 'utf8');

test('corpus export writes CSV (with BOM) or TSV by the file name, a row per entry', async () => {
  const dir = folderWith({ 'c.json': diagnostic() });
  const io = captureIo(dir);
  assert.equal(await main(['corpus', 'export', 'c.json', '--out', 'c.csv'], io), 0, io.err);
  assert.match(io.out, /c\.csv: 10 entries written \(CSV\)/);
  const csv = fs.readFileSync(path.join(dir, 'c.csv'), 'utf8');
  assert.equal(csv.charCodeAt(0), 0xfeff);
  assert.match(csv, /^\uFEFFid,source,reference,segment,difficulty,provenance,register,context,notes\r\n1,Good morning\.,Ŋdi nyuie\.,diagnostic,1,/);
  assert.equal(await main(['corpus', 'export', 'c.json', '--out', 'c.tsv'], io), 0);
  assert.match(fs.readFileSync(path.join(dir, 'c.tsv'), 'utf8'), /^id\tsource\treference/);
});

test('corpus import appends the rows, then a second import of a bad sheet changes nothing and names the rows', async () => {
  const dir = folderWith({
    'c.json': diagnostic(),
    'new.tsv': 'Source\tTarget\tdifficulty\tsegment\tprovenance\tregister\tcontext\nThank you.\tAkpe.\t1\tdiagnostic\telicited\tconversational\tgreeting\n',
    'bad.csv':
      'source,reference,difficulty,segment,provenance,register,context\r\nOk.,Ɛ̃.,1,diagnostic,elicited,conversational,greeting\r\nNo.,Ao.,7,diagnostic,elicited,conversational,greeting\r\n',
  });
  const io = captureIo(dir);
  assert.equal(await main(['corpus', 'import', 'new.tsv', '--into', 'c.json'], io), 0, io.err);
  assert.match(io.out, /imported 1 entry/);
  const after = fs.readFileSync(path.join(dir, 'c.json'), 'utf8');
  assert.deepEqual(JSON.parse(after).entries.at(-1), {
    id: 11,
    source: 'Thank you.',
    reference: 'Akpe.',
    difficulty: 1,
    segment: 'diagnostic',
    provenance: 'elicited',
    register: 'conversational',
    context: 'greeting',
  });
  const bad = captureIo(dir);
  assert.equal(await main(['corpus', 'import', 'bad.csv', '--into', 'c.json'], bad), 1);
  assert.match(bad.err, /bad\.csv:3: error: .*difficulty/);
  assert.match(bad.err, /nothing imported \(1 error in bad\.csv\)/);
  assert.equal(fs.readFileSync(path.join(dir, 'c.json'), 'utf8'), after, 'the corpus is untouched');
});

test('--map renames columns, --dry-run writes nothing, and usage errors say what is missing', async () => {
  const dir = folderWith({
    'c.json': diagnostic(),
    's.csv': 'English,Ewe,difficulty,segment,provenance,register,context\nWater.,Tsi.,1,diagnostic,elicited,conversational,label\n',
  });
  const before = fs.readFileSync(path.join(dir, 'c.json'), 'utf8');
  const io = captureIo(dir);
  assert.equal(await main(['corpus', 'import', 's.csv', '--into', 'c.json', '--map', 'English=source', '--map', 'Ewe=reference', '--dry-run'], io), 0, io.err);
  assert.match(io.out, /would import 1 entry \(English→source, Ewe→reference,/);
  assert.equal(fs.readFileSync(path.join(dir, 'c.json'), 'utf8'), before);
  const usage = captureIo(dir);
  assert.equal(await main(['corpus', 'import', 's.csv'], usage), 2);
  assert.match(usage.err, /--into/);
  assert.equal(await main(['corpus', 'export', 'c.json'], usage), 2);
  assert.match(usage.err, /--out/);
});

test('a file that is not a corpus is named with the reason', async () => {
  const dir = folderWith({ 't.json': '[{"id": "a", "prompt": "x", "eval_method": "ewe_quality"}]' });
  const io = captureIo(dir);
  assert.equal(await main(['corpus', 'export', 't.json', '--out', 'x.csv'], io), 2);
  assert.match(io.err, /^t\.json: not a Rosetta corpus/m);
  assert.equal(fs.existsSync(path.join(dir, 'x.csv')), false);
});
