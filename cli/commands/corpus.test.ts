import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { main } from '../main';
import { captureIo } from '../../test/helpers/captureIo';
import { fromRepo } from '../../test/helpers/paths';
import { finishes, spawnCli } from '../../test/helpers/cliProcess';

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

// Regressions from issue #30, through the CLI as a user runs it.

const ROW = 'difficulty,segment,provenance,register,context';
const CELLS = '1,diagnostic,elicited,conversational,greeting';
/** The diagnostic corpus with its last id (10) written as `id`, the rest as they are. */
const withLastId = (id: string) => diagnostic().replace('"id": 10,', `"id": ${id},`);

async function importSheet(corpus: string, sheetName: string, sheet: string | Uint8Array, extra: string[] = []) {
  const dir = folderWith({ 'c.json': corpus });
  fs.writeFileSync(path.join(dir, sheetName), sheet);
  const io = captureIo(dir);
  const code = await main(['corpus', 'import', sheetName, '--into', 'c.json', ...extra], io);
  return { code, out: io.out, err: io.err, text: fs.readFileSync(path.join(dir, 'c.json'), 'utf8'), dir };
}

const twoRows = `source,reference,${ROW}\r\nOne.,Ɖeka.,${CELLS}\r\nTwo.,Eve.,${CELLS}\r\n`;
const idsIn = (text: string) => [...text.matchAll(/"id": ([^,\n]+)/g)].map((m) => m[1]);

test('#2 new ids past 2^53 are counted by their digits: the import returns, each row gets its own id', async () => {
  const past = await importSheet(withLastId('9007199254740992'), 's.csv', twoRows);
  assert.equal(past.code, 0, past.err);
  assert.deepEqual(idsIn(past.text).slice(-3), ['9007199254740992', '9007199254740993', '9007199254740994']);
  const edge = await importSheet(withLastId('9007199254740991'), 's.csv', twoRows);
  assert.equal(edge.code, 0, edge.err);
  assert.deepEqual(idsIn(edge.text).slice(-2), ['9007199254740992', '9007199254740993'], 'two rows, two ids');
  // 1e308 is not an integer by its digits: the new ids continue after the integers.
  const float = await importSheet(withLastId('1e308'), 's.csv', twoRows);
  assert.equal(float.code, 0, float.err);
  assert.deepEqual(idsIn(float.text).slice(-2), ['10', '11']);
  const curated = fs
    .readFileSync(fromRepo('test-fixtures/corpus/valid/eng-ewe-curated.json'), 'utf8')
    .replace('"tatoeba_100003"', '"tatoeba_9007199254740992"');
  const rows = 'source,reference,domain,difficulty,register\nOne.,Ɖeka.,daily_life,1,conversational\nTwo.,Eve.,daily_life,1,conversational\n';
  const strings = await importSheet(curated, 's.csv', rows);
  assert.equal(strings.code, 0, strings.err);
  assert.deepEqual(idsIn(strings.text).slice(-2), ['"tatoeba_9007199254740993"', '"tatoeba_9007199254740994"']);
});

test('#5 rows end at CRLF, LF or CR in any mix: three rows are three entries, no \\r left in a cell', async () => {
  const sheets = [
    `source,reference,${ROW}\r\nOne.,Ɖeka.,${CELLS}\nTwo.,Eve.,${CELLS}\nThree.,Etɔ̃.,${CELLS}\n`,
    `source,reference,${ROW}\nOne.,Ɖeka.,${CELLS}\r\nTwo.,Eve.,${CELLS}\r\nThree.,Etɔ̃.,${CELLS}\r\n`,
    `source,reference,${ROW}\r\nOne.,Ɖeka.,${CELLS}\r\nTwo.,Eve.,${CELLS}\nThree.,Etɔ̃.,${CELLS}\rFour.,Ene.,${CELLS}`,
  ];
  for (const sheet of sheets) {
    const r = await importSheet(diagnostic(), 's.csv', sheet);
    assert.equal(r.code, 0, r.err);
    const added = (JSON.parse(r.text) as { entries: { source: string; reference: string }[] }).entries.slice(10);
    assert.deepEqual(
      added.map((e) => e.reference),
      ['Ɖeka.', 'Eve.', 'Etɔ̃.', 'Ene.'].slice(0, added.length),
    );
    assert.equal(added.length, sheet.includes('Four') ? 4 : 3);
  }
});

