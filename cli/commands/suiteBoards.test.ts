import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { main } from '../main';
import { captureIo } from '../../test/helpers/captureIo';
import { fakeServersForThisFile } from '../../test/helpers/fakeServers';
import { fromRepo } from '../../test/helpers/paths';
import type { RecordedRequest, Step } from '../../test/helpers/fakeOpenAI';

const server = fakeServersForThisFile();

function suiteCopy(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ewb-suiteboards-'));
  fs.cpSync(fromRepo('test-fixtures', 'suite', 'items'), path.join(dir, 'items'), { recursive: true });
  fs.copyFileSync(fromRepo('test-fixtures', 'suite', 'ewe.suite.json'), path.join(dir, 'ewe.suite.json'));
  return dir;
}

/**
 * Two local test models: `good` answers A to every question (two of three right), 8 to every sum (one of two),
 * "sports" to every topic and echoes the sentence to translate; `weak` answers D, 1, "travel" and "Hello.".
 */
function answer(request: RecordedRequest): Step {
  const body = request.body as { model: string; messages: { content: string }[] };
  const content = body.messages[0].content;
  const good = body.model === 'good';
  if (content.startsWith('Solve the following multiple choice question')) return { kind: 'answer', text: good ? 'Reasoning… #### A' : '#### D' };
  if (content.startsWith('Solve the following math problem')) return { kind: 'answer', text: good ? '#### 8' : '#### 1' };
  if (content.startsWith('Classify')) return { kind: 'answer', text: good ? 'sports' : 'travel' };
  return { kind: 'answer', text: good ? content.slice(content.lastIndexOf('\n') + 1) : 'Hello.' };
}

async function runSuite(dir: string, baseUrl: string, model: string, extra: string[] = []): Promise<void> {
  const io = captureIo(dir);
  const args = ['suite', 'run', 'ewe.suite.json', '--base-url', baseUrl, '--model', model, '--repeat', '2', '--cache-dir', path.join(dir, 'cache')];
  assert.equal(await main([...args, '--allow-insecure-http', ...extra], io), 0, io.err);
}

interface ScoreJson {
  tasks: { id: string; task: string; strictRuns: number[] }[];
  scores: { overall: { mean: number; standardError: number | null } };
}

const mean = (xs: readonly number[]) => xs.reduce((a, x) => a + x, 0) / xs.length;

