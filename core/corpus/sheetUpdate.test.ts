import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import fc from 'fast-check';
import { propertyRuns } from '../../test/helpers/property';
import { fromRepo } from '../../test/helpers/paths';
import { JsonDocument } from '../document/jsonDocument';
import { applyTextEdits } from '../document/jsonEdits';
import { planUpdate, spanEdit } from './sheetUpdate';
import { exportSheet, planImport, type Delimiter } from './spreadsheet';
import { CorpusTableModel } from './tableModel';

const DATASET = {
  id: 'prop',
  version: '1.0',
  language_pair: 'eng-ewe',
  source_language: 'eng',
  target_language: 'ewe',
  created: '2026-11-28',
  license: 'CC-BY-4.0',
};
const COMMON = { segment: 'diagnostic', difficulty: 1, provenance: 'elicited', register: 'conversational', context: 'greeting' };

const TRICKY = ['"', ',', '\t', '\r', '\n', '\r\n', "'", '=', '+', '-', '@', ' ', 'ɖ', 'ɛ̃', 'ŋ', 'Ɔ', '́', 'a', 'Z', '0', '\uFEFF', ';'];
const tricky = fc.string({ unit: fc.constantFrom(...TRICKY), minLength: 1, maxLength: 12 });
const anyText = fc.oneof(tricky, fc.string({ unit: 'binary', minLength: 1, maxLength: 10 }), fc.string({ unit: 'grapheme', minLength: 1, maxLength: 6 }));

/** A cell edit: which entry (modulo the count), which field, and the new cell text. */
const cellEdit = fc.oneof(
  fc.record({ entry: fc.nat(), field: fc.constantFrom('source', 'reference', 'notes'), text: anyText }),
  fc.record({ entry: fc.nat(), field: fc.constant('difficulty'), text: fc.integer({ min: 1, max: 5 }).map(String) }),
);

test('export, edit random cells, update from the sheet: the corpus is exactly the one the table’s edits of those cells give, byte for byte', () => {
  fc.assert(
    fc.property(
      fc.array(fc.record({ source: anyText, reference: anyText, notes: anyText }), { minLength: 1, maxLength: 5 }),
      fc.array(cellEdit, { maxLength: 8 }),
      fc.constantFrom<Delimiter>(',', '\t'),
      fc.constantFrom(2, 4, '\t'),
      (cells, changes, delimiter, indent) => {
        const original = JSON.stringify({ dataset: DATASET, entries: cells.map((c, i) => ({ id: i + 1, ...c, ...COMMON })) }, null, indent);
        // The edited corpus: the table's own edits, one cell after another.
        let edited = original;
        for (const change of changes) {
          const result = new CorpusTableModel(new JsonDocument(edited)).editCell(change.entry % cells.length, change.field, change.text);
          assert.ok('edits' in result);
          edited = applyTextEdits(edited, result.edits);
        }
        // The sheet a person saves after editing those cells.
        const sheet = exportSheet(edited, { delimiter }).text;
        const plan = planUpdate(original, sheet, { delimiter });
        assert.deepEqual(
          plan.problems.filter((p) => p.severity === 'error'),
          [],
        );
        assert.equal(plan.newText, edited);
        assert.deepEqual(plan.added, []);
        assert.deepEqual(plan.missing, []);
        assert.equal(plan.changed.length + plan.untouched.length, cells.length);
        // And the unedited sheet changes nothing.
        const same = planUpdate(original, exportSheet(original, { delimiter }).text, { delimiter });
        assert.equal(same.newText, original);
        assert.equal(same.changed.length, 0);
      },
    ),
    propertyRuns(60),
  );
});

test('the single edit an editor applies for an update turns the old text into the new, whatever they share', () => {
  fc.assert(
    fc.property(fc.string({ unit: 'binary', maxLength: 20 }), fc.string({ unit: 'binary', maxLength: 20 }), (a, b) => {
      const edit = spanEdit(a, b);
      assert.equal(applyTextEdits(a, [edit]), b);
      assert.ok(edit.start <= edit.end);
    }),
    propertyRuns(300),
  );
});

const diagnostic = () => fs.readFileSync(fromRepo('test-fixtures/corpus/valid/ewe-diagnostic.json'), 'utf8');

/** The exported sheet with `reference` of the entries `ids` set to `to(id)`, and rows appended. */
function editedSheet(corpus: string, references: Map<number, string>, extra: string[] = []): string {
  const lines = exportSheet(corpus, { delimiter: '\t' }).text.split('\r\n');
  const header = lines[0].split('\t');
  const ref = header.indexOf('reference');
  const out = lines.map((line, i) => {
    if (i === 0 || line === '') return line;
    const cells = line.split('\t');
    const next = references.get(Number(cells[0]));
    if (next !== undefined) cells[ref] = next;
    return cells.join('\t');
  });
  out.splice(out.length - 1, 0, ...extra);
  return out.join('\r\n');
}

