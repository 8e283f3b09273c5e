import * as vscode from 'vscode';
import { toLocale } from '../../core/i18n/locale';
import type { Leaderboard } from '../../core/leaderboard/leaderboard';
import type { CardSource } from '../../core/leaderboard/rosetta';
import { SKIPPED_FOLDERS_GLOB } from '../../core/workspace/files';
import type { BoardFromPage, BoardToPage } from '../../protocol/boards';
import { classificationOf } from '../run/documentItems';
import { renderBoardHtml } from './boardHtml';
import type { BoardId, LeaderboardState, PageStrings } from './leaderboardModel';

/**
 * *ÈwéBench: Show Leaderboard*: every run card and ÈwéBench results file of the workspace (or the files and
 * folders given from the Explorer) ranked by core's leaderboard, in a webview. Files are found through
 * `vscode.workspace.findFiles` and read through `workspace.fs` (no Node file API, for the browser build); the
 * boards' code loads with the first view (dist/lazyBoards.js), not at activation.
 */

/** How many JSON files a view reads, and the largest it reads (a corpus is not a run: skipped unread). */
export const BOARD_LIMITS = { files: 5000, bytes: 64 * 1024 * 1024 };

const decoder = new TextDecoder();

function nonce(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** The JSON files under the given files and folders, or in the whole workspace; skipped folders never. */
async function jsonFilesOf(given: readonly vscode.Uri[] | undefined): Promise<vscode.Uri[]> {
  if (!given?.length) return vscode.workspace.findFiles('**/*.json', SKIPPED_FOLDERS_GLOB, BOARD_LIMITS.files);
  const out: vscode.Uri[] = [];
  for (const uri of given) {
    const stat = await vscode.workspace.fs.stat(uri);
    if (stat.type & vscode.FileType.Directory)
      out.push(...(await vscode.workspace.findFiles(new vscode.RelativePattern(uri, '**/*.json'), SKIPPED_FOLDERS_GLOB, BOARD_LIMITS.files)));
    else out.push(uri);
  }
  return out.slice(0, BOARD_LIMITS.files);
}

async function readIfSmall(uri: vscode.Uri): Promise<string | undefined> {
  try {
    if ((await vscode.workspace.fs.stat(uri)).size > BOARD_LIMITS.bytes) return undefined;
    return decoder.decode(await vscode.workspace.fs.readFile(uri));
  } catch {
    return undefined;
  }
}

/** Run cards and results files (with a card's review beside it), by the one classifier; other JSON is left out. */
export async function runSources(
  given: readonly vscode.Uri[] | undefined,
  reviewName: (card: string) => string,
): Promise<{ sources: CardSource[]; uris: Map<string, vscode.Uri> }> {
  const sources: CardSource[] = [];
  const uris = new Map<string, vscode.Uri>();
  for (const uri of await jsonFilesOf(given)) {
    const text = await readIfSmall(uri);
    if (text === undefined) continue;
    let value: unknown;
    try {
      value = JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
    } catch {
      continue;
    }
    const kind = classificationOf(uri, value).kind;
    if (kind !== 'rosetta-run-card' && kind !== 'ewebench-results') continue;
    const path = vscode.workspace.asRelativePath(uri, false);
    const source: CardSource = { path, text };
    if (kind === 'rosetta-run-card') {
      const review = await readIfSmall(vscode.Uri.joinPath(uri, '..', reviewName(uri.path.split('/').pop() ?? '')));
      if (review !== undefined) {
        try {
          source.review = JSON.parse(review) as unknown;
        } catch {
          // A review that is not JSON is no review: the validator reports it on the file itself.
        }
      }
    }
    sources.push(source);
    uris.set(path, uri);
  }
  return { sources, uris };
}

function strings(): PageStrings {
  return {
    all: vscode.l10n.t('All'),
    sortHint: vscode.l10n.t('Sort by this column (again to reverse)'),
    hint: vscode.l10n.t(
      'A rank with = ties with a neighbour (their 95% intervals overlap); italic rows are listed but not ranked. ↑ ↓ move between rows, Enter opens the file.',
    ),
    open: vscode.l10n.t('Enter opens'),
    refresh: vscode.l10n.t('Refresh'),
    filterCorpus: vscode.l10n.t('Corpus'),
    filterSegment: vscode.l10n.t('Segment'),
    filterPair: vscode.l10n.t('Language pair'),
  };
}

class LeaderboardPanel {
  static current: LeaderboardPanel | undefined;
  private board: Leaderboard = { ewebench: [], rosetta: [], ignored: [] };
  private uris = new Map<string, vscode.Uri>();
  private state: LeaderboardState | undefined;
  private ready = false;
  /** The page last posted, for tests and the e2e (through the command's return value). */
  lastPage: BoardToPage | undefined;

  private constructor(
    private readonly panel: vscode.WebviewPanel,
    private readonly context: vscode.ExtensionContext,
    private given: readonly vscode.Uri[] | undefined,
  ) {
    const webview = panel.webview;
    webview.options = { enableScripts: true, localResourceRoots: [vscode.Uri.joinPath(context.extensionUri, 'dist')] };
    webview.html = renderBoardHtml({
      nonce: nonce(),
      cspSource: webview.cspSource,
      scriptUri: webview.asWebviewUri(vscode.Uri.joinPath(context.extensionUri, 'dist', 'boardsView.js')).toString(),
      lang: toLocale(vscode.env.language),
      title: vscode.l10n.t('Leaderboard'),
    });
    webview.onDidReceiveMessage((m: BoardFromPage) => void this.receive(m));
    panel.onDidDispose(() => {
      if (LeaderboardPanel.current === this) LeaderboardPanel.current = undefined;
    });
  }

  static async show(context: vscode.ExtensionContext, given: readonly vscode.Uri[] | undefined): Promise<LeaderboardPanel> {
    let view = LeaderboardPanel.current;
    if (view) {
      view.given = given;
      view.panel.reveal();
    } else {
      const panel = vscode.window.createWebviewPanel('ewebench.leaderboard', vscode.l10n.t('Leaderboard'), vscode.ViewColumn.Active, { enableScripts: true });
      view = LeaderboardPanel.current = new LeaderboardPanel(panel, context, given);
    }
    await view.load();
    return view;
  }

  private async load(): Promise<void> {
    const lazy = await import('./lazyBoards.js');
    const { sources, uris } = await runSources(this.given, lazy.reviewFileNameFor);
    this.board = lazy.buildLeaderboard(sources);
    this.uris = uris;
    this.state ??= lazy.INITIAL_STATE;
    await this.post();
  }

  private async post(): Promise<void> {
    const lazy = await import('./lazyBoards.js');
    const message: BoardToPage = {
      type: 'show',
      page: lazy.leaderboardPage(this.board, this.state ?? lazy.INITIAL_STATE, toLocale(vscode.env.language), strings()),
    };
    this.lastPage = message;
    if (this.ready) await this.panel.webview.postMessage(message);
  }

  private async receive(message: BoardFromPage): Promise<void> {
    const lazy = await import('./lazyBoards.js');
    const state = this.state ?? lazy.INITIAL_STATE;
    switch (message.type) {
      case 'ready':
        this.ready = true;
        if (this.lastPage) await this.panel.webview.postMessage(this.lastPage);
        return;
      case 'sort':
        if (message.table !== 'ewebench' && message.table !== 'rosetta') return;
        this.state = lazy.toggleSort(state, message.table as BoardId, String(message.key));
        return this.post();
      case 'filter':
        this.state = lazy.withFilter(state, String(message.key), String(message.value));
        return this.post();
      case 'open': {
        // Only a file the board was built from: the page's word is not trusted with a path.
        const uri = this.uris.get(String(message.path));
        if (uri) await vscode.window.showTextDocument(uri, { viewColumn: vscode.ViewColumn.Beside, preview: true });
        return;
      }
      case 'refresh':
        return this.load();
    }
  }
}

export function registerBoards(context: vscode.ExtensionContext): void {
  context.subscriptions.push(
    // From the Explorer's context menu: the file or folder clicked (or every one selected); from the palette, the workspace.
    vscode.commands.registerCommand('ewebench.showLeaderboard', async (uri?: unknown, uris?: unknown) => {
      const given = Array.isArray(uris) && uris.every((u) => u instanceof vscode.Uri) ? (uris as vscode.Uri[]) : uri instanceof vscode.Uri ? [uri] : undefined;
      const view = await LeaderboardPanel.show(context, given);
      // What the page shows, for the e2e suite: the first rows of each table as text.
      return view.lastPage?.page.tables.map((t) => ({ id: t.id, rows: t.rows.map((r) => r.cells.map((c) => c.text)) }));
    }),
  );
}
