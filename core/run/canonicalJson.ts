import { sha256Hex } from '../hash/sha';

/**
 * A canonical JSON text of a parsed value: object keys sorted (by UTF-16 code unit, which is stable and all
 * we need: the text is only ever hashed and compared with itself), no whitespace, numbers and strings as
 * JSON.stringify writes them. Two values that JSON.parse makes equal give the same text whatever their key
 * order or layout in the file, so reformatting a test does not make its result stale; changing any value does.
 */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') {
    // undefined, functions and symbols have no JSON form; inside arrays JSON writes them as null.
    return JSON.stringify(value) ?? 'null';
  }
  if (Array.isArray(value)) {
    let out = '[';
    for (let i = 0; i < value.length; i++) out += (i ? ',' : '') + canonicalJson(value[i]);
    return out + ']';
  }
  const record = value as Record<string, unknown>;
  const keys = Object.keys(record).sort();
  let out = '{';
  let first = true;
  for (const key of keys) {
    const v = record[key];
    if (v === undefined || typeof v === 'function' || typeof v === 'symbol') continue;
    out += (first ? '' : ',') + JSON.stringify(key) + ':' + canonicalJson(v);
    first = false;
  }
  return out + '}';
}

/** SHA-256 (lowercase hex) of a string's UTF-8 bytes. */
export function sha256Text(text: string): string {
  return sha256Hex(text);
}

/** SHA-256 (lowercase hex) of a value's canonical JSON. */
export function canonicalHash(value: unknown): string {
  return sha256Text(canonicalJson(value));
}
