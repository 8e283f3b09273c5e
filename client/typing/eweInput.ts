import * as vscode from 'vscode';
import { insideJsonString, runEdit, runKey, runLanded, runTarget, startRun, type TypingRun } from '../../core/typing/eweInput';
import { isJsonDocument } from '../../core/workspace/files';
import { setting, updateUserSetting } from '../config';

function enabled(): boolean {
  return setting('eweInput.enable');
}

/** The keys typed at the end of one line of one document, and the edit sent for them that may still land. */
interface LineRun {
  line: number;
  run: TypingRun;
  sent?: { version: number; start: number; end: number; insert: string; target: string };
}

/**
 * Thin adapter over core's typing runs: the keys typed one after another at the end of a line are kept, and the
 * line is brought to what they compose to (`;d` → ɖ, inside JSON strings) by one edit in the same undo step, so
 * one Ctrl+Z gives the keys back. An edit the editor refuses because the next key came first (typing at speed)
 * is not lost: the next key's edit carries it, and the last key's lands. Only single-key typing at one cursor
 * composes; pastes, undo/redo and multi-cursor edits end the run.
 */
export function registerEweInput(context: vscode.ExtensionContext): void {
  const runs = new Map<string, LineRun>();

  context.subscriptions.push(
    vscode.workspace.onDidChangeTextDocument((event) => {
      const document = event.document;
      const uri = document.uri.toString();
      const state = runs.get(uri);
      runs.delete(uri);
      if (event.reason !== undefined || event.contentChanges.length !== 1 || !enabled()) return;
      if (!isJsonDocument({ languageId: document.languageId, uri })) return;
      const change = event.contentChanges[0];
      const { line, character } = change.range.start;
      const sent = state?.sent;
      if (
        state &&
        sent &&
        sent.version === document.version - 1 &&
        line === state.line &&
        character === sent.start &&
        change.rangeLength === sent.end - sent.start &&
        change.text === sent.insert
      ) {
        // Our own edit landed.
        runs.set(uri, { line, run: runLanded(state.run, sent.target) });
        return;
      }
      if (change.text.length !== 1 || change.rangeLength !== 0) return;
      const editor = vscode.window.visibleTextEditors.find((e) => e.document === document);
      if (!editor || editor.selections.length !== 1) return;
      const text = document.lineAt(line).text;
      const continues = state !== undefined && state.line === line && character === state.run.held.length && text.startsWith(state.run.held);
      if (!continues && !insideJsonString(text, character)) return;
      const run = runKey(continues ? state.run : startRun(text.slice(0, character)), change.text);
      const target = runTarget(run, insideJsonString);
      const edit = runEdit(run, target);
      const next: LineRun = { line, run };
      runs.set(uri, next);
      if (!edit) return;
      next.sent = { version: document.version, ...edit, target };
      // editor.edit refuses to apply when the document changed meanwhile (another key typed): the next key's
      // edit then brings the line to its target, this one's included.
      void editor.edit((builder) => builder.replace(new vscode.Range(line, edit.start, line, edit.end), edit.insert), {
        undoStopBefore: false,
        undoStopAfter: false,
      });
    }),
    vscode.workspace.onDidCloseTextDocument((document) => runs.delete(document.uri.toString())),
    vscode.commands.registerCommand('ewebench.toggleEweInput', async () => {
      const next = !enabled();
      await updateUserSetting('eweInput.enable', next);
      void vscode.window.showInformationMessage(
        next ? vscode.l10n.t("Ewe typing is on: ;d gives ɖ, e;' gives é (see the README for every sequence).") : vscode.l10n.t('Ewe typing is off.'),
      );
    }),
  );
}
