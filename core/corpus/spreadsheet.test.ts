import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import { fromRepo } from '../../test/helpers/paths';
import { nextIds } from './idPattern';
import { appendToArray, applyTextEdit, replaceValue } from '../document/jsonEdits';
import { JsonDocument } from '../document/jsonDocument';
import { corpusSheet } from './cells';
import { delimiterFor, exportSheet, planImport } from './spreadsheet';

const read = (rel: string) => fs.readFileSync(fromRepo(rel), 'utf8');
const REAL = [
  'test-fixtures/corpus/real/eng-yor-dev-v1.json',
  'test-fixtures/corpus/real/eng-sme-dev-v1.json',
  'test-fixtures/corpus/valid/ewe-diagnostic.json',
  'test-fixtures/corpus/valid/eng-ewe-curated.json',
];

/** The corpus with its entries removed, as the text a person would start an import into. */
function emptied(text: string): string {
  const doc = new JsonDocument(text);
  const sheet = corpusSheet(doc.value);
  const span = doc.locate(sheet.entriesPath)!;
  return text.slice(0, span.start) + '[]' + text.slice(span.end);
}

test('ids follow the file: integers continue, padded and prefixed strings keep their pattern, none is reused', () => {
  assert.deepEqual(nextIds([1, 2, 7], 3), [8, 9, 10]);
  assert.deepEqual(nextIds(['ewe_0001', 'ewe_0002', 'ewe_0009'], 2), ['ewe_0010', 'ewe_0011']);
  assert.deepEqual(nextIds(['tatoeba_953265', 'tatoeba_12', 'tatoeba_7'], 1), ['tatoeba_953266']);
  assert.deepEqual(nextIds(['a-1', 'a-2', 'b-9'], 1), ['a-3']);
  assert.deepEqual(nextIds(['hello', 'world'], 2), ['entry_3', 'entry_4']);
  // A corpus without ids starts at 1, as the corpus shape's ids do.
  assert.deepEqual(nextIds([], 2), [1, 2]);
  assert.deepEqual(nextIds(['x1', 'x2', 'x3'], 1), ['x4']);
});

test('CSV and TSV round trip: every real-shaped corpus exports and imports back to the same entries', () => {
  for (const rel of REAL) {
    const text = read(rel);
    const value = JSON.parse(text) as unknown;
    for (const delimiter of [',', '\t'] as const) {
      const sheetText = exportSheet(text, { delimiter }).text;
      const plan = planImport(emptied(text), sheetText, { delimiter });
      assert.deepEqual(
        plan.problems.filter((p) => p.severity === 'error'),
        [],
        `${rel} ${JSON.stringify(delimiter)}`,
      );
      assert.ok(plan.newText, rel);
      assert.deepEqual(corpusSheet(JSON.parse(plan.newText!)).entries, corpusSheet(value).entries, `${rel} ${JSON.stringify(delimiter)}`);
    }
  }
});

test('cells with quotes, commas, line breaks, tabs and tone marks survive the round trip; CSV starts with a BOM', () => {
  const dataset = JSON.parse(read('test-fixtures/corpus/valid/ewe-diagnostic.json')).dataset as unknown;
  const common = { segment: 'diagnostic', provenance: 'elicited', register: 'conversational' };
  const corpus = {
    dataset,
    entries: [
      {
        id: 1,
        source: 'He said "no", then left.\nTwo lines.',
        reference: 'Égblɔ be "ao", eye wòdzo.\nFé eve.',
        difficulty: 2,
        ...common,
        context: 'narrative',
        notes: '',
      },
      { id: 2, source: 'tab\there; a, b', reference: 'ɛ̃ ɔ̀ ŋ́ ʋ ƒ ɣ ɖ', difficulty: 3, ...common, context: 'label', notes: 'a, "b"; c' },
    ],
  };
  const csv = exportSheet(JSON.stringify(corpus), { delimiter: ',' }).text;
  assert.equal(csv.charCodeAt(0), 0xfeff);
  const tsv = exportSheet(JSON.stringify(corpus), { delimiter: '\t' }).text;
  assert.notEqual(tsv.charCodeAt(0), 0xfeff);
  const start = JSON.stringify({ ...corpus, entries: [] }, null, 2);
  for (const [sheetText, delimiter] of [
    [csv, ','],
    [tsv, '\t'],
  ] as const) {
    const plan = planImport(start, sheetText, { delimiter });
    assert.deepEqual(
      plan.problems.filter((p) => p.severity === 'error'),
      [],
    );
    // An empty cell is an absent field: the empty notes come back absent.
    assert.deepEqual(
      JSON.parse(plan.newText!).entries,
      corpus.entries.map(({ notes, ...rest }) => (notes ? { ...rest, notes } : rest)),
    );
  }
});

