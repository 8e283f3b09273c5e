import type { DocumentModels } from '../run/documentItems';
import * as vscode from 'vscode';
import type { TextEdit } from '../../core/document/jsonEdits';
import type { TextRange } from '../../core/text/lineIndex';
import { toLocale } from '../../core/i18n/locale';
import { eweKeysHint } from '../../core/typing/eweInput';
import { renderTableHtml } from './html';
import { newNonce } from '../nonce';
import { lazyModules } from '../lazyModules';
import type { HostMessage, TableFigures, TableStrings, WebviewMessage } from '../../protocol/corpusTable';
import type { OffsetDiagnostic, SessionResult, TableSession } from './session';
import { setting } from '../config';

// Test builds only: scripts/build.mjs replaces EWEBENCH_PROBES by true with `--probes` (the build the end-to-end
// suite installs) and by false in the packaged build, where esbuild drops every branch it guards.
declare const EWEBENCH_PROBES: boolean;

export const CORPUS_TABLE_VIEW_TYPE = 'ewebench.corpusTable';
/** The JSON text's share of the window when the table opens beside it (the table gets the rest). */
const TEXT_SHARE = 0.3;

function tableStrings(): TableStrings {
  return {
    search: vscode.l10n.t('Search'),
    filterAll: {
      segment: vscode.l10n.t('All segments'),
      difficulty: vscode.l10n.t('All difficulties'),
      register: vscode.l10n.t('All registers'),
      domain: vscode.l10n.t('All domains'),
    },
    labelled: vscode.l10n.t('{0}: {1}'),
    segment: vscode.l10n.t('Segment'),
    difficulty: vscode.l10n.t('Difficulty'),
    register: vscode.l10n.t('Register'),
    domain: vscode.l10n.t('Domain'),
    problemsOnly: vscode.l10n.t('Only entries with problems'),
    addEntry: vscode.l10n.t('Add entry'),
    duplicate: vscode.l10n.t('Duplicate'),
    delete: vscode.l10n.t('Delete'),
    exportSheet: vscode.l10n.t('Export to CSV/TSV…'),
    importSheet: vscode.l10n.t('Import from CSV/TSV…'),
    setField: vscode.l10n.t('Set field'),
    apply: vscode.l10n.t('Apply to selection'),
    value: vscode.l10n.t('Value'),
    shown: vscode.l10n.t('Entries shown: {0} of {1}'),
    selected: { one: vscode.l10n.t('{0} entry selected'), other: vscode.l10n.t('{0} entries selected') },
    entries: vscode.l10n.t('Entries'),
    segments: vscode.l10n.t('Segments'),
    tiers: vscode.l10n.t('Difficulty tiers'),
    registers: vscode.l10n.t('Registers'),
    secretRow: vscode.l10n.t('Gold-standard or held-out entry'),
    hiddenText: vscode.l10n.t('(hidden)'),
    grid: vscode.l10n.t('Corpus entries'),
    rowHeader: vscode.l10n.t('Entry'),
    editHint: vscode.l10n.t('(Enter to save, Escape to cancel)'),
    typingHint: vscode.l10n.t('Ewe typing: {0}', eweKeysHint()),
    chooseHint: vscode.l10n.t('(arrows to choose, Enter to keep, Escape to cancel)'),
    notInSpec: vscode.l10n.t('In this corpus, not in the specification'),
    notJson: vscode.l10n.t('This field holds JSON in this corpus, and the text typed is not JSON.'),
    noEntry: vscode.l10n.t('That entry is no longer in the file.'),
    noField: vscode.l10n.t('Choose a field first.'),
    stale: vscode.l10n.t('The file changed before this change reached it: the table now shows the file as it is; make the change again.'),
    minimumNotMet: vscode.l10n.t("Below the specification's minimum"),
    minimum: vscode.l10n.t('minimum {0}'),
    sortAscending: vscode.l10n.t('Sort ascending'),
    sortDescending: vscode.l10n.t('Sort descending'),
  };
}

const SEVERITIES: Record<vscode.DiagnosticSeverity, OffsetDiagnostic['severity']> = {
  [vscode.DiagnosticSeverity.Error]: 'error',
  [vscode.DiagnosticSeverity.Warning]: 'warning',
  [vscode.DiagnosticSeverity.Information]: 'information',
  [vscode.DiagnosticSeverity.Hint]: 'hint',
};

