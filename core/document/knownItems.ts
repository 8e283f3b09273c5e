import type { Span } from '../text/lineIndex';
import { skipValue, skipWhitespace, valueShape, type ContainerChildren, type LineStarts } from './scanner';

/**
 * What is known of one item text of a root array (a ÈwéBench test, in practice) that a document held before: its
 * structure (so a scan steps over it with one compare, and the duplicate-key proof adds its counts) and what the
 * rules computed from it (`memo`, by each rule's context), which depends on the text alone. Kept by `KNOWN_ITEMS`,
 * found by the text itself or by where it starts in a document's text.
 */
export interface KnownItem {
  /** The item's text, in a string of its own (never a slice that holds a whole document alive). */
  readonly text: string;
  /** Offsets, from the item's start, just after each line break inside it (`LineStarts`' rule). */
  readonly lines: readonly number[];
  /** Colons outside strings: one per key written in the text. */
  readonly colons: number;
  /** Keys of every object of the parsed item (JSON.parse keeps the last of repeated keys: fewer than `colons` then). */
  readonly keys: number;
  /** Nesting of the parsed item (an object with no container inside is 1). */
  readonly depth: number;
  /**
   * The item's parsed value (JSON.parse's of `text`, an object or an array): a document whose root array is made of
   * known items takes them from here instead of parsing its text (`readKnownArray`). Shared by every document that
   * holds the text, like the items an edit carries over from one version to the next: nothing changes a parsed value.
   */
  readonly value: unknown;
  /** What rules computed from this text, each in its own slot (`MemoSlot`: the rule and its context, locale, language…). */
  readonly memo: unknown[];
  /**
   * The item that followed this one in the last array scanned: the first candidate for the next item there. Cleared
   * when the store lets this item go (`dropped`), so an item let go holds no other alive.
   */
  next?: KnownItem;
  dropped?: boolean;
  /** The last `readKnownArray` that met this item (its number): an item met twice in one array sends it to JSON.parse. */
  read?: number;
}

/** Characters of an item's start read for its bucket (every other one of the first PREFIX); an item shorter has its whole text read. */
export const PREFIX = 64;
/** Items a bucket lists before it hashes their texts whole (they can then be found by text only, not at an offset). */
export const BUCKET_LIST = 8;

type Bucket = KnownItem[] | Map<string, KnownItem>;

/**
 * A bounded store of known item texts. An item is found in a document either by its text (`get`) or by where it
 * starts (`at`): the bucket's key is read from the first PREFIX characters from there, and a candidate is
 * confirmed by comparing its whole text with the document's text at that offset (one native compare of two
 * strings). A confirmed item is that array item exactly: an object or array text is complete at its closing
 * bracket, whatever follows it. At most `limit` items are kept, the oldest bucket's oldest item going first.
 */
export class KnownItems {
  private readonly buckets = new Map<number, Bucket>();
  private size = 0;

  constructor(private readonly limit: number) {}

  /**
   * The known item whose text starts at `start` of `text` (an object or array item of valid JSON there), if any;
   * `guess` is tried first (one compare, no key read).
   */
  at(text: string, start: number, guess?: KnownItem): KnownItem | undefined {
    if (guess !== undefined && !guess.dropped && isAt(text, start, guess)) return guess;
    const bucket = this.buckets.get(prefixKey(text, start, text.length));
    if (bucket === undefined || bucket instanceof Map) return undefined;
    for (const item of bucket) if (item !== guess && isAt(text, start, item)) return item;
    return undefined;
  }

  /** The known item of exactly this text. */
  get(text: string): KnownItem | undefined {
    const bucket = this.buckets.get(prefixKey(text, 0, text.length));
    if (bucket === undefined) return undefined;
    if (bucket instanceof Map) return bucket.get(text);
    for (const item of bucket) if (item.text === text) return item;
    return undefined;
  }

