import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import { fromRepo } from '../../test/helpers/paths';
import { generateCorpus, rng } from '../../bench/generate';
import { JsonDocument } from '../document/jsonDocument';
import { entriesOf } from '../document/classify';
import { isObject, type JsonObject } from '../json';
import fc from 'fast-check';
import { propertyRuns } from '../../test/helpers/property';
import { applyTextEdits, insertProperty, oneLineLayout, removeArrayItems, serializeOneLine, type TextEdit } from '../document/jsonEdits';
import { CorpusTableModel } from './tableModel';
import { otherValues, summarize } from './tableView';

const read = (rel: string) => fs.readFileSync(fromRepo(rel), 'utf8');
const REAL = [
  'test-fixtures/corpus/real/eng-yor-dev-v1.json',
  'test-fixtures/corpus/real/eng-sme-dev-v1.json',
  'test-fixtures/corpus/valid/ewe-diagnostic.json',
  'test-fixtures/corpus/valid/eng-ewe-curated.json',
];

/** The four shapes from one envelope corpus: flat (a root array), legacy names, tab-indented CRLF, minified. */
function shapes(): Record<string, string> {
  const envelope = read('test-fixtures/corpus/valid/ewe-diagnostic.json');
  const value = JSON.parse(envelope) as { entries: JsonObject[] };
  const legacy = value.entries.map((e, i) => ({ index: i + 1, source_text: e.source, target_expected: e.reference, difficulty: 'easy' }));
  return {
    envelope,
    flat: JSON.stringify(value.entries, null, 4) + '\n',
    legacy: JSON.stringify(legacy, null, 2),
    crlfTabs: JSON.stringify(value, null, '\t').replace(/\n/g, '\r\n'),
    minified: JSON.stringify(value),
  };
}

const entriesIn = (text: string, path?: readonly (string | number)[]): unknown[] =>
  entriesOf(JSON.parse(text) as unknown, path ?? new CorpusTableModel(new JsonDocument(text)).sheet.entriesPath) ?? [];

/** A value a person might type in a cell of this column, as text. */
function randomCell(random: () => number, kind: string): string {
  const pool =
    kind === 'number'
      ? ['1', '2', '5', '3.5', '-4', 'ten']
      : kind === 'json'
        ? ['{"a": 1}', '[1, "ɖ"]', 'null', '"text"']
        : ['Ŋdi nyuie.', 'ɖevi é ɔ̀', '', 'a "quoted" \\ word', 'line\nbreak', 'plain'];
  return pool[Math.floor(random() * pool.length)];
}

/**
 * Random cell edits: each re-parses to exactly the edited value, and every other byte of the file is kept
 * (the text before and after the edit is compared byte for byte, so no other value can have changed).
 */
