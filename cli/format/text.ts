import { pyLen } from '../../core/python/str';

/**
 * Makes a value safe to print on a terminal line: control characters (C0, DEL, C1), line and paragraph
 * separators and bidirectional overrides are written as escapes, so a key or id can neither send an escape
 * sequence to the terminal nor start a line that looks like another finding.
 */
// eslint-disable-next-line no-control-regex
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;
const NAMED: Record<string, string> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };

export function terminalSafe(text: string): string {
  return text.replace(
    UNSAFE,
    (c) =>
      NAMED[c] ?? (c.charCodeAt(0) <= 0xff ? `\\x${c.charCodeAt(0).toString(16).padStart(2, '0')}` : `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`),
  );
}

/**
 * Rows as aligned columns (two spaces apart, the last column unpadded), every cell made terminal-safe first, so
 * an id or a model's answer in a table can neither move the cursor nor start a forged line.
 */
export function textTable(rows: readonly (readonly string[])[]): string {
  const safe = rows.map((r) => r.map(terminalSafe));
  const widths = safe[0].map((_, i) => safe.reduce((most, r) => Math.max(most, width(r[i] ?? '')), 0));
  return (
    safe
      .map((r) =>
        r
          .map((cell, i) => (i === r.length - 1 ? cell : cell + ' '.repeat(widths[i] - width(cell))))
          .join('  ')
          .trimEnd(),
      )
      .join('\n') + '\n'
  );
}

/** Text of several lines made terminal-safe line by line: our line breaks stay, every other control is escaped. */
export function terminalSafeLines(text: string): string {
  return text.split('\n').map(terminalSafe).join('\n');
}

// What JSON.stringify leaves raw but a terminal obeys: DEL and C1 controls (CSI is U+009B), line and paragraph
// separators, bidirectional controls.
const JSON_UNSAFE = /[\u007f-\u009f\u2028\u2029\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/** JSON text safe on a terminal: the characters JSON leaves raw are written as `\uXXXX` (still the same JSON). */
export function terminalSafeJson(json: string): string {
  return json.replace(JSON_UNSAFE, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** A model's text in a table cell: its first line (a `…` marks what was cut), at most `max` characters. */
export function firstLine(text: string, max = 120): string {
  const [first] = text.split(/\r\n|[\n\r\u2028\u2029\u0085]/, 1);
  const cut = first.length < text.length;
  const chars = Array.from(first);
  return chars.length > max ? `${chars.slice(0, max - 1).join('')}…` : cut ? `${first}…` : first;
}

/** The widest line the CLI's text reports print (a table too wide for it wraps its text columns, or becomes records). */
export const MAX_LINE = 160;

/** A column no narrower than this when its text is wrapped to fit (narrower reads worse than a record). */
const MIN_WRAPPED = 8;

/** Code points, as `Array.from(text).length` counts them (a surrogate pair is one), without building the array. */
const width = pyLen;

/** A line without its trailing spaces (only U+0020: other white space is content). */
function trimSpaces(line: string): string {
  let end = line.length;
  while (end > 0 && line.charCodeAt(end - 1) === 0x20) end--;
  return end === line.length ? line : line.slice(0, end);
}

/**
 * Text broken into lines of at most `max` code points: at spaces when it can, inside a word when one is longer
 * than a line. Bounded: every line taken consumes at least one code point.
 */
export function wrapText(text: string, max: number): string[] {
  const chars = Array.from(text);
  if (chars.length <= max) return [text];
  const lines: string[] = [];
  let start = 0;
  while (start < chars.length) {
    if (chars.length - start <= max) {
      lines.push(chars.slice(start).join(''));
      break;
    }
    let end = start + max;
    const space = chars.lastIndexOf(' ', end);
    if (space > start) end = space;
    // Only the spaces it breaks at go: other white space (U+2000…) is text.
    lines.push(trimSpaces(chars.slice(start, end).join('')));
    start = end;
    while (start < chars.length && chars[start] === ' ') start++;
  }
  return lines.length ? lines : [''];
}

export interface FitOptions {
  /** Per column: may its cells wrap onto several lines (text), or not (numbers, which must read whole). */
  wrap: readonly boolean[];
  maxWidth?: number;
}

/** The widest each wrappable column may be so the row fits: the same cap for all, as large as fits (binary search). */
function capFor(widths: readonly number[], wrap: readonly boolean[], budget: number): number | null {
  const total = (cap: number) => widths.reduce((sum, w, i) => sum + (wrap[i] ? Math.min(w, cap) : w), 0);
  const widest = Math.max(MIN_WRAPPED, ...widths);
  if (total(MIN_WRAPPED) > budget) return null;
  let lo = MIN_WRAPPED;
  let hi = widest;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (total(mid) <= budget) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/**
 * Rows as aligned columns, every line at most `maxWidth` (160) code points: as `textTable` when it fits; else the
 * text columns wrap onto several lines each (numbers never wrap); and when even that cannot fit, every row is
 * written as `heading: value` lines (wrapped), rows a blank line apart. Cells are made terminal-safe first.
 */
export function fitTable(rows: readonly (readonly string[])[], options: FitOptions): string {
  const max = options.maxWidth ?? MAX_LINE;
  const safe = rows.map((r) => r.map(terminalSafe));
  if (!safe.length) return '';
  const columns = safe[0].length;
  // A loop, not Math.max(...rows): a board of many rows would pass more arguments than a call takes.
  const widths = Array.from({ length: columns }, (_, i) => safe.reduce((most, r) => Math.max(most, width(r[i] ?? '')), 0));
  const gaps = 2 * (columns - 1);
  const natural = widths.reduce((a, b) => a + b, 0) + gaps;
  const cap = natural <= max ? Infinity : capFor(widths, options.wrap, max - gaps);
  if (cap === null) return recordLines(safe, max);
  const used = widths.map((w, i) => (options.wrap[i] ? Math.min(w, cap) : w));
  const out: string[] = [];
  for (const row of safe) {
    const cells = row.map((cell, i) => (options.wrap[i] && width(cell) > used[i] ? wrapText(cell, used[i]) : [cell]));
    const height = Math.max(...cells.map((c) => c.length));
    for (let k = 0; k < height; k++)
      out.push(
        trimSpaces(
          cells
            .map((c, i) => {
              const part = c[k] ?? '';
              return i === columns - 1 ? part : part + ' '.repeat(Math.max(0, used[i] - width(part)));
            })
            .join('  '),
        ),
      );
  }
  return out.join('\n') + '\n';
}

/** Each row as `heading: value` lines under the first row's headings, wrapped to `max`, rows a blank line apart. */
function recordLines(rows: readonly (readonly string[])[], max: number): string {
  const [head, ...body] = rows;
  const label = Math.min(Math.max(...head.map(width)), Math.floor(max / 3));
  const blocks = body.map((row) =>
    row
      .flatMap((cell, i) => {
        const name = wrapText(head[i], label)[0];
        const lines = wrapText(cell, max - label - 2);
        return lines.map((line, k) => trimSpaces(`${k === 0 ? name + ':' + ' '.repeat(label - width(name) + 1) : ' '.repeat(label + 2)}${line}`));
      })
      .join('\n'),
  );
  return blocks.join('\n\n') + '\n';
}

/** Prose wrapped to `max` columns (terminal-safe), each of its lines on its own. */
export function wrapLines(text: string, max = MAX_LINE): string {
  return text
    .split('\n')
    .flatMap((line) => wrapText(terminalSafe(line), max))
    .join('\n');
}