test('#6 a row with more or fewer cells than the header is an error naming its line, and nothing is imported', async () => {
  const r = await importSheet(diagnostic(), 's.csv', `source,reference\nHello, my friend.,Woezɔ xɔlɔ̃nye.\n`);
  assert.equal(r.code, 1);
  assert.match(r.err, /^s\.csv:2: error: this row has 3 cells and the header 2/m);
  assert.equal(r.text, diagnostic());
  const fewer = await importSheet(diagnostic(), 's.csv', `source,reference,${ROW}\nOne.,Ɖeka.,${CELLS}\nTwo.\n`);
  assert.equal(fewer.code, 1);
  assert.match(fewer.err, /^s\.csv:3: error: this row has 1 cell and the header 7/m);
  assert.equal(fewer.text, diagnostic());
});

test('#7 UTF-8 (with or without BOM) and UTF-16 with BOM are read; Windows-1252, Latin-1 and UTF-16 without BOM are refused naming the sheet', async () => {
  const sheet = `source,reference,${ROW}\nCafé,Ɖeka,${CELLS}\n`;
  const utf16le = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(sheet, 'utf16le')]);
  const utf16be = Buffer.from(Buffer.from(sheet, 'utf16le').map((_, i, b) => b[i ^ 1]));
  for (const bytes of [Buffer.from(sheet), Buffer.from('\uFEFF' + sheet), utf16le, Buffer.concat([Buffer.from([0xfe, 0xff]), utf16be])]) {
    const r = await importSheet(diagnostic(), 's.csv', bytes);
    assert.equal(r.code, 0, r.err);
    assert.deepEqual((JSON.parse(r.text) as { entries: { source: string }[] }).entries.at(-1)!.source, 'Café');
  }
  const latin1 = Buffer.from(`source,reference,${ROW}\nCafé,Kafe,${CELLS}\n`, 'latin1');
  // Windows-1252's curly quotes are bytes 0x93 and 0x94, control codes in Latin-1.
  const cp1252 = Buffer.concat([
    Buffer.from(`source,reference,${ROW}\n`),
    Buffer.from([0x93]),
    Buffer.from('Café', 'latin1'),
    Buffer.from([0x94]),
    Buffer.from(`,Kafe,${CELLS}\n`),
  ]);
  for (const [bytes, likely] of [
    [cp1252, /Windows-1252 \(a spreadsheet’s plain "CSV" on Windows\)/],
    [latin1, /Latin-1/],
    [Buffer.from(sheet, 'utf16le'), /UTF-16 without a byte order mark/],
  ] as const) {
    const r = await importSheet(diagnostic(), 'sheet.csv', bytes);
    assert.equal(r.code, 2);
    assert.match(r.err, /^sheet\.csv: /);
    assert.match(r.err, likely);
    assert.equal(r.text, diagnostic());
  }
});

