import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { CompletionRequest, HoverRequest, type CompletionItem, type Hover } from 'vscode-languageserver-protocol/node';
import { TestLspClient } from '../helpers/lspClient';

/** A task suite file through the real language server: recognised, validated, completed and explained from its schema. */
let client: TestLspClient;
let workspace: string;
const uriOf = (name: string) => pathToFileURL(path.join(workspace, name)).toString();

before(async () => {
  workspace = fs.mkdtempSync(path.join(os.tmpdir(), 'ewb-lsp-suite-'));
  client = new TestLspClient();
  await client.initialize({ rootUri: pathToFileURL(workspace).toString(), locale: 'en' });
});

after(async () => {
  await client.shutdown();
  fs.rmSync(workspace, { recursive: true, force: true });
});

test('a suite file with an unknown task, a duplicate task id and topics outside classification gets diagnostics at their places', async () => {
  const uri = uriOf('ewe.suite.json');
  const text = `{
  "suite_version": 1,
  "tasks": [
    { "id": "mmlu", "task": "multiple_choice", "competency": "NLU", "items": "mmlu.tsv" },
    { "id": "mmlu", "task": "quiz", "competency": "NLU", "items": "quiz.tsv" },
    { "id": "mgsm", "task": "math", "competency": "NLR", "items": "mgsm.tsv", "topics": ["a", "b"] }
  ]
}
`;
  client.open(uri, text);
  const { diagnostics } = await client.waitForDiagnostics(uri, (d) => d.diagnostics.length >= 3);
  assert.deepEqual(
    diagnostics.map((d) => `${d.range.start.line}:${d.code}`).sort(),
    ['4:duplicate-id', '4:invalid-value', '5:unknown-field'],
    JSON.stringify(diagnostics),
  );
});

test('completion offers the tasks and the competencies; hover explains a field in the user’s words', async () => {
  const uri = uriOf('complete.suite.json');
  client.open(uri, '{\n  "suite_version": 1,\n  "tasks": [{ "id": "x", "task": "", "competency": "", "items": "x.tsv" }]\n}\n');
  await client.waitForDiagnostics(uri);
  const tasks = (await client.connection.sendRequest(CompletionRequest.type, {
    textDocument: { uri },
    position: { line: 2, character: 35 },
  })) as CompletionItem[];
  assert.ok(
    tasks.some((i) => i.label === '"nli"'),
    tasks.map((i) => i.label).join(),
  );
  const competencies = (await client.connection.sendRequest(CompletionRequest.type, {
    textDocument: { uri },
    position: { line: 2, character: 53 },
  })) as CompletionItem[];
  assert.ok(
    competencies.some((i) => i.label === '"NLR"'),
    competencies.map((i) => i.label).join(),
  );
  const hover = (await client.connection.sendRequest(HoverRequest.type, { textDocument: { uri }, position: { line: 2, character: 40 } })) as Hover | null;
  const value = hover && typeof hover.contents === 'object' && 'value' in hover.contents ? hover.contents.value : '';
  assert.match(value, /competency the task counts towards/);
});
