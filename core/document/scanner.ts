import type { Span } from '../text/lineIndex';
import type { SpanTree } from './spanTree';

/**
 * A minimal structural scanner over JSON text that is known to be valid (JSON.parse accepted it).
 * It finds where values start and end without building values, so positions cost one pass over the
 * part of the text that a caller asks about and nothing elsewhere.
 */

/** The UTF-16 units the scanner looks for (a const enum: each use compiles to its number). */
const enum Ch {
  Quote = 34,
  Backslash = 92,
  OpenBrace = 123,
  CloseBrace = 125,
  OpenBracket = 91,
  CloseBracket = 93,
  Comma = 44,
  Colon = 58,
  Slash = 47,
  Star = 42,
}

/**
 * Where a scan of valid JSON text may list the lines it passes: the offset just after each line break (`\n`,
 * `\r\n` or a lone `\r`, LSP's rule), in order. JSON strings hold no raw line break, so every break is whitespace
 * the scan steps over one unit at a time: listing them costs a comparison per whitespace unit, where a separate
 * pass would read the whole text again (the text model takes the list: `TextModel.from`).
 */
export type LineStarts = number[];

/** A line break at `pos` (the `\n` of a `\r\n` pair, or a lone `\r`) listed in `starts`. */
function noteBreak(text: string, pos: number, c: number, starts: LineStarts): void {
  if (c === 10 || text.charCodeAt(pos + 1) !== 10) starts.push(pos + 1);
}

export function skipWhitespace(text: string, pos: number, starts?: LineStarts): number {
  for (;;) {
    const c = text.charCodeAt(pos);
    if (c === 32 || c === 9) pos++;
    else if (c === 10 || c === 13) {
      if (starts) noteBreak(text, pos, c, starts);
      pos++;
    } else return pos;
  }
}

/** `pos` is at an opening quote; returns the offset just past the closing quote. */
export function skipString(text: string, pos: number): number {
  let i = pos + 1;
  for (;;) {
    const q = text.indexOf('"', i);
    if (q < 0) return text.length;
    // Count the backslashes before the quote: an odd number escapes it.
    let b = q - 1;
    while (text.charCodeAt(b) === Ch.Backslash) b--;
    if ((q - 1 - b) % 2 === 0) return q + 1;
    i = q + 1;
  }
}

/**
 * `pos` is at the first character of a value; returns the offset just past it, listing the lines it passes in
 * `starts` and adding to `counter.colons` the colons outside strings (one per key written in the text: the
 * duplicate-key proof compares them with the keys JSON.parse kept). Valid JSON only.
 */
export function skipValue(text: string, pos: number, starts?: LineStarts, counter?: { colons: number }): number {
  const c = text.charCodeAt(pos);
  if (c === Ch.Quote) return skipString(text, pos);
  if (c === Ch.OpenBrace || c === Ch.OpenBracket) {
    let depth = 0;
    let colons = 0;
    let i = pos;
    const n = text.length;
    while (i < n) {
      const ch = text.charCodeAt(i);
      if (ch === Ch.Quote) {
        i = skipString(text, i);
        continue;
      }
      if (ch === Ch.Colon) colons++;
      else if (ch === Ch.OpenBrace || ch === Ch.OpenBracket) depth++;
      else if (ch === Ch.CloseBrace || ch === Ch.CloseBracket) {
        depth--;
        if (depth === 0) {
          if (counter) counter.colons += colons;
          return i + 1;
        }
      } else if (ch <= 13 && starts && (ch === 10 || ch === 13)) noteBreak(text, i, ch, starts);
      i++;
    }
    if (counter) counter.colons += colons;
    return n;
  }
  // number, true, false, null: runs until a delimiter
  let i = pos;
  for (;;) {
    const ch = text.charCodeAt(i);
    if (Number.isNaN(ch) || ch === Ch.Comma || ch === Ch.CloseBrace || ch === Ch.CloseBracket || ch === 32 || ch === 10 || ch === 13 || ch === 9) return i;
    i++;
  }
}

export interface PropertySpans {
  key: string;
  keySpan: Span;
  valueSpan: Span;
}

/** Children of one container, found by a single pass over it. */
/**
 * An array's items are spans; an array an edit derived from an earlier version's also has them as a `SpanTree`
 * (`spanTree.ts`), which the keystroke's readers use (`itemAt`, `itemIndexAt`…), and `items` is then built from
 * it only when read.
 */
export type ContainerChildren =
  { kind: 'object'; span: Span; properties: PropertySpans[] } | { kind: 'array'; span: Span; items: readonly Span[]; tree?: SpanTree };

function decodeKey(text: string, span: Span): string {
  const raw = text.slice(span.start + 1, span.end - 1);
  return raw.includes('\\') ? (JSON.parse(text.slice(span.start, span.end)) as string) : raw;
}

