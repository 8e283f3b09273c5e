import type { Lines, Position, Span, TextRange } from './lineIndex';
import { buildTreap } from './treap';

/**
 * One version of a text, kept as a balanced tree of chunks, with the line breaks of every subtree counted in it.
 *
 * Immutable and persistent: `edit` returns a new model that shares every chunk and node the edit did not reach,
 * in O(log n + edit) time and memory, so the analysis of an earlier version keeps reading its own text while the
 * editor moves on, and no keystroke copies the whole text. Offsets are UTF-16 code units, as JavaScript strings
 * and the core count them; lines end at `\n`, `\r\n` or a lone `\r` (LSP's rule). Offset ↔ position is
 * O(log n): the line breaks of each subtree are summed in its node, and each chunk lists its own line starts.
 *
 * The tree is a treap (a binary search tree by offset that is a heap by a pseudo-random priority, so its depth is
 * O(log n) whatever the edits). A chunk holds at most MAX_CHUNK units; an edit re-chunks only the text between
 * the chunk before it and the chunk after it. No chunk ends with the `\r` of a `\r\n` pair, so each chunk counts
 * its own line breaks.
 *
 * Weighed and not taken: VS Code's own piece tree (`vscode-textbuffer` on npm, MIT, one release). It edits one
 * buffer in place, while the server reads the analysed version's text after the editor has moved on (the
 * incremental pass reads the old items, hover answers from the last analysis), so each version would need a
 * snapshot, which copies its piece list; its positions are 1-based and UTF-16 only. A persistent tree gives every
 * version for the cost of its edit.
 */
export class TextModel implements Lines {
  private flat?: string;
  /** The tree; undefined while a model made from one string with its line starts has not needed it (see `from`). */
  private tree: Node | null | undefined;
  /** The line starts of a model made with them, until its tree is built: positions are read from them meanwhile. */
  private starts?: ArrayLike<number>;

  private constructor(root: Node | null | undefined) {
    this.tree = root;
  }

  /**
   * A model of `text`: its chunks are slices of it (no copy). `lineStarts`, when a caller found them already (the
   * offset just after each line break, in order: see the scanner's `LineStarts`), spares the pass that lists them;
   * the model then answers positions from that list, and builds its tree only when an edit needs it (a full pass
   * that only places its findings, the CLI's, never does).
   */
  static from(text: string, lineStarts?: ArrayLike<number>): TextModel {
    const model = new TextModel(lineStarts ? undefined : build(chunksOf(text)));
    model.flat = text;
    model.starts = lineStarts;
    return model;
  }

  private get root(): Node | null {
    if (this.tree === undefined) {
      this.tree = buildWithStarts(chunksOf(this.flat!), this.starts!);
      this.starts = undefined;
    }
    return this.tree;
  }

  /** Length in UTF-16 code units. */
  get length(): number {
    return this.flat !== undefined ? this.flat.length : (this.root?.length ?? 0);
  }

  /** Lines, as LSP counts them: one more than the line breaks. */
  get lineCount(): number {
    return this.starts !== undefined ? this.starts.length + 1 : (this.root?.breaks ?? 0) + 1;
  }

  /** This text with [start, end) replaced by `text` (offsets clamped to the text); this model is unchanged. */
  edit(start: number, end: number, text: string): TextModel {
    const from = clamp(start, 0, this.length);
    const to = clamp(end, from, this.length);
    if (from === to && text.length === 0) return this;
    const [before, rest] = split(this.root, from);
    const [, after] = split(rest, to - from);
    // The chunk before the edit and the one after it are chunked again with the inserted text, so a `\r\n` pair the
    // edit makes or breaks is seen whole and small pieces around edits are joined to their neighbours.
    const last = lastChunkLength(before);
    const first = firstChunkLength(after);
    const [head, left] = split(before, (before?.length ?? 0) - last);
    const [right, tail] = split(after, first);
    const middle = build(chunksOf(textOf(left) + text + textOf(right)));
    return new TextModel(merge(head, merge(middle, tail)));
  }

  /** The whole text as one string, built on first use and kept (a full pass, JSON.parse, needs one). */
  toString(): string {
    return (this.flat ??= textOf(this.root));
  }

  /** Whether `toString` has been built (or the model was made from one string). */
  get isFlat(): boolean {
    return this.flat !== undefined;
  }

  /** The text of [start, end), read from the chunks it covers: O(log n + length). */
  slice(start: number, end: number = this.length): string {
    const from = clamp(start, 0, this.length);
    const to = clamp(end, from, this.length);
    if (this.flat !== undefined) return this.flat.slice(from, to);
    if (from === to) return '';
    const parts: string[] = [];
    collect(this.root, from, to, parts);
    return parts.join('');
  }

