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

/** A copy of the example suite and its items in a fresh folder (the run writes its responses beside the suite). */
function suiteCopy(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ewb-suite-'));
  fs.cpSync(fromRepo('test-fixtures', 'suite', 'items'), path.join(dir, 'items'), { recursive: true });
  fs.copyFileSync(fromRepo('test-fixtures', 'suite', 'ewe.suite.json'), path.join(dir, 'ewe.suite.json'));
  return dir;
}

/** A local test model: right on every multiple-choice question (always "#### A" … for the first), the rest echoed. */
function answer(request: RecordedRequest): Step {
  const content = (request.body as { messages: { content: string }[] }).messages[0].content;
  if (content.startsWith('Solve the following multiple choice question')) return { kind: 'answer', text: 'Reasoning… #### A' };
  if (content.startsWith('Solve the following math problem')) return { kind: 'answer', text: '#### 8' };
  if (content.startsWith('Classify')) return { kind: 'answer', text: 'sports' };
  return { kind: 'answer', text: content.slice(content.lastIndexOf('\n') + 1) };
}

test('suite run sends every item once per run through the runner, writes the responses with SEA-HELM scores, and a second run comes from the cache', async () => {
  const fake = await server({ fallback: { kind: 'respond', fn: answer } });
  const dir = suiteCopy();
  const cacheDir = path.join(dir, 'cache');
  const args = [
    'suite',
    'run',
    'ewe.suite.json',
    '--base-url',
    fake.baseUrl,
    '--model',
    'local-test',
    '--repeat',
    '2',
    '--cache-dir',
    cacheDir,
    '--format',
    'json',
    '--concurrency',
    '1',
  ];
  const io = captureIo(dir);
  assert.equal(await main(args, io), 0, io.err);
  // 21 items × 2 runs; two items ask the same thing ("Ŋdi na wò!" into English in flores and in phrases), so
  // each run's second asking is the first's answer from the cache.
  assert.equal(fake.requests.length, 38);
  const first = (fake.requests[0].body as { messages: { role: string; content: string }[]; model: string }).messages;
  assert.deepEqual(
    first.map((m) => m.role),
    ['user'],
  );
  assert.match(first[0].content, /^Solve the following multiple choice question\. .*\n\n---\n\nDukɔ ka ƒe fiadu nye Lomé\?\n\nA\. Togo\nB\. Ghana/s);
  const file = path.join(dir, 'ewe.local-test.responses.json');
  const saved = JSON.parse(fs.readFileSync(file, 'utf8')) as {
    runs: number;
    tasks: Record<string, Record<string, string[]>>;
    scores: { tasks: { id: string; perRun: number[] }[] };
  };
  assert.equal(saved.runs, 2);
  assert.deepEqual(saved.tasks.mmlu['2'], ['Reasoning… #### A', 'Reasoning… #### A']);
  // Two of three answers are A: (2/3 − 1/4) / (3/4) × 100 in both runs.
  const mmlu = saved.scores.tasks.find((t) => t.id === 'mmlu')!;
  for (const r of mmlu.perRun) assert.ok(Math.abs(r - ((2 / 3 - 0.25) / 0.75) * 100) < 1e-9);
  assert.match(io.err, /ewe\.local-test\.responses\.json: written \(38 calls, 4 from the cache, 0 failed\)/);

  // Again: every run of every item is in the cache, nothing is sent, the same scores come out.
  const again = captureIo(dir);
  assert.equal(await main(args, again), 0, again.err);
  assert.equal(fake.requests.length, 38);
  assert.match(again.err, /\(0 calls, 42 from the cache, 0 failed\)/);
  assert.deepEqual(JSON.parse(again.out).scores, JSON.parse(io.out).scores);

  // suite score on the saved responses gives the scores the run printed.
  const rescored = captureIo(dir);
  assert.equal(await main(['suite', 'score', 'ewe.suite.json', file, '--format', 'json'], rescored), 0, rescored.err);
  assert.deepEqual(JSON.parse(rescored.out).scores, JSON.parse(io.out).scores);
});

