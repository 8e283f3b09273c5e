import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { buildLeaderboard, isLeaderboardSource } from '../../core/leaderboard/leaderboard';
import type { CardSource } from '../../core/leaderboard/rosetta';
import { reviewFileNameFor } from '../../core/review/review';
import { fromRepo } from '../../test/helpers/paths';
import { renderBoardHtml } from './boardHtml';
import { INITIAL_STATE, leaderboardPage, toggleSort, withFilter, type PageStrings } from './leaderboardModel';

const STRINGS: PageStrings = {
  all: 'All',
  sortHint: 'Sort',
  hint: 'hint',
  open: 'Enter opens',
  refresh: 'Refresh',
  filterCorpus: 'Corpus',
  filterSegment: 'Segment',
  filterPair: 'Language pair',
};

/** The board's fixture cards and results files, each with its review beside it, as the panel reads them. */
function fixtures(): CardSource[] {
  const dir = fromRepo('test-fixtures', 'leaderboard');
  const files = [
    ...fs.readdirSync(dir).map((f) => path.join(dir, f)),
    ...fs.readdirSync(path.join(dir, 'ewebench')).map((f) => path.join(dir, 'ewebench', f)),
  ].filter((f) => f.endsWith('.json') && !f.endsWith('.expected.json') && !f.endsWith('.review.json'));
  return files.map((file) => {
    const review = path.join(path.dirname(file), reviewFileNameFor(path.basename(file)));
    return {
      path: path.relative(dir, file),
      text: fs.readFileSync(file, 'utf8'),
      ...(fs.existsSync(review) ? { review: JSON.parse(fs.readFileSync(review, 'utf8')) as unknown } : {}),
    };
  });
}

const board = buildLeaderboard(fixtures());
const column = (page: ReturnType<typeof leaderboardPage>, table: string, key: string) => {
  const t = page.tables.find((x) => x.id === table);
  assert.ok(t);
  const i = t.columns.findIndex((c) => c.key === key);
  return t.rows.map((r) => r.cells[i].text);
};

test('the leaderboard page: ÈwéBench and Rosetta tables, ranks with ties marked, the tampered card listed but not ranked', () => {
  const page = leaderboardPage(board, INITIAL_STATE, 'en', STRINGS);
  assert.equal(page.title, 'Leaderboard');
  assert.deepEqual(
    page.tables.map((t) => t.id),
    ['ewebench', 'rosetta'],
  );
  assert.deepEqual(column(page, 'ewebench', 'model'), ['deepseek-chat', 'gemini-2.0-flash']);
  assert.deepEqual(column(page, 'rosetta', 'rank'), ['1', '1=', '2=', '3', 'not ranked: tampered (a stored hash does not match the card)']);
  assert.deepEqual(column(page, 'rosetta', 'model'), ['strong-model', 'close-model', 'strong-model', 'weak-model', 'tampered-model']);
  const rosetta = page.tables[1];
  assert.deepEqual(
    rosetta.rows.map((r) => [r.unranked, r.tie]),
    [
      [false, false],
      [false, true],
      [false, true],
      [false, false],
      [true, false],
    ],
  );
  // The interval beside the score, and the tie explained on hover.
  const composite = rosetta.columns.findIndex((c) => c.key === 'composite');
  assert.deepEqual(rosetta.rows[1].cells[composite], { text: '0.8722', numeric: true, ci: '0.7891–0.9474' });
  assert.match(rosetta.rows[1].cells[0].title ?? '', /interval overlaps/);
  assert.equal(rosetta.rows[4].cells[0].title, 'not ranked: tampered (a stored hash does not match the card)');
  assert.deepEqual(column(page, 'rosetta', 'seal'), ['sealed', 'sealed', 'sealed', 'sealed', 'tampered']);
  // The §9.7 columns, in order.
  assert.deepEqual(rosetta.columns.map((c) => c.key).slice(0, 15), [
    'rank',
    'method',
    'composite',
    'chrf_plus_plus',
    'fst_acceptance_rate',
    'exact_match_rate',
    'semantic_score',
    'cost_per_entry_usd',
    'speed_seconds',
    'cost_adjusted',
    'method_class',
    'model',
    'quality_tier',
    'verification_tier',
    'date',
  ]);
  assert.deepEqual(
    page.filters.map((f) => [f.key, f.options.length > 0]),
    [
      ['corpus', true],
      ['segment', true],
      ['pair', true],
    ],
  );
});

