import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { e2eTest, positionOf, workspaceFile } from './harness';

const open = () => vscode.workspace.openTextDocument(workspaceFile('tests/duplicates.json'));
const hoverText = (hovers: vscode.Hover[]) => hovers.flatMap((h) => h.contents.map((c) => (typeof c === 'string' ? c : c.value))).join('\n');

e2eTest('hovering a field key shows its documentation', async () => {
  const doc = await open();
  const hovers = await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', doc.uri, positionOf(doc, '"eval_method"', 3));
  const text = hoverText(hovers);
  assert.ok(text.trim().length > 0, 'no hover text');
  assert.match(text, /eval_method/);
});

e2eTest('completion inside the eval_method value offers the scoring methods', async () => {
  const doc = await open();
  const list = await vscode.commands.executeCommand<vscode.CompletionList>('vscode.executeCompletionItemProvider', doc.uri, positionOf(doc, '"keywords"', 1));
  const labels = list.items.map((i) => (typeof i.label === 'string' ? i.label : i.label.label));
  for (const method of ['keywords', 'composite', 'ewe_quality'])
    assert.ok(
      labels.some((l) => l.includes(method)),
      `${method} missing from: ${labels.slice(0, 30).join(', ')}`,
    );
});

e2eTest('the outline lists the tests by id with their scoring method', async () => {
  const doc = await open();
  // VS Code's built-in JSON support adds its own symbols; ours are the tests, named by id, detail = method.
  const symbols = await vscode.commands.executeCommand<vscode.DocumentSymbol[]>('vscode.executeDocumentSymbolProvider', doc.uri);
  const tests = symbols.filter((s) => s.detail === 'keywords');
  assert.deepEqual(
    tests.map((s) => s.name),
    ['e2e_grammar_01', 'e2e_grammar_01'],
    JSON.stringify(symbols.map((s) => [s.name, s.detail])),
  );
});
