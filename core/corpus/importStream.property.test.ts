import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { propertyRuns } from '../../test/helpers/property';
import { cut } from '../../test/helpers/pieces';
import { planImport, streamImport, type Delimiter } from './spreadsheet';

/**
 * The streamed import (`streamImport`: entries validated one by one, the new text given in pieces) against its
 * plain twin, the whole-document import (`planImport`: the new corpus built and validated whole): the same text,
 * byte for byte, the same problems in the same order, the same refusals, over arbitrary small sheets and corpora.
 */

const DATASET = { id: 'prop', version: '1.0', language_pair: 'eng-ewe', source_language: 'eng', target_language: 'ewe' };
const ENTRY = { segment: 'diagnostic', difficulty: 1, provenance: 'elicited', register: 'conversational', context: 'greeting' };

/** Corpora of every shape the import meets: empty and not, ids of both kinds, entry_count before and after the entries, legacy names, CRLF. */
const CORPORA = [
  JSON.stringify({ dataset: DATASET, entries: [] }, null, 2),
  JSON.stringify({ dataset: DATASET, entries: [{ id: 'e-001', source: 'a b', reference: 'ɖe', ...ENTRY }] }, null, 2),
  JSON.stringify({ corpus_id: 'c', entry_count: 1, entries: [{ id: 1, source: 'x', reference: 'é', ...ENTRY }] }, null, 4),
  // An id past 2^53, written with its own digits.
  '{\n  "corpus_id": "c",\n  "entries": [\n    { "id": 9007199254740993, "source": "x", "reference": "y" }\n  ],\n  "entry_count": 3\n}',
  JSON.stringify([{ id: 2, source: 'e\u0301', reference: 'ɔ' }], null, 2).replace(/\n/g, '\r\n'),
  JSON.stringify([{ index: 1, source_text: 'a', target_expected: 'b', difficulty: 'easy' }], null, 2),
  JSON.stringify({ dataset: { ...DATASET, provenance: ['elicited'] }, entries: [{ id: 'x', source: 'x', reference: 'x' }, 'not an entry'] }),
  '\uFEFF{"dataset":{"target_language":"ee"},"entries":[{"id":"ewe_01","source":"s","reference":"r\\u00e9"}]}',
];

/** Cells that exercise the rules: ids (repeated, past 2^53), look-alikes, both normal forms, legacy and harness values, secrets, JSON. */
const VALUES = [
  '1',
  '2',
  'e-001',
  'ewe_01',
  '9007199254740993',
  '-0',
  '1e400',
  'x',
  'a b',
  '',
  'é',
  'e\u0301',
  'ε',
  'ɔ',
  'Ɔ',
  'ɖe',
  'ŋ',
  'easy',
  'hard',
  'conversational',
  'formal',
  'news',
  'dialogue',
  'diagnostic',
  'eval_secret',
  'holdout',
  'elicited',
  'web',
  '{"a":1}',
  '[',
  '=1',
  '"q"',
  'x,y',
];
const PIECES = ['"', ',', '\t', '\r', '\n', '\r\n', ' ', 'a', 'ɛ̃'];
const cell = fc.oneof(
  fc.constantFrom(...VALUES),
  fc.constantFrom(...VALUES).map((v) => `"${v.replace(/"/g, '""')}"`),
  fc.string({ unit: fc.constantFrom(...PIECES), maxLength: 5 }),
);
const COLUMNS = [
  'id',
  'source',
  'reference',
  'notes',
  'difficulty',
  'segment',
  'register',
  'provenance',
  'context',
  'index',
  'source_text',
  'target_expected',
  'target',
  'English',
  'Ewe',
  'extra',
];
const eol = fc.constantFrom('\r\n', '\n', '\r');

