import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { EXTENSION_ID, e2eTest, openEditor, until } from './harness';

interface PreviewCounts {
  pageWrites: number;
  pageLoads: number;
  updatesRendered: number;
  viewStateChanges: number;
  active?: boolean;
}

const activeTabIsPreview = () => {
  const input = vscode.window.tabGroups.activeTabGroup.activeTab?.input;
  return input instanceof vscode.TabInputWebview && input.viewType.includes('ewebench.coverage');
};

e2eTest('the coverage preview is not repainted when it merely becomes active: only a change of content updates it, in place', async () => {
  const extension = vscode.extensions.getExtension<{ coveragePreview?: PreviewCounts }>(EXTENSION_ID);
  assert.ok(extension);
  const counts = (extension.isActive ? extension.exports : await extension.activate())?.coveragePreview;
  assert.ok(counts, 'the extension reports what its coverage preview did');
  // A panel left open by an earlier test: start from a fresh one (only its tab closes; no file is closed).
  const previews = vscode.window.tabGroups.all
    .flatMap((g) => g.tabs)
    .filter((tab) => tab.input instanceof vscode.TabInputWebview && tab.input.viewType.includes('ewebench.coverage'));
  await vscode.window.tabGroups.close(previews);
  const before = { ...counts };
  const editor = await openEditor('coverage.json');
  await vscode.commands.executeCommand('ewebench.showCoverage');
  await until('the preview page to load', () => counts.pageLoads > before.pageLoads);
  // Forget what an earlier panel's last event said: only this panel's own events count below.
  counts.active = undefined;

  // Click into the preview (it becomes active), then back into the editor: two view-state changes.
  await vscode.commands.executeCommand('workbench.action.focusNextGroup');
  // Each wait is for the panel's own view-state event saying so (the tab model can change before it arrives; an
  // event from the panel's creation counted late once let the next step start early, and VS Code then sent no
  // state at all for an active-inactive pair it had not yet delivered).
  await until('the preview to become the active tab', () => activeTabIsPreview() && counts.active === true);
  await vscode.window.showTextDocument(editor.document, editor.viewColumn);
  await until('the editor to be active again', () => !activeTabIsPreview() && counts.active === false).catch((error: Error) => {
    const groups = vscode.window.tabGroups.all.map(
      (g) => `${g.viewColumn}${g.isActive ? '*' : ''}: ${g.tabs.map((t) => `${t.label}${t.isActive ? '*' : ''}`).join(', ')}`,
    );
    throw new Error(
      `${error.message} (view-state events ${counts.viewStateChanges - before.viewStateChanges}, last active ${counts.active}; groups ${groups.join(' | ')}; editor column ${editor.viewColumn})`,
    );
  });

  // A change of content: a letter the file lacked. The page renders it in place.
  const end = editor.document.positionAt(editor.document.getText().indexOf('me la'));
  assert.ok(await editor.edit((edit) => edit.insert(end, 'ʋu ')));
  await until('the page to render the new report', () => counts.updatesRendered > before.updatesRendered);
  await vscode.commands.executeCommand('workbench.action.files.revert');

  assert.equal(counts.pageWrites - before.pageWrites, 1, 'the page was written once');
  assert.equal(counts.pageLoads - before.pageLoads, 1, 'the page loaded once: never replaced on a view-state change or an edit');
  return `${counts.viewStateChanges - before.viewStateChanges} view-state changes, ${counts.updatesRendered - before.updatesRendered} update(s) rendered in place, 1 page load`;
});
