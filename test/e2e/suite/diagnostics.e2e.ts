import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import {
  EXTENSION_ID,
  SEVERITY_NAMES,
  SOURCE,
  codeOf,
  diagnosticsWithCode,
  e2eTest,
  ourDiagnostics,
  until,
  withWorkspaceSetting,
  workspaceFile,
} from './harness';

const spanOf = (r: vscode.Range) => [r.start.line, r.start.character, r.end.line, r.end.character];

e2eTest('duplicate ids are flagged on both id values, with a link to the docs and the other occurrence', async () => {
  const uri = workspaceFile('tests/duplicates.json');
  await vscode.workspace.openTextDocument(uri);
  const found = await diagnosticsWithCode(uri, 'duplicate-id');
  const [first, second] = [...found].sort((a, b) => a.range.start.line - b.range.start.line);
  assert.equal(found.length, 2);
  // `"e2e_grammar_01"` (quotes included) on lines 3 and 9.
  assert.deepEqual(spanOf(first.range), [2, 10, 2, 26]);
  assert.deepEqual(spanOf(second.range), [8, 10, 8, 26]);
  assert.equal(second.severity, vscode.DiagnosticSeverity.Error);
  assert.ok(
    typeof second.code === 'object' && /docs\/diagnostics\.md#duplicate-id$/.test(second.code.target.toString()),
    `code link: ${JSON.stringify(second.code)}`,
  );
  assert.deepEqual(
    second.relatedInformation?.map((r) => r.location.range.start.line),
    [2],
  );
});

interface ExpectedFinding {
  code: string;
  severity: string;
  range: { start: { line: number; character: number }; end: { line: number; character: number } };
}

function asExpected(d: vscode.Diagnostic): ExpectedFinding {
  const { start, end } = d.range;
  return {
    code: codeOf(d),
    severity: SEVERITY_NAMES[d.severity],
    range: { start: { line: start.line, character: start.character }, end: { line: end.line, character: end.character } },
  };
}

const byPosition = (a: ExpectedFinding, b: ExpectedFinding) =>
  a.range.start.line - b.range.start.line || a.range.start.character - b.range.start.character || a.code.localeCompare(b.code);

// The runner copies test-fixtures/ewebench/invalid/*.json into fixtures/; their .expected.json (what the CLI must
// report, checked by test/rules/fixtures.test.ts) stay in the extension's folder. Editor and CLI must agree.
// The CLI reports syntax errors itself; in the editor the server leaves them to VS Code's JSON support unless
// `json.validate.enable` is off, so this comparison turns it off (the next test covers the default).
e2eTest(
  'with VS Code JSON validation off, every invalid ÈwéBench fixture shows exactly the findings of its .expected.json',
  () =>
    withWorkspaceSetting('json', 'validate.enable', false, async () => {
      const extension = vscode.extensions.getExtension(EXTENSION_ID);
      assert.ok(extension);
      const expectedDir = path.join(extension.extensionPath, 'test-fixtures', 'ewebench', 'invalid');
      const folder = workspaceFile('fixtures');
      const names = (await vscode.workspace.fs.readDirectory(folder))
        .map(([name]) => name)
        .filter((n) => n.endsWith('.json'))
        .sort();
      assert.ok(names.length >= 5, `only ${names.length} fixture(s) copied into ${folder.path}`);
      const cases: { name: string; uri: vscode.Uri; expected: ExpectedFinding[] }[] = [];
      for (const name of names) {
        const expectedFile = path.join(expectedDir, name.replace(/\.json$/, '.expected.json'));
        if (!fs.existsSync(expectedFile)) continue;
        const expected = (JSON.parse(fs.readFileSync(expectedFile, 'utf8')) as ExpectedFinding[]).sort(byPosition);
        const uri = vscode.Uri.joinPath(folder, name);
        await vscode.workspace.openTextDocument(uri);
        cases.push({ name, uri, expected });
      }
      assert.ok(cases.length >= 5, `only ${cases.length} fixture(s) had an .expected.json`);
      const actual = (uri: vscode.Uri) => ourDiagnostics(uri).map(asExpected).sort(byPosition);
      const agrees = (c: (typeof cases)[number]) => JSON.stringify(actual(c.uri)) === JSON.stringify(c.expected);
      // Publication is asynchronous: wait for agreement, then report whatever still differs.
      await until('every fixture to show its expected findings', () => cases.every(agrees), 15_000).catch(() => undefined);
      const show = (list: ExpectedFinding[]) =>
        list
          .map((f) => `${f.code}@${f.range.start.line + 1}:${f.range.start.character + 1}-${f.range.end.line + 1}:${f.range.end.character + 1}/${f.severity}`)
          .join(', ');
      const mismatches = cases.filter((c) => !agrees(c)).map((c) => `${c.name}: editor [${show(actual(c.uri))}] vs expected [${show(c.expected)}]`);
      assert.deepEqual(mismatches, []);
    }),
  40_000,
);

