import { isPythonSpace } from './whitespace';

/** Python `str` semantics that the reference harnesses rely on and JavaScript does not share. */

// A lone surrogate: Python refuses to UTF-8-encode it, where JavaScript's encoders silently write U+FFFD.
export const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Whether Python can encode `s` (no lone surrogate): String.prototype.isWellFormed (ES2024) where it exists. */
export function isWellFormed(s: string): boolean {
  const native = (s as { isWellFormed?: () => boolean }).isWellFormed;
  return native ? (native.call(s) as boolean) : !LONE_SURROGATE.test(s);
}

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

/**
 * `needles.map((n) => pyIncludes(haystack, n))` for any haystack, in time linear in the haystack (plus the matches
 * found) once built, and built in time linear in the needles: an Aho-Corasick automaton over UTF-16 units instead
 * of one search per needle. The harness scores `keywords` with one `in` per keyword, and a test with tens of
 * thousands of keywords made that quadratic when the response is as long as the keyword list (the audit's
 * bare-keywords baseline).
 */
export class PyNeedles {
  /** Edges in one map keyed by node * 2^16 + unit. */
  private readonly edges = new Map<number, number>();
  private readonly depth: number[] = [0];
  /** The needles that end at each node (most nodes: none). */
  private readonly ends: (number[] | undefined)[] = [undefined];
  private readonly fail: Int32Array;
  /** The nearest node on the failure chain where some needle ends, or -1. */
  private readonly output: Int32Array;

  /** How many needles are not empty. */
  private readonly searched: number;
  /** The call of `forEachIn` each needle was last reported in: no per-call array as long as the needles. */
  private readonly reported: Int32Array;
  private calls = 0;

  constructor(private readonly needles: readonly string[]) {
    this.searched = needles.reduce((n, needle) => n + (needle.length > 0 ? 1 : 0), 0);
    this.reported = new Int32Array(needles.length);
    const parent: number[] = [0];
    const unitOf: number[] = [0];
    needles.forEach((needle, index) => {
      if (needle.length === 0) return;
      let node = 0;
      for (let i = 0; i < needle.length; i++) {
        const unit = needle.charCodeAt(i);
        const key = node * 0x10000 + unit;
        let next = this.edges.get(key);
        if (next === undefined) {
          next = this.depth.length;
          this.depth.push(i + 1);
          this.ends.push(undefined);
          parent.push(node);
          unitOf.push(unit);
          this.edges.set(key, next);
        }
        node = next;
      }
      (this.ends[node] ??= []).push(index);
    });
    const count = this.depth.length;
    this.fail = new Int32Array(count);
    this.output = new Int32Array(count).fill(-1);
    // Nodes by depth (a counting sort): a node's failure link needs those of shallower nodes only.
    const byDepth = new Int32Array(count);
    let deepest = 0;
    for (const d of this.depth) if (d > deepest) deepest = d;
    const starts = new Int32Array(deepest + 2);
    for (const d of this.depth) starts[d + 1]++;
    for (let d = 1; d < starts.length; d++) starts[d] += starts[d - 1];
    for (let node = 0; node < count; node++) byDepth[starts[this.depth[node]]++] = node;
    for (const node of byDepth) {
      if (this.depth[node] <= 1) continue;
      const f = this.step(this.fail[parent[node]], unitOf[node]);
      this.fail[node] = f;
      this.output[node] = this.ends[f] ? f : this.output[f];
    }
  }

  private step(node: number, unit: number): number {
    for (;;) {
      const next = this.edges.get(node * 0x10000 + unit);
      if (next !== undefined) return next;
      if (node === 0) return 0;
      node = this.fail[node];
    }
  }

  /** For each needle, whether `haystack` contains it as Python's `in` says (`pyIncludes`). */
  includedIn(haystack: string): boolean[] {
    const found = this.needles.map((n) => n.length === 0);
    this.forEachIn(haystack, (index) => {
      found[index] = true;
    });
    return found;
  }

  /**
   * Calls `visit` once for each non-empty needle `haystack` contains (`pyIncludes`), in the order their first
   * occurrences end; `visit` returning true stops the search.
   */
  forEachIn(haystack: string, visit: (index: number) => boolean | void): void {
    const call = ++this.calls;
    let remaining = this.searched;
    let node = 0;
    for (let i = 0; i < haystack.length && remaining > 0; i++) {
      node = this.step(node, haystack.charCodeAt(i));
      for (let at = this.ends[node] ? node : this.output[node]; at > 0; at = this.output[at]) {
        if (splitsPair(haystack, i + 1 - this.depth[at]) || splitsPair(haystack, i + 1)) continue;
        for (const index of this.ends[at]!) {
          if (this.reported[index] === call) continue;
          this.reported[index] = call;
          remaining--;
          if (visit(index) === true) return;
        }
      }
    }
  }
}
