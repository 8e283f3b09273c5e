import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { CompletionRequest, DocumentSymbolRequest, HoverRequest } from 'vscode-languageserver-protocol/node';
import { TestLspClient } from '../helpers/lspClient';

/** Hostile workspaces, files and URIs, through a real LSP client: the server answers and never exits. */
let client: TestLspClient;
let workspace: string;
let elsewhere: string;
const uriOf = (name: string) => pathToFileURL(path.join(workspace, name)).toString();
const test1 = (id: string) => JSON.stringify([{ id, prompt: 'Woezɔ', eval_method: 'ewe_quality' }], null, 2);

before(async () => {
  workspace = fs.mkdtempSync(path.join(os.tmpdir(), 'ewb-robust-'));
  elsewhere = fs.mkdtempSync(path.join(os.tmpdir(), 'ewb-elsewhere-'));
  fs.mkdirSync(path.join(workspace, 'tests'));
  // Files too deep for a recursive parser, sitting in the workspace the server walks at start.
  fs.writeFileSync(path.join(workspace, 'tests', 'deep-brackets.json'), '['.repeat(3000));
  fs.writeFileSync(path.join(workspace, 'tests', 'deep-objects.json'), '{"a":'.repeat(10000));
  fs.writeFileSync(path.join(workspace, 'tests', 'deep-valid.json'), '['.repeat(5000) + ']'.repeat(5000));
  fs.writeFileSync(path.join(workspace, 'tests', 'closed.json'), test1('shared_01'));
  fs.writeFileSync(path.join(elsewhere, 'old-backup.json'), test1('backup_01'));
  // A tests file reached through a symbolic link, and a link loop the walk must not follow.
  fs.writeFileSync(path.join(elsewhere, 'linked-target.json'), test1('linked_01'));
  fs.symlinkSync(path.join(elsewhere, 'linked-target.json'), path.join(workspace, 'tests', 'linked.json'));
  fs.symlinkSync(workspace, path.join(workspace, 'tests', 'loop'));
  client = new TestLspClient();
  await client.initialize({ rootUri: pathToFileURL(workspace).toString(), locale: 'en' });
});

after(async () => {
  await client.shutdown();
  fs.rmSync(workspace, { recursive: true, force: true });
  fs.rmSync(elsewhere, { recursive: true, force: true });
});

test('deeply nested files in the workspace do not stop the server, which still indexes the other files', async () => {
  const uri = uriOf('tests/open.json');
  client.open(uri, test1('shared_01'));
  const viaLink = uriOf('tests/uses-linked-id.json');
  client.open(viaLink, test1('linked_01'));
  // The cross-file duplicate needs closed.json indexed, i.e. the start-up walk got past the deep files.
  const { diagnostics } = await client.waitForDiagnostics(uri, (d) => d.diagnostics.some((x) => x.code === 'duplicate-id'));
  assert.match(String(diagnostics[0].message), /tests\/closed\.json/);
  // Symbolic links to files are indexed like the files.
  const linked = await client.waitForDiagnostics(viaLink, (d) => d.diagnostics.some((x) => x.code === 'duplicate-id'));
  assert.match(String(linked.diagnostics.find((d) => d.code === 'duplicate-id')?.message), /tests\/linked\.json/);
  const symbols = await client.connection.sendRequest(DocumentSymbolRequest.type, { textDocument: { uri } });
  assert.equal((symbols as unknown[]).length, 1);
  assert.equal(client.exitCode, null);
  assert.deepEqual(client.errors, []);
});