function offsetDiagnostics(document: vscode.TextDocument): OffsetDiagnostic[] {
  return vscode.languages
    .getDiagnostics(document.uri)
    .map((d) => ({ start: document.offsetAt(d.range.start), severity: SEVERITIES[d.severity], message: d.message }));
}

/** Applies text edits to the document as one workspace edit: one step of VS Code's own undo and redo. */
/**
 * Applies the edits as one `WorkspaceEdit`; `ranges`: their positions, from the model of the version they were
 * computed on. The document's own `positionAt` rebuilds its line table past the last edited line on first use
 * after a change (tens of milliseconds at 20,000 entries); ours answers from the text model in O(log n).
 */
async function applyEdits(document: vscode.TextDocument, edits: readonly TextEdit[], ranges?: readonly TextRange[]): Promise<boolean> {
  if (edits.length === 0) return true;
  const edit = new vscode.WorkspaceEdit();
  edits.forEach((e, i) => {
    const r = ranges?.[i];
    const range = r
      ? new vscode.Range(r.start.line, r.start.character, r.end.line, r.end.character)
      : new vscode.Range(document.positionAt(e.start), document.positionAt(e.end));
    edit.replace(document.uri, range, e.text);
  });
  return vscode.workspace.applyEdit(edit);
}

/**
 * Re-paints after a burst of document changes once, not per keystroke typed in the JSON view: at least this
 * long after a change, and at least twice as long as the last repaint took, so typing beside a 20,000-entry
 * table leaves the extension host free most of the time.
 */
const REPAINT_DELAY_MS = 30;

/** The page's messages, held from the moment its HTML is set until the session can take them, then passed straight on. */
class PageInbox {
  private held: WebviewMessage[] = [];
  private to?: (message: WebviewMessage) => void;

  push(message: WebviewMessage): void {
    if (this.to) this.to(message);
    else this.held.push(message);
  }

  /** From now on messages go to `to`, those held first. */
  open(to: (message: WebviewMessage) => void): void {
    this.to = to;
    for (const message of this.held.splice(0)) to(message);
  }
}

/** What `resolveCustomTextEditor` started for `attach` to finish: the clock, the figures, the page's messages. */
interface Opening {
  resolved: number;
  figures: TableFigures;
  inbox: PageInbox;
  received: vscode.Disposable;
  disposed: boolean;
}

/** Between two steps of the table's preparation: the extension host's thread takes what waits (VS Code's round trips). */
const pause = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * Times the opening from the page's messages as they arrive (`resolved`: when the editor's resolution began, on
 * this side's clock): `ready`, and `painted` for the rows drawn. The page's wall-clock times place its moments
 * between the host's own, so the rows count as drawn when the page drew them, not when the host, busy with what
 * the first edit needs, takes the message.
 */
function noteOpening(figures: TableFigures, message: WebviewMessage, resolved: number): void {
  // Test builds only: the packaged build drops the rest.
  if (!EWEBENCH_PROBES) return;
  const at = performance.now();
  const wall = performance.timeOrigin + resolved;
  if (message.type === 'ready' && figures.readyMs === undefined) {
    Object.assign(figures, { readyMs: at - resolved, pageMs: message.pageMs });
    if (message.origin !== undefined && message.pageMs !== undefined) {
      figures.navigateMs = message.origin - wall;
      figures.readyLagMs = performance.timeOrigin + at - (message.origin + message.pageMs);
    }
  } else if (message.type === 'painted' && figures.openMs === undefined) {
    const drawn = message.at ?? performance.timeOrigin + at;
    Object.assign(figures, { openMs: drawn - wall, paintedLagMs: performance.timeOrigin + at - drawn, rows: message.rows, drawMs: message.drawMs });
    Object.assign(figures, { width: message.width, visibleColumns: message.visibleColumns });
  }
}

/**
 * Loads the document of a table about to open, when VS Code has not loaded it yet, before the table is asked
 * for. VS Code loads a cold file's document several times slower while a custom editor is opening on it than
 * for an extension's `openTextDocument` alone (the end-to-end figures, on a loaded 2-core machine: 7.5 MB reached
 * the extension host in 44–67 s through Open With…, or with `openTextDocument` started beside it, and in 15 s
 * alone), so the table opens on the loaded document; the status bar says what is loading meanwhile. A failure
 * to load is left to the table's own opening, which reports it.
 */
