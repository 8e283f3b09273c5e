import type { JsonPath } from '../document/jsonDocument';
import type { TextRange } from '../text/lineIndex';
import type { Locale } from '../i18n/locale';
import type { Finding, RelatedLocation } from './finding';
import { msg } from './messages';

export type Id = string | number;

export interface IdOccurrence {
  id: Id;
  /** Path of the id value, e.g. [3, 'id'] or ['entries', 3, 'id']. */
  path: JsonPath;
}

/** An occurrence in another file, already resolved to a range by the workspace index. */
export interface ExternalIdOccurrence {
  uri: string;
  /** How to name the file in a message (a workspace-relative path). */
  label: string;
  range: TextRange;
}

/** Strings and numbers are different ids (`1` and `"1"` do not clash), as they are in Python dicts. */
export function idKey(id: Id): string {
  return typeof id === 'number' ? `n:${id}` : `s:${id}`;
}

/**
 * The ids of the objects of an array, with their paths; objects without a string or integer id are skipped.
 * With several fields (`id`, then the legacy `index`), the first one an object has is its id.
 */
export function collectIds(items: unknown, basePath: JsonPath, fields: readonly string[] = ['id'], only?: ReadonlySet<Id>): IdOccurrence[] {
  if (!Array.isArray(items)) return [];
  const out: IdOccurrence[] = [];
  for (let index = 0; index < items.length; index++) {
    const item: unknown = items[index];
    if (!item || typeof item !== 'object' || Array.isArray(item)) continue;
    // `idOf`, without an object per item: this runs for every test on every validation.
    for (const field of fields) {
      const id = (item as Record<string, unknown>)[field];
      if (typeof id === 'string' || (typeof id === 'number' && Number.isInteger(id))) {
        if (!only || only.has(id)) out.push({ id, path: basePath.length === 0 ? [index, field] : [...basePath, index, field] });
        break;
      }
    }
  }
  return out;
}

/** An object's id and the field it is in (the first of `fields` holding a string or an integer). */
export function idOf(item: unknown, fields: readonly string[]): { id: Id; field: string } | undefined {
  if (!item || typeof item !== 'object' || Array.isArray(item)) return undefined;
  for (const field of fields) {
    const id = (item as Record<string, unknown>)[field];
    if (typeof id === 'string' || (typeof id === 'number' && Number.isInteger(id))) return { id, field };
  }
  return undefined;
}

/**
 * What `duplicateIdFindings` needs for ids checked within one file (corpus entries): the occurrences of the ids
 * used more than once, and every id (read again only when there is a repeat, to choose free ones). A corpus of
 * 20,000 unique ids then costs two sets, not an occurrence and a path per entry.
 */
export function repeatedIds(items: unknown, basePath: JsonPath, fields: readonly string[]): { occurrences: IdOccurrence[]; all: () => Id[] } {
  const counts = new IdCounts(fields);
  if (Array.isArray(items)) for (const item of items) counts.add(item, 1);
  return counts.repeatedIn(items, basePath);
}

/**
 * How many items hold each id (the first of `fields` an item has), kept as items are added or taken away, and the
 * ids held more than once: an item added or removed costs O(1), and a file without repeats is never read again.
 */
export class IdCounts {
  private readonly counts = new Map<Id, number>();
  private readonly repeated = new Set<Id>();

  constructor(private readonly fields: readonly string[]) {}

  /** Counts an item in (`sign` 1) or out (-1). */
  add(item: unknown, sign: 1 | -1): void {
    const id = idOf(item, this.fields)?.id;
    if (id === undefined) return;
    const n = (this.counts.get(id) ?? 0) + sign;
    if (n <= 0) this.counts.delete(id);
    else this.counts.set(id, n);
    if (n >= 2) this.repeated.add(id);
    else this.repeated.delete(id);
  }

  /** What `duplicateIdFindings` needs for `items`, the items counted: the occurrences of repeated ids (one pass over them when there are any) and every id. */
  repeatedIn(items: unknown, basePath: JsonPath): { occurrences: IdOccurrence[]; all: () => Id[] } {
    return { occurrences: this.repeated.size ? collectIds(items, basePath, this.fields, this.repeated) : [], all: () => this.all() };
  }