  /** Keeps `item` (replacing one of the same text). */
  add(item: KnownItem): KnownItem {
    const key = prefixKey(item.text, 0, item.text.length);
    let bucket = this.buckets.get(key);
    if (bucket === undefined) this.buckets.set(key, (bucket = []));
    if (bucket instanceof Map) {
      if (!bucket.has(item.text)) this.size++;
      bucket.set(item.text, item);
    } else {
      const i = bucket.findIndex((e) => e.text === item.text);
      if (i >= 0) {
        bucket[i].dropped = true;
        bucket[i] = item;
      } else {
        this.size++;
        if (bucket.length < BUCKET_LIST) bucket.push(item);
        else this.buckets.set(key, new Map([...bucket.map((e): [string, KnownItem] => [e.text, e]), [item.text, item]]));
      }
    }
    while (this.size > this.limit) this.dropOldest();
    return item;
  }

  get count(): number {
    return this.size;
  }

  private dropOldest(): void {
    const [key, bucket] = this.buckets.entries().next().value as [number, Bucket];
    const item = bucket instanceof Map ? bucket.values().next().value : bucket[0];
    if (bucket instanceof Map) bucket.delete(item!.text);
    else bucket.shift();
    item!.dropped = true;
    item!.next = undefined;
    this.size--;
    if ((bucket instanceof Map ? bucket.size : bucket.length) === 0) this.buckets.delete(key);
  }
}

/** `item`'s text is the text at `start` (a slice compared whole: a native compare of two flat strings). */
function isAt(text: string, start: number, item: KnownItem): boolean {
  const end = start + item.text.length;
  return end <= text.length && text.slice(start, end) === item.text;
}

/** The bucket key of the text from `start`: its first PREFIX characters (fewer before `end`), every other one. */
export function prefixKey(text: string, start: number, end: number): number {
  const stop = Math.min(start + PREFIX, end);
  let h = stop - start;
  for (let i = start; i < stop; i += 2) h = (Math.imul(h, 31) + text.charCodeAt(i)) | 0;
  return h;
}

/**
 * At most this many items are known (the weak-test audit's bound before: a 20,000-test file is still all known),
 * and only a root array of at most this many items is read through them.
 */
export const KNOWN_ITEMS_LIMIT = 20000;
/** Longer item texts are not kept: a single huge item is read once per version anyway. */
export const MAX_KNOWN_ITEM_CHARS = 1 << 20;

/** The one store: a test that any document held is known to the next document that holds it. */
export const KNOWN_ITEMS = new KnownItems(KNOWN_ITEMS_LIMIT);

const slots = new Map<string, MemoSlot<unknown>>();

/** Slots past this many are not kept (a long session's many sets of extra baselines): their results are computed each time. */
export const MAX_MEMO_SLOTS = 1024;

/**
 * Where one rule, in one context, keeps its result in `KnownItem.memo`: an index, so each test's lookup reads one
 * array element (a Map keyed by the context's text would compare that text in every test's lookup).
 */
export class MemoSlot<T> {
  constructor(private readonly index: number) {}

  get(item: KnownItem): T | undefined {
    return item.memo[this.index] as T | undefined;
  }

  set(item: KnownItem, value: T): void {
    if (this.index >= 0) item.memo[this.index] = value;
  }
}

/** The slot of `key` (a rule's name and its context); the same slot for the same key. */
export function memoSlot<T>(key: string): MemoSlot<T> {
  let slot = slots.get(key);
  if (slot === undefined) {
    slot = new MemoSlot(slots.size < MAX_MEMO_SLOTS ? slots.size : -1);
    if (slots.size < MAX_MEMO_SLOTS) slots.set(key, slot);
  }
  return slot as MemoSlot<T>;
}

let bypassed = false;

/** Whether documents read their root arrays through the known items (off only inside `withoutKnownItems`). */
export function knownItemsOn(): boolean {
  return !bypassed;
}

/**
 * Runs `run` with documents made in it reading their text whole, as they did before the known items: the reference
 * the tests compare a validation through the known items with.
 */
export function withoutKnownItems<T>(run: () => T): T {
  bypassed = true;
  try {
    return run();
  } finally {
    bypassed = false;
  }
}

/**
 * The same characters in a string of its own: a slice keeps its parent string (a whole document) alive. Written out
 * as JSON and read back: one intermediate string, where splitting into characters and joining them made a string and
 * an array slot per character (garbage that made a file's first validation touch megabytes more of the heap).
 */
