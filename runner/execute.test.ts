import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { createHash } from 'node:crypto';
import { JsonDocument } from '../core/document/jsonDocument';
import { resolveModel } from '../core/run/presets';
import { validateDocument } from '../core/validate';
import type { EntryRunRecord, RunRecord, TestRunRecord } from '../core/run/types';
import type { FakeOpenAI, RecordedRequest } from '../test/helpers/fakeOpenAI';
import { fakeServersForThisFile } from '../test/helpers/fakeServers';
import { ResponseCache } from './cache';
import { executeRun, type RunDeps, type RunFile, type RunPlan } from './execute';
import { readJournal } from './journal';
import { collectingLogger } from './log';
import { openAICompatibleProvider } from './provider';

const KEY = 'sk-exec-SECRET-4f2a9c1d77e0';
const server = fakeServersForThisFile();

function workspace(files: Record<string, unknown>): { dir: string; files: RunFile[] } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ewb-exec-'));
  const out: RunFile[] = [];
  for (const [name, content] of Object.entries(files)) {
    const text = typeof content === 'string' ? content : JSON.stringify(content, null, 2);
    const full = path.join(dir, name);
    fs.writeFileSync(full, text);
    out.push({ path: full, displayPath: name, text });
  }
  return { dir, files: out };
}

function plan(fake: FakeOpenAI, dir: string, files: RunFile[], extra: Partial<RunPlan> = {}): RunPlan {
  return {
    files,
    model: resolveModel({ provider: 'custom', baseUrl: fake.baseUrl, model: 'fake-chat' }),
    outDir: path.join(dir, 'results'),
    concurrency: 2,
    ...extra,
  };
}

function deps(fake: FakeOpenAI, extra: Partial<RunDeps> = {}): RunDeps & { logger: ReturnType<typeof collectingLogger> } {
  const logger = collectingLogger();
  return { provider: openAICompatibleProvider({ baseUrl: fake.baseUrl, apiKey: KEY, logger, maxRetries: 0 }), ...extra, logger };
}

const bodies = (requests: RecordedRequest[]) => requests.map((r) => r.body);

test('a single test: the harness request, the harness score, the journal and the results file', async () => {
  const fake = await server({ script: [{ kind: 'answer', text: 'Ɖe Aŋlɔ dukɔ me la, wodua Hogbetsotso ƒe ŋkekenyui.' }] });
  const ws = workspace({
    'cultural_knowledge.json': [{ id: 'ck_1', prompt: 'Ŋkekenyui kae?', eval_method: 'keywords', expected_keywords: ['Hogbetsotso', 'Aŋlɔ'] }],
  });
  const seen: RunRecord[] = [];
  const progress: [number, number][] = [];
  const result = await executeRun(
    plan(fake, ws.dir, ws.files, { runId: '20261123_100000' }),
    deps(fake, { onRecord: (r) => seen.push(r), onProgress: (d, t) => progress.push([d, t]) }),
  );
  assert.deepEqual(bodies(fake.requests), [
    {
      model: 'fake-chat',
      messages: [
        { role: 'system', content: 'Tu es Yawo, un assistant IA qui répond en Ewe.' },
        { role: 'user', content: 'Ŋkekenyui kae?' },
      ],
      temperature: 0.3,
      max_tokens: 1024,
    },
  ]);
  assert.equal(result.runId, '20261123_100000');
  assert.equal(result.records.length, 1);
  const record = result.records[0] as TestRunRecord;
  assert.equal(record.test_id, 'ck_1');
  assert.equal(record.category, 'cultural_knowledge');
  assert.equal(record.score, 1);
  assert.equal(record.passed, true);
  assert.equal(record.origin, fake.origin);
  assert.equal(record.run_id, '20261123_100000');
  assert.deepEqual(seen, result.records);
  assert.deepEqual(progress, [
    [0, 1],
    [1, 1],
  ]);
  assert.equal(result.errored, 0);
  assert.equal(result.cancelled, false);
  assert.equal(result.resultsFile, path.join(ws.dir, 'results', 'ewebench_fake-chat_20261123_100000.json'));
  const report = JSON.parse(fs.readFileSync(result.resultsFile!, 'utf8'));
  assert.equal(report.run_id, '20261123_100000');
  assert.equal(report.model, 'fake-chat');
  assert.equal(report.endpoint, `${fake.baseUrl}/chat/completions`);
  assert.equal(report.categories.cultural_knowledge.score, 100);
  assert.equal(report.categories.cultural_knowledge.details[0].test_id, 'ck_1');
  const findings = validateDocument(new JsonDocument(fs.readFileSync(result.resultsFile!, 'utf8')), { locale: 'en' }).findings;
  assert.deepEqual(
    findings.map((f) => `${f.code}: ${f.message}`),
    [],
    'our validator accepts the results file',
  );
  const journal = readJournal(result.journalFile);
  assert.equal(journal.records.length, 1);
  assert.ok(journal.end, 'a complete run closes its journal');
});

