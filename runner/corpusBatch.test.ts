import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { resolveModel } from '../core/run/presets';
import { PARSE_ERROR } from '../core/run/batch';
import type { EntryRunRecord } from '../core/run/types';
import type { FakeOpenAI, RecordedRequest, Step } from '../test/helpers/fakeOpenAI';
import { fakeServersForThisFile } from '../test/helpers/fakeServers';
import { fromRepo } from '../test/helpers/paths';
import { ResponseCache } from './cache';
import { executeRun, type RunFile, type RunPlan } from './execute';
import { openAICompatibleProvider } from './provider';

const server = fakeServersForThisFile();

interface Case {
  shape: string;
  batch_size: number;
  openrouter: boolean;
  system_prompt: string;
  bodies: unknown[];
}
/** Built by test-fixtures/rosetta/make_requests.py from the harness's rules (build_naive_prompt, build_system_message, batch.py, single.py). */
const { cases } = JSON.parse(fs.readFileSync(fromRepo('test-fixtures/rosetta/requests.vectors.json'), 'utf8')) as { cases: Case[] };

function corpusFile(shape: string): RunFile {
  const full = fromRepo('test-fixtures/rosetta/requests', `${shape}.json`);
  return { path: full, displayPath: `${shape}.json`, text: fs.readFileSync(full, 'utf8') };
}

/** Answers a batch with its numbered lines (`n. T<n>`), a single request with `T:` and its source. */
const numbered: Step = {
  kind: 'respond',
  fn: (r: RecordedRequest) => {
    const user = (r.body as { messages: { content: string }[] }).messages[1].content;
    const n = /^Translate each of these (\d+) phrases/.exec(user);
    return {
      kind: 'answer',
      text: n ? Array.from({ length: Number(n[1]) }, (_, k) => `${k + 1}. T${k + 1}`).join('\n') : `T: ${user}`,
      usage: { prompt_tokens: 100, completion_tokens: 40, cost: 0.002 },
    };
  },
};

function plan(fake: FakeOpenAI, dir: string, files: RunFile[], extra: Partial<RunPlan> = {}): RunPlan {
  return {
    files,
    model: resolveModel({ provider: 'custom', baseUrl: fake.baseUrl, model: 'fake-chat' }),
    outDir: path.join(dir, 'results'),
    concurrency: 1,
    ...extra,
  };
}
const provider = (fake: FakeOpenAI) => openAICompatibleProvider({ baseUrl: fake.baseUrl, maxRetries: 0 });
const tmp = () => fs.mkdtempSync(path.join(os.tmpdir(), 'ewb-batch-'));

test("every corpus shape: the bodies sent equal the harness's for batch sizes 1, 5 (a remainder) and 25, plain and OpenRouter system messages", async () => {
  for (const c of cases) {
    const fake = await server({ fallback: numbered });
    const dir = tmp();
    const p = plan(fake, dir, [corpusFile(c.shape)], {
      batchSize: c.batch_size,
      runId: `r_${c.shape}_${c.batch_size}`,
      ...(c.openrouter ? { model: { ...resolveModel({ provider: 'openrouter', baseUrl: fake.baseUrl, model: 'fake-chat' }) } } : {}),
    });
    const result = await executeRun(p, { provider: provider(fake) });
    assert.deepEqual(
      fake.requests.map((r) => r.body),
      c.bodies,
      `${c.shape}, batch ${c.batch_size}, ${c.openrouter ? 'openrouter' : 'plain'}`,
    );
    assert.equal(result.records.length, 12);
    // The card records and hashes the prompt that was sent.
    const card = JSON.parse(fs.readFileSync(result.runCardFile as string, 'utf8'));
    assert.equal(card.system_prompt_used, c.system_prompt);
    assert.equal(card.batch_size, c.batch_size);
    assert.equal(card.max_tokens, 32768);
    // Labelled and named as the harness labels and names a run.
    assert.equal(card.condition, 'naive');
    assert.match(card.run_id, new RegExp(`^run_\\d{8}_\\d{6}_fakechat_naive_all${c.batch_size > 1 ? `_b${c.batch_size}` : ''}_[0-9a-f]{6}$`));
    assert.equal(card.ewebench_studio.status, 'complete');
  }
});