  /** The ids held more than once (for a caller that keeps the items' ids, not the items: an import's rows). */
  get repeatedIds(): ReadonlySet<Id> {
    return this.repeated;
  }

  /** Every id counted. */
  all(): Id[] {
    return [...this.counts.keys()];
  }
}

const NONE = (): readonly ExternalIdOccurrence[] => [];

/** Related locations per finding: enough to find the others; a count in the message says how many there are. */
const MAX_RELATED = 3;

/**
 * Flags every occurrence of an id used more than once, in this file or (through `external`) in other files.
 * The first occurrence points at up to MAX_RELATED other places, the later ones at the first, and offers to renumber to the next free id. Linear in
 * the number of occurrences: an id shared by 20,000 tests costs 20,000 findings of bounded size.
 */
export function duplicateIdFindings(
  occurrences: readonly IdOccurrence[],
  locale: Locale,
  external: (id: Id) => readonly ExternalIdOccurrence[] = NONE,
  /** Every id of the file when `occurrences` holds only the repeated ones: a renumbering must avoid them all. */
  allIds?: () => Iterable<Id>,
  /**
   * The text the file writes an id with, for the ids a float may have changed (integers past 2^53: JSON.parse
   * reads `9007199254740993` as `9007199254740992`). Such ids are then told apart by their digits, as Python does.
   */
  idText?: (path: JsonPath) => string | undefined,
): Finding[] {
  // Without other files, only repeated ids matter, and most files repeat none: one Set says so.
  if (external === NONE && !repeatsAny(occurrences)) return [];
  // A Map tells 1 from "1" by itself, so the raw ids are the keys. An id seen once (nearly all) keeps its
  // occurrence alone; a list is made on the second.
  const byId = new Map<Id, IdOccurrence | IdOccurrence[]>();
  /** Numbers a float may have changed, by the digits the file writes (kept apart from strings, which are other ids). */
  const byDigits = new Map<string, IdOccurrence | IdOccurrence[]>();
  for (const occ of occurrences) {
    const digits = idText && typeof occ.id === 'number' && !Number.isSafeInteger(occ.id) ? idText(occ.path) : undefined;
    const map: Map<Id, IdOccurrence | IdOccurrence[]> = digits === undefined ? byId : byDigits;
    const key = digits ?? occ.id;
    const seen = map.get(key);
    if (seen === undefined) map.set(key, occ);
    else if (Array.isArray(seen)) seen.push(occ);
    else map.set(key, [seen, occ]);
  }
  let allocator: IdAllocator | undefined;
  const findings: Finding[] = [];
  for (const seen of [...byId.values(), ...byDigits.values()]) {
    if (!Array.isArray(seen) && external === NONE) continue;
    const list = Array.isArray(seen) ? seen : [seen];
    const others = external(list[0].id);
    if (list.length < 2 && others.length === 0) continue;
    const ids = (allocator ??= new IdAllocator([...(allIds?.() ?? byId.keys())].map(idKey)));
    const digits = idText && typeof list[0].id === 'number' && !Number.isSafeInteger(list[0].id) ? idText(list[0].path) : undefined;
    const id = digits ?? JSON.stringify(list[0].id);
    const sameMessage = msg(locale, 'duplicateIdOther', { id });
    const total = list.length + others.length;
    // One message for the whole group: 20,000 occurrences format it once.
    const message =
      total > 2
        ? msg(locale, 'duplicateIdCount', { id, count: total, here: list.length, elsewhere: others.length })
        : msg(locale, 'duplicateId', {
            id,
            where: list.length > 1 ? msg(locale, 'duplicateIdHere') : msg(locale, 'duplicateIdElsewhere', { file: others[0].label }),
          });
    list.forEach((occ, i) => {
      // The first occurrence lists a few others; each later one points back at the first (the payload stays linear).
      const limit = i === 0 ? MAX_RELATED : 1;
      const related: RelatedLocation[] = [];
      for (let j = 0; j < list.length && related.length < limit; j++) if (j !== i) related.push({ at: { path: list[j].path }, message: sameMessage });
      for (let j = 0; j < others.length && related.length < limit; j++) related.push({ uri: others[j].uri, range: others[j].range, message: sameMessage });
      // The first occurrence in a file keeps its id; the fix is offered on the later ones (and on any clash with another file).
      const offerFix = i > 0 || list.length === 1;
      // No fix past 2^53: a float cannot hold the next integer there (the corpus table's Add entry can).
      const newId = offerFix ? ids.next(occ.id) : undefined;
      findings.push({
        code: 'duplicate-id',
        message,
        at: { path: occ.path },
        related,
        fixes: newId !== undefined ? [{ kind: 'renumber-id', path: occ.path, newId }] : undefined,
      });
    });
  }
  return findings;
}

