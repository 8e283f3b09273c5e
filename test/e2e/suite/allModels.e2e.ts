import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { E2E_KEY_ENV, E2E_MODEL, E2E_MODEL_B, e2eModelSetting, startE2eModel } from '../fakeModel';
import { e2eTest, openEditor, until } from './harness';

async function lensTitles(uri: vscode.Uri): Promise<{ title: string; lens: vscode.CodeLens }[]> {
  const lenses = (await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', uri, 200)) ?? [];
  return lenses.filter((l) => l.command).map((lens) => ({ title: lens.command?.title ?? '', lens }));
}

e2eTest(
  "Run on all models from a test's lens runs it against both configured models and shows each model's result in its lens",
  async () => {
    const server = await startE2eModel();
    const config = vscode.workspace.getConfiguration('ewebench');
    const before = config.inspect('models')?.workspaceValue;
    try {
      // Two models on the local server: the first answers the test right, the second knows nothing.
      const [first] = e2eModelSetting(server.baseUrl);
      await config.update('models', [first, { ...first, label: 'Fake Ewe model B', model: E2E_MODEL_B }], vscode.ConfigurationTarget.Workspace);
      await config.update('run.keyOrigins', { [E2E_KEY_ENV]: [new URL(server.baseUrl).origin] }, vscode.ConfigurationTarget.Global);
      const editor = await openEditor('tests/allmodels_e2e.json');
      const uri = editor.document.uri;
      const all = await until('the ▶ All models lens', async () => (await lensTitles(uri)).find((l) => l.title === '▶ All models'));
      const command = all.lens.command as vscode.Command;
      await vscode.commands.executeCommand(command.command, ...(command.arguments ?? []));
      const expected = `${E2E_MODEL} ✓ 1.0 · ${E2E_MODEL_B} ✗ 0.0`;
      const lens = await until("both models' results in the lens", async () => (await lensTitles(uri)).find((l) => l.title === expected), 30_000);
      assert.deepEqual(server.requests.map((r) => (r.body as { model: string }).model).sort(), [E2E_MODEL, E2E_MODEL_B]);
      // Its details put the two responses side by side.
      const show = lens.lens.command as vscode.Command;
      await vscode.commands.executeCommand(show.command, ...(show.arguments ?? []));
      const doc = await until('the side-by-side details', () =>
        vscode.workspace.textDocuments.find((d) => d.uri.scheme === 'ewebench-result' && d.getText().includes('e2e_all_models')),
      );
      const text = doc.getText();
      assert.match(text, /Responses side by side/);
      assert.match(text, /Ŋdi nyuie, xɔ̃nye! +│ Nyemenya o\./);
      return expected;
    } finally {
      await config.update('models', before, vscode.ConfigurationTarget.Workspace);
      await server.stop();
    }
  },
  60_000,
);
