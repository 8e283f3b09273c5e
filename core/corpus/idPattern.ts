/**
 * New entry ids that follow a corpus's own pattern: integers continue after the largest (`41` → `42`); strings
 * ending in a number keep the most common prefix and padding (`ewe_0041` → `ewe_0042`); anything else gets the
 * prefix of the ids around it and a counter. An id is never one the file already holds.
 */

export type EntryId = string | number;

interface StringPattern {
  prefix: string;
  width: number;
  next: number;
}

const NUMBERED = /^(.*?)(\d+)$/;

function stringPattern(ids: readonly string[]): StringPattern {
  const byPrefix = new Map<string, { count: number; width: number; max: number }>();
  for (const id of ids) {
    const m = NUMBERED.exec(id);
    if (!m) continue;
    const [, prefix, digits] = m;
    const seen = byPrefix.get(prefix) ?? { count: 0, width: 0, max: -1 };
    seen.count++;
    // Padded ids (`0041`) keep their width; unpadded ones (`41`) have none to keep.
    if (digits.length > 1 && digits.startsWith('0')) seen.width = Math.max(seen.width, digits.length);
    seen.max = Math.max(seen.max, Number(digits));
    byPrefix.set(prefix, seen);
  }
  let best: [string, { count: number; width: number; max: number }] | undefined;
  for (const entry of byPrefix) if (!best || entry[1].count > best[1].count) best = entry;
  if (!best) return { prefix: 'entry_', width: 0, next: ids.length + 1 };
  return { prefix: best[0], width: best[1].width, next: best[1].max + 1 };
}

/**
 * `count` new ids after `existing` (the file's ids as written, numbers and strings; others ignored). A file
 * whose ids are all integers gets integers; otherwise strings in the most common numbered pattern.
 */
export function nextIds(existing: readonly unknown[], count: number): EntryId[] {
  const taken = new Set<string>();
  const numbers: number[] = [];
  const strings: string[] = [];
  for (const id of existing) {
    if (typeof id === 'number' && Number.isInteger(id)) numbers.push(id);
    else if (typeof id === 'string') strings.push(id);
    else continue;
    taken.add(String(id));
  }
  const out: EntryId[] = [];
  if (strings.length === 0) {
    let next = numbers.reduce((max, n) => Math.max(max, n), -1) + 1;
    while (out.length < count) {
      if (!taken.has(String(next))) out.push(next);
      next++;
    }
    return out;
  }
  const pattern = stringPattern(strings);
  for (let n = pattern.next; out.length < count; n++) {
    const id = pattern.prefix + String(n).padStart(pattern.width, '0');
    if (!taken.has(id)) out.push(id);
  }
  return out;
}
