/**
 * Messages between the board views' panels (extension host) and their webview pages: the leaderboard, and the
 * tables the other board views share. Types only: the pages' browser bundles import this file too, so it imports
 * neither `vscode` nor Node. The host formats every cell (numbers, intervals, marks) in the user's language;
 * the pages only lay them out, sort on request and filter.
 */

/** One cell as shown; `title` is a tooltip (why a row is not ranked, what a tie means). */
export interface BoardCell {
  text: string;
  /** An interval shown beside the value, smaller. */
  ci?: string;
  numeric?: boolean;
  title?: string;
  /** A score from 0 to 1 the cell is coloured by (the theme's failed to passed colours). */
  heat?: number;
  /** A diff to draw instead of the plain text: removed parts struck through, added ones marked. */
  parts?: { op: 'equal' | 'delete' | 'insert'; text: string }[];
}

export interface BoardColumn {
  key: string;
  label: string;
  /** The host re-sorts by this column when asked. */
  sortable: boolean;
}

export interface BoardRow {
  /** The file the row comes from (workspace-relative), opened on Enter. */
  path: string;
  cells: BoardCell[];
  /** A row listed but not ranked (its hashes do not verify, no composite): shown apart. */
  unranked: boolean;
  /** Its interval overlaps a neighbour's: the order between them is not established. */
  tie: boolean;
  /** A regression (bad) or an improvement (good), coloured by the theme. */
  tone?: 'good' | 'bad';
}

export interface BoardTable {
  id: string;
  title: string;
  columns: BoardColumn[];
  rows: BoardRow[];
  sort: { key: string; descending: boolean } | null;
}

/** A filter's choices (every value the rows have) and its current value ('' for all). */
export interface BoardFilter {
  key: string;
  label: string;
  options: string[];
  /** How an option reads, when not as its value. */
  optionLabels?: Record<string, string>;
  value: string;
}

/** A chart drawn above the tables: its SVG (from core/charts), its numbers as a table beside it, and the name it is exported under. */
export interface BoardChart {
  id: string;
  svg: string;
  table: { caption: string; columns: string[]; rows: string[][] };
  /** The file name the save dialog proposes (`pareto.svg`). */
  fileName: string;
}

export interface BoardPage {
  title: string;
  /** Charts shown before the tables, each exportable as SVG. */
  charts?: BoardChart[];
  tables: BoardTable[];
  filters: BoardFilter[];
  /** Notes under the tables (what the intervals are, files that were not runs). */
  notes: string[];
  /** The sentence shown when no table has a row. */
  empty: string;
  strings: { all: string; sortHint: string; hint: string; open: string; refresh: string; exportSvg?: string };
}

export type BoardToPage = { type: 'show'; page: BoardPage };

export type BoardFromPage =
  | { type: 'ready' }
  | { type: 'sort'; table: string; key: string }
  | { type: 'filter'; key: string; value: string }
  | { type: 'open'; path: string }
  | { type: 'refresh' }
  /** Save chart `id` of the page shown as an SVG file (the host asks where). */
  | { type: 'exportSvg'; id: string };