test('#8 header names that are Object members are columns like any other', async () => {
  const header = 'source,reference,constructor,toString,__proto__,hasOwnProperty';
  const r = await importSheet(diagnostic(), 's.csv', `${header},${ROW}\nA.,B.,c,t,p,h,${CELLS}\n`);
  assert.equal(r.code, 0, r.err);
  for (const name of ['constructor', 'toString', '__proto__', 'hasOwnProperty']) assert.match(r.err, new RegExp(`column "${name}" is not imported`));
  assert.doesNotMatch(r.out + r.err + r.text, /native code/);
  const mapped = await importSheet(diagnostic(), 's.csv', `${header},${ROW}\nA.,B.,c,t,p,h,${CELLS}\n`, ['--map', 'constructor=notes', '--map', '__proto__=']);
  assert.equal(mapped.code, 0, mapped.err);
  assert.equal((JSON.parse(mapped.text) as { entries: { notes: string }[] }).entries.at(-1)!.notes, 'c');
  // Into an empty corpus the names are taken as fields: `__proto__` is written as a key, never set as a prototype.
  const empty = diagnostic().replace(/"entries": \[[\s\S]*\]\s*}\s*$/, '"entries": []\n}\n');
  const fresh = await importSheet(empty, 's.csv', `${header},${ROW}\nA.,B.,c,t,p,h,${CELLS}\n`);
  assert.equal(fresh.code, 0, fresh.err);
  assert.match(fresh.text, /"constructor": "c",\s*"tostring": "t",\s*"__proto__": "p",\s*"hasownproperty": "h"/);
  assert.doesNotMatch(fresh.out + fresh.text, /native code/);
});

test('#9 ids and numbers keep their digits: 2^53 + 1 and -0 are exported as written, 1e400 is named an overflow', async () => {
  const big = diagnostic().replace('"id": 1,', '"id": 9007199254740993,').replace('"id": 2,', '"id": -0,');
  const dir = folderWith({ 'c.json': big });
  const io = captureIo(dir);
  assert.equal(await main(['corpus', 'export', 'c.json', '--out', 'c.csv'], io), 0, io.err);
  const csv = fs.readFileSync(path.join(dir, 'c.csv'), 'utf8');
  assert.match(csv, /\r\n9007199254740993,Good morning\./);
  assert.match(csv, /\r\n"'-0",/, '-0 as written (marked, since it starts with -)');
  const digits = await importSheet(diagnostic(), 's.csv', `id,source,reference,${ROW}\n9007199254740993,A.,B.,${CELLS}\n`);
  assert.equal(digits.code, 0, digits.err);
  assert.deepEqual(idsIn(digits.text).at(-1), '9007199254740993');
  const overflow = await importSheet(diagnostic(), 's.csv', `id,source,reference,${ROW}\n1e400,A.,B.,${CELLS}\n`);
  assert.equal(overflow.code, 1);
  assert.match(overflow.err, /s\.csv:2: error: `id` overflows/);
  assert.doesNotMatch(overflow.err, /not null/);
});

test('#10 a column the schema knows is imported even when no entry uses that field yet', async () => {
  const noNotes = diagnostic().replace(/,\s*"notes": "[^"]*"/g, '');
  assert.doesNotMatch(noNotes, /"notes"/);
  const r = await importSheet(noNotes, 's.csv', `source,reference,notes,${ROW}\nA.,B.,a note,${CELLS}\n`);
  assert.equal(r.code, 0, r.err);
  assert.equal(r.err, '');
  assert.match(r.out, /notes→notes/);
  assert.equal((JSON.parse(r.text) as { entries: { notes: string }[] }).entries.at(-1)!.notes, 'a note');
});