  /** The UTF-16 unit at `offset`, NaN outside the text (as `String.prototype.charCodeAt`). */
  charCodeAt(offset: number): number {
    if (this.flat !== undefined) return this.flat.charCodeAt(offset);
    if (!(offset >= 0 && offset < this.length)) return NaN;
    let node = this.root;
    let k = offset;
    while (node) {
      const leftLength = node.left?.length ?? 0;
      if (k < leftLength) node = node.left;
      else if (k < leftLength + node.chunk.length) return node.chunk.charCodeAt(k - leftLength);
      else {
        k -= leftLength + node.chunk.length;
        node = node.right;
      }
    }
    return NaN;
  }

  /** The offset where `line` starts; the text's length past the last line. */
  lineStart(line: number): number {
    if (line <= 0) return 0;
    if (line >= this.lineCount) return this.length;
    if (this.starts !== undefined) return this.starts[line - 1];
    let node = this.root;
    let remaining = line;
    let base = 0;
    while (node) {
      const leftBreaks = node.left?.breaks ?? 0;
      if (remaining <= leftBreaks) {
        node = node.left;
        continue;
      }
      remaining -= leftBreaks;
      base += node.left?.length ?? 0;
      const starts = node.lineStarts;
      if (remaining <= starts.length) return base + starts[remaining - 1];
      remaining -= starts.length;
      base += node.chunk.length;
      node = node.right;
    }
    return this.length;
  }

  /** The offset where `line`'s text ends, before its line break. */
  lineEnd(line: number): number {
    if (line + 1 >= this.lineCount) return this.length;
    const next = this.lineStart(line + 1);
    return this.charCodeAt(next - 1) === 10 && this.charCodeAt(next - 2) === 13 ? next - 2 : next - 1;
  }

  /** The line that holds `offset` (an offset between `\r` and `\n` belongs to the line they end). */
  lineAt(offset: number): number {
    let k = clamp(offset, 0, this.length);
    if (this.starts !== undefined) return upperBound(this.starts, k);
    let node = this.root;
    let line = 0;
    while (node) {
      const leftLength = node.left?.length ?? 0;
      if (k < leftLength) {
        node = node.left;
        continue;
      }
      line += node.left?.breaks ?? 0;
      k -= leftLength;
      if (k <= node.chunk.length) return line + upperBound(node.lineStarts, k);
      line += node.lineStarts.length;
      k -= node.chunk.length;
      node = node.right;
    }
    return line;
  }

  /** Zero-based line and UTF-16 character of an offset (clamped to the text). */
  positionAt(offset: number): Position {
    const clamped = clamp(offset, 0, this.length);
    const line = this.lineAt(clamped);
    return { line, character: clamped - this.lineStart(line) };
  }

  /** The offset of a position; a character past the line's end stops at the next line's start, a line past the last at the end. */
  offsetAt(position: Position): number {
    if (position.line >= this.lineCount) return this.length;
    if (position.line < 0) return 0;
    const start = this.lineStart(position.line);
    const next = position.line + 1 < this.lineCount ? this.lineStart(position.line + 1) : this.length;
    return Math.min(start + Math.max(0, position.character), next);
  }

  rangeOf(span: Span): TextRange {
    return { start: this.positionAt(span.start), end: this.positionAt(span.end) };
  }

  /** The text of `line` without its line break. */
  lineText(line: number): string {
    return this.slice(this.lineStart(line), this.lineEnd(line));
  }
}

/** Chunks hold at most this many UTF-16 units: an edit re-reads about two of them. */
export const MAX_CHUNK = 1024;

class Node {
  readonly length: number;
  readonly breaks: number;
  /** Offsets in the chunk just after each of its line breaks, found when the chunk is made (it never changes). */
  readonly lineStarts: Int32Array;

  constructor(
    readonly chunk: string,
    readonly priority: number,
    readonly left: Node | null,
    readonly right: Node | null,
    lineStarts?: Int32Array,
  ) {
    this.lineStarts = lineStarts ?? lineStartsOf(chunk);
    this.length = (left?.length ?? 0) + chunk.length + (right?.length ?? 0);
    this.breaks = (left?.breaks ?? 0) + this.lineStarts.length + (right?.breaks ?? 0);
  }

  /** The same chunk under other children: its line starts are shared. */
  with(left: Node | null, right: Node | null): Node {
    return new Node(this.chunk, this.priority, left, right, this.lineStarts);
  }
}

const EMPTY_STARTS = new Int32Array(0);

function lineStartsOf(chunk: string): Int32Array {
  if (chunk.indexOf('\r') < 0) {
    // The common case: indexOf runs natively, several times faster than a loop over every unit.
    let count = 0;
    for (let i = chunk.indexOf('\n'); i >= 0; i = chunk.indexOf('\n', i + 1)) count++;
    if (count === 0) return EMPTY_STARTS;
    const starts = new Int32Array(count);
    let n = 0;
    for (let i = chunk.indexOf('\n'); i >= 0; i = chunk.indexOf('\n', i + 1)) starts[n++] = i + 1;
    return starts;
  }
  let count = 0;
  for (let i = 0; i < chunk.length; i++) {
    const c = chunk.charCodeAt(i);
    if (c === 10 || (c === 13 && chunk.charCodeAt(i + 1) !== 10)) count++;
  }
  if (count === 0) return EMPTY_STARTS;
  const starts = new Int32Array(count);
  let n = 0;
  for (let i = 0; i < chunk.length; i++) {
    const c = chunk.charCodeAt(i);
    if (c === 10 || (c === 13 && chunk.charCodeAt(i + 1) !== 10)) starts[n++] = i + 1;
  }
  return starts;
}

