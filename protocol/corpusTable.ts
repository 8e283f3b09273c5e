import type { FilterField, TableColumn, TableRow, TableSummary, ViewQuery } from '../core/corpus/tableView';

/**
 * Messages between the corpus table's provider (extension host) and its webview. Types only: the webview's
 * browser bundle imports this file too, so it imports neither `vscode` nor Node.
 */

/** Every sentence the page shows, translated by the extension (`vscode.l10n`), so the page needs no bundle. */
export interface TableStrings {
  search: string;
  /** A filter menu's first item: `All segments`, … */
  filterAll: Record<FilterField, string>;
  /** `{0}: {1}`, a label and its value (French puts a space before the colon). */
  labelled: string;
  segment: string;
  difficulty: string;
  register: string;
  domain: string;
  problemsOnly: string;
  addEntry: string;
  duplicate: string;
  delete: string;
  /** The spreadsheet buttons: export (the selected rows, else all) and import into this corpus. */
  exportSheet: string;
  importSheet: string;
  setField: string;
  apply: string;
  value: string;
  /** `Entries shown: {0} of {1}` */
  shown: string;
  /** `{0} entry selected`, `{0} entries selected` */
  selected: { one: string; other: string };
  entries: string;
  segments: string;
  tiers: string;
  registers: string;
  secretRow: string;
  hiddenText: string;
  grid: string;
  rowHeader: string;
  editHint: string;
  /** The hint of a cell edited through a list of values. */
  chooseHint: string;
  /** The label of the values a list offers that the corpus uses and the spec does not list. */
  notInSpec: string;
  /** The Ewe typing keys, shown while a text field has the focus (`;d ɖ · …`). */
  typingHint: string;
  notJson: string;
  noEntry: string;
  noField: string;
  stale: string;
  minimumNotMet: string;
  /** `minimum {0}` */
  minimum: string;
  sortAscending: string;
  sortDescending: string;
}

export interface RowProblem {
  severity: 'error' | 'warning' | 'information' | 'hint';
  message: string;
  /** The field the diagnostic's range falls in; absent: the entry as a whole. */
  field?: string;
}

/** Diagnostics by entry index. */
export type ProblemsByEntry = ReadonlyMap<number, RowProblem[]>;

/** What the page needs of a version besides its rows: the columns, the figures and the filter menus. */
export interface TableMeta {
  shape: string;
  idField: string;
  sourceField: string;
  referenceField: string;
  columns: TableColumn[];
  /** Rows in the corpus (its entries that are objects). */
  total: number;
  summary: TableSummary;
  /** The values each filter field takes, for its menu. */
  filters: Partial<Record<FilterField, string[]>>;
  /** Per column chosen from a list (`TableColumn.choices`): the values the corpus uses there besides the spec's. */
  others: Record<string, string[]>;
}

/** A row as the page gets it, with the diagnostics on its entry. */
export interface WindowRow extends TableRow {
  problems?: RowProblem[];
}

export type HostMessage =
  /** `eweTyping`: the user's `ewebench.eweInput.enable` (Ewe sequences compose in the page's text fields). */
  | { type: 'init'; strings: TableStrings; eweTyping: boolean }
  /**
   * The order the query shows for this version, numbered `view`: its length and the table's figures, no rows
   * (they come in windows of that view). `focus`: the position of the entry to make active (the one the page
   * had active when it changed the query, or the one just added); `renumbered`: entries moved, so indices the page holds (its selection)
   * name other entries now. It carries the rows at positions `first`… the page last asked for (or around `focus`).
   */
  | {
      type: 'view';
      version: number;
      view: number;
      meta: TableMeta;
      query: ViewQuery;
      shown: number;
      first: number;
      rows: WindowRow[];
      focus?: number;
      /** The field of the cell to make active in the focused row (after an add: its first empty cell). */
      focusField?: string;
      renumbered?: boolean;
    }
  /** The rows at positions `first`… of view `view`. */
  | { type: 'window'; version: number; view: number; first: number; rows: WindowRow[] }
  /** The document is not a corpus (or not valid JSON): the reason, shown instead of the rows. */
  | { type: 'unavailable'; version: number; reason: string }
  | { type: 'error'; message: string };

export type WebviewMessage =
  | { type: 'ready'; pageMs?: number; origin?: number }
  /** Sort, filter and search (run in the extension host); `active`: the entry to keep active. */
  | { type: 'query'; query: ViewQuery; active?: number }
  /** The rows at positions [first, end) of view `view` (at most MAX_WINDOW_ROWS, `core/corpus/tableView.ts`). */
  | { type: 'window'; view: number; first: number; end: number }
  | { type: 'edit'; version: number; index: number; field: string; text: string }
  | { type: 'setField'; version: number; indices: number[]; field: string; text: string }
  | { type: 'add'; version: number }
  | { type: 'duplicate'; version: number; indices: number[] }
  | { type: 'remove'; version: number; indices: number[] }
  /** Show the entry in the JSON text editor. */
  | { type: 'reveal'; index: number; field?: string }
  /** Export this corpus to CSV/TSV (`indices`: the selected entries, else all), or import a sheet into it. */
  | { type: 'spreadsheet'; action: 'export' | 'import'; indices?: number[] }
  /** The page has drawn the rows of this version (the provider times its opening by it). */
  | {
      type: 'painted';
      version: number;
      rows: number;
      drawMs?: number;
      at?: number;
      /** The page's width in CSS pixels, and the columns whose header lies wholly inside it then (test builds). */
      width?: number;
      visibleColumns?: string[];
    };

/** What the provider measured on this table, for the end-to-end run to print (`ewebench.corpusTable.send`). */
export interface TableFigures {
  /**
   * From the editor's resolution to the page's first drawn rows: at the page's moment on the wall clock (both
   * sides'), else when the host got its message.
   */
  openMs?: number;
  /** When the editor's resolution began, on the wall clock (what came before it, loading the document, is VS Code's). */
  resolvedAt?: number;
  /** The page's message that it drew its rows: from the moment it drew them to the host taking the message. */
  paintedLagMs?: number;
  /** Parts of `openMs`: until the page's script said it was ready (VS Code making the webview, our script run). */
  readyMs?: number;
  /** Of `readyMs`, VS Code's part before the page: until the page's document started (wall clocks of both sides). */
  navigateMs?: number;
  /** Of `readyMs`, the page's own part: from its document's start to its script's ready message. */
  pageMs?: number;
  /** Of `readyMs`, the ready message's way from the page to the host (wall clocks of both sides). */
  readyLagMs?: number;
  /** The host's part after it: the first view (rows and figures) posted. */
  viewMs?: number;
  /** The page's part at the end: from the first view's arrival to its rows drawn. */
  drawMs?: number;
  /** The last edit: from the page's message to the document's text holding it (its change event). */
  editMs?: number;
  /** Of `editMs`, ours: from the page's message to the edit handed to `workspace.applyEdit` (the rest is VS Code's). */
  ownEditMs?: number;
  /** The same edit until `workspace.applyEdit` resolved. */
  applyMs?: number;
  rows?: number;
  /** The page's width when it first drew its rows, and the columns wholly visible in it without scrolling. */
  width?: number;
  visibleColumns?: string[];
}
