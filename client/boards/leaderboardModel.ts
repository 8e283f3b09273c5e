import { pick, type Locale } from '../../core/i18n/locale';
import type { EweBenchRow } from '../../core/leaderboard/ewebench';
import { eweBenchBoard, EWEBENCH_SORT_KEYS } from '../../core/leaderboard/ewebench';
import {
  fmt,
  intervalText,
  methodClassLabel,
  money,
  rankText,
  reviewText,
  ROSETTA_COLUMNS,
  rosettaUnrankedReason,
  sealText,
  tierText,
  verificationTierLabel,
} from '../../core/leaderboard/format';
import { BOARD_TEXT, COLUMN_LABELS, type Leaderboard } from '../../core/leaderboard/leaderboard';
import type { Interval } from '../../core/leaderboard/rank';
import { ASCENDING_BY_DEFAULT, rosettaBoard, ROSETTA_SORT_KEYS, type RosettaRow, type RosettaSortKey } from '../../core/leaderboard/rosetta';
import type { SuiteRow } from '../../core/leaderboard/suite';
import { CATEGORIES } from '../../core/scoring/ewebench/categories';
import type { BoardCell, BoardPage, BoardRow, BoardTable } from '../../protocol/boards';

/**
 * The leaderboard view's page from core's boards: the rows of every run card and results file found (ranked
 * once by `buildLeaderboard`), then filtered and ordered by core's `rosettaBoard` / `eweBenchBoard` as the user
 * asks, each cell formatted in the user's language. Pure: the panel reads the files and posts the page.
 */

export type BoardId = 'ewebench' | 'rosetta';

export interface LeaderboardState {
  sort: Partial<Record<BoardId, { key: string; descending: boolean }>>;
  /** Filters of the Rosetta board: '' for all. */
  filter: { corpus: string; segment: string; pair: string };
}

export const INITIAL_STATE: LeaderboardState = { sort: {}, filter: { corpus: '', segment: '', pair: '' } };

/** Clicking a column: sorted by it (its natural direction first), clicking again reverses it. */
export function toggleSort(state: LeaderboardState, table: BoardId, key: string): LeaderboardState {
  const known: readonly string[] = table === 'rosetta' ? ROSETTA_SORT_KEYS : EWEBENCH_SORT_KEYS;
  if (!known.includes(key)) return state;
  const current = state.sort[table];
  const descending = current?.key === key ? !current.descending : !ASCENDING_BY_DEFAULT.includes(key);
  return { ...state, sort: { ...state.sort, [table]: { key, descending } } };
}

const text = (t: string, extra: Partial<BoardCell> = {}): BoardCell => ({ text: t, ...extra });
const score = (value: number | null, ci: Interval | null, digits: number, locale: Locale): BoardCell => ({
  text: fmt(value, digits, locale),
  numeric: true,
  ...(ci ? { ci: intervalText(ci, digits, locale) } : {}),
});
const number = (value: number | null, digits: number, locale: Locale): BoardCell => ({ text: fmt(value, digits, locale), numeric: true });

const label = (key: string, locale: Locale) => (Object.hasOwn(COLUMN_LABELS, key) ? pick(COLUMN_LABELS[key], locale) : key);

function rankCell(row: { rank: number | null; tie: boolean }, reason: string | null, locale: Locale): BoardCell {
  return text(rankText(row, reason), row.tie ? { title: pick(BOARD_TEXT.tie, locale) } : reason ? { title: reason } : {});
}

