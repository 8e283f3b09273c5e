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
  // The non-ASCII test first: it stops at the first such character, where the escape search would read on.
  const asciiOnly = !/[\u0080-\uffff]/.test(text) && /\\u[0-9a-fA-F]{4}/.test(text);
  return { eol, indent: indent || '  ', asciiOnly };
}

const styles = new WeakMap<JsonDocument, JsonStyle>();

/** The document's style, read once per document (a selection's edits, and each of a version's, share it). */
function docStyle(doc: JsonDocument): JsonStyle {
  let style = styles.get(doc);
  if (!style) styles.set(doc, (style = styleOf(doc.text)));
  return style;
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
  const style = docStyle(doc);
  return { start: span.start, end: span.end, text: serialize(value, style, lineIndentAt(doc.text, span.start)) };
}

/** The array item `after` followed by `texts` (items as JSON text), each separated as the array separates its items. */
function textsAfter(text: string, style: JsonStyle, after: { start: number; end: number }, texts: (indent: string) => string[]): TextEdit {
  const indent = lineIndentAt(text, after.start);
  const onOwnLine = text.slice(text.lastIndexOf('\n', after.start - 1) + 1, after.start).trim() === '';
  const sep = onOwnLine ? ',' + style.eol + indent : ', ';
  return {
    start: after.end,
    end: after.end,
    text: texts(indent)
      .map((item) => sep + item)
      .join(''),
  };
}

/**
 * Appends `items` to the array at `arrayPath`, each on its own lines at the indentation of the items already
 * there (or one unit deeper than the array when it is empty). One edit, inserted before the closing bracket.
 */
export function appendToArray(doc: JsonDocument, arrayPath: JsonPath, items: readonly unknown[]): TextEdit | undefined {
  const children = doc.childrenAt(arrayPath);
  if (!children || children.kind !== 'array' || items.length === 0) return undefined;
  const { text } = doc;
  const style = docStyle(doc);
  const close = children.span.end - 1;
  const last = children.items[children.items.length - 1];
  if (last) return textsAfter(text, style, last, (indent) => items.map((item) => serialize(item, style, indent)));
  const outer = lineIndentAt(text, children.span.start);
  const indent = outer + style.indent;
  const body = items.map((item) => indent + serialize(item, style, indent)).join(',' + style.eol);
  return { start: children.span.start + 1, end: close, text: style.eol + body + style.eol + outer };
}

/**
 * Inserts a copy of the item at `index` of the array at `arrayPath` right after it: the item's own text (its
 * layout, key order and escapes) with the value at `path` inside it (e.g. `['id']`, which must exist) replaced
 * by `value`. One insertion: the text around it is kept byte for byte.
 */
export function insertCopyAfter(doc: JsonDocument, arrayPath: JsonPath, index: number, path: JsonPath, value: unknown): TextEdit | undefined {
  const children = doc.childrenAt(arrayPath);
  const item = children?.kind === 'array' ? children.items[index] : undefined;
  const span = item && doc.locate([...arrayPath, index, ...path]);
  if (!item || !span) return undefined;
  const { text } = doc;
  const style = docStyle(doc);
  const copy = text.slice(item.start, span.start) + serialize(value, style, lineIndentAt(text, span.start)) + text.slice(span.end, item.end);
  return textsAfter(text, style, item, () => [copy]);
}

/** Inserts `items` right after the item at `index` of the array at `arrayPath`, written in the file's style. */
export function insertItemsAfter(doc: JsonDocument, arrayPath: JsonPath, index: number, items: readonly unknown[]): TextEdit | undefined {
  const children = doc.childrenAt(arrayPath);
  const item = children?.kind === 'array' ? children.items[index] : undefined;
  if (!item || items.length === 0) return undefined;
  const style = docStyle(doc);
  return textsAfter(doc.text, style, item, (indent) => items.map((value) => serialize(value, style, indent)));
}

/**
 * Adds the property `key: value` at the end of the object at `objectPath` (which must not hold `key` yet), in
 * the file's style: on its own line at the indentation of the properties already there when they are on their
 * own lines, after a comma on the same line otherwise; an empty object is opened onto lines of its own.
 */
export function insertProperty(doc: JsonDocument, objectPath: JsonPath, key: string, value: unknown): TextEdit | undefined {
  const children = doc.childrenAt(objectPath);
  if (!children || children.kind !== 'object') return undefined;
  const { text } = doc;
  const style = docStyle(doc);
  const last = children.properties[children.properties.length - 1];
  const keyText = serialize(key, style, '');
  if (last) {
    // The separator the file puts between a key and its value (`": "` from JSON.stringify, `":"` when minified).
    const colon = text.slice(last.keySpan.end, last.valueSpan.start);
    const indent = lineIndentAt(text, last.keySpan.start);
    const onOwnLine = text.slice(text.lastIndexOf('\n', last.keySpan.start - 1) + 1, last.keySpan.start).trim() === '';
    const sep = onOwnLine ? ',' + style.eol + indent : ', ';
    return { start: last.valueSpan.end, end: last.valueSpan.end, text: sep + keyText + colon + serialize(value, style, indent) };
  }
  const outer = lineIndentAt(text, children.span.start);
  const indent = outer + style.indent;
  return {
    start: children.span.start + 1,
    end: children.span.end - 1,
    text: style.eol + indent + keyText + ': ' + serialize(value, style, indent) + style.eol + outer,
  };
}

/**
 * Removes the items at `indices` from the array at `arrayPath`, each with the comma and line break that
 * separated it, so the array keeps its layout. One edit per run of neighbouring items, in text order, none
 * overlapping (so they apply together as one workspace edit).
 */
export function removeArrayItems(doc: JsonDocument, arrayPath: JsonPath, indices: readonly number[]): TextEdit[] {
  const children = doc.childrenAt(arrayPath);
  if (!children || children.kind !== 'array') return [];
  const items = children.items;
  const wanted = [...new Set(indices)].filter((i) => Number.isInteger(i) && i >= 0 && i < items.length).sort((a, b) => a - b);
  if (wanted.length === items.length && items.length > 0) return [{ start: children.span.start + 1, end: children.span.end - 1, text: '' }];
  const edits: TextEdit[] = [];
  for (let k = 0; k < wanted.length;) {
    const first = wanted[k];
    let lastIndex = first;
    while (k + 1 < wanted.length && wanted[k + 1] === lastIndex + 1) lastIndex = wanted[++k];
    k++;
    // From the end of the item kept before the run to the end of the run; at the array's start, from the
    // run's first item to the start of the item kept after it.
    if (first > 0) edits.push({ start: items[first - 1].end, end: items[lastIndex].end, text: '' });
    else edits.push({ start: items[0].start, end: items[lastIndex + 1].start, text: '' });
  }
  return edits;
}

/** Applies non-overlapping edits together (offsets in the original text). */
export function applyTextEdits(text: string, edits: readonly TextEdit[]): string {
  let out = text;
  for (const edit of [...edits].sort((a, b) => b.start - a.start)) out = applyTextEdit(out, edit);
  return out;
}
