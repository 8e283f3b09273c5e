import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import fc from 'fast-check';
import { buildLeaderboard, emptyLeaderboardRows, rankLeaderboard, type Leaderboard } from '../../core/leaderboard/leaderboard';
import { fmt, money } from '../../core/leaderboard/format';
import type { RosettaRow } from '../../core/leaderboard/rosetta';
import type { Locale } from '../../core/i18n/locale';
import { leaderboardText } from '../commands/leaderboard';
import { fromRepo } from '../../test/helpers/paths';
import { propertyRuns } from '../../test/helpers/property';
import { fitTable, MAX_LINE, wrapText, textTable } from './text';

const columns = (line: string) => Array.from(line).length;
const widest = (text: string) => Math.max(0, ...text.split('\n').map(columns));

/** A figure as the text shows it, read back: `$1.25`, `-$3.00`, `0,00088 $`, `1.23e+12`, `0,7285`. */
function readBack(text: string): { value: number; tolerance: number } {
  const plain = text.replace(/[$\s]/g, '').replace(',', '.');
  const value = Number(plain);
  const [mantissa, exponent] = plain.split('e');
  const decimals = (mantissa.split('.')[1] ?? '').length;
  const unit = 10 ** -decimals * 10 ** Number(exponent ?? 0);
  return { value, tolerance: unit / 2 + Math.abs(value) * 1e-12 };
}

const finite = fc.oneof(
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.double({ min: -1, max: 1, noNaN: true }),
  fc.double({ min: 1e-12, max: 1e-2, noNaN: true }),
  fc.constantFrom(0, -0, 1e308, -1e308, 5e-324, 0.0008829787234042554, 0.7285, 999_999_999.99995),
);
const locale = fc.constantFrom<Locale>('en', 'fr');

test('a figure reads back as the value JSON holds, within the precision shown (en and fr, money and scores)', () => {
  fc.assert(
    fc.property(finite, fc.integer({ min: 0, max: 4 }), locale, (value, digits, lang) => {
      for (const text of [fmt(value, digits, lang), money(value, lang)]) {
        assert.doesNotMatch(text, /Infinity|NaN/);
        assert.ok(columns(text) <= 24, text);
        const back = readBack(text);
        assert.ok(Math.abs(back.value - value) <= back.tolerance, `${value} shown as ${text}`);
      }
      if (lang === 'fr') assert.doesNotMatch(fmt(value, digits, lang), /\./);
    }),
    propertyRuns(400),
  );
});

test('wrapText: lines within the width, nothing lost but the spaces it breaks at', () => {
  fc.assert(
    fc.property(fc.string({ unit: 'grapheme-composite', maxLength: 300 }), fc.integer({ min: 1, max: 60 }), (text, max) => {
      const lines = wrapText(text, max);
      for (const line of lines) assert.ok(columns(line) <= max);
      assert.equal(lines.join('').replace(/ /g, ''), text.replace(/ /g, ''));
    }),
    propertyRuns(300),
  );
});

test('fitTable: any rows fit 160 columns, and every number cell is printed whole', () => {
  const cell = fc.oneof(fc.string({ maxLength: 12 }), fc.string({ unit: 'grapheme', maxLength: 400 }), fc.constant(''));
  const rows = fc.integer({ min: 1, max: 24 }).chain((n) =>
    fc.record({
      wrap: fc.array(fc.boolean(), { minLength: n, maxLength: n }),
      rows: fc.array(fc.tuple(fc.array(cell, { minLength: n, maxLength: n }), fc.array(finite, { minLength: n, maxLength: n })), {
        minLength: 1,
        maxLength: 6,
      }),
    }),
  );
  fc.assert(
    fc.property(rows, locale, ({ wrap, rows: data }, lang) => {
      // Wrapped columns hold text, the others figures formatted as the reports format them.
      const table = data.map(([texts, numbers]) => texts.map((t, i) => (wrap[i] ? t : fmt(numbers[i], 4, lang))));
      const out = fitTable([wrap.map((_, i) => `c${i}`), ...table], { wrap });
      assert.ok(widest(out) <= MAX_LINE, `a line of ${widest(out)} columns`);
      const lines = out.split('\n');
      for (const row of table)
        for (const [i, text] of row.entries())
          if (!wrap[i])
            assert.ok(
              lines.some((l) => l.includes(text)),
              text,
            );
    }),
    propertyRuns(200),
  );
});