function editRandomly(text: string, edits: number, seed: number): void {
  const random = rng(seed);
  let doc = new JsonDocument(text);
  for (let n = 0; n < edits; n++) {
    const model = new CorpusTableModel(doc);
    const { rows, columns } = model.data;
    const row = rows[Math.floor(random() * rows.length)];
    // Now and then a field the entry lacks, so the edit inserts it.
    const field = random() < 0.15 ? 'notes_extra' : columns[Math.floor(random() * columns.length)].field;
    const kind = columns.find((c) => c.field === field)?.kind ?? 'string';
    const cell = randomCell(random, kind);
    const result = model.editCell(row.index, field, cell);
    assert.ok('edits' in result, `${field} = ${cell}`);
    // Read before the model is derived: an edit inside one entry hands the old version's items array over to
    // the new version (the entry replaced in place), so what the old version held must be copied first.
    const beforeEntries = entriesOf(doc.value, model.sheet.entriesPath) ?? [];
    const before = { length: beforeEntries.length, entry: structuredClone(beforeEntries[row.index]) as JsonObject };
    const after = applyTextEdits(text, result.edits);
    assert.ok(result.edits.length <= 1);
    if (result.edits.length === 1) {
      const edit = result.edits[0];
      assert.equal(after.slice(0, edit.start), text.slice(0, edit.start), 'text before the edit kept');
      assert.equal(after.slice(edit.start + edit.text.length), text.slice(edit.end), 'text after the edit kept');
    }
    doc = new JsonDocument(after);
    // The model derived from the edit (only that entry re-parsed, only its row rebuilt) is the model of the new text.
    const derived = model.edited(result.edits);
    if (field in before.entry && model.sheet.entriesPath.length <= 1) assert.ok(derived, 'a value replaced: derived from the edit');
    if (derived) {
      assert.equal(derived.doc.text, after);
      assert.deepEqual(derived.data, new CorpusTableModel(doc).data, `derived model after ${field} = ${JSON.stringify(cell)}`);
    }
    const entries = entriesOf(doc.value, model.sheet.entriesPath) ?? [];
    assert.equal(entries.length, before.length);
    const expected = structuredClone(before.entry);
    const value = kind === 'number' && /^-?\d+(\.\d+)?$/.test(cell) ? Number(cell) : kind === 'json' ? (JSON.parse(cell) as unknown) : cell;
    if (!(cell === '' && !(field in expected))) expected[field] = value;
    assert.deepEqual(entries[row.index], expected, `entry ${row.index} field ${field} = ${JSON.stringify(cell)}`);
    text = after;
  }
}

test('random cell edits on the real-shaped corpora change that value only, in all four shapes and any style', () => {
  for (const rel of REAL) editRandomly(read(rel), 60, 3);
  for (const [name, text] of Object.entries(shapes())) {
    assert.doesNotThrow(() => editRandomly(text, 60, 5), name);
  }
});

test('random cell edits on a 20,000-entry corpus keep every other byte', () => {
  editRandomly(generateCorpus(20_000), 20, 9);
});

test('columns follow the shape: spec fields first, legacy names for legacy corpora, numbers stay numbers', () => {
  const envelope = new CorpusTableModel(new JsonDocument(read('test-fixtures/corpus/valid/ewe-diagnostic.json')));
  assert.deepEqual(
    envelope.data.columns.slice(0, 3).map((c) => c.field),
    ['id', 'source', 'reference'],
  );
  assert.equal(envelope.data.columns.find((c) => c.field === 'difficulty')?.kind, 'number');
  const legacy = new CorpusTableModel(new JsonDocument(shapes().legacy));
  assert.deepEqual(
    legacy.data.columns.map((c) => c.field),
    ['index', 'source_text', 'target_expected', 'difficulty'],
  );
  assert.equal(legacy.data.referenceField, 'target_expected');
  const curated = new CorpusTableModel(new JsonDocument(read('test-fixtures/corpus/real/eng-yor-dev-v1.json')));
  assert.equal(curated.data.rows[0].segment, 'development', 'a curated file gives its segment to its entries');
  assert.equal(curated.data.columns.find((c) => c.field === 'provenance')?.kind, 'json');
});

test('a typed number in a number column is written as a number; text that is not one stays text', () => {
  const text = read('test-fixtures/corpus/valid/ewe-diagnostic.json');
  const model = new CorpusTableModel(new JsonDocument(text));
  const row = model.data.rows[0];
  const r = model.editCell(row.index, 'difficulty', ' 4 ');
  assert.ok('edits' in r);
  assert.equal(r.edits[0].text, '4');
  const bad = model.editCell(row.index, 'difficulty', 'hard');
  assert.ok('edits' in bad);
  assert.equal(bad.edits[0].text, '"hard"');
  assert.deepEqual(model.editCell(row.index, 'difficulty', String((entriesIn(text)[0] as JsonObject).difficulty)), { edits: [] }, 'unchanged: no edit');
});

test('JSON fields refuse text that is not JSON; unknown entries are refused', () => {
  const model = new CorpusTableModel(new JsonDocument(read('test-fixtures/corpus/real/eng-yor-dev-v1.json')));
  assert.deepEqual(model.editCell(0, 'provenance', '{oops'), { error: 'notJson' });
  assert.deepEqual(model.editCell(10_000, 'source', 'x'), { error: 'noEntry' });
});

