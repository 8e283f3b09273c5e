import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { main } from '../main';
import { captureIo } from '../../test/helpers/captureIo';
import { fakeServersForThisFile } from '../../test/helpers/fakeServers';

const KEY = 'sk-cli-7d1e0b9a55c3';
const server = fakeServersForThisFile();

function tempDir(files: Record<string, unknown>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ewb-run-'));
  for (const [name, content] of Object.entries(files))
    fs.writeFileSync(path.join(dir, name), typeof content === 'string' ? content : JSON.stringify(content, null, 2));
  return dir;
}

function io(dir: string, env: NodeJS.ProcessEnv = {}, tty = false) {
  return Object.assign(captureIo(dir), { env, stderrIsTTY: tty });
}

const reasoning = [
  { id: 'r1', prompt: 'Nenie nye 2 kple 2?', eval_method: 'exact_match', expected: '4' },
  { id: 'r2', prompt: 'Nenie nye 3 kple 3?', eval_method: 'exact_match', expected: '6' },
];

test('json output: score fields plus latency, usage and error per test, and the results file', async () => {
  const fake = await server({
    fallback: {
      kind: 'respond',
      fn: (r) => ({ kind: 'answer', text: JSON.stringify(r.body).includes('2 kple 2') ? '4' : '5', usage: { prompt_tokens: 20, completion_tokens: 1 } }),
    },
  });
  const dir = tempDir({ 'reasoning.json': reasoning });
  const cio = io(dir, { EWB_TEST_KEY: KEY });
  const code = await main(
    ['run', 'reasoning.json', '--base-url', fake.baseUrl, '--model', 'fake-chat', '--api-key-env', 'EWB_TEST_KEY', '--cache-dir', 'cache', '--format', 'json'],
    cio,
  );
  assert.equal(code, 0, cio.err);
  const out = JSON.parse(cio.out);
  assert.equal(out.tests.length, 2);
  const [r1, r2] = out.tests;
  assert.equal(r1.id, 'r1');
  assert.equal(r1.category, 'reasoning');
  assert.equal(r1.file, 'reasoning.json');
  assert.equal(r1.method, 'exact_match');
  assert.equal(r1.score, 1);
  assert.equal(r1.passed, true);
  assert.equal(r1.error, null);
  assert.equal(typeof r1.latency_ms, 'number');
  assert.deepEqual(r1.usage, { prompt_tokens: 20, completion_tokens: 1, reasoning_tokens: 0, cached_tokens: 0 });
  assert.equal(r2.score, 0);
  assert.equal(r2.passed, false);
  assert.deepEqual(out.categories, { reasoning: 50 });
  assert.equal(out.ewe_score, 50);
  assert.equal(out.harness_comparable, true);
  assert.match(out.results_file, /^results\/ewebench_fake-chat_\d{8}_\d{6}(_\d+)?\.json$/);
  assert.ok(fs.existsSync(path.join(dir, out.results_file)));
  assert.ok(fake.requests.every((r) => r.headers.authorization === `Bearer ${KEY}`));
  assert.equal(cio.err, '', 'no progress bar when stderr is not a terminal');
});

test('text output: a table with latency and errors; exit 1 when a call errored', async () => {
  const fake = await server({ script: [{ kind: 'answer', text: '4' }], fallback: { kind: 'status', status: 503 } });
  const dir = tempDir({ 'reasoning.json': reasoning });
  const cio = io(dir);
  const code = await main(['run', 'reasoning.json', '--base-url', fake.baseUrl, '--model', 'fake-chat', '--concurrency', '1', '--no-cache'], cio);
  assert.equal(code, 1);
  assert.match(cio.out, /^TEST\s+CATEGORY\s+METHOD\s+SCORE\s+LATENCY\s+RESULT$/m);
  assert.match(cio.out, /^r1\s+reasoning\s+exact_match\s+1\.000\s+\d+ ms\s+pass$/m);
  assert.match(cio.out, /^r2\s+reasoning\s+exact_match\s+-\s+\d+(\.\d)? m?s\s+ERROR: 503 from 127\.0\.0\.1:\d+ \(after 3 attempts\)/m);
  assert.match(cio.out, /^1 of 2 calls errored$/m);
  assert.match(cio.out, /^results: results\/ewebench_fake-chat_/m);
  assert.equal(fake.requests[0].headers.authorization, undefined, 'no key configured: no Authorization header');
});

