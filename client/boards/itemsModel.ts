import { itemCellText, rowsByInformation, type ItemAnalysis, type ItemRow, type Separation } from '../../core/compare/items';
import { compareBy, stableSort } from '../../core/leaderboard/rosetta';
import { pyFixed } from '../../core/python/round';
import type { BoardCell, BoardPage, BoardRow } from '../../protocol/boards';
import type { L10n } from '../run/l10n';

/**
 * The items view's page from core's `analyseItems`: one row per test or corpus entry, one column per run (a
 * model), each cell coloured by its score, the spread, and a note on the items every run passes or every run
 * fails (they add the same to every model's score). Rows come in core's order (the items that do not separate
 * models first), or sorted by a column; filtered by category, method, tier and separation. Pure.
 */

export interface ItemsState {
  sort: { key: string; descending: boolean } | null;
  /** `corpus`: the corpus whose runs the matrix shows ('' for the first); runs of two corpora never share one. */
  filter: Record<'corpus' | 'group' | 'method' | 'tier' | 'separation', string>;
}

export const INITIAL_ITEMS_STATE: ItemsState = { sort: null, filter: { corpus: '', group: '', method: '', tier: '', separation: '' } };

/** The corpora the runs are of, and the one shown. */
export interface CorpusChoice {
  options: string[];
  value: string;
}

/** Rows listed at most (the counts say how many there are): a 20,000-entry corpus stays a page. */
export const MAX_ITEM_ROWS = 2000;

const TEXT_KEYS = ['item', 'group', 'method', 'tier'];

/** A column click: text read A→Z first, scores highest first; again reverses. */
export function toggleItemsSort(state: ItemsState, key: string): ItemsState {
  const descending = state.sort?.key === key ? !state.sort.descending : !TEXT_KEYS.includes(key);
  return { ...state, sort: { key, descending } };
}

export function withItemsFilter(state: ItemsState, key: string, value: string): ItemsState {
  if (!(key in state.filter)) return state;
  return { ...state, filter: { ...state.filter, [key]: value } };
}

function sortValue(row: ItemRow, key: string): string | number | null {
  if (key === 'item') return row.id;
  if (key === 'group') return row.group;
  if (key === 'method') return row.method;
  if (key === 'tier') return row.tier;
  if (key === 'spread') return row.spread;
  const run = /^run:(\d+)$/.exec(key);
  return run ? (row.cells[Number(run[1])]?.score ?? null) : null;
}

function noteOf(separation: Separation, l10n: L10n): string {
  if (separation === 'all-pass') return l10n.t('every run passes');
  if (separation === 'all-fail') return l10n.t('every run fails');
  return '';
}

export interface ItemsStrings {
  all: string;
  hint: string;
  refresh: string;
  sortHint: string;
}

export function itemsPage(analysis: ItemAnalysis, state: ItemsState, l10n: L10n, strings: ItemsStrings, corpora?: CorpusChoice): BoardPage {
  const f = state.filter;
  const kept = rowsByInformation(analysis.rows).filter(
    (r) =>
      (!f.group || r.group === f.group) &&
      (!f.method || r.method === f.method) &&
      (!f.tier || r.tier === f.tier) &&
      (!f.separation || r.separation === f.separation),
  );
  const ordered = state.sort
    ? stableSort(
        kept.map((row) => ({ row, v: sortValue(row, state.sort?.key ?? '') })),
        compareBy<{ row: ItemRow; v: string | number | null }>('v', state.sort.descending),
      ).map((x) => x.row)
    : kept;
  const rows: BoardRow[] = ordered.slice(0, MAX_ITEM_ROWS).map((r) => ({
    path: '',
    cells: [
      { text: r.id },
      { text: r.group },
      { text: r.method ?? '—' },
      { text: r.tier ?? '—' },
      ...r.cells.map((c): BoardCell => ({ text: itemCellText(c), numeric: true, ...(c?.score !== null && c?.score !== undefined ? { heat: c.score } : {}) })),
      { text: r.spread === null ? '—' : pyFixed(r.spread, 3), numeric: true },
      { text: noteOf(r.separation, l10n) },
    ],
    unranked: false,
    tie: false,
  }));
  const options = (values: (string | null)[]) => [...new Set(values.filter((v): v is string => !!v))].sort();
  const separations: Separation[] = ['separates', 'all-pass', 'all-fail', 'too-few'];
  const separationLabels: Record<Separation, string> = {
    separates: l10n.t('separates the runs'),
    'all-pass': l10n.t('every run passes'),
    'all-fail': l10n.t('every run fails'),
    'too-few': l10n.t('scored by fewer than two runs'),
  };
  const c = analysis.counts;
  const notes = [
    ...analysis.columns.map((col) => `${col.label}: ${col.fileName}`),
    l10n.t(
      'Items: {0}; separating the runs: {1}; passed by every run: {2}; failed by every run: {3}.',
      analysis.rows.length,
      c.separates,
      c['all-pass'],
      c['all-fail'],
    ),
  ];
  if (corpora && corpora.options.length > 1)
    notes.unshift(
      l10n.t('Runs of {0} only: runs of different corpora are never in one matrix ({1} corpora in the Corpus filter).', corpora.value, corpora.options.length),
    );
  if (ordered.length > MAX_ITEM_ROWS) notes.push(l10n.t('The first {0} of {1} items are listed.', MAX_ITEM_ROWS, ordered.length));
  const keys = ['item', 'group', 'method', 'tier', ...analysis.columns.map((_, i) => `run:${i}`), 'spread', 'note'];
  const labels = [
    l10n.t('Item'),
    l10n.t('Group'),
    l10n.t('Method'),
    l10n.t('Tier'),
    ...analysis.columns.map((col) => col.label),
    l10n.t('Spread'),
    l10n.t('Note'),
  ];
  return {
    title: l10n.t('Items × models'),
    tables: [
      {
        id: 'items',
        title: l10n.t('Items × models'),
        columns: keys.map((key, i) => ({ key, label: labels[i], sortable: key !== 'note' })),
        rows,
        sort: state.sort,
      },
    ],
    filters: [
      ...(corpora && corpora.options.length > 1 ? [{ key: 'corpus', label: l10n.t('Corpus'), options: corpora.options, value: corpora.value }] : []),
      { key: 'group', label: l10n.t('Category'), options: options(analysis.rows.map((r) => r.group)), value: f.group },
      { key: 'method', label: l10n.t('Method'), options: options(analysis.rows.map((r) => r.method)), value: f.method },
      { key: 'tier', label: l10n.t('Tier'), options: options(analysis.rows.map((r) => r.tier)), value: f.tier },
      {
        key: 'separation',
        label: l10n.t('Separation'),
        options: separations.filter((s) => c[s] > 0),
        optionLabels: separationLabels,
        value: f.separation,
      },
    ],
    notes,
    empty: l10n.t('No test or entry in these runs.'),
    strings: { all: strings.all, sortHint: strings.sortHint, hint: strings.hint, open: '', refresh: strings.refresh },
  };
}
