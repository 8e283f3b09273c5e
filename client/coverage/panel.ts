import * as vscode from 'vscode';
import type { FileCoverageReport } from '../../core/coverage/report';
import { toLocale } from '../../core/i18n/locale';
import { renderCoverageHtml, type PreviewStrings } from './previewHtml';
import { isJsonDocument } from '../jsonDocument';
import { contentKey, PreviewSync } from './previewSync';
import { newNonce } from '../nonce';

/** The file name of a URI of any scheme (a virtual file system's too). */
const baseName = (uri: vscode.Uri) => uri.path.slice(uri.path.lastIndexOf('/') + 1);

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

/** Typing pauses shorter than this do not recompute the report; the server computes it, off the editor. */
const EDIT_DEBOUNCE_MS = 150;

/**
 * What the preview did, counted for the end-to-end suite (read through the extension's exports): pages written
 * and loaded, updates the page rendered in place, view-state changes seen and whether the last one left it active.
 */
export interface PreviewCounts {
  pageWrites: number;
  pageLoads: number;
  updatesRendered: number;
  viewStateChanges: number;
  active?: boolean;
}

/**
 * The coverage preview beside the editor, following the active JSON file and refreshed (debounced) as it
 * changes; choosing an occurrence in the page selects it in the editor. Plus the `Ewe 6/7` status bar item.
 * The page is written once and then updated in place when its content changes (`previewSync.ts`), so clicking
 * into it, or any other change of view state, keeps its scroll position and focus.
 */
