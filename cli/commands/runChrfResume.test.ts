import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { main } from '../main';
import { captureIo } from '../../test/helpers/captureIo';
import { fakeServersForThisFile } from '../../test/helpers/fakeServers';
import { ISSUE_30_PROSE, fourHundredWords } from '../../test/helpers/chrfIssue30';
import { referenceSentenceChrf } from '../../core/scoring/chrfReference';

/** Issue #30: a model's answer far longer than its reference used to stop `run` for good, leaving a journal with its header only. */
const server = fakeServersForThisFile();

const corpus = {
  dataset: { id: 'greetings', version: '1', language_pair: 'en>ee', source_language: 'en', target_language: 'ee' },
  entries: [
    { id: 1, source: 'Good morning.', reference: 'Ŋdi nyuie.', segment: 'development' },
    { id: 2, source: 'x', reference: 'x', segment: 'development' },
  ],
};

interface JournalRecord {
  entry_id: number;
  predicted: string;
  reference: string;
  entry_chrf: number;
}

function journal(dir: string): { file: string; lines: string[] } {
  const folder = path.join(dir, 'results', '.journal');
  const [name] = fs.readdirSync(folder);
  const file = path.join(folder, name);
  return { file, lines: fs.readFileSync(file, 'utf8').split('\n').filter(Boolean) };
}

const records = (lines: string[]) => lines.filter((l) => l.startsWith('{"record"')).map((l) => (JSON.parse(l) as { record: JournalRecord }).record);

test('a run whose answers are far longer than their references finishes with the plain twin’s chrF++, and a journal left with its header only resumes and finishes', async () => {
  const answers = [ISSUE_30_PROSE, fourHundredWords()];
  const fake = await server({ script: answers.map((text) => ({ kind: 'answer' as const, text })) });
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ewb-chrf-run-'));
  fs.writeFileSync(path.join(dir, 'greetings.json'), JSON.stringify(corpus, null, 2));
  const args = [
    'run',
    'greetings.json',
    '--base-url',
    fake.baseUrl,
    '--model',
    'fake-chat',
    '--no-cache',
    '--concurrency',
    '1',
    '--batch-size',
    '1',
    '--format',
    'json',
  ];

  const first = captureIo(dir);
  assert.equal(await main(args, first), 0, first.err);
  const done = journal(dir);
  assert.equal(records(done.lines).length, 2);
  for (const r of records(done.lines)) {
    assert.ok(r.predicted.length > 1000, 'the long answer is what was scored');
    assert.equal(r.entry_chrf, referenceSentenceChrf(r.predicted, [r.reference]));
  }

  // What the hang used to leave behind: the header, nothing else, no end. A rerun resumes it and finishes.
  fs.writeFileSync(done.file, done.lines[0] + '\n');
  fake.setScript(
    answers.map((text) => ({ kind: 'answer' as const, text })),
    { kind: 'answer', text: 'Ŋdi nyuie.' },
  );
  const rerun = captureIo(dir);
  assert.equal(await main(args, rerun), 0, rerun.err);
  assert.equal(fake.requests.length, 4, 'both entries are sent again: the header-only journal had no result to keep');
  const resumed = journal(dir);
  assert.equal(resumed.file, done.file, 'the same journal is resumed, not a new one');
  assert.equal(records(resumed.lines).length, 2);
  assert.ok(
    resumed.lines.some((l) => l.startsWith('{"end"')),
    'the resumed run is marked finished',
  );
  for (const r of records(resumed.lines)) assert.equal(r.entry_chrf, referenceSentenceChrf(r.predicted, [r.reference]));
});
