import { NumberText } from './numberText';
import type { JsonDocument, JsonPath } from './jsonDocument';

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

/**
 * What a text's style hangs on beyond its first lines, counted so that an edit updates the counts from its own
 * neighbourhood (`carryStyle`) instead of reading the whole text again.
 */
interface StyleCounts {
  /** `\r\n` pairs: one is enough for the file to break lines that way. */
  crlf: number;
  /** `\uXXXX` escapes. */
  escapes: number;
  /**
   * UTF-16 units outside ASCII; left uncounted (undefined) while there are no escapes, as the style needs it only
   * then: counting it is the one slow part (a loop over every character, where the others are `indexOf`).
   */
  nonAscii?: number;
}

/** The indent unit is read from the text's start only: a bounded read, whatever the file's size. */
const INDENT_WINDOW = 64 * 1024;
/** The longest pattern counted (`\uXXXX`) less one: the context an edit's window takes on each side. */
const PATTERN_REACH = 5;

const isHex = (c: number) => (c >= 48 && c <= 57) || (c >= 65 && c <= 70) || (c >= 97 && c <= 102);

/** Occurrences lying wholly inside `text` (none of the patterns can overlap itself). */
function crlfIn(text: string): number {
  let n = 0;
  for (let i = text.indexOf('\r\n'); i !== -1; i = text.indexOf('\r\n', i + 2)) n++;
  return n;
}

/** The code unit a `\\uXXXX` escape at `i` writes, or -1 when there is none. */
function escapedUnit(text: string, i: number): number {
  if (text.charCodeAt(i) !== 0x5c || text.charCodeAt(i + 1) !== 0x75) return -1;
  for (let k = 2; k < 6; k++) if (!isHex(text.charCodeAt(i + k))) return -1;
  return parseInt(text.slice(i + 2, i + 6), 16);
}

/**
 * `\\uXXXX` escapes a writer chose: of a character outside ASCII (a surrogate pair's two escapes count once).
 * A control character's escape and a lone surrogate's are what every writer must write, so they say nothing of
 * the file's style (a file that escapes only `\\u0000` still writes ɖ as ɖ).
 */
function escapesIn(text: string): number {
  let n = 0;
  for (let i = text.indexOf('\\u'); i !== -1; i = text.indexOf('\\u', i + 1)) {
    const unit = escapedUnit(text, i);
    if (unit < 0x80) continue;
    if (unit >= 0xd800 && unit <= 0xdbff) {
      const low = escapedUnit(text, i + 6);
      if (low >= 0xdc00 && low <= 0xdfff) {
        n++;
        i += 6;
      }
      continue;
    }
    if (unit >= 0xdc00 && unit <= 0xdfff) continue;
    n++;
  }
  return n;
}

function nonAsciiIn(text: string): number {
  let n = 0;
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) >= 0x80) n++;
  return n;
}

/** `text`'s counts; `all`: non-ASCII counted even while there are no escapes. */
function countsIn(text: string, all: boolean): StyleCounts {
  const escapes = escapesIn(text);
  return { crlf: crlfIn(text), escapes, ...(all || escapes > 0 ? { nonAscii: nonAsciiIn(text) } : {}) };
}

/** `counts` with what the style needs of them counted: non-ASCII once escapes appear (`text` reads the whole text). */
function completed(counts: StyleCounts, text: () => string): StyleCounts {
  return counts.escapes > 0 && counts.nonAscii === undefined ? { ...counts, nonAscii: nonAsciiIn(text()) } : counts;
}

/** The style the counts and the text's first `INDENT_WINDOW` characters give. */
function styleFrom(counts: StyleCounts, start: string): JsonStyle {
  // The smallest indentation of a line that has one is the unit (two spaces, four, a tab).
  let indent = '';
  for (const m of start.matchAll(/\n([ \t]+)\S/g)) {
    if (!indent || m[1].length < indent.length) indent = m[1];
  }
  return {
    eol: counts.crlf > 0 ? '\r\n' : '\n',
    indent: indent || '  ',
    // A file that spells every non-ASCII character as \uXXXX (Python's ensure_ascii) keeps doing so.
    asciiOnly: counts.escapes > 0 && counts.nonAscii === 0,
  };
}