test('add, duplicate and delete keep the array layout and give new ids in the file pattern', () => {
  for (const [name, text] of Object.entries(shapes())) {
    const model = new CorpusTableModel(new JsonDocument(text));
    const before = entriesIn(text) as JsonObject[];
    const idField = model.data.idField;

    const added = model.addEntry();
    assert.ok('edits' in added, name);
    const withNew = entriesIn(applyTextEdits(text, added.edits)) as JsonObject[];
    assert.equal(withNew.length, before.length + 1, name);
    assert.equal(withNew.at(-1)![idField], Math.max(...before.map((e) => Number(e[idField]))) + 1, name);
    assert.equal(withNew.at(-1)![model.data.sourceField], '', name);

    const dup = model.duplicate([1, 0]);
    assert.ok('edits' in dup);
    const duplicated = entriesIn(applyTextEdits(text, dup.edits)) as JsonObject[];
    assert.equal(duplicated.length, before.length + 2);
    assert.equal(dup.index, 1, 'the first copy follows its original');
    assert.deepEqual({ ...duplicated[1], [idField]: before[0][idField] }, before[0], name);
    assert.notEqual(duplicated[1][idField], before[0][idField]);

    for (const indices of [[0], [1, 2], [0, 1, 3], [before.length - 1], before.map((_, i) => i)]) {
      const removed = model.remove(indices);
      assert.ok('edits' in removed);
      const out = applyTextEdits(text, removed.edits);
      assert.deepEqual(
        entriesIn(out, model.sheet.entriesPath as string[]),
        before.filter((_, i) => !indices.includes(i)),
        `${name} remove ${indices}`,
      );
    }
  }
});

test('deleting an entry removes its lines and comma and nothing else', () => {
  const text =
    '{\n  "dataset": {},\n  "entries": [\n    { "id": 1, "source": "a" },\n    { "id": 2, "source": "b" },\n    { "id": 3, "source": "c" }\n  ]\n}\n';
  const model = new CorpusTableModel(new JsonDocument(text));
  assert.ok(isObject(model.doc.value));
  const middle = model.remove([1]);
  assert.ok('edits' in middle);
  assert.equal(
    applyTextEdits(text, middle.edits),
    '{\n  "dataset": {},\n  "entries": [\n    { "id": 1, "source": "a" },\n    { "id": 3, "source": "c" }\n  ]\n}\n',
  );
  const first = model.remove([0]);
  assert.ok('edits' in first);
  assert.equal(
    applyTextEdits(text, first.edits),
    '{\n  "dataset": {},\n  "entries": [\n    { "id": 2, "source": "b" },\n    { "id": 3, "source": "c" }\n  ]\n}\n',
  );
  const doc = new JsonDocument(text);
  assert.equal(applyTextEdits(text, removeArrayItems(doc, ['entries'], [0, 1, 2])), '{\n  "dataset": {},\n  "entries": []\n}\n');
});

test("a field the entry lacks is inserted in the entry's own layout", () => {
  const inline = '[{ "id": 1, "source": "a" }]';
  const doc = new JsonDocument(inline);
  assert.equal(applyTextEdits(inline, [insertProperty(doc, [0], 'notes', 'n')!]), '[{ "id": 1, "source": "a", "notes": "n" }]');
  const lines = '[\n  {\n    "id": 1,\n    "source": "a"\n  }\n]';
  assert.equal(
    applyTextEdits(lines, [insertProperty(new JsonDocument(lines), [0], 'notes', 'ɖ')!]),
    '[\n  {\n    "id": 1,\n    "source": "a",\n    "notes": "ɖ"\n  }\n]',
  );
  const empty = '[\n  {}\n]';
  assert.equal(applyTextEdits(empty, [insertProperty(new JsonDocument(empty), [0], 'id', 1)!]), '[\n  {\n    "id": 1\n  }\n]');
  const ascii = '[\n  {\n    "source": "\\u0256"\n  }\n]';
  assert.match(applyTextEdits(ascii, [insertProperty(new JsonDocument(ascii), [0], 'notes', 'ɖ')!]), /"notes": "\\u0256"/);
});