function rosettaRowView(r: RosettaRow, locale: Locale): BoardRow {
  const reason = rosettaUnrankedReason(r, locale);
  const cells: BoardCell[] = [
    rankCell(r, reason, locale),
    text(r.method),
    score(r.composite, r.composite_ci, 4, locale),
    score(r.chrf_plus_plus, r.chrf_ci, 2, locale),
    number(r.fst_acceptance_rate, 4, locale),
    score(r.exact_match_rate, r.exact_match_ci, 4, locale),
    number(r.semantic_score, 4, locale),
    text(money(r.cost_per_entry_usd, locale), { numeric: true }),
    number(r.speed_seconds, 2, locale),
    number(r.cost_adjusted, 4, locale),
    text(methodClassLabel(r.method_class, locale)),
    text(r.model),
    text(tierText(r, locale)),
    text(verificationTierLabel(r.verification_tier, locale)),
    text(r.date),
    text(r.corpus),
    text(r.language_pair),
    text(r.segments.join(', ')),
    text(sealText(r, locale), r.verification === 'unsealed' ? { title: pick(BOARD_TEXT.unsealedNote, locale) } : {}),
    text(reviewText(r, locale)),
  ];
  return { path: r.path, cells, unranked: r.rank === null, tie: r.tie };
}

function eweRowView(r: EweBenchRow, locale: Locale): BoardRow {
  const mismatch = r.ewe_score_mismatch
    ? pick(BOARD_TEXT.eweScoreMismatch, locale, { declared: fmt(r.declared_ewe_score, 1, locale), recomputed: fmt(r.ewe_score, 1, locale) })
    : null;
  const cells: BoardCell[] = [
    text(rankText(r) + (mismatch ? ' ≠' : ''), mismatch ? { title: mismatch } : {}),
    text(r.model),
    { ...score(r.ewe_score, r.ewe_score_ci, 1, locale), ...(mismatch ? { title: mismatch } : {}) },
    ...CATEGORIES.map((c) => number(r.categories[c.stem] ?? null, 1, locale)),
    text(String(r.tests), { numeric: true }),
    text(r.date),
  ];
  return { path: r.path, cells, unranked: r.rank === null, tie: r.tie };
}

const sorted = (values: Iterable<string>) => [...new Set(values)].filter(Boolean).sort();

export interface PageStrings {
  all: string;
  sortHint: string;
  /** Under the toolbar: what the marks mean and how to use the keyboard. */
  hint: string;
  open: string;
  refresh: string;
  filterCorpus: string;
  filterSegment: string;
  filterPair: string;
}

/** A task suite run's row: rank, suite, model, SEA-HELM's overall ± standard error (its 1.96 SE interval as the title), runs, items, tasks. */
function suiteRowView(r: SuiteRow, tasks: readonly string[], locale: Locale): BoardRow {
  const overall = `${fmt(r.overall, 2, locale)} ± ${r.overall_se === null ? '—' : fmt(r.overall_se, 2, locale)}`;
  return {
    path: r.path,
    cells: [
      rankCell(r, null, locale),
      text(r.suite || '—'),
      text(r.model),
      text(overall, { numeric: true, ...(r.overall_ci ? { ci: intervalText(r.overall_ci, 2, locale) } : {}) }),
      number(r.runs, 0, locale),
      number(r.items, 0, locale),
      ...tasks.map((t) => number(Object.hasOwn(r.tasks, t) ? r.tasks[t] : null, 2, locale)),
    ],
    unranked: false,
    tie: r.tie,
  };
}