test('sorting and filtering go through core: a column sorts in its natural direction, again reverses; a corpus filter keeps its cards', () => {
  const byComposite = toggleSort(INITIAL_STATE, 'rosetta', 'composite');
  assert.deepEqual(byComposite.sort.rosetta, { key: 'composite', descending: true });
  assert.deepEqual(column(leaderboardPage(board, byComposite, 'en', STRINGS), 'rosetta', 'composite'), ['0.9900', '0.8722', '0.7871', '0.5908', '0.4042']);
  const reversed = toggleSort(byComposite, 'rosetta', 'composite');
  assert.deepEqual(column(leaderboardPage(board, reversed, 'en', STRINGS), 'rosetta', 'composite'), ['0.4042', '0.5908', '0.7871', '0.8722', '0.9900']);
  // Cost is read smallest first.
  assert.deepEqual(toggleSort(INITIAL_STATE, 'rosetta', 'cost_per_entry_usd').sort.rosetta, { key: 'cost_per_entry_usd', descending: false });
  // A column core cannot sort by is ignored.
  assert.equal(toggleSort(INITIAL_STATE, 'rosetta', 'review'), INITIAL_STATE);
  const synthetic = withFilter(INITIAL_STATE, 'corpus', 'eng-ewe-synthetic');
  const page = leaderboardPage(board, synthetic, 'en', STRINGS);
  assert.deepEqual(column(page, 'rosetta', 'model'), ['close-model', 'strong-model', 'weak-model', 'tampered-model']);
  assert.equal(page.filters[0].value, 'eng-ewe-synthetic');
  assert.equal(withFilter(INITIAL_STATE, 'nope', 'x'), INITIAL_STATE);
});

test('in French: the headings, the marks and the notes', () => {
  const page = leaderboardPage(board, INITIAL_STATE, 'fr', STRINGS);
  assert.equal(page.title, 'Classement');
  assert.equal(page.tables[1].columns[0].label, 'Rang');
  assert.equal(column(page, 'rosetta', 'rank')[4], 'non classé\u00a0: altéré (une empreinte stockée ne correspond pas au contenu)');
  assert.equal(column(page, 'rosetta', 'seal')[4], 'altéré');
  assert.equal(column(page, 'rosetta', 'composite')[1], '0,8722', 'the French decimal comma');
  assert.match(page.notes[0], /^Intervalles\u00a0: bootstrap à 95 %/);
});

/** The harness's reports as the panel reads a folder of them: every JSON file, kept by core's `isLeaderboardSource`. */
function reportSources(): CardSource[] {
  const dir = fromRepo('test-fixtures', 'leaderboard', 'reports');
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .map((f) => ({ path: f, text: fs.readFileSync(path.join(dir, f), 'utf8') }))
    .filter((s) => isLeaderboardSource(JSON.parse(s.text)));
}

test('Show Leaderboard on a folder of harness reports: the view reads what the CLI reads, ranked per corpus and marked unsealed', () => {
  const sources = reportSources();
  assert.equal(sources.length, 5, 'the five reports, not their expected-findings files');
  const page = leaderboardPage(buildLeaderboard(sources), INITIAL_STATE, 'en', STRINGS);
  assert.deepEqual(column(page, 'rosetta', 'corpus'), ['eng-ewe-dev-v1', 'eng-ewe-dev-v1', 'eng-ewe-dev-v1', 'eng-yor-dev-v1', 'eng-yor-dev-v1']);
  assert.deepEqual(column(page, 'rosetta', 'rank'), ['1=', '2=', '3=', '1=', '2=']);
  assert.deepEqual([...new Set(column(page, 'rosetta', 'seal'))], ['unsealed']);
  assert.ok(column(page, 'rosetta', 'cost_per_entry_usd').includes('$0.00089'));
  assert.ok(page.notes.some((n) => /ranked, but a change to it cannot be detected/.test(n)));
  const fr = leaderboardPage(buildLeaderboard(sources), INITIAL_STATE, 'fr', STRINGS);
  assert.deepEqual([...new Set(column(fr, 'rosetta', 'seal'))], ['non scellé']);
  assert.ok(column(fr, 'rosetta', 'cost_per_entry_usd').includes('0,00089 $'));
});

