import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { main } from '../main';
import { captureIo } from '../../test/helpers/captureIo';
import { fakeServersForThisFile } from '../../test/helpers/fakeServers';

// `run` against endpoints that misbehave or are misconfigured: keys stay home, credentials in URLs are written
// nowhere, and limits end what would otherwise hang.

const KEY = 'sk-cli-endpoint-5e0c1a9b';
const server = fakeServersForThisFile();

function tempDir(files: Record<string, unknown>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ewb-endpoint-'));
  for (const [name, content] of Object.entries(files)) fs.writeFileSync(path.join(dir, name), JSON.stringify(content, null, 2));
  return dir;
}

function io(dir: string, env: NodeJS.ProcessEnv = {}) {
  return Object.assign(captureIo(dir), { env, stderrIsTTY: false });
}

function filesUnder(dir: string): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile())
    .map((e) => path.join(e.parentPath, e.name));
}

const tests = (n: number) =>
  Array.from({ length: n }, (_, i) => ({ id: `r${i + 1}`, prompt: `Nenie nye ${i} kple ${i}?`, eval_method: 'exact_match', expected: String(2 * i) }));
const corpus = {
  dataset_id: 'ewe-endpoint-test',
  language: { iso_639_3: 'ewe', name: 'Ewe' },
  entries: [{ id: 1, source_text: 'Good morning.', target_text: 'Ŋdi na wò.', segment: 'development' }],
};

test("a preset's key is not sent to another origin unless its variable is named with --api-key-env", async () => {
  const fake = await server({ fallback: { kind: 'answer', text: '0' } });
  const dir = tempDir({ 'reasoning.json': tests(1) });
  const refused = io(dir, { DEEPSEEK_API_KEY: KEY });
  assert.equal(await main(['run', 'reasoning.json', '--preset', 'deepseek', '--base-url', fake.baseUrl, '--model', 'deepseek-chat', '--no-cache'], refused), 2);
  assert.match(
    refused.err,
    new RegExp(
      `DEEPSEEK_API_KEY is only sent to https://api\\.deepseek\\.com, not to ${fake.origin.replace(/\./g, '\\.')}: name the variable holding the key for .* with --api-key-env`,
    ),
  );
  assert.equal(fake.requests.length, 0);
  const named = io(dir, { DEEPSEEK_API_KEY: KEY });
  assert.equal(
    await main(
      [
        'run',
        'reasoning.json',
        '--preset',
        'deepseek',
        '--base-url',
        fake.baseUrl,
        '--model',
        'deepseek-chat',
        '--api-key-env',
        'DEEPSEEK_API_KEY',
        '--no-cache',
      ],
      named,
    ),
    0,
    named.err,
  );
  assert.equal(fake.requests[0].headers.authorization, `Bearer ${KEY}`);
});

test('plain http to a host other than this machine is refused before any request (exit 2)', async () => {
  const dir = tempDir({ 'reasoning.json': tests(1) });
  const cio = io(dir);
  assert.equal(await main(['run', 'reasoning.json', '--base-url', 'http://gpu-box.ewebench-test.invalid:8000/v1', '--model', 'm', '--no-cache'], cio), 2);
  assert.match(cio.err, /refused to send requests in clear to http:\/\/gpu-box\.ewebench-test\.invalid:8000: .*--allow-insecure-http/);
  assert.ok(!fs.existsSync(path.join(dir, 'results')), 'nothing was run');
});

test('a base URL with a query: requests keep it after /chat/completions; no file, log or message holds its value', async () => {
  const secret = 'qk-1f2e3d4c5b6a';
  const fake = await server({
    fallback: {
      kind: 'respond',
      fn: (r) =>
        JSON.stringify(r.body).includes('Good morning')
          ? { kind: 'answer', text: 'Ŋdi na wò.' }
          : { kind: 'status', status: 500, body: { error: { message: `no such key ${secret}` } } },
    },
  });
  const dir = tempDir({ 'reasoning.json': tests(1), 'corpus.json': corpus });
  const cio = io(dir);
  const baseUrl = `${fake.baseUrl}?key=${secret}`;
  const code = await main(
    ['run', 'reasoning.json', 'corpus.json', '--base-url', baseUrl, '--model', 'fake-chat', '--cache-dir', 'cache', '--verbose', '--format', 'json'],
    cio,
  );
  assert.equal(code, 1, 'the test errored');
  assert.ok(
    fake.requests.every((r) => r.path === `/v1/chat/completions?key=${secret}`),
    fake.requests.map((r) => r.path).join(' '),
  );
  const written = filesUnder(dir).filter((f) => !f.endsWith('.json') || !['reasoning.json', 'corpus.json'].includes(path.basename(f)));
  assert.ok(
    written.some((f) => f.includes('.journal')) &&
      written.some((f) => path.basename(f).startsWith('rosetta_')) &&
      written.some((f) => path.basename(f).startsWith('ewebench_')),
    written.join('\n'),
  );
  for (const file of written) assert.doesNotMatch(fs.readFileSync(file, 'utf8'), new RegExp(secret), file);
  assert.doesNotMatch(cio.out + cio.err, new RegExp(secret));
  const results = JSON.parse(fs.readFileSync(written.find((f) => path.basename(f).startsWith('ewebench_')) as string, 'utf8'));
  assert.equal(results.endpoint, `${fake.baseUrl}/chat/completions?key=***`);
  assert.match(cio.err, /chat\/completions\?key=\*\*\* 500/);
});