test('suite run repeats 8 times by default, and a failed call is a null response, reported and counted wrong', async () => {
  const fake = await server({
    script: [{ kind: 'status', status: 400, body: { error: { message: 'bad request' } } }],
    fallback: { kind: 'respond', fn: answer },
  });
  const dir = suiteCopy();
  const io = captureIo(dir);
  const code = await main(
    ['suite', 'run', 'ewe.suite.json', '--base-url', fake.baseUrl, '--model', 'local-test', '--no-cache', '--concurrency', '1', '--retries', '0'],
    io,
  );
  assert.equal(code, 1);
  assert.equal(fake.requests.length, 21 * 8);
  assert.match(io.err, /^mmlu item 1 run 1: /m);
  const saved = JSON.parse(fs.readFileSync(path.join(dir, 'ewe.local-test.responses.json'), 'utf8')) as {
    runs: number;
    tasks: Record<string, Record<string, (string | null)[]>>;
  };
  assert.equal(saved.runs, 8);
  assert.equal(saved.tasks.mmlu['1'][0], null);
  assert.match(io.out, /^mmlu\s+NLU\s+ewe\s/m);
});

test('suite run refuses a suite whose items do not read before sending anything', async () => {
  const fake = await server();
  const io = captureIo(fromRepo('test-fixtures', 'suite'));
  assert.equal(await main(['suite', 'run', 'bad.suite.json', '--base-url', fake.baseUrl, '--model', 'local-test', '--no-cache'], io), 1);
  assert.equal(fake.requests.length, 0);
});

test('suite run --shard K/N: three shards run every item once and their responses merge to the unsharded scores', async () => {
  const fake = await server({ fallback: { kind: 'respond', fn: answer } });
  const dir = suiteCopy();
  const common = ['--base-url', fake.baseUrl, '--model', 'local-test', '--repeat', '2', '--no-cache'];
  const whole = captureIo(dir);
  assert.equal(await main(['suite', 'run', 'ewe.suite.json', ...common, '--format', 'json'], whole), 0, whole.err);
  const sentWhole = fake.requests.length;
  const files: string[] = [];
  for (const k of [1, 2, 3]) {
    const io = captureIo(dir);
    assert.equal(await main(['suite', 'run', 'ewe.suite.json', ...common, '--shard', `${k}/3`], io), 0, io.err);
    files.push(`ewe.local-test.shard-${k}-of-3.responses.json`);
    assert.ok(fs.existsSync(path.join(dir, files[files.length - 1])));
  }
  // Every item of every run once across the shards: as many requests as the unsharded run.
  assert.equal(fake.requests.length - sentWhole, sentWhole);
  const merged = captureIo(dir);
  assert.equal(await main(['suite', 'score', 'ewe.suite.json', ...files, '--format', 'json'], merged), 0, merged.err);
  assert.deepEqual(JSON.parse(merged.out).scores, JSON.parse(whole.out).scores);
  // The same shard twice overlaps: refused.
  const twice = captureIo(dir);
  assert.equal(await main(['suite', 'score', 'ewe.suite.json', files[0], files[0]], twice), 2);
  assert.match(twice.err, /do not merge: item .* is in two files/);
});

test('a cancelled suite run keeps what came back (exit 130), and running it again sends only what is missing', async () => {
  const stop = new AbortController();
  let answered = 0;
  const fake = await server({
    fallback: {
      kind: 'respond',
      fn: (request) => {
        if (answered >= 6) {
          stop.abort();
          return { kind: 'hang' };
        }
        answered++;
        return answer(request);
      },
    },
  });
  const dir = suiteCopy();
  const args = [
    'suite',
    'run',
    'ewe.suite.json',
    '--base-url',
    fake.baseUrl,
    '--model',
    'local-test',
    '--repeat',
    '2',
    '--cache-dir',
    path.join(dir, 'cache'),
    '--concurrency',
    '1',
  ];
  const io = Object.assign(captureIo(dir), { signal: stop.signal });
  assert.equal(await main(args, io), 130, io.err);
  assert.match(io.err, /cancelled; what came back is saved \(7 calls, 0 from the cache/);
  const saved = JSON.parse(fs.readFileSync(path.join(dir, 'ewe.local-test.responses.json'), 'utf8')) as {
    tasks: Record<string, Record<string, (string | null)[]>>;
  };
  const kept = Object.values(saved.tasks)
    .flatMap((items) => Object.values(items).flat())
    .filter((r) => r !== null);
  assert.equal(kept.length, 6);
  await fake.whenIdle();

  const before = fake.requests.length;
  fake.setScript([], { kind: 'respond', fn: answer });
  const again = captureIo(dir);
  assert.equal(await main(args, again), 0, again.err);
  // 42 jobs: 6 answered before the cancel and 4 asked twice (see above) come from the cache.
  assert.equal(fake.requests.length - before, 42 - 6 - 4);
  assert.match(again.err, /written \(32 calls, 10 from the cache, 0 failed\)/);
});
