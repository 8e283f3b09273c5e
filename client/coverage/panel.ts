import * as crypto from 'node:crypto';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { FileCoverageReport } from '../../core/coverage/report';
import { renderCoverageHtml, type PreviewStrings } from './previewHtml';

export type ReportSource = (uri: vscode.Uri) => Promise<FileCoverageReport | undefined>;

function strings(): PreviewStrings {
  return {
    title: vscode.l10n.t('Character coverage'),
    specialLetters: vscode.l10n.t('special letters'),
    missing: vscode.l10n.t('missing'),
    occurrences: vscode.l10n.t('Where it occurs'),
    noOccurrence: vscode.l10n.t('This letter does not occur in the file.'),
    perItem: vscode.l10n.t('Coverage per test or entry'),
    item: vscode.l10n.t('Test or entry'),
    distinct: vscode.l10n.t('Letters'),
    lookAlikes: vscode.l10n.t('Look-alike characters'),
    noText: vscode.l10n.t('No text in a language with a profile in this file.'),
    more: vscode.l10n.t('{0} more not shown'),
    toneMarks: vscode.l10n.t('Tone marks'),
    nasalVowels: vscode.l10n.t('Nasal vowels'),
  };
}

const isJson = (doc: vscode.TextDocument) => doc.languageId === 'json' || doc.languageId === 'jsonc';

/**
 * The coverage preview beside the editor, following the active JSON file and refreshed (debounced) as it
 * changes; clicking an occurrence in the page moves the editor there. Plus the `Ewe 6/7` status bar item.
 */
export function registerCoveragePreview(context: vscode.ExtensionContext, getReport: ReportSource): vscode.Disposable & { refresh(): void } {
  let panel: vscode.WebviewPanel | undefined;
  let shown: vscode.Uri | undefined;
  let timer: NodeJS.Timeout | undefined;
  const status = vscode.window.createStatusBarItem('ewebench.coverage', vscode.StatusBarAlignment.Right, 99);
  status.name = vscode.l10n.t('Character coverage');
  status.command = 'ewebench.showCoverage';

  const refreshStatus = async (doc: vscode.TextDocument | undefined) => {
    if (!doc || !isJson(doc)) return status.hide();
    const report = await getReport(doc.uri).catch(() => undefined);
    const lang = report?.languages[0];
    if (!lang) return status.hide();
    const present = lang.specialLetters.length - lang.missing.length;
    status.text = `${lang.name[vscode.env.language.startsWith('fr') ? 'fr' : 'en']} ${present}/${lang.specialLetters.length}`;
    status.tooltip = lang.missing.length ? vscode.l10n.t('Special letters never used: {0}. Click for the coverage preview.', lang.missing.join(' ')) : vscode.l10n.t('Every special letter is used. Click for the coverage preview.');
    status.show();
  };

  const update = async () => {
    const editor = vscode.window.activeTextEditor;
    void refreshStatus(editor?.document);
    if (!panel || !editor || !isJson(editor.document)) return;
    shown = editor.document.uri;
    panel.title = vscode.l10n.t('Coverage: {0}', path.basename(shown.fsPath));
    const report = await getReport(shown).catch(() => undefined);
    void panel.webview.postMessage({ type: 'update', report: report ?? null });
  };

  const schedule = (delay: number) => {
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => void update(), delay);
  };

  const open = async () => {
    const editor = vscode.window.activeTextEditor;
    if (!editor || !isJson(editor.document)) {
      void vscode.window.showInformationMessage(vscode.l10n.t('Open a ÈwéBench tests file or a Rosetta corpus to see its character coverage.'));
      return;
    }
    shown = editor.document.uri;
    if (!panel) {
      panel = vscode.window.createWebviewPanel('ewebench.coverage', vscode.l10n.t('Coverage: {0}', path.basename(shown.fsPath)), { viewColumn: vscode.ViewColumn.Beside, preserveFocus: true }, { enableScripts: true, localResourceRoots: [] });
      panel.onDidDispose(() => (panel = undefined), undefined, context.subscriptions);
      panel.webview.onDidReceiveMessage(async (message: { type?: string; offset?: number }) => {
        if (message.type !== 'reveal' || typeof message.offset !== 'number' || !shown) return;
        const doc = await vscode.workspace.openTextDocument(shown);
        const position = doc.positionAt(message.offset);
        const target = await vscode.window.showTextDocument(doc, { viewColumn: vscode.ViewColumn.One, preserveFocus: false });
        target.selection = new vscode.Selection(position, position);
        target.revealRange(new vscode.Range(position, position), vscode.TextEditorRevealType.InCenter);
      }, undefined, context.subscriptions);
    }
    const report = await getReport(shown).catch(() => undefined);
    panel.webview.html = renderCoverageHtml(report, { nonce: crypto.randomBytes(16).toString('base64'), cspSource: panel.webview.cspSource, fileName: path.basename(shown.fsPath), strings: strings() });
    panel.reveal(vscode.ViewColumn.Beside, true);
  };

  const disposables = [
    status,
    vscode.commands.registerCommand('ewebench.showCoverage', open),
    vscode.window.onDidChangeActiveTextEditor(() => schedule(50)),
    // Large corpora take a moment to count: wait for a pause in typing, the page never blocks the editor.
    vscode.workspace.onDidChangeTextDocument((event) => {
      if (event.document === vscode.window.activeTextEditor?.document) schedule(400);
    }),
    // The server's first diagnostics for the active file also mean it can now answer coverage requests.
    vscode.languages.onDidChangeDiagnostics((event) => {
      const active = vscode.window.activeTextEditor?.document.uri.toString();
      if (active && event.uris.some((u) => u.toString() === active) && !status.text) schedule(100);
    }),
  ];
  const disposable = vscode.Disposable.from(...disposables, { dispose: () => timer && clearTimeout(timer) });
  return Object.assign(disposable, { refresh: () => schedule(0) });
}