async function loadFirst(uri: vscode.Uri): Promise<void> {
  if (vscode.workspace.textDocuments.some((d) => d.uri.toString() === uri.toString())) return;
  const name = uri.path.slice(uri.path.lastIndexOf('/') + 1);
  await vscode.window.withProgress({ location: vscode.ProgressLocation.Window, title: vscode.l10n.t('Opening {0} as a table…', name) }, () =>
    vscode.workspace.openTextDocument(uri).then(
      () => undefined,
      () => undefined,
    ),
  );
}

/**
 * The corpus table: a custom editor over the JSON text document, which stays the single source of truth.
 * The page shows the document's entries; each change it makes becomes a minimal text edit (core's table
 * model) applied as a `WorkspaceEdit`, and every change of the document, from anywhere, repaints the page.
 */
export class CorpusTableProvider implements vscode.CustomTextEditorProvider {
  private readonly open = new Map<
    string,
    { document: vscode.TextDocument; session: TableSession; figures: TableFigures; handle: (message: WebviewMessage) => Promise<SessionResult | undefined> }
  >();

  constructor(
    private readonly context: vscode.ExtensionContext,
    private readonly documents: DocumentModels,
  ) {}

  static register(context: vscode.ExtensionContext, documents: DocumentModels): vscode.Disposable {
    const provider = new CorpusTableProvider(context, documents);
    return vscode.Disposable.from(
      vscode.window.registerCustomEditorProvider(CORPUS_TABLE_VIEW_TYPE, provider, { webviewOptions: { retainContextWhenHidden: false } }),
      vscode.commands.registerCommand('ewebench.openCorpusTable', async (uri?: vscode.Uri) => {
        const target = uri instanceof vscode.Uri ? uri : vscode.window.activeTextEditor?.document.uri;
        if (!target) return;
        // Beside the JSON when a text editor shows it; a file not shown (the Explorer's menu) opens where the
        // active editor is, once its document is loaded (see `loadFirst`).
        const shown = vscode.window.visibleTextEditors.some((e) => e.document.uri.toString() === target.toString());
        if (!shown) await loadFirst(target);
        const groupsBefore = vscode.window.tabGroups.all.length;
        await vscode.commands.executeCommand('vscode.openWith', target, CORPUS_TABLE_VIEW_TYPE, shown ? vscode.ViewColumn.Beside : vscode.ViewColumn.Active);
        // The table's own group, wide enough for the source and reference columns: when opening it split the
        // window in two, the table takes most of it and the JSON stays beside as a narrow column.
        if (shown && groupsBefore === 1 && vscode.window.tabGroups.all.length === 2)
          await vscode.commands.executeCommand('vscode.setEditorLayout', { orientation: 0, groups: [{ size: TEXT_SHARE }, { size: 1 - TEXT_SHARE }] });
      }),
      vscode.commands.registerCommand('ewebench.openCorpusJson', async (uri?: vscode.Uri) => {
        const target = uri instanceof vscode.Uri ? uri : provider.activeUri();
        if (target) await vscode.commands.executeCommand('vscode.openWith', target, 'default', vscode.ViewColumn.Beside);
      }),
      // Test builds only (EWEBENCH_PROBES): the page's own messages, sent to the table open on `uri`, through
      // the same path as the page (the edit is applied to the document; the result says what happened).
      // `{ type: 'figures' }` answers what was measured (TableFigures).
      EWEBENCH_PROBES
        ? vscode.commands.registerCommand('ewebench.corpusTable.send', async (uri: vscode.Uri, message: WebviewMessage | { type: 'figures' }) => {
            const table = provider.open.get(uri.toString());
            if (!table) return { error: 'unavailable' };
            if (message.type === 'figures') return table.figures;
            return table.handle({
              ...message,
              version: 'version' in message && message.version >= 0 ? message.version : table.document.version,
            } as WebviewMessage);
          })
        : new vscode.Disposable(() => undefined),
    );
  }

  private activeUri(): vscode.Uri | undefined {
    const tab = vscode.window.tabGroups.activeTabGroup.activeTab?.input;
    return tab instanceof vscode.TabInputCustom && tab.viewType === CORPUS_TABLE_VIEW_TYPE ? tab.uri : undefined;
  }

