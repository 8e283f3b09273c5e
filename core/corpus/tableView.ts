import { MIN_DIFFICULTY_TIERS, MIN_REGISTERS, SEGMENT_MINIMUMS } from '../spec/corpusTables';

/**
 * The corpus table's view of its rows, pure and free of JSON parsing (browser-safe): sort, filter and search
 * over the rows' cells and the window of rows to fetch (run in the extension host, which sends the page only
 * its window), the keyboard's moves between cells (run in the page), and the summary bar's figures.
 * `tableModel.ts` builds the data from a document.
 */

export type CellKind = 'string' | 'number' | 'json';

export interface TableColumn {
  field: string;
  kind: CellKind;
  /** The spec's values for the field (its schema's enum, or difficulty's 1–5): it is chosen from a list. */
  choices?: string[];
}

export interface TableRow {
  /** The entry's index in the entries array (the path segment edits use). */
  index: number;
  /** One per column: the value as text, null when the entry has no such field (or its text is hidden). */
  cells: (string | null)[];
  /** The entry's segment, or the file's for a curated corpus whose entries name none. */
  segment: string;
  /** gold_standard or held_out (spec §2.3). */
  secret: boolean;
  /** Its source and reference text were not sent (`ewebench.corpusTable.hideSecretText`). */
  hidden: boolean;
}

export interface TableData {
  shape: string;
  idField: string;
  sourceField: string;
  referenceField: string;
  columns: TableColumn[];
  rows: TableRow[];
  /** Items in the entries array, entries that are not objects included. */
  count: number;
}

/** The fields the filter menus offer, when the corpus has them. */
export const FILTER_FIELDS = ['segment', 'difficulty', 'register', 'domain'] as const;
export type FilterField = (typeof FILTER_FIELDS)[number];

export interface ViewQuery {
  /** Column position and direction; rows keep file order when absent. */
  sort?: { column: number; descending: boolean };
  /** Field → the value a row must show there (as its cell text); empty or absent: no filter. */
  filters?: Partial<Record<FilterField, string>>;
  /** Only rows with a diagnostic. */
  problemsOnly?: boolean;
  /** Text every shown row holds in some cell, ignoring case and accents' composition. */
  search?: string;
}

const fold = (text: string) => text.normalize('NFC').toLocaleLowerCase();

/** Reads a filter field's value off a row: its column found once, not per row (20,000 rows, each filter field). */
function filterReader(data: TableData, field: FilterField): (row: TableRow) => string | null {
  if (field === 'segment') return (row) => row.segment;
  const column = data.columns.findIndex((c) => c.field === field);
  return column < 0 ? () => null : (row) => row.cells[column];
}

/** Positions in `data.rows` of the rows the query shows, in the order it shows them. */
export function viewRows(data: TableData, query: ViewQuery, problemRows: ReadonlySet<number> = new Set()): number[] {
  const filters = Object.entries(query.filters ?? {})
    .filter((f): f is [FilterField, string] => typeof f[1] === 'string' && f[1] !== '')
    .map(([field, value]) => [filterReader(data, field), value] as const);
  const needle = query.search ? fold(query.search) : '';
  const out: number[] = [];
  data.rows.forEach((row, position) => {
    if (query.problemsOnly && !problemRows.has(row.index)) return;
    for (const [read, value] of filters) if ((read(row) ?? '') !== value) return;
    if (needle && !row.cells.some((cell) => cell !== null && fold(cell).includes(needle))) return;
    out.push(position);
  });
  const sort = query.sort;
  if (!sort || sort.column < 0 || sort.column >= data.columns.length) return out;
  const numeric = data.columns[sort.column].kind === 'number';
  const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });
  const sign = sort.descending ? -1 : 1;
  const key = (position: number) => data.rows[position].cells[sort.column];
  // Absent cells go last in either direction; ties keep file order (Array.prototype.sort is stable).
  return out.sort((a, b) => {
    const x = key(a);
    const y = key(b);
    if (x === null || y === null) return x === y ? 0 : x === null ? 1 : -1;
    if (numeric) {
      const nx = Number(x);
      const ny = Number(y);
      if (!Number.isNaN(nx) && !Number.isNaN(ny) && nx !== ny) return sign * (nx - ny);
    }
    return sign * collator.compare(x, y);
  });
}

/** The values each filter field takes in the corpus, sorted, for the filter menus (fields it lacks are left out). */
export function filterOptions(data: TableData): Partial<Record<FilterField, string[]>> {
  const out: Partial<Record<FilterField, string[]>> = {};
  const collator = new Intl.Collator(undefined, { numeric: true });
  for (const field of FILTER_FIELDS) {
    const values = new Set<string>();
    const read = filterReader(data, field);
    for (const row of data.rows) {
      const value = read(row);
      if (value !== null && value !== '') values.add(value);
    }
    if (values.size) out[field] = [...values].sort(collator.compare);
  }
  return out;
}

/** Values kept, at most, per list of a corpus's own values (a list to choose from, not a census). */
export const MAX_OTHER_VALUES = 50;

/**
 * For each column chosen from a list: the values the corpus uses there that are not the spec's (a typo such as
 * `conversationl`, a legacy `easy`), sorted, at most MAX_OTHER_VALUES; the list offers them after the spec's.
 */
