import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { main } from '../main';
import { captureIo } from '../../test/helpers/captureIo';
import { planImport } from '../../core/corpus/spreadsheet';

const DATASET = { id: 'chunks', version: '1.0', language_pair: 'EN→EE', source_language: 'en', target_language: 'ee' };
const WORDS = ['ɖevi', 'la', 'yi', 'asime', 'tsi', 'aƒe', 'míekpɔ', 'ati', 'gã', 'aɖe', 'ŋdi', 'ɛ̃'];

test('corpus import of a sheet larger than one read (chunks end inside characters, quoted cells and CRLF) writes what the whole-text import plans', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ewb-chunks-'));
  const corpus = JSON.stringify({ dataset: DATASET, entries: [] }, null, 2) + '\n';
  fs.writeFileSync(path.join(dir, 'c.json'), corpus);
  // About 1.6 MiB of UTF-8 with a BOM: the CLI reads 1 MiB at a time, so at least one chunk ends mid-row.
  const rows = ['source,reference,difficulty,segment,provenance,register,context,notes'];
  for (let i = 0; i < 14000; i++) {
    const reference = Array.from({ length: 12 }, (_, k) => WORDS[(i * 7 + k * 5) % WORDS.length]).join(' ');
    const notes = i % 3 === 0 ? `"a note, with ""quotes""\r\nand a line ${i}"` : '';
    rows.push(`"Sentence ${i}, the child.",${reference}.,${1 + (i % 5)},development,elicited,conversational,greeting,${notes}`);
  }
  const text = '\uFEFF' + rows.join('\r\n') + '\r\n';
  fs.writeFileSync(path.join(dir, 's.csv'), text);
  assert.ok(Buffer.byteLength(text) > 1.5 * 2 ** 20);
  const expected = planImport(corpus, text, { delimiter: ',' });
  assert.ok(expected.newText, JSON.stringify(expected.problems.slice(0, 3)));
  const io = captureIo(dir);
  assert.equal(await main(['corpus', 'import', 's.csv', '--into', 'c.json'], io), 0, io.err);
  assert.match(io.out, /imported 14000 entries/);
  assert.equal(fs.readFileSync(path.join(dir, 'c.json'), 'utf8'), expected.newText);
});

test('corpus import refuses a sheet that is not UTF-8 as before, naming the byte, when the bad byte is past the first read', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ewb-chunks-'));
  fs.writeFileSync(path.join(dir, 'c.json'), JSON.stringify({ dataset: DATASET, entries: [] }, null, 2) + '\n');
  const head = Buffer.from('source,reference\r\n' + 'a,b\r\n'.repeat(300_000));
  fs.writeFileSync(path.join(dir, 's.csv'), Buffer.concat([head, Buffer.from([0x63, 0xe9, 0x2c, 0x78, 0x0d, 0x0a])]));
  const io = captureIo(dir);
  assert.equal(await main(['corpus', 'import', 's.csv', '--into', 'c.json'], io), 2);
  assert.match(io.err, new RegExp(`s\\.csv: the sheet is not UTF-8 \\(byte ${head.length + 1}\\); it is probably Latin-1`));
});
