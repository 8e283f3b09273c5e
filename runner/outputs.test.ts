import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { resolveModel } from '../core/run/presets';
import { fakeServersForThisFile } from '../test/helpers/fakeServers';
import { executeRun } from './execute';
import { OutputWriteError, writeFileAtomic } from './outputs';
import { openAICompatibleProvider } from './provider';

const server = fakeServersForThisFile();

const tmpFiles = (dir: string): string[] => fs.readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((n) => n.endsWith('.tmp'));

test('a disk that fills up halfway through a write: the temporary file is removed and the error names the file and the cause', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ewb-out-'));
  const file = path.join(dir, 'results', 'ewebench_m_r.json');
  const full = (temp: string, text: string) => {
    fs.writeFileSync(temp, text.slice(0, 10));
    throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
  };
  assert.throws(
    () => writeFileAtomic(file, '{"a": "long enough text"}', { write: full }),
    (e: unknown) => e instanceof OutputWriteError && e.message === `cannot write ${file}: no space left on the device (ENOSPC)`,
  );
  assert.deepEqual(tmpFiles(dir), []);
  assert.equal(fs.existsSync(file), false);
});

test('a results file that cannot be written: no .tmp left, the run says the journal keeps every result, and a rerun writes them without sending again', async () => {
  const fake = await server({ fallback: { kind: 'answer', text: '2' } });
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ewb-out-'));
  const file = path.join(dir, 'reasoning.json');
  const text = JSON.stringify([{ id: 'r1', prompt: 'Nenie nye 1 kple 1?', eval_method: 'exact_match', expected: '2' }]);
  fs.writeFileSync(file, text);
  const outDir = path.join(dir, 'results');
  // A folder where the results file goes: the write is refused (it would be replaced by a file).
  fs.mkdirSync(path.join(outDir, 'ewebench_fake-chat_20261125_120000.json', 'inside'), { recursive: true });
  const plan = {
    files: [{ path: file, displayPath: 'reasoning.json', text }],
    model: resolveModel({ provider: 'custom', baseUrl: fake.baseUrl, model: 'fake-chat' }),
    outDir,
    runId: '20261125_120000',
  };
  const provider = openAICompatibleProvider({ baseUrl: fake.baseUrl, maxRetries: 0 });
  await assert.rejects(
    executeRun(plan, { provider }),
    /^Error: refused to write .*ewebench_fake-chat_20261125_120000\.json: it is a folder or a special file, not a regular file; every result received is kept in .*20261125_120000\.jsonl: make room and run the same command again to write the results$/,
  );
  assert.deepEqual(tmpFiles(outDir), []);
  fs.rmSync(path.join(outDir, 'ewebench_fake-chat_20261125_120000.json'), { recursive: true });
  const again = await executeRun(plan, { provider });
  assert.equal(again.kept, 1);
  assert.equal(fake.requests.length, 1, 'nothing sent again');
  assert.ok(again.resultsFile && fs.existsSync(again.resultsFile));
});

test('a run whose results file would land on its own tests file refuses to write it: the tests file stays byte for byte', async () => {
  const fake = await server({ fallback: { kind: 'answer', text: '2' } });
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ewb-out-'));
  const outDir = path.join(dir, 'results');
  fs.mkdirSync(outDir);
  // The tests file sits where the run writes its results file (a results folder used as the tests folder).
  const file = path.join(outDir, 'ewebench_fake-chat_20261125_120000.json');
  const text = JSON.stringify([{ id: 'r1', prompt: 'Nenie nye 1 kple 1?', eval_method: 'exact_match', expected: '2' }]);
  fs.writeFileSync(file, text);
  const plan = {
    files: [{ path: file, displayPath: 'ewebench_fake-chat_20261125_120000.json', text }],
    model: resolveModel({ provider: 'custom', baseUrl: fake.baseUrl, model: 'fake-chat' }),
    outDir,
    runId: '20261125_120000',
  };
  await assert.rejects(
    executeRun(plan, { provider: openAICompatibleProvider({ baseUrl: fake.baseUrl, maxRetries: 0 }) }),
    /refused to write .*ewebench_fake-chat_20261125_120000\.json: it is the same file as .*ewebench_fake-chat_20261125_120000\.json, an input of this command/,
  );
  assert.equal(fs.readFileSync(file, 'utf8'), text);
  assert.deepEqual(tmpFiles(outDir), []);
});

test('writeFileAtomic reads read-only from the owner-write bit: a 0200 file is written and keeps its mode, a 0044 file is refused', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ewb-out-'));
  const file = path.join(dir, 'f.txt');
  fs.writeFileSync(file, 'old');
  fs.chmodSync(file, 0o200);
  writeFileAtomic(file, 'new');
  assert.equal(fs.statSync(file).mode & 0o777, 0o200);
  fs.chmodSync(file, 0o600);
  assert.equal(fs.readFileSync(file, 'utf8'), 'new');
  fs.chmodSync(file, 0o044);
  assert.throws(
    () => writeFileAtomic(file, 'newer'),
    (e: unknown) => e instanceof OutputWriteError && e.code === 'EWB_READ_ONLY',
  );
  fs.chmodSync(file, 0o600);
  assert.equal(fs.readFileSync(file, 'utf8'), 'new');
});
