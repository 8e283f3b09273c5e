import * as vscode from 'vscode';
import type { teamFilesBeside } from '../../core/review/team';
import { toLocale } from '../../core/i18n/locale';
import type { Leaderboard } from '../../core/leaderboard/leaderboard';
import type { CardSource } from '../../core/leaderboard/rosetta';
import { SKIPPED_FOLDERS_GLOB } from '../../core/workspace/files';
import { classificationOf } from '../run/documentItems';
import { BoardPanel, shownTables, type BoardController } from './boardPanel';
import type { LeaderboardState, PageStrings } from './leaderboardModel';
import { lazyModules } from '../lazyModules';

/**
 * *ÈwéBench: Show Leaderboard*: every run card and ÈwéBench results file of the workspace (or the files and
 * folders given from the Explorer) ranked by core's leaderboard, in a webview. Files are found through
 * `vscode.workspace.findFiles` and read through `workspace.fs` (no Node file API, for the browser build); the
 * boards' code loads with the first view (dist/lazyBoards.js), not at activation.
 */

/** How many JSON files a view reads, and the largest it reads (a bigger file is skipped unread). */
export const BOARD_LIMITS = { files: 5000, bytes: 64 * 1024 * 1024 };

const decoder = new TextDecoder();

/** The JSON files under the given files and folders, or in the whole workspace; skipped folders never. */
export async function jsonFilesOf(given: readonly vscode.Uri[] | undefined): Promise<vscode.Uri[]> {
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

/** A file's text, or undefined when it is too large or unreadable. */
export async function readIfSmall(uri: vscode.Uri): Promise<string | undefined> {
  try {
    if ((await vscode.workspace.fs.stat(uri)).size > BOARD_LIMITS.bytes) return undefined;
    return decoder.decode(await vscode.workspace.fs.readFile(uri));
  } catch {
    return undefined;
  }
}

export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
  } catch {
    return undefined;
  }
}

/**
 * Run cards, harness reports and results files (with a card's review beside it), by core's `isLeaderboardSource`,
 * the test the CLI applies; other JSON is left out.
 */
async function runSources(
  given: readonly vscode.Uri[] | undefined,
  reviewName: (card: string) => string,
  isLeaderboardSource: (value: unknown) => boolean,
  teamBeside: typeof teamFilesBeside,
) {
  const sources: CardSource[] = [];
  const uris = new Map<string, vscode.Uri>();
  for (const uri of await jsonFilesOf(given)) {
    const text = await readIfSmall(uri);
    const value = text === undefined ? undefined : parseJson(text);
    if (text === undefined || value === undefined) continue;
    // The CLI's test (core's), not the editor's file kinds: a harness report is no file kind of its own.
    if (!isLeaderboardSource(value)) continue;
    const kind = classificationOf(uri, value).kind;
    const path = vscode.workspace.asRelativePath(uri, false);
    const source: CardSource = { path, text };
    const review = kind === 'rosetta-run-card' ? await readIfSmall(vscode.Uri.joinPath(uri, '..', reviewName(uri.path.split('/').pop() ?? ''))) : undefined;
    // A review that is not JSON is no review: the validator reports it on the file itself.
    const reviewValue = review === undefined ? undefined : parseJson(review);
    if (reviewValue !== undefined) source.review = reviewValue;
    if (kind === 'rosetta-run-card') {
      // The team's files beside the card (and its adjudication): the review column shows the reviewers and alpha.
      const folder = vscode.Uri.joinPath(uri, '..');
      const names = await vscode.workspace.fs.readDirectory(folder).then(
        (entries) => entries.filter(([, type]) => type === vscode.FileType.File).map(([name]) => name),
        () => [] as string[],
      );
      const { team, adjudication } = await teamBeside(uri.path.split('/').pop() ?? '', names, (name) => readIfSmall(vscode.Uri.joinPath(folder, name)));
      if (team.length > 0) source.team = team;
      if (adjudication !== undefined) source.adjudication = adjudication;
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

/** Opens a file the view was built from, beside the view (never a path the page made up). */
export async function openKnown(uris: ReadonlyMap<string, vscode.Uri>, path: string): Promise<void> {
  const uri = uris.get(path);
  if (uri) await vscode.window.showTextDocument(uri, { viewColumn: vscode.ViewColumn.Beside, preview: true });
}

async function leaderboardController(given: readonly vscode.Uri[] | undefined): Promise<BoardController> {
  const lazy = await lazyModules().boards();
  let board: Leaderboard = { ewebench: [], rosetta: [], suite: [], ignored: [], refused: [] };
  let uris = new Map<string, vscode.Uri>();
  let state: LeaderboardState = lazy.INITIAL_STATE;
  const load = async () => {
    const read = await runSources(given, lazy.reviewFileNameFor, lazy.isLeaderboardSource, lazy.teamFilesBeside);
    board = lazy.buildLeaderboard(read.sources);
    uris = read.uris;
  };
  await load();
  return {
    page: () => Promise.resolve(lazy.leaderboardPage(board, state, toLocale(vscode.env.language), strings())),
    sort: (table, key) => {
      if (table === 'ewebench' || table === 'rosetta') state = lazy.toggleSort(state, table, key);
    },
    filter: (key, value) => (state = lazy.withFilter(state, key, value)),
    open: (path) => openKnown(uris, path),
    refresh: load,
  };
}

/** The Explorer passes the clicked file or folder and the selection; the palette passes nothing (the workspace). */
export function givenUris(uri: unknown, uris: unknown): vscode.Uri[] | undefined {
  if (Array.isArray(uris) && uris.length && uris.every((u) => u instanceof vscode.Uri)) return uris as vscode.Uri[];
  return uri instanceof vscode.Uri ? [uri] : undefined;
}

export function registerLeaderboard(context: vscode.ExtensionContext): void {
  context.subscriptions.push(
    vscode.commands.registerCommand('ewebench.showLeaderboard', async (uri?: unknown, uris?: unknown) => {
      const view = await BoardPanel.show(context, 'ewebench.leaderboard', vscode.l10n.t('Leaderboard'), await leaderboardController(givenUris(uri, uris)));
      return shownTables(view.lastPage);
    }),
  );
}