test('#12 formula-like cells are exported with a leading quote and come back exactly, a cell already starting with quote too', async () => {
  const cells = ['=HYPERLINK("http://x","y")', '+1', '-1', '@SUM(A1)', '\tx', '\rx', "'=already", "''+two", "'plain", 'plain'];
  const corpus = JSON.parse(diagnostic()) as { entries: { source: string }[] };
  cells.forEach((cell, i) => (corpus.entries[i].source = cell));
  const dir = folderWith({ 'c.json': JSON.stringify(corpus, null, 2) });
  const io = captureIo(dir);
  assert.equal(await main(['corpus', 'export', 'c.json', '--out', 'c.csv'], io), 0, io.err);
  const csv = fs.readFileSync(path.join(dir, 'c.csv'), 'utf8');
  assert.ok(csv.includes(`"'=HYPERLINK(""http://x"",""y"")"`));
  assert.ok(csv.includes(`"'''+two"`) && csv.includes(`,'plain,`));
  for (const line of csv.split('\r\n').slice(1)) assert.doesNotMatch(line.split(',')[1] ?? '', /^"?[=+\-@\t\r]/);
  const empty = JSON.stringify({ ...corpus, entries: [] }, null, 2);
  fs.writeFileSync(path.join(dir, 'e.json'), empty);
  assert.equal(await main(['corpus', 'import', 'c.csv', '--into', 'e.json'], io), 0, io.err);
  assert.deepEqual(
    (JSON.parse(fs.readFileSync(path.join(dir, 'e.json'), 'utf8')) as { entries: { source: string }[] }).entries.map((e) => e.source),
    cells,
  );
});

test('#15 counts, warnings, lines, file names, first ids and entry_count', async () => {
  // The export counts entries, not lines; a lone surrogate is warned about by entry and field.
  const corpus = JSON.parse(diagnostic()) as { entries: { source: string; reference: string }[] };
  corpus.entries[0].source = 'Two\r\nlines';
  corpus.entries[1].reference = 'half \uD800 pair';
  const dir = folderWith({ 'c.json': JSON.stringify(corpus, null, 2) });
  const io = captureIo(dir);
  assert.equal(await main(['corpus', 'export', 'c.json', '--out', 'c.csv'], io), 0, io.err);
  assert.match(io.out, /c\.csv: 10 entries written/);
  assert.match(io.err, /c\.csv: warning: entry 2, field "reference": holds half of a surrogate pair/);
  // Blank lines count in the line a problem names.
  const blank = await importSheet(
    diagnostic(),
    's.csv',
    `source,reference,${ROW}\n\n"Two\nlines",A.,${CELLS}\n\r\nB.,C.,7,diagnostic,elicited,conversational,greeting\n`,
  );
  assert.equal(blank.code, 1);
  assert.match(blank.err, /^s\.csv:6: error: .*difficulty/m);
  // A sheet's own problem names the sheet.
  const headerOnly = await importSheet(diagnostic(), 'only.csv', `source,reference\n`);
  assert.equal(headerOnly.code, 2);
  assert.match(headerOnly.err, /^only\.csv: the sheet has a header but no rows/m);
  // Ids in an empty corpus start at 1.
  const empty = diagnostic().replace(/"entries": \[[\s\S]*\]\s*}\s*$/, '"entries": []\n}\n');
  const first = await importSheet(empty, 's.csv', twoRows);
  assert.equal(first.code, 0, first.err);
  assert.deepEqual(idsIn(first.text).slice(-2), ['1', '2']);
  // A curated corpus's entry_count follows the import; a stale one is said.
  const curated = fs.readFileSync(fromRepo('test-fixtures/corpus/valid/eng-ewe-curated.json'), 'utf8');
  const rows = 'source,reference,domain,difficulty,register\nOne.,Ɖeka.,daily_life,1,conversational\n';
  const counted = await importSheet(curated, 's.csv', rows);
  assert.equal(counted.code, 0, counted.err);
  assert.equal((JSON.parse(counted.text) as { entry_count: number }).entry_count, 4);
  const stale = await importSheet(curated.replace('"entry_count": 3', '"entry_count": 7'), 's.csv', rows);
  assert.equal(stale.code, 0, stale.err);
  assert.match(stale.err, /entry_count was 7 while the corpus held 3 entries; it is set to 4/);
  assert.equal((JSON.parse(stale.text) as { entry_count: number }).entry_count, 4);
});

test('#2 the real CLI returns on a corpus whose largest id is 2^53, 1e308 or ewe_2^53 (it used to loop forever)', async () => {
  const curated = fs
    .readFileSync(fromRepo('test-fixtures/corpus/valid/eng-ewe-curated.json'), 'utf8')
    .replace(/"tatoeba_10000(\d)"/g, '"ewe_900719925474099$1"');
  assert.match(curated, /"ewe_9007199254740993"/);
  for (const [corpus, sheet] of [
    [withLastId('9007199254740992'), twoRows],
    [withLastId('1e308'), twoRows],
    [curated, 'source,reference,domain,difficulty,register\nOne.,Ɖeka.,daily_life,1,conversational\n'],
  ] as const) {
    const dir = folderWith({ 'c.json': corpus, 's.csv': sheet });
    const cli = spawnCli(['corpus', 'import', 's.csv', '--into', 'c.json'], { cwd: dir });
    const { code } = await finishes(cli.exited, 'corpus import past 2^53');
    assert.equal(code, 0, cli.stderr);
  }
});