test('setting a field on a selection of rows writes one edit per row that changes', () => {
  const text = read('test-fixtures/corpus/valid/ewe-diagnostic.json');
  const model = new CorpusTableModel(new JsonDocument(text));
  const result = model.setField([0, 2, 3], 'register', 'formal');
  assert.ok('edits' in result);
  const entries = entriesIn(applyTextEdits(text, result.edits)) as JsonObject[];
  const before = entriesIn(text) as JsonObject[];
  entries.forEach((e, i) => assert.equal(e.register, [0, 2, 3].includes(i) ? 'formal' : before[i].register));
});

test('offsets map to the entry and field that hold them (diagnostics onto cells)', () => {
  const text = read('test-fixtures/corpus/valid/ewe-diagnostic.json');
  const model = new CorpusTableModel(new JsonDocument(text));
  const span = model.doc.locate(['entries', 2, 'reference'])!;
  assert.deepEqual(model.locate(span.start + 1), { index: 2, field: 'reference' });
  const key = model.doc.locate(['entries', 1, 'difficulty'], 'key')!;
  assert.deepEqual(model.locate(key.start), { index: 1, field: 'difficulty' });
  assert.equal(model.locate(0), undefined);
});

test('gold_standard and held_out rows are marked, and their text left out when asked', () => {
  const text = JSON.stringify(
    {
      dataset: { id: 'x' },
      entries: [
        { id: 1, source: 's1', reference: 'r1', segment: 'gold_standard' },
        { id: 2, source: 's2', reference: 'r2', segment: 'development' },
        { id: 3, source: 's3', reference: 'r3', segment: 'held_out' },
      ],
    },
    null,
    2,
  );
  const shown = new CorpusTableModel(new JsonDocument(text));
  assert.deepEqual(
    shown.data.rows.map((r) => r.secret),
    [true, false, true],
  );
  assert.equal(shown.data.rows[0].cells[1], 's1');
  const hidden = new CorpusTableModel(new JsonDocument(text), { hideSecretText: true });
  assert.deepEqual(
    hidden.data.rows.map((r) => [r.hidden, r.cells[1], r.cells[2]]),
    [
      [true, null, null],
      [false, 's2', 'r2'],
      [true, null, null],
    ],
  );
  assert.ok(!JSON.stringify(hidden.data).includes('s3'), 'hidden text never leaves the model');
});

/** The text outside the edits (all insertions) is the original's, byte for byte. */
function assertOnlyInserted(text: string, edits: readonly TextEdit[], name: string): string {
  let out = '';
  let at = 0;
  for (const edit of [...edits].sort((a, b) => a.start - b.start)) {
    assert.equal(edit.end, edit.start, `${name}: an insertion`);
    out += text.slice(at, edit.start) + edit.text;
    at = edit.end;
  }
  out += text.slice(at);
  assert.equal(out, applyTextEdits(text, edits), name);
  // Taking the inserted texts out again gives the original.
  let back = out;
  for (const edit of [...edits].sort((a, b) => b.start - a.start)) {
    const shift = edits.filter((e) => e.start < edit.start).reduce((sum, e) => sum + e.text.length, 0);
    back = back.slice(0, edit.start + shift) + back.slice(edit.start + shift + edit.text.length);
  }
  assert.equal(back, text, `${name}: every other byte kept`);
  return out;
}

