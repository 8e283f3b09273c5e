import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { readRuns } from '../runs/read';
import type { Run, RunItem } from '../runs/types';
import { chrfFromStatistics, chrfStats } from '../scoring/chrf';
import { pyStrip } from '../python/str';
import { pairedBootstrap, type Indices } from '../stats/bootstrap';
import { compareRuns, CompareError, significantRegressions, type MetricComparison } from './compare';
import { wordDiff, wordTokens, MAX_DIFF_CELLS } from './diff';

const runOf = (name: string): Run => {
  const read = readRuns(JSON.parse(readFileSync('test-fixtures/runs/' + name, 'utf8')), name);
  assert.ok(read.ok);
  return read.runs[0];
};
interface PyResult {
  system_a_score: number;
  system_b_score: number;
  delta: number;
  p_value: number;
  n_bootstrap: number;
  significant: boolean;
  winner: 'A' | 'B' | null;
  ci_lower: number;
  ci_upper: number;
}
const expected = JSON.parse(readFileSync('test-fixtures/runs/compare.expected.vectors.json', 'utf8')) as {
  rosetta: Record<string, PyResult>;
  rosetta_200_seed7: PyResult;
  ewebench: Record<string, PyResult>;
};
/** The harness's result of paired_bootstrap(B, A) in our terms (a = baseline, b = candidate). */
const ours = (py: PyResult) => ({
  a: py.system_b_score,
  b: py.system_a_score,
  delta: py.delta,
  ci_lower: py.ci_lower,
  ci_upper: py.ci_upper,
  p_value: py.p_value,
  significant: py.significant,
  winner: py.winner === 'A' ? 'b' : py.winner === 'B' ? 'a' : null,
  n_bootstrap: py.n_bootstrap,
});
const pick = (m: MetricComparison) => ({
  a: m.a,
  b: m.b,
  delta: m.delta,
  ci_lower: m.ci_lower,
  ci_upper: m.ci_upper,
  p_value: m.p_value,
  significant: m.significant,
  winner: m.winner,
  n_bootstrap: m.n_bootstrap,
});

const reportA = 'run_20261123_140000_openai_gpt4omini_naive_all_b25_a1b2c3_report.json';
const reportB = 'run_20261123_141500_metallama_llama318binstruct_naive_all_b25_d4e5f6_report.json';

test("two corpus runs: chrF++, exact match and composite equal mt_eval_harness's paired_bootstrap (its own code, run by Python)", () => {
  const c = compareRuns(runOf(reportA), runOf(reportB));
  assert.equal(c.kind, 'rosetta');
  assert.equal(c.paired, 24);
  assert.deepEqual(
    c.metrics.map((m) => m.metric),
    ['corpus_chrf', 'exact_match_rate', 'composite'],
  );
  for (const m of c.metrics) assert.deepEqual(pick(m), ours(expected.rosetta[m.metric]), m.metric);
  assert.equal(c.metrics[0].scale, 100);
  assert.equal(c.metrics[1].scale, 1);
});

test('the same two runs read from our run cards give the same figures; resamples and seed are honoured', () => {
  const c = compareRuns(runOf('run-card.gpt-4o-mini.json'), runOf('run-card.llama-3.1-8b.json'));
  for (const m of c.metrics) assert.deepEqual(pick(m), ours(expected.rosetta[m.metric]), m.metric);
  const few = compareRuns(runOf(reportA), runOf(reportB), { nBootstrap: 200, seed: 7 });
  assert.deepEqual(pick(few.metrics[0]), ours(expected.rosetta_200_seed7));
});

test('two ÈwéBench results files: the ÈwéScore and each category by the paired bootstrap, equal to Python', () => {
  const c = compareRuns(runOf('ewebench_deepseek-chat_20261120_091500.json'), runOf('ewebench_gemini-2.0-flash_20261121_101000.json'));
  assert.deepEqual(
    c.metrics.map((m) => m.metric),
    ['ewe_score', 'category:reasoning', 'category:translation', 'category:cultural_knowledge'],
  );
  for (const m of c.metrics) assert.deepEqual(pick(m), ours(expected.ewebench[m.metric]), m.metric);
  assert.equal(c.metrics[0].a, 74.4, 'the observed ÈwéScores are the files’ own');
  assert.equal(c.metrics[0].b, 62);
});

test('per-item deltas: the planted regression first, responses diffed; then improvements, unchanged', () => {
  const c = compareRuns(runOf('ewebench_deepseek-chat_20261120_091500.json'), runOf('ewebench_gemini-2.0-flash_20261121_101000.json'));
  const first = c.items[0];
  assert.deepEqual([first.id, first.change, first.a, first.b, first.delta, first.passedA, first.passedB], ['mt_context_02', 'regression', 1, 0, -1, 1, 0]);
  assert.deepEqual(first.diff, [
    { op: 'delete', text: 'Meɖe kuku, na tsi ɖe.' },
    { op: 'insert', text: 'Ŋdi.' },
  ]);
  assert.deepEqual(
    c.items.filter((i) => i.change === 'regression').map((i) => i.id),
    ['mt_context_02', 'ck_festival_01', 'mt_market_03', 'ck_proverb_03'],
    'lost passes first (largest drop first), then drops that keep the verdict',
  );
  assert.deepEqual(c.counts, { regression: 4, improvement: 1, unchanged: 7, unscored: 0, 'only-a': 0, 'only-b': 0 });
  assert.equal(c.items[4].id, 'ck_kente_04');
  assert.equal(c.items.at(-1)?.diff, null, 'unchanged items carry no diff');
  assert.deepEqual(significantRegressions(c, 0.1), [c.metrics[0]], 'ÈwéScore −12.4 points, significant, past 10 points');
  assert.deepEqual(significantRegressions(c, 0.13), [], 'within 13 points');
});

