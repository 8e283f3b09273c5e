import { isObject } from '../json';
import type { TextModel } from '../text/textModel';
import { JsonDocument, type JsonPath } from './jsonDocument';
import type { Span } from '../text/lineIndex';
import { MAX_DEPTH, MAX_DUPLICATE_KEYS, scanContainer, structureOfParsed, type ContainerChildren, type DuplicateKey } from './scanner';
import { firstEndingAfter, firstStartingAfter, itemAt, itemCount, SpanTree, treeArray, type ArrayItems } from './spanTree';

/** One change to a text: [start, end) of the old text replaced by `text`. */
export interface TextEdit {
  start: number;
  end: number;
  text: string;
}

/**
 * The new version, and which item of the array at `itemsPath` the edit changed when it stayed inside one (the
 * other items are unchanged and in place); undefined when items were added, removed or joined.
 */
export interface EditedDocument {
  doc: JsonDocument;
  index: number | undefined;
  /** The item at `index` before the edit (the previous version handed its items array over: see `ownsItems`). */
  replaced?: unknown;
  /**
   * Which items the edit changed: `first`..`last` of the old version became `count` items from `first` on (the
   * items at either end of the parsed region whose text the edit left alone are not counted: an entry inserted
   * before another is `first` = `last` + 1, `count` 1; one removed is `count` 0).
   */
  region: ItemRegion;
  /** The old items `first`..`last`, as they were before the edit. */
  removed: unknown[];
  /** The `count` new items. */
  added: unknown[];
}

/** Old items `first`..`last` (inclusive; none when `last` < `first`) replaced by `count` new ones from `first` on; the items after move by the difference. */
export interface ItemRegion {
  first: number;
  last: number;
  count: number;
}

/**
 * The document after an edit that stays strictly inside one container item (an object or array) of the array at
 * `itemsPath` (`[]` or `['entries']`): only that item is parsed again, the other items are the same objects as
 * before, and the structure scan (depth, duplicate keys) runs on the item alone. Undefined when the edit is
 * anything else (an item added or removed, the envelope touched, the item no longer one JSON value…): the
 * caller then parses the whole text, which gives the same document. The text is read through windows of the
 * model and the new version's model is the old one edited (`next` when the caller has it already): nothing is
 * copied or scanned outside the items the edit touched.
 */
export function applyEdit(doc: JsonDocument, edit: TextEdit, itemsPath: JsonPath, next?: TextModel): EditedDocument | undefined {
  if (!doc.isValidJson || itemsPath.length > 1 || edit.start > edit.end || edit.end > doc.length) return undefined;
  const root = doc.value;
  const key = itemsPath[0];
  if (itemsPath.length === 1 && (typeof key !== 'string' || !isObject(root))) return undefined;
  const values = itemsPath.length === 0 ? root : (root as Record<string, unknown>)[key as string];
  const array = doc.childrenAt(itemsPath);
  const rootChildren = doc.childrenAt([]);
  if (!Array.isArray(values) || array?.kind !== 'array' || !rootChildren || itemCount(array) !== values.length) return undefined;
  const inside = itemContaining(array, edit);
  const region = inside >= 0 ? { first: inside, last: inside } : itemsTouched(array, edit);
  if (!region) return undefined;
  const from = itemAt(array, region.first).start;
  const to = itemAt(array, region.last).end;
  // The edit must lie within the region: a separator it removed or added outside it would be lost.
  if (edit.start < from || edit.end > to) return undefined;
  if (inside >= 0) {
    const open = doc.charCodeAt(from);
    if (open !== 123 && open !== 91) return undefined;
  }
  // The items of the region, as they read after the edit, parsed as one array: one item if the edit stayed inside
  // it, any number (at least one) if it crossed items. Either way the text around the region is unchanged.
  const regionText = '[' + doc.slice(from, edit.start) + edit.text + doc.slice(edit.end, to) + ']';
  let parsed: unknown;
  try {
    parsed = JSON.parse(regionText);
  } catch {
    return undefined;
  }
  if (!Array.isArray(parsed) || parsed.length === 0 || (inside >= 0 && parsed.length !== 1)) return undefined;
  // The region's own bracket stands at the array's level (below the root for an envelope).
  const structure = structureOfParsed(regionText, parsed, MAX_DEPTH - itemsPath.length);
  if (structure.tooDeepAt >= 0) return undefined;
  const regionSpans = scanContainer(regionText, 0);
  if (regionSpans?.kind !== 'array' || regionSpans.items.length !== parsed.length) return undefined;
  const base = from - 1;
  const duplicateKeys = spliceDuplicates(doc.duplicateKeys, { start: from, end: to }, edit, structure.duplicateKeys, base);
  if (!duplicateKeys) return undefined;

  const delta = edit.text.length - (edit.end - edit.start);
  const model = next ?? doc.model.edit(edit.start, edit.end, edit.text);
  // An edit inside one item hands the values array over to the new version with that item replaced in place (the
  // old version rebuilds its own value only if it is read again); anything else makes a new array.
  const inPlace = inside >= 0 && doc.ownsItems;
  const replaced = inside >= 0 ? values[inside] : undefined;
  const items = inPlace ? values : values.slice(0, region.first).concat(parsed, values.slice(region.last + 1));
  const value = itemsPath.length === 0 ? items : { ...(root as Record<string, unknown>), [key as string]: items };
  // The two containers above the items keep their scans: the items' spans as a tree with the region's new items
  // (the spans after them move with it, untouched), the envelope's few properties shifted. Everything inside the
  // items is scanned again on demand.
  const newSpans = regionSpans.items.map((s) => ({ start: s.start + base, end: s.end + base }));
  const changed = changedItems(array, region, newSpans, edit, delta);
  const removed = inside >= 0 ? [replaced] : values.slice(changed.first, changed.last + 1);
  const tree = (array.tree ?? SpanTree.from(array.items, array.span.start)).replace(region.first, region.last, newSpans);
  const newArray = treeArray({ start: array.span.start, end: array.span.end + delta }, tree);
  const containers = new Map<number, ContainerChildren | null>();
  if (itemsPath.length === 1) containers.set(rootChildren.span.start, shiftContainer(rootChildren, to, delta));
  containers.set(array.span.start, newArray);
  const single = inside >= 0 ? inside : undefined;
  const edited = new JsonDocument(model, { value, duplicateKeys, containers, valueStart: doc.valueStart });
  if (inPlace) {
    doc.handOver(edited, itemsPath.length === 0 ? undefined : (key as string), inside, replaced);
    items[inside] = parsed[0];
  }
  return {
    doc: edited,
    index: single,
    replaced,
    region: changed,
    removed,
    added: parsed.slice(changed.first - region.first, changed.first - region.first + changed.count),
  };
}