/** Whether some id occurs twice (a Set, like the Map below, tells 1 from "1"). */
function repeatsAny(occurrences: readonly IdOccurrence[]): boolean {
  const seen = new Set<Id>();
  for (const occ of occurrences) {
    const size = seen.size;
    if (seen.add(occ.id).size === size) return true;
  }
  return false;
}

/**
 * The next id not yet taken, in the same style: integers count up from the largest; strings ending in digits
 * keep their prefix and zero padding (`lc_grammar_01` → `lc_grammar_07`); other strings get a `_2`, `_3`… suffix.
 * Undefined for an integer past 2^53 - 1, which a float cannot count on from.
 */
export function nextFreeId(id: Id, taken: Set<string>): Id | undefined {
  const next = new IdAllocator(taken).next(id);
  if (next !== undefined) taken.add(idKey(next));
  return next;
}

/**
 * Hands out free ids, each different from all taken ones and from those it gave before. The taken ids are
 * read once (largest integer, largest number per string prefix), so each id costs O(1) on average.
 */
class IdAllocator {
  private readonly taken: Set<string>;
  private maxNumber = -Infinity;
  /** Per prefix (the part before the final digits): the next number to try (digits counted as BigInt: `n + 1` past 2^53 is `n` in a float). */
  private readonly nextByPrefix = new Map<string, bigint>();
  /** Per id without final digits: the next `_n` suffix to try. */
  private readonly nextSuffix = new Map<string, bigint>();

  constructor(taken: Iterable<string>) {
    this.taken = new Set(taken);
    for (const key of this.taken) {
      if (key.startsWith('n:')) this.maxNumber = Math.max(this.maxNumber, Number(key.slice(2)));
      else {
        const match = /^(.*?)(\d+)$/.exec(key.slice(2));
        if (match) {
          const next = BigInt(match[2]) + 1n;
          const seen = this.nextByPrefix.get(match[1]) ?? 1n;
          this.nextByPrefix.set(match[1], next > seen ? next : seen);
        }
      }
    }
  }

  /** A free id in `id`'s style; undefined when `id` is an integer and the next one is past 2^53 - 1. */
  next(id: Id): Id | undefined {
    let candidate: Id;
    if (typeof id === 'number') {
      candidate = Math.max(id, this.maxNumber) + 1;
      if (!Number.isSafeInteger(candidate)) return undefined;
      this.maxNumber = candidate;
    } else {
      const match = /^(.*?)(\d+)$/.exec(id);
      // `abc` → `abc_2`: the prefix `abc_` keeps its own counter, from 2.
      const prefix = match ? match[1] : `${id}_`;
      const width = match ? match[2].length : 1;
      const counters = match ? this.nextByPrefix : this.nextSuffix;
      let n = counters.get(prefix) ?? (match ? 1n : 2n);
      // Each try takes a larger number, so at most every taken id is passed once.
      candidate = prefix + n.toString().padStart(width, '0');
      for (let tries = 0; this.taken.has(idKey(candidate)) && tries <= this.taken.size; tries++) candidate = prefix + (++n).toString().padStart(width, '0');
      counters.set(prefix, n + 1n);
    }
    this.taken.add(idKey(candidate));
    return candidate;
  }
}