test('a test with its own system prompt and temperature, and a multi-turn test, are sent exactly as written', async () => {
  const fake = await server();
  const messages = [
    { role: 'system', content: 'Ðo nya ɖeka ko.' },
    { role: 'user', content: 'Ŋkɔnye Kofi.' },
    { role: 'assistant', content: 'Woezɔ, Kofi.' },
    { role: 'user', content: 'Ŋkɔ ka nye nye ŋkɔ?' },
  ];
  const ws = workspace({
    'instruction_following.json': [{ id: 'if_1', system: 'Ŋlɔ le Eʋegbe me.', prompt: 'Gblɔ "mawuena".', temperature: 0.9, eval_method: 'ewe_quality' }],
    'multi_turn.json': [{ id: 'mt_1', messages, eval_method: 'keywords', expected_keywords: ['Kofi'] }],
  });
  const result = await executeRun(plan(fake, ws.dir, ws.files, { concurrency: 1 }), deps(fake));
  assert.deepEqual(bodies(fake.requests), [
    {
      model: 'fake-chat',
      messages: [
        { role: 'system', content: 'Ŋlɔ le Eʋegbe me.' },
        { role: 'user', content: 'Gblɔ "mawuena".' },
      ],
      temperature: 0.9,
      max_tokens: 1024,
    },
    { model: 'fake-chat', messages, temperature: 0.3, max_tokens: 1024 },
  ]);
  assert.equal(fake.requests[0].headers.authorization, `Bearer ${KEY}`);
  const mt = result.records.find((r) => r.kind === 'ewebench-test' && r.test_id === 'mt_1') as TestRunRecord;
  assert.equal(mt.response, 'echo: Ŋkɔ ka nye nye ŋkɔ?');
});

test('a failed call is an errored record naming the cause, never a silent 0', async () => {
  const fake = await server({ fallback: { kind: 'status', status: 500 } });
  const ws = workspace({ 'reasoning.json': [{ id: 'r1', prompt: 'p', eval_method: 'exact_match', expected: '4' }] });
  const result = await executeRun(plan(fake, ws.dir, ws.files), deps(fake));
  const record = result.records[0] as TestRunRecord;
  assert.equal(result.errored, 1);
  assert.equal(record.score, null);
  assert.equal(record.error_kind, 'http');
  assert.match(record.error!, /^500 from 127\.0\.0\.1:\d+/);
  const report = JSON.parse(fs.readFileSync(result.resultsFile!, 'utf8'));
  assert.match(report.categories.reasoning.details[0].error, /^500 from/);
  assert.equal(readJournal(result.journalFile).end, undefined, 'a run with a failed call stays resumable');
});

test('a rerun after failed calls sends only the failures and keeps the rest', async () => {
  const fake = await server({
    script: [
      { kind: 'answer', text: 'a' },
      { kind: 'status', status: 401 },
    ],
  });
  const ws = workspace({
    'reasoning.json': [
      { id: 'ok', prompt: 'a', eval_method: 'keywords', expected_keywords: ['a'] },
      { id: 'bad', prompt: 'b', eval_method: 'keywords', expected_keywords: ['b'] },
    ],
  });
  const p = plan(fake, ws.dir, ws.files, { concurrency: 1 });
  const first = await executeRun(p, deps(fake));
  assert.equal(first.errored, 1);
  fake.setScript([{ kind: 'answer', text: 'b' }]);
  const second = await executeRun(p, deps(fake));
  assert.equal(second.runId, first.runId);
  assert.equal(second.kept, 1);
  assert.equal(second.errored, 0);
  assert.equal(fake.requests.length, 3);
  assert.deepEqual((fake.requests[2].body as { messages: { content: string }[] }).messages[1].content, 'b');
  assert.deepEqual(
    second.records.map((r) => (r as TestRunRecord).score),
    [1, 1],
  );
  assert.ok(readJournal(second.journalFile).end);
});