/** The page for `board` (every row, ranked) under `state`; `strings` are the view's own sentences, translated by the host. */
export function leaderboardPage(board: Leaderboard, state: LeaderboardState, locale: Locale, strings: PageStrings): BoardPage {
  const f = state.filter;
  const rosettaSort = state.sort.rosetta;
  const eweSort = state.sort.ewebench;
  const rosetta = rosettaBoard(board.rosetta, {
    filter: { ...(f.corpus ? { corpus: f.corpus } : {}), ...(f.segment ? { segment: f.segment } : {}), ...(f.pair ? { languagePair: f.pair } : {}) },
    ...(rosettaSort ? { sort: rosettaSort.key as RosettaSortKey, descending: rosettaSort.descending } : {}),
  });
  const ewe = eweBenchBoard(board.ewebench, eweSort ? { sort: eweSort.key, descending: eweSort.descending } : {});
  const tables: BoardTable[] = [];
  if (board.ewebench.length) {
    const keys = ['rank', 'model', 'ewe_score', ...CATEGORIES.map((c) => c.stem), 'tests', 'date'];
    tables.push({
      id: 'ewebench',
      title: pick(BOARD_TEXT.ewebenchTitle, locale),
      columns: keys.map((key) => ({ key, label: label(key, locale), sortable: (EWEBENCH_SORT_KEYS as readonly string[]).includes(key) })),
      rows: ewe.map((r) => eweRowView(r, locale)),
      sort: eweSort ?? null,
    });
  }
  if (board.rosetta.length) {
    tables.push({
      id: 'rosetta',
      title: pick(BOARD_TEXT.rosettaTitle, locale),
      columns: ROSETTA_COLUMNS.map((key) => ({ key, label: label(key, locale), sortable: (ROSETTA_SORT_KEYS as readonly string[]).includes(key) })),
      rows: rosetta.map((r) => rosettaRowView(r, locale)),
      sort: rosettaSort ?? null,
    });
  }
  if (board.suite.length) {
    const tasks = [...new Set(board.suite.flatMap((r) => Object.keys(r.tasks)))];
    tables.push({
      id: 'suite',
      title: pick(BOARD_TEXT.suiteHeading, locale),
      columns: [
        ...['rank', 'suite', 'model', 'overall', 'runs', 'items'].map((key) => ({ key, label: label(key, locale), sortable: false })),
        ...tasks.map((t) => ({ key: `task:${t}`, label: t, sortable: false })),
      ],
      rows: board.suite.map((r) => suiteRowView(r, tasks, locale)),
      sort: null,
    });
  }
  const filters = board.rosetta.length
    ? [
        { key: 'corpus', label: strings.filterCorpus, options: sorted(board.rosetta.map((r) => r.corpus)), value: f.corpus },
        { key: 'segment', label: strings.filterSegment, options: sorted(board.rosetta.flatMap((r) => r.segments)), value: f.segment },
        { key: 'pair', label: strings.filterPair, options: sorted(board.rosetta.map((r) => r.language_pair)), value: f.pair },
      ]
    : [];
  const notes = [pick(BOARD_TEXT.intervalNote, locale)];
  if (board.rosetta.length) notes.push(pick(BOARD_TEXT.perCorpus, locale));
  if (board.rosetta.some((r) => r.verification === 'unsealed')) notes.push(pick(BOARD_TEXT.unsealedNote, locale));
  if (board.suite.length) notes.push(pick(BOARD_TEXT.suiteNote, locale));
  for (const r of board.ewebench.filter((row) => row.ewe_score_mismatch))
    notes.push(
      `${r.path}: ${pick(BOARD_TEXT.eweScoreMismatch, locale, { declared: fmt(r.declared_ewe_score, 1, locale), recomputed: fmt(r.ewe_score, 1, locale) })}`,
    );
  for (const r of board.refused) notes.push(pick(BOARD_TEXT.refused, locale, { file: r.path, reason: r.reason }));
  if (board.ignored.length) notes.push(pick(BOARD_TEXT.ignored, locale, { files: board.ignored.join(', ') }));
  return {
    title: pick(BOARD_TEXT.title, locale),
    tables,
    filters,
    notes,
    empty: pick(BOARD_TEXT.empty, locale),
    strings: { all: strings.all, sortHint: strings.sortHint, hint: strings.hint, open: strings.open, refresh: strings.refresh },
  };
}

/** Applies a filter message from the page (unknown keys ignored). */
export function withFilter(state: LeaderboardState, key: string, value: string): LeaderboardState {
  if (key !== 'corpus' && key !== 'segment' && key !== 'pair') return state;
  return { ...state, filter: { ...state.filter, [key]: value } };
}
