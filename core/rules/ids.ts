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

/** The ids of the objects of an array, with their paths; objects without a string or integer id are skipped. */
export function collectIds(items: unknown, basePath: JsonPath, field = 'id'): IdOccurrence[] {
  if (!Array.isArray(items)) return [];
  const out: IdOccurrence[] = [];
  items.forEach((item, index) => {
    if (item && typeof item === 'object' && !Array.isArray(item)) {
      const id = (item as Record<string, unknown>)[field];
      if (typeof id === 'string' || (typeof id === 'number' && Number.isInteger(id))) out.push({ id, path: [...basePath, index, field] });
    }
  });
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
  const byKey = new Map<string, IdOccurrence[]>();
  for (const occ of occurrences) {
    const key = idKey(occ.id);
    const list = byKey.get(key);
    if (list) list.push(occ);
    else byKey.set(key, [occ]);
  }
  const taken = new Set(byKey.keys());
  const findings: Finding[] = [];
  for (const list of byKey.values()) {
    const others = external(list[0].id);
    if (list.length < 2 && others.length === 0) continue;
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
        fixes: offerFix ? [{ kind: 'renumber-id', path: occ.path, newId: nextFreeId(occ.id, taken) }] : undefined,
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