test('a test the harness cannot build a request for is reported as skipped, not sent', async () => {
  const fake = await server();
  const ws = workspace({
    'reasoning.json': [
      { id: 'r1', eval_method: 'exact_match', expected: '4' },
      { id: 'r2', prompt: 'p', eval_method: 'exact_match', expected: '4' },
    ],
  });
  const result = await executeRun(plan(fake, ws.dir, ws.files), deps(fake));
  assert.equal(fake.requests.length, 1);
  assert.deepEqual(
    result.skipped.map((s) => [s.id, s.kind]),
    [['r1', 'no-request']],
  );
  assert.match(result.skipped[0].reason, /neither `prompt` nor `messages`/);
});

const corpus = {
  dataset: {
    id: 'ewe-mini',
    version: '1.0.0',
    language_pair: 'en>ee',
    source_language: 'en',
    target_language: 'ee',
    created: '2026-11-01',
    license: 'CC-BY-4.0',
    provenance: ['test'],
  },
  entries: [
    { id: 1, source: 'Good morning.', reference: 'Ŋdi na wò.', segment: 'development', difficulty: 1, provenance: 'test', register: 'informal' },
    { id: 2, source: 'Thank you.', reference: 'Akpe.', segment: 'held_out', difficulty: 1, provenance: 'test', register: 'informal' },
  ],
};

test("a corpus entry: the harness's batch request, chrF++ and exact match, a run card the validator accepts; held-out entries need consent", async () => {
  const fake = await server({
    fallback: { kind: 'respond', fn: (r) => ({ kind: 'answer', text: JSON.stringify(r.body).includes('Good morning') ? '"Ŋdi na wò."\n' : 'Akpe.' }) },
  });
  const ws = workspace({ 'corpus.json': corpus });
  const result = await executeRun(plan(fake, ws.dir, ws.files, { runId: 'corpus1' }), deps(fake));
  assert.deepEqual(bodies(fake.requests), [
    {
      model: 'fake-chat',
      messages: [
        {
          role: 'system',
          content: 'You are a translator. Translate the given English text to Ewe. Output ONLY the translation, nothing else. No explanations, no notes.',
        },
        {
          role: 'user',
          content:
            'Translate each of these 1 phrases to Ewe.\n\n1. Good morning.\n\nReply with EXACTLY 1 numbered lines. Each line: just the number and the translation. No explanations, no extra text.',
        },
      ],
      temperature: 0,
      max_tokens: 32768,
    },
  ]);
  assert.deepEqual(
    result.skipped.map((s) => [s.id, s.kind]),
    [['2', 'secret-segment']],
  );
  assert.match(result.skipped[0].reason, /held_out segment and is not sent without consent/);
  const [record] = result.records as EntryRunRecord[];
  assert.equal(record.predicted, 'Ŋdi na wò.');
  assert.equal(record.exact_match, true);
  assert.equal(record.entry_chrf, 100);
  assert.equal(result.resultsFile, undefined);
  assert.equal(result.runCardFiles.length, 1);
  assert.equal(path.basename(result.runCardFile!), 'rosetta_fake-chat_ewe-mini_corpus1.json');
  const cardText = fs.readFileSync(result.runCardFile!, 'utf8');
  const card = JSON.parse(cardText);
  assert.equal(card.dataset.sha256, createHash('sha256').update(fs.readFileSync(ws.files[0].path)).digest('hex'));
  assert.equal(card.model_slug, 'fake-chat');
  assert.equal(card.results.length, 1);
  const findings = validateDocument(new JsonDocument(cardText), { locale: 'en' }).findings;
  assert.deepEqual(
    findings.map((f) => `${f.code}: ${f.message}`),
    [],
  );

  const allowed = await executeRun(plan(fake, ws.dir, ws.files, { runId: 'corpus2', allowSecretSegments: true }), deps(fake));
  assert.equal(allowed.skipped.length, 0);
  assert.deepEqual(
    allowed.records.map((r) => (r as EntryRunRecord).entry_id),
    [1, 2],
  );
});

