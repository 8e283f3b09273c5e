import * as vscode from 'vscode';
import { plural } from '../../core/i18n/plural';
import { toLocale } from '../../core/i18n/locale';
import type { RunComparison } from '../../core/compare/compare';
import type { ReadRunsResult, Run } from '../../core/runs/types';
import { corpusOfRun } from '../../core/compare/items';
import { BoardPanel, shownTables } from './boardPanel';
import type { CompareState, CompareStrings } from './compareModel';
import { givenUris, jsonFilesOf, parseJson, readIfSmall } from './leaderboardPanel';
import { lazyModules } from '../lazyModules';

/**
 * *ÈwéBench: Compare Two Runs*: two results files or run cards (the two selected in the Explorer, or picked from
 * the workspace's runs: the baseline A, then B), compared by core's `compareRuns` (paired bootstrap, per-item
 * deltas with regressions first, responses diffed) in a board view.
 */

export interface RunFile {
  uri: vscode.Uri;
  path: string;
  run: Run;
}

/** The one run a file holds, or why it cannot be compared. */
async function runOf(uri: vscode.Uri, readRuns: (value: unknown, name: string) => ReadRunsResult): Promise<RunFile | string> {
  const path = vscode.workspace.asRelativePath(uri, false);
  const text = await readIfSmall(uri);
  if (text === undefined) return vscode.l10n.t('{0} cannot be read (or is larger than 64 MiB).', path);
  const read = readRuns(parseJson(text), path);
  if (!read.ok) return vscode.l10n.t('{0} is not a run: {1}', path, read.detail);
  if (read.runs.length !== 1)
    return plural(read.runs.length, vscode.env.language, {
      one: vscode.l10n.t('{0} holds {1} run: compare two results files or run cards.', path, read.runs.length),
      other: vscode.l10n.t('{0} holds {1} runs (a leaderboard): compare two results files or run cards.', path, read.runs.length),
    });
  return { uri, path, run: read.runs[0] };
}

/** The runs with their items (results files, run cards) under the given files and folders, or in the workspace. */
export async function runFiles(given: readonly vscode.Uri[] | undefined, readRuns: Parameters<typeof runOf>[1]): Promise<RunFile[]> {
  const found: RunFile[] = [];
  for (const uri of await jsonFilesOf(given)) {
    const run = await runOf(uri, readRuns);
    if (typeof run !== 'string' && run.run.items.length > 0) found.push(run);
  }
  // The editor's search returns files in no set order: columns and choices by path, the same every time.
  return found.sort((x, y) => (x.path < y.path ? -1 : x.path > y.path ? 1 : 0));
}

async function pickRuns(readRuns: Parameters<typeof runOf>[1]): Promise<RunFile[] | undefined> {
  const found = await runFiles(undefined, readRuns);
  if (found.length < 2) {
    void vscode.window.showInformationMessage(
      vscode.l10n.t('Comparing needs two runs with their items (results files or run cards); this workspace has {0}.', found.length),
    );
    return undefined;
  }
  // Each run named with its corpus; B is offered among the runs of A's corpus only (others do not compare).
  const item = (f: RunFile) => ({
    label: f.path,
    description: `${corpusOfRun(f.run)} · ${f.run.model}${f.run.provenance.runId ? ` · ${f.run.provenance.runId}` : ''}`,
    file: f,
  });
  const a = await vscode.window.showQuickPick(found.map(item), { title: vscode.l10n.t('Compare two runs: the baseline (A)'), matchOnDescription: true });
  if (!a) return undefined;
  const same = found.filter((f) => f !== a.file && f.run.kind === a.file.run.kind && corpusOfRun(f.run) === corpusOfRun(a.file.run));
  if (!same.length) {
    void vscode.window.showInformationMessage(
      vscode.l10n.t('No other run of the corpus {0} in this workspace: runs of different corpora do not compare.', corpusOfRun(a.file.run)),
    );
    return undefined;
  }
  const b = await vscode.window.showQuickPick(same.map(item), {
    title: vscode.l10n.t('Compare two runs: the run to compare with {0} (B)', a.file.run.model),
    matchOnDescription: true,
  });
  return b ? [a.file, b.file] : undefined;
}

function strings(): CompareStrings {
  return {
    all: vscode.l10n.t('All'),
    hint: vscode.l10n.t('Regressions first. A metric is significant only when the paired bootstrap says so.'),
    filterChange: vscode.l10n.t('Items'),
    refresh: vscode.l10n.t('Refresh'),
  };
}

export function registerCompare(context: vscode.ExtensionContext): void {
  context.subscriptions.push(
    vscode.commands.registerCommand('ewebench.compareRuns', async (uri?: unknown, uris?: unknown) => {
      const lazy = await lazyModules().boards();
      const given = givenUris(uri, uris);
      let files: RunFile[] | undefined;
      if (given?.length === 2) {
        const read = await Promise.all(given.map((u) => runOf(u, lazy.readRuns)));
        const problem = read.find((r): r is string => typeof r === 'string');
        if (problem) {
          void vscode.window.showErrorMessage(problem);
          return [];
        }
        files = read as RunFile[];
      } else files = await pickRuns(lazy.readRuns);
      if (!files) return [];
      const [a, b] = files;
      let comparison: RunComparison;
      try {
        comparison = lazy.compareRuns(a.run, b.run);
      } catch (error) {
        if (!(error instanceof lazy.CompareError)) throw error;
        void vscode.window.showErrorMessage(error.message);
        return [];
      }
      let state: CompareState = { change: '' };
      let runs = [a.run, b.run];
      const view = await BoardPanel.show(context, 'ewebench.compare', vscode.l10n.t('Compare {0} with {1}', a.run.model, b.run.model), {
        page: () => {
          const locale = toLocale(vscode.env.language);
          const page = lazy.comparePage(comparison, state, locale, vscode.l10n, strings());
          return Promise.resolve(lazy.withCharts(page, lazy.runCharts(runs, locale), vscode.l10n.t('Export SVG…')));
        },
        filter: (key, value) => {
          if (key === 'change') state = { change: value };
        },
        refresh: async () => {
          const again = await Promise.all([runOf(a.uri, lazy.readRuns), runOf(b.uri, lazy.readRuns)]);
          if (again.every((r) => typeof r !== 'string')) {
            runs = [(again[0] as RunFile).run, (again[1] as RunFile).run];
            comparison = lazy.compareRuns(runs[0], runs[1]);
          }
        },
      });
      return shownTables(view.lastPage);
    }),
  );
}