test('the board page frame: a strict CSP with the nonce, the script by nonce only, the language', () => {
  const html = renderBoardHtml({
    nonce: 'abc123',
    cspSource: 'vscode-resource:',
    scriptUri: 'vscode-resource:/dist/boardsView.js',
    lang: 'fr',
    title: 'Classement',
  });
  assert.match(html, /default-src 'none'; style-src vscode-resource: 'nonce-abc123'; script-src 'nonce-abc123';/);
  assert.match(html, /<script nonce="abc123" src="vscode-resource:\/dist\/boardsView\.js"><\/script>/);
  assert.match(html, /<html lang="fr">/);
  assert.ok(!/<script>/.test(html) && !/ on\w+=/.test(html), 'no inline script or handler');
});

/** A task suite's results file as `suite run` writes it (the parts the board reads): SEA-HELM's scores and one outcome. */
function suiteResults(model: string, overall: number, standardError: number | null): CardSource {
  const results = {
    suite_responses_version: 1,
    model,
    runs: 2,
    suite: 'Ewe core tasks',
    tasks: { mmlu: { '1': ['#### A', '#### B'] } },
    scores: {
      runs: 2,
      tasks: [{ id: 'mmlu', competency: 'NLU', language: 'ewe', mean: overall, standardError, perRun: [overall, overall] }],
      competencies: [],
      languages: [],
      overall: { mean: overall, standardError, perRun: [overall, overall] },
    },
    outcomes: {
      mmlu: {
        task: 'multiple_choice',
        competency: 'NLU',
        language: 'ewe',
        items: {
          '1': {
            expected: 'A',
            runs: [
              { extracted: 'A', method: 'strict', correct: true, score: 1 },
              { extracted: 'B', method: 'strict', correct: false, score: 0 },
            ],
          },
        },
      },
    },
  };
  return { path: `${model}.responses.json`, text: JSON.stringify(results) };
}

test('task suite runs get their own table in the view: ranked by the overall score ± standard error, ties marked, in both languages', () => {
  const sources = [suiteResults('weak', 10, 2), suiteResults('good', 40, 1), suiteResults('close', 37, 1)];
  assert.ok(sources.every((s) => isLeaderboardSource(JSON.parse(s.text))));
  const suiteBoard = buildLeaderboard(sources);
  const page = leaderboardPage(suiteBoard, INITIAL_STATE, 'en', STRINGS);
  const table = page.tables.find((t) => t.id === 'suite');
  assert.ok(table);
  assert.equal(table.title, 'Task suites (SEA-HELM overall score ± standard error over runs; 0 = chance, 100 = all right)');
  assert.deepEqual(
    table.columns.map((c) => c.label),
    ['Rank', 'Suite', 'Model', 'Overall ± SE', 'Runs', 'Items', 'mmlu'],
  );
  assert.deepEqual(
    table.rows.map((r) => r.cells.map((c) => c.text)),
    [
      ['1=', 'Ewe core tasks', 'good', '40.00 ± 1.00', '2', '1', '40.00'],
      ['2=', 'Ewe core tasks', 'close', '37.00 ± 1.00', '2', '1', '37.00'],
      ['3', 'Ewe core tasks', 'weak', '10.00 ± 2.00', '2', '1', '10.00'],
    ],
  );
  assert.ok(page.notes.some((n) => /Ranked within each suite/.test(n)));
  const french = leaderboardPage(suiteBoard, INITIAL_STATE, 'fr', STRINGS);
  const inFrench = french.tables.find((t) => t.id === 'suite');
  assert.match(inFrench?.title ?? '', /^Suites de tâches/);
  assert.equal(inFrench?.rows[0].cells[3].text, '40,00 ± 1,00');
});