const sheet = fc
  .record({
    header: fc.oneof(
      fc.constant(['source', 'reference', 'difficulty']),
      fc.constant(['id', 'source', 'reference']),
      fc.uniqueArray(fc.constantFrom(...COLUMNS), { minLength: 1, maxLength: 5 }),
    ),
    rows: fc.array(fc.tuple(fc.array(cell, { minLength: 0, maxLength: 5 }), eol, fc.boolean()), { maxLength: 12 }),
    headerEol: eol,
    tail: fc.constantFrom('', '\r\n', '\n', '"'),
    delimiter: fc.constantFrom<Delimiter>(',', '\t'),
    bom: fc.boolean(),
  })
  .map(({ header, rows, headerEol, tail, delimiter, bom }) => ({
    delimiter,
    text:
      (bom ? '\uFEFF' : '') +
      header.join(delimiter) +
      headerEol +
      // Most rows have the header's width (padded or cut), some not: bad rows anywhere.
      rows.map(([cells, end, fit]) => (fit ? Array.from({ length: header.length }, (_, i) => cells[i] ?? '') : cells).join(delimiter) + end).join('') +
      tail,
  }));

function whole(corpus: string, text: string, delimiter: Delimiter): unknown {
  try {
    const plan = planImport(corpus, text, { delimiter });
    return { columns: plan.columns, count: plan.entries.length, problems: plan.problems, newText: plan.newText };
  } catch (error) {
    return { threw: (error as Error).message };
  }
}

/** The streamed outcome; `undefined` when it hands the import to the whole-document path. */
function streamed(corpus: string, pieces: () => string[], delimiter: Delimiter): unknown {
  try {
    const written: string[] = [];
    const result = streamImport(corpus, pieces, { delimiter }, (piece) => written.push(piece));
    if (!result) return undefined;
    return { columns: result.columns, count: result.count, problems: result.problems, newText: result.written ? written.join('') : undefined };
  } catch (error) {
    return { threw: (error as Error).message };
  }
}

test('a streamed import writes the same text and reports the same problems, in the same order, as the whole-document import', () => {
  let compared = 0;
  let runs = 0;
  fc.assert(
    fc.property(sheet, fc.array(fc.nat(), { maxLength: 6 }), fc.constantFrom(...CORPORA), ({ text, delimiter }, at, corpus) => {
      runs++;
      const stream = streamed(corpus, () => cut(text, at), delimiter);
      if (stream === undefined) return;
      compared++;
      assert.deepEqual(stream, whole(corpus, text, delimiter));
    }),
    propertyRuns(300),
  );
  // The whole-document path is the exception (a sheet that makes the file something else than a corpus).
  assert.ok(compared >= runs * 0.8, `${compared} of ${runs} compared`);
});

test('a streamed import of many rows past the coverage caps says what the whole-document import says', () => {
  // 1,100 look-alikes and 1,100 decomposed strings with a precomposed one: the notes that count the whole file.
  const rows = Array.from({ length: 1100 }, (_, i) => `s${i},ε e\u0301 ${i}\r\n`).join('');
  const text = `source,reference\r\nfirst,é\n${rows}`;
  const stream = streamed(CORPORA[0], () => cut(text, [7, 300, 5000]), ',');
  assert.notEqual(stream, undefined);
  assert.deepEqual(stream, whole(CORPORA[0], text, ','));
  assert.ok((stream as { problems: { code?: string }[] }).problems.some((p) => p.code === 'mixed-normalization'));
});

test('a sheet whose rows change between the two reads of a streamed import is refused, and nothing is to be kept', () => {
  const reads = ['id,source,reference\nx1,a,b\n,c,d\n', 'id,source,reference\nx9,a,b\n,c,d\n'];
  let call = 0;
  assert.throws(
    () =>
      streamImport(
        CORPORA[0],
        () => [reads[Math.min(call++, 1)]],
        { delimiter: ',' },
        () => {},
      ),
    /the sheet changed while it was being imported/,
  );
  // A corpus whose entry_count comes first: the second read gives one row more.
  const counted = ['source,reference\na,b\n', 'source,reference\na,b\nc,d\n'];
  call = 0;
  assert.throws(
    () =>
      streamImport(
        CORPORA[2],
        () => [counted[Math.min(call++, 1)]],
        { delimiter: ',' },
        () => {},
      ),
    /the sheet changed while it was being imported/,
  );
});
