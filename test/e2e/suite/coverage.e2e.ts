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

const isPreview = (tab: vscode.Tab | undefined) => tab?.input instanceof vscode.TabInputWebview && tab.input.viewType.includes('ewebench.coverage');
const activeTabIsPreview = () => isPreview(vscode.window.tabGroups.activeTabGroup.activeTab);

/** Moves the focus to the group that shows the preview (the command names a group by its column, 1 to 8). */
function focusPreviewGroup(): Thenable<unknown> {
  const column = vscode.window.tabGroups.all.find((g) => g.tabs.some(isPreview))?.viewColumn ?? 2;
  const ordinals = ['First', 'Second', 'Third', 'Fourth', 'Fifth', 'Sixth', 'Seventh', 'Eighth'];
  return vscode.commands.executeCommand(`workbench.action.focus${ordinals[Math.min(column, 8) - 1]}EditorGroup`);
}

/** How long a focus state must hold before the next step: VS Code's webview reports its focus by a message of its own. */
const HOLD_MS = 500;

/**
 * Takes a step (`take`, which must be harmless to repeat) until `holds` has been true for `HOLD_MS` without a
 * break. The webview tells the workbench it has the focus by its own message, which can arrive after a later
 * focus change and take the focus back to it: the step is then taken again.
 */
async function reach(what: string, take: () => Thenable<unknown>, holds: () => boolean): Promise<void> {
  const started = Date.now();
  for (;;) {
    await take();
    await until(what, holds, 5_000);
    const reached = Date.now();
    while (holds() && Date.now() - reached < HOLD_MS) await new Promise((r) => setTimeout(r, 50));
    if (holds()) return;
    if (Date.now() - started > 15_000) throw new Error(`${what}: reached, then lost again, for 15 s`);
  }
}

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

  // Click into the preview (it becomes active), then back into the editor: two view-state changes at least.
  // Each wait is for the panel's own view-state event saying so as well (the tab model can change before it
  // arrives; an event from the panel's creation counted late once let the next step start early, and VS Code then
  // sent no state at all for an active-inactive pair it had not yet delivered).
  await reach('the preview to become the active tab', focusPreviewGroup, () => activeTabIsPreview() && counts.active === true);
  await reach(
    'the editor to be active again',
    () => vscode.window.showTextDocument(editor.document, editor.viewColumn),
    () => !activeTabIsPreview() && counts.active === false,
  ).catch((error: Error) => {
    const groups = vscode.window.tabGroups.all.map(
      (g) => `${g.viewColumn}${g.isActive ? '*' : ''}: ${g.tabs.map((t) => `${t.label}${t.isActive ? '*' : ''}`).join(', ')}`,
    );
    throw new Error(
      `${error.message} (view-state events ${counts.viewStateChanges - before.viewStateChanges}, last active ${counts.active}; groups ${groups.join(' | ')}; editor column ${editor.viewColumn})`,
    );
  });

  // A change of content: a letter the file lacked. The page renders it in place.
  const document = editor.document;
  const original = document.getText();
  try {
    const end = document.positionAt(original.indexOf('me la'));
    assert.ok(await editor.edit((edit) => edit.insert(end, 'ʋu ')));
    await until('the page to render the new report', () => counts.updatesRendered > before.updatesRendered);
    // The file changed with the focus in the preview (no active editor then): the preview follows the file it shows.
    await reach('the preview to become the active tab again', focusPreviewGroup, () => activeTabIsPreview());
    const rendered = counts.updatesRendered;
    const change = new vscode.WorkspaceEdit();
    change.insert(document.uri, document.positionAt(document.getText().indexOf('me la')), 'ɛ ');
    assert.ok(await vscode.workspace.applyEdit(change));
    await until('the page to render the change made with the focus in it', () => counts.updatesRendered > rendered);
  } finally {
    // The file as it was, saved: later tests read it from disk.
    const back = new vscode.WorkspaceEdit();
    back.replace(document.uri, new vscode.Range(document.positionAt(0), document.positionAt(document.getText().length)), original);
    await vscode.workspace.applyEdit(back);
    await document.save();
  }

  assert.equal(counts.pageWrites - before.pageWrites, 1, 'the page was written once');
  assert.equal(counts.pageLoads - before.pageLoads, 1, 'the page loaded once: never replaced on a view-state change or an edit');
  return `${counts.viewStateChanges - before.viewStateChanges} view-state changes, ${counts.updatesRendered - before.updatesRendered} updates rendered in place, 1 page load`;
});
