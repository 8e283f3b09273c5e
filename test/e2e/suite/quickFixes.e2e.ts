import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { applyQuickFix, diagnosticsWithCode, e2eTest, ourDiagnostics, until, workspaceFile } from './harness';

// All three fixes work on tests/fixes.json, one after another, each starting from the diagnostics of the text
// the previous one left.
const uri = () => workspaceFile('tests/fixes.json');
const tests = async () => JSON.parse((await vscode.workspace.openTextDocument(uri())).getText()) as Record<string, unknown>[];

e2eTest('the look-alike quick fix puts Ɖ where the Latin Ð was', async () => {
  await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(uri()));
  const [hit] = await diagnosticsWithCode(uri(), 'confusable-char');
  await applyQuickFix(uri(), hit.range, /^Replace look-alike 'Ð' \(U\+00D0\) with 'Ɖ'$/);
  assert.equal((await tests())[1].prompt, 'Ɖe wòle Lomé?');
  await until('confusable-char to clear', () => ourDiagnostics(uri(), 'confusable-char').length === 0);
});

e2eTest('the renumber-id quick fix gives the second occurrence a fresh id and clears duplicate-id', async () => {
  const found = await diagnosticsWithCode(uri(), 'duplicate-id');
  const second = [...found].sort((a, b) => b.range.start.line - a.range.start.line)[0];
  await applyQuickFix(uri(), second.range, /^Renumber to /);
  const ids = (await tests()).map((t) => t.id).filter((id) => id !== undefined);
  assert.equal(ids[0], 'e2e_fix_01', 'the first occurrence keeps its id');
  assert.equal(new Set(ids).size, ids.length, `ids after the fix: ${ids.join(', ')}`);
  await until('duplicate-id to clear', () => ourDiagnostics(uri(), 'duplicate-id').length === 0);
});

e2eTest('the add-field quick fix inserts the missing id and clears missing-field', async () => {
  const [missing] = await diagnosticsWithCode(uri(), 'missing-field');
  await applyQuickFix(uri(), missing.range, /^Add field `id`/);
  assert.ok('id' in (await tests())[2], 'the third test has an id key');
  await until('missing-field to clear', () => ourDiagnostics(uri(), 'missing-field').length === 0);
});