test('duplicate inserts each copy right after its original, with a new id in the pattern, and nothing else', () => {
  const cases: [string, string][] = [
    ...Object.entries(shapes()),
    ['20,000 entries', generateCorpus(20_000)],
    ...REAL.map((rel): [string, string] => [rel, read(rel)]),
  ];
  for (const [name, text] of cases) {
    const model = new CorpusTableModel(new JsonDocument(text));
    const before = entriesIn(text) as JsonObject[];
    const idField = model.data.idField;
    const last = before.length - 1;
    for (const picked of [[0], [2, 0], [last], [1, 2, last]]) {
      const result = model.duplicate(picked);
      assert.ok('edits' in result, name);
      assert.equal(result.edits.length, new Set(picked).size, `${name}: one insertion per original`);
      const after = entriesIn(assertOnlyInserted(text, result.edits, name)) as JsonObject[];
      const originals = [...new Set(picked)].sort((a, b) => a - b);
      const ids = new Set(before.map((e) => e[idField]));
      const expected: JsonObject[] = [];
      before.forEach((entry, i) => {
        expected.push(entry);
        if (!originals.includes(i)) return;
        const copy = after[expected.length];
        assert.ok(!ids.has(copy[idField]), `${name}: a new id`);
        assert.equal(typeof copy[idField], typeof entry[idField], `${name}: the id keeps its type`);
        expected.push({ ...entry, [idField]: copy[idField] });
      });
      assert.deepEqual(after, expected, `${name} duplicate ${picked}`);
      assert.equal(result.index, originals[0] + 1);
    }
  }
  const padded = '{"entries": [\n  {"id": "ewe_0007", "source": "a"},\n  {"id": "ewe_0041", "source": "b"}\n]}';
  const copy = new CorpusTableModel(new JsonDocument(padded)).duplicate([0]);
  assert.ok('edits' in copy);
  assert.equal(
    applyTextEdits(padded, copy.edits),
    '{"entries": [\n  {"id": "ewe_0007", "source": "a"},\n  {"id": "ewe_0042", "source": "a"},\n  {"id": "ewe_0041", "source": "b"}\n]}',
  );
});

test('edits from a model derived edit after edit are those a model of the whole text makes, in every style', () => {
  const all = {
    ...shapes(),
    asciiOnly: JSON.stringify(JSON.parse(read('test-fixtures/corpus/valid/ewe-diagnostic.json')), null, 2).replace(
      /[\u0080-\uffff]/g,
      (c) => '\\u' + c.charCodeAt(0).toString(16).padStart(4, '0'),
    ),
  };
  for (const [name, start] of Object.entries(all)) {
    const random = rng(11);
    let model = new CorpusTableModel(new JsonDocument(start));
    let text = start;
    for (let n = 0; n < 40; n++) {
      const { rows, columns } = model.data;
      const row = rows[Math.floor(random() * rows.length)];
      const column = columns.filter((c) => c.kind === 'string')[Math.floor(random() * 3)];
      // Text that breaks lines and carries tone marks: its escapes and line breaks follow the file's style.
      const cell = ['Ɖe nyuie.\nŊdi', 'ɔ̀ "q" \\ é', 'plain'][n % 3];
      const derivedEdits = model.editCell(row.index, column.field, cell);
      const wholeEdits = new CorpusTableModel(new JsonDocument(text)).editCell(row.index, column.field, cell);
      assert.deepEqual(derivedEdits, wholeEdits, `${name}, edit ${n}`);
      if (!('edits' in derivedEdits) || derivedEdits.edits.length === 0) continue;
      text = applyTextEdits(text, derivedEdits.edits);
      const next = model.edited(derivedEdits.edits);
      assert.ok(next, `${name}: a value replaced is derived`);
      model = next;
    }
  }
});

test('issue #30: a number typed into a cell keeps its digits (2^53 + 1, -0, 1.50) and an unchanged one makes no edit', () => {
  const text = fs.readFileSync(fromRepo('test-fixtures/corpus/valid/ewe-diagnostic.json'), 'utf8').replace('"id": 1,', '"id": 9007199254740993,');
  const model = new CorpusTableModel(new JsonDocument(text));
  const id = model.data.columns.findIndex((c) => c.field === 'id');
  assert.equal(model.data.rows[0].cells[id], '9007199254740993');
  assert.deepEqual(model.editCell(0, 'id', '9007199254740993'), { edits: [] }, 'the same digits: no edit');
  for (const typed of ['9007199254740995', '-0', '1.50']) {
    const result = model.editCell(0, 'id', typed);
    assert.ok('edits' in result && result.edits.length === 1, typed);
    assert.match(applyTextEdits(text, result.edits), new RegExp(`"id": ${typed.replace('.', '\\.')},`));
  }
});

