import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { resolveModel } from '../core/run/presets';
import type { SuiteItemRunRecord } from '../core/run/types';
import { readSuiteResponses, scoreSuite } from '../core/suite/results';
import { loadSuite } from '../core/suite/load';
import { readSuiteResults } from '../core/suite/runResults';
import { suiteSpec } from '../core/suite/suite';
import { fakeServersForThisFile } from '../test/helpers/fakeServers';
import { ResponseCache } from './cache';
import { executeRun, type RunPlan } from './execute';
import { collectingLogger } from './log';
import { openAICompatibleProvider } from './provider';

/** A task suite's item file run through the run machinery the editor uses (queue, cache, journal, results), item by item. */
const server = fakeServersForThisFile();

const SUITE = {
  suite_version: 1,
  language: 'ewe',
  tasks: [{ id: 'mmlu', task: 'multiple_choice', competency: 'NLU', items: 'mmlu.tsv' }],
};
const ITEMS = "id\tquestion\tchoices\tanswer\nq1\tDukɔ ka ƒe fiadu nye Lomé?\t['Togo', 'Ghana', 'Benin']\tA\nq2\tNu nenie nye 3 kple 4?\t['5', '6', '7']\tC\n";

function setup(fakeBaseUrl: string, extra: Partial<RunPlan> = {}): { dir: string; plan: RunPlan } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ewb-exec-suite-'));
  fs.writeFileSync(path.join(dir, 'mmlu.tsv'), ITEMS);
  const task = suiteSpec(SUITE).tasks[0];
  return {
    dir,
    plan: {
      files: [{ path: path.join(dir, 'mmlu.tsv'), displayPath: 'mmlu.tsv', text: ITEMS, suite: task }],
      model: resolveModel({ provider: 'custom', baseUrl: fakeBaseUrl, model: 'fake-chat' }),
      outDir: path.join(dir, 'results'),
      concurrency: 1,
      ...extra,
    },
  };
}

test('one item of a suite runs with the framework’s prompt; its record holds the answer read after #### and ✓', async () => {
  const fake = await server({ script: [{ kind: 'answer', text: 'Lomé nye Togo ƒe fiadu. #### A' }] });
  const { dir, plan } = setup(fake.baseUrl, { runId: '20261128_060000' });
  plan.files[0] = { ...plan.files[0], ids: ['q1'] };
  const result = await executeRun(plan, {
    provider: openAICompatibleProvider({ baseUrl: fake.baseUrl, apiKey: 'k', logger: collectingLogger(), maxRetries: 0 }),
  });
  assert.equal(fake.requests.length, 1);
  const body = fake.requests[0].body as { messages: { role: string; content: string }[]; temperature: number; max_tokens: number };
  assert.deepEqual(
    body.messages.map((m) => m.role),
    ['user'],
  );
  assert.ok(body.messages[0].content.startsWith('Solve the following multiple choice question.'));
  assert.ok(body.messages[0].content.endsWith('Dukɔ ka ƒe fiadu nye Lomé?\n\nA. Togo\nB. Ghana\nC. Benin'), body.messages[0].content);
  const record = result.records[0] as SuiteItemRunRecord;
  assert.equal(record.kind, 'suite-item');
  assert.equal(record.item_id, 'q1');
  assert.equal(record.task_id, 'mmlu');
  assert.equal(record.extracted, 'A');
  assert.equal(record.method, 'strict');
  assert.equal(record.correct, true);
  assert.equal(record.score, 1);
  // The results file: what `suite score` reads, with the records beside it.
  assert.ok(result.suiteResultsFile && path.basename(result.suiteResultsFile) === 'suite_mmlu_fake-chat_20261128_060000.json', result.suiteResultsFile);
  const saved = JSON.parse(fs.readFileSync(result.suiteResultsFile, 'utf8')) as unknown;
  assert.deepEqual(readSuiteResults(saved), result.records);
  const responses = readSuiteResponses(saved);
  assert.deepEqual([...(responses.tasks.get('mmlu')?.entries() ?? [])], [['q1', ['Lomé nye Togo ƒe fiadu. #### A']]]);
  const loaded = loadSuite(SUITE, () => ({ text: ITEMS }));
  const scored = scoreSuite(loaded, responses);
  assert.equal(scored.tasks[0].outcomes[0][0].correct, true);
  fs.rmSync(dir, { recursive: true, force: true });
});

test('a file of suite items: a wrong letter is ✗ with the expected answer, an answer without #### is the fallback reading; the cache answers a rerun', async () => {
  const fake = await server({
    script: [
      { kind: 'answer', text: '#### B' },
      { kind: 'answer', text: 'The answer is C.' },
    ],
  });
  const { dir, plan } = setup(fake.baseUrl);
  const cache = new ResponseCache(path.join(dir, 'cache'));
  const provider = openAICompatibleProvider({ baseUrl: fake.baseUrl, apiKey: 'k', logger: collectingLogger(), maxRetries: 0 });
  const first = await executeRun({ ...plan, useCache: true }, { provider, cache });
  const [q1, q2] = first.records as SuiteItemRunRecord[];
  assert.deepEqual([q1.extracted, q1.correct, q1.expected], ['B', false, 'A']);
  assert.deepEqual([q2.extracted, q2.method, q2.correct, q2.tolerant_correct], ['C', 'fallback', false, true]);
  const again = await executeRun({ ...plan, useCache: true, runId: 'again' }, { provider, cache });
  assert.equal(fake.requests.length, 2, 'the rerun is answered by the cache');
  assert.deepEqual(
    (again.records as SuiteItemRunRecord[]).map((r) => [r.item_id, r.cached, r.extracted]),
    [
      ['q1', true, 'B'],
      ['q2', true, 'C'],
    ],
  );
  fs.rmSync(dir, { recursive: true, force: true });
});

test('two items sharing an id are refused before anything is sent', async () => {
  const fake = await server({ script: [] });
  const { dir, plan } = setup(fake.baseUrl);
  const text = ITEMS.replace('q2\t', 'q1\t');
  plan.files[0] = { ...plan.files[0], text };
  await assert.rejects(
    executeRun(plan, { provider: openAICompatibleProvider({ baseUrl: fake.baseUrl, apiKey: 'k', logger: collectingLogger(), maxRetries: 0 }) }),
    /2 items share the id "q1" at mmlu\.tsv:2, mmlu\.tsv:3/,
  );
  assert.equal(fake.requests.length, 0);
  fs.rmSync(dir, { recursive: true, force: true });
});
