import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { generateCorpus } from '../../../bench/generate';
import type { TableFigures } from '../../../protocol/corpusTable';
import { e2eTest, until, workspaceFile } from './harness';

/** A message to the table open on `uri`, through the provider's own message path (as the page sends it). */
function send(uri: vscode.Uri, message: Record<string, unknown>): Thenable<{ edits?: unknown[]; error?: string }> {
  return vscode.commands.executeCommand('ewebench.corpusTable.send', uri, { version: -1, ...message });
}

async function openTable(relative: string): Promise<{ uri: vscode.Uri; document: vscode.TextDocument }> {
  const uri = workspaceFile(relative);
  await vscode.commands.executeCommand('vscode.openWith', uri, 'ewebench.corpusTable');
  const document = await vscode.workspace.openTextDocument(uri);
  // The table is open once the provider answers; an edit to the value a cell already holds changes nothing.
  await until('the corpus table to open', async () => (await send(uri, { type: 'edit', index: 0, field: 'id', text: '1' })).edits !== undefined);
  return { uri, document };
}

e2eTest('corpus table: a cell edit changes the JSON at that value only, and undo restores it', async () => {
  const { uri, document } = await openTable('table.json');
  const before = document.getText();
  const result = await send(uri, { type: 'edit', index: 1, field: 'reference', text: 'Ɖe nyuie' });
  assert.equal(result.edits?.length, 1, JSON.stringify(result));
  await until('the JSON text to change', () => document.getText() !== before);
  assert.equal(document.getText(), before.replace('"Woezɔ."', '"Ɖe nyuie"'));
  const tab = vscode.window.tabGroups.activeTabGroup.activeTab?.input;
  assert.ok(tab instanceof vscode.TabInputCustom && tab.viewType === 'ewebench.corpusTable', 'the table is the active editor');
  await vscode.commands.executeCommand('undo');
  await until('undo to restore the text', () => document.getText() === before);
  await vscode.commands.executeCommand('redo');
  await until('redo to make the edit again', () => document.getText() === before.replace('"Woezɔ."', '"Ɖe nyuie"'));
  await vscode.commands.executeCommand('undo');
  await until('undo to restore the text again', () => document.getText() === before);
});

e2eTest('corpus table: numbers stay numbers, a missing field is added, add and delete keep the layout', async () => {
  const { uri, document } = await openTable('table.json');
  const before = document.getText();
  await send(uri, { type: 'edit', index: 0, field: 'difficulty', text: '3' });
  await until('the difficulty to change', () => document.getText().includes('"difficulty": 3,'));
  await send(uri, { type: 'edit', index: 0, field: 'notes', text: 'ɖ' });
  await until('the notes field to be added', () => document.getText().includes('"register": "conversational",\n      "notes": "ɖ"\n'));
  await send(uri, { type: 'add' });
  await until('a fourth entry', () => (JSON.parse(document.getText()) as { entries: unknown[] }).entries.length === 4);
  const added = (JSON.parse(document.getText()) as { entries: { id: number }[] }).entries[3];
  // The required fields come from the row above, in its key order.
  assert.deepEqual(added, { id: 4, source: '', reference: '', segment: 'gold_standard', difficulty: 9, register: 'formal' });
  await send(uri, { type: 'remove', indices: [3] });
  await until('the fourth entry to go', () => (JSON.parse(document.getText()) as { entries: unknown[] }).entries.length === 3);
  const restore = new vscode.WorkspaceEdit();
  restore.replace(uri, new vscode.Range(document.positionAt(0), document.positionAt(document.getText().length)), before);
  await vscode.workspace.applyEdit(restore);
  await document.save();
  assert.equal(document.getText(), before);
});

e2eTest('corpus table: the Open Corpus as Table command opens the active corpus beside it', async () => {
  const document = await vscode.workspace.openTextDocument(workspaceFile('table.json'));
  await vscode.window.showTextDocument(document, vscode.ViewColumn.One);
  await vscode.commands.executeCommand('ewebench.openCorpusTable');
  await until('a table tab beside the text', () =>
    vscode.window.tabGroups.all.some(
      (g) =>
        g.viewColumn !== vscode.ViewColumn.One && g.tabs.some((t) => t.input instanceof vscode.TabInputCustom && t.input.viewType === 'ewebench.corpusTable'),
    ),
  );
  await vscode.commands.executeCommand('workbench.action.closeAllEditors');
});

