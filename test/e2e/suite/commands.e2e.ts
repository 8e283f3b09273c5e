import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { diagnosticsWithCode, e2eTest, EXTENSION_ID, openEditor, until } from './harness';

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

e2eTest('ewebench.restartServer brings back a working language server, writing to the same log', async () => {
  const extension = vscode.extensions.getExtension<{ serverLog?: vscode.OutputChannel }>(EXTENSION_ID);
  const log = (extension?.isActive ? extension.exports : await extension?.activate())?.serverLog;
  assert.ok(log, 'the extension exposes its server log');
  let disposed = false;
  const dispose = log.dispose.bind(log);
  // Watched, not replaced: a log disposed by the restart is one the user can no longer show (issue #31 item 13).
  log.dispose = () => {
    disposed = true;
    dispose();
  };
  await vscode.commands.executeCommand('ewebench.restartServer');
  assert.equal(disposed, false, 'the restart keeps the log');
  assert.equal((extension?.exports as { serverLog?: vscode.OutputChannel } | undefined)?.serverLog, log);
  await vscode.commands.executeCommand('ewebench.showOutput');
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
