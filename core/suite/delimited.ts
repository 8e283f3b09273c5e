import type { Span } from '../text/lineIndex';

/**
 * CSV and TSV records with the place of every cell, for diagnostics that point at a cell. The values are the
 * ones papaparse reads (the corpus import's reader, `core/corpus/spreadsheet.ts`): `"` quotes a cell, `""`
 * inside quotes is one quote, a quote inside an unquoted cell is a plain character, records end at `\r\n`,
 * `\n` or `\r` outside quotes, a leading byte order mark is not part of the first cell, blank lines (a record of one empty cell) are skipped.
 * The test compares the values with papaparse's on random sheets; papaparse itself keeps no offsets.
 */

export interface Cell {
  value: string;
  /** The cell as written, quotes included (offsets in the whole text, UTF-16). */
  span: Span;
  /** True when the cell was written in quotes: its value starts one character after `span.start`. */
  quoted: boolean;
}

export interface DelimitedRecord {
  cells: Cell[];
  /** From the first cell's start to the last cell's end (the line break excluded). */
  span: Span;
}

export interface DelimitedProblem {
  kind: 'unclosed-quote' | 'text-after-quote';
  span: Span;
}

export interface DelimitedTable {
  records: DelimitedRecord[];
  problems: DelimitedProblem[];
}

/** Reads every record of `text`; `delimiter` is `,` (CSV) or a tab (TSV). One pass, no backtracking. */
export function readDelimited(text: string, delimiter: ',' | '\t'): DelimitedTable {
  const records: DelimitedRecord[] = [];
  const problems: DelimitedProblem[] = [];
  const n = text.length;
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  const sep = delimiter.charCodeAt(0);
  let cells: Cell[] = [];
  // Each iteration reads one cell and the separator after it; every iteration advances i by at least one
  // character or ends the text, so the loop is bounded by the text's length.
  for (;;) {
    const start = i;
    let value: string;
    let quoted = false;
    if (i < n && text.charCodeAt(i) === 0x22) {
      quoted = true;
      let j = i + 1;
      let out = '';
      let closed = false;
      while (j < n) {
        const q = text.indexOf('"', j);
        if (q < 0) break;
        out += text.slice(j, q);
        if (text.charCodeAt(q + 1) === 0x22) {
          out += '"';
          j = q + 2;
          continue;
        }
        j = q + 1;
        closed = true;
        break;
      }
      if (!closed) {
        problems.push({ kind: 'unclosed-quote', span: { start, end: n } });
        out += text.slice(j);
        j = n;
      }
      // Text between the closing quote and the next separator is kept, as papaparse keeps it, and reported.
      let k = j;
      while (k < n && !isBreak(text.charCodeAt(k)) && text.charCodeAt(k) !== sep) k++;
      if (k > j) {
        problems.push({ kind: 'text-after-quote', span: { start: j, end: k } });
        out += text.slice(j, k);
      }
      value = out;
      i = k;
    } else {
      let k = i;
      while (k < n && !isBreak(text.charCodeAt(k)) && text.charCodeAt(k) !== sep) k++;
      value = text.slice(i, k);
      i = k;
    }
    cells.push({ value, span: { start, end: i }, quoted });
    if (i < n && text.charCodeAt(i) === sep) {
      i++;
      continue;
    }
    // End of a record: a line break or the end of the text.
    const blank = cells.length === 1 && cells[0].value === '';
    if (!blank) records.push({ cells, span: { start: cells[0].span.start, end: cells[cells.length - 1].span.end } });
    cells = [];
    if (i >= n) break;
    i += text.charCodeAt(i) === 0x0d && text.charCodeAt(i + 1) === 0x0a ? 2 : 1;
    if (i >= n) break;
  }
  return { records, problems };
}

function isBreak(c: number): boolean {
  return c === 0x0a || c === 0x0d;
}

/**
 * Where the character at `offset` of a cell's value is in the text: past the opening quote, and one further
 * for every doubled quote before it. For pointing inside a cell (a choices list that stops parsing there).
 */
export function cellTextOffset(text: string, cell: Cell, offset: number): number {
  if (!cell.quoted) return cell.span.start + offset;
  let at = cell.span.start + 1;
  // Bounded by `offset`: one value character per step.
  for (let seen = 0; seen < offset && at < cell.span.end; seen++) at += text.charCodeAt(at) === 0x22 && text.charCodeAt(at + 1) === 0x22 ? 2 : 1;
  return at;
}
