import { isPythonSpace } from './whitespace';

/** Python `str` semantics that the reference harnesses rely on and JavaScript does not share. */

function stripWhere(s: string, strips: (code: number) => boolean): string {
  let start = 0;
  let end = s.length;
  while (start < end && strips(s.charCodeAt(start))) start++;
  while (end > start && strips(s.charCodeAt(end - 1))) end--;
  return start === 0 && end === s.length ? s : s.slice(start, end);
}

/** Python's `s.strip()` with no argument: Python's whitespace, not JavaScript's `trim()` set. */
export function pyStrip(s: string): string {
  return stripWhere(s, isPythonSpace);
}

/** Python's `s.strip(chars)` for BMP characters (the callers pass quotes and backticks). */
export function pyStripChars(s: string, chars: string): string {
  return stripWhere(s, (code) => chars.includes(String.fromCharCode(code)));
}

/** Python's `s.split()` with no argument: runs of whitespace separate, no empty strings. */
export function pySplit(s: string): string[] {
  const out: string[] = [];
  let start = -1;
  for (let i = 0; i < s.length; i++) {
    if (isPythonSpace(s.charCodeAt(i))) {
      if (start >= 0) {
        out.push(s.slice(start, i));
        start = -1;
      }
    } else if (start < 0) start = i;
  }
  if (start >= 0) out.push(s.slice(start));
  return out;
}

/** Python's `len(s)`: code points, not UTF-16 code units. */
export function pyLen(s: string): number {
  let n = s.length;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff) {
      const d = s.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) {
        n--;
        i++;
      }
    }
  }
  return n;
}

/** Python's `s.upper()` and `s.lower()`: the same full case mappings (final sigma included) as JavaScript's; only letters newer than the Python's Unicode tables differ. */
export const pyLower = (s: string): string => s.toLowerCase();
export const pyUpper = (s: string): string => s.toUpperCase();

/** Whether `index` falls between the two halves of a surrogate pair, a position Python strings do not have. */
export function splitsPair(s: string, index: number): boolean {
  const before = s.charCodeAt(index - 1);
  const after = s.charCodeAt(index);
  return before >= 0xd800 && before <= 0xdbff && after >= 0xdc00 && after <= 0xdfff;
}

/**
 * Python's `needle in haystack` for str. Same as `includes` for well-formed text; with lone surrogates (which
 * JSON escapes can produce) a match may not begin or end between the two halves of a pair, since Python
 * strings have no such position.
 */
export function pyIncludes(haystack: string, needle: string): boolean {
  for (let at = haystack.indexOf(needle); at >= 0; at = haystack.indexOf(needle, at + 1)) {
    if (!splitsPair(haystack, at) && !splitsPair(haystack, at + needle.length)) return true;
  }
  return false;
}