export function registerCoveragePreview(
  context: vscode.ExtensionContext,
  getReport: ReportSource,
): vscode.Disposable & { refresh(): void; counts: PreviewCounts } {
  let panel: vscode.WebviewPanel | undefined;
  let shown: vscode.Uri | undefined;
  let timer: NodeJS.Timeout | undefined;
  // Reports can arrive out of order when edits are quick; only the newest request may paint.
  let generation = 0;
  const sync = new PreviewSync();
  const counts: PreviewCounts = { pageWrites: 0, pageLoads: 0, updatesRendered: 0, viewStateChanges: 0 };
  /** The last content sent to the page, sent again to a page rebuilt from older HTML. */
  let latest: { report: FileCoverageReport | null; fileName: string } | undefined;
  const status = vscode.window.createStatusBarItem('ewebench.coverage', vscode.StatusBarAlignment.Right, 99);
  status.name = vscode.l10n.t('Character coverage');
  status.command = 'ewebench.showCoverage';
  const locale = () => toLocale(vscode.env.language);
  // The page's script (webview/coverage/main.ts), bundled for the browser; the only file the page may load.
  const scriptUri = vscode.Uri.joinPath(context.extensionUri, 'dist', 'coverageView.js');

  const showStatus = (report: FileCoverageReport | undefined) => {
    const lang = report?.languages[0];
    if (!lang) return status.hide();
    const present = lang.specialLetters.length - lang.missing.length;
    status.text = `${lang.name[locale()]} ${present}/${lang.specialLetters.length}`;
    status.tooltip = lang.missing.length
      ? vscode.l10n.t('Special letters never used: {0}. Click for the coverage preview.', lang.missing.join(' '))
      : vscode.l10n.t('Every special letter is used. Click for the coverage preview.');
    status.show();
  };

  /** Shows `report` of `uri` in the panel: the page written the first time, then updated in place, or left alone when nothing changed. */
  const paint = (uri: vscode.Uri, report: FileCoverageReport | undefined) => {
    if (!panel) return;
    shown = uri;
    const fileName = baseName(uri);
    panel.title = vscode.l10n.t('Coverage: {0}', fileName);
    const action = sync.paint(contentKey(uri.toString(), report));
    if (action === 'nothing') return;
    latest = { report: report ?? null, fileName };
    if (action === 'write-page') {
      counts.pageWrites++;
      panel.webview.html = renderCoverageHtml(report, {
        nonce: newNonce(),
        cspSource: panel.webview.cspSource,
        scriptUri: panel.webview.asWebviewUri(scriptUri).toString(),
        locale: locale(),
        fileName,
        strings: strings(),
      });
    } else {
      void panel.webview.postMessage({ type: 'update', ...latest });
    }
  };

  const update = async () => {
    const editor = vscode.window.activeTextEditor;
    if (editor && !isJsonDocument(editor.document)) return status.hide();
    // With the focus in the preview itself there is no active editor: the preview keeps its file, and follows
    // its changes.
    const uri = editor?.document.uri ?? shown;
    if (!uri) return;
    const mine = ++generation;
    const report = await getReport(uri).catch(() => undefined);
    if (mine !== generation) return;
    showStatus(report);
    paint(uri, report);
  };

  const schedule = (delay: number) => {
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => void update(), delay);
  };

  const reveal = async (offset: number, end: number) => {
    if (!shown) return;
    const uri = shown;
    const doc = await vscode.workspace.openTextDocument(uri);
    // Use the editor that already shows the file, else the column the preview was opened from.
    const column = vscode.window.visibleTextEditors.find((e) => e.document.uri.toString() === uri.toString())?.viewColumn ?? vscode.ViewColumn.One;
    const editor = await vscode.window.showTextDocument(doc, { viewColumn: column, preserveFocus: false });
    const range = new vscode.Range(doc.positionAt(offset), doc.positionAt(Math.max(offset, end)));
    editor.selection = new vscode.Selection(range.start, range.end);
    editor.revealRange(range, vscode.TextEditorRevealType.InCenterIfOutsideViewport);
  };

  const onPageMessage = (message: { type?: unknown; offset?: unknown; end?: unknown }) => {
    if (message.type === 'ready') {
      counts.pageLoads++;
      // A page rebuilt from its first HTML (shown again after being hidden) gets what was posted since.
      if (sync.pageLoaded() && latest) void panel?.webview.postMessage({ type: 'update', ...latest });
    } else if (message.type === 'rendered') {
      counts.updatesRendered++;
    } else if (message.type === 'reveal' && typeof message.offset === 'number') {
      void reveal(message.offset, typeof message.end === 'number' ? message.end : message.offset);
    }
  };

  const open = async () => {
    const editor = vscode.window.activeTextEditor;
    if (!editor || !isJsonDocument(editor.document)) {
      void vscode.window.showInformationMessage(vscode.l10n.t('Open a ÈwéBench tests file or a Rosetta corpus to see its character coverage.'));
      return;
    }
    const uri = editor.document.uri;
    if (!panel) {
      // Not retained when hidden (a large report costs memory): VS Code rebuilds the page from its HTML when it
      // shows again; the page keeps the chosen letter, scroll and focus in its webview state.
      panel = vscode.window.createWebviewPanel(
        'ewebench.coverage',
        vscode.l10n.t('Coverage: {0}', baseName(uri)),
        { viewColumn: vscode.ViewColumn.Beside, preserveFocus: true },
        { enableScripts: true, retainContextWhenHidden: false, localResourceRoots: [vscode.Uri.joinPath(context.extensionUri, 'dist')] },
      );
      panel.onDidDispose(
        () => {
          panel = undefined;
          latest = undefined;
          sync.reset();
        },
        undefined,
        context.subscriptions,
      );
      // Deliberately no repaint here: becoming active or visible changes nothing the page shows.
      panel.onDidChangeViewState(
        (event) => {
          counts.viewStateChanges++;
          counts.active = event.webviewPanel.active;
        },
        undefined,
        context.subscriptions,
      );
      panel.webview.onDidReceiveMessage(onPageMessage, undefined, context.subscriptions);
    }
    const mine = ++generation;
    const report = await getReport(uri).catch(() => undefined);
    if (mine === generation) {
      showStatus(report);
      paint(uri, report);
    }
    panel?.reveal(vscode.ViewColumn.Beside, true);
  };

  const disposables = [
    status,
    vscode.commands.registerCommand('ewebench.showCoverage', open),
    vscode.window.onDidChangeActiveTextEditor(() => schedule(50)),
    // The active file's changes, and those of the file the preview shows (changed by an edit made elsewhere,
    // or while the focus is in the preview).
    vscode.workspace.onDidChangeTextDocument((event) => {
      if (event.document === vscode.window.activeTextEditor?.document || event.document.uri.toString() === shown?.toString()) schedule(EDIT_DEBOUNCE_MS);
    }),
    // The server's first diagnostics for the active file also mean it can now answer coverage requests.
    vscode.languages.onDidChangeDiagnostics((event) => {
      const active = vscode.window.activeTextEditor?.document.uri.toString();
      if (active && event.uris.some((u) => u.toString() === active) && !status.text) schedule(100);
    }),
  ];
  const disposable = vscode.Disposable.from(...disposables, { dispose: () => timer && clearTimeout(timer) });
  return Object.assign(disposable, { refresh: () => schedule(0), counts });
}
