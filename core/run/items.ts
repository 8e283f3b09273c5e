import { classify, entriesOf, itemsPath, type Classification } from '../document/classify';
import type { JsonDocument } from '../document/jsonDocument';
import { canonicalHash } from './canonicalJson';
import { entryId } from './corpus';
import type { RunnableItem, RunRecord } from './types';
import { isObject } from '../json';

/**
 * The staleness check: SHA-256 of the item's canonical JSON (keys sorted, no layout). A result whose
 * `test_hash`/`entry_hash` differs from the item's current hash was produced for another version of it.
 */
export function itemHash(value: unknown): string {
  return canonicalHash(value);
}

type Obj = Record<string, unknown>;

/** An id as text: strings as they are, anything else as its JSON text (`7`, `null`). */
function idText(id: unknown): string {
  return typeof id === 'string' ? id : (JSON.stringify(id) ?? 'null');
}

/**
 * The harness's test id: `test.get("id", f"{category}_{i}")`, where the category is the tests file's stem.
 * A present id is kept whatever its type (a null id stays null in the harness's report).
 */
export function harnessTestId(test: Obj, index: number, category: string): unknown {
  return Object.hasOwn(test, 'id') ? test.id : `${category}_${index}`;
}

/**
 * An item whose hash is computed on first read and kept: listing the items of a big file (every keystroke
 * rebuilds the lenses) costs no hashing; only the items a result is compared with are hashed. The getter is
 * an enumerable own property, so JSON.stringify and object spread still see `hash`.
 */
function item(kind: RunnableItem['kind'], id: string, index: number, span: { start: number; end: number }, value: unknown): RunnableItem {
  let hash: string | undefined;
  return {
    kind,
    id,
    index,
    start: span.start,
    end: span.end,
    get hash() {
      return (hash ??= itemHash(value));
    },
  };
}

/**
 * Everything runnable in a document, with the span of each item object: every object of a tests file, every
 * object entry of a corpus. Positions come from one structural pass over the one array that holds the items
 * (the document caches it), not from a syntax tree. `category` is the tests file's stem, used for the
 * harness's fallback ids; without it `tests` stands in. Items that are not objects cannot be run and are left out.
 */
export function runnableItems(doc: JsonDocument, category = 'tests', classification: Classification = classify(doc.value)): RunnableItem[] {
  const path = itemsPath(classification);
  const values = entriesOf(doc.value, classification);
  if (!path || !values) return [];
  const children = doc.childrenAt(path);
  const spans = children?.kind === 'array' ? children.items : [];
  const out: RunnableItem[] = [];
  for (let index = 0; index < values.length; index++) {
    const value = values[index];
    const span = spans[index];
    if (!isObject(value) || !span) continue;
    // Same ids as the harness (tests) and corpusRunInfo (entries: written ids kept, the 0-based position where one is missing).
    out.push(
      classification.kind === 'ewebench-tests'
        ? item('ewebench-test', idText(harnessTestId(value, index, category)), index, span, value)
        : item('corpus-entry', idText(entryId(value, index)), index, span, value),
    );
  }
  return out;
}

/** Items sharing an id, by id, in file order (only ids given to more than one item). */
export function duplicateItemIds(items: readonly RunnableItem[]): Map<string, RunnableItem[]> {
  const byId = new Map<string, RunnableItem[]>();
  for (const item of items) {
    const list = byId.get(item.id);
    if (list) list.push(item);
    else byId.set(item.id, [item]);
  }
  for (const [id, list] of byId) if (list.length < 2) byId.delete(id);
  return byId;
}

/** True when the string holds a UTF-16 surrogate without its other half (`"\ud800"` in JSON). */
export function hasLoneSurrogate(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0xd800 || c > 0xdfff) continue;
    if (c <= 0xdbff && i + 1 < text.length) {
      const d = text.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) {
        i++;
        continue;
      }
    }
    return true;
  }
  return false;
}

/**
 * The path (inside the value) of the first key or string holding a lone surrogate, or undefined. Such text
 * cannot be encoded as UTF-8: a provider refuses it or mangles it, and the same happens on every rerun.
 */
export function loneSurrogatePath(value: unknown): (string | number)[] | undefined {
  if (typeof value === 'string') return hasLoneSurrogate(value) ? [] : undefined;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const inner = loneSurrogatePath(value[i]);
      if (inner) return [i, ...inner];
    }
    return undefined;
  }
  if (isObject(value)) {
    for (const [key, child] of Object.entries(value)) {
      if (hasLoneSurrogate(key)) return [key];
      const inner = loneSurrogatePath(child);
      if (inner) return [key, ...inner];
    }
  }
  return undefined;
}

/** The id of the item a record is a result of, as text (`RunnableItem.id`): a test's, an entry's, a suite item's. */
export function recordItemId(r: RunRecord): string {
  if (r.kind === 'ewebench-test') return r.test_id;
  if (r.kind === 'suite-item') return r.item_id;
  return typeof r.entry_id === 'string' ? r.entry_id : JSON.stringify(r.entry_id);
}

/** The hash of the item version a record is a result of (stale when it differs from the item's). */
export function recordItemHash(r: RunRecord): string {
  return r.kind === 'ewebench-test' ? r.test_hash : r.kind === 'suite-item' ? r.item_hash : r.entry_hash;
}
