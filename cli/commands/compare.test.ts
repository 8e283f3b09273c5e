import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { main } from '../main';
import { fromRepo } from '../../test/helpers/paths';
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

const reports = 'test-fixtures/leaderboard/reports/';
const EWE_GEMINI = reports + 'run_20261120_090000_google_gemini35flash_naive_all_b25_acc94e_report.json';
const EWE_GPT = reports + 'run_20261120_093000_openai_gpt4omini_naive_all_b25_b7d210_report.json';
const YOR_GEMINI = reports + 'run_20261121_090000_google_gemini35flash_naive_all_b25_d15ea5_report.json';

interface ReportFile {
  config: { corpus_path: string };
  entries: { source: string }[];
}

function tempCopy(file: string, edit: (r: ReportFile) => void): string {
  const r = JSON.parse(fs.readFileSync(fromRepo(file), 'utf8')) as ReportFile;
  edit(r);
  const out = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'ewb-compare-')), path.basename(file));
  fs.writeFileSync(out, JSON.stringify(r, null, 2));
  return out;
}

test('#31.9 runs of different corpora are refused (exit 2, saying why): harness reports and run cards alike', async () => {
  const io = captureIo();
  assert.equal(await main(['compare', EWE_GEMINI, YOR_GEMINI], io), 2);
  assert.match(io.err, /A is a run of the corpus eng-ewe-dev-v1, B of eng-yor-dev-v1: different sentences and references/);
  assert.equal(io.out, '', 'no metric, no "significant", no item listed');
  const cards = captureIo();
  assert.equal(await main(['compare', 'test-fixtures/leaderboard/rosetta_strong.json', 'test-fixtures/leaderboard/rosetta_gold.json'], cards), 2);
  assert.match(cards.err, /corpus eng-ewe-synthetic, B of eng-ewe-gold/);
});

test('#31.9 items pair by the same id with the same source text; the text says how many were paired and left out', async () => {
  const io = captureIo();
  assert.equal(await main(['compare', EWE_GEMINI, EWE_GPT], io), 0, io.err);
  assert.match(
    io.out,
    /\ncorpus: eng-ewe-dev-v1\npaired items: 8 \(same id and source text\); left out: 0 only in A, 0 only in B, 0 with the same id but another source text\n/,
  );
  // Two of B's entries now hold other sentences under the same ids: left out, not compared as "unchanged".
  const edited = tempCopy(EWE_GPT, (r) => {
    r.entries[0].source = 'A different sentence.';
    r.entries[3].source = 'Another one.';
  });
  const partial = captureIo();
  assert.equal(await main(['compare', EWE_GEMINI, edited, '--format', 'json'], partial), 0, partial.err);
  const c = JSON.parse(partial.out) as RunComparison;
  assert.deepEqual([c.paired, c.sourceDiffers, c.onlyA, c.onlyB, c.metrics[0].n], [6, 2, 0, 0, 6]);
  assert.equal(c.items.length, 6);
  // The same corpus name over other sentences: no item in common, refused.
  const renamed = tempCopy(YOR_GEMINI, (r) => {
    r.config.corpus_path = '/elsewhere/eng-ewe-dev-v1.json';
  });
  const none = captureIo();
  assert.equal(await main(['compare', EWE_GEMINI, renamed], none), 2);
  assert.match(none.err, /A and B share no item: the 8 ids they have in common hold different source texts/);
});

test('compare text: every line within 160 columns, whatever the lengths of the model, the path and the answers', async () => {
  const long = tempCopy(EWE_GPT, (r) => {
    (r as unknown as { config: { model: string } }).config.model = 'provider/' + 'a-very-long-model-name-'.repeat(12);
    const entries = (r as unknown as { entries: { predicted: string }[] }).entries;
    entries[2].predicted = 'Afikae '.repeat(60) + 'asia le?';
  });
  const io = captureIo();
  assert.equal(await main(['compare', EWE_GEMINI, long], io), 0, io.err);
  const widest = Math.max(...io.out.split('\n').map((l) => Array.from(l).length));
  assert.ok(widest <= 160, `a line of ${widest} columns`);
  assert.match(io.out, /\n {6}Afikae \{\+Afikae Afikae .*…\n/, 'the long diff cut, marked');
});
