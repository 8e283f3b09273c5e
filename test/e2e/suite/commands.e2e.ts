import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { diagnosticsWithCode, e2eTest, openEditor, until } from './harness';

const coverageTabs = () =>
  vscode.window.tabGroups.all
    .flatMap((g) => g.tabs.map((tab) => ({ tab, group: g })))
    .filter(({ tab }) => tab.input instanceof vscode.TabInputWebview && tab.input.viewType.includes('ewebench.coverage'));

e2eTest('ewebench.showCoverage opens the coverage preview in a webview beside the editor', async () => {
  const editor = await openEditor('corpus.json');
  await vscode.commands.executeCommand('ewebench.showCoverage');
  const [{ tab, group }] = await until('the coverage webview tab', () => coverageTabs().length > 0 && coverageTabs());
  assert.match(tab.label, /corpus\.json/);
  assert.notEqual(group.viewColumn, editor.viewColumn, 'the preview opens beside the editor, not over it');
});

e2eTest('ewebench.restartServer brings back a working language server', async () => {
  await vscode.commands.executeCommand('ewebench.restartServer');
  // A document the old server never saw: its diagnostics can only come from the restarted one.
  const doc = await vscode.workspace.openTextDocument({
    language: 'json',
    content: JSON.stringify(
      [
        { id: 'e2e_restart', prompt: 'Ŋlɔ nya.', eval_method: 'ewe_quality' },
        { id: 'e2e_restart', prompt: 'Ŋlɔ nya bubu.', eval_method: 'ewe_quality' },
      ],
      null,
      2,
    ),
  });
  await vscode.window.showTextDocument(doc);
  const found = await diagnosticsWithCode(doc.uri, 'duplicate-id');
  assert.equal(found.length, 2);
});
