import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { main } from '../main';
import { captureIo } from '../../test/helpers/captureIo';
import { fakeServersForThisFile } from '../../test/helpers/fakeServers';
import type { RecordedRequest, Step } from '../../test/helpers/fakeOpenAI';

const server = fakeServersForThisFile();

const reasoning = [
  { id: 'r1', prompt: 'Nenie nye 2 kple 2?', eval_method: 'exact_match', expected: '4' },
  { id: 'r2', prompt: 'Nenie nye 3 kple 3?', eval_method: 'exact_match', expected: '6' },
];

function workspace(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ewb-models-'));
  fs.writeFileSync(path.join(dir, 'reasoning.json'), JSON.stringify(reasoning, null, 2));
  return dir;
}

/** `good/one` knows both sums, `good_one` only the first (their names collide once made safe for a file name). */
function answer(request: RecordedRequest): Step {
  const body = request.body as { model?: string };
  const text = JSON.stringify(body);
  if (body.model === 'good/one') return { kind: 'answer', text: text.includes('2 kple 2') ? '4' : '6', model: body.model };
  return { kind: 'answer', text: text.includes('2 kple 2') ? '4' : '5', model: body.model ?? '' };
}

test('run --model A --model B: one run per model against the local server, results files kept apart, a table of both', async () => {
  const fake = await server({ fallback: { kind: 'respond', fn: answer } });
  const dir = workspace();
  const io = Object.assign(captureIo(dir), { env: {} });
  const args = ['run', 'reasoning.json', '--base-url', fake.baseUrl, '--model', 'good/one', '--model', 'good_one', '--no-cache', '--allow-insecure-http'];
  const code = await main([...args, '--format', 'json'], io);
  assert.equal(code, 0, io.err);
  const out = JSON.parse(io.out) as {
    models: string[];
    runs: { model: string; tests: { id: string; score: number }[]; results_file: string }[];
    comparison: { models: string[]; items: { id: string; file: string; scores: Record<string, number | null> }[] };
  };
  assert.deepEqual(out.models, ['good/one', 'good_one']);
  assert.deepEqual(
    out.runs.map((r) => [r.model, r.tests.map((t) => t.score)]),
    [
      ['good/one', [1, 1]],
      ['good_one', [1, 0]],
    ],
  );
  assert.deepEqual(out.comparison.items, [
    { file: 'reasoning.json', id: 'r1', scores: { 'good/one': 1, good_one: 1 } },
    { file: 'reasoning.json', id: 'r2', scores: { 'good/one': 1, good_one: 0 } },
  ]);
  // Every request named its own model, four in all.
  assert.deepEqual(fake.requests.map((r) => (r.body as { model: string }).model).sort(), ['good/one', 'good/one', 'good_one', 'good_one']);
  // Two results files, each holding its own model's results, even though both names become `good_one`.
  const files = out.runs.map((r) => r.results_file);
  assert.notEqual(files[0], files[1]);
  const models = files.map((f) => (JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8')) as { model: string }).model);
  assert.deepEqual(models, ['good/one', 'good_one']);
  // Two journals, both finished: a rerun of either model resumes nothing of the other's.
  const journals = fs.readdirSync(path.join(dir, 'results', '.journal')).filter((n) => n.endsWith('.jsonl'));
  assert.equal(journals.length, 2);

  const text = Object.assign(captureIo(dir), { env: {} });
  assert.equal(await main(args, text), 0, text.err);
  assert.match(text.out, /^== good\/one ==$/m);
  assert.match(text.out, /^== good_one ==$/m);
  assert.match(text.out, /^ITEM +FILE +good\/one +good_one$/m);
  assert.match(text.out, /^r2 +reasoning\.json +1 +0$/m);
});

test('run --model given twice is a usage error, and one --model keeps the single-model report', async () => {
  const fake = await server({ fallback: { kind: 'respond', fn: answer } });
  const dir = workspace();
  const twice = Object.assign(captureIo(dir), { env: {} });
  assert.equal(await main(['run', 'reasoning.json', '--base-url', fake.baseUrl, '--model', 'a', '--model', 'a', '--allow-insecure-http'], twice), 2);
  assert.match(twice.err, /--model a given twice/);
  assert.equal(fake.requests.length, 0);
  const one = Object.assign(captureIo(dir), { env: {} });
  await main(['run', 'reasoning.json', '--base-url', fake.baseUrl, '--model', 'good/one', '--no-cache', '--allow-insecure-http', '--format', 'json'], one);
  const out = JSON.parse(one.out) as Record<string, unknown>;
  assert.equal(out.models, undefined);
  assert.ok(Array.isArray(out.tests));
});