test('cancel mid-run: finished results are kept in the journal and the results file, no request is left open, and a rerun resumes', async () => {
  const tests = Array.from({ length: 6 }, (_, i) => ({ id: `t${i}`, prompt: `q${i}`, eval_method: 'keywords', expected_keywords: [`q${i}`] }));
  const ws = workspace({ 'reasoning.json': tests });
  // Two answers, then every request hangs until the client gives up.
  const fake = await server({ script: [{ kind: 'answer' }, { kind: 'answer' }], fallback: { kind: 'hang' } });
  const controller = new AbortController();
  const p = plan(fake, ws.dir, ws.files, { concurrency: 2 });
  const running = executeRun(p, deps(fake, { signal: controller.signal }));
  while (fake.requests.length < 4) await new Promise((r) => setTimeout(r, 5));
  controller.abort();
  const first = await running;
  assert.equal(first.cancelled, true);
  assert.deepEqual(
    first.records.map((r) => (r as TestRunRecord).test_id),
    ['t0', 't1'],
  );
  await fake.whenIdle();
  assert.equal(fake.inFlight, 0, 'every connection closed');
  assert.equal(fake.requests.length, 4, 'nothing new was sent after the cancel');
  const journal = readJournal(first.journalFile);
  assert.equal(journal.records.length, 2);
  assert.equal(journal.end, undefined, 'a cancelled run stays resumable');
  const partial = JSON.parse(fs.readFileSync(first.resultsFile!, 'utf8'));
  assert.equal(partial.categories.reasoning.details.length, 2);
  assert.equal(partial.ewebench_studio.status, 'cancelled');

  fake.setScript([], { kind: 'answer' });
  const before = fake.requests.length;
  const resumeDeps = deps(fake);
  const second = await executeRun(p, resumeDeps);
  assert.equal(second.runId, first.runId);
  assert.equal(second.kept, 2);
  assert.equal(second.cancelled, false);
  const resent = fake.requests
    .slice(before)
    .map((r) => (r.body as { messages: { content: string }[] }).messages[1].content)
    .sort();
  assert.deepEqual(resent, ['q2', 'q3', 'q4', 'q5'], 'only what the journal lacked was sent');
  assert.deepEqual(
    second.records.map((r) => (r as TestRunRecord).test_id),
    ['t0', 't1', 't2', 't3', 't4', 't5'],
  );
  assert.equal(second.resultsFile, first.resultsFile);
  const full = JSON.parse(fs.readFileSync(second.resultsFile!, 'utf8'));
  assert.equal(full.categories.reasoning.details.length, 6);
  assert.equal(full.ewebench_studio.status, 'complete');
  assert.ok(readJournal(second.journalFile).end);
  assert.match(resumeDeps.logger.text(), new RegExp(`resuming run ${first.runId}: 2 results kept from ${first.runId}\\.jsonl, 4 to send`));
});

test('cache: a second run sends nothing; repeats bypass the cache read', async () => {
  const fake = await server();
  const ws = workspace({
    'reasoning.json': [
      { id: 'r1', prompt: 'a', eval_method: 'keywords', expected_keywords: ['a'] },
      { id: 'r2', prompt: 'b', eval_method: 'keywords', expected_keywords: ['b'] },
    ],
  });
  const cache = new ResponseCache(path.join(ws.dir, 'cache'));
  const first = await executeRun(plan(fake, ws.dir, ws.files, { useCache: true, runId: 'c1' }), deps(fake, { cache }));
  assert.equal(fake.requests.length, 2);
  assert.ok(first.records.every((r) => !r.cached));
  const second = await executeRun(plan(fake, ws.dir, ws.files, { useCache: true, runId: 'c2' }), deps(fake, { cache }));
  assert.equal(fake.requests.length, 2, 'every answer came from the cache');
  assert.ok(second.records.every((r) => r.cached));
  assert.deepEqual(
    second.records.map((r) => (r as TestRunRecord).score),
    first.records.map((r) => (r as TestRunRecord).score),
  );
  const repeated = await executeRun(plan(fake, ws.dir, ws.files, { useCache: true, repeat: 3, runId: 'c3' }), deps(fake, { cache }));
  assert.equal(fake.requests.length, 2 + 6);
  assert.deepEqual(
    repeated.records.map((r) => `${(r as TestRunRecord).test_id}#${r.repeat}`),
    ['r1#0', 'r1#1', 'r1#2', 'r2#0', 'r2#1', 'r2#2'],
  );
});