export function ownCopy(text: string): string {
  return JSON.parse(JSON.stringify(text)) as string;
}

/**
 * The known item of `itemText` (an object or array item of valid JSON, whose parsed value is `value`), made and kept
 * when new. Undefined for a text past MAX_KNOWN_ITEM_CHARS.
 */
export function knownItem(itemText: string, value: unknown, store = KNOWN_ITEMS): KnownItem | undefined {
  const found = store.get(itemText);
  if (found) return found;
  if (itemText.length > MAX_KNOWN_ITEM_CHARS) return undefined;
  const lines: LineStarts = [];
  const counter = { colons: 0 };
  skipValue(itemText, 0, lines, counter);
  const shape = valueShape(value);
  return store.add({ text: ownCopy(itemText), lines, colons: counter.colons, keys: shape.keys, depth: shape.depth, value, memo: [] });
}

/** A root array scanned through the known items: its children, each item's known item, and the counts of the proof. */
export interface KnownArray {
  children: ContainerChildren;
  /** Per item: its known item (undefined for a scalar or a text past MAX_KNOWN_ITEM_CHARS). */
  items: (KnownItem | undefined)[];
  /** Colons outside strings in the whole array. */
  colons: number;
  /** Keys of every object of `values`. */
  keys: number;
  /** Nesting of the array (the array itself is 1). */
  depth: number;
}

/**
 * Scans the array at `pos` of valid JSON text (`[`; its parsed items are `values`), listing the line starts it passes
 * in `starts`: a known item is stepped over by one compare (its line starts and counts taken from it), any other is
 * scanned and becomes known. The counts prove the text free of repeated keys when `colons === keys` (see
 * `structureOfParsed`), without a pass of its own.
 */
export function scanKnownArray(text: string, pos: number, values: readonly unknown[], starts: LineStarts, store = KNOWN_ITEMS): KnownArray | undefined {
  if (text.charCodeAt(pos) !== 91) return undefined;
  const spans: Span[] = [];
  const items: (KnownItem | undefined)[] = [];
  const counter = { colons: 0 };
  let keys = 0;
  let depth = 0;
  let i = skipWhitespace(text, pos + 1, starts);
  let previous: KnownItem | undefined;
  if (text.charCodeAt(i) !== 93) {
    for (let index = 0; ; index++) {
      const start = i;
      const open = text.charCodeAt(start);
      let item: KnownItem | undefined;
      if (open === 123 || open === 91) {
        item = store.at(text, start, previous?.next);
        if (item) {
          i = start + item.text.length;
          for (const line of item.lines) starts.push(start + line);
        } else {
          const before = starts.length;
          const colonsBefore = counter.colons;
          i = skipValue(text, start, starts, counter);
          if (i - start <= MAX_KNOWN_ITEM_CHARS) {
            const lines = starts.slice(before);
            for (let k = 0; k < lines.length; k++) lines[k] -= start;
            const shape = valueShape(values[index]);
            item =
              store.get(text.slice(start, i)) ??
              store.add({
                text: ownCopy(text.slice(start, i)),
                lines,
                colons: counter.colons - colonsBefore,
                keys: shape.keys,
                depth: shape.depth,
                value: values[index],
                memo: [],
              });
          }
          // Counted below from the item; an item too long to keep is counted here.
          if (item) counter.colons = colonsBefore;
          else {
            const shape = valueShape(values[index]);
            keys += shape.keys;
            if (shape.depth > depth) depth = shape.depth;
          }
        }
        if (item) {
          counter.colons += item.colons;
          keys += item.keys;
          if (item.depth > depth) depth = item.depth;
        }
      } else i = skipValue(text, start, starts);
      // The next scan of this array (the next version of the file) tries this item's follower first.
      if (previous !== undefined && item !== undefined && previous.next !== item) previous.next = item;
      previous = item;
      spans.push({ start, end: i });
      items.push(item);
      i = skipWhitespace(text, i, starts);
      if (text.charCodeAt(i) !== 44) break;
      i = skipWhitespace(text, i + 1, starts);
    }
  }
  if (spans.length !== values.length) return undefined;
  return { children: { kind: 'array', span: { start: pos, end: i + 1 }, items: spans }, items, colons: counter.colons, keys, depth: depth + 1 };
}