/**
 * The part of a parsed region the edit really changed: items at its start that end before the edit, and items at
 * its end that start after it, read the same text in both versions (their spans say so) and are left out.
 */
function changedItems(array: ArrayItems, region: { first: number; last: number }, newSpans: readonly Span[], edit: TextEdit, delta: number): ItemRegion {
  const oldCount = region.last - region.first + 1;
  let head = 0;
  while (head < oldCount && head < newSpans.length) {
    const old = itemAt(array, region.first + head);
    const now = newSpans[head];
    if (old.end > edit.start || now.start !== old.start || now.end !== old.end) break;
    head++;
  }
  let tail = 0;
  while (tail < oldCount - head && tail < newSpans.length - head) {
    const old = itemAt(array, region.last - tail);
    const now = newSpans[newSpans.length - 1 - tail];
    if (old.start < edit.end || now.start !== old.start + delta || now.end !== old.end + delta) break;
    tail++;
  }
  return { first: region.first + head, last: region.last - tail, count: newSpans.length - head - tail };
}

/** The item whose span strictly contains the edit (its opening and closing characters stay), or -1. */
function itemContaining(array: ArrayItems, edit: TextEdit): number {
  const i = firstEndingAfter(array, edit.start);
  if (i >= itemCount(array)) return -1;
  const item = itemAt(array, i);
  return item.start < edit.start && edit.end < item.end ? i : -1;
}

/**
 * The items an edit between or across items touches: from the first that ends at or after its start to the last
 * that starts at or before its end. Undefined when it reaches past the first or last item (the brackets, the
 * envelope) or touches none.
 */
function itemsTouched(array: ArrayItems, edit: TextEdit): { first: number; last: number } | undefined {
  const count = itemCount(array);
  if (count === 0 || edit.start < itemAt(array, 0).start || edit.end > itemAt(array, count - 1).end) return undefined;
  const first = firstEndingAfter(array, edit.start - 1);
  const last = firstStartingAfter(array, edit.end) - 1;
  return first <= last ? { first, last } : undefined;
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
  return {
    kind: 'object',
    span,
    properties: c.properties.map((p) => ({ key: p.key, keySpan: shiftSpan(p.keySpan, after, delta), valueSpan: shiftSpan(p.valueSpan, after, delta) })),
  };
}

/**
 * The document's duplicate keys with the item's replaced by its new ones (in text order, as a full scan lists
 * them). Undefined when the full scan's cap could cut the list differently.
 */
function spliceDuplicates(old: readonly DuplicateKey[], item: Span, edit: TextEdit, inItem: readonly DuplicateKey[], base: number): DuplicateKey[] | undefined {
  if (old.length >= MAX_DUPLICATE_KEYS) return undefined;
  const delta = edit.text.length - (edit.end - edit.start);
  const before: DuplicateKey[] = [];
  const after: DuplicateKey[] = [];
  for (const d of old) {
    if (d.span.start < item.start) before.push(d);
    else if (d.span.start >= item.end) after.push({ key: d.key, span: shiftSpan(d.span, item.end, delta), first: shiftSpan(d.first, item.end, delta) });
  }
  const moved = (s: Span): Span => ({ start: s.start + base, end: s.end + base });
  const mine = inItem.map((d) => ({ key: d.key, span: moved(d.span), first: moved(d.first) }));
  const all = [...before, ...mine, ...after];
  return all.length >= MAX_DUPLICATE_KEYS ? undefined : all;
}

/**
 * The document after `edits`, applied in order (each in the text the one before it left), one item at a time
 * (`applyEdit`); undefined as soon as one of them is not an edit inside the items at `itemsPath`: the caller then
 * parses the new text whole, which gives the same document.
 */
export function applyEdits(doc: JsonDocument, edits: readonly TextEdit[], itemsPath: JsonPath): JsonDocument | undefined {
  let current = doc;
  for (const edit of edits) {
    const edited = applyEdit(current, edit, itemsPath);
    if (!edited) return undefined;
    current = edited.doc;
  }
  return current;
}
