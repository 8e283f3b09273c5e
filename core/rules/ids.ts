import type { JsonPath } from '../document/jsonDocument';
import type { TextRange } from '../document/lineIndex';
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
export function collectIds(items: unknown, basePath: JsonPath, fields: readonly string[] = ['id']): IdOccurrence[] {
  if (!Array.isArray(items)) return [];
  const out: IdOccurrence[] = [];
  for (let index = 0; index < items.length; index++) {
    const item = items[index] as Record<string, unknown> | null;
    if (!item || typeof item !== 'object' || Array.isArray(item)) continue;
    for (const field of fields) {
      const id = item[field];
      if (typeof id === 'string' || (typeof id === 'number' && Number.isInteger(id))) {
        out.push({ id, path: [...basePath, index, field] });
        break;
      }
    }
  }
  return out;
}

const MAX_RELATED = 5;

/**
 * Flags every occurrence of an id used more than once, in this file or (through `external`) in other files.
 * Each finding points at the other places and offers to renumber to the next free id.
 */
export function duplicateIdFindings(
  occurrences: readonly IdOccurrence[],
  locale: Locale,
  external: (id: Id) => readonly ExternalIdOccurrence[] = () => [],
): Finding[] {
  // A Map tells 1 from "1" by itself, so the raw ids are the keys.
  const byId = new Map<Id, IdOccurrence[]>();
  for (const occ of occurrences) {
    const list = byId.get(occ.id);
    if (list) list.push(occ);
    else byId.set(occ.id, [occ]);
  }
  let taken: Set<string> | undefined;
  const findings: Finding[] = [];
  for (const list of byId.values()) {
    const others = external(list[0].id);
    if (list.length < 2 && others.length === 0) continue;
    const takenIds = (taken ??= new Set([...byId.keys()].map(idKey)));
    list.forEach((occ, i) => {
      const sameFile = list.filter((_, j) => j !== i);
      const related: RelatedLocation[] = [
        ...sameFile.map((o) => ({ at: { path: o.path }, message: msg(locale, 'duplicateIdOther', { id: JSON.stringify(o.id) }) })),
        ...others.map((o) => ({ uri: o.uri, range: o.range, message: msg(locale, 'duplicateIdOther', { id: JSON.stringify(occ.id) }) })),
      ].slice(0, MAX_RELATED);
      const where = sameFile.length > 0 ? msg(locale, 'duplicateIdHere') : msg(locale, 'duplicateIdElsewhere', { file: others[0].label });
      const offerFix = i > 0 || sameFile.length === 0;
      findings.push({
        code: 'duplicate-id',
        message: msg(locale, 'duplicateId', { id: JSON.stringify(occ.id), where }),
        at: { path: occ.path },
        related,
        // The first occurrence in a file keeps its id; the fix is offered on the later ones (and on any clash with another file).
        fixes: offerFix ? [{ kind: 'renumber-id', path: occ.path, newId: nextFreeId(occ.id, takenIds) }] : undefined,
      });
    });
  }
  return findings;
}

/**
 * The next id not yet taken, in the same style: integers count up from the largest; strings ending in digits
 * keep their prefix and zero padding (`lc_grammar_01` → `lc_grammar_07`); other strings get a `_2`, `_3`… suffix.
 */
export function nextFreeId(id: Id, taken: Set<string>): Id {
  if (typeof id === 'number') {
    let max = id;
    for (const key of taken) if (key.startsWith('n:')) max = Math.max(max, Number(key.slice(2)));
    return max + 1;
  }
  const match = /^(.*?)(\d+)$/.exec(id);
  const prefix = match ? match[1] : `${id}_`;
  const width = match ? match[2].length : 1;
  let n = match ? 1 : 2;
  if (match) {
    for (const key of taken) {
      if (!key.startsWith('s:' + prefix)) continue;
      const rest = key.slice(2 + prefix.length);
      if (/^\d+$/.test(rest)) n = Math.max(n, Number(rest) + 1);
    }
  }
  for (;;) {
    const candidate = prefix + String(n).padStart(width, '0');
    if (!taken.has(idKey(candidate))) {
      taken.add(idKey(candidate));
      return candidate;
    }
    n++;
  }
}
