import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  CodeActionRequest,
  CompletionRequest,
  DidChangeWatchedFilesNotification,
  DocumentSymbolRequest,
  HoverRequest,
} from 'vscode-languageserver-protocol/node';
import { TestLspClient } from '../helpers/lspClient';

/**
 * Every handler runs behind one guard: a request whose handler throws is answered with the neutral answer for
 * that request (null, an empty list), not an error, the exception is logged once, and the server keeps serving.
 * The throws come from a hostile client, not a test hook: parameters the protocol says are always there, missing.
 */
let client: TestLspClient;
let workspace: string;
let uri: string;
const TEXT = JSON.stringify([{ id: 'g_01', prompt: 'Woezɔ', eval_method: 'ewe_quality' }], null, 2);

before(async () => {
  workspace = fs.mkdtempSync(path.join(os.tmpdir(), 'ewb-guards-'));
  uri = pathToFileURL(path.join(workspace, 'tests.json')).toString();
  client = new TestLspClient();
  await client.initialize({ rootUri: pathToFileURL(workspace).toString(), locale: 'en' });
  client.open(uri, TEXT);
  await client.waitForVersion(uri, 1);
});

after(async () => {
  await client.shutdown();
  fs.rmSync(workspace, { recursive: true, force: true });
});

/** Sends a request by method name with whatever params, as a broken client would. */
const send = (method: string, params: unknown) => client.connection.sendRequest(method, params);
const position = { line: 2, character: 6 };

for (const [name, method, params, neutral] of [
  ['hover without a text document', HoverRequest.method, { position }, null],
  ['completion without a text document', CompletionRequest.method, { position }, []],
  ['document symbols without a text document', DocumentSymbolRequest.method, {}, []],
  [
    'code actions on an open document without a context',
    CodeActionRequest.method,
    { textDocument: { uri: 'URI' }, range: { start: position, end: position } },
    [],
  ],
  ['the file info request without params', 'ewebench/fileInfo', null, null],
  ['the coverage request without params', 'ewebench/coverage', null, null],
] as const) {
  test(`${name}: the handler's throw is answered with ${JSON.stringify(neutral)} and logged once`, async () => {
    const errorsBefore = client.errors.length;
    const withUri = JSON.parse(JSON.stringify(params).replace('"URI"', JSON.stringify(uri))) as unknown;
    assert.deepEqual(await send(method, withUri), neutral);
    assert.equal(client.errors.length, errorsBefore + 1, client.errors.slice(errorsBefore).join('\n'));
    assert.match(client.errors[client.errors.length - 1], /^ewebench: TypeError/);
    // The same server answers the next well-formed request.
    const hover = await client.connection.sendRequest(HoverRequest.type, { textDocument: { uri }, position });
    assert.ok(hover && JSON.stringify(hover.contents).includes('id'));
    assert.equal(client.exitCode, null);
  });
}

test('a watcher notification without its changes is logged, and edits are still validated', async () => {
  const errorsBefore = client.errors.length;
  await client.connection.sendNotification(DidChangeWatchedFilesNotification.method, {});
  const version = client.replace(uri, TEXT.replace(']', ', {"id": "g_01", "prompt": "x", "eval_method": "ewe_quality"}]'));
  const { diagnostics } = await client.waitForVersion(uri, version);
  assert.ok(diagnostics.some((d) => d.code === 'duplicate-id'));
  assert.equal(client.errors.length, errorsBefore + 1);
  assert.equal(client.exitCode, null);
});
