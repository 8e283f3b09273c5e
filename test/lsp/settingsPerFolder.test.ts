import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ClientCapabilities, ConfigurationItem, PublishDiagnosticsParams } from 'vscode-languageserver-protocol/node';
import { MINIMAL_CLIENT } from '../helpers/clientProfiles';
import { TestLspClient } from '../helpers/lspClient';

/**
 * A multi-root workspace through the real protocol: the server asks each folder's settings
 * (`workspace/configuration` with its `scopeUri`), and folders added or removed after start are indexed.
 */
const ASKED_CLIENT: ClientCapabilities = { ...MINIMAL_CLIENT, workspace: { configuration: true, workspaceFolders: true } };

// A draft whose content does not say it is a tests file (only a fileKinds glob does), with a missing comma.
const DRAFT = '[\n  { "id": "d_01" "prompt": "x" }\n]\n';
const codes = (d: PublishDiagnosticsParams) => d.diagnostics.map((x) => String(x.code)).sort();

function folder(root: string, name: string, files: Record<string, string>) {
  const dir = path.join(root, name);
  for (const [file, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), text);
  }
  const uri = pathToFileURL(dir).toString();
  return { name, uri, file: (file: string) => pathToFileURL(path.join(dir, file)).toString() };
}

test('two folders with different settings: each document is checked with its own folder’s, asked again on change', async () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'ewb-folders-'));
  const a = folder(root, 'a', { 'drafts/broken.json': DRAFT });
  const b = folder(root, 'b', { 'drafts/broken.json': DRAFT });
  const answers: Record<string, unknown> = {
    [a.uri]: { reportSyntaxErrors: false },
    [b.uri]: { reportSyntaxErrors: true },
  };
  const asked: ConfigurationItem[] = [];
  const client = new TestLspClient();
  client.configuration = (item) => {
    asked.push(item);
    return item.section === 'ewebench' && item.scopeUri ? (answers[item.scopeUri] ?? null) : null;
  };
  try {
    await client.initialize({ workspaceFolders: [a, b], capabilities: ASKED_CLIENT, initializationOptions: {} });
    client.open(a.file('drafts/broken.json'), DRAFT);
    client.open(b.file('drafts/broken.json'), DRAFT);
    // The same text: folder a leaves syntax errors to the editor, folder b reports them; both check the fields.
    await client.waitForDiagnostics(a.file('drafts/broken.json'), (d) => codes(d).includes('missing-field') && !codes(d).includes('invalid-json'));
    await client.waitForDiagnostics(b.file('drafts/broken.json'), (d) => codes(d).includes('missing-field') && codes(d).includes('invalid-json'));
    assert.deepEqual(
      asked.filter((i) => i.scopeUri).map((i) => [i.scopeUri, i.section]),
      [
        [a.uri, 'ewebench'],
        [b.uri, 'ewebench'],
      ],
    );

    // Folder b's settings change: the client says so (a client that is asked sends no settings) and b is asked again.
    answers[b.uri] = { enable: false };
    client.configurationChanged();
    await client.waitForDiagnostics(b.file('drafts/broken.json'), (d) => d.diagnostics.length === 0);
    // Folder a's answer did not change: its diagnostics stay as they were.
    const aCodes = (client.latest(a.file('drafts/broken.json')) ?? []).map((d) => d.code);
    assert.ok(aCodes.includes('missing-field') && !aCodes.includes('invalid-json'), String(aCodes));
  } finally {
    await client.shutdown();
    fs.rmSync(root, { recursive: true, force: true });
  }
});

test('a folder added after start is indexed (its ids count for duplicates) and leaves the index when removed', async () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'ewb-folders-'));
  const TESTS = '[\n  { "id": "shared_01", "prompt": "Woezɔ", "eval_method": "ewe_quality" }\n]\n';
  const a = folder(root, 'a', { 'tests/a.json': TESTS });
  const c = folder(root, 'c', { 'tests/c.json': TESTS, 'ewebench-baselines.json': 'not json' });
  const client = new TestLspClient();
  try {
    await client.initialize({ workspaceFolders: [a], capabilities: ASKED_CLIENT, initializationOptions: {} });
    const uri = a.file('tests/a.json');
    client.open(uri, TESTS);
    const duplicates = (d: PublishDiagnosticsParams) => d.diagnostics.filter((x) => x.code === 'duplicate-id');
    await client.waitForDiagnostics(uri, (d) => duplicates(d).length === 0);

    client.changeFolders([c]);
    const shared = await client.waitForDiagnostics(uri, (d) => duplicates(d).length === 1);
    assert.equal(duplicates(shared)[0].relatedInformation?.[0].location.uri, c.file('tests/c.json'));

    client.changeFolders([], [c]);
    await client.waitForDiagnostics(uri, (d) => duplicates(d).length === 0);
    assert.deepEqual(client.errors, []);
  } finally {
    await client.shutdown();
    fs.rmSync(root, { recursive: true, force: true });
  }
});

test('a client that is not asked keeps its initialization options and pushes, the same in every folder', async () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'ewb-folders-'));
  const a = folder(root, 'a', { 'drafts/broken.json': DRAFT });
  const b = folder(root, 'b', { 'drafts/broken.json': DRAFT });
  const client = new TestLspClient();
  try {
    const fileKinds = { 'ewebench-tests': ['**/drafts/*.json'] };
    await client.initialize({ workspaceFolders: [a, b], capabilities: MINIMAL_CLIENT, initializationOptions: { settings: { ewebench: { fileKinds } } } });
    for (const f of [a, b]) {
      client.open(f.file('drafts/broken.json'), DRAFT);
      await client.waitForDiagnostics(f.file('drafts/broken.json'), (d) => codes(d).includes('missing-field') && codes(d).includes('invalid-json'));
    }
    client.configurationChanged({ ewebench: { reportSyntaxErrors: false } });
    for (const f of [a, b]) {
      await client.waitForDiagnostics(f.file('drafts/broken.json'), (d) => codes(d).includes('missing-field') && !codes(d).includes('invalid-json'));
    }
  } finally {
    await client.shutdown();
    fs.rmSync(root, { recursive: true, force: true });
  }
});