test("import appends after the last entry in the file's own style and leaves every other byte as it was", () => {
  const text = read('test-fixtures/corpus/valid/ewe-diagnostic.json');
  const plan = planImport(
    text,
    'source,reference,difficulty,segment,provenance,register,context\r\nThank you.,Akpe.,1,diagnostic,elicited,conversational,greeting\r\n',
    { delimiter: ',' },
  );
  assert.deepEqual(plan.problems, []);
  // A pure insertion (the diagnostic corpus has no entry_count to follow).
  assert.equal(plan.edits!.length, 1);
  const edit = plan.edits![0];
  assert.equal(edit.start, edit.end, 'a pure insertion');
  assert.equal(plan.newText!.slice(0, edit.start), text.slice(0, edit.start));
  assert.equal(plan.newText!.slice(edit.start + edit.text.length), text.slice(edit.end));
  const added = JSON.parse(plan.newText!).entries.at(-1);
  assert.deepEqual(added, {
    id: 11,
    source: 'Thank you.',
    reference: 'Akpe.',
    difficulty: 1,
    segment: 'diagnostic',
    provenance: 'elicited',
    register: 'conversational',
    context: 'greeting',
  });
  // Indented like its neighbours.
  const lines = plan.newText!.split('\n');
  const idLine = lines.find((l) => l.includes('"id": 11'))!;
  const prevIdLine = lines.find((l) => l.includes('"id": 10'))!;
  assert.equal(idLine.indexOf('"id"'), prevIdLine.indexOf('"id"'));
});

test('a row with an error imports nothing, and every problem names its row', () => {
  const text = read('test-fixtures/corpus/valid/ewe-diagnostic.json');
  const sheetText = [
    'source,reference,difficulty,segment,provenance,register,context',
    'Fine.,Nyuie.,2,diagnostic,elicited,conversational,greeting',
    'Bad.,Vɔ̃.,9,diagnostic,elicited,conversational,greeting',
    ',Empty source.,1,diagnostic,elicited,conversational,greeting',
  ].join('\n');
  const plan = planImport(text, sheetText, { delimiter: ',' });
  assert.equal(plan.edits, undefined);
  assert.equal(plan.newText, undefined);
  const rows = plan.problems.filter((p) => p.severity === 'error').map((p) => p.row);
  assert.ok(rows.includes(3), JSON.stringify(plan.problems));
  assert.ok(rows.includes(4), JSON.stringify(plan.problems));
  assert.ok(!rows.includes(2));
});

test('columns map by field name, alias or --map; unknown columns are reported, not guessed', () => {
  const text = read('test-fixtures/corpus/valid/ewe-diagnostic.json');
  const sheetText = 'English,Target,Level,segment,provenance,register,context,Comment\nWater.,Tsi.,1,diagnostic,elicited,conversational,greeting,hi\n';
  const plan = planImport(text, sheetText, {
    delimiter: ',',
    map: new Map([
      ['English', 'source'],
      ['Level', 'difficulty'],
    ]),
  });
  assert.deepEqual(
    plan.columns.map((c) => c.field),
    ['source', 'reference', 'difficulty', 'segment', 'provenance', 'register', 'context', null],
  );
  assert.deepEqual(
    plan.problems.map((p) => [p.severity, p.column]),
    [['warning', 'Comment']],
  );
  assert.equal(JSON.parse(plan.newText!).entries.at(-1).difficulty, 1);
  assert.throws(() => planImport(text, '', { delimiter: ',' }));
  const unknown = planImport(text, sheetText, { delimiter: ',', map: new Map([['Nope', 'source']]) });
  assert.ok(unknown.problems.some((p) => p.severity === 'error' && p.column === 'Nope'));
});