export function otherValues(data: TableData): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  const collator = new Intl.Collator(undefined, { numeric: true });
  data.columns.forEach((column, c) => {
    if (!column.choices) return;
    const spec = new Set(column.choices);
    const values = new Set<string>();
    for (const row of data.rows) {
      const value = row.cells[c];
      if (value !== null && value !== '' && !spec.has(value)) values.add(value);
      if (values.size >= MAX_OTHER_VALUES) break;
    }
    out[column.field] = [...values].sort(collator.compare);
  });
  return out;
}

/** The most rows one window of the corpus table carries (the page asks for what it shows plus some either side). */
export const MAX_WINDOW_ROWS = 500;
/** Rows either side of the shown ones the page asks for. */
export const OVERSCAN_ROWS = 40;

/**
 * The rows to fetch so that the shown positions [first, end) are there: `overscan` more either side, inside
 * [0, count), at most `max` rows (the shown ones first). `first` inclusive, `end` exclusive.
 */
export function fetchWindow(first: number, end: number, count: number, overscan: number, max: number): { first: number; end: number } {
  const from = Math.max(0, Math.min(first, count));
  const to = Math.max(from, Math.min(end, count, from + max));
  const room = Math.max(0, Math.min(overscan, Math.floor((max - (to - from)) / 2)));
  return { first: Math.max(0, from - room), end: Math.min(count, to + room) };
}

export interface CellPosition {
  /** Position among the shown rows. */
  row: number;
  column: number;
}

export type MoveKey =
  'ArrowUp' | 'ArrowDown' | 'ArrowLeft' | 'ArrowRight' | 'Tab' | 'ShiftTab' | 'Home' | 'End' | 'CtrlHome' | 'CtrlEnd' | 'PageUp' | 'PageDown';

/** Where a key moves the active cell (grid keyboard conventions; Tab wraps to the next row). */
export function moveCell(at: CellPosition, key: MoveKey, rows: number, columns: number, pageRows = 10): CellPosition {
  if (rows === 0 || columns === 0) return { row: 0, column: 0 };
  const clampRow = (r: number) => Math.max(0, Math.min(rows - 1, r));
  const clampColumn = (c: number) => Math.max(0, Math.min(columns - 1, c));
  switch (key) {
    case 'ArrowUp':
      return { row: clampRow(at.row - 1), column: at.column };
    case 'ArrowDown':
      return { row: clampRow(at.row + 1), column: at.column };
    case 'ArrowLeft':
      return { row: at.row, column: clampColumn(at.column - 1) };
    case 'ArrowRight':
      return { row: at.row, column: clampColumn(at.column + 1) };
    case 'Home':
      return { row: at.row, column: 0 };
    case 'End':
      return { row: at.row, column: columns - 1 };
    case 'CtrlHome':
      return { row: 0, column: 0 };
    case 'CtrlEnd':
      return { row: rows - 1, column: columns - 1 };
    case 'PageUp':
      return { row: clampRow(at.row - pageRows), column: at.column };
    case 'PageDown':
      return { row: clampRow(at.row + pageRows), column: at.column };
    case 'Tab':
      if (at.column < columns - 1) return { row: at.row, column: at.column + 1 };
      return at.row < rows - 1 ? { row: at.row + 1, column: 0 } : at;
    case 'ShiftTab':
      if (at.column > 0) return { row: at.row, column: at.column - 1 };
      return at.row > 0 ? { row: at.row - 1, column: columns - 1 } : at;
  }
}

export interface CountWithMinimum {
  value: string;
  count: number;
  /** The spec's minimum for this value (segments, §2.3 and §11.1), when it has one. */
  minimum?: number;
}

export interface TableSummary {
  entries: number;
  segments: CountWithMinimum[];
  difficulties: CountWithMinimum[];
  registers: CountWithMinimum[];
  /** Distinct difficulty tiers and registers against the spec's minimums (§11.1). */
  tiers: { count: number; minimum: number };
  registerCount: { count: number; minimum: number };
  secret: number;
}

function counts(values: Iterable<string | null>, minimums: Readonly<Record<string, number>> = {}): CountWithMinimum[] {
  const map = new Map<string, number>();
  for (const v of values) if (v !== null && v !== '') map.set(v, (map.get(v) ?? 0) + 1);
  const collator = new Intl.Collator(undefined, { numeric: true });
  return [...map]
    .sort((a, b) => collator.compare(a[0], b[0]))
    .map(([value, count]) => (value in minimums ? { value, count, minimum: minimums[value] } : { value, count }));
}

/** The summary bar: entries per segment (with the spec's minimums), difficulty tiers and registers. */
export function summarize(data: TableData): TableSummary {
  const column = (field: string) => data.columns.findIndex((c) => c.field === field);
  const difficulty = column('difficulty');
  const register = column('register');
  const segments = counts(
    data.rows.map((r) => r.segment),
    SEGMENT_MINIMUMS,
  );
  const difficulties = difficulty < 0 ? [] : counts(data.rows.map((r) => r.cells[difficulty]));
  const registers = register < 0 ? [] : counts(data.rows.map((r) => r.cells[register]));
  // Only the spec's values count towards its minimums: `conversationl` is not a fourth register.
  const distinct = (list: CountWithMinimum[], index: number) => {
    const spec = data.columns[index]?.choices;
    return spec ? list.filter((v) => spec.includes(v.value)).length : list.length;
  };
  return {
    entries: data.rows.length,
    segments,
    difficulties,
    registers,
    tiers: { count: distinct(difficulties, difficulty), minimum: MIN_DIFFICULTY_TIERS },
    registerCount: { count: distinct(registers, register), minimum: MIN_REGISTERS },
    secret: data.rows.filter((r) => r.secret).length,
  };
}
