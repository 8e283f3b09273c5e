import type { JsonPath } from '../document/jsonDocument';
import type { Anchor } from './finding';

/**
 * Where to point a finding about a whole object (a missing field, say) without underlining the whole object:
 * its `id` value when it has one, else its key when it is a property, else its opening brace.
 */
export function objectAnchor(path: JsonPath, value: unknown): Anchor {
  if (value && typeof value === 'object' && !Array.isArray(value) && 'id' in value) return { path: [...path, 'id'] };
  if (path.length > 0 && typeof path[path.length - 1] === 'string') return { path, part: 'key' };
  return { path, part: 'start' };
}
