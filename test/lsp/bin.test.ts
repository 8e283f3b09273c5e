import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import { TestLspClient } from '../helpers/lspClient';
import { fromRepo } from '../helpers/paths';
import { SERVER_NODE_FLAGS } from '../../server/nodeFlags';

const TESTS = '[{"id": "a", "prompt": "Gblɔ nya.", "eval_method": "ewe_quality"}, {"id": "a", "prompt": "Gblɔ nya bubu.", "eval_method": "ewe_quality"}]';

/** The processes a process started, where Linux says (empty elsewhere). */
function childrenOf(pid: number): number[] {
  try {
    return fs.readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
  } catch {
    return [];
  }
}

test("the ewebench-language-server command, started with a plain node and no argument as editors do, serves LSP on stdio with the server's node flags", async () => {
  const client = new TestLspClient(fromRepo('bin', 'ewebench-language-server.js'), [], []);
  let server: number | undefined;
  try {
    await client.initialize({ rootUri: null });
    const uri = 'file:///bin-test/tests.json';
    client.open(uri, TESTS);
    const published = await client.waitForVersion(uri, 1);
    assert.deepEqual(
      published.diagnostics.map((d) => d.code).filter((c) => c === 'duplicate-id'),
      ['duplicate-id', 'duplicate-id'],
    );
    server = childrenOf(client.pid!)[0];
    if (server !== undefined) {
      const argv = fs.readFileSync(`/proc/${server}/cmdline`, 'utf8').split('\0');
      for (const flag of SERVER_NODE_FLAGS) assert.ok(argv.includes(flag), `${flag} in ${argv.join(' ')}`);
    }
  } finally {
    await client.shutdown();
  }
  // Both processes end: the server on the exit notification (or the signal passed on), the command with it.
  for (let i = 0; i < 100 && client.exitCode === null; i++) await new Promise((resolve) => setTimeout(resolve, 50));
  assert.notEqual(client.exitCode, null);
  if (server !== undefined) assert.throws(() => process.kill(server, 0), 'the server process is gone');
});
