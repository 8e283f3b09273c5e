import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import { analyseItems, runsByCorpus } from '../../core/compare/items';
import { readRuns } from '../../core/runs/read';
import type { Run } from '../../core/runs/types';
import { fromRepo } from '../../test/helpers/paths';
import { englishL10n } from '../run/l10n';
import { INITIAL_ITEMS_STATE, itemsPage, toggleItemsSort, withItemsFilter, type ItemsStrings } from './itemsModel';

const STRINGS: ItemsStrings = { all: 'All', hint: 'hint', refresh: 'Refresh', sortHint: 'Sort' };

function run(name: string): Run {
  const read = readRuns(JSON.parse(fs.readFileSync(fromRepo('test-fixtures', 'runs', name), 'utf8')), name);
  assert.ok(read.ok);
  return read.runs[0];
}

const analysis = analyseItems([run('ewebench_deepseek-chat_20261120_091500.json'), run('ewebench_gemini-2.0-flash_20261121_101000.json')]);
const ids = (page: ReturnType<typeof itemsPage>) => page.tables[0].rows.map((r) => r.cells[0].text);

test('items × models: one column per run, cells coloured by score, items that do not separate the models first and noted', () => {
  const page = itemsPage(analysis, INITIAL_ITEMS_STATE, englishL10n, STRINGS);
  const table = page.tables[0];
  assert.deepEqual(
    table.columns.map((c) => c.label),
    ['Item', 'Group', 'Method', 'Tier', 'deepseek-chat', 'gemini-2.0-flash', 'Spread', 'Note'],
  );
  assert.equal(table.rows.length, 12);
  const first = table.rows[0].cells;
  assert.deepEqual(
    [first[0].text, first[4].text, first[5].text, first[6].text, first[7].text],
    ['rs_logic_01', '1.000 ✓', '1.000 ✓', '0.000', 'every run passes'],
  );
  assert.equal(first[4].heat, 1);
  const context = table.rows.find((r) => r.cells[0].text === 'mt_context_02');
  assert.deepEqual(
    context?.cells.slice(4, 8).map((c) => c.text),
    ['1.000 ✓', '0.000 ✗', '1.000', ''],
  );
  assert.equal(context?.cells[5].heat, 0);
  // The items that separate the models come after the nine that do not.
  assert.deepEqual(ids(page).slice(9).sort(), ['ck_festival_01', 'mt_context_02', 'mt_market_03']);
  assert.match(page.notes.join('\n'), /Items: 12; separating the runs: 3; passed by every run: 5; failed by every run: 4\./);
});

test('items sort by a column (scores highest first, again reverses) and filter by category and separation', () => {
  const byGemini = toggleItemsSort(INITIAL_ITEMS_STATE, 'run:1');
  assert.deepEqual(byGemini.sort, { key: 'run:1', descending: true });
  const low = itemsPage(analysis, toggleItemsSort(byGemini, 'run:1'), englishL10n, STRINGS);
  assert.deepEqual(ids(low).slice(0, 2), ['rs_order_03', 'mt_context_02']);
  const state = withItemsFilter(withItemsFilter(INITIAL_ITEMS_STATE, 'group', 'translation'), 'separation', 'separates');
  const filtered = itemsPage(analysis, state, englishL10n, STRINGS);
  assert.deepEqual(ids(filtered).sort(), ['mt_context_02', 'mt_market_03']);
  assert.deepEqual(filtered.filters[3].options, ['separates', 'all-pass', 'all-fail']);
  assert.equal(withItemsFilter(INITIAL_ITEMS_STATE, 'nope', 'x'), INITIAL_ITEMS_STATE);
});

test('#31.9 Items × Models groups runs by corpus: one corpus per matrix, the others in a Corpus filter', () => {
  const dir = fromRepo('test-fixtures', 'leaderboard', 'reports');
  const runs = fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('_report.json'))
    .sort()
    .map((f) => {
      const read = readRuns(JSON.parse(fs.readFileSync(`${dir}/${f}`, 'utf8')), f);
      assert.ok(read.ok);
      return read.runs[0];
    });
  const groups = runsByCorpus(runs);
  assert.deepEqual(
    [...groups].map(([corpus, list]) => [corpus, list.length]),
    [
      ['eng-ewe-dev-v1', 3],
      ['eng-yor-dev-v1', 2],
    ],
  );
  const yoruba = groups.get('eng-yor-dev-v1') ?? [];
  const page = itemsPage(analyseItems(yoruba), INITIAL_ITEMS_STATE, englishL10n, STRINGS, { options: [...groups.keys()], value: 'eng-yor-dev-v1' });
  assert.deepEqual(page.filters[0], { key: 'corpus', label: 'Corpus', options: ['eng-ewe-dev-v1', 'eng-yor-dev-v1'], value: 'eng-yor-dev-v1' });
  assert.deepEqual(
    page.tables[0].columns.slice(4, 6).map((c) => c.label),
    ['google/gemini-3.5-flash', 'openai/gpt-4o-mini'],
  );
  assert.equal(page.tables[0].rows.length, 8, 'the eight Yoruba entries, no Ewe one');
  assert.match(page.notes[0], /^Runs of eng-yor-dev-v1 only: runs of different corpora are never in one matrix \(2 corpora in the Corpus filter\)\.$/);
  assert.equal(withItemsFilter(INITIAL_ITEMS_STATE, 'corpus', 'eng-ewe-dev-v1').filter.corpus, 'eng-ewe-dev-v1');
});