async function insertStray(uri: vscode.Uri): Promise<vscode.Position> {
  const doc = await vscode.workspace.openTextDocument(uri);
  await vscode.window.showTextDocument(doc);
  const at = doc.positionAt(doc.getText().indexOf('"prompt"'));
  const edit = new vscode.WorkspaceEdit();
  edit.insert(uri, at, '@');
  assert.ok(await vscode.workspace.applyEdit(edit));
  return at;
}

async function removeStray(uri: vscode.Uri, at: vscode.Position): Promise<void> {
  const edit = new vscode.WorkspaceEdit();
  edit.delete(uri, new vscode.Range(at, at.translate(0, 1)));
  assert.ok(await vscode.workspace.applyEdit(edit));
}

// tests/edits.json has one look-alike (Ð) on the prompt line; the stray character goes just before "prompt", so
// the look-alike moving one column to the right shows that our server has analysed the broken text.
const lookAlikeColumn = (uri: vscode.Uri) => ourDiagnostics(uri, 'confusable-char')[0]?.range.start.character;

e2eTest('a syntax error is reported once: by VS Code’s JSON support by default, not again by ours', async () => {
  const uri = workspaceFile('tests/edits.json');
  await vscode.workspace.openTextDocument(uri);
  const [lookAlike] = await diagnosticsWithCode(uri, 'confusable-char');
  const at = await insertStray(uri);
  await until('the look-alike to move with the edit', () => lookAlikeColumn(uri) === lookAlike.range.start.character + 1);
  await until('VS Code’s own JSON diagnostic', () => vscode.languages.getDiagnostics(uri).some((d) => d.source !== SOURCE && d.range.start.line === at.line));
  assert.deepEqual(ourDiagnostics(uri, 'invalid-json'), []);
  await removeStray(uri, at);
  await until('the look-alike to move back', () => lookAlikeColumn(uri) === lookAlike.range.start.character);
});

e2eTest('with VS Code JSON validation off, a stray character gives our invalid-json at that spot, and removing it clears it', () =>
  withWorkspaceSetting('json', 'validate.enable', false, async () => {
    const uri = workspaceFile('tests/edits.json');
    assert.deepEqual(ourDiagnostics(uri, 'invalid-json'), [], 'no syntax error before the edit');
    const at = await insertStray(uri);
    const [broken] = await diagnosticsWithCode(uri, 'invalid-json');
    assert.deepEqual([broken.range.start.line, broken.range.start.character], [at.line, at.character]);
    assert.equal(broken.severity, vscode.DiagnosticSeverity.Error);
    await removeStray(uri, at);
    await until('invalid-json to clear', () => ourDiagnostics(uri, 'invalid-json').length === 0);
    assert.deepEqual(ourDiagnostics(uri).map(codeOf), ['confusable-char']);
  }),
);
