import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import Papa from 'papaparse';
import { cellTextOffset, readDelimited } from './delimited';
import { propertyRuns } from '../../test/helpers/property';

/** A cell as a spreadsheet program writes it: quoted when it must be (or, sometimes, when it need not be). */
function writeCell(value: string, delimiter: string, forceQuote: boolean): string {
  const needs = value.includes('"') || value.includes(delimiter) || /[\r\n]/.test(value) || value.startsWith('"');
  return needs || forceQuote ? `"${value.replace(/"/g, '""')}"` : value;
}

const cellValue = fc.string({ unit: fc.constantFrom('a', 'ɖ', 'ƒ', 'ɔ̃', ' ', ',', '\t', '"', '\n', '\r\n', "'", '[', 'x'), maxLength: 8 });
const sheet = fc.record({
  delimiter: fc.constantFrom(',', '\t') as fc.Arbitrary<',' | '\t'>,
  newline: fc.constantFrom('\n', '\r\n'),
  width: fc.integer({ min: 1, max: 4 }),
  rows: fc.array(fc.array(fc.tuple(cellValue, fc.boolean()), { minLength: 4, maxLength: 4 }), { minLength: 1, maxLength: 6 }),
  bom: fc.boolean(),
  finalNewline: fc.boolean(),
});

test('cell values equal papaparse’s on random CSV and TSV sheets, and each span holds the cell as written', () => {
  fc.assert(
    fc.property(sheet, ({ delimiter, newline, width, rows, bom, finalNewline }) => {
      // A record that is one empty cell is a blank line, which both readers skip: keep rows non-blank.
      const cells = rows.map((r) => r.slice(0, width).map(([v, q]) => [width === 1 && v === '' ? 'a' : v, q] as const));
      const written = cells.map((r) => r.map(([v, q]) => writeCell(v, delimiter, q)));
      const text = (bom ? '\uFEFF' : '') + written.map((r) => r.join(delimiter)).join(newline) + (finalNewline ? newline : '');
      const ours = readDelimited(text, delimiter);
      const theirs = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { delimiter, newline, skipEmptyLines: true });
      assert.deepEqual(ours.problems, []);
      assert.deepEqual(
        ours.records.map((r) => r.cells.map((c) => c.value)),
        theirs.data,
      );
      ours.records.forEach((record, i) =>
        record.cells.forEach((cell, j) => {
          assert.equal(text.slice(cell.span.start, cell.span.end), written[i][j]);
          // Every character of the value is found where it is written.
          for (let k = 0; k < cell.value.length; k++) assert.equal(text[cellTextOffset(text, cell, k)], cell.value[k]);
        }),
      );
    }),
    propertyRuns(300),
  );
});

test('an unclosed quote and text after a closing quote are problems with their spans', () => {
  const t = readDelimited('a,"b\nc', ',');
  assert.deepEqual(t.problems, [{ kind: 'unclosed-quote', span: { start: 2, end: 6 } }]);
  assert.equal(t.records[0].cells[1].value, 'b\nc');
  const u = readDelimited('"x"y,z', ',');
  assert.deepEqual(u.problems, [{ kind: 'text-after-quote', span: { start: 3, end: 4 } }]);
  assert.deepEqual(
    u.records[0].cells.map((c) => c.value),
    ['xy', 'z'],
  );
});

test('blank lines are skipped and an empty text has no records', () => {
  assert.deepEqual(readDelimited('', ',').records, []);
  assert.deepEqual(
    readDelimited('a\n\n\nb\n', ',').records.map((r) => r.cells[0].value),
    ['a', 'b'],
  );
  assert.deepEqual(readDelimited('a\r\n"",x', ',').records[1].cells[0], { value: '', span: { start: 3, end: 5 }, quoted: true });
  // A record of one empty cell, quoted or not, is blank (papaparse's skipEmptyLines).
  assert.deepEqual(readDelimited('a\n""\nb', ',').records.length, 2);
});
