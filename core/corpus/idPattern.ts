import { floatIsExact, INTEGER_TEXT, NumberText } from '../document/numberText';

/**
 * New entry ids that follow a corpus's own pattern: integers continue after the largest (`41` → `42`); strings
 * ending in a number keep the most common prefix and padding (`ewe_0041` → `ewe_0042`); anything else gets the
 * prefix of the ids around it and a counter. An id is never one the file already holds.
 *
 * Ids are read, compared and counted by their digits (BigInt), never as floats: past 2^53 a float's `n + 1`
 * is `n` again, which made a loop that never ended and two rows with one id.
 */

/** A new id: a number when a float holds it exactly, else its digits (written into the JSON as they are). */
export type EntryId = string | number | NumberText;

interface StringPattern {
  prefix: string;
  width: number;
  next: bigint;
}

const NUMBERED = /^(.*?)(\d+)$/;

function stringPattern(ids: readonly string[]): StringPattern {
  const byPrefix = new Map<string, { count: number; width: number; max: bigint }>();
  for (const id of ids) {
    const m = NUMBERED.exec(id);
    if (!m) continue;
    const [, prefix, digits] = m;
    const seen = byPrefix.get(prefix) ?? { count: 0, width: 0, max: -1n };
    seen.count++;
    // Padded ids (`0041`) keep their width; unpadded ones (`41`) have none to keep.
    if (digits.length > 1 && digits.startsWith('0')) seen.width = Math.max(seen.width, digits.length);
    const n = BigInt(digits);
    if (n > seen.max) seen.max = n;
    byPrefix.set(prefix, seen);
  }
  let best: [string, { count: number; width: number; max: bigint }] | undefined;
  for (const entry of byPrefix) if (!best || entry[1].count > best[1].count) best = entry;
  if (!best) return { prefix: 'entry_', width: 0, next: BigInt(ids.length + 1) };
  return { prefix: best[0], width: best[1].width, next: best[1].max + 1n };
}

/** An id's integer digits, when it is an integer as the file writes it; undefined for anything else. */
export function integerDigits(id: unknown): string | undefined {
  if (typeof id === 'number') return floatIsExact(id) ? String(id) : undefined;
  // `-0` is the integer 0, as Python reads it.
  if (id instanceof NumberText) return INTEGER_TEXT.test(id.text) ? (id.text === '-0' ? '0' : id.text) : undefined;
  return undefined;
}

const idOfBigInt = (n: bigint): EntryId =>
  n <= BigInt(Number.MAX_SAFE_INTEGER) && n >= -BigInt(Number.MAX_SAFE_INTEGER) ? Number(n) : new NumberText(n.toString());

/**
 * `count` new ids after `existing` (the file's ids as written: numbers, NumberText for those a float would
 * change, and strings; others ignored). A file whose ids are all integers gets integers, from 1 when it has
 * none; otherwise strings in the most common numbered pattern. See `freshIds`, which gives them one at a time.
 */
export function nextIds(existing: readonly unknown[], count: number): EntryId[] {
  const out: EntryId[] = [];
  if (count <= 0) return out;
  for (const id of freshIds(existing)) {
    out.push(id);
    if (out.length === count) break;
  }
  return out;
}

/**
 * The new ids after `existing`, in order, as many as the caller takes (an import of a million rows takes one per
 * row without holding them all): the ids `nextIds` lists. Each id's loop is bounded by the number of ids taken
 * plus one (every candidate is larger than the one before, and at most all taken ids are passed), so each step
 * ends; the caller bounds how many it takes.
 */
export function* freshIds(existing: readonly unknown[]): Generator<EntryId, void, undefined> {
  const taken = new Set<string>();
  let max: bigint | undefined;
  const strings: string[] = [];
  for (const id of existing) {
    const digits = integerDigits(id);
    if (digits !== undefined) {
      const n = BigInt(digits);
      if (max === undefined || n > max) max = n;
      taken.add(digits);
    } else if (typeof id === 'string') {
      strings.push(id);
      taken.add(id);
    }
  }
  const bound = taken.size + 1;
  if (strings.length === 0) {
    let next = max === undefined || max < 1n ? 1n : max + 1n;
    for (;;) {
      for (let tries = 0; taken.has(next.toString()) && tries <= bound; tries++) next++;
      yield idOfBigInt(next++);
    }
  }
  const pattern = stringPattern(strings);
  const idAt = (n: bigint) => pattern.prefix + n.toString().padStart(pattern.width, '0');
  let n = pattern.next;
  for (;;) {
    for (let tries = 0; taken.has(idAt(n)) && tries <= bound; tries++) n++;
    yield idAt(n++);
  }
}
