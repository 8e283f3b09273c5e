import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  DidOpenTextDocumentNotification,
  HoverRequest,
  InitializedNotification,
  InitializeRequest,
  PublishDiagnosticsNotification,
  type PublishDiagnosticsParams,
} from 'vscode-languageserver-protocol/node';
import { FindJsonFilesRequest, ReadFileRequest } from '../../protocol/ewebench';
import { relativeUri } from '../../server/browserFiles';
import { VSCODE_CLIENT } from '../helpers/clientProfiles';
import { fromRepo } from '../helpers/paths';
import { startWorkerServer } from '../helpers/workerServer';

/*
 * The browser bundle of the language server (dist/browserServer.js, platform `browser`) run as a web worker would
 * run it: a worker whose global scope has only `postMessage`, `onmessage` and `addEventListener`. It
 * has no disk: the workspace here is virtual (`memfs:`), known only to this test, which answers the server's
 * file requests as the browser client does with `workspace.findFiles` / `workspace.fs`.
 */

const tests = (...ids: string[]) =>
  JSON.stringify(
    ids.map((id) => ({ id, prompt: 'Woezɔ', eval_method: 'ewe_quality' })),
    null,
    2,
  );
const ROOT = 'memfs:/bench%20repo';
const FILES = new Map<string, string>([
  [`${ROOT}/tests/translation.json`, tests('tr_01', 'tr_02')],
  // A skipped folder: what a findFiles without its exclude would return, never indexed.
  [`${ROOT}/node_modules/pkg/tests.json`, tests('tr_03')],
  // 201 baselines: one past the limit, reported on the file.
  [`${ROOT}/ewebench-baselines.json`, JSON.stringify({ baselines: Array.from({ length: 201 }, (_, i) => ({ id: `b${i}`, text: `Nyemate ŋu o (${i}).` })) })],
]);

test('the browser bundle serves diagnostics and hovers in a worker, indexing a virtual workspace through the client', async (t) => {
  const { worker, connection } = startWorkerServer(fromRepo('dist', 'browserServer.js'));
  t.after(() => worker.terminate());
  const asked: { find: string[]; read: string[] } = { find: [], read: [] };
  connection.onRequest(FindJsonFilesRequest, ({ folderUri, maxResults }) => {
    asked.find.push(folderUri);
    return [...FILES.keys()].filter((uri) => relativeUri(folderUri, uri) !== undefined).slice(0, maxResults);
  });
  connection.onRequest(ReadFileRequest, ({ uri, maxBytes }) => {
    asked.read.push(uri);
    const text = FILES.get(uri);
    if (text === undefined) return null;
    const size = new TextEncoder().encode(text).length;
    return size > maxBytes ? { size } : { text };
  });
  connection.onRequest('client/registerCapability', () => null);
  const published = new Map<string, PublishDiagnosticsParams[]>();
  const waiters: (() => void)[] = [];
  connection.onNotification(PublishDiagnosticsNotification.type, (params) => {
    published.set(params.uri, [...(published.get(params.uri) ?? []), params]);
    for (const wake of waiters.splice(0)) wake();
  });
  connection.listen();
  const until = async (what: string, ok: () => boolean) => {
    const deadline = Date.now() + 20_000;
    while (!ok()) {
      if (Date.now() > deadline) assert.fail(`timed out waiting for ${what}`);
      await new Promise<void>((resolve) => {
        waiters.push(resolve);
        setTimeout(resolve, 200);
      });
    }
  };

  await connection.sendRequest(InitializeRequest.type, {
    processId: null,
    rootUri: ROOT,
    workspaceFolders: [{ uri: ROOT, name: 'bench repo' }],
    capabilities: VSCODE_CLIENT,
    locale: 'en',
    initializationOptions: { settings: {}, readmeUri: 'memfs:/ext/README.md' },
  });
  await connection.sendNotification(InitializedNotification.type, {});
  const open = `${ROOT}/tests/robustness.json`;
  const text = tests('tr_01', 'tr_03');
  await connection.sendNotification(DidOpenTextDocumentNotification.type, { textDocument: { uri: open, languageId: 'json', version: 1, text } });

  const duplicates = () => (published.get(open) ?? []).at(-1)?.diagnostics.filter((d) => d.code === 'duplicate-id') ?? [];
  await until('the cross-file duplicate', () => duplicates().length > 0);
  assert.deepEqual(
    duplicates().map((d) => d.message),
    ['Duplicate id "tr_01": it is also used in tests/translation.json.'],
    'tr_01 is found in the file read through the client; tr_03 only in a skipped folder',
  );
  assert.deepEqual(asked.find, [ROOT]);
  assert.ok(!asked.read.some((uri) => uri.includes('node_modules')), 'a file in a skipped folder is never read');

  const baselinesUri = `${ROOT}/ewebench-baselines.json`;
  await until('the baselines limit', () => (published.get(baselinesUri) ?? []).some((p) => p.diagnostics.some((d) => d.code === 'baselines-limit')));
  const limit = published.get(baselinesUri)!.at(-1)!.diagnostics[0];
  assert.equal(limit.codeDescription?.href.startsWith('memfs:/ext/README.md#'), true, 'code links point at the README the client names');

  // One walk: each file it reaches is asked of the client once, for the id index and the runs together; the
  // baselines file once more, by the baselines' own reader (its 1 MiB bound, after the folders' settings).
  for (let seen = -1, deadline = Date.now() + 20_000; seen < 3 || asked.read.length !== seen;) {
    if (Date.now() > deadline) assert.fail(`timed out waiting for the reads to settle: ${asked.read.join(', ')}`);
    seen = asked.read.length;
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  const times = (uri: string) => asked.read.filter((u) => u === uri).length;
  assert.deepEqual(
    { translation: times(`${ROOT}/tests/translation.json`), baselines: times(baselinesUri), all: asked.read.length },
    { translation: 1, baselines: 2, all: 3 },
  );

  const hover = await connection.sendRequest(HoverRequest.type, { textDocument: { uri: open }, position: { line: 3, character: 6 } });
  assert.ok(hover && JSON.stringify(hover.contents).length > 0, 'a hover on eval_method');
  connection.dispose();
});

test('a URI below a workspace folder is named by its decoded path; siblings, other schemes and bad escapes are not below it', () => {
  assert.equal(relativeUri('vscode-vfs://github/org/bench/', 'vscode-vfs://github/org/bench/tests/d%C3%A9j%C3%A0.json'), 'tests/déjà.json');
  assert.equal(relativeUri('memfs:/a%20b', 'memfs:/a%20b/x.json'), 'x.json');
  assert.equal(relativeUri('memfs:/a', 'memfs:/ab/x.json'), undefined);
  assert.equal(relativeUri('memfs:/a', 'file:///a/x.json'), undefined);
  assert.equal(relativeUri('memfs:/a', 'memfs:/a/%E0%A4%A.json'), undefined);
});