/** How many of the sorted `values` are <= `k` (a node's line starts, or a model's list of them). */
function upperBound(values: ArrayLike<number>, k: number): number {
  let lo = 0;
  let hi = values.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (values[mid] <= k) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

function clamp(x: number, lo: number, hi: number): number {
  return x < lo ? lo : x > hi ? hi : x;
}

/** `text` cut into pieces of at most MAX_CHUNK units of about equal length, never between `\r` and `\n`. */
function chunksOf(text: string): string[] {
  if (text.length === 0) return [];
  if (text.length <= MAX_CHUNK) return [text];
  const count = Math.ceil(text.length / (MAX_CHUNK - 1));
  const size = Math.ceil(text.length / count);
  const chunks: string[] = [];
  let start = 0;
  while (start < text.length) {
    let end = Math.min(start + size, text.length);
    if (end < text.length && text.charCodeAt(end - 1) === 13 && text.charCodeAt(end) === 10) end++;
    chunks.push(text.slice(start, end));
    start = end;
  }
  return chunks;
}

/** A treap of `chunks` in order, built in linear time. */
function build(chunks: readonly string[]): Node | null {
  return buildTreap<Node>(chunks.length, (i, priority, left, right) => new Node(chunks[i], priority, left, right));
}

/** `build` given the line starts of the whole text: each chunk takes its own (offsets after a break inside it). */
function buildWithStarts(chunks: readonly string[], starts: ArrayLike<number>): Node | null {
  const own: Int32Array[] = [];
  let offset = 0;
  let k = 0;
  for (const chunk of chunks) {
    const end = offset + chunk.length;
    let j = k;
    while (j < starts.length && starts[j] <= end) j++;
    const local = j === k ? EMPTY_STARTS : new Int32Array(j - k);
    for (let m = k; m < j; m++) local[m - k] = starts[m] - offset;
    own.push(local);
    k = j;
    offset = end;
  }
  return buildTreap<Node>(chunks.length, (i, priority, left, right) => new Node(chunks[i], priority, left, right, own[i]));
}

/** The first `k` units and the rest; a chunk cut in two keeps its priority in both halves. */
function split(node: Node | null, k: number): [Node | null, Node | null] {
  if (!node) return [null, null];
  if (k <= 0) return [null, node];
  if (k >= node.length) return [node, null];
  const leftLength = node.left?.length ?? 0;
  if (k <= leftLength) {
    const [a, b] = split(node.left, k);
    return [a, node.with(b, node.right)];
  }
  const inChunk = k - leftLength;
  if (inChunk >= node.chunk.length) {
    const [a, b] = split(node.right, inChunk - node.chunk.length);
    return [node.with(node.left, a), b];
  }
  return [new Node(node.chunk.slice(0, inChunk), node.priority, node.left, null), new Node(node.chunk.slice(inChunk), node.priority, null, node.right)];
}

function merge(a: Node | null, b: Node | null): Node | null {
  if (!a) return b;
  if (!b) return a;
  if (a.priority >= b.priority) return a.with(a.left, merge(a.right, b));
  return b.with(merge(a, b.left), b.right);
}

function lastChunkLength(node: Node | null): number {
  let n = node;
  while (n?.right) n = n.right;
  return n?.chunk.length ?? 0;
}

function firstChunkLength(node: Node | null): number {
  let n = node;
  while (n?.left) n = n.left;
  return n?.chunk.length ?? 0;
}

/** The chunks in order, joined (iteratively: a deep tree never overflows the stack). */
function textOf(node: Node | null): string {
  if (!node) return '';
  const parts: string[] = [];
  const stack: Node[] = [];
  let n: Node | null = node;
  while (n || stack.length > 0) {
    while (n) {
      stack.push(n);
      n = n.left;
    }
    const top = stack.pop()!;
    parts.push(top.chunk);
    n = top.right;
  }
  return parts.join('');
}

/** The parts of [from, to) of the subtree, in order, into `out`. */
function collect(node: Node | null, from: number, to: number, out: string[]): void {
  if (!node || to <= 0 || from >= node.length) return;
  const leftLength = node.left?.length ?? 0;
  if (from < leftLength) collect(node.left, from, to, out);
  const chunkStart = leftLength;
  const chunkEnd = leftLength + node.chunk.length;
  if (from < chunkEnd && to > chunkStart) out.push(node.chunk.slice(Math.max(0, from - chunkStart), Math.min(node.chunk.length, to - chunkStart)));
  if (to > chunkEnd) collect(node.right, from - chunkEnd, to - chunkEnd, out);
}
