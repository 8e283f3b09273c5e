import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { main } from '../main';
import { captureIo } from '../../test/helpers/captureIo';
import { fakeServersForThisFile } from '../../test/helpers/fakeServers';

/** What a run prints says what happened: why nothing ran, why there is no ÈwéScore, and nothing that drives the terminal. */
const server = fakeServersForThisFile();

function tempDir(files: Record<string, unknown>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ewb-report-'));
  for (const [name, content] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    fs.writeFileSync(path.join(dir, name), typeof content === 'string' ? content : JSON.stringify(content, null, 2));
  }
  return dir;
}

const one = [{ id: 'r1', prompt: 'Nenie nye 1 kple 1?', eval_method: 'exact_match', expected: '2' }];
// A C1 CSI (U+009B) and an ESC sequence: either would drive a terminal.
const HOSTILE = '\u009b2J\u001b]0;pwned\u0007';
// eslint-disable-next-line no-control-regex
const noControls = (text: string) => assert.doesNotMatch(text, /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/);

test('run . with nothing runnable says which files were looked at and why none can run', async () => {
  const fake = await server();
  const dir = tempDir({ 'notes.json': { a: 1 }, 'numbers.json': [1, 2], 'tests/empty.json': [] });
  const io = captureIo(dir);
  assert.equal(await main(['run', '.', '--base-url', fake.baseUrl, '--model', 'fake-chat', '--no-cache'], io), 1);
  assert.match(io.err, /^nothing ran: looked at 3 files and found nothing to send:$/m);
  assert.match(io.err, /^ {2}notes\.json is neither an ÈwéBench tests file nor a Rosetta corpus$/m);
  assert.match(io.err, /^ {2}numbers\.json /m);
  assert.match(io.err, /^ {2}tests\/empty\.json /m);
  assert.doesNotMatch(io.out, /ÈwéScore/);
  assert.equal(fake.requests.length, 0);

  const empty = tempDir({ 'readme.txt': 'x' });
  const io2 = captureIo(empty);
  assert.equal(await main(['run', '.', '--base-url', fake.baseUrl, '--model', 'fake-chat'], io2), 1);
  assert.match(io2.err, /^nothing to run: no \*\.json file in \. /m);
});

test('a run where nothing was scored says so instead of printing ÈwéScore 0.0', async () => {
  const fake = await server({ fallback: { kind: 'status', status: 400 } });
  const dir = tempDir({ 'reasoning.json': one });
  const io = captureIo(dir);
  assert.equal(await main(['run', 'reasoning.json', '--base-url', fake.baseUrl, '--model', 'fake-chat', '--no-cache'], io), 1);
  assert.doesNotMatch(io.out, /ÈwéScore: 0\.0/);
  assert.match(io.out, /^no ÈwéScore: nothing was scored \(1 call errored, 0 answers could not be scored\)$/m);
  const json = captureIo(dir);
  await main(['run', 'reasoning.json', '--base-url', fake.baseUrl, '--model', 'fake-chat', '--no-cache', '--format', 'json'], json);
  const out = JSON.parse(json.out) as { ewe_score: number | null; ewe_score_reason: string };
  assert.equal(out.ewe_score, null);
  assert.equal(out.ewe_score_reason, 'nothing-scored');
});