/** Numbers each `readKnownArray`, for `KnownItem.read`. */
let reads = 0;

/**
 * The root array at `pos` of `text` (`[`) read through the known items, without JSON.parse of the whole text: each
 * known item's value is taken from it, and any other item (new, met twice in the array, or a scalar) is parsed
 * alone and, if it is an object or array, becomes known. Returns the array's value, its children, its known items
 * and the counts of the duplicate-key proof, listing the line starts it passes in `starts` (up to the end of the
 * text). Undefined, with `starts` partly filled, when the first item is not a known object or array (a file read
 * for the first time: JSON.parse reads it whole faster), when an item does not parse alone, or when anything but
 * commas and JSON whitespace lies between the items, or anything but JSON whitespace after the closing bracket.
 * A text it reads is valid JSON (every item is a complete value JSON.parse accepted, in JSON's array syntax) and
 * its value is what JSON.parse gives, with no object in two places. `scanKnownArray` on the parsed text is the
 * plain twin (the tests compare them).
 */
export function readKnownArray(text: string, pos: number, starts: LineStarts, store = KNOWN_ITEMS): (KnownArray & { values: unknown[] }) | undefined {
  if (text.charCodeAt(pos) !== 91) return undefined;
  const read = ++reads;
  const spans: Span[] = [];
  const items: (KnownItem | undefined)[] = [];
  const values: unknown[] = [];
  let colons = 0;
  let keys = 0;
  let depth = 0;
  let i = skipWhitespace(text, pos + 1, starts);
  let previous: KnownItem | undefined;
  // Each round moves past one item (at least one character) or returns: bounded by the text's length.
  for (let index = 0; ; index++) {
    const start = i;
    const open = text.charCodeAt(start);
    const container = open === 123 || open === 91;
    let item = container ? store.at(text, start, previous?.next) : undefined;
    if (index === 0 && item === undefined) return undefined;
    if (item !== undefined && item.read !== read) {
      item.read = read;
      i = start + item.text.length;
      for (const line of item.lines) starts.push(start + line);
      values.push(item.value);
    } else {
      // Not known, or already read in this array (its value is parsed again: one object per place, as JSON.parse).
      const before = starts.length;
      const counter = { colons: 0 };
      i = skipValue(text, start, starts, counter);
      let value: unknown;
      try {
        value = JSON.parse(text.slice(start, i));
      } catch {
        return undefined;
      }
      values.push(value);
      if (item === undefined && container && i - start <= MAX_KNOWN_ITEM_CHARS) {
        const lines = starts.slice(before);
        for (let k = 0; k < lines.length; k++) lines[k] -= start;
        const shape = valueShape(value);
        const itemText = text.slice(start, i);
        item =
          store.get(itemText) ?? store.add({ text: ownCopy(itemText), lines, colons: counter.colons, keys: shape.keys, depth: shape.depth, value, memo: [] });
        item.read = read;
      } else if (item === undefined) {
        // A scalar, or an item too long to keep: counted here.
        const shape = valueShape(value);
        colons += counter.colons;
        keys += shape.keys;
        if (shape.depth > depth) depth = shape.depth;
      }
    }
    if (item !== undefined) {
      colons += item.colons;
      keys += item.keys;
      if (item.depth > depth) depth = item.depth;
      if (previous !== undefined && previous.next !== item) previous.next = item;
    }
    previous = item;
    spans.push({ start, end: i });
    items.push(item);
    i = skipWhitespace(text, i, starts);
    const c = text.charCodeAt(i);
    if (c === 93) break;
    if (c !== 44) return undefined;
    i = skipWhitespace(text, i + 1, starts);
  }
  if (skipWhitespace(text, i + 1, starts) !== text.length) return undefined;
  return { children: { kind: 'array', span: { start: pos, end: i + 1 }, items: spans }, items, values, colons, keys, depth: depth + 1 };
}
