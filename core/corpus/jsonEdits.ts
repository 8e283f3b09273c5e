import type { JsonDocument, JsonPath } from '../document/jsonDocument';

/**
 * Minimal edits of a JSON text: the change a user asked for and nothing else, so formatting, key order and
 * the rest of the file stay as they were (a one-cell change is a one-line diff). Offsets are UTF-16.
 */
export interface TextEdit {
  start: number;
  end: number;
  text: string;
}

export function applyTextEdit(text: string, edit: TextEdit): string {
  return text.slice(0, edit.start) + edit.text + text.slice(edit.end);
}

/** How the file writes JSON: its line break, its indent unit, and whether it escapes non-ASCII text. */
export interface JsonStyle {
  eol: string;
  indent: string;
  asciiOnly: boolean;
}

export function styleOf(text: string): JsonStyle {
  const eol = text.includes('\r\n') ? '\r\n' : '\n';
  // The smallest indentation of a line that has one is the unit (two spaces, four, a tab).
  let indent = '';
  for (const m of text.slice(0, 64 * 1024).matchAll(/\n([ \t]+)\S/g)) {
    if (!indent || m[1].length < indent.length) indent = m[1];
  }
  // A file that spells every non-ASCII character as \uXXXX (Python's ensure_ascii) keeps doing so.
  const asciiOnly = /\\u[0-9a-fA-F]{4}/.test(text) && !/[\u0080-\uffff]/.test(text);
  return { eol, indent: indent || '  ', asciiOnly };
}

const escapeNonAscii = (json: string) => json.replace(/[\u0080-\uffff]/g, (c) => '\\u' + c.charCodeAt(0).toString(16).padStart(4, '0'));

/** `value` as the file would write it, its lines after the first indented by `baseIndent`. */
export function serialize(value: unknown, style: JsonStyle, baseIndent: string): string {
  let json = JSON.stringify(value, null, style.indent);
  if (style.asciiOnly) json = escapeNonAscii(json);
  return json.split('\n').join(style.eol + baseIndent);
}

function lineIndentAt(text: string, offset: number): string {
  const lineStart = text.lastIndexOf('\n', offset - 1) + 1;
  const m = /^[ \t]*/.exec(text.slice(lineStart, offset));
  return m ? m[0] : '';
}

/** Replaces the value at `path` (which must exist) with `value`, written in the file's style. */
export function replaceValue(doc: JsonDocument, path: JsonPath, value: unknown): TextEdit | undefined {
  const span = doc.locate(path);
  if (!span) return undefined;
  const style = styleOf(doc.text);
  return { start: span.start, end: span.end, text: serialize(value, style, lineIndentAt(doc.text, span.start)) };
}

/**
 * Appends `items` to the array at `arrayPath`, each on its own lines at the indentation of the items already
 * there (or one unit deeper than the array when it is empty). One edit, inserted before the closing bracket.
 */
export function appendToArray(doc: JsonDocument, arrayPath: JsonPath, items: readonly unknown[]): TextEdit | undefined {
  const children = doc.childrenAt(arrayPath);
  if (!children || children.kind !== 'array' || items.length === 0) return undefined;
  const { text } = doc;
  const style = styleOf(text);
  const close = children.span.end - 1;
  const last = children.items[children.items.length - 1];
  if (last) {
    const indent = lineIndentAt(text, last.start);
    const onOwnLine = text.slice(text.lastIndexOf('\n', last.start - 1) + 1, last.start).trim() === '';
    const sep = onOwnLine ? ',' + style.eol + indent : ', ';
    return { start: last.end, end: last.end, text: items.map((item) => sep + serialize(item, style, indent)).join('') };
  }
  const outer = lineIndentAt(text, children.span.start);
  const indent = outer + style.indent;
  const body = items.map((item) => indent + serialize(item, style, indent)).join(',' + style.eol);
  return { start: children.span.start + 1, end: close, text: style.eol + body + style.eol + outer };
}