test('two base URLs on one host do not share cached answers', async () => {
  const fake = await server({ fallback: { kind: 'respond', fn: (r) => ({ kind: 'answer', text: r.path.startsWith('/a/') ? '0' : '1' }) } });
  const dir = tempDir({ 'reasoning.json': tests(1) });
  const run = async (base: string) => {
    const cio = io(dir);
    await main(['run', 'reasoning.json', '--base-url', `${fake.origin}${base}`, '--model', 'fake-chat', '--cache-dir', 'cache', '--format', 'json'], cio);
    return JSON.parse(cio.out).tests[0];
  };
  assert.equal((await run('/a/v1')).response, '0');
  const second = await run('/b/v1');
  assert.equal(second.cached, false);
  assert.equal(second.response, '1');
  assert.equal((await run('/a/v1')).cached, true);
  assert.deepEqual(
    fake.requests.map((r) => r.path),
    ['/a/v1/chat/completions', '/b/v1/chat/completions'],
  );
});

test('--timeout bounds each whole attempt: a stalled body ends with what it cost (attempts × limit)', async () => {
  const fake = await server({ fallback: { kind: 'stall', partial: '{"choices": [' } });
  const dir = tempDir({ 'reasoning.json': tests(1) });
  const cio = io(dir);
  assert.equal(await main(['run', 'reasoning.json', '--base-url', fake.baseUrl, '--model', 'm', '--timeout', '0.2', '--no-cache'], cio), 1);
  assert.match(cio.out, /ERROR: timed out: 3 attempts of 0\.2 s/);
  assert.equal(fake.requests.length, 3);
});

test('--max-retry-wait and --max-response-mib end hostile answers with errors naming the limit', async () => {
  const fake = await server({
    script: [
      { kind: 'status', status: 429, headers: { 'retry-after': '3600' } },
      { kind: 'huge', bytes: 1024 ** 3 },
    ],
  });
  const dir = tempDir({ 'reasoning.json': tests(1) });
  const slow = io(dir);
  assert.equal(
    await main(['run', 'reasoning.json', '--base-url', fake.baseUrl, '--model', 'm', '--max-retry-wait', '30', '--no-cache', '--format', 'json'], slow),
    1,
  );
  assert.match(
    JSON.parse(slow.out).tests[0].error,
    /^429 from 127\.0\.0\.1:\d+: asked to wait 3600 s \(Retry-After\) before retrying, more than the 30 s limit/,
  );
  const big = io(dir);
  assert.equal(
    await main(['run', 'reasoning.json', '--base-url', fake.baseUrl, '--model', 'm', '--max-response-mib', '2', '--no-cache', '--format', 'json'], big),
    1,
  );
  assert.match(JSON.parse(big.out).tests[0].error, /larger than the 2 MiB limit/);
  for (const [flag, value, message] of [
    ['--max-retry-wait', '-1', /--max-retry-wait "-1": must be a number of seconds from 0 to 3600/],
    ['--max-response-mib', '0', /--max-response-mib "0": must be a number of MiB from 0\.001 to 1024/],
  ] as const) {
    const bad = io(dir);
    assert.equal(await main(['run', 'reasoning.json', '--base-url', fake.baseUrl, '--model', 'm', flag, value], bad), 2);
    assert.match(bad.err, message);
  }
});

test('--concurrency 16 adds no listener per request to the run signal: no MaxListenersExceededWarning', async () => {
  const fake = await server({ latencyMs: 50 });
  const dir = tempDir({ 'reasoning.json': tests(40) });
  const warnings: Error[] = [];
  const onWarning = (w: Error) => warnings.push(w);
  process.on('warning', onWarning);
  try {
    const cio = Object.assign(io(dir), { signal: new AbortController().signal });
    await main(['run', 'reasoning.json', '--base-url', fake.baseUrl, '--model', 'm', '--concurrency', '16', '--no-cache'], cio);
    assert.equal(fake.requests.length, 40);
    await new Promise((r) => setImmediate(r));
  } finally {
    process.off('warning', onWarning);
  }
  assert.deepEqual(
    warnings.filter((w) => w.name === 'MaxListenersExceededWarning').map((w) => w.message),
    [],
  );
});
