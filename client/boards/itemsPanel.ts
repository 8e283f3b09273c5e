import * as vscode from 'vscode';
import type { ItemAnalysis } from '../../core/compare/items';
import { toLocale } from '../../core/i18n/locale';
import type { Run } from '../../core/runs/types';
import { BoardPanel, shownTables } from './boardPanel';
import { runFiles } from './comparePanel';
import type { CorpusChoice, ItemsState, ItemsStrings } from './itemsModel';
import { givenUris } from './leaderboardPanel';
import { lazyModules } from '../lazyModules';

/**
 * *ÈwéBench: Show Items × Models*: every test and corpus entry of the workspace's runs (or of the files and
 * folders selected in the Explorer) against each run, by core's item analysis, in a board view.
 */

/** Runs (columns) shown at most; the view says when more were found. */
export const MAX_ITEM_RUNS = 40;

function strings(): ItemsStrings {
  return {
    all: vscode.l10n.t('All'),
    hint: vscode.l10n.t('Cells are coloured by score. Items every run passes or every run fails come first: they do not tell the models apart.'),
    refresh: vscode.l10n.t('Refresh'),
    sortHint: vscode.l10n.t('Sort by this column (again to reverse)'),
  };
}

export function registerItems(context: vscode.ExtensionContext): void {
  context.subscriptions.push(
    vscode.commands.registerCommand('ewebench.showItems', async (uri?: unknown, uris?: unknown) => {
      const lazy = await lazyModules().boards();
      const given = givenUris(uri, uris);
      let all: Run[] = [];
      let runs: Run[] = [];
      let state: ItemsState = lazy.INITIAL_ITEMS_STATE;
      const load = async () => {
        all = (await runFiles(given, lazy.readRuns)).map((f) => f.run);
      };
      // One corpus at a time (the filter's, else the first): Welsh, Shona and Ewe runs never share a matrix.
      const current = (): { analysis: ItemAnalysis; corpora: CorpusChoice } => {
        const groups = lazy.runsByCorpus(all);
        const options = [...groups.keys()];
        const value = groups.has(state.filter.corpus) ? state.filter.corpus : (options[0] ?? '');
        runs = (groups.get(value) ?? []).slice(0, MAX_ITEM_RUNS);
        return { analysis: lazy.analyseItems(runs), corpora: { options, value } };
      };
      await load();
      const view = await BoardPanel.show(context, 'ewebench.items', vscode.l10n.t('Items × models'), {
        page: () => {
          const { analysis, corpora } = current();
          return Promise.resolve(
            lazy.withCharts(
              lazy.itemsPage(analysis, state, vscode.l10n, strings(), corpora),
              lazy.runCharts(runs, toLocale(vscode.env.language)),
              vscode.l10n.t('Export SVG…'),
            ),
          );
        },
        sort: (_table, key) => (state = lazy.toggleItemsSort(state, key)),
        filter: (key, value) => (state = lazy.withItemsFilter(state, key, value)),
        refresh: load,
      });
      return shownTables(view.lastPage);
    }),
  );
}