test('--id runs only the tests named; a progress bar goes to stderr on a terminal', async () => {
  const fake = await server();
  const dir = tempDir({ 'reasoning.json': reasoning });
  const cio = io(dir, {}, true);
  await main(['run', 'reasoning.json', '--id', 'r2', '--base-url', fake.baseUrl, '--model', 'fake-chat', '--no-cache', '--format', 'json'], cio);
  assert.deepEqual(
    JSON.parse(cio.out).tests.map((t: { id: string }) => t.id),
    ['r2'],
  );
  assert.equal(fake.requests.length, 1);
  assert.match(cio.err, /\r\[#+\] 1\/1/);
  const missing = io(dir);
  assert.equal(await main(['run', 'reasoning.json', '--id', 'nope', '--base-url', fake.baseUrl, '--model', 'fake-chat', '--no-cache'], missing), 1);
  assert.match(missing.err, /no test or entry with id nope in the files given/);
});

test('usage errors exit 2 and say what to do', async () => {
  const dir = tempDir({ 'reasoning.json': reasoning });
  const cases: [string[], RegExp][] = [
    [['--preset', 'nope', '--model', 'm'], /unknown preset 'nope' \(known: deepseek, gemini, ollama, openrouter, custom\)/],
    [['--preset', 'deepseek'], /--model is required \(the harness uses deepseek-chat with deepseek\)/],
    [['--model', 'm'], /--preset NAME or --base-url URL is required/],
    [['--preset', 'deepseek', '--model', 'deepseek-chat'], /no API key: set the environment variable DEEPSEEK_API_KEY \(or name another with --api-key-env\)/],
    [['--preset', 'gemini', '--model', 'g', '--api-key', 'sk-x'], /there is no --api-key flag/],
    [['--base-url', 'http://127.0.0.1:9/v1', '--model', 'm', '--api-key-env', 'UNSET_VAR'], /no API key: set the environment variable UNSET_VAR$/m],
    [['--base-url', 'http://127.0.0.1:9/v1', '--model', 'm', '--repeat', '0'], /--repeat "0": must be a whole number from 1 to 100/],
  ];
  for (const [flags, message] of cases) {
    const cio = io(dir);
    assert.equal(await main(['run', 'reasoning.json', ...flags], cio), 2, flags.join(' '));
    assert.match(cio.err, message);
    assert.equal(cio.out, '');
  }
});

test('a corpus: held-out entries are skipped and said so unless --allow-secret-segments; a run card is written', async () => {
  const fake = await server({ fallback: { kind: 'answer', text: 'Ŋdi na wò.' } });
  const corpus = {
    dataset: { id: 'ewe-mini', version: '1.0.0', language_pair: 'en>ee', source_language: 'en', target_language: 'ee' },
    entries: [
      { id: 1, source: 'Good morning.', reference: 'Ŋdi na wò.', segment: 'development', difficulty: 1 },
      { id: 2, source: 'Thank you.', reference: 'Akpe.', segment: 'gold_standard', difficulty: 1 },
    ],
  };
  const dir = tempDir({ 'corpus.json': corpus });
  const cio = io(dir);
  assert.equal(
    await main(['run', 'corpus.json', '--preset', 'ollama', '--base-url', fake.baseUrl, '--model', 'fake-chat', '--no-cache', '--format', 'json'], cio),
    0,
  );
  const out = JSON.parse(cio.out);
  assert.deepEqual(
    out.entries.map((e: { id: number; chrf: number; exact_match: boolean }) => [e.id, e.chrf, e.exact_match]),
    [[1, 100, true]],
  );
  assert.deepEqual(
    out.skipped.map((s: { id: string; kind: string }) => [s.id, s.kind]),
    [['2', 'secret-segment']],
  );
  assert.match(cio.err, /warning: skipped: corpus\.json: entry 2 is in the gold_standard segment and is not sent without consent/);
  assert.match(out.run_card_file, /^results\/rosetta_fake-chat_ewe-mini_\d{8}_\d{6}(_\d+)?\.json$/);
  assert.deepEqual(out.run_cards, [
    { file: out.run_card_file, dataset: 'ewe-mini', chrf_plus_plus: 100, exact_match_rate: 1, composite: 1, tier: 'fluent', total_cost_usd: null },
  ]);
  assert.equal(fake.requests.length, 1);

  const allowed = io(dir);
  assert.equal(await main(['run', 'corpus.json', '--base-url', fake.baseUrl, '--model', 'fake-chat', '--no-cache', '--allow-secret-segments'], allowed), 0);
  // Both entries go in one batch (the harness's batch_size 25); the one answer line fills entry 1, entry 2 is padded.
  assert.equal(fake.requests.length, 2);
  assert.match(allowed.out, /^ENTRY\s+FILE\s+CHRF\+\+\s+EXACT\s+LATENCY\s+RESULT$/m);
  assert.match(allowed.out, /^mean sentence chrF\+\+: [\d.]+ · exact match: 1\/2 · fake-chat$/m);
  // Entry 2's batch line was missing: answered, padded with [PARSE_ERROR], not scored.
  assert.match(allowed.out, /^entries: 1 scored · 1 unscored · 0 errored$/m);
  assert.match(allowed.out, /^run card: results\/rosetta_fake-chat_ewe-mini_/m);
  assert.match(allowed.out, /^ewe-mini: corpus chrF\+\+ [\d.]+ · composite [\d.]+ \(\w+\) · cost not reported$/m);
});
