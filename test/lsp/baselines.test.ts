import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { PublishDiagnosticsParams } from 'vscode-languageserver-protocol/node';
import { VSCODE_CLIENT } from '../helpers/clientProfiles';
import { TestLspClient } from '../helpers/lspClient';

/** The workspace's own baselines (`ewebench-baselines.json`) reach the editor's weak-test audit, and follow the file. */
const TESTS = JSON.stringify(
  [{ id: 'kw_01', prompt: 'Ŋlɔ nya aɖe tso Lomé ŋu.', eval_method: 'keywords', expected_keywords: ['zɔzɔme', 'Lomé-dua'] }],
  null,
  2,
);
const weakWith = (id: string) => (d: PublishDiagnosticsParams) =>
  d.diagnostics.some((x) => x.code === 'weak-test' && JSON.stringify(x.message).includes(id));

test('a workspace baselines file adds a non-answer the open tests are audited against, and changes to it apply', async () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'ewb-baselines-'));
  const file = path.join(root, 'ewebench-baselines.json');
  fs.writeFileSync(file, JSON.stringify({ baselines: [{ id: 'tour-guide', text: 'Zɔzɔme le Lomé-dua me nyo.' }] }));
  fs.mkdirSync(path.join(root, 'tests'));
  const uri = pathToFileURL(path.join(root, 'tests', 'kw.json')).href;
  const client = new TestLspClient();
  try {
    await client.initialize({ rootUri: pathToFileURL(root).href, capabilities: VSCODE_CLIENT });
    client.open(uri, TESTS);
    const weak = await client.waitForDiagnostics(uri, weakWith('tour-guide'));
    assert.ok(weak.diagnostics.some((d) => d.code === 'weak-test'));

    // The file now says something else: the baseline no longer passes the test.
    fs.writeFileSync(file, JSON.stringify({ baselines: [{ id: 'tour-guide', text: 'Mele afi sia.' }] }));
    // The server registers its watcher after initialized: wait until the client has it.
    for (let i = 0; i < 50 && !client.fileChangedOnDisk(pathToFileURL(file).href); i++) await new Promise((r) => setTimeout(r, 100));
    const after = await client.waitForDiagnostics(uri, (d) => !weakWith('tour-guide')(d));
    assert.equal(after.diagnostics.filter((d) => d.code === 'weak-test').length, 0);
  } finally {
    await client.shutdown();
    fs.rmSync(root, { recursive: true, force: true });
  }
});
