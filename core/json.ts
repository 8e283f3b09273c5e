/** A parsed JSON object (not an array, not null): what the rules, the audit and the runner read fields from. */
export type JsonObject = Record<string, unknown>;

export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Sets `key` on a record as its own property, whatever the key: a name read from a file (`__proto__`) would
 * otherwise set the record's prototype instead of adding a field. The record keeps its ordinary prototype.
 */
export function setOwn<T>(record: Record<string, T>, key: string, value: T): void {
  Object.defineProperty(record, key, { value, writable: true, enumerable: true, configurable: true });
}

/** A record's own value for `key`: a name read from a file (`constructor`, `toString`) never finds an Object member. */
export function getOwn<T>(record: Readonly<Record<string, T>>, key: string): T | undefined {
  return Object.hasOwn(record, key) ? record[key] : undefined;
}
