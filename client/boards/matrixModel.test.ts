import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { CellFigures, MatrixRow } from '../../core/bench/matrix';
import { englishL10n, type L10n } from '../run/l10n';
import { runCharts, withCharts } from './chartsModel';
import { matrixPage, type MatrixStrings } from './matrixModel';
import * as fs from 'node:fs';
import { readRuns } from '../../core/runs/read';
import { fromRepo } from '../../test/helpers/paths';

const STRINGS: MatrixStrings = { all: 'All', hint: 'hint', refresh: 'Refresh', exportSvg: 'Export SVG…' };

function figures(file: string, quality: number, costUsd: number, verification: CellFigures['verification'] = 'verified'): CellFigures {
  return {
    file,
    verification,
    status: 'complete',
    quality,
    qualityMetric: 'composite',
    costUsd,
    costSource: 'reported',
    costPerItemUsd: costUsd / 10,
    avgLatencySeconds: 0.5,
    promptTokens: 100,
    completionTokens: 20,
    items: 10,
  };
}

function row(cell: string, model: string, outcome: MatrixRow['outcome'], f: CellFigures | null, pareto: boolean): MatrixRow {
  return { cell, model, temperature: 0, prompt_version: 'naive', free: {}, target: 'corpus.json', outcome, figures: f, pareto };
}

const rows: MatrixRow[] = [
  row('a__t0', 'cheap', 'ran', figures('out/a/rosetta_a.json', 0.4, 0.01), true),
  row('b__t0', 'dear', 'skipped', figures('out/b/rosetta_b.json', 0.6, 0.05), true),
  row('c__t0', 'worse', 'ran', figures('out/c/rosetta_c.json', 0.3, 0.05), false),
  row('d__t0', 'forged', 'ran', figures('out/d/rosetta_d.json', 0.9, 0.001, 'mismatch'), false),
  row('e__t0', 'down', 'failed', null, false),
];

test('the matrix page lists every cell with its outcome, figures and Pareto star, and one Pareto chart per target', () => {
  const page = matrixPage('demo', rows, 'ran', englishL10n, STRINGS);
  assert.equal(page.title, 'Benchmark matrix: demo');
  const [table] = page.tables;
  assert.equal(table.title, '5 cells, 4 with results');
  const text = table.rows.map((r) => r.cells.map((c) => c.text));
  assert.deepEqual(text[0], ['a__t0', 'cheap', '0', 'naive', '—', 'corpus.json', 'ran', '0.4000', '$0.01', '0.00100', '0.500', '120', 'verified', '★']);
  assert.equal(text[1][6], 'skipped (verified card)');
  assert.equal(text[3][12], 'does not verify (mismatch)');
  assert.equal(table.rows[3].unranked, true, 'a card that does not verify is listed apart');
  assert.equal(table.rows[4].tone, 'bad');
  assert.equal(table.rows[0].path, 'out/a/rosetta_a.json', 'Enter opens the cell’s card');
  assert.equal(matrixPage('demo', rows, 'opened', englishL10n, STRINGS).tables[0].rows[1].cells[6].text, 'done');

  // The chart: the usable cells only (the forged card is not a point), the same front as the stars.
  assert.equal(page.charts?.length, 1);
  const chart = page.charts?.[0];
  assert.equal(chart?.fileName, 'pareto.svg');
  assert.deepEqual(
    chart?.table.rows.map((r) => [r[0], r[3]]),
    [
      ['a__t0', 'yes'],
      ['b__t0', 'yes'],
      ['c__t0', 'no'],
    ],
  );
  assert.ok(chart?.svg.startsWith('<svg') && chart.svg.includes('class="s0 front"'));
  assert.equal(page.strings.exportSvg, 'Export SVG…');
});

test('two targets give two charts; a matrix with no results gives none', () => {
  const other = rows.map((r, i) => (i < 2 ? { ...r, target: 'tests/grammar.json' } : r));
  assert.deepEqual(
    matrixPage('demo', other, 'ran', englishL10n, STRINGS).charts?.map((c) => c.id),
    ['pareto-1', 'pareto-2'],
  );
  assert.deepEqual(matrixPage('demo', [row('e__t0', 'down', 'not-run', null, false)], 'opened', englishL10n, STRINGS).charts, []);
});

test('the run views’ charts: categories for ÈwéBench runs, tiers for corpus runs, latency when timed, each with its numbers', () => {
  const read = (name: string) => {
    const r = readRuns(JSON.parse(fs.readFileSync(fromRepo('test-fixtures', 'runs', name), 'utf8')), name);
    assert.ok(r.ok);
    return r.runs[0];
  };
  const ewe = runCharts([read('ewebench_deepseek-chat_20261120_091500.json'), read('ewebench_gemini-2.0-flash_20261121_101000.json')], 'fr');
  assert.equal(ewe[0].id, 'categories');
  assert.equal(ewe[0].table.caption, 'Score par catégorie');
  assert.equal(ewe[0].table.rows[0][0], 'ÈwéScore');
  const corpus = runCharts([read('run-card.gpt-4o-mini.json'), read('run-card.llama-3.1-8b.json')], 'en');
  assert.ok(corpus.some((c) => c.id === 'tiers'));
  for (const c of [...ewe, ...corpus]) assert.ok(c.table.rows.length > 0 && c.svg.startsWith('<svg'), c.id);
  const page = withCharts(matrixPage('x', [], 'opened', englishL10n, STRINGS), ewe, 'Exporter en SVG…');
  assert.equal(page.charts?.length, ewe.length);
  assert.equal(page.strings.exportSvg, 'Exporter en SVG…');
});

test('a matrix of one cell says "1 cell", in English and French (0 and 1 take the French singular)', () => {
  assert.equal(matrixPage('demo', rows.slice(0, 1), 'ran', englishL10n, STRINGS).tables[0].title, '1 cell, 1 with results');
  const bundle = JSON.parse(fs.readFileSync(fromRepo('l10n', 'bundle.l10n.fr.json'), 'utf8')) as Record<string, string>;
  const french: L10n = { locale: 'fr', t: (message, ...args) => englishL10n.t(bundle[message] ?? message, ...args) };
  assert.equal(matrixPage('demo', rows.slice(0, 1), 'ran', french, STRINGS).tables[0].title, '1 cellule, 1 avec des résultats');
  assert.equal(matrixPage('demo', rows.slice(0, 3), 'ran', french, STRINGS).tables[0].title, '3 cellules, 3 avec des résultats');
});
