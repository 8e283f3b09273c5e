/**
 * Python `str` semantics that the reference harnesses rely on and JavaScript does not share.
 * Python's whitespace (str.isspace) is U+0009-000D, U+001C-001F, U+0020, U+0085, U+00A0, U+1680,
 * U+2000-200A, U+2028, U+2029, U+202F, U+205F, U+3000. JavaScript's `\s` adds U+FEFF and lacks
 * U+001C-001F and U+0085.
 */
export function isPythonSpace(code: number): boolean {
  if (code <= 0x20) return code === 0x20 || (code >= 0x09 && code <= 0x0d) || (code >= 0x1c && code <= 0x1f);
  if (code < 0x85) return false;
  return (
    code === 0x85 || code === 0xa0 || code === 0x1680 || (code >= 0x2000 && code <= 0x200a) ||
    code === 0x2028 || code === 0x2029 || code === 0x202f || code === 0x205f || code === 0x3000
  );
}

/** Python's `s.strip()` with no argument. */
export function pyStrip(s: string): string {
  let start = 0;
  let end = s.length;
  while (start < end && isPythonSpace(s.charCodeAt(start))) start++;
  while (end > start && isPythonSpace(s.charCodeAt(end - 1))) end--;
  return start === 0 && end === s.length ? s : s.slice(start, end);
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

/** Python's `s.upper()` and `s.lower()` agree with JavaScript's full case mappings for the text we score. */
export const pyLower = (s: string): string => s.toLowerCase();
export const pyUpper = (s: string): string => s.toUpperCase();

function splitsPair(s: string, index: number): boolean {
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