export function styleOf(text: string): JsonStyle {
  return styleFrom(
    completed(countsIn(text, false), () => text),
    text.slice(0, INDENT_WINDOW),
  );
}

const styles = new WeakMap<JsonDocument, JsonStyle>();
const counted = new WeakMap<JsonDocument, StyleCounts>();

/** The counts a document's style was read from or carried with (tests compare them with the text's own). */
export function styleCounts(doc: JsonDocument): Readonly<StyleCounts> | undefined {
  return counted.get(doc);
}

/** Every count of `text`, non-ASCII included. */
export function countStyle(text: string): Readonly<StyleCounts> {
  return countsIn(text, true);
}

/**
 * The document's style, read once per document (a selection's edits, and each of a version's, share it); a
 * document carried from an edited one reads only its first `INDENT_WINDOW` characters (and the whole text once,
 * the first time escapes appear in a text whose non-ASCII was not counted).
 */
export function documentStyle(doc: JsonDocument): JsonStyle {
  let style = styles.get(doc);
  if (!style) {
    const counts = completed(counted.get(doc) ?? countsIn(doc.text, false), () => doc.text);
    counted.set(doc, counts);
    styles.set(doc, (style = styleFrom(counts, doc.slice(0, INDENT_WINDOW))));
  }
  return style;
}

/**
 * Carries the style's counts from `before` to `after`, the document `edit` made of it: the matches the edit
 * touched are those inside its span widened by `PATTERN_REACH` on each side, in the old text and in the new
 * one; a match wholly inside a widening is in both and cancels out. O(edit), so the next version's edits read
 * their style without building its whole text. A document whose counts are not known yet gets none (its first
 * edit counts them).
 */
export function carryStyle(before: JsonDocument, after: JsonDocument, edit: TextEdit): void {
  const counts = counted.get(before);
  if (!counts) return;
  const from = Math.max(0, edit.start - PATTERN_REACH);
  const removed = countsIn(before.slice(from, Math.min(before.length, edit.end + PATTERN_REACH)), true);
  const added = countsIn(after.slice(from, Math.min(after.length, edit.start + edit.text.length + PATTERN_REACH)), true);
  counted.set(after, {
    crlf: counts.crlf - removed.crlf + added.crlf,
    escapes: counts.escapes - removed.escapes + added.escapes,
    ...(counts.nonAscii === undefined ? {} : { nonAscii: counts.nonAscii - removed.nonAscii! + added.nonAscii! }),
  });
}

const escapeNonAscii = (json: string) => json.replace(/[\u0080-\uffff]/g, (c) => '\\u' + c.charCodeAt(0).toString(16).padStart(4, '0'));

/**
 * JSON.stringify, with each NumberText written as its own text (a number a float would change). The texts go
 * through as marked strings first; the mark is one the plain output does not hold, found in at most as many
 * tries as that output has marks (a bounded loop).
 */
function stringifyKeepingNumbers(value: unknown, indent: string): string {
  let found = false;
  const plain = JSON.stringify(value, (_key, v: unknown) => (v instanceof NumberText ? ((found = true), 0) : v), indent);
  if (!found) return plain;
  let mark = '\u0000n';
  for (let k = 0; k <= plain.length && plain.includes(JSON.stringify(mark).slice(1, -1)); k++) mark = `\u0000n${k}`;
  const quoted = JSON.stringify(mark).slice(1, -1);
  const json = JSON.stringify(value, (_key, v: unknown) => (v instanceof NumberText ? mark + v.text : v), indent);
  return json.replace(new RegExp(`"${quoted.replace(/\\/g, '\\\\')}([^"]*)"`, 'g'), (_m, text: string) => text);
}

