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

e2eTest(
  '#32 from the focused table: export, three references changed and a row added in the sheet, imported back as an update; exactly those cells change, undo restores',
  async () => {
    const corpus = workspaceFile('corpus.json');
    const doc = await vscode.workspace.openTextDocument(corpus);
    const before = doc.getText();
    await vscode.commands.executeCommand('vscode.openWith', corpus, 'ewebench.corpusTable', vscode.ViewColumn.Active);
    const tsv = workspaceFile('corpus-fixed.tsv');
    // No file given: the command acts on the focused table's document.
    await vscode.commands.executeCommand('ewebench.exportCorpus', undefined, { target: tsv });
    const lines = (await text(tsv)).split('\r\n');
    const header = lines[0].split('\t');
    const [id, reference] = [header.indexOf('id'), header.indexOf('reference')];
    const entries = (JSON.parse(before) as { entries: { id: number; reference: string }[] }).entries;
    const fixes = new Map([
      [2, 'Woezɔ loo.'],
      [4, 'Ŋkɔnye nye Kofi.'],
      [6, 'Afi ka nèle?'],
    ]);
    const edited = lines.map((line, i) => {
      if (i === 0 || line === '') return line;
      const cells = line.split('\t');
      const fix = fixes.get(Number(cells[id]));
      if (fix !== undefined) cells[reference] = fix;
      return cells.join('\t');
    });
    const added = lines[1].split('\t').map((cell, i) => (i === id ? '' : header[i] === 'source' ? 'Water.' : header[i] === 'reference' ? 'Tsi.' : cell));
    edited.splice(edited.length - 1, 0, added.join('\t'));
    await vscode.workspace.fs.writeFile(tsv, new TextEncoder().encode(edited.join('\r\n')));
    const applied = await vscode.commands.executeCommand<boolean>('ewebench.importCorpus', undefined, { sheet: tsv, yes: true });
    assert.equal(applied, true);
    const after = doc.getText();
    // Byte for byte: the file with the three values replaced, then the new entry inserted and nothing else.
    let expected = before;
    for (const [key, value] of fixes) expected = expected.replace(JSON.stringify(entries.find((e) => e.id === key)!.reference), () => JSON.stringify(value));
    let p = 0;
    while (p < expected.length && expected[p] === after[p]) p++;
    assert.equal(after.slice(0, p) + after.slice(p + after.length - expected.length), expected, 'the three references, then one insertion');
    const last = (JSON.parse(after) as { entries: { id: number; reference: string }[] }).entries.at(-1)!;
    assert.deepEqual([last.id, last.reference], [entries.length + 1, 'Tsi.']);
    await vscode.window.showTextDocument(doc);
    await vscode.commands.executeCommand('undo');
    assert.equal(doc.getText(), before);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  },
);
