import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { expandJsonPaths } from '../../cli/files';
import { validateFiles } from '../../cli/commands/validate';
import { JsonDocument } from '../../core/document/jsonDocument';
import { resolveFindings, validateDocument, type ResolvedDiagnostic } from '../../core/validate';
import { WorkspaceIndex } from '../../server/workspaceIndex';
import { WorkspaceWalk } from '../../server/workspaceWalk';
import { nodeFiles } from '../../server/nodeFiles';
import { captureIo } from '../helpers/captureIo';
import { TestLspClient } from '../helpers/lspClient';
import { fromRepo } from '../helpers/paths';
import { DidChangeWatchedFilesNotification, FileChangeType, type Diagnostic, type FileEvent } from 'vscode-languageserver-protocol/node';

/**
 * The CLI and the language server collect files differently (a folder expanded on the command line; a start-up
 * walk of the workspace plus open documents) but fill the same core index: for the same folder they must report
 * the same cross-file duplicates, and neither may read the folders a walk skips.
 */
let root: string;
const FIXTURES = fromRepo('test-fixtures', 'ewebench', 'invalid', 'cross-file');
const tests = (...ids: (string | number)[]) =>
  JSON.stringify(
    ids.map((id) => ({ id, prompt: 'Woezɔ', eval_method: 'ewe_quality' })),
    null,
    2,
  );

before(() => {
  root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'ewb-crossfile-')));
  for (const name of ['robustness.json', 'translation.json']) fs.copyFileSync(path.join(FIXTURES, name), path.join(root, name));
  fs.mkdirSync(path.join(root, 'more'));
  fs.writeFileSync(path.join(root, 'more', 'mixed.json'), tests('tr_greet_01', 7, '7', 'only_here', 'tr_greet_01'));
  fs.writeFileSync(path.join(root, 'more', 'numbers.json'), tests(7, 'other'));
  // The same ids again in every folder a walk skips: indexed by either side, they would add duplicates.
  for (const skipped of ['node_modules/pkg', 'out', 'dist', '.git', '.vscode-test', 'more/.cache']) {
    fs.mkdirSync(path.join(root, skipped), { recursive: true });
    fs.writeFileSync(path.join(root, skipped, 'copy.json'), tests('tr_greet_01', 7, 'only_here'));
  }
});

after(() => fs.rmSync(root, { recursive: true, force: true }));

interface Dup {
  message: string;
  range: ResolvedDiagnostic['range'];
  related: { uri: string; range: ResolvedDiagnostic['range']; message: string }[];
}

function fromCore(uri: string, diagnostics: readonly ResolvedDiagnostic[]): Dup[] {
  return diagnostics
    .filter((d) => d.code === 'duplicate-id')
    .map((d) => ({ message: d.message, range: d.range, related: d.related.map((r) => ({ uri: r.uri ?? uri, range: r.range, message: r.message })) }));
}

function fromLsp(diagnostics: readonly Diagnostic[]): Dup[] {
  return diagnostics
    .filter((d) => d.code === 'duplicate-id')
    .map((d) => ({
      message: String(d.message),
      range: d.range,
      related: (d.relatedInformation ?? []).map((r) => ({ uri: r.location.uri, range: r.location.range, message: r.message })),
    }));
}

/** The CLI's way: the folder named on the command line, every file checked against the others. */
function viaCli(): Map<string, Dup[]> {
  const io = captureIo(root);
  const files = expandJsonPaths(['.'], root);
  const reports = validateFiles(files, io, 'en');
  return new Map(files.map((file, i) => [pathToFileURL(file).toString(), fromCore(pathToFileURL(file).toString(), reports[i].diagnostics)]));
}

test("the CLI and the server's workspace index report the same cross-file duplicates for the same folder", async () => {
  const cli = viaCli();
  assert.deepEqual([...cli.keys()].map((uri) => path.relative(root, new URL(uri).pathname)).sort(), [
    'more/mixed.json',
    'more/numbers.json',
    'robustness.json',
    'translation.json',
  ]);
  const index = new WorkspaceIndex(nodeFiles);
  index.setRoots([pathToFileURL(root).toString()]);
  const walk = new WorkspaceWalk(
    nodeFiles,
    (uri) => index.onDisk(uri),
    [index],
    () => new Promise((resolve) => setImmediate(resolve)),
  );
  assert.equal((await walk.scan(index.rootUris())).files, 4, 'the walk reads the same four files, none from a skipped folder');
  for (const [uri, expected] of cli) {
    const doc = new JsonDocument(fs.readFileSync(new URL(uri), 'utf8'));
    const { findings } = validateDocument(doc, { locale: 'en', externalIds: index.elsewhere(uri) });
    assert.deepEqual(fromCore(uri, resolveFindings(doc, findings)), expected, uri);
  }
  // Something to compare: ids shared across files, ids shared within one, and 7 against "7" kept apart.
  const mixed = cli.get(pathToFileURL(path.join(root, 'more', 'mixed.json')).toString())!;
  assert.equal(mixed.length, 3);
  assert.match(mixed[0].message, /used 4 times \(2 in this file, 2 in other files\)/);
  assert.match(mixed[2].message, /^Duplicate id 7: it is also used in more\/numbers\.json\.$/);
  assert.ok([...cli.values()].every((dups) => dups.every((d) => d.related.every((r) => !/node_modules|\/out\/|\/dist\/|\/\./.test(r.uri)))));
});

test('the language server, through the protocol, publishes what the CLI reports once its start-up walk is done', async () => {
  const cli = viaCli();
  const client = new TestLspClient();
  try {
    await client.initialize({ rootUri: pathToFileURL(root).toString(), locale: 'en' });
    for (const [uri, expected] of cli) {
      client.open(uri, fs.readFileSync(new URL(uri), 'utf8'));
      // Diagnostics are published on open and again after the walk: the settled ones match the CLI's.
      await client.waitForDiagnostics(uri, (d) => JSON.stringify(fromLsp(d.diagnostics)) === JSON.stringify(expected));
    }
    // The watcher reports changes everywhere; a file in a skipped folder is not read, one the walk reaches is.
    const late = path.join(root, 'more', 'late.json');
    fs.writeFileSync(late, tests('only_here'));
    const changes = [path.join(root, 'node_modules', 'pkg', 'copy.json'), path.join(root, '.git', 'copy.json'), late].map((file): FileEvent => ({
      uri: pathToFileURL(file).toString(),
      type: FileChangeType.Changed,
    }));
    await client.connection.sendNotification(DidChangeWatchedFilesNotification.type, { changes });
    const mixed = pathToFileURL(path.join(root, 'more', 'mixed.json')).toString();
    const { diagnostics } = await client.waitForDiagnostics(mixed, (d) => d.diagnostics.some((x) => String(x.message).includes('"only_here"')));
    assert.deepEqual(
      diagnostics.filter((d) => String(d.message).includes('"only_here"')).map((d) => d.message),
      ['Duplicate id "only_here": it is also used in more/late.json.'],
    );
    assert.deepEqual(client.errors, []);
  } finally {
    await client.shutdown();
  }
});