for (const [name, text] of [
  ['deep-brackets.json', '['.repeat(3000)],
  ['deep-objects.json', '{"a":'.repeat(10000)],
  ['deep-valid.json', '['.repeat(5000) + ']'.repeat(5000)],
]) {
  test(`an opened ${name} gets one invalid-json saying how deep is too deep, and closing it keeps the server up`, async () => {
    const uri = uriOf(`tests/${name}`);
    client.open(uri, text);
    const { diagnostics } = await client.waitForVersion(uri, 1);
    assert.equal(diagnostics.length, 1);
    assert.equal(diagnostics[0].code, 'invalid-json');
    assert.match(String(diagnostics[0].message), /more than 1000 levels/);
    assert.deepEqual(diagnostics[0].range.start, { line: 0, character: text.startsWith('[') ? 1000 : 5000 });
    // Features read positions with recursive parsers: past the limit they answer nothing, wherever asked.
    for (const character of [10, 2000, text.length - 1]) {
      const position = { line: 0, character };
      assert.equal(await client.connection.sendRequest(HoverRequest.type, { textDocument: { uri }, position }), null);
      assert.deepEqual(await client.connection.sendRequest(CompletionRequest.type, { textDocument: { uri }, position }), []);
    }
    client.close(uri);
    // didClose re-reads the file from disk; the next document still gets its diagnostics.
    const probe = uriOf(`tests/probe-${name}`);
    client.open(probe, '[');
    await client.waitForVersion(probe, 1);
    assert.equal(client.exitCode, null);
    assert.deepEqual(client.errors, []);
  });
}

test('a file outside the workspace, opened then closed, leaves the id index', async () => {
  const outside = pathToFileURL(path.join(elsewhere, 'old-backup.json')).toString();
  const inside = uriOf('tests/uses-backup-id.json');
  client.open(outside, test1('backup_01'));
  await client.waitForVersion(outside, 1);
  client.open(inside, test1('backup_01'));
  await client.waitForDiagnostics(inside, (d) => d.diagnostics.some((x) => /old-backup\.json/.test(String(x.message))));
  client.close(outside);
  // Closing the outside file revalidates the others: the duplicate goes away.
  const { diagnostics } = await client.waitForDiagnostics(inside, (d) => !d.diagnostics.some((x) => x.code === 'duplicate-id'));
  assert.deepEqual(
    diagnostics.filter((d) => d.code !== 'weak-test'),
    [],
  );
});

test('a malformed escape and a URI with a host still get their diagnostics', async () => {
  for (const uri of ['file:///tmp/bad%E0%A4%A.json', 'file://host/share/tests.json']) {
    client.open(uri, '[\n  {"id": "u_01", "prompt": "x", "eval_method": "ewe_quality"},\n  {"id": "u_01", "prompt": "y", "eval_method": "ewe_quality"}\n]\n');
    const { diagnostics } = await client.waitForVersion(uri, 1);
    assert.deepEqual(
      diagnostics.map((d) => d.code).filter((c) => c !== 'weak-test'),
      ['duplicate-id', 'duplicate-id'],
      uri,
    );
    client.close(uri);
  }
  assert.deepEqual(client.errors, []);
});

test('initialize answers for a root URI with a host, and the server then works', async () => {
  const other = new TestLspClient();
  try {
    const init = await other.initialize({ rootUri: 'file://host/share' });
    assert.ok(init.capabilities.hoverProvider);
    const uri = 'file://host/share/tests/a.json';
    other.open(uri, '[');
    const { diagnostics } = await other.waitForVersion(uri, 1);
    assert.equal(diagnostics[0].code, 'invalid-json');
    assert.deepEqual(other.errors, []);
  } finally {
    await other.shutdown();
  }
});

test('a settings glob that backtracks without end in a regular expression does not block the server', async () => {
  const other = new TestLspClient();
  try {
    await other.initialize({ settings: { fileKinds: { 'ewebench-tests': ['*a'.repeat(30) + '*b', '**/drafts/*.json'] } } });
    const uri = `file:///w/${'a'.repeat(3000)}/drafts/x.json`;
    other.open(uri, '[\n  { "id": "d_01" }\n]\n');
    const { diagnostics } = await other.waitForVersion(uri, 1);
    assert.ok(
      diagnostics.some((d) => d.code === 'missing-field'),
      JSON.stringify(diagnostics),
    );
  } finally {
    await other.shutdown();
  }
});
