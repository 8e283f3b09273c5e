import * as vscode from 'vscode';
import { toLocale } from '../../core/i18n/locale';
import { packetImportEdits } from '../../core/review/packetImportEdits';
import { lazyModules } from '../lazyModules';

/**
 * *ÈwéBench: Import Saved Ratings*: `review import` from the editor. The file a review packet's *Save ratings*
 * gave is checked against the review file (core/review/packet.ts `importRatings`: same card, reviewer, sample
 * and entries, ratings unaltered since they were saved) and merged all or nothing, as one undoable edit of the
 * review file that touches only the changed items (core/review/packetImportEdits.ts: its code, JsonDocument and
 * jsonEdits, is the client's own already; only the checks load with the boards).
 */

const fileName = (uri: vscode.Uri) => uri.path.split('/').pop() ?? '';
const REVIEW_FILE = /\.review(\.[^.]+)?\.json$/i;

function parse(text: string): unknown {
  try {
    return JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text) as unknown;
  } catch {
    return undefined;
  }
}

/** `review` and `saved`: the files (a test passes them); otherwise the active review file and an open dialog. True when the import was applied. */
export async function importSavedRatings(given?: vscode.Uri, savedGiven?: vscode.Uri): Promise<boolean> {
  const active = vscode.window.activeTextEditor?.document.uri;
  const reviewUri =
    given ??
    (active && REVIEW_FILE.test(active.path) ? active : undefined) ??
    (
      await vscode.window.showOpenDialog({
        canSelectMany: false,
        filters: { JSON: ['json'] },
        openLabel: vscode.l10n.t('Import into this review'),
      })
    )?.[0];
  if (!reviewUri) return false;
  const savedUri =
    savedGiven ??
    (
      await vscode.window.showOpenDialog({
        canSelectMany: false,
        defaultUri: vscode.Uri.joinPath(reviewUri, '..'),
        filters: { JSON: ['json'] },
        openLabel: vscode.l10n.t('Import these ratings'),
      })
    )?.[0];
  if (!savedUri) return false;
  const locale = toLocale(vscode.env.language);
  let savedText: string;
  try {
    savedText = new TextDecoder().decode(await vscode.workspace.fs.readFile(savedUri));
  } catch {
    void vscode.window.showErrorMessage(vscode.l10n.t('{0} cannot be read: nothing imported.', fileName(savedUri)));
    return false;
  }
  const saved = parse(savedText);
  if (saved === undefined) {
    void vscode.window.showErrorMessage(vscode.l10n.t('{0} is not JSON: nothing imported.', fileName(savedUri)));
    return false;
  }
  const document = await vscode.workspace.openTextDocument(reviewUri);
  const text = document.getText();
  const review = parse(text);
  const { importRatings, importProblemText, packetMessage } = await lazyModules().boards();
  const result = importRatings(saved, review);
  if (!result.ok) {
    const [first, ...others] = result.problems.map((p) => importProblemText(p, locale, fileName(savedUri), fileName(reviewUri)));
    const more =
      others.length === 0
        ? ''
        : ' ' +
          (others.length === 1
            ? vscode.l10n.t('(1 more problem: ewebench-studio review import lists them all.)')
            : vscode.l10n.t('({0} more problems: ewebench-studio review import lists them all.)', others.length));
    void vscode.window.showErrorMessage(vscode.l10n.t('Nothing imported. {0}', first + more));
    return false;
  }
  const edits = packetImportEdits(text, result.changes);
  if (!edits) {
    void vscode.window.showErrorMessage(vscode.l10n.t('{0} changed while it was read: nothing imported. Try again.', fileName(reviewUri)));
    return false;
  }
  if (edits.length > 0) {
    const wasDirty = document.isDirty;
    const edit = new vscode.WorkspaceEdit();
    for (const e of edits) edit.replace(reviewUri, new vscode.Range(document.positionAt(e.start), document.positionAt(e.end)), e.text);
    if (!(await vscode.workspace.applyEdit(edit))) {
      void vscode.window.showErrorMessage(vscode.l10n.t('{0} could not be edited: nothing imported.', fileName(reviewUri)));
      return false;
    }
    // A file with unsaved changes of the user's own stays unsaved: saving it would save theirs too.
    if (!wasDirty) await document.save();
  }
  void vscode.window.showInformationMessage(
    packetMessage(locale, 'imported', {
      review: fileName(reviewUri),
      file: fileName(savedUri),
      changed: result.changes.length,
      rated: result.rated,
      total: result.total,
    }),
  );
  return true;
}

export function registerImportSavedRatings(context: vscode.ExtensionContext): void {
  context.subscriptions.push(
    vscode.commands.registerCommand('ewebench.reviewImport', (uri?: vscode.Uri, saved?: vscode.Uri) =>
      importSavedRatings(uri instanceof vscode.Uri ? uri : undefined, saved instanceof vscode.Uri ? saved : undefined),
    ),
  );
}
