/** A parsed JSON object (not an array, not null): what the rules, the audit and the runner read fields from. */
export type JsonObject = Record<string, unknown>;

export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