e2eTest(
  'corpus table: opened from its JSON, the table takes most of the window and shows source and reference',
  async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await vscode.commands.executeCommand('workbench.action.editorLayoutSingle');
    const uri = workspaceFile('table.json');
    await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(uri), vscode.ViewColumn.One);
    await vscode.commands.executeCommand('ewebench.openCorpusTable');
    try {
      // The page says what it drew first: its width and the columns wholly inside it, before any scrolling.
      const figures = await until(
        'the table to draw its rows',
        async () => {
          const f = (await vscode.commands.executeCommand('ewebench.corpusTable.send', uri, { type: 'figures' })) as TableFigures | undefined;
          return f?.openMs !== undefined && f;
        },
        60_000,
      );
      const shown = figures.visibleColumns ?? [];
      assert.ok(shown.includes('source') && shown.includes('reference'), `visible on opening: ${shown.join(', ')} (page ${figures.width} px wide)`);
      // Its own group, the wider of the two: the JSON stays beside it as the narrow column.
      const layout = (await vscode.commands.executeCommand('vscode.getEditorLayout')) as { groups: { size?: number }[] };
      const sizes = layout.groups.map((g) => g.size ?? 0);
      assert.equal(sizes.length, 2, JSON.stringify(layout));
      const tableGroup = vscode.window.tabGroups.all.findIndex((g) =>
        g.tabs.some((t) => t.input instanceof vscode.TabInputCustom && t.input.viewType === 'ewebench.corpusTable'),
      );
      assert.ok(tableGroup >= 0, 'a group holds the table');
      const share = sizes[tableGroup] / (sizes[0] + sizes[1]);
      assert.ok(share > 0.6, `the table's group has ${(share * 100).toFixed(0)}% of the width (${JSON.stringify(layout)})`);
      return `the table's group has ${(share * 100).toFixed(0)}% of the width; its page is ${figures.width} px wide and shows ${shown.join(', ')}`;
    } finally {
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
      await vscode.commands.executeCommand('workbench.action.editorLayoutSingle');
    }
  },
  90_000,
);

/**
 * The floor of an opening: a webview panel whose page only draws a line and says so after its first frame, as the
 * table's page says it drew its rows, timed from its creation to that message.
 */
async function emptyWebviewMs(): Promise<number> {
  const started = performance.now();
  const panel = vscode.window.createWebviewPanel('ewebench.e2eFloor', 'floor', vscode.ViewColumn.Active, { enableScripts: true });
  const painted = new Promise<number>((resolve) => panel.webview.onDidReceiveMessage(() => resolve(performance.now())));
  panel.webview.html =
    '<!DOCTYPE html><html><body><p>floor</p><script>const api = acquireVsCodeApi(); requestAnimationFrame(() => setTimeout(() => api.postMessage("painted"), 0));</script></body></html>';
  const ms = (await painted) - started;
  panel.dispose();
  return ms;
}

/** When the extension host got `uri`'s document (its open event, after the extensions' own handlers), on `performance.now()`'s clock. */
function documentArrival(uri: vscode.Uri): Promise<number> {
  return new Promise((resolve) => {
    const listener = vscode.workspace.onDidOpenTextDocument((document) => {
      if (document.uri.toString() !== uri.toString()) return;
      listener.dispose();
      resolve(performance.now());
    });
  });
}

/** A cold file in VS Code's text editor, as a user opens it: until the editor shows it; `loadMs`: until the document reached the host. */
async function textEditorOpening(uri: vscode.Uri): Promise<{ totalMs: number; loadMs: number }> {
  const arrived = documentArrival(uri);
  const started = performance.now();
  await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(uri));
  const totalMs = performance.now() - started;
  const loadMs = (await arrived) - started;
  await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
  return { totalMs, loadMs };
}

/**
 * A cold file opened as the table, by the Explorer's Open Corpus as Table (`ewebench.openCorpusTable` with the
 * file) or by VS Code's Open With… (`vscode.openWith`): until the page drew its first rows. `loadMs`: until the
 * document reached the host; `askedMs`: until VS Code asked for the table; `figures`: the table's own.
 */