/** `value` as the file would write it, its lines after the first indented by `baseIndent`. */
export function serialize(value: unknown, style: JsonStyle, baseIndent: string): string {
  let json = stringifyKeepingNumbers(value, style.indent);
  if (style.asciiOnly) json = escapeNonAscii(json);
  return json.split('\n').join(style.eol + baseIndent);
}

/** The text from the start of `offset`'s line to `offset`, through the line table (a minified file is one line). */
function linePrefix(doc: JsonDocument, offset: number): string {
  return doc.slice(offset - doc.lineIndex.positionAt(offset).character, offset);
}

function lineIndentAt(doc: JsonDocument, offset: number): string {
  const m = /^[ \t]*/.exec(linePrefix(doc, offset));
  return m ? m[0] : '';
}

/** Replaces the value at `path` (which must exist) with `value`, written in the file's style. */
export function replaceValue(doc: JsonDocument, path: JsonPath, value: unknown): TextEdit | undefined {
  const span = doc.locate(path);
  if (!span) return undefined;
  const style = documentStyle(doc);
  return { start: span.start, end: span.end, text: serialize(value, style, lineIndentAt(doc, span.start)) };
}

/** The array item `after` followed by `texts` (items as JSON text), each separated as the array separates its items. */
function textsAfter(doc: JsonDocument, style: JsonStyle, after: { start: number; end: number }, texts: (indent: string) => string[]): TextEdit {
  const indent = lineIndentAt(doc, after.start);
  const onOwnLine = linePrefix(doc, after.start).trim() === '';
  const sep = onOwnLine ? ',' + style.eol + indent : ', ';
  return {
    start: after.end,
    end: after.end,
    text: texts(indent)
      .map((item) => sep + item)
      .join(''),
  };
}

/** How a one-line item writes its separators: `{"a": 1, "b": 2}`, `{"a":1,"b":2}`, `{ "a": 1 }`. */
export interface OneLineLayout {
  colon: string;
  comma: string;
  /** Inside the braces, after `{` and before `}`. */
  pad: string;
}

/** The layout of an item's text when it is written on one line; undefined when it spans lines. */
export function oneLineLayout(text: string): OneLineLayout | undefined {
  if (/[\r\n]/.test(text)) return undefined;
  const layout: Partial<OneLineLayout> = {};
  let inString = false;
  for (let i = 0; i < text.length && (layout.colon === undefined || layout.comma === undefined || layout.pad === undefined); i++) {
    const c = text[i];
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
      continue;
    }
    if (c === '"') inString = true;
    else if (c === ':' || c === ',' || c === '{') {
      const space = /^[ \t]*/.exec(text.slice(i + 1))![0];
      const key = c === ':' ? 'colon' : c === ',' ? 'comma' : 'pad';
      layout[key] ??= c === '{' ? space : c + space;
    }
  }
  return { colon: layout.colon ?? ': ', comma: layout.comma ?? ', ', pad: layout.pad ?? '' };
}

/** `value` on one line with `layout`'s separators, in the file's style (its escapes). */
export function serializeOneLine(value: unknown, layout: OneLineLayout, style: JsonStyle): string {
  const write = (v: unknown): string => {
    if (Array.isArray(v)) return '[' + v.map(write).join(layout.comma) + ']';
    if (v !== null && typeof v === 'object') {
      const entries = Object.entries(v);
      if (entries.length === 0) return '{}';
      return '{' + layout.pad + entries.map(([k, x]) => JSON.stringify(k) + layout.colon + write(x)).join(layout.comma) + layout.pad + '}';
    }
    return JSON.stringify(v) ?? 'null';
  };
  const json = write(value);
  return style.asciiOnly ? escapeNonAscii(json) : json;
}

/**
 * How items are appended to the array at `arrayPath`, one at a time: the span the edit replaces, what goes before
 * each item (`first` for the first item appended), each item's text, and the text that closes the edit.
 * `appendToArray` joins them; a caller with more items than it can hold writes them as they come (the same text).
 */
export interface ArrayAppend {
  start: number;
  end: number;
  separator(first: boolean): string;
  text(value: unknown): string;
  close: string;
}