test('compare, items and leaderboard read suite runs from their results files: per-task accuracy and chrF++, items, SEA-HELM overall ± SE', async () => {
  const fake = await server({ fallback: { kind: 'respond', fn: answer } });
  const dir = suiteCopy();
  await runSuite(dir, fake.baseUrl, 'good');
  await runSuite(dir, fake.baseUrl, 'weak');
  const scoresOf = async (file: string) => {
    const io = captureIo(dir);
    assert.equal(await main(['suite', 'score', 'ewe.suite.json', file, '--format', 'json'], io), 0, io.err);
    return JSON.parse(io.out) as ScoreJson;
  };
  const good = await scoresOf('ewe.good.responses.json');
  const weak = await scoresOf('ewe.weak.responses.json');

  // compare A (weak) B (good): one metric per task, equal to the suite's own per-run figures averaged over runs.
  const compared = captureIo(dir);
  assert.equal(await main(['compare', 'ewe.weak.responses.json', 'ewe.good.responses.json', '--format', 'json'], compared), 0, compared.err);
  const c = JSON.parse(compared.out) as {
    kind: string;
    corpus: string;
    paired: number;
    metrics: { metric: string; a: number; b: number; n: number }[];
    items: { key: string; change: string; a: number; b: number }[];
  };
  assert.equal(c.kind, 'suite');
  assert.equal(c.corpus, 'Ewe core tasks');
  assert.equal(c.paired, 21);
  assert.deepEqual(
    c.metrics.map((m) => m.metric),
    ['accuracy:mmlu', 'accuracy:mmlu-jsonl', 'accuracy:mgsm', 'accuracy:xnli', 'accuracy:topics', 'chrf:flores-ewe-eng', 'chrf:flores-eng-ewe', 'chrf:phrases'],
  );
  // The paired bootstrap states its scores to 4 decimals, as the harness's does.
  for (const m of c.metrics) {
    const task = m.metric.slice(m.metric.indexOf(':') + 1);
    const scale = m.metric.startsWith('accuracy:') ? 100 : 1;
    const [inA] = weak.tasks.filter((t) => t.id === task);
    const [inB] = good.tasks.filter((t) => t.id === task);
    assert.ok(Math.abs(m.a - scale * mean(inA.strictRuns)) <= 5e-5 + 1e-12, `${m.metric} A: ${m.a} vs ${scale * mean(inA.strictRuns)}`);
    assert.ok(Math.abs(m.b - scale * mean(inB.strictRuns)) <= 5e-5 + 1e-12, `${m.metric} B: ${m.b} vs ${scale * mean(inB.strictRuns)}`);
  }
  const item = (key: string) => c.items.find((i) => i.key === key);
  assert.deepEqual([item('mmlu/1')?.change, item('mmlu/1')?.a, item('mmlu/1')?.b], ['improvement', 0, 1]);
  const text = captureIo(dir);
  assert.equal(await main(['compare', 'ewe.weak.responses.json', 'ewe.good.responses.json'], text), 0, text.err);
  assert.match(text.out, /^suite: Ewe core tasks$/m);
  assert.match(text.out, /^mmlu accuracy % +0\.00 +66\.67 +\+66\.67 /m);
  assert.match(text.out, /^phrases chrF\+\+ /m);
  assert.match(text.out, /improvements:\n/);

  // items: each suite item against both runs, keyed by task and item.
  const items = captureIo(dir);
  assert.equal(await main(['items', 'ewe.good.responses.json', 'ewe.weak.responses.json', '--format', 'json'], items), 0, items.err);
  const analysis = JSON.parse(items.out) as {
    columns: { label: string }[];
    rows: { key: string; group: string; cells: { score: number; passRate: number | null }[]; separation: string }[];
  };
  assert.deepEqual(
    analysis.columns.map((col) => col.label),
    ['good', 'weak'],
  );
  assert.equal(analysis.rows.length, 21);
  const mmlu1 = analysis.rows.find((r) => r.key === 'suite:mmlu/1');
  assert.deepEqual(
    mmlu1?.cells.map((cell) => [cell.score, cell.passRate]),
    [
      [1, 1],
      [0, 0],
    ],
  );
  assert.equal(mmlu1?.separation, 'separates');
  const itemsText = captureIo(dir);
  assert.equal(await main(['items', 'ewe.good.responses.json', 'ewe.weak.responses.json'], itemsText), 0, itemsText.err);
  assert.match(itemsText.out, /21 items: /);

  // leaderboard: the suite's runs ranked by SEA-HELM's overall score, with its standard error, as the files state.
  const board = captureIo(dir);
  assert.equal(await main(['leaderboard', '.', '--format', 'json'], board), 0, board.err);
  const rows = (
    JSON.parse(board.out) as {
      suite: { rank: number; model: string; suite: string; overall: number; overall_se: number | null; runs: number; items: number }[];
    }
  ).suite;
  assert.deepEqual(
    rows.map((r) => [r.rank, r.model, r.suite, r.runs, r.items]),
    [
      [1, 'good', 'Ewe core tasks', 2, 21],
      [2, 'weak', 'Ewe core tasks', 2, 21],
    ],
  );
  assert.equal(rows[0].overall, good.scores.overall.mean);
  assert.equal(rows[0].overall_se, good.scores.overall.standardError);
  assert.equal(rows[1].overall, weak.scores.overall.mean);
  const boardText = captureIo(dir);
  assert.equal(await main(['leaderboard', 'ewe.good.responses.json', 'ewe.weak.responses.json'], boardText), 0, boardText.err);
  assert.match(boardText.out, /Task suites \(SEA-HELM overall score ± standard error over runs; 0 = chance, 100 = all right\)/);
  assert.match(boardText.out, /Suite Ewe core tasks: 2 runs/);
  assert.match(boardText.out, new RegExp(`^1=? +good +${good.scores.overall.mean.toFixed(2).replace('.', '\\.')} ± `, 'm'));
  const french = captureIo(dir);
  assert.equal(await main(['leaderboard', 'ewe.good.responses.json', '--lang', 'fr'], french), 0, french.err);
  assert.match(french.out, /Suites de tâches/);
});