/** A real row of the board (a harness report), to vary. */
const base: RosettaRow = (() => {
  const dir = fromRepo('test-fixtures', 'leaderboard', 'reports');
  const file = fs.readdirSync(dir).find((f) => f.endsWith('_report.json'));
  assert.ok(file);
  return buildLeaderboard([{ path: file, text: fs.readFileSync(`${dir}/${file}`, 'utf8') }]).rosetta[0];
})();

test('the leaderboard text: any rows (long names, huge and tiny figures) fit 160 columns, each figure shown as its JSON value rounded', () => {
  const name = fc.oneof(fc.string({ minLength: 1, maxLength: 20 }), fc.string({ unit: 'grapheme', minLength: 1, maxLength: 300 }));
  const score = fc.option(fc.double({ min: 0, max: 1, noNaN: true }), { nil: null });
  const row = fc.record({
    model: name,
    method: name,
    path: name,
    corpus: fc.constantFrom('eng-ewe-dev-v1', 'eng-yor-dev-v1', 'a-corpus-with-a-long-name-' + 'x'.repeat(200)),
    composite: score,
    chrf: fc.option(fc.double({ min: 0, max: 100, noNaN: true }), { nil: null }),
    cost: fc.option(finite, { nil: null }),
  });
  fc.assert(
    fc.property(fc.array(row, { minLength: 1, maxLength: 8 }), locale, (rows, lang) => {
      const board: Leaderboard = {
        ewebench: [],
        rosetta: rows.map((r) => ({
          ...base,
          model: r.model,
          method: r.method,
          path: r.path,
          corpus: r.corpus,
          composite: r.composite,
          composite_ci: null,
          chrf_plus_plus: r.chrf,
          chrf_ci: null,
          cost_per_entry_usd: r.cost,
        })),
        suite: [],
        ignored: [],
        refused: [],
      };
      const out = leaderboardText(board, lang);
      assert.ok(widest(out) <= MAX_LINE, `a line of ${widest(out)} columns`);
      for (const r of board.rosetta) {
        for (const [value, text] of [
          [r.composite, fmt(r.composite, 4, lang)],
          [r.cost_per_entry_usd, money(r.cost_per_entry_usd, lang)],
        ] as const) {
          assert.ok(out.includes(text), `${text} is printed`);
          if (value !== null) assert.ok(Math.abs(readBack(text).value - value) <= readBack(text).tolerance);
        }
      }
    }),
    propertyRuns(60),
  );
});

test('tables of many rows are laid out (no call spreads the rows), widths counted in code points as before', () => {
  const rows = [['#', 'model', 'note'], ...Array.from({ length: 200_000 }, (_, k) => [String(k + 1), k % 2 ? 'm😀' : 'ɖe', k % 3 ? '' : 'x'])];
  const fitted = fitTable(rows, { wrap: [false, true, false] }).split('\n');
  assert.equal(fitted.length, rows.length + 1);
  assert.equal(fitted[1], '1       ɖe     x');
  assert.equal(fitted[2], '2       m😀');
  const table = textTable(rows).split('\n');
  assert.equal(table[2], fitted[2]);
});

test('a board of 150,000 rows of one corpus is ranked (no call spreads the rows)', () => {
  const rows = emptyLeaderboardRows();
  for (let k = 0; k < 150_000; k++) rows.rosetta.push({ ...base, path: `card_${k}.json`, composite: (k % 1000) / 1000, composite_ci: null });
  const board = rankLeaderboard(rows);
  assert.equal(board.rosetta.length, 150_000);
  assert.equal(new Set(board.rosetta.map((r) => r.path)).size, 150_000);
});
