import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { main } from '../main';
import { captureIo } from '../../test/helpers/captureIo';
import { fakeServersForThisFile } from '../../test/helpers/fakeServers';

/** Two runs writing one output folder at once: the second is refused before it sends anything. */
const server = fakeServersForThisFile();

const reasoning = [{ id: 'r1', prompt: 'Nenie nye 1 kple 1?', eval_method: 'exact_match', expected: '2' }];

function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ewb-lock-'));
  fs.writeFileSync(path.join(dir, 'reasoning.json'), JSON.stringify(reasoning));
  return dir;
}

test('a second run into the same output folder is refused, naming the run that holds it; the first finishes and frees the folder', async () => {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  let arrived!: () => void;
  const first = new Promise<void>((resolve) => (arrived = resolve));
  const fake = await server({ fallback: { kind: 'respond', fn: async () => (arrived(), await gate, { kind: 'answer', text: '2' }) } });
  const dir = tempDir();
  const args = ['run', 'reasoning.json', '--base-url', fake.baseUrl, '--model', 'fake-chat', '--no-cache'];
  const io1 = captureIo(dir);
  const running = main(args, io1);
  await first;
  const io2 = captureIo(dir);
  assert.equal(await main(args, io2), 2);
  assert.match(
    io2.err,
    new RegExp(
      `another run \\(pid ${process.pid} on ${os.hostname().replace(/[.]/g, '\\.')}, started \\d{4}-\\d\\d-\\d\\dT[\\d:.]+Z\\) is writing to .*results: wait for it to end, or give this run another output folder`,
    ),
  );
  assert.equal(fake.requests.length, 1, 'the second run sent nothing');
  release();
  assert.equal(await running, 0, io1.err);
  assert.equal(fs.existsSync(path.join(dir, 'results', '.journal', 'run.lock')), false, 'the lock is gone');
  const again = captureIo(dir);
  assert.equal(await main(args, again), 0, again.err);
});

test('a lock left by a process that is gone is taken over', async () => {
  const fake = await server({ fallback: { kind: 'answer', text: '2' } });
  const dir = tempDir();
  const dead = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
  fs.mkdirSync(path.join(dir, 'results', '.journal'), { recursive: true });
  fs.writeFileSync(
    path.join(dir, 'results', '.journal', 'run.lock'),
    JSON.stringify({ pid: Number(dead.stdout), host: os.hostname(), started_at: '2026-11-25T10:00:00.000Z' }),
  );
  const io = captureIo(dir);
  assert.equal(await main(['run', 'reasoning.json', '--base-url', fake.baseUrl, '--model', 'fake-chat', '--no-cache'], io), 0, io.err);
  assert.equal(fake.requests.length, 1);
});
