import { pyIncludes, pyLen } from './str';

/**
 * How the harness's Python sees a test's fields after `json.load`, for the operations it applies to them
 * (`in`, iteration, `len`, indexing, `>=`). Where Python raises, we throw {@link HarnessCrash}: the harness
 * then stops and publishes nothing. Where Python quietly does something surprising (iterating the
 * characters of a string given as `expected_keywords`), we do the same.
 */

/** The harness would stop with this Python exception. */
export class HarnessCrash extends Error {}

/** A valid construct we do not reproduce exactly; the test gets no score rather than a guess. */
export class NotReproducible extends Error {}

type PyObject = Record<string, unknown>;

export function isPyDict(value: unknown): value is PyObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The Python type name `json.load` gives the value (JSON numbers without a fraction read as int). */
export function pyTypeName(value: unknown): string {
  if (value === null || value === undefined) return 'NoneType';
  if (typeof value === 'boolean') return 'bool';
  if (typeof value === 'number') return Number.isInteger(value) ? 'int' : 'float';
  if (typeof value === 'string') return 'str';
  return Array.isArray(value) ? 'list' : 'dict';
}

/** `item in container` for a str item. */
export function pyContains(container: unknown, item: string, what: string): boolean {
  if (typeof container === 'string') return pyIncludes(container, item);
  if (Array.isArray(container)) return container.some((x) => x === item);
  if (isPyDict(container)) return Object.hasOwn(container, item);
  throw new HarnessCrash(`TypeError: argument of type '${pyTypeName(container)}' is not iterable (${what})`);
}

/** `for x in value`: a str yields its code points, a dict its keys. */
export function pyIterate(value: unknown, what: string): unknown[] {
  if (typeof value === 'string') return Array.from(value);
  if (Array.isArray(value)) return value;
  if (isPyDict(value)) return Object.keys(value);
  throw new HarnessCrash(`TypeError: '${pyTypeName(value)}' object is not iterable (${what})`);
}

/** `len(value)` for the containers `pyContains` accepts. */
export function pyLength(value: unknown, what: string): number {
  if (typeof value === 'string') return pyLen(value);
  if (Array.isArray(value)) return value.length;
  if (isPyDict(value)) return Object.keys(value).length;
  throw new HarnessCrash(`TypeError: object of type '${pyTypeName(value)}' has no len() (${what})`);
}

/** `container[key]` with a str key, once `key in container` held. */
export function pyGetItem(container: unknown, key: string, what: string): unknown {
  if (isPyDict(container)) return container[key];
  const type = pyTypeName(container);
  const message = type === 'str' ? 'string indices must be integers' : `${type} indices must be integers or slices, not str`;
  throw new HarnessCrash(`TypeError: ${message} (${what})`);
}

/** `length >= value` or `length <= value` with Python's comparison rules (a bool counts as 0 or 1). */
export function pyCompareLength(length: number, op: '>=' | '<=', value: unknown, what: string): boolean {
  const n = typeof value === 'boolean' ? Number(value) : value;
  if (typeof n !== 'number') {
    throw new HarnessCrash(`TypeError: '${op}' not supported between instances of 'int' and '${pyTypeName(value)}' (${what})`);
  }
  return op === '>=' ? length >= n : length <= n;
}

/** `value.lower()` / `value.strip()` and the like need a str. */
export function requireStr(value: unknown, method: string, what: string): string {
  if (typeof value === 'string') return value;
  throw new HarnessCrash(`AttributeError: '${pyTypeName(value)}' object has no attribute '${method}' (${what})`);
}
