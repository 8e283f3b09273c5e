import { test } from 'node:test';
import assert from 'node:assert/strict';
import { inSkippedFolder, isJsonDocument, isSkippedFolder } from './files';

test('walks skip installed packages, build output and dot-folders, and nothing else', () => {
  for (const name of ['node_modules', 'out', 'dist', '.git', '.vscode-test', '.e2e']) assert.equal(isSkippedFolder(name), true, name);
  for (const name of ['tests', 'corpus', 'output', 'distances', 'src']) assert.equal(isSkippedFolder(name), false, name);
});

test('a watched path is skipped when any folder between the root and the file is', () => {
  const skipped = ['node_modules/pkg/a.json', 'tests\\out\\a.json', 'a/.git/b.json'];
  const read = ['tests/a.json', '.hidden.json', 'output/a.json'];
  assert.deepEqual([...skipped, ...read].filter(inSkippedFolder), skipped);
});

test('a document is JSON by its language, or by its name when the editor sends another language', () => {
  assert.equal(isJsonDocument({ languageId: 'jsonc', uri: 'file:///w/settings' }), true);
  assert.equal(isJsonDocument({ languageId: 'plaintext', uri: 'file:///w/a.json' }), true);
  assert.equal(isJsonDocument({ languageId: 'plaintext', uri: 'file:///w/a.txt' }), false);
});