test('a tests file outside the ten categories: its mean score, no ÈwéScore, why, and how to give it a category (text and JSON)', async () => {
  const fake = await server({ fallback: { kind: 'answer', text: '2' } });
  const dir = tempDir({ 'tests.json': one });
  const io = captureIo(dir);
  assert.equal(await main(['run', 'tests.json', '--base-url', fake.baseUrl, '--model', 'fake-chat', '--no-cache'], io), 0, io.err);
  assert.doesNotMatch(io.out, /ÈwéScore: 0\.0/);
  assert.match(
    io.out,
    /^mean score: 100\.0\/100 over 1 scored run · no ÈwéScore: tests is not one of the harness's ten categories; name a tests file after one \(tests\/<category>\.json, e.g\. tests\/reasoning\.json\) to count it$/m,
  );
  const json = captureIo(dir);
  await main(['run', 'tests.json', '--base-url', fake.baseUrl, '--model', 'fake-chat', '--no-cache', '--format', 'json'], json);
  const out = JSON.parse(json.out) as { ewe_score: number | null; ewe_score_reason: string; ewe_score_note: string; mean_score: number; results_file: string };
  assert.equal(out.ewe_score, null);
  assert.equal(out.ewe_score_reason, 'no-harness-category');
  assert.match(out.ewe_score_note, /tests\/<category>\.json/);
  assert.equal(out.mean_score, 100);
  // The results file keeps the harness's shape: its ewe_score stays a number.
  assert.equal(typeof (JSON.parse(fs.readFileSync(path.join(dir, out.results_file), 'utf8')) as { ewe_score: unknown }).ewe_score, 'number');

  // Beside a harness category, the file is named as not counted.
  const both = tempDir({ 'tests.json': one, 'reasoning.json': one });
  const mixed = captureIo(both);
  await main(['run', 'tests.json', 'reasoning.json', '--base-url', fake.baseUrl, '--model', 'fake-chat', '--no-cache'], mixed);
  assert.match(mixed.out, /^ÈwéScore: 100\.0\/100 · fake-chat \(not counted: tests, not one of the harness's ten categories/m);
});

test('text from files, models and servers cannot drive the terminal: ids, dataset ids, skip warnings, verbose server errors, predictions cut to one line', async () => {
  const fake = await server({
    fallback: {
      kind: 'respond',
      fn: (r) =>
        JSON.stringify(r.body).includes('Thank')
          ? { kind: 'answer', text: `Akpe${HOSTILE}.` }
          : { kind: 'status', status: 400, body: { error: { message: `bad ${HOSTILE}` } } },
    },
  });
  const corpus = {
    dataset: { id: `ds${HOSTILE}`, version: '1', language_pair: 'en>ee', source_language: 'en', target_language: 'ee' },
    entries: [
      { id: 1, source: 'Thank you.', reference: 'Akpe.', segment: 'development' },
      { id: `held${HOSTILE}`, source: 'Hi.', reference: 'Woezɔ.', segment: 'held_out' },
    ],
  };
  const dir = tempDir({ 'corpus.json': corpus, 'reasoning.json': [{ ...one[0], id: `r${HOSTILE}` }] });
  const io = captureIo(dir);
  await main(['run', 'corpus.json', 'reasoning.json', '--base-url', fake.baseUrl, '--model', 'fake-chat', '--no-cache', '--verbose'], io);
  noControls(io.out);
  noControls(io.err);
  assert.match(io.out, /\\x9b2J\\x1b\]0;pwned\\x07/, 'escaped, visible');
  const json = captureIo(dir);
  await main(['run', 'corpus.json', '--base-url', fake.baseUrl, '--model', 'fake-chat', '--no-cache', '--format', 'json'], json);
  noControls(json.out);
  assert.equal((JSON.parse(json.out) as { entries: { predicted: string }[] }).entries[0].predicted, `Akpe${HOSTILE}.`, 'JSON keeps the text exactly');

  // A carriage return inside the translation (cleaning keeps it): the table shows the first line only.
  const multiline = await server({ fallback: { kind: 'answer', text: 'Akpe.\rWoezɔ loo' } });
  const dir2 = tempDir({ 'corpus.json': { ...corpus, dataset: { ...corpus.dataset, id: 'ds' }, entries: [corpus.entries[0]] } });
  const text = captureIo(dir2);
  await main(['run', 'corpus.json', '--base-url', multiline.baseUrl, '--model', 'fake-chat', '--no-cache'], text);
  assert.match(text.out, /^1\s+corpus\.json\s+[\d.]+\s+no\s+\S+( ms| s)?\s+Akpe\.…$/m);
});