test('suite score --out writes the shards of a run as one results file, which compare reads as the unsharded run', async () => {
  const fake = await server({ fallback: { kind: 'respond', fn: answer } });
  const dir = suiteCopy();
  await runSuite(dir, fake.baseUrl, 'good');
  await runSuite(dir, fake.baseUrl, 'good', ['--shard', '1/2']);
  await runSuite(dir, fake.baseUrl, 'good', ['--shard', '2/2']);
  const merged = captureIo(dir);
  const parts = ['ewe.good.shard-1-of-2.responses.json', 'ewe.good.shard-2-of-2.responses.json'];
  assert.equal(await main(['suite', 'score', 'ewe.suite.json', ...parts, '--out', 'merged.json'], merged), 0, merged.err);
  assert.match(merged.err, /merged\.json: written/);
  const whole = JSON.parse(fs.readFileSync(path.join(dir, 'ewe.good.responses.json'), 'utf8')) as {
    outcomes: Record<string, { items: Record<string, unknown> }>;
  };
  const fromShards = JSON.parse(fs.readFileSync(path.join(dir, 'merged.json'), 'utf8')) as typeof whole;
  for (const [task, { items }] of Object.entries(whole.outcomes))
    assert.deepEqual(Object.keys(fromShards.outcomes[task].items).sort(), Object.keys(items).sort(), task);
  const compared = captureIo(dir);
  assert.equal(await main(['compare', 'ewe.good.responses.json', 'merged.json', '--format', 'json'], compared), 0, compared.err);
  const c = JSON.parse(compared.out) as { paired: number; counts: Record<string, number>; metrics: { delta: number }[] };
  assert.equal(c.paired, 21);
  assert.equal(c.counts.unchanged, 21);
  assert.ok(c.metrics.every((m) => m.delta === 0));
  // A shard alone is a results file too, of its own items: compare pairs what both have and says what is left out.
  const shard = captureIo(dir);
  assert.equal(await main(['compare', 'ewe.good.responses.json', parts[0], '--format', 'json'], shard), 0, shard.err);
  const s = JSON.parse(shard.out) as { paired: number; onlyA: number };
  assert.equal(s.paired + s.onlyA, 21);
  assert.ok(s.onlyA > 0 && s.paired > 0);
  // suite score --out refuses to write over one of its inputs.
  const over = captureIo(dir);
  assert.notEqual(await main(['suite', 'score', 'ewe.suite.json', parts[0], '--out', parts[0]], over), 0);
  assert.ok(fs.readFileSync(path.join(dir, parts[0]), 'utf8').includes('"outcomes"'));
});

test('compare refuses a suite run against a run of another kind or another suite, naming both', async () => {
  const dir = suiteCopy();
  const results = {
    suite_responses_version: 1,
    model: 'm',
    runs: 1,
    suite: 'Ewe core tasks',
    tasks: { t: { '1': ['#### A'] } },
    scores: { runs: 1, overall: { mean: 10, standardError: null, perRun: [10] }, tasks: [], competencies: [], languages: [] },
    outcomes: {
      t: {
        task: 'multiple_choice',
        competency: 'NLU',
        language: 'ewe',
        items: { '1': { expected: 'A', runs: [{ extracted: 'A', method: 'strict', correct: true, score: 1 }] } },
      },
    },
  };
  fs.writeFileSync(path.join(dir, 'a.json'), JSON.stringify(results));
  fs.writeFileSync(path.join(dir, 'b.json'), JSON.stringify({ ...results, suite: 'Other suite' }));
  const other = captureIo(dir);
  assert.equal(await main(['compare', 'a.json', 'b.json'], other), 2);
  assert.match(other.err, /A is a run of the suite Ewe core tasks, B of Other suite: different items/);
  const card = captureIo(dir);
  assert.equal(await main(['compare', 'a.json', fromRepo('test-fixtures', 'results', 'valid', 'ewebench_deepseek-chat_20261123_101500.json')], card), 2);
  assert.match(card.err, /cannot compare a task suite run with an ÈwéBench run/);
});
