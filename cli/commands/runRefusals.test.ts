import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { main } from '../main';
import { captureIo } from '../../test/helpers/captureIo';
import { fakeServersForThisFile } from '../../test/helpers/fakeServers';

/** Plans that would lose or misreport work are refused before a single request is sent. */
const server = fakeServersForThisFile();

function tempDir(files: Record<string, string>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ewb-refuse-'));
  for (const [name, content] of Object.entries(files)) fs.writeFileSync(path.join(dir, name), content);
  return dir;
}

const test5 = (ids: string[]) =>
  '[\n' + ids.map((id, i) => `  {"id": "${id}", "prompt": "Nenie nye ${i}?", "eval_method": "exact_match", "expected": "${i}"}`).join(',\n') + '\n]\n';

test('two tests with the same id: refused before anything is sent, naming the file and line of each copy', async () => {
  const fake = await server();
  const dir = tempDir({ 'reasoning.json': test5(['a', 'b', 'a', 'c', 'b']) });
  const io = captureIo(dir);
  const code = await main(['run', 'reasoning.json', '--base-url', fake.baseUrl, '--model', 'fake-chat', '--no-cache'], io);
  assert.equal(code, 2);
  assert.equal(fake.requests.length, 0);
  assert.match(io.err, /2 tests share the id "a" at reasoning\.json:2, reasoning\.json:4/);
  assert.match(io.err, /2 tests share the id "b" at reasoning\.json:3, reasoning\.json:6/);
  assert.equal(fs.existsSync(path.join(dir, 'results')), false, 'no journal, no results file');
});

test('distinct ids: the number of tests reported equals the number run', async () => {
  const fake = await server();
  const dir = tempDir({ 'reasoning.json': test5(['a', 'b', 'c', 'd', 'e']) });
  const io = captureIo(dir);
  await main(['run', 'reasoning.json', '--base-url', fake.baseUrl, '--model', 'fake-chat', '--no-cache', '--format', 'json'], io);
  assert.equal(fake.requests.length, 5);
  assert.equal((JSON.parse(io.out) as { tests: unknown[] }).tests.length, 5);
});

test('a lone surrogate in a test or a corpus entry: refused before sending, naming file, line and field', async () => {
  const fake = await server();
  const tests =
    '[\n  {"id": "ok", "prompt": "Ŋdi", "eval_method": "exact_match", "expected": "a"},\n  {"id": "bad",\n   "messages": [{"role": "user", "content": "x\\ud800y"}], "eval_method": "exact_match", "expected": "a"}\n]\n';
  const corpus = JSON.stringify(
    {
      dataset: { id: 'c', version: '1', language_pair: 'en>ee', source_language: 'en', target_language: 'ee' },
      entries: [{ id: 1, source: 'Hi \udc00', reference: 'x', segment: 'development' }],
    },
    null,
    2,
  );
  const dir = tempDir({ 'reasoning.json': tests, 'corpus.json': corpus });
  const io = captureIo(dir);
  const code = await main(['run', 'reasoning.json', 'corpus.json', '--base-url', fake.baseUrl, '--model', 'fake-chat', '--no-cache'], io);
  assert.equal(code, 2);
  assert.equal(fake.requests.length, 0);
  assert.match(io.err, /reasoning\.json:4: test bad, field messages\[0\]\.content: text with a lone UTF-16 surrogate/);
  assert.match(io.err, /corpus\.json:\d+: entry 1, field source: text with a lone UTF-16 surrogate/);
});

test('secret segments are recognised however they are written: Held_Out, held-out, "held_out ", GOLD STANDARD are not sent without consent', async () => {
  const fake = await server({ fallback: { kind: 'answer', text: 'Akpe.' } });
  const segments = ['Held_Out', 'held-out', 'held_out ', 'GOLD STANDARD', ' gold-Standard', 'development'];
  const corpus = {
    dataset: { id: 'c', version: '1', language_pair: 'en>ee', source_language: 'en', target_language: 'ee' },
    entries: segments.map((segment, i) => ({ id: i + 1, source: 'Thank you.', reference: 'Akpe.', segment })),
  };
  const dir = tempDir({ 'corpus.json': JSON.stringify(corpus, null, 2) });
  const io = captureIo(dir);
  await main(['run', 'corpus.json', '--base-url', fake.baseUrl, '--model', 'fake-chat', '--no-cache', '--format', 'json'], io);
  const out = JSON.parse(io.out) as { entries: { id: number }[]; skipped: { id: string; kind: string }[] };
  assert.deepEqual(
    out.entries.map((e) => e.id),
    [6],
  );
  assert.deepEqual(
    out.skipped.map((s) => [s.id, s.kind]),
    ['1', '2', '3', '4', '5'].map((id) => [id, 'secret-segment']),
  );
  assert.equal(fake.requests.length, 1);
});

test('look-alike secret segments (zero-width space, no underscore, full-width letters, empty, misspelt) are never sent without consent: no request holds their text', async () => {
  const fake = await server({ fallback: { kind: 'answer', text: 'Akpe.' } });
  const lookAlikes = ['gold_standard\u200b', 'goldstandard', '\uff47\uff4f\uff4c\uff44_standard', '', 'Development', 'held_out\u00a0'];
  const secretText = (i: number) => `Secret sentence number ${i} of the gold standard.`;
  const corpus = {
    dataset: { id: 'c', version: '1', language_pair: 'en>ee', source_language: 'en', target_language: 'ee' },
    entries: [
      ...lookAlikes.map((segment, i) => ({ id: i + 1, source: secretText(i), reference: 'Akpe.', segment })),
      { id: 100, source: 'Open sentence.', reference: 'Akpe.', segment: 'development' },
    ],
  };
  // A curated corpus whose one segment, set at the top, is a look-alike.
  const curated = { segment: 'ｇｏｌｄ_standard', language_pair: 'en>ee', entries: [{ id: 'k1', source: secretText(99), reference: 'Akpe.' }] };
  const dir = tempDir({ 'corpus.json': JSON.stringify(corpus, null, 2), 'curated.json': JSON.stringify(curated, null, 2) });
  const io = captureIo(dir);
  await main(['run', 'corpus.json', 'curated.json', '--base-url', fake.baseUrl, '--model', 'fake-chat', '--no-cache', '--format', 'json'], io);
  const out = JSON.parse(io.out) as { entries: { id: number }[]; skipped: { id: string; kind: string }[] };
  assert.deepEqual(
    out.skipped.map((s) => [s.id, s.kind]),
    [...lookAlikes.map((_, i) => [String(i + 1), 'secret-segment']), ['k1', 'secret-segment']],
  );
  assert.ok(fake.requests.length >= 1, 'the open entry was sent');
  const bodies = fake.requests.map((r) => JSON.stringify(r.body)).join('\n');
  assert.match(bodies, /Open sentence\./);
  for (const i of [...lookAlikes.keys(), 99]) assert.doesNotMatch(bodies, new RegExp(secretText(i)), `entry ${i} was sent`);
});
