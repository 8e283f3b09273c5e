import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as vscode from 'vscode';
import { generateCorpus } from '../../../bench/generate';
import type { FakeOpenAI } from '../../helpers/fakeOpenAI';
import { E2E_KEY_ENV, e2eModelSetting, startE2eModel } from '../fakeModel';
import { e2eTest, until, workspaceFile } from './harness';

const KEYSTROKES = 60;
/** A fluent typist's pace between keys. */
const KEY_GAP_MS = 40;
/** After the last key, what the parts that wait for a pause (lenses, Test Explorer) take to catch up. */
const SETTLE_MS = 1500;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function lenses(uri: vscode.Uri): Promise<vscode.CodeLens[]> {
  return (await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', uri, 100)) ?? [];
}

/**
 * The extension host's CPU time (user + system, this process) for `KEYSTROKES` one-letter edits inside one
 * entry, a key every `KEY_GAP_MS`, then `SETTLE_MS`. The editor is visible: VS Code asks for its lenses and the
 * Test Explorer follows the document on their own schedule, as they do when a user types.
 */
async function typeAndMeasure(editor: vscode.TextEditor, at: vscode.Position): Promise<number> {
  const before = process.cpuUsage();
  const started = performance.now();
  for (let i = 0; i < KEYSTROKES; i++) {
    await editor.edit((b) => b.insert(at.translate(0, i), 'ɛ'), { undoStopBefore: false, undoStopAfter: false });
    await pause(KEY_GAP_MS);
    if ((i + 1) % 10 === 0) progress(`${i + 1} keys in ${(performance.now() - started).toFixed(0)} ms, ${cpuMs(before).toFixed(0)} ms of CPU`);
  }
  await pause(SETTLE_MS);
  return cpuMs(before);
}

function cpuMs(since: NodeJS.CpuUsage): number {
  const used = process.cpuUsage(since);
  return (used.user + used.system) / 1000;
}

/** Where the bench is, in the runner's log (E2E_VERBOSE=1): a slow step shows which one. */
function progress(what: string): void {
  console.log(`keystrokes bench: ${what}`);
}

let server: FakeOpenAI | undefined;

// A measurement, not a check: it runs when asked (`npm run bench:keystrokes`), never in the default e2e run.
if (process.env.E2E_BENCH === 'keystrokes')
  e2eTest(
    'keystrokes in a 20,000-entry corpus with its lenses and the Test Explorer showing it: the extension host’s CPU time beside a plain-text file’s (figures printed, not asserted)',
    async () => {
      const file = workspaceFile('keystrokes_corpus.json');
      fs.writeFileSync(file.fsPath, generateCorpus(20_000));
      server = await startE2eModel();
      const config = vscode.workspace.getConfiguration('ewebench');
      await config.update('models', e2eModelSetting(server.baseUrl), vscode.ConfigurationTarget.Workspace);
      await config.update('run.keyOrigins', { [E2E_KEY_ENV]: [new URL(server.baseUrl).origin] }, vscode.ConfigurationTarget.Global);
      await config.update('currentModel', 'Fake Ewe model', vscode.ConfigurationTarget.Workspace);
      try {
        const doc = await vscode.workspace.openTextDocument(file);
        const editor = await vscode.window.showTextDocument(doc);
        // One entry run from its lens: the Test Explorer lists the file's entries from then on (as when expanded).
        progress('corpus open');
        const translate = await until('the entry lenses', async () => (await lenses(file)).find((l) => l.command?.title.startsWith('▶ Translate')), 30_000);
        await vscode.commands.executeCommand(translate.command!.command, ...(translate.command!.arguments ?? []));
        await until('the entry’s result', async () => (await lenses(file)).some((l) => /^chrF\+\+ /.test(l.command?.title ?? '')), 30_000);
        progress('lenses and one result shown');
        const at = doc.positionAt(doc.getText().indexOf('"reference": "') + '"reference": "'.length);
        const ours = await typeAndMeasure(editor, at);
        assert.equal(doc.getText().split('ɛ'.repeat(KEYSTROKES)).length, 2, 'every keystroke reached the document');
        // The floor: the same text and keys in a plain-text document, which none of our parts reads.
        const plain = await vscode.workspace.openTextDocument({ language: 'plaintext', content: doc.getText() });
        const plainEditor = await vscode.window.showTextDocument(plain);
        const floor = await typeAndMeasure(plainEditor, at);
        await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
        await vscode.window.showTextDocument(doc);
        await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
        return `${KEYSTROKES} keystrokes (${KEY_GAP_MS} ms apart, ${SETTLE_MS} ms to settle) in a 20,000-entry corpus (${(doc.getText().length / 1e6).toFixed(1)} MB) with its lenses and the Test Explorer listing its entries: the extension host used ${ours.toFixed(0)} ms of CPU; the same keys in a plain-text copy: ${floor.toFixed(0)} ms (×${(ours / Math.max(floor, 1)).toFixed(1)})`;
      } finally {
        await server?.stop();
        fs.rmSync(file.fsPath, { force: true });
        await config.update('currentModel', undefined, vscode.ConfigurationTarget.Workspace);
        await config.update('models', undefined, vscode.ConfigurationTarget.Workspace);
      }
    },
    600_000,
  );
