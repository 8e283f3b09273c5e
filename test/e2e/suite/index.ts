/**
 * End-to-end tests that run inside a real VS Code extension host (code-server here, or test-electron where
 * VS Code can be downloaded), against the extension as users get it, through the `vscode` API.
 */
import assert from 'node:assert/strict';
import * as vscode from 'vscode';

const tests: [string, () => Promise<void>][] = [];
const test = (name: string, fn: () => Promise<void>) => tests.push([name, fn]);

const folder = () => vscode.workspace.workspaceFolders![0].uri;
const fileUri = (rel: string) => vscode.Uri.joinPath(folder(), rel);
const codeOf = (d: vscode.Diagnostic) => (typeof d.code === 'object' ? String(d.code.value) : String(d.code));

async function until<T>(what: string, probe: () => T | undefined | Promise<T | undefined>, timeoutMs = 30000): Promise<T> {
  const start = Date.now();
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() - start > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

async function ours(uri: vscode.Uri, code: string): Promise<vscode.Diagnostic[]> {
  return until(`${code} on ${uri.path}`, () => {
    const list = vscode.languages.getDiagnostics(uri).filter((d) => d.source === 'ewebench' && codeOf(d) === code);
    return list.length ? list : undefined;
  });
}

test('the extension activates when a JSON file opens', async () => {
  await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(fileUri('tests/duplicates.json')));
  const ext = await until('the extension', () => vscode.extensions.all.find((e) => e.packageJSON.name === 'ewebench-studio'));
  await ext.activate();
  assert.ok(ext.isActive);
});

test('duplicate ids show as diagnostics with the exact range, a docs link and related information', async () => {
  const [first, second] = await ours(fileUri('tests/duplicates.json'), 'duplicate-id');
  assert.deepEqual([first.range.start.line, first.range.start.character, first.range.end.character], [2, 10, 25]);
  assert.equal(second.range.start.line, 8);
  assert.ok(typeof second.code === 'object' && /README\.md#duplicate-id$/.test(second.code.target.toString()));
  assert.equal(second.relatedInformation?.[0].location.range.start.line, 2);
});

test('the look-alike Ð is flagged and its quick fix puts Ɖ in the document', async () => {
  const uri = fileUri('tests/duplicates.json');
  const [hit] = await ours(uri, 'confusable-char');
  const fix = await until('the look-alike quick fix', async () => {
    const actions = await vscode.commands.executeCommand<vscode.CodeAction[]>('vscode.executeCodeActionProvider', uri, hit.range, vscode.CodeActionKind.QuickFix.value);
    return actions.find((a) => a.edit && a.title.includes('intended letter'));
  });
  assert.ok(fix.edit && (await vscode.workspace.applyEdit(fix.edit)), 'the edit applies');
  const doc = await vscode.workspace.openTextDocument(uri);
  assert.match(doc.getText(), /"Ɖe wòle Togo\?"/);
  await until('the look-alike to be gone', () => !vscode.languages.getDiagnostics(uri).some((d) => codeOf(d) === 'confusable-char') || undefined);
});

test('the renumber quick fix clears the duplicate', async () => {
  const uri = fileUri('tests/duplicates.json');
  const dups = await ours(uri, 'duplicate-id');
  const actions = await vscode.commands.executeCommand<vscode.CodeAction[]>('vscode.executeCodeActionProvider', uri, dups[1].range, vscode.CodeActionKind.QuickFix.value);
  const renumber = actions.find((a) => /lc_grammar_02/.test(a.title));
  assert.ok(renumber?.edit, actions.map((a) => a.title).join(' | '));
  await vscode.workspace.applyEdit(renumber.edit);
  await until('no duplicate-id', () => !vscode.languages.getDiagnostics(uri).some((d) => codeOf(d) === 'duplicate-id') || undefined);
});

test('hover on a field key shows the schema documentation', async () => {
  const uri = fileUri('tests/duplicates.json');
  const hovers = await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', uri, new vscode.Position(4, 8));
  const text = hovers.flatMap((h) => h.contents.map((c) => (typeof c === 'string' ? c : c.value))).join('\n');
  assert.match(text, /eval_method/);
});

test('completion offers the scoring methods for eval_method', async () => {
  const uri = fileUri('tests/duplicates.json');
  const list = await vscode.commands.executeCommand<vscode.CompletionList>('vscode.executeCompletionItemProvider', uri, new vscode.Position(4, 21));
  const labels = list.items.map((i) => (typeof i.label === 'string' ? i.label : i.label.label));
  assert.ok(labels.some((l) => l.includes('composite')), labels.slice(0, 20).join(','));
});

test('the outline lists tests by id', async () => {
  const uri = fileUri('tests/duplicates.json');
  // VS Code's own JSON support contributes symbols too; ours are the tests, named by id, with their method.
  const symbols = await vscode.commands.executeCommand<vscode.DocumentSymbol[]>('vscode.executeDocumentSymbolProvider', uri);
  const tests = symbols.filter((s) => s.detail === 'keywords');
  assert.deepEqual(tests.map((s) => s.name), ['lc_grammar_01', 'lc_grammar_02'], JSON.stringify(symbols.map((s) => [s.name, s.detail])));
});

test('the coverage command opens the preview beside the editor', async () => {
  await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(fileUri('corpus.json')));
  await vscode.commands.executeCommand('ewebench.showCoverage');
  await until('the coverage tab', () =>
    vscode.window.tabGroups.all.flatMap((g) => g.tabs).find((t) => t.input instanceof vscode.TabInputWebview && t.input.viewType.includes('ewebench.coverage')),
  );
});

export async function run(): Promise<void> {
  let passed = 0;
  let failed = 0;
  for (const [name, fn] of tests) {
    try {
      await fn();
      passed++;
      console.log(`✔ ${name}`);
    } catch (error) {
      failed++;
      console.log(`✖ ${name}\n    ${(error instanceof Error ? error.message : String(error)).replace(/\s+/g, ' ')}`);
    }
  }
  console.log(`extension host: ${passed} passed, ${failed} failed`);
  if (failed) throw new Error(`${failed} end-to-end test(s) failed`);
}
