import * as vscode from 'vscode';
import { composeAfterTyping, insideJsonString, madeLiteralPrefix } from '../../core/typing/eweInput';
import { isJsonDocument } from '../../core/workspace/files';
import { setting, updateUserSetting } from '../config';

function enabled(): boolean {
  return setting('eweInput.enable');
}

/**
 * Thin adapter over core's `composeAfterTyping`: when a key typed inside a JSON string completes a sequence
 * (`;d` → ɖ), the keys are replaced by the letter in the same undo step, so one Ctrl+Z gives the keys back.
 * Only single-key typing at one cursor composes; pastes, undo/redo and multi-cursor edits are left alone.
 */
export function registerEweInput(context: vscode.ExtensionContext): void {
  // Where a `;;` just became `;`: that `;` is text, and the next key must not compose with it.
  let literal: { uri: string; version: number; line: number; character: number } | undefined;

  context.subscriptions.push(
    vscode.workspace.onDidChangeTextDocument((event) => {
      if (event.reason !== undefined || event.contentChanges.length !== 1 || !enabled()) return;
      const document = event.document;
      if (!isJsonDocument({ languageId: document.languageId, uri: document.uri.toString() })) return;
      const change = event.contentChanges[0];
      if (change.text.length !== 1 || change.rangeLength !== 0) return;
      const editor = vscode.window.visibleTextEditors.find((e) => e.document === document);
      if (!editor || editor.selections.length !== 1) return;
      const { line, character } = change.range.start;
      const text = document.lineAt(line).text;
      const end = character + 1;
      if (end < 2 || !insideJsonString(text, end - 2)) return;
      const wasLiteral =
        literal !== undefined &&
        literal.uri === document.uri.toString() &&
        literal.version === document.version - 1 &&
        literal.line === line &&
        literal.character === end - 2;
      literal = undefined;
      const composition = composeAfterTyping(text.slice(0, end), wasLiteral);
      if (!composition) return;
      const range = new vscode.Range(line, end - composition.deleteBefore, line, end);
      const version = document.version;
      // editor.edit refuses to apply when the document changed meanwhile (another key typed): nothing stale lands.
      void editor
        .edit((builder) => builder.replace(range, composition.insert), { undoStopBefore: false, undoStopAfter: false })
        .then((applied) => {
          if (applied && madeLiteralPrefix(composition))
            literal = { uri: document.uri.toString(), version: version + 1, line, character: end - composition.deleteBefore };
        });
    }),
    vscode.commands.registerCommand('ewebench.toggleEweInput', async () => {
      const next = !enabled();
      await updateUserSetting('eweInput.enable', next);
      void vscode.window.showInformationMessage(
        next ? vscode.l10n.t("Ewe typing is on: ;d gives ɖ, e;' gives é (see the README for every sequence).") : vscode.l10n.t('Ewe typing is off.'),
      );
    }),
  );
}