/** `pos` is at `{` or `[`; lists its children with their spans (and in `starts` the lines it passes). Returns undefined for scalars. */
export function scanContainer(text: string, pos: number, starts?: LineStarts): ContainerChildren | undefined {
  const open = text.charCodeAt(pos);
  const isArray = open === Ch.OpenBracket;
  if (!isArray && open !== Ch.OpenBrace) return undefined;
  const items: Span[] = [];
  const properties: PropertySpans[] = [];
  const closedAt = (i: number): ContainerChildren =>
    isArray ? { kind: 'array', span: { start: pos, end: i + 1 }, items } : { kind: 'object', span: { start: pos, end: i + 1 }, properties };
  let i = skipWhitespace(text, pos + 1, starts);
  if (text.charCodeAt(i) === (isArray ? Ch.CloseBracket : Ch.CloseBrace)) return closedAt(i);
  for (;;) {
    // A property is a key, a colon and a value; an item is a value.
    let keySpan: Span | undefined;
    if (!isArray) {
      keySpan = { start: i, end: skipString(text, i) };
      i = skipWhitespace(text, keySpan.end, starts);
      if (text.charCodeAt(i) === Ch.Colon) i = skipWhitespace(text, i + 1, starts);
    }
    const end = skipValue(text, i, starts);
    if (keySpan) properties.push({ key: decodeKey(text, keySpan), keySpan, valueSpan: { start: i, end } });
    else items.push({ start: i, end });
    i = skipWhitespace(text, end, starts);
    if (text.charCodeAt(i) === Ch.Comma) i = skipWhitespace(text, i + 1, starts);
    else return closedAt(i);
  }
}

/**
 * Deepest nesting the document layer accepts. Python's `json.load` gives up at about 1,000 levels (its
 * recursion limit); past this the recursive parts (the fault-tolerant parser, the rules) could exhaust the
 * stack, so such a text is reported once and not analysed.
 */
export const MAX_DEPTH = 1000;

/** A key that repeats one earlier in the same object (JSON.parse and Python's json.load keep the last). */
export interface DuplicateKey {
  key: string;
  span: Span;
  /** The first occurrence of the key in that object. */
  first: Span;
}

export interface Structure {
  /** Offset of the first `{` or `[` deeper than the limit, or -1. */
  tooDeepAt: number;
  /** At most MAX_DUPLICATE_KEYS, in text order. */
  duplicateKeys: DuplicateKey[];
}

export const MAX_DUPLICATE_KEYS = 1000;

/** Keys of one open object: a short list while small (most objects), a map once large. */
interface ObjectFrame {
  keys: string[];
  spans: Span[];
  index?: Map<string, number>;
}

/**
 * One pass over the text for what JSON.parse does not report: nesting deeper than `limit` (checked before
 * anything recursive sees the text) and duplicate keys. Strings are skipped; `validJson` says JSON.parse
 * accepted the text (strings then hold no line break and are skipped with indexOf), otherwise a line break
 * ends a string, as jsonc-parser reads them. Iterative: any depth costs one frame per open container.
 */
export function scanStructure(text: string, validJson: boolean, limit = MAX_DEPTH): Structure {
  const duplicateKeys: DuplicateKey[] = [];
  // One entry per open container: an object frame, or null for an array.
  const stack: (ObjectFrame | null)[] = [];
  let expectKey = false;
  const n = text.length;
  for (let i = 0; i < n; i++) {
    const ch = text.charCodeAt(i);
    if (ch === Ch.Quote) {
      const start = i;
      if (validJson) i = skipString(text, i) - 1;
      else {
        for (i++; i < n; i++) {
          const c = text.charCodeAt(i);
          if (c === Ch.Backslash) i++;
          else if (c === Ch.Quote) break;
          else if (c === 10 || c === 13) {
            i--;
            break;
          }
        }
      }
      const frame = stack.length ? stack[stack.length - 1] : null;
      if (expectKey && frame && duplicateKeys.length < MAX_DUPLICATE_KEYS) {
        const span = { start, end: Math.min(i + 1, n) };
        const key = keyText(text, span);
        const earlier = findKey(frame, key);
        if (earlier) duplicateKeys.push({ key, span, first: earlier });
        else addKey(frame, key, span);
      }
      expectKey = false;
    } else if (ch === Ch.OpenBrace || ch === Ch.OpenBracket) {
      if (stack.length >= limit) return { tooDeepAt: i, duplicateKeys };
      stack.push(ch === Ch.OpenBrace ? { keys: [], spans: [] } : null);
      expectKey = ch === Ch.OpenBrace;
    } else if (ch === Ch.CloseBrace || ch === Ch.CloseBracket) {
      // Only the matching closer ends a container: jsonc-parser skips a `}` inside an array (and a `]` in an
      // object), so counting it would under-count the depth it reaches on `[},[},[},…`.
      if (stack.length > 0 && (stack[stack.length - 1] === null) === (ch === Ch.CloseBracket)) stack.pop();
      expectKey = false;
    } else if (ch === Ch.Slash && !validJson) {
      // Comments are trivia to jsonc-parser (reported, then skipped): a quote inside one starts no string.
      const next = text.charCodeAt(i + 1);
      if (next === Ch.Slash) {
        while (i + 1 < n && text.charCodeAt(i + 1) !== 10 && text.charCodeAt(i + 1) !== 13) i++;
      } else if (next === Ch.Star) {
        const close = text.indexOf('*/', i + 2);
        i = close < 0 ? n : close + 1;
      }
    } else if (ch === Ch.Comma) {
      expectKey = stack.length > 0 && stack[stack.length - 1] !== null;
    }
  }
  return { tooDeepAt: -1, duplicateKeys };
}

