import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { EXTENSION_ID, e2eTest, openEditor, until } from './harness';

e2eTest('opening an ÈwéBench tests file activates the extension, which registers its commands', async () => {
  await openEditor('tests/duplicates.json');
  const extension = vscode.extensions.getExtension(EXTENSION_ID);
  assert.ok(
    extension,
    `${EXTENSION_ID} is not loaded; loaded: ${vscode.extensions.all
      .map((e) => e.id)
      .filter((id) => !id.startsWith('vscode.'))
      .join(', ')}`,
  );
  // The activation events (a JSON editor, a tests/*.json in the workspace) must start it: no explicit activate().
  await until('the extension to activate by itself', () => extension.isActive, 30_000);
  const commands = await vscode.commands.getCommands(true);
  for (const id of ['ewebench.showCoverage', 'ewebench.restartServer', 'ewebench.showOutput']) assert.ok(commands.includes(id), `${id} is not registered`);
});