test('corpus import --update brings a fixed sheet back: the changed cells change, the rest of the file stays byte for byte', async () => {
  const dir = folderWith({ 'c.json': diagnostic() });
  const io = captureIo(dir);
  assert.equal(await main(['corpus', 'export', 'c.json', '--out', 'c.tsv'], io), 0, io.err);
  const before = fs.readFileSync(path.join(dir, 'c.json'), 'utf8');
  const sheet = fs.readFileSync(path.join(dir, 'c.tsv'), 'utf8');
  const old = JSON.parse(before).entries[1].reference as string;
  fs.writeFileSync(path.join(dir, 'c.tsv'), sheet.replace(`\t${old}\t`, '\tŊdɔ nyuie.\t'));
  // Without --update the sheet's ids are refused as duplicates.
  const plain = captureIo(dir);
  assert.equal(await main(['corpus', 'import', 'c.tsv', '--into', 'c.json'], plain), 1);
  assert.equal(fs.readFileSync(path.join(dir, 'c.json'), 'utf8'), before);
  const dry = captureIo(dir);
  assert.equal(await main(['corpus', 'import', 'c.tsv', '--into', 'c.json', '--update', '--dry-run'], dry), 0, dry.err);
  assert.match(dry.out, new RegExp(`id 2, reference: ${JSON.stringify(old)} → "Ŋdɔ nyuie\\."`));
  assert.match(dry.out, /would update 1 entry \(1 cell\), would add 0, 9 unchanged/);
  assert.equal(fs.readFileSync(path.join(dir, 'c.json'), 'utf8'), before);
  const up = captureIo(dir);
  assert.equal(await main(['corpus', 'import', 'c.tsv', '--into', 'c.json', '--update'], up), 0, up.err);
  assert.match(up.out, /c\.json: updated 1 entry \(1 cell\), added 0, 9 unchanged/);
  assert.equal(fs.readFileSync(path.join(dir, 'c.json'), 'utf8'), before.replace(JSON.stringify(old), JSON.stringify('Ŋdɔ nyuie.')));
});

test('corpus import --update keeps and lists the entries the sheet leaves out, --prune removes them, and --prune needs --update', async () => {
  const dir = folderWith({ 'c.json': diagnostic() });
  const io = captureIo(dir);
  assert.equal(await main(['corpus', 'export', 'c.json', '--out', 'c.csv'], io), 0, io.err);
  const lines = fs.readFileSync(path.join(dir, 'c.csv'), 'utf8').split('\r\n');
  fs.writeFileSync(path.join(dir, 'c.csv'), [...lines.slice(0, 9), ''].join('\r\n'));
  const kept = captureIo(dir);
  assert.equal(await main(['corpus', 'import', 'c.csv', '--into', 'c.json', '--update'], kept), 0, kept.err);
  assert.match(kept.out, /2 entries not in the sheet kept \(ids 9, 10; --prune removes them\)/);
  assert.equal(JSON.parse(fs.readFileSync(path.join(dir, 'c.json'), 'utf8')).entries.length, 10);
  const pruned = captureIo(dir);
  assert.equal(await main(['corpus', 'import', 'c.csv', '--into', 'c.json', '--update', '--prune'], pruned), 0, pruned.err);
  assert.match(pruned.out, /id 9: removed\n {2}id 10: removed\n.*removed 2 entries not in the sheet/);
  assert.equal(JSON.parse(fs.readFileSync(path.join(dir, 'c.json'), 'utf8')).entries.length, 8);
  const usage = captureIo(dir);
  assert.notEqual(await main(['corpus', 'import', 'c.csv', '--into', 'c.json', '--prune'], usage), 0);
  assert.match(usage.err, /--prune goes with --update/);
});