test('corpus items: a failed call is "unscored", never a drop to 0; entries only one run has are listed last', () => {
  const b = runOf(reportB);
  const c = compareRuns(runOf(reportA), { ...b, items: b.items.slice(0, 20) });
  assert.equal(c.items.find((i) => i.id === '8')?.change, 'unscored');
  assert.deepEqual(
    c.items.slice(-4).map((i) => [i.id, i.change]),
    [
      ['21', 'only-a'],
      ['22', 'only-a'],
      ['23', 'only-a'],
      ['24', 'only-a'],
    ],
  );
  assert.equal(c.paired, 20);
  assert.equal(c.metrics[0].n, 20);
});

test('what cannot be compared says why', () => {
  assert.throws(() => compareRuns(runOf(reportA), runOf('ewebench_deepseek-chat_20261120_091500.json')), CompareError);
  const board = readRuns(JSON.parse(readFileSync('test-fixtures/runs/leaderboard.json', 'utf8')), 'leaderboard.json');
  assert.ok(board.ok);
  assert.throws(() => compareRuns(board.runs[0], board.runs[1]), /lists no items/);
});

test('word diff: joins back to both texts, bounded past MAX_DIFF_CELLS', () => {
  const a = 'Ɖevi la yi suku egbe.';
  const b = 'Ɖevi la yi  asime egbe kple dada.';
  const d = wordDiff(a, b);
  assert.equal(
    d
      .filter((p) => p.op !== 'insert')
      .map((p) => p.text)
      .join(''),
    a,
  );
  assert.equal(
    d
      .filter((p) => p.op !== 'delete')
      .map((p) => p.text)
      .join(''),
    b,
  );
  assert.deepEqual(d[0], { op: 'equal', text: 'Ɖevi la yi' });
  assert.deepEqual(wordDiff('same', 'same'), [{ op: 'equal', text: 'same' }]);
  assert.deepEqual(wordTokens(' a  b'), [' ', 'a', '  ', 'b']);
  const big = (w: string) => Array.from({ length: 1000 }, (_, i) => `${w}${i}`).join(' ');
  assert.ok(1000 * 2 * 1000 * 2 > MAX_DIFF_CELLS);
  assert.deepEqual(
    wordDiff(big('x'), big('y')).map((p) => p.op),
    ['delete', 'insert'],
  );
});

test('the bootstrap sums equal a plain per-draw chrF++ sum, with statistics packed two to a double and without', () => {
  const base = runOf(reportA);
  const other = runOf(reportB);
  // 2,000 entries, one reference long enough (50,000 letters: 2,000 draws of it pass 2^26): the unpacked path.
  for (const long of [false, true]) {
    const n = 2000;
    const pick = (r: Run, i: number) => ({ ...r.items[i % 24], key: String(i + 1), id: String(i + 1) });
    const a = { ...base, items: Array.from({ length: n }, (_, i) => pick(base, i)) };
    const b = { ...other, items: Array.from({ length: n }, (_, i) => pick(other, i)) };
    if (long) {
      const text = 'ati ɖeka mate ŋu awɔ ave o '.repeat(2500);
      a.items[0] = { ...a.items[0], reference: text, response: text };
      b.items[0] = { ...b.items[0], reference: text, response: text.slice(0, 40000), error: null };
    }
    const c = compareRuns(a, b, { nBootstrap: 20, diffs: false });
    const naive = (items: RunItem[]) => {
      const stats = items.map((e) => chrfStats(pyStrip(e.response ?? '') ? (e.response as string) : 'EMPTY', [e.reference ?? '']));
      return (indices: Indices) => {
        const sum = new Array<number>(stats[0].length).fill(0);
        for (const i of indices) stats[i].forEach((v, w) => (sum[w] += v));
        return chrfFromStatistics(sum);
      };
    };
    const keys = a.items.map((e) => e.key).sort((x, y) => Number(x) - Number(y));
    const order = (items: RunItem[]) => keys.map((k) => items.find((e) => e.key === k) as RunItem);
    const expectedChrf = pairedBootstrap(n, naive(order(b.items)), naive(order(a.items)), { nBootstrap: 20 });
    assert.deepEqual(
      [c.metrics[0].b, c.metrics[0].a, c.metrics[0].delta, c.metrics[0].ci_lower, c.metrics[0].ci_upper, c.metrics[0].p_value],
      [expectedChrf.system_a_score, expectedChrf.system_b_score, expectedChrf.delta, expectedChrf.ci_lower, expectedChrf.ci_upper, expectedChrf.p_value],
      long ? 'unpacked' : 'packed',
    );
  }
});