const corpusSchema = JSON.parse(read('schemas/rosetta-corpus.schema.json')) as {
  definitions: { entry: { required: string[]; properties: Record<string, { enum?: string[] }> } };
};

test('segment, register, context and provenance are chosen from the schema’s values; difficulty from 1 to 5', () => {
  const schemas: [string, string][] = [
    ['test-fixtures/corpus/valid/ewe-diagnostic.json', 'schemas/rosetta-corpus.schema.json'],
    ['test-fixtures/corpus/valid/eng-ewe-curated.json', 'schemas/rosetta-curated-corpus.schema.json'],
  ];
  for (const [file, schemaFile] of schemas) {
    const model = new CorpusTableModel(new JsonDocument(read(file)));
    const column = (field: string) => model.data.columns.find((c) => c.field === field);
    // The schema file's enum for the field, wherever its entries' definition sits.
    const enumIn = (field: string): unknown => {
      const found: unknown[] = [];
      const walk = (node: unknown): void => {
        if (!isObject(node)) return;
        const property = isObject(node.properties) ? node.properties[field] : undefined;
        if (isObject(property) && Array.isArray(property.enum) && isObject(node.properties) && 'source' in node.properties) found.push(property.enum);
        for (const child of Object.values(node)) walk(child);
      };
      walk(JSON.parse(read(schemaFile)));
      return found[0];
    };
    for (const field of ['segment', 'register', 'context', 'provenance']) {
      if (!column(field)) continue;
      assert.deepEqual(column(field)!.choices, enumIn(field), `${file}: ${field}`);
    }
    if (column('difficulty')) assert.deepEqual(column('difficulty')!.choices, ['1', '2', '3', '4', '5'], file);
    assert.equal(column('source')?.choices, undefined, 'text is typed');
    assert.equal(column(model.data.idField)?.choices, undefined, 'ids are typed');
  }
});

test('a value outside the spec is offered as the corpus’s own and is not counted as one more register', () => {
  const value = JSON.parse(read('test-fixtures/corpus/valid/ewe-diagnostic.json')) as { entries: JsonObject[] };
  value.entries[0].register = 'conversationl';
  value.entries[1].register = 'formal';
  const model = new CorpusTableModel(new JsonDocument(JSON.stringify(value, null, 2)));
  const registers = new Set(value.entries.map((e) => e.register));
  const summary = summarize(model.data);
  assert.equal(summary.registerCount.count, registers.size - 1);
  assert.ok(
    summary.registers.some((r) => r.value === 'conversationl'),
    'the list still shows it, to be fixed',
  );
  assert.deepEqual(otherValues(model.data).register, ['conversationl']);
  assert.deepEqual(otherValues(model.data).segment, []);
});

test('Add entry fills the required fields from the row above, in its key order, so the new row has them all', () => {
  const text = read('test-fixtures/corpus/valid/ewe-diagnostic.json');
  const model = new CorpusTableModel(new JsonDocument(text));
  const added = model.addEntry();
  assert.ok('edits' in added);
  assert.equal(added.field, 'source', 'the first empty cell');
  const entries = entriesIn(applyTextEdits(text, added.edits)) as JsonObject[];
  const above = entries.at(-2)!;
  const entry = entries.at(-1)!;
  for (const field of corpusSchema.definitions.entry.required) assert.ok(field in entry, field);
  assert.deepEqual(
    Object.keys(entry),
    Object.keys(above).filter((k) => k in entry),
  );
  for (const field of ['segment', 'difficulty', 'provenance', 'register', 'context']) assert.deepEqual(entry[field], above[field], field);
  assert.equal(entry.source, '');
  assert.equal(entry.reference, '');
});

