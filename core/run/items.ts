import { canonicalHash } from './canonicalJson';

/**
 * The staleness check: SHA-256 of the item's canonical JSON (keys sorted, no layout). A result whose
 * `test_hash`/`entry_hash` differs from the item's current hash was produced for another version of it.
 */
export function itemHash(value: unknown): string {
  return canonicalHash(value);
}