test('the key is in no file written and no log line; a redirect to another origin never carries it', async () => {
  const other = await server();
  const fake = await server({
    script: [
      { kind: 'answer', text: 'ok' },
      { kind: 'status', status: 401, body: { error: { message: `bad key ${KEY}` } } },
      { kind: 'redirect', location: `${other.baseUrl}/chat/completions` },
    ],
  });
  const ws = workspace({
    'reasoning.json': [0, 1, 2].map((i) => ({ id: `k${i}`, prompt: `p${i}`, eval_method: 'keywords', expected_keywords: ['ok'] })),
    'corpus.json': {
      dataset: { id: 'tiny', version: '1', language_pair: 'en>ee', source_language: 'en', target_language: 'ee' },
      entries: [{ id: 1, source: 'Hello', reference: 'Woezɔ', segment: 'development' }],
    },
  });
  const cacheDir = path.join(ws.dir, 'cache');
  const d = deps(fake, { cache: new ResponseCache(cacheDir) });
  const p = plan(fake, ws.dir, ws.files, { concurrency: 1, useCache: true });
  const result = await executeRun(p, d);
  assert.deepEqual(
    result.records.map((r) => r.error_kind ?? 'ok'),
    ['ok', 'http', 'refused', 'ok'],
  );
  assert.equal(other.requests.length, 0, 'the other origin saw nothing');
  const written: string[] = [];
  const walk = (dir: string) => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, e.name);
      if (e.isDirectory()) walk(full);
      else if (!ws.files.some((f) => f.path === full)) written.push(full);
    }
  };
  walk(ws.dir);
  assert.ok(
    written.some((f) => f.endsWith('.jsonl')) &&
      written.some((f) => f.includes(`${path.sep}cache${path.sep}`)) &&
      written.some((f) => f.includes('ewebench_')) &&
      written.some((f) => f.includes('rosetta_')),
  );
  for (const file of written) assert.ok(!fs.readFileSync(file, 'utf8').includes(KEY), `${file} holds the key`);
  assert.ok(!d.logger.text().includes(KEY));
  assert.match((result.records[1] as TestRunRecord).error!, /bad key \*\*\*/);
});

test('a fatal error mid-run (here in the caller callback) still leaves every result received in the journal and the results file', async () => {
  const fake = await server();
  const ws = workspace({
    'reasoning.json': [0, 1, 2, 3].map((i) => ({ id: `f${i}`, prompt: `p${i}`, eval_method: 'keywords', expected_keywords: [`p${i}`] })),
  });
  let seen = 0;
  const p = plan(fake, ws.dir, ws.files, { concurrency: 1, runId: 'fatal1' });
  await assert.rejects(
    executeRun(
      p,
      deps(fake, {
        onRecord: () => {
          if (++seen === 2) throw new Error('editor went away');
        },
      }),
    ),
    /editor went away/,
  );
  assert.equal(fake.requests.length, 2, 'nothing more was sent after the failure');
  const journal = readJournal(path.join(ws.dir, 'results', '.journal', 'fatal1.jsonl'));
  assert.equal(journal.records.length, 2);
  assert.equal(journal.end, undefined);
  const report = JSON.parse(fs.readFileSync(path.join(ws.dir, 'results', 'ewebench_fake-chat_fatal1.json'), 'utf8'));
  assert.equal(report.categories.reasoning.details.length, 2);
  assert.equal(report.ewebench_studio.status, 'failed');
});
