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
  const widths = safe[0].map((_, i) => Math.max(...safe.map((r) => Array.from(r[i] ?? '').length)));
  return (
    safe
      .map((r) =>
        r
          .map((cell, i) => (i === r.length - 1 ? cell : cell + ' '.repeat(widths[i] - Array.from(cell).length)))
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