test('three references changed and one row added: exactly those three values change in the file, and the row is appended', () => {
  const corpus = diagnostic();
  const entries = (JSON.parse(corpus) as { entries: { id: number; reference: string }[] }).entries;
  const changes = new Map([
    [2, 'Ŋdɔ nyuie.'],
    [5, 'Akpe kakaka.'],
    [9, 'Ɛ̃, nyateƒe.'],
  ]);
  // Only the references changed: the file with those three values replaced, nothing else.
  let expected = corpus;
  for (const [id, value] of changes) {
    const old = JSON.stringify(entries.find((e) => e.id === id)!.reference);
    assert.equal(expected.split(old).length, 2, `${old} is written once`);
    expected = expected.replace(old, () => JSON.stringify(value));
  }
  const plan = planUpdate(corpus, editedSheet(corpus, changes), { delimiter: '\t' });
  assert.equal(plan.newText, expected);
  assert.deepEqual(
    plan.changed.map((c) => [c.id, c.cells.map((x) => [x.field, x.before, x.after])]),
    [...changes].map(([id, value]) => [String(id), [['reference', entries.find((e) => e.id === id)!.reference, value]]]),
  );
  assert.equal(plan.untouched.length, entries.length - 3);

  const header = exportSheet(corpus, { delimiter: '\t' }).text.split('\r\n')[0].split('\t');
  const row = header.map(
    (h) =>
      ({
        source: 'See you tomorrow.',
        reference: 'Ɛ̃, ets̃ɔ.',
        segment: 'diagnostic',
        difficulty: '1',
        provenance: 'elicited',
        register: 'conversational',
        context: 'greeting',
      })[h] ?? '',
  );
  const withRow = planUpdate(corpus, editedSheet(corpus, changes, [row.join('\t')]), { delimiter: '\t' });
  assert.deepEqual(
    withRow.problems.filter((p) => p.severity === 'error'),
    [],
  );
  assert.deepEqual(
    withRow.added.map((a) => a.id),
    [String(entries.length + 1)],
  );
  // The three values as before, then one insertion (the new entry, and the count if the corpus keeps one).
  const parsed = JSON.parse(withRow.newText!) as { entries: { id: number; source: string }[] };
  assert.equal(parsed.entries.at(-1)!.source, 'See you tomorrow.');
  assert.deepEqual(parsed.entries.slice(0, -1), (JSON.parse(expected) as { entries: unknown[] }).entries);
});

test('ids the sheet leaves out are kept and listed, or removed with prune; a repeated id and a missing id column are errors', () => {
  const corpus = diagnostic();
  const lines = exportSheet(corpus, { delimiter: ',' }).text.split('\r\n');
  const without = [lines[0], ...lines.slice(3)].join('\r\n');
  const kept = planUpdate(corpus, without, { delimiter: ',' });
  assert.deepEqual(kept.missing, ['1', '2']);
  assert.equal(kept.newText, corpus);
  const pruned = planUpdate(corpus, without, { delimiter: ',', prune: true });
  assert.deepEqual(
    (JSON.parse(pruned.newText!) as { entries: { id: number }[] }).entries.map((e) => e.id),
    [3, 4, 5, 6, 7, 8, 9, 10],
  );
  const twice = planUpdate(corpus, [...lines.slice(0, 3), lines[2], ...lines.slice(3)].join('\r\n'), { delimiter: ',' });
  assert.equal(twice.newText, undefined);
  assert.match(twice.problems.find((p) => p.severity === 'error')!.message, /id 2 is also on line 3/);
  const noId = planUpdate(corpus, without, { delimiter: ',', map: new Map([['id', '']]) });
  assert.equal(noId.newText, undefined);
  assert.match(noId.problems[0].message, /no column is mapped to the id field/);
});

test('columns named after the corpus’s languages (English, Eʋegbe) are its source and reference; an unnamed column’s hint is in words for the editor', () => {
  const corpus = diagnostic();
  const entries = (JSON.parse(corpus) as { entries: { id: number; source: string; reference: string }[] }).entries;
  const cell = (s: string) => (/[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s);
  const rows = entries.map((e) => [e.id, cell(e.source), cell(e.id === 3 ? 'Ɛ̃, mele nyuie.' : e.reference), 'x'].join(','));
  const sheet = ['id,English,Eʋegbe,Comment', ...rows].join('\r\n');
  const plan = planUpdate(corpus, sheet, { delimiter: ',', hints: 'words' });
  assert.deepEqual(
    plan.columns.map((c) => c.field),
    ['id', 'source', 'reference', null],
  );
  assert.deepEqual(
    plan.changed.map((c) => [c.id, c.cells.map((x) => x.after)]),
    [['3', ['Ɛ̃, mele nyuie.']]],
  );
  assert.match(plan.problems[0].message, /column "Comment" is not imported: choose its field in the list of columns/);
  assert.doesNotMatch(plan.problems[0].message, /--map/);
});

test('an import whose id column is mapped away warns on every row that repeats an entry’s source', () => {
  const corpus = diagnostic();
  const sheet = exportSheet(corpus, { delimiter: ',' }).text;
  const plan = planImport(corpus, sheet, { delimiter: ',', map: new Map([['id', '']]) });
  const warned = plan.problems.filter((p) => /same source as entry/.test(p.message));
  assert.equal(warned.length, 10);
  assert.match(warned[0].message, /this row has the same source as entry 1: it is added as a new entry/);
  assert.equal(warned[0].row, 2);
});
