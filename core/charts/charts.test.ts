import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { readRuns } from '../runs/read';
import type { Run } from '../runs/types';
import { barChart, latencyChart, paretoChart, paretoFront } from './charts';
import { categoryChart, latencyChartOfRuns, paretoChartOfRuns, tierChart } from './fromRuns';
import { coord, escapeXml, ticks } from './svg';

const runsOf = (...names: string[]): Run[] =>
  names.flatMap((name) => {
    const read = readRuns(JSON.parse(readFileSync('test-fixtures/runs/' + name, 'utf8')), name);
    assert.ok(read.ok);
    return read.runs;
  });
const count = (svg: string, pattern: RegExp) => (svg.match(pattern) ?? []).length;

test('bar chart: one rect per present value, theme through CSS variables, escaped labels, a table beside it', () => {
  const chart = barChart({
    id: 'c1',
    title: 'Scores <&> "quoted"',
    axis: 'score',
    max: 100,
    decimals: 1,
    groups: [
      { key: 'a', label: 'A & B' },
      { key: 'b', label: '<script>' },
    ],
    series: [
      { label: 'm1', values: [50, null] },
      { label: "m'2", values: [100, 25.25] },
    ],
  });
  assert.match(chart.svg, /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" viewBox="0 0 640 300" [^>]*role="img" aria-labelledby="c1-t c1-d">/);
  assert.match(chart.svg, /<title id="c1-t">Scores &lt;&amp;&gt; &quot;quoted&quot;<\/title>/);
  assert.ok(!chart.svg.includes('<script>'), 'no raw text from the input');
  assert.match(chart.svg, /\.s0\{fill:var\(--ewb-chart-series-0,var\(--vscode-charts-blue,#3794ff\)\)/);
  assert.equal(count(chart.svg, /<rect class="s\d" x=/g), 3 + 2, 'three bars and two legend swatches');
  assert.match(chart.svg, /<rect class="s1" [^>]*><title>m&#39;2 · &lt;script&gt;: 25\.3<\/title><\/rect>/);
  assert.deepEqual(chart.table, {
    caption: 'Scores <&> "quoted"',
    columns: ['', 'm1', "m'2"],
    rows: [
      ['A & B', '50.0', '100.0'],
      ['<script>', '', '25.3'],
    ],
  });
  assert.ok(chart.svg.endsWith('</svg>'));
});

test('deterministic: the same input gives the same bytes; coordinates have no float noise', () => {
  const input = { id: 'x', title: 't', axis: 'a', max: 1, decimals: 3, groups: [{ key: 'g', label: 'g' }], series: [{ label: 's', values: [0.1 + 0.2] }] };
  assert.equal(barChart(input).svg, barChart(input).svg);
  assert.ok(!/(?:x|y|x1|x2|y1|y2|width|height)="-?\d+\.\d{3,}"/.test(barChart(input).svg), 'at most two decimals in coordinates');
  assert.equal(coord(-0.001), '0');
  assert.deepEqual(ticks(100), [0, 20, 40, 60, 80, 100]);
  assert.deepEqual(ticks(0.83), [0, 0.2, 0.4, 0.6, 0.8, 1]);
  assert.deepEqual(ticks(0), [0]);
  assert.equal(escapeXml(`<a href="x">'&'</a>`), '&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
});

test('the ÈwéBench category chart of three runs: ÈwéScore first, categories in the harness order, French labels', () => {
  const runs = runsOf(
    'ewebench_deepseek-chat_20261120_091500.json',
    'ewebench_gemini-2.0-flash_20261121_101000.json',
    'ewebench_llama3.1_20261122_080000.json',
  );
  const en = categoryChart(runs, 'en');
  assert.deepEqual(en.table.columns, ['', 'deepseek-chat', 'gemini-2.0-flash', 'llama3.1']);
  assert.deepEqual(en.table.rows, [
    ['ÈwéScore', '74.4', '62.0', '42.1'],
    ['Reasoning', '75.0', '75.0', '50.0'],
    ['Translation', '81.2', '50.0', '25.0'],
    ['Cultural knowledge', '65.4', '60.8', '53.3'],
  ]);
  assert.equal(count(en.svg, /<rect class="s\d" x="[^"]*" y="[^"]*" width="[^"]*" height="[^"]*"><title>/g), 12);
  const fr = categoryChart(runs, 'fr');
  assert.equal(fr.table.caption, 'Score par catégorie');
  assert.equal(fr.table.rows[1][0], 'Raisonnement');
  // #32: the same figures with a decimal comma, in the table and in the bars' titles.
  assert.deepEqual(fr.table.rows[0], ['ÈwéScore', '74,4', '62,0', '42,1']);
  assert.match(fr.svg, /<title>deepseek-chat · ÈwéScore: 74,4<\/title>/);
  assert.doesNotMatch(fr.svg, />\d+\.\d+</);
});

test('chrF++ per tier from the harness analysis of each corpus run, and latency boxes', () => {
  const runs = runsOf('run-card.gpt-4o-mini.json', 'run-card.llama-3.1-8b.json');
  const tiers = tierChart(runs, 'en');
  assert.deepEqual(
    tiers.table.rows.map((r) => r[0]),
    ['tier 1', 'tier 2', 'tier 3', 'tier 4', 'tier 5'],
  );
  const card = JSON.parse(readFileSync('test-fixtures/runs/run-card.gpt-4o-mini.json', 'utf8')) as {
    scores: { by_difficulty: Record<string, { avg_chrf: number }> };
  };
  assert.deepEqual(
    tiers.table.rows.map((r) => Number(r[1])),
    ['1', '2', '3', '4', '5'].map((t) => card.scores.by_difficulty[t].avg_chrf),
    'the figures the card states per tier',
  );
  const latency = latencyChartOfRuns(runs, 'en');
  assert.deepEqual(latency.table.columns, ['', 'answers', 'min', '25th pct', 'median', '75th pct', '95th pct', 'max']);
  assert.deepEqual(
    latency.table.rows.map((r) => r.slice(0, 2)),
    [
      ['openai/gpt-4o-mini', '24'],
      ['meta-llama/llama-3.1-8b-instruct', '23'],
    ],
    'the failed call is left out',
  );
  assert.equal(count(latency.svg, /<rect class="s\d box"/g), 2);
  assert.equal(count(latency.svg, /<circle /g), 2);
  const empty = latencyChart({ id: 'e', title: 't', axis: 's', columns: ['n', 'a', 'b', 'c', 'd', 'e', 'f'], series: [{ label: 'none', seconds: [] }] });
  assert.deepEqual(empty.table.rows, [['none', '0', '', '', '', '', '', '']]);
});

test('Pareto front: cheapest first, only points no other beats on both axes; the chart marks them', () => {
  const points = [
    { label: 'big', cost: 0.004, quality: 0.9 },
    { label: 'small', cost: 0.0005, quality: 0.6 },
    { label: 'worse', cost: 0.003, quality: 0.55 },
    { label: 'mid', cost: 0.001, quality: 0.8 },
    { label: 'twin', cost: 0.001, quality: 0.8 },
  ];
  assert.deepEqual(paretoFront(points), [1, 3, 0]);
  const chart = paretoChart({
    id: 'p',
    title: 'q/c',
    costAxis: 'c',
    qualityAxis: 'q',
    columns: ['c', 'q', 'front'],
    yes: 'yes',
    no: 'no',
    costDecimals: 4,
    qualityDecimals: 2,
    points,
  });
  assert.match(chart.svg, /<polyline class="s0 front" points="[^"]+ [^"]+ [^"]+"\/>/);
  assert.equal(count(chart.svg, /<circle [^>]*r="5">/g), 3);
  assert.deepEqual(
    chart.table.rows.map((r) => r[3]),
    ['yes', 'yes', 'no', 'yes', 'no'],
  );
  const fromRuns = paretoChartOfRuns(runsOf('run-card.gpt-4o-mini.json', 'run-card.llama-3.1-8b.json'), 'fr');
  assert.equal(fromRuns.table.rows.length, 2);
  assert.deepEqual(
    fromRuns.table.rows.map((r) => r[3]),
    ['oui', 'oui'],
    'the cheaper one is worse: both on the front',
  );
});