test('a batch answer becomes per-entry records: numbered items cleaned, usage and latency divided evenly', async () => {
  const fake = await server({ fallback: numbered });
  const result = await executeRun(plan(fake, tmp(), [corpusFile('envelope')], { batchSize: 5 }), { provider: provider(fake) });
  const records = result.records as EntryRunRecord[];
  assert.deepEqual(
    records.map((r) => r.predicted),
    ['T1', 'T2', 'T3', 'T4', 'T5', 'T1', 'T2', 'T3', 'T4', 'T5', 'T1', 'T2'],
  );
  assert.deepEqual(
    records.slice(0, 5).map((r) => r.usage.prompt_tokens),
    [20, 20, 20, 20, 20],
  );
  assert.deepEqual(
    records.slice(10).map((r) => r.usage.completion_tokens),
    [20, 20],
  );
  assert.ok(records.slice(10).every((r) => Math.abs((r.usage.cost_usd ?? 0) - 0.001) < 1e-12));
  // Every record keeps the request its entry was sent in.
  assert.equal(records[7].request, records[5].request);
});

test('a reply with too few numbered lines: the fallback reads plain lines and pads with [PARSE_ERROR]', async () => {
  const fake = await server({ fallback: { kind: 'answer', text: '1) Ŋdi nyuie.\nAkpe.\n\n' } });
  const result = await executeRun(plan(fake, tmp(), [corpusFile('envelope')], { batchSize: 25 }), { provider: provider(fake) });
  const predicted = (result.records as EntryRunRecord[]).map((r) => r.predicted);
  assert.deepEqual(predicted.slice(0, 3), ['Ŋdi nyuie.', 'Akpe.', PARSE_ERROR]);
  assert.equal(predicted.filter((p) => p === PARSE_ERROR).length, 10);
  assert.equal((result.records as EntryRunRecord[])[0].exact_match, true);
});

test('a 401 on the first batch stops the run: nothing more is sent, the failed entries are recorded', async () => {
  const fake = await server({ fallback: { kind: 'status', status: 401, body: { error: { message: 'bad key' } } } });
  const dir = tmp();
  await assert.rejects(
    executeRun(plan(fake, dir, [corpusFile('envelope')], { batchSize: 5 }), { provider: provider(fake) }),
    /first batch \(5 entries\) failed/,
  );
  assert.equal(fake.requests.length, 1);
});

test('a 500 on a batch is not fatal: every batch is sent and its entries carry the error', async () => {
  const fake = await server({ script: [{ kind: 'status', status: 500 }], fallback: numbered });
  const result = await executeRun(plan(fake, tmp(), [corpusFile('envelope')], { batchSize: 5 }), { provider: provider(fake) });
  assert.equal(fake.requests.length, 3);
  assert.equal(result.errored, 5);
});

test('the cache keeps one answer per entry: a second batched run sends nothing, a single-entry run is a different request', async () => {
  const fake = await server({ fallback: numbered });
  const dir = tmp();
  const cache = new ResponseCache(path.join(dir, 'cache'));
  await executeRun(plan(fake, dir, [corpusFile('curated')], { batchSize: 5, useCache: true, runId: 'c1' }), { provider: provider(fake), cache });
  assert.equal(fake.requests.length, 3);
  const second = await executeRun(plan(fake, dir, [corpusFile('curated')], { batchSize: 5, useCache: true, runId: 'c2' }), { provider: provider(fake), cache });
  assert.equal(fake.requests.length, 3);
  assert.ok(second.records.every((r) => r.cached));
  await executeRun(plan(fake, dir, [{ ...corpusFile('curated'), ids: ['req_0'] }], { batchSize: 1, useCache: true, runId: 'c3' }), {
    provider: provider(fake),
    cache,
  });
  assert.equal(fake.requests.length, 4);
});

test('the multilingual prompt version: one templated user message per entry, whatever the batch size', async () => {
  const fake = await server({ fallback: numbered });
  const result = await executeRun(plan(fake, tmp(), [corpusFile('envelope')], { batchSize: 25, promptVersion: 'multilingual' }), { provider: provider(fake) });
  assert.equal(fake.requests.length, 12);
  assert.deepEqual(fake.requests[0].body, {
    model: 'fake-chat',
    messages: [
      { role: 'user', content: 'Translate the following text to the Ewe language; use the Latin script; reply only with the translation:\n\nGood morning.' },
    ],
    temperature: 0,
    max_tokens: 32768,
  });
  const card = JSON.parse(fs.readFileSync(result.runCardFile as string, 'utf8'));
  assert.equal(
    card.system_prompt_used,
    'Translate the following text to the Ewe language; use the Latin script; reply only with the translation:\n\n{original_sentence}',
  );
  assert.equal(card.batch_size, 1);
});