  async resolveCustomTextEditor(document: vscode.TextDocument, panel: vscode.WebviewPanel): Promise<void> {
    const resolved = performance.now();
    // Timed in test builds only (EWEBENCH_PROBES); empty in the packaged one.
    const figures: TableFigures = EWEBENCH_PROBES ? { resolvedAt: performance.timeOrigin + resolved } : {};
    const dist = vscode.Uri.joinPath(this.context.extensionUri, 'dist');
    panel.webview.options = { enableScripts: true, localResourceRoots: [dist] };
    // The page first: VS Code takes the longest part of the opening making the webview and loading its script, so
    // it starts before anything of ours loads. What the page says before the session exists waits in `inbox`.
    panel.webview.html = renderTableHtml({
      nonce: newNonce(),
      cspSource: panel.webview.cspSource,
      scriptUri: panel.webview.asWebviewUri(vscode.Uri.joinPath(dist, 'corpusTable.js')).toString(),
      lang: toLocale(vscode.env.language),
      title: vscode.l10n.t('Corpus table'),
    });
    const inbox = new PageInbox();
    const received = panel.webview.onDidReceiveMessage((message: WebviewMessage) => {
      noteOpening(figures, message, resolved);
      inbox.push(message);
    });
    const opening: Opening = { resolved, figures, inbox, received, disposed: false };
    panel.onDidDispose(() => {
      opening.disposed = true;
      received.dispose();
    });
    // VS Code mounts the page only once this method's promise settles: the session is set up while the page loads.
    void this.attach(document, panel, opening).catch(
      (error: unknown) =>
        void panel.webview.postMessage({ type: 'error', message: error instanceof Error ? error.message : String(error) } satisfies HostMessage),
    );
  }

