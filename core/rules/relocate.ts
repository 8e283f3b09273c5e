import type { JsonPath } from '../document/jsonDocument';
import type { Span } from '../text/lineIndex';
import type { Finding, FixData, RelatedLocation } from './finding';

/**
 * A finding with every path (anchor, related places, fixes) passed through `path` and every text span through
 * `move`; the same object when neither changes anything.
 */
export function relocate(f: Finding, path: (p: JsonPath) => JsonPath, move: (offset: number) => number): Finding {
  let changed = false;
  const p = (from: JsonPath): JsonPath => {
    const to = path(from);
    if (to !== from) changed = true;
    return to;
  };
  const span = (s: Span): Span => {
    const start = move(s.start);
    const end = move(s.end);
    if (start === s.start && end === s.end) return s;
    changed = true;
    return { start, end };
  };
  const at = 'path' in f.at ? { ...f.at, path: p(f.at.path) } : { span: span(f.at.span) };
  const related = f.related?.map((r): RelatedLocation => {
    if (!('at' in r)) return r;
    return 'path' in r.at ? { ...r, at: { ...r.at, path: p(r.at.path) } } : { ...r, at: { span: span(r.at.span) } };
  });
  const fixes = f.fixes?.map((fix): FixData => {
    switch (fix.kind) {
      case 'add-field':
      case 'set-fields':
        return { ...fix, objectPath: p(fix.objectPath) };
      case 'renumber-id':
      case 'remove-item':
        return { ...fix, path: p(fix.path) };
      case 'rename-legacy-fields':
        return {
          ...fix,
          renames: fix.renames.map((r) => ({ ...r, path: p(r.path) })),
          valueRewrites: fix.valueRewrites.map((r) => ({ ...r, path: p(r.path) })),
        };
      case 'replace-text':
        return { ...fix, edits: fix.edits.map((e) => ({ span: span(e.span), newText: e.newText })) };
      default:
        return fix;
    }
  });
  if (!changed) return f;
  return { ...f, at, ...(related ? { related } : {}), ...(fixes ? { fixes } : {}) };
}

/** A finding computed for one item at path [] (its fields' paths start at the item) moved to item `index` of a root array. */
export function underIndex(f: Finding, index: number): Finding {
  return relocate(
    f,
    (path) => [index, ...path],
    (offset) => offset,
  );
}
