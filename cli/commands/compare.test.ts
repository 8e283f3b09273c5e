import { test } from 'node:test';
import assert from 'node:assert/strict';
import { main } from '../main';
import { captureIo } from '../../test/helpers/captureIo';
import type { RunComparison } from '../../core/compare/compare';
import { diffText } from './compare';

const dir = 'test-fixtures/runs/';
const A = dir + 'ewebench_deepseek-chat_20261120_091500.json';
const B = dir + 'ewebench_gemini-2.0-flash_20261121_101000.json';

test('compare text: both runs, the metric table, the planted regression first with its diff', async () => {
  const io = captureIo();
  assert.equal(await main(['compare', A, B], io), 0, 'no gate: exit 0 whatever the result');
  assert.match(io.out, /^A: deepseek-chat \(run 20261120_091500\) {2}test-fixtures\/runs\/ewebench_deepseek-chat_20261120_091500\.json\nB: gemini-2\.0-flash/);
  assert.match(io.out, /\nÈwéScore +74\.40 +62\.00 +-12\.40 +\[-33\.50, \+1\.80\] +0\.046 +yes \(A better\) +12\n/);
  assert.match(
    io.out,
    /\nregressions:\n {2}mt_context_02 \(translation\) {2}1\.000 ✓ → 0\.000 ✗ {2}\(-1\.000\)\n {6}\[-Meɖe kuku, na tsi ɖe\.-\]\{\+Ŋdi\.\+\}\n/,
  );
});

test('compare json: each metric named with a, b, delta, ci_lower, ci_upper, p_value, significant', async () => {
  const io = captureIo();
  assert.equal(await main(['compare', A, B, '--format', 'json'], io), 0);
  const c = JSON.parse(io.out) as RunComparison;
  const score = c.metrics.find((m) => m.metric === 'ewe_score');
  assert.deepEqual(
    score && {
      a: score.a,
      b: score.b,
      delta: score.delta,
      ci_lower: score.ci_lower,
      ci_upper: score.ci_upper,
      p_value: score.p_value,
      significant: score.significant,
    },
    { a: 74.4, b: 62, delta: -12.4, ci_lower: -33.5, ci_upper: 1.8, p_value: 0.046, significant: true },
  );
  assert.equal(c.items[0].id, 'mt_context_02');
});

test('--fail-on-regression: exit 1 on a significant regression past DELTA of the scale, 0 within it or on an improvement', async () => {
  const fail = captureIo();
  assert.equal(await main(['compare', A, B, '--fail-on-regression', '0.1'], fail), 1);
  assert.match(fail.err, /^regression: ÈwéScore -12\.40 \(p 0\.046\), more than 0\.1 of its scale \(10\.00\)\n$/);
  const pass = captureIo();
  assert.equal(await main(['compare', A, B, '--fail-on-regression', '0.2'], pass), 0);
  assert.equal(pass.err, '');
  const better = captureIo();
  assert.equal(await main(['compare', B, A, '--fail-on-regression', '0'], better), 0, 'B better than A is no regression');
  const corpus = captureIo();
  assert.equal(
    await main(['compare', dir + 'run-card.gpt-4o-mini.json', dir + 'run-card.llama-3.1-8b.json', '--fail-on-regression', '0.05', '--format', 'json'], corpus),
    1,
  );
  assert.match(corpus.err, /^regression: chrF\+\+ -10\.08/);
});

test('compare refuses what it cannot compare, with exit 2', async () => {
  const kinds = captureIo();
  assert.equal(await main(['compare', A, dir + 'run-card.harness.json'], kinds), 2);
  assert.match(kinds.err, /cannot compare an ÈwéBench run with a Rosetta run/);
  const one = captureIo();
  assert.equal(await main(['compare', A], one), 2);
  assert.match(one.err, /two runs/);
  const board = captureIo();
  assert.equal(await main(['compare', dir + 'leaderboard.json', A], board), 2);
  assert.match(board.err, /expected two runs, found 4/);
  const bad = captureIo();
  assert.equal(await main(['compare', A, B, '--resamples', '0'], bad), 2);
  assert.match(bad.err, /--resamples "0": must be a whole number from 1 to 100000/);
  const gate = captureIo();
  assert.equal(await main(['compare', A, B, '--fail-on-regression', '2'], gate), 2);
});

test('--resamples and --seed reach the bootstrap', async () => {
  const io = captureIo();
  assert.equal(
    await main(['compare', dir + 'run-card.gpt-4o-mini.json', dir + 'run-card.llama-3.1-8b.json', '--resamples', '200', '--seed', '7', '--format', 'json'], io),
    0,
  );
  const c = JSON.parse(io.out) as RunComparison;
  assert.deepEqual(
    [c.metrics[0].n_bootstrap, c.metrics[0].p_value, c.metrics[0].ci_lower],
    [200, 0.01, -24.5112],
    'as make_compare_expected.py computed (rosetta_200_seed7)',
  );
});

test('a diff line escapes control characters and joins lines', () => {
  assert.equal(
    diffText([
      { op: 'equal', text: 'a\nb ' },
      { op: 'insert', text: '\u001b[2J' },
    ]),
    'a b {+\\x1b[2J+}',
  );
});

test('compare html: a self-contained page (CSP, no script), metrics, charts with their tables, diffs escaped', async () => {
  const io = captureIo();
  assert.equal(await main(['compare', A, B, '--format', 'html'], io), 0);
  const page = io.out;
  assert.match(
    page,
    /^<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">/,
  );
  assert.ok(!/<script/i.test(page));
  assert.match(page, /<tr><th scope="row">ewe_score<\/th><td>74\.40<\/td><td>62\.00<\/td><td>-12\.40<\/td>/);
  assert.equal((page.match(/<figure class="ewb-chart"><svg /g) ?? []).length, 2, 'the category chart and the latency chart');
  assert.match(page, /<caption>Score per category<\/caption>/);
  assert.match(page, /<h2>Regressions \(4\)<\/h2>.*<th scope="row">mt_context_02<\/th>.*<del>Meɖe kuku, na tsi ɖe\.<\/del><ins>Ŋdi\.<\/ins>/s);
  const corpus = captureIo();
  assert.equal(await main(['compare', dir + 'run-card.gpt-4o-mini.json', dir + 'run-card.llama-3.1-8b.json', '--format', 'html'], corpus), 0);
  assert.match(corpus.out, /<caption>chrF\+\+ per difficulty tier<\/caption>/);
});
