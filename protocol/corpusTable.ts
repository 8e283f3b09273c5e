import type { TableData, TableRow } from '../core/corpus/tableView';

/**
 * Messages between the corpus table's provider (extension host) and its webview. Types only: the webview's
 * browser bundle imports this file too, so it imports neither `vscode` nor Node.
 */

/** Every sentence the page shows, translated by the extension (`vscode.l10n`), so the page needs no bundle. */
export interface TableStrings {
  search: string;
  allValues: string;
  segment: string;
  difficulty: string;
  register: string;
  domain: string;
  problemsOnly: string;
  addEntry: string;
  duplicate: string;
  delete: string;
  setField: string;
  apply: string;
  value: string;
  /** `{0} of {1} entries` */
  shown: string;
  /** `{0} selected` */
  selected: string;
  entries: string;
  segments: string;
  tiers: string;
  registers: string;
  secretRow: string;
  hiddenText: string;
  grid: string;
  rowHeader: string;
  editHint: string;
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

/** Diagnostics by entry index (as a plain object: it crosses postMessage). */
export type ProblemsByEntry = Record<number, RowProblem[]>;

export type HostMessage =
  | { type: 'init'; strings: TableStrings }
  | { type: 'data'; version: number; data: TableData; problems: ProblemsByEntry }
  | { type: 'problems'; version: number; problems: ProblemsByEntry }
  /** Only these rows changed since the last data (the table's own cell edits): replaced in place by index. */
  | { type: 'rows'; version: number; rows: TableRow[]; problems: ProblemsByEntry }
  /** The document is not a corpus (or not valid JSON): the reason, shown instead of the rows. */
  | { type: 'unavailable'; version: number; reason: string }
  | { type: 'error'; message: string }
  /** Select this entry (after an add or a duplicate). */
  | { type: 'focusEntry'; index: number };

export type WebviewMessage =
  | { type: 'ready' }
  | { type: 'edit'; version: number; index: number; field: string; text: string }
  | { type: 'setField'; version: number; indices: number[]; field: string; text: string }
  | { type: 'add'; version: number }
  | { type: 'duplicate'; version: number; indices: number[] }
  | { type: 'remove'; version: number; indices: number[] }
  /** Show the entry in the JSON text editor. */
  | { type: 'reveal'; index: number; field?: string }
  /** The page has drawn the rows of this version (the provider times its opening by it). */
  | { type: 'painted'; version: number; rows: number };

/** What the provider measured on this table, for the end-to-end run to print (`ewebench.corpusTable.send`). */
export interface TableFigures {
  /** From the editor's resolution to the page's first drawn rows. */
  openMs?: number;
  /** The last edit: from the page's message to the document's text holding it (its change event). */
  editMs?: number;
  /** The same edit until `workspace.applyEdit` resolved. */
  applyMs?: number;
  rows?: number;
}
