import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { propertyRuns } from '../../test/helpers/property';
import { integerDigits, nextIds } from './idPattern';
import { NumberText } from '../document/numberText';
import { exportSheet, planImport, unmarkFormula, type Delimiter } from './spreadsheet';

/** A corpus (the envelope shape) whose entries hold the other required fields; `entries` fill source, reference, notes. */
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

function corpusText(entries: readonly object[]): string {
  return JSON.stringify({ dataset: DATASET, entries }, null, 2);
}

/** Characters that break naive sheets: quotes, both separators, every line ending, formula starts, `'`, Ewe letters, spaces, a BOM. */
const TRICKY = ['"', ',', '\t', '\r', '\n', '\r\n', "'", '=', '+', '-', '@', ' ', 'ɖ', 'ɛ̃', 'ŋ', 'Ɔ', '́', 'a', 'Z', '0', '\uFEFF', ';'];
const tricky = fc.string({ unit: fc.constantFrom(...TRICKY), minLength: 1, maxLength: 12 });
/** Any UTF-16 text, lone surrogates included, and the tricky kind. */
const anyText = fc.oneof(tricky, fc.string({ unit: 'binary', minLength: 1, maxLength: 10 }), fc.string({ unit: 'grapheme', minLength: 1, maxLength: 6 }));

test('export then import gives every string back exactly (CSV and TSV): quotes, separators, line endings, formula starts, Ewe letters', () => {
  fc.assert(
    fc.property(
      fc.array(fc.record({ source: anyText, reference: anyText, notes: anyText }), { minLength: 1, maxLength: 5 }),
      fc.constantFrom<Delimiter>(',', '\t'),
      (cells, delimiter) => {
        const entries = cells.map((c, i) => ({ id: i + 1, ...c, ...COMMON }));
        const sheet = exportSheet(corpusText(entries), { delimiter });
        assert.equal(sheet.entries, entries.length);
        const plan = planImport(corpusText([]), sheet.text, { delimiter });
        assert.deepEqual(
          plan.problems.filter((p) => p.severity === 'error'),
          [],
        );
        const back = (JSON.parse(plan.newText!) as { entries: object[] }).entries;
        assert.deepEqual(back, entries);
      },
    ),
    propertyRuns(100),
  );
});

test('a formula-like cell is marked with one more quote on export and the mark comes off on import, whatever quotes it starts with', () => {
  fc.assert(
    fc.property(fc.string({ unit: fc.constantFrom("'", '=', '+', '-', '@', '\t', '\r', 'x', ' '), minLength: 1, maxLength: 8 }), (cell) => {
      const entries = [{ id: 1, source: cell, reference: 'r', ...COMMON }];
      const text = exportSheet(corpusText(entries), { delimiter: ',', bom: false }).text;
      const written = text.split('\r\n')[1];
      // What a spreadsheet reads never starts with a formula character.
      const shown = written.startsWith('"') ? written.slice(1) : written;
      assert.ok(!/^[=+\-@\t\r]/.test(shown), JSON.stringify(written));
      assert.equal(unmarkFormula(/^'*[=+\-@\t\r]/.test(cell) ? `'${cell}` : cell), cell);
    }),
    propertyRuns(200),
  );
});

test('a sheet whose rows end in any mix of CRLF, LF and CR imports as the same sheet with CRLF throughout', () => {
  const row = fc.tuple(tricky, tricky).map(([s, r]) => [s, r, ...Object.values(COMMON).map(String)]);
  fc.assert(
    fc.property(
      fc.array(row, { minLength: 1, maxLength: 6 }),
      fc.array(fc.constantFrom('\r\n', '\n', '\r'), { minLength: 8, maxLength: 8 }),
      (rows, endings) => {
        const quote = (cell: string) => (/[",\r\n\t' ]|^[=+\-@]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell);
        const lines = [['source', 'reference', ...Object.keys(COMMON)], ...rows].map((cells) => cells.map(quote).join(','));
        const mixed = lines.map((line, i) => line + endings[i % endings.length]).join('');
        const normal = lines.map((line) => line + '\r\n').join('');
        const a = planImport(corpusText([]), mixed, { delimiter: ',' });
        const b = planImport(corpusText([]), normal, { delimiter: ',' });
        assert.deepEqual(a.entries, b.entries);
        assert.equal(a.entries.length, rows.length);
        assert.equal(a.newText, b.newText);
      },
    ),
    propertyRuns(100),
  );
});

/** A BigInt as the id the file writes: a number within 2^53, its digits beyond. */
const asId = (n: bigint) => (n <= BigInt(Number.MAX_SAFE_INTEGER) && n >= -BigInt(Number.MAX_SAFE_INTEGER) ? Number(n) : new NumberText(n.toString()));
const TWO_53 = 2n ** 53n;

test('new integer ids near and past 2^53 are distinct, larger than every id, and always come back', () => {
  fc.assert(
    fc.property(
      fc.array(fc.bigInt({ min: TWO_53 - 20n, max: TWO_53 + 20n }), { minLength: 1, maxLength: 8 }),
      fc.bigInt({ min: 0n, max: 10n ** 30n }),
      fc.integer({ min: 1, max: 20 }),
      (near, far, count) => {
        const existing = [...near, far].map(asId);
        const ids = nextIds(existing, count);
        assert.equal(ids.length, count);
        const digits = ids.map((id) => integerDigits(id)!);
        assert.equal(new Set(digits).size, count, 'distinct');
        const max = [...near, far].reduce((a, b) => (a > b ? a : b));
        digits.forEach((d, i) => assert.equal(BigInt(d), max + 1n + BigInt(i)));
        // Exact: a number only while a float holds it.
        for (const id of ids) if (typeof id === 'number') assert.ok(Number.isSafeInteger(id));
      },
    ),
    propertyRuns(200),
  );
});

test('new string ids past 2^53 keep the prefix and padding and never repeat', () => {
  fc.assert(
    fc.property(
      fc.array(fc.bigInt({ min: TWO_53 - 5n, max: TWO_53 + 5n }), { minLength: 1, maxLength: 6 }),
      fc.constantFrom('ewe_', 'tatoeba_', 'x-'),
      fc.integer({ min: 1, max: 10 }),
      (numbers, prefix, count) => {
        const existing = numbers.map((n) => prefix + n.toString());
        const ids = nextIds(existing, count) as string[];
        assert.equal(new Set([...ids, ...existing]).size, new Set(existing).size + count);
        const max = numbers.reduce((a, b) => (a > b ? a : b));
        assert.deepEqual(
          ids,
          Array.from({ length: count }, (_, i) => prefix + (max + 1n + BigInt(i)).toString()),
        );
      },
    ),
    propertyRuns(200),
  );
});
