import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as vscode from 'vscode';
import { E2E_KEY, E2E_KEY_ENV, E2E_MODEL, e2eModelSetting, startE2eModel } from '../fakeModel';
import { diagnosticsWithCode, e2eTest, openEditor, until, workspaceFile } from './harness';

async function lensTitles(uri: vscode.Uri): Promise<{ title: string; lens: vscode.CodeLens }[]> {
  const lenses = (await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', uri, 200)) ?? [];
  return lenses.filter((l) => l.command).map((lens) => ({ title: lens.command?.title ?? '', lens }));
}

e2eTest(
  'a suite item file: its answer outside the choices is a diagnostic at the cell, and ▶ Run on an item shows the answer read after #### with ✓',
  async () => {
    const server = await startE2eModel();
    const config = vscode.workspace.getConfiguration('ewebench');
    const before = { models: config.inspect('models')?.workspaceValue, current: config.inspect('currentModel')?.workspaceValue };
    try {
      await config.update('models', e2eModelSetting(server.baseUrl), vscode.ConfigurationTarget.Workspace);
      await config.update('run.keyOrigins', { [E2E_KEY_ENV]: [new URL(server.baseUrl).origin] }, vscode.ConfigurationTarget.Global);
      await config.update('currentModel', 'Fake Ewe model', vscode.ConfigurationTarget.Workspace);
      // The suite file is in the workspace: the language server registers the item file it names.
      const editor = await openEditor('suite/items/mmlu_e2e.tsv');
      const uri = editor.document.uri;
      const [diagnostic] = await diagnosticsWithCode(uri, 'item-answer');
      assert.equal(diagnostic.range.start.line, 2);
      assert.equal(editor.document.getText(diagnostic.range), 'E');
      assert.match(diagnostic.message, /"E" of item e2e_q2 is not one of its choices/);
      // The item that reads has ▶ Run on its row; the one with a diagnostic has none.
      const run = await until(
        'the ▶ Run lens of e2e_q1',
        async () => {
          const lenses = (await lensTitles(uri)).filter((l) => l.title === '▶ Run');
          return lenses.length === 1 && lenses[0];
        },
        20_000,
      );
      assert.equal(run.lens.range.start.line, 1);
      const command = run.lens.command as vscode.Command;
      await vscode.commands.executeCommand(command.command, ...(command.arguments ?? []));
      const title = await until('the answer in the lens', async () => (await lensTitles(uri)).map((l) => l.title).find((t) => t.startsWith('✓ A · ')), 30_000);
      assert.match(title, new RegExp(`^✓ A · \\d+ ms · ${E2E_MODEL}$`));
      // One request, the framework's multiple-choice prompt, with the key from the environment.
      assert.equal(server.requests.length, 1);
      const body = server.requests[0].body as { messages: { role: string; content: string }[] };
      assert.ok(body.messages[0].content.startsWith('Solve the following multiple choice question.'));
      assert.ok(body.messages[0].content.includes('A. Togo\nB. Ghana\nC. Benin'));
      // The suite results file in the results folder: the responses `suite score` reads, without the key.
      const files = await until('a suite results file', () => {
        const dir = workspaceFile('results').fsPath;
        return fs.existsSync(dir) && fs.readdirSync(dir).filter((f) => /^suite_mmlu_e2e_.*\.json$/.test(f));
      });
      const text = fs.readFileSync(workspaceFile(`results/${files[0]}`).fsPath, 'utf8');
      const saved = JSON.parse(text) as { suite_responses_version: number; tasks: Record<string, Record<string, string[]>> };
      assert.equal(saved.suite_responses_version, 1);
      assert.deepEqual(saved.tasks, { mmlu_e2e: { e2e_q1: ['Lomé nye Togo ƒe fiadu. #### A'] } });
      assert.ok(!text.includes(E2E_KEY));
      return title;
    } finally {
      await config.update('models', before.models, vscode.ConfigurationTarget.Workspace);
      await config.update('currentModel', before.current, vscode.ConfigurationTarget.Workspace);
      await server.stop();
    }
  },
  90_000,
);
