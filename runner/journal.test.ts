import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { RunRecord } from '../core/run/types';
import { JournalWriter, findUnfinishedRun, journalFile, readJournal, type JournalHeader } from './journal';

const header = (run_id: string, plan = 'plan-a', started_at = '2026-11-23T10:00:00.000Z'): JournalHeader => ({
  journal: 'ewebench-studio-run',
  version: 1,
  run_id,
  plan,
  model: 'm',
  origin: 'http://127.0.0.1:1',
  started_at,
});
const record = (id: string) =>
  ({
    kind: 'ewebench-test',
    test_id: id,
    category: 'reasoning',
    source_file: 'reasoning.json',
    test_hash: 'h',
    repeat: 0,
    error: null,
    finished_at: '2026-11-23T10:00:30.000Z',
    response: `answer ${id}`,
  }) as unknown as RunRecord;

test('each record is on disk as soon as it is appended; end marks the run finished', () => {
  const out = fs.mkdtempSync(path.join(os.tmpdir(), 'ewb-journal-'));
  const file = journalFile(out, 'r1');
  const writer = JournalWriter.create(file, header('r1'));
  writer.append(record('a'));
  assert.deepEqual(readJournal(file).records, [record('a')]);
  writer.append(record('b'));
  assert.equal(findUnfinishedRun(out, 'plan-a')?.file, file);
  writer.finish({ finished_at: '2026-11-23T10:01:00.000Z', cancelled: false });
  const contents = readJournal(file);
  assert.deepEqual(
    contents.records.map((r) => (r as { test_id: string }).test_id),
    ['a', 'b'],
  );
  assert.equal(contents.header?.run_id, 'r1');
  assert.equal(contents.end?.cancelled, false);
  assert.equal(findUnfinishedRun(out, 'plan-a'), undefined);
});

test('a torn last line is dropped, and resuming cuts it before appending', () => {
  const out = fs.mkdtempSync(path.join(os.tmpdir(), 'ewb-journal-'));
  const file = journalFile(out, 'r2');
  const writer = JournalWriter.create(file, header('r2'));
  writer.append(record('a'));
  writer.close();
  fs.appendFileSync(file, '{"record": {"kind": "ewebench-te');
  const torn = readJournal(file);
  assert.equal(torn.tornTail, true);
  assert.equal(torn.records.length, 1);
  const found = findUnfinishedRun(out, 'plan-a');
  assert.ok(found);
  const resumed = JournalWriter.resume(found.file, found.contents);
  resumed.append(record('b'));
  resumed.close();
  const after = readJournal(file);
  assert.equal(after.tornTail, false);
  assert.deepEqual(
    after.records.map((r) => (r as { test_id: string }).test_id),
    ['a', 'b'],
  );
});

test('a damaged line anywhere (not JSON, a null record, a record without its fields) is skipped by line number and every other result kept', () => {
  const out = fs.mkdtempSync(path.join(os.tmpdir(), 'ewb-journal-'));
  const file = journalFile(out, 'x');
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const lines = [
    { header: header('x') },
    '{oops',
    { record: record('a') },
    { record: null },
    { record: { kind: 'ewebench-test' } },
    7,
    { record: record('b') },
    { record: null },
  ];
  fs.writeFileSync(file, lines.map((l) => (typeof l === 'string' ? l : JSON.stringify(l))).join('\n') + '\n');
  const contents = readJournal(file);
  assert.deepEqual(
    contents.records.map((r) => (r as { test_id: string }).test_id),
    ['a', 'b'],
  );
  assert.deepEqual(
    contents.damaged.map((d) => [d.line, d.reason]),
    [
      [2, 'not JSON'],
      [4, 'a record that is not an object'],
      [5, 'a record without the fields of a test or entry result'],
      [6, 'not a JSON object'],
      [8, 'a record that is not an object'],
    ],
  );
  assert.equal(contents.tornTail, false);
  assert.equal(findUnfinishedRun(out, 'plan-a')?.contents.records.length, 2, 'the journal is still resumed');
});

test('the newest unfinished run with the same plan is the one to resume', () => {
  const out = fs.mkdtempSync(path.join(os.tmpdir(), 'ewb-journal-'));
  JournalWriter.create(journalFile(out, 'old'), header('old', 'plan-a', '2026-11-23T09:00:00.000Z')).close();
  JournalWriter.create(journalFile(out, 'new'), header('new', 'plan-a', '2026-11-23T09:30:00.000Z')).close();
  JournalWriter.create(journalFile(out, 'other'), header('other', 'plan-b', '2026-11-23T09:45:00.000Z')).close();
  assert.equal(findUnfinishedRun(out, 'plan-a')?.contents.header?.run_id, 'new');
  assert.equal(findUnfinishedRun(out, 'plan-c'), undefined);
});
