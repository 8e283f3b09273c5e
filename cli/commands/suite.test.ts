import { test } from 'node:test';
import assert from 'node:assert/strict';
import { main } from '../main';
import { captureIo } from '../../test/helpers/captureIo';

const SUITE = 'test-fixtures/suite/ewe.suite.json';
const RESPONSES = 'test-fixtures/suite/responses/ewe.responses.json';

interface Out {
  model: string;
  scores: {
    runs: number;
    tasks: { id: string; mean: number; perRun: number[]; subtasks: { id: string }[] }[];
    languages: { language: string; mean: number }[];
    overall: { mean: number; standardError: number };
  };
  tasks: {
    id: string;
    strictRuns: number[];
    tolerantRuns: number[];
    missing: number;
    items: { id: string; runs: { extracted: string | null; method: string; correct: boolean }[] }[];
  }[];
}

test('suite score re-scores saved responses with no model: strict accuracy, the fallback apart, chance-normalised', async () => {
  const io = captureIo();
  assert.equal(await main(['suite', 'score', SUITE, RESPONSES, '--format', 'json'], io), 0, io.err);
  const out = JSON.parse(io.out) as Out;
  assert.equal(out.model, 'local-test-model');
  assert.equal(out.scores.runs, 2);
  const task = (id: string) => out.tasks.find((t) => t.id === id)!;
  // mmlu run 1: A, C, A all right after ####; run 2: B wrong, "The answer is C" a fallback, A right.
  assert.deepEqual(task('mmlu').strictRuns, [1, 1 / 3]);
  assert.deepEqual(task('mmlu').tolerantRuns, [1, 2 / 3]);
  assert.deepEqual(
    task('mmlu').items[1].runs.map((r) => [r.extracted, r.method, r.correct]),
    [
      ['C', 'strict', true],
      ['C', 'fallback', false],
    ],
  );
  // A null response is a wrong answer and counted as missing.
  assert.equal(task('mmlu-jsonl').missing, 1);
  assert.deepEqual(task('mmlu-jsonl').strictRuns, [1, 0.5]);
  // Normalised by chance (1/4): run 1 = 100, run 2 = (1/3 − 1/4) / (3/4) × 100.
  const mmlu = out.scores.tasks.find((t) => t.id === 'mmlu')!;
  assert.ok(Math.abs(mmlu.perRun[1] - ((1 / 3 - 0.25) / 0.75) * 100) < 1e-9);
  // Translation both ways is one task, its two sub-tasks averaged first.
  assert.deepEqual(
    out.scores.tasks.find((t) => t.id === 'flores')!.subtasks.map((s) => s.id),
    ['flores-ewe-eng', 'flores-eng-ewe'],
  );
  assert.equal(out.scores.tasks.find((t) => t.id === 'flores')!.perRun[0], 100);
  assert.deepEqual(
    out.scores.languages.map((l) => l.language),
    ['ewe'],
  );
});

test('suite score prints a table of tasks, competencies, languages and the overall score', async () => {
  const io = captureIo();
  assert.equal(await main(['suite', 'score', SUITE, RESPONSES], io), 0, io.err);
  assert.match(io.out, /^local-test-model: 2 runs; scores normalised by chance/);
  assert.match(io.out, /^mmlu\s+NLU\s+ewe\s+55\.56 ± 18\.14\s+66\.7%\s+83\.3%\s+3$/m);
  assert.match(io.out, /^flores \(flores-ewe-eng \+ flores-eng-ewe\)\s+NLG\s+ewe\s+/m);
  assert.match(io.out, /^mmlu-jsonl .* 2 \(1 without a response\)$/m);
  assert.match(io.out, /^overall\s+\d+\.\d\d ± \d+\.\d\d$/m);
});

test('suite score refuses a suite whose items do not read, and a responses file of the wrong shape', async () => {
  const bad = captureIo();
  assert.equal(await main(['suite', 'score', 'test-fixtures/suite/bad.suite.json', RESPONSES], bad), 1);
  assert.match(bad.err, /problems? in the suite or its item files; run ewebench-studio validate/);
  const wrong = captureIo();
  assert.equal(await main(['suite', 'score', SUITE, SUITE], wrong), 2);
  assert.match(wrong.err, /ewe\.suite\.json: not a suite responses file/);
});
