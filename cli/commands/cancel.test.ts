import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { fakeServersForThisFile } from '../../test/helpers/fakeServers';
import { eventually, finishes, spawnCli } from '../../test/helpers/cliProcess';

const server = fakeServersForThisFile();

const tests = Array.from({ length: 5 }, (_, i) => ({
  id: `r${i + 1}`,
  prompt: `Nenie nye ${i} kple ${i}?`,
  eval_method: 'exact_match',
  expected: String(2 * i),
}));

function journalLines(dir: string): string[] {
  const folder = path.join(dir, 'results', '.journal');
  if (!fs.existsSync(folder)) return [];
  // The journal's lock is written through a temporary file that is renamed away: only the journals are read.
  return fs
    .readdirSync(folder)
    .filter((name) => name.endsWith('.jsonl'))
    .flatMap((name) => fs.readFileSync(path.join(folder, name), 'utf8').split('\n').filter(Boolean));
}

test('the first Ctrl-C ends a run against a server that never answers: exit 130, the journal and the results file keep what finished, the rest is cancelled, not errored', async () => {
  // The first request is answered; every other one hangs until the client lets go.
  const fake = await server({ script: [{ kind: 'answer', text: '0' }], fallback: { kind: 'hang' } });
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ewb-cancel-'));
  fs.writeFileSync(path.join(dir, 'reasoning.json'), JSON.stringify(tests, null, 2));
  const cli = spawnCli(['run', 'reasoning.json', '--base-url', fake.baseUrl, '--model', 'fake-chat', '--no-cache', '--concurrency', '2', '--format', 'json'], {
    cwd: dir,
  });
  // One answer journalled and two requests hanging in flight.
  await eventually(() => journalLines(dir).some((l) => l.startsWith('{"record"')) && fake.inFlight === 2, 'one answer recorded and two requests in flight');
  cli.child.kill('SIGINT');
  const { code } = await finishes(cli.exited, 'the CLI after one Ctrl-C');
  assert.equal(code, 130, cli.stderr);
  assert.match(cli.stderr, /cancelling: results received so far are kept/);
  const out = JSON.parse(cli.stdout) as {
    tests: { id: string; score: number }[];
    errored: number;
    cancelled: boolean;
    cancelled_items: { id: string; in_flight: boolean }[];
    results_file: string;
  };
  assert.equal(out.cancelled, true);
  assert.deepEqual(
    out.tests.map((t) => [t.id, t.score]),
    [['r1', 1]],
  );
  assert.equal(out.errored, 0, 'a cancelled call is not an error');
  assert.deepEqual(
    out.cancelled_items.map((c) => [c.id, c.in_flight]),
    [
      ['r2', true],
      ['r3', true],
      ['r4', false],
      ['r5', false],
    ],
  );
  assert.equal(fake.requests.length, 3, 'nothing is dispatched after the cancel');
  const results = JSON.parse(fs.readFileSync(path.join(dir, out.results_file), 'utf8')) as { categories: Record<string, { details: { test_id: string }[] }> };
  assert.deepEqual(
    results.categories.reasoning.details.map((d) => d.test_id),
    ['r1'],
  );
  const records = journalLines(dir).filter((l) => l.startsWith('{"record"'));
  assert.equal(records.length, 1);
  assert.ok(!journalLines(dir).some((l) => l.startsWith('{"end"')), 'the journal stays open so a rerun resumes');

  // The rerun resumes: only the four cancelled tests are sent.
  fake.setScript([], { kind: 'answer', text: '2' });
  const rerun = spawnCli(['run', 'reasoning.json', '--base-url', fake.baseUrl, '--model', 'fake-chat', '--no-cache', '--format', 'json'], { cwd: dir });
  await finishes(rerun.exited, 'the rerun');
  assert.equal(fake.requests.length, 7);
  assert.equal((JSON.parse(rerun.stdout) as { tests: unknown[] }).tests.length, 5);
});
