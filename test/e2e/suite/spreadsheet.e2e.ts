import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { e2eTest, workspaceFile } from './harness';

// ignoreBOM keeps the byte order mark in the text, where the test looks for it.
const text = async (uri: vscode.Uri) => new TextDecoder('utf-8', { ignoreBOM: true }).decode(await vscode.workspace.fs.readFile(uri));

e2eTest('a corpus exports to CSV, and a TSV imports into it as one edit that undo takes back whole', async () => {
  const corpus = workspaceFile('corpus.json');
  const doc = await vscode.workspace.openTextDocument(corpus);
  await vscode.window.showTextDocument(doc);
  const before = doc.getText();
  const csv = workspaceFile('corpus-export.csv');
  await vscode.commands.executeCommand('ewebench.exportCorpus', corpus, { target: csv });
  const exported = await text(csv);
  const entries = (JSON.parse(before) as { entries: unknown[] }).entries;
  assert.equal(exported.charCodeAt(0), 0xfeff);
  assert.equal(exported.trim().split('\r\n').length, entries.length + 1);
  const sheet = workspaceFile('new-entries.tsv');
  const first = entries[0] as Record<string, unknown>;
  const columns = Object.keys(first).filter((k) => k !== 'id');
  const row = columns.map((k) =>
    k === 'source' ? 'Water.' : k === 'reference' ? 'Tsi.' : typeof first[k] === 'object' ? JSON.stringify(first[k]) : String(first[k]),
  );
  await vscode.workspace.fs.writeFile(sheet, new TextEncoder().encode(`${columns.join('\t')}\n${row.join('\t')}\n`));
  const applied = await vscode.commands.executeCommand<boolean>('ewebench.importCorpus', corpus, { sheet, yes: true });
  assert.equal(applied, true);
  const after = doc.getText();
  const added = (JSON.parse(after) as { entries: Record<string, unknown>[] }).entries;
  assert.equal(added.length, entries.length + 1);
  assert.equal(added.at(-1)!.reference, 'Tsi.');
  // A pure insertion: cutting the inserted text out gives the file as it was, byte for byte.
  let p = 0;
  while (p < before.length && before[p] === after[p]) p++;
  assert.equal(after.slice(0, p) + after.slice(p + after.length - before.length), before, 'only an insertion');
  await vscode.commands.executeCommand('undo');
  assert.equal(doc.getText(), before);
});