/** The `ArrayAppend` of the array at `arrayPath`; undefined when no array is there. `likeLast` as for `appendToArray`. */
export function arrayAppend(doc: JsonDocument, arrayPath: JsonPath, likeLast = false): ArrayAppend | undefined {
  const children = doc.childrenAt(arrayPath);
  if (!children || children.kind !== 'array') return undefined;
  const style = documentStyle(doc);
  const close = children.span.end - 1;
  const last = children.items[children.items.length - 1];
  const oneLine = likeLast && last ? oneLineLayout(doc.slice(last.start, last.end)) : undefined;
  if (last) {
    const { start, end, text: sep } = textsAfter(doc, style, last, () => ['']);
    const indent = lineIndentAt(doc, last.start);
    return {
      start,
      end,
      separator: () => sep,
      text: (value) => (oneLine ? serializeOneLine(value, oneLine, style) : serialize(value, style, indent)),
      close: '',
    };
  }
  const outer = lineIndentAt(doc, children.span.start);
  const indent = outer + style.indent;
  return {
    start: children.span.start + 1,
    end: close,
    separator: (first) => (first ? style.eol : ',' + style.eol) + indent,
    text: (value) => serialize(value, style, indent),
    close: style.eol + outer,
  };
}

/**
 * Appends `items` to the array at `arrayPath`, each on its own lines at the indentation of the items already
 * there (or one unit deeper than the array when it is empty). One edit, inserted before the closing bracket.
 * `likeLast`: each item is written in the last item's layout, on one line when it is on one line.
 */
export function appendToArray(doc: JsonDocument, arrayPath: JsonPath, items: readonly unknown[], likeLast = false): TextEdit | undefined {
  const append = items.length === 0 ? undefined : arrayAppend(doc, arrayPath, likeLast);
  if (!append) return undefined;
  return { start: append.start, end: append.end, text: items.map((item, i) => append.separator(i === 0) + append.text(item)).join('') + append.close };
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
  const style = documentStyle(doc);
  const copy = doc.slice(item.start, span.start) + serialize(value, style, lineIndentAt(doc, span.start)) + doc.slice(span.end, item.end);
  return textsAfter(doc, style, item, () => [copy]);
}

/** Inserts `items` right after the item at `index` of the array at `arrayPath`, written in the file's style. */
export function insertItemsAfter(doc: JsonDocument, arrayPath: JsonPath, index: number, items: readonly unknown[]): TextEdit | undefined {
  const children = doc.childrenAt(arrayPath);
  const item = children?.kind === 'array' ? children.items[index] : undefined;
  if (!item || items.length === 0) return undefined;
  const style = documentStyle(doc);
  return textsAfter(doc, style, item, (indent) => items.map((value) => serialize(value, style, indent)));
}

/**
 * Adds the property `key: value` at the end of the object at `objectPath` (which must not hold `key` yet), in
 * the file's style: on its own line at the indentation of the properties already there when they are on their
 * own lines, after a comma on the same line otherwise; an empty object is opened onto lines of its own.
 */
export function insertProperty(doc: JsonDocument, objectPath: JsonPath, key: string, value: unknown): TextEdit | undefined {
  const children = doc.childrenAt(objectPath);
  if (!children || children.kind !== 'object') return undefined;
  const style = documentStyle(doc);
  const last = children.properties[children.properties.length - 1];
  const keyText = serialize(key, style, '');
  if (last) {
    // The separator the file puts between a key and its value (`": "` from JSON.stringify, `":"` when minified).
    const colon = doc.slice(last.keySpan.end, last.valueSpan.start);
    const indent = lineIndentAt(doc, last.keySpan.start);
    const onOwnLine = linePrefix(doc, last.keySpan.start).trim() === '';
    const sep = onOwnLine ? ',' + style.eol + indent : ', ';
    return { start: last.valueSpan.end, end: last.valueSpan.end, text: sep + keyText + colon + serialize(value, style, indent) };
  }
  const outer = lineIndentAt(doc, children.span.start);
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