test('objects in a curated corpus (provenance, metadata) go out as JSON text and come back as objects', () => {
  const text = read('test-fixtures/corpus/real/eng-yor-dev-v1.json');
  const sheetText = exportSheet(text, { delimiter: '\t', rows: [0] }).text;
  // A JSON cell holds quotes, so it is quoted with its quotes doubled.
  assert.ok(sheetText.includes('"{""source_name"":'));
  const broken = sheetText.replace('{""source_name""', '{source_name');
  const plan = planImport(emptied(text), broken, { delimiter: '\t' });
  assert.ok(plan.problems.some((p) => p.severity === 'error' && p.row === 2 && p.column === 'provenance'));
});

test('minimal edits: replacing one value changes only that value; appending to an empty array indents one level in', () => {
  const text = '{\n    "entries": [\n        {"id": 1, "source": "a"}\n    ],\n    "x": "ɖ"\n}\n';
  const doc = new JsonDocument(text);
  const edit = replaceValue(doc, ['entries', 0, 'source'], 'ɖe')!;
  assert.equal(applyTextEdit(text, edit), text.replace('"a"', '"ɖe"'));
  const empty = '{\r\n  "entries": [],\r\n  "x": 1\r\n}';
  const appended = applyTextEdit(empty, appendToArray(new JsonDocument(empty), ['entries'], [{ id: 1 }])!);
  assert.equal(appended, '{\r\n  "entries": [\r\n    {\r\n      "id": 1\r\n    }\r\n  ],\r\n  "x": 1\r\n}');
  const ascii = '{"entries": [{"id": 1, "r": "\\u0256"}]}';
  const escaped = applyTextEdit(ascii, appendToArray(new JsonDocument(ascii), ['entries'], [{ id: 2, r: 'ɖ' }])!);
  assert.match(escaped, /"r": "\\u0256"\n?\s*}\]}$/);
  assert.deepEqual(JSON.parse(escaped).entries[1], { id: 2, r: 'ɖ' });
});

test('delimiter from the file name', () => {
  assert.equal(delimiterFor('a.tsv'), '\t');
  assert.equal(delimiterFor('a.TAB'), '\t');
  assert.equal(delimiterFor('a.csv'), ',');
});

test('#36 rows without an id get the fresh ids in sheet order, between rows that give their own', () => {
  const text = read('test-fixtures/corpus/valid/ewe-diagnostic.json');
  const row = (id: string, source: string) => `${id},${source},Akpe.,1,diagnostic,elicited,conversational,greeting`;
  const sheetText = [
    'id,source,reference,difficulty,segment,provenance,register,context',
    row('', 'First.'),
    row('40', 'Given forty.'),
    row('', 'Second.'),
    row('12', 'Given twelve.'),
    row('', 'Third.'),
  ].join('\n');
  const plan = planImport(text, sheetText, { delimiter: ',' });
  assert.deepEqual(plan.problems, []);
  const added = (JSON.parse(plan.newText!) as { entries: { id: number; source: string }[] }).entries.slice(-5);
  assert.deepEqual(
    added.map((e) => [e.id, e.source]),
    [
      [41, 'First.'],
      [40, 'Given forty.'],
      [42, 'Second.'],
      [12, 'Given twelve.'],
      [43, 'Third.'],
    ],
  );
});

test('#36 a large sheet without ids imports every row once, each with its own id, in sheet order', () => {
  const text = emptied(read('test-fixtures/corpus/valid/ewe-diagnostic.json'));
  const rows = Array.from({ length: 3000 }, (_, i) => `Row ${i}.,Akpe ${i}.,1,diagnostic,elicited,conversational,greeting`);
  const plan = planImport(text, ['source,reference,difficulty,segment,provenance,register,context', ...rows].join('\r\n'), { delimiter: ',' });
  assert.equal(plan.entries.length, 3000);
  const entries = (JSON.parse(plan.newText!) as { entries: { id: number; source: string }[] }).entries;
  assert.deepEqual(
    entries.map((e) => e.id),
    Array.from({ length: 3000 }, (_, i) => i + 1),
  );
  assert.equal(entries[2999].source, 'Row 2999.');
});
