import { test } from 'node:test';
import assert from 'node:assert/strict';
import { inSkippedFolder, isJsonDocument, isListedWorkspaceFile, isSkippedFolder, SKIPPED_FOLDERS_GLOB } from './files';

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

test('the Test Explorer lists no file in a skipped folder (.github, node_modules, out, dist) nor in the results folder', () => {
  const hidden = [
    '.github/tests/x.json',
    'node_modules/pkg/tests/x.json',
    'out/tests/x.json',
    'dist/x.json',
    'tests/.cache/x.json',
    'results/run.json',
    'sub/results/run.json',
    'tests\\out\\x.json',
    'tests/x.txt',
  ];
  const listed = ['tests/x.json', 'x.json', '.hidden.json', 'output/x.json', 'corpus/results.json', 'resultsets/x.json'];
  assert.deepEqual(
    [...hidden, ...listed].filter((p) => isListedWorkspaceFile(p, 'results')),
    listed,
  );
  assert.equal(isListedWorkspaceFile('eval/runs/a.json', './eval/runs/'), false, 'a results folder setting with ./ and a trailing slash');
  assert.equal(isListedWorkspaceFile('eval/a.json', 'eval/runs'), true);
});

test('the editor search skips the same folders as the walk', () => {
  assert.equal(SKIPPED_FOLDERS_GLOB, '{**/node_modules/**,**/out/**,**/dist/**,**/.*/**}');
});
