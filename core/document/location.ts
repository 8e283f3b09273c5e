import * as jsonc from 'jsonc-parser';
import { itemsPath, type Classification } from './classify';
import type { JsonDocument } from './jsonDocument';
import { itemAt, itemIndexAt } from './spanTree';

/** What hover and completion read of a place in the text: its path, the key or value before it, whether it is at a key. */
export type Location = Pick<jsonc.Location, 'path' | 'previousNode' | 'isAtPropertyKey'>;

/**
 * jsonc-parser's location at `offset`, scanning only the test or corpus entry that holds it when there is one:
 * `getLocation` scans from the start of the text, about 100 ms three quarters down a 7 MB corpus. The entry is
 * read on its own and its path put behind the items' path, which gives the same location (a test compares them).
 */
export function locationAt(doc: JsonDocument, classification: Classification, offset: number): Location {
  const path = itemsPath(classification);
  const array = path && doc.isValidJson ? doc.childrenAt(path) : undefined;
  const index = array?.kind === 'array' ? itemIndexAt(array, offset) : -1;
  if (!path || array?.kind !== 'array' || index < 0) return jsonc.getLocation(doc.text, offset);
  const item = itemAt(array, index);
  const inner = jsonc.getLocation(doc.slice(item.start, item.end), offset - item.start);
  const node = inner.previousNode;
  const previousNode = node && {
    ...node,
    offset: node.offset + item.start,
    colonOffset: node.colonOffset === undefined ? undefined : node.colonOffset + item.start,
  };
  return { path: [...path, index, ...inner.path], previousNode, isAtPropertyKey: inner.isAtPropertyKey };
}