test('Add entry takes the corpus’s most common value for a required field the row above lacks', () => {
  const value = JSON.parse(read('test-fixtures/corpus/valid/ewe-diagnostic.json')) as { entries: JsonObject[] };
  const last = value.entries.at(-1)!;
  delete last.context;
  delete last.register;
  const text = JSON.stringify(value, null, 2);
  const model = new CorpusTableModel(new JsonDocument(text));
  const added = model.addEntry();
  assert.ok('edits' in added);
  const entry = (entriesIn(applyTextEdits(text, added.edits)) as JsonObject[]).at(-1)!;
  const mostCommon = (field: string) => {
    const counts = new Map<unknown, number>();
    for (const e of value.entries) if (e[field] !== undefined) counts.set(e[field], (counts.get(e[field]) ?? 0) + 1);
    return [...counts].sort((a, b) => b[1] - a[1])[0][0];
  };
  assert.equal(entry.context, mostCommon('context'));
  assert.equal(entry.register, mostCommon('register'));
});

test('Add entry writes one line when the entries are one line each, with their separators', () => {
  const value = JSON.parse(read('test-fixtures/corpus/valid/ewe-diagnostic.json')) as { dataset: JsonObject; entries: JsonObject[] };
  for (const [colon, comma] of [
    [': ', ', '],
    [':', ','],
  ]) {
    const line = (e: JsonObject) =>
      JSON.stringify(e)
        .replace(/":/g, '"' + colon)
        .replace(/,"/g, comma + '"');
    const text = `{\n  "dataset": ${JSON.stringify(value.dataset)},\n  "entries": [\n    ${value.entries.map(line).join(',\n    ')}\n  ]\n}\n`;
    const model = new CorpusTableModel(new JsonDocument(text));
    const added = model.addEntry();
    assert.ok('edits' in added);
    const after = applyTextEdits(text, added.edits);
    const lines = after.split('\n');
    assert.equal(lines.length, text.split('\n').length + 1, 'one more line');
    const newLine = lines.at(-4)!;
    assert.match(newLine, new RegExp(`^    \\{"id"${colon}${value.entries.length + 1}${comma}"source"${colon}""`));
    assert.equal((entriesIn(after) as JsonObject[]).length, value.entries.length + 1);
  }
});

test('one-line serialisation gives back the same value on one line, whatever the separators', () => {
  const json: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
    value: fc.oneof(
      { depthSize: 'small' },
      fc.string(),
      fc.integer(),
      fc.boolean(),
      fc.constant(null),
      fc.array(tie('value'), { maxLength: 3 }),
      fc.dictionary(
        fc.string().filter((k) => k !== '__proto__'),
        tie('value'),
        { maxKeys: 3 },
      ),
    ),
  })).value;
  fc.assert(
    fc.property(json, fc.constantFrom(': ', ':'), fc.constantFrom(', ', ','), fc.constantFrom('', ' '), fc.boolean(), (value, colon, comma, pad, asciiOnly) => {
      const text = serializeOneLine(value, { colon, comma, pad }, { eol: '\n', indent: '  ', asciiOnly });
      assert.ok(!/[\n\r]/.test(text));
      assert.equal(JSON.stringify(JSON.parse(text)), JSON.stringify(value));
      if (text.startsWith('{"') || text.startsWith('{ "')) assert.deepEqual(oneLineLayout(text)?.pad, pad);
    }),
    propertyRuns(200),
  );
});

test('a flat or legacy corpus chooses its difficulty from 1–5 and the legacy easy, medium and hard', () => {
  for (const name of ['flat', 'legacy']) {
    const model = new CorpusTableModel(new JsonDocument(shapes()[name]));
    const column = model.data.columns.find((c) => c.field === 'difficulty');
    assert.deepEqual(column?.choices, ['1', '2', '3', '4', '5', 'easy', 'medium', 'hard'], name);
  }
});