  /** Sets up the table's session and its subscriptions for the page `resolveCustomTextEditor` started loading. */
  private async attach(document: vscode.TextDocument, panel: vscode.WebviewPanel, opening: Opening): Promise<void> {
    const { resolved, figures, inbox } = opening;
    const hideSecretText = () => setting('corpusTable.hideSecretText', document.uri);
    const { keepsIndices, TableSession } = await lazyModules().table();
    const source = {
      getText: () => document.getText(),
      get version() {
        return document.version;
      },
      // The end of the last line's offset: the length without joining the lines into one string.
      textLength: () => document.offsetAt(document.lineAt(document.lineCount - 1).range.end),
      parsed: () => this.documents.parsed(document),
    };
    const session = new TableSession(source, () => ({ hideSecretText: hideSecretText() }));
    const reasons = {
      notCorpus: vscode.l10n.t('This file is not a Rosetta corpus: the table shows corpora only.'),
      invalidJson: vscode.l10n.t('The JSON text has syntax errors: fix them in the text editor, and the table comes back.'),
    };
    const strings = tableStrings();
    const post = (message: HostMessage) => void panel.webview.postMessage(message);
    let ready = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let lastPaintMs = 0;
    // The table's own edit on its way to the document: the change it makes is recognised as the table's.
    let pending: { received: number; keepsIndices: boolean } | undefined;
    session.setDiagnostics(offsetDiagnostics(document));
    // The page gets the view of the current version: its figures and the rows of its window, never all rows.
    const paint = () => {
      if (timer) clearTimeout(timer);
      timer = undefined;
      if (!ready) return;
      const started = performance.now();
      post(session.viewMessage(reasons));
      lastPaintMs = performance.now() - started;
    };
    let editsPrepared = false;
    const prepareEdits = () => {
      if (editsPrepared) return;
      editsPrepared = true;
      void session.prepareEdits(pause).catch(() => undefined);
    };
    const schedule = () => {
      if (!timer) timer = setTimeout(paint, Math.max(REPAINT_DELAY_MS, 2 * lastPaintMs));
    };

    const handle = async (message: WebviewMessage): Promise<SessionResult | undefined> => {
      switch (message.type) {
        case 'ready':
          ready = true;
          post({ type: 'init', strings, eweTyping: vscode.workspace.getConfiguration('ewebench').get<boolean>('eweInput.enable', true) });
          paint();
          if (EWEBENCH_PROBES && figures.viewMs === undefined && figures.readyMs !== undefined)
            figures.viewMs = performance.now() - (resolved + figures.readyMs);
          // The first view is on its way to the page: what the first edit needs is read now, off the opening's way.
          prepareEdits();
          return undefined;
        case 'painted':
          return undefined;
        case 'reveal':
          await this.reveal(document, session, message.index, message.field);
          return undefined;
        case 'spreadsheet':
          // The same commands as the palette's, on this table's document.
          if (message.action === 'export')
            await vscode.commands.executeCommand('ewebench.exportCorpus', document.uri, message.indices?.length ? { rows: message.indices } : {});
          else await vscode.commands.executeCommand('ewebench.importCorpus', document.uri);
          return undefined;
        case 'query':
          session.setQuery(message.query, message.active);
          paint();
          return undefined;
        case 'window': {
          const rows = session.windowMessage(message.view, message.first, message.end);
          if (rows) post(rows);
          return undefined;
        }
      }
      const received = performance.now();
      const result = session.handle(message);
      if (!result) return undefined;
      if ('error' in result) {
        // A change the page made from rows that are no longer the file's is not applied: the page gets the
        // current rows, and is told why what was typed did not land.
        if (result.error === 'stale') paint();
        post({ type: 'error', message: result.error === 'stale' || result.error === 'unavailable' ? strings.stale : strings[result.error] });
        return result;
      }
      if (result.focus !== undefined) session.focus(result.focus, result.focusField);
      pending = { received, keepsIndices: keepsIndices(message) };
      const applying = applyEdits(document, result.edits, session.rangesOf(result.edits));
      // Our part ends here: the edit computed from the page's message and handed to VS Code.
      if (EWEBENCH_PROBES) figures.ownEditMs = performance.now() - received;
      const applied = await applying;
      if (EWEBENCH_PROBES) figures.applyMs = performance.now() - received;
      pending = undefined;
      return applied ? result : { error: 'unavailable' };
    };

    const key = document.uri.toString();
    this.open.set(key, { document, session, figures, handle });

    const subscriptions = [
      opening.received,
      vscode.workspace.onDidChangeTextDocument((event) => {
        if (event.document.uri.toString() !== key || !event.contentChanges.length) return;
        if (EWEBENCH_PROBES && pending) figures.editMs = performance.now() - pending.received;
        // Each change's offsets are in the text the change before it left, as the session applies them.
        const changes = event.contentChanges.map((c) => ({ start: c.rangeOffset, end: c.rangeOffset + c.rangeLength, text: c.text }));
        session.changed(document.version, pending?.keepsIndices === true, changes);
        pending = undefined;
        schedule();
      }),
      vscode.languages.onDidChangeDiagnostics((event) => {
        if (!ready || !event.uris.some((u) => u.toString() === key)) return;
        session.setDiagnostics(offsetDiagnostics(document));
        schedule();
      }),
      vscode.workspace.onDidChangeConfiguration((event) => {
        if (event.affectsConfiguration('ewebench.corpusTable.hideSecretText', document.uri)) paint();
      }),
    ];
    const dispose = () => {
      if (timer) clearTimeout(timer);
      for (const s of subscriptions) s.dispose();
      if (this.open.get(key)?.session === session) this.open.delete(key);
    };
    if (opening.disposed) return dispose();
    panel.onDidDispose(dispose);

    // The page is still loading: its first view is made meanwhile, in steps, and its messages are taken once it
    // is; what the first edit needs is read once the first view is posted, so that no step of it holds up the
    // page's ready message (a failure here only leaves the work to the first view or edit).
    await session.prepareView(pause).catch(() => undefined);
    inbox.open(
      (message) => void handle(message).catch((error: unknown) => post({ type: 'error', message: error instanceof Error ? error.message : String(error) })),
    );
  }

  /** Shows the entry (and field) in a text editor beside the table. */
  private async reveal(document: vscode.TextDocument, session: TableSession, index: number, field?: string): Promise<void> {
    const model = session.model();
    if (!('prepare' in model)) return;
    const path = [...model.sheet.entriesPath, index, ...(field ? [field] : [])];
    const span = model.doc.locate(path) ?? model.doc.locate(path.slice(0, -1));
    if (!span) return;
    const editor = await vscode.window.showTextDocument(document, { viewColumn: vscode.ViewColumn.Beside, preserveFocus: false });
    const range = new vscode.Range(document.positionAt(span.start), document.positionAt(span.end));
    editor.selection = new vscode.Selection(range.start, range.end);
    editor.revealRange(range, vscode.TextEditorRevealType.InCenterIfOutsideViewport);
  }
}