/**
 * `scanStructure` for a text JSON.parse accepted, given the value it produced. Most documents have neither
 * problem, and that can be proved without a pass over the text: nesting is measured on the value, and the
 * keys are counted. Every key JSON.parse kept comes from one key of the text, and a repeated key (or any key
 * inside a value a repeat replaced) adds one the value lacks, so the text has exactly as many keys as the
 * value only when nothing repeats. Outside strings a colon follows each key and nothing else, so the text's
 * keys are its colons minus those inside strings; the value's strings hold the same colons unless one is
 * written as an escape (`\u003a`), and then the full scan decides. Whenever the counts cannot prove the text
 * clean, the full scan runs.
 */
export function structureOfParsed(text: string, value: unknown, limit = MAX_DEPTH): Structure {
  const colons = countOf(text, ':');
  const shape = valueShape(value, false);
  if (shape.depth > limit) return scanStructure(text, true, limit);
  if (colons === shape.keys) return { tooDeepAt: -1, duplicateKeys: [] };
  if (!/\\u003[aA]/.test(text) && colons - valueShape(value, true).colons === shape.keys) return { tooDeepAt: -1, duplicateKeys: [] };
  return scanStructure(text, true, limit);
}

function countOf(text: string, ch: string): number {
  let n = 0;
  for (let i = text.indexOf(ch); i >= 0; i = text.indexOf(ch, i + 1)) n++;
  return n;
}

/**
 * Keys of every object, deepest nesting (the root container is 1; 0 for a scalar) and, if asked, colons in keys
 * and strings.
 */
export function valueShape(root: unknown, withColons = false): { keys: number; depth: number; colons: number } {
  let keys = 0;
  let depth = 0;
  let colons = 0;
  const stringColons = (s: string): void => {
    if (withColons && s.indexOf(':') >= 0) colons += countOf(s, ':');
  };
  // Iterative: JSON.parse accepts any depth, and this must not overflow the stack on it.
  const stack: unknown[] = [root];
  const depths: number[] = [1];
  while (stack.length > 0) {
    const node = stack.pop();
    const level = depths.pop()!;
    if (typeof node === 'string') {
      stringColons(node);
      continue;
    }
    if (node === null || typeof node !== 'object') continue;
    if (level > depth) depth = level;
    if (Array.isArray(node)) {
      for (const child of node) {
        if (child !== null && typeof child === 'object') {
          stack.push(child);
          depths.push(level + 1);
        } else if (typeof child === 'string') stringColons(child);
      }
    } else {
      for (const key in node) {
        keys++;
        stringColons(key);
        const child = (node as Record<string, unknown>)[key];
        if (child !== null && typeof child === 'object') {
          stack.push(child);
          depths.push(level + 1);
        } else if (typeof child === 'string') stringColons(child);
      }
    }
  }
  return { keys, depth, colons };
}

function keyText(text: string, span: Span): string {
  const raw = text.slice(span.start + 1, span.end - 1);
  if (!raw.includes('\\')) return raw;
  try {
    return JSON.parse(text.slice(span.start, span.end)) as string;
  } catch {
    return raw;
  }
}

function findKey(frame: ObjectFrame, key: string): Span | undefined {
  if (frame.index) {
    const at = frame.index.get(key);
    return at === undefined ? undefined : frame.spans[at];
  }
  const at = frame.keys.indexOf(key);
  return at < 0 ? undefined : frame.spans[at];
}

function addKey(frame: ObjectFrame, key: string, span: Span): void {
  frame.keys.push(key);
  frame.spans.push(span);
  if (frame.index) frame.index.set(key, frame.keys.length - 1);
  else if (frame.keys.length > 16) frame.index = new Map(frame.keys.map((k, i) => [k, i]));
}
