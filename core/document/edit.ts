import { JsonDocument, type JsonPath } from './jsonDocument';
import type { Span } from './lineIndex';
import { MAX_DEPTH, MAX_DUPLICATE_KEYS, scanStructure, type ContainerChildren, type DuplicateKey } from './scanner';

/** One change to a text: [start, end) of the old text replaced by `text`. */
export interface TextEdit {
  start: number;
  end: number;
  text: string;
}

/** The new version, and which item of the array at `itemsPath` the edit changed (the other items are unchanged). */
export interface EditedDocument {
  doc: JsonDocument;
  index: number;
}

/**
 * The document after an edit that stays strictly inside one container item (an object or array) of the array at
 * `itemsPath` (`[]` or `['entries']`): only that item is parsed again, the other items are the same objects as
 * before, and the structure scan (depth, duplicate keys) runs on the item alone. Undefined when the edit is
 * anything else (an item added or removed, the envelope touched, the item no longer one JSON value…): the
 * caller then parses the whole text, which gives the same document.
 */
export function applyEdit(doc: JsonDocument, edit: TextEdit, itemsPath: JsonPath, newText?: string): EditedDocument | undefined {
  if (!doc.isValidJson || itemsPath.length > 1 || edit.start > edit.end || edit.end > doc.text.length) return undefined;
  const root = doc.value;
  const key = itemsPath[0];
  if (itemsPath.length === 1 && (typeof key !== 'string' || !isObject(root))) return undefined;
  const values = itemsPath.length === 0 ? root : (root as Record<string, unknown>)[key as string];
  const array = doc.childrenAt(itemsPath);
  const rootChildren = doc.childrenAt([]);
  if (!Array.isArray(values) || array?.kind !== 'array' || !rootChildren || array.items.length !== values.length) return undefined;
  const index = itemContaining(array.items, edit);
  if (index < 0) return undefined;
  const item = array.items[index];
  const open = doc.text.charCodeAt(item.start);
  if (open !== 123 && open !== 91) return undefined;
  const itemText = doc.text.slice(item.start, edit.start) + edit.text + doc.text.slice(edit.end, item.end);
  let parsed: unknown;
  try {
    parsed = JSON.parse(itemText);
  } catch {
    return undefined;
  }
  // The item sits inside the root and the array (two levels for an envelope, one for a bare array).
  const structure = scanStructure(itemText, true, MAX_DEPTH - itemsPath.length - 1);
  if (structure.tooDeepAt >= 0) return undefined;
  const duplicateKeys = spliceDuplicates(doc.duplicateKeys, item, edit, structure.duplicateKeys);
  if (!duplicateKeys) return undefined;

  const delta = edit.text.length - (edit.end - edit.start);
  const text = newText ?? doc.text.slice(0, edit.start) + edit.text + doc.text.slice(edit.end);
  const items = values.slice();
  items[index] = parsed;
  const value = itemsPath.length === 0 ? items : { ...(root as Record<string, unknown>), [key as string]: items };
  // The two containers above the item keep their scans, shifted; everything inside the item is scanned again on demand.
  const containers = new Map<number, ContainerChildren | null>();
  containers.set(rootChildren.span.start, shiftContainer(rootChildren, item.end, delta));
  if (itemsPath.length === 1) containers.set(array.span.start, shiftContainer(array, item.end, delta));
  const lines = doc.builtLineIndex?.afterEdit(edit.start, edit.end, edit.text, text);
  return { doc: new JsonDocument(text, { value, duplicateKeys, containers, lines }), index };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The item whose span strictly contains the edit (its opening and closing characters stay), or -1. */
function itemContaining(items: readonly Span[], edit: TextEdit): number {
  let lo = 0;
  let hi = items.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (items[mid].end <= edit.start) lo = mid + 1;
    else if (items[mid].start > edit.start) hi = mid - 1;
    else return items[mid].start < edit.start && edit.end < items[mid].end ? mid : -1;
  }
  return -1;
}

/** An offset of the old text in the new one, for offsets outside the edited item: after it, they move by delta. */
function shift(offset: number, after: number, delta: number): number {
  return offset >= after ? offset + delta : offset;
}

/** Spans wholly before the edited item are shared with the previous version (nothing mutates a span). */
function shiftSpan(span: Span, after: number, delta: number): Span {
  return span.end < after ? span : { start: shift(span.start, after, delta), end: shift(span.end, after, delta) };
}

function shiftContainer(c: ContainerChildren, after: number, delta: number): ContainerChildren {
  const span = shiftSpan(c.span, after, delta);
  if (c.kind === 'array') return { kind: 'array', span, items: c.items.map((s) => shiftSpan(s, after, delta)) };
  return { kind: 'object', span, properties: c.properties.map((p) => ({ key: p.key, keySpan: shiftSpan(p.keySpan, after, delta), valueSpan: shiftSpan(p.valueSpan, after, delta) })) };
}

/**
 * The document's duplicate keys with the item's replaced by its new ones (in text order, as a full scan lists
 * them). Undefined when the full scan's cap could cut the list differently.
 */
function spliceDuplicates(old: readonly DuplicateKey[], item: Span, edit: TextEdit, inItem: readonly DuplicateKey[]): DuplicateKey[] | undefined {
  if (old.length >= MAX_DUPLICATE_KEYS) return undefined;
  const delta = edit.text.length - (edit.end - edit.start);
  const before: DuplicateKey[] = [];
  const after: DuplicateKey[] = [];
  for (const d of old) {
    if (d.span.start < item.start) before.push(d);
    else if (d.span.start >= item.end) after.push({ key: d.key, span: shiftSpan(d.span, item.end, delta), first: shiftSpan(d.first, item.end, delta) });
  }
  const moved = (s: Span): Span => ({ start: s.start + item.start, end: s.end + item.start });
  const mine = inItem.map((d) => ({ key: d.key, span: moved(d.span), first: moved(d.first) }));
  const all = [...before, ...mine, ...after];
  return all.length >= MAX_DUPLICATE_KEYS ? undefined : all;
}