async function tableOpening(
  uri: vscode.Uri,
  command = 'vscode.openWith',
): Promise<{ totalMs: number; loadMs: number; askedMs: number; figures: TableFigures }> {
  const open = vscode.workspace.textDocuments.some((d) => d.uri.toString() === uri.toString());
  const arrived = open ? Promise.resolve(performance.now()) : documentArrival(uri);
  const started = performance.now();
  const startedAt = performance.timeOrigin + started;
  await (command === 'vscode.openWith' ? vscode.commands.executeCommand(command, uri, 'ewebench.corpusTable') : vscode.commands.executeCommand(command, uri));
  const figures = await until(
    'the page to draw the rows',
    async () => {
      const f = (await vscode.commands.executeCommand('ewebench.corpusTable.send', uri, { type: 'figures' })) as TableFigures;
      return f.openMs !== undefined && f;
    },
    120_000,
  );
  const askedMs = (figures.resolvedAt ?? startedAt) - startedAt;
  return { totalMs: askedMs + (figures.openMs ?? 0), loadMs: (await arrived) - started, askedMs, figures };
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

e2eTest(
  'corpus table: a 20,000-entry corpus opens and takes a cell edit (figures printed, not asserted)',
  async () => {
    const uri = workspaceFile('big_table.json');
    // The same text under other names, cold each time: VS Code's own text editor showing it, the mark the table's
    // first paint is held to; a second pair opened the other way round (the table first), since what the first
    // opening leaves running (both language servers reading 7.5 MB) weighs on the second; and Open With….
    const twin = workspaceFile('big_table_text.json');
    const second = workspaceFile('big_table_2.json');
    const secondTwin = workspaceFile('big_table_text_2.json');
    const third = workspaceFile('big_table_3.json');
    const files = [uri, twin, second, secondTwin, third];
    const bytes = new TextEncoder().encode(generateCorpus(20_000));
    for (const file of files) await vscode.workspace.fs.writeFile(file, bytes);
    try {
      const emptyMs = await emptyWebviewMs();
      const text = await textEditorOpening(twin);
      const table = await tableOpening(uri, 'ewebench.openCorpusTable');
      const opened = table.figures;
      assert.equal(opened.rows, 20_000);
      // From the Explorer, with no text editor showing the file, the table opens in the active group, alone.
      const active = vscode.window.tabGroups.activeTabGroup.activeTab?.input;
      assert.ok(active instanceof vscode.TabInputCustom && active.viewType === 'ewebench.corpusTable' && active.uri.toString() === uri.toString());
      assert.equal(vscode.window.tabGroups.all.length, 1);
      const document = await vscode.workspace.openTextDocument(uri);
      const before = document.getText();
      const result = await send(uri, { type: 'edit', index: 12_345, field: 'reference', text: 'Ɖe nyuie' });
      assert.equal(result.edits?.length, 1, JSON.stringify(result));
      await until('the JSON text to change', () => document.getText() !== before);
      const entry = (JSON.parse(document.getText()) as { entries: { reference: string }[] }).entries[12_345];
      assert.equal(entry.reference, 'Ɖe nyuie');
      const figures = (await vscode.commands.executeCommand('ewebench.corpusTable.send', uri, { type: 'figures' })) as TableFigures;
      // The floor in the same run: the same kind of one-value edit made directly as a WorkspaceEdit, timed to
      // the document's change event as the table's is.
      const content = document.getText();
      const at = content.indexOf('"reference": "', Math.floor(content.length / 3)) + '"reference": '.length;
      const direct = new vscode.WorkspaceEdit();
      direct.replace(uri, new vscode.Range(document.positionAt(at), document.positionAt(content.indexOf('"', at + 1) + 1)), '"Ɖe nyuie"');
      const changed = new Promise<number>((resolve) => {
        const listener = vscode.workspace.onDidChangeTextDocument((event) => {
          if (event.document.uri.toString() !== uri.toString()) return;
          listener.dispose();
          resolve(performance.now());
        });
      });
      const started = performance.now();
      await vscode.workspace.applyEdit(direct);
      const floorMs = (await changed) - started;
      await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
      const tableSecond = await tableOpening(second, 'ewebench.openCorpusTable');
      await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
      const textSecond = await textEditorOpening(secondTwin);
      // VS Code's own Open With… on a cold file: it loads the document while the custom editor opens.
      const openWith = await tableOpening(third);
      const pair = (first: string, t: typeof table, x: typeof text) =>
        `${first}: the table ${seconds(t.totalMs)} (document in the host at ${seconds(t.loadMs)}, the table asked for at ${seconds(t.askedMs)}, its rows drawn ${seconds(t.figures.openMs ?? 0)} later), the text editor ${seconds(x.totalMs)} (document at ${seconds(x.loadMs)}): table/text ${(t.totalMs / x.totalMs).toFixed(2)}`;
      const ratio = Math.sqrt((table.totalMs / text.totalMs) * (tableSecond.totalMs / textSecond.totalMs));
      return [
        `20,000 entries (${(before.length / 1e6).toFixed(1)} MB), first paint from the open command, cold files: table/text ${ratio.toFixed(2)} (Open Corpus as Table against the text editor, geometric mean of both orders)`,
        pair('text editor first', table, text),
        pair('table first', tableSecond, textSecond),
        `VS Code's Open With…: the table ${seconds(openWith.totalMs)} (document in the host at ${seconds(openWith.loadMs)}, its rows drawn ${seconds(openWith.figures.openMs ?? 0)} later)`,
        `the table's opening: page ready ${opened.readyMs?.toFixed(0)} ms (its document started at ${opened.navigateMs?.toFixed(0)} ms, ${opened.pageMs?.toFixed(0)} ms of them in the page, its message took ${opened.readyLagMs?.toFixed(0)} ms; first view posted ${opened.viewMs?.toFixed(0)} ms after; drawn ${opened.drawMs?.toFixed(0)} ms after it arrived, the host told ${opened.paintedLagMs?.toFixed(0)} ms later; an empty webview drawn, the floor: ${emptyMs.toFixed(0)} ms)`,
        `cell edit → JSON text in ${figures.editMs?.toFixed(1)} ms (${figures.ownEditMs?.toFixed(1)} ms of it ours; applyEdit resolved in ${figures.applyMs?.toFixed(1)} ms; the same edit as a plain WorkspaceEdit, the floor: ${floorMs.toFixed(1)} ms)`,
      ].join('\n    ');
    } finally {
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
      for (const file of files) await vscode.workspace.fs.delete(file);
    }
  },
  300_000,
);
