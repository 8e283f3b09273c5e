import { buildTreap } from '../text/treap';
import type { Span } from '../text/lineIndex';

/**
 * The spans of an array's items (a corpus's entries, a tests file's tests), kept so that an edit inside one item
 * costs O(log n): a persistent treap by index where each item holds its length and the gap before it (from the
 * previous item's end, or from `base` for the first), and each subtree the sum of both. An edit that stays
 * inside the items replaces some of them and leaves every gap outside them as it was, so the spans after it
 * move without being touched; the previous version keeps its own tree.
 */
export class SpanTree {
  private constructor(
    private readonly root: SpanNode | null,
    /** Where gaps are counted from: the array's opening bracket (an edit inside the items never moves it). */
    private readonly base: number,
  ) {}

  static from(spans: readonly Span[], base: number): SpanTree {
    return new SpanTree(build(spans, base), base);
  }

  get length(): number {
    return this.root?.count ?? 0;
  }

  /** The span of item `index` (0 ≤ index < length). */
  at(index: number): Span {
    let node = this.root;
    let offset = this.base;
    let i = index;
    while (node) {
      const leftCount = node.left?.count ?? 0;
      if (i < leftCount) {
        node = node.left;
        continue;
      }
      offset += node.left?.total ?? 0;
      if (i === leftCount) return { start: offset + node.gap, end: offset + node.gap + node.size };
      offset += node.gap + node.size;
      i -= leftCount + 1;
      node = node.right;
    }
    throw new RangeError(`no item ${index} of ${this.length}`);
  }

  /** The index of the first item that ends after `offset` (length when none does). */
  firstEndingAfter(offset: number): number {
    return this.search((start, end) => end > offset);
  }

  /** The index of the first item that starts after `offset` (length when none does). */
  firstStartingAfter(offset: number): number {
    return this.search((start) => start > offset);
  }

  /** Items `first` to `last` replaced by `spans` (in the new text's offsets; the gap before the first is kept). */
  replace(first: number, last: number, spans: readonly Span[]): SpanTree {
    const [before, rest] = split(this.root, first);
    const [, after] = split(rest, last - first + 1);
    const start = this.base + (before?.total ?? 0);
    return new SpanTree(merge(before, merge(build(spans, start), after)), this.base);
  }

  /** Every span, in order (O(n): for whole-array readers, never on a keystroke's path). */
  toArray(): Span[] {
    const out: Span[] = [];
    const stack: SpanNode[] = [];
    let node = this.root;
    let offset = this.base;
    while (node || stack.length > 0) {
      while (node) {
        stack.push(node);
        node = node.left;
      }
      const top = stack.pop()!;
      out.push({ start: offset + top.gap, end: offset + top.gap + top.size });
      offset += top.gap + top.size;
      node = top.right;
    }
    return out;
  }

  /** The first index whose span satisfies `past`, which is false then true along the items (a binary search). */
  private search(past: (start: number, end: number) => boolean): number {
    let node = this.root;
    let offset = this.base;
    let index = 0;
    let found = this.length;
    while (node) {
      const leftTotal = node.left?.total ?? 0;
      const leftCount = node.left?.count ?? 0;
      const start = offset + leftTotal + node.gap;
      if (past(start, start + node.size)) {
        found = index + leftCount;
        node = node.left;
      } else {
        offset = start + node.size;
        index += leftCount + 1;
        node = node.right;
      }
    }
    return found;
  }
}

class SpanNode {
  readonly count: number;
  readonly total: number;

  constructor(
    readonly gap: number,
    readonly size: number,
    readonly priority: number,
    readonly left: SpanNode | null,
    readonly right: SpanNode | null,
  ) {
    this.count = (left?.count ?? 0) + 1 + (right?.count ?? 0);
    this.total = (left?.total ?? 0) + gap + size + (right?.total ?? 0);
  }

  with(left: SpanNode | null, right: SpanNode | null): SpanNode {
    return new SpanNode(this.gap, this.size, this.priority, left, right);
  }
}

/** A treap of `spans` in order (built in linear time), gaps counted from `start`. */
function build(spans: readonly Span[], start: number): SpanNode | null {
  return buildTreap<SpanNode>(spans.length, (i, priority, left, right) => {
    const gap = spans[i].start - (i === 0 ? start : spans[i - 1].end);
    return new SpanNode(gap, spans[i].end - spans[i].start, priority, left, right);
  });
}

/** The first `k` items and the rest. */
function split(node: SpanNode | null, k: number): [SpanNode | null, SpanNode | null] {
  if (!node) return [null, null];
  if (k <= 0) return [null, node];
  if (k >= node.count) return [node, null];
  const leftCount = node.left?.count ?? 0;
  if (k <= leftCount) {
    const [a, b] = split(node.left, k);
    return [a, node.with(b, node.right)];
  }
  const [a, b] = split(node.right, k - leftCount - 1);
  return [node.with(node.left, a), b];
}

function merge(a: SpanNode | null, b: SpanNode | null): SpanNode | null {
  if (!a) return b;
  if (!b) return a;
  if (a.priority >= b.priority) return a.with(a.left, merge(a.right, b));
  return b.with(merge(a, b.left), b.right);
}

/** An array's children as the readers below take them: the spans as an array, and the tree when there is one. */
export interface ArrayItems {
  readonly items: readonly Span[];
  readonly tree?: SpanTree;
}

/** An array container whose items live in `tree`; `items` is built from it only when a whole-array reader asks. */
export function treeArray(span: Span, tree: SpanTree): { kind: 'array'; span: Span; items: readonly Span[]; tree: SpanTree } {
  let items: readonly Span[] | undefined;
  return {
    kind: 'array',
    span,
    tree,
    get items() {
      return (items ??= tree.toArray());
    },
  };
}

export function itemCount(c: ArrayItems): number {
  return c.tree ? c.tree.length : c.items.length;
}

export function itemAt(c: ArrayItems, index: number): Span {
  return c.tree ? c.tree.at(index) : c.items[index];
}

/** The index of the first item that ends after `offset` (the count when none does), in O(log n). */
export function firstEndingAfter(c: ArrayItems, offset: number): number {
  if (c.tree) return c.tree.firstEndingAfter(offset);
  return lowerBound(c.items, (s) => s.end > offset);
}

/** The index of the first item that starts after `offset` (the count when none does), in O(log n). */
export function firstStartingAfter(c: ArrayItems, offset: number): number {
  if (c.tree) return c.tree.firstStartingAfter(offset);
  return lowerBound(c.items, (s) => s.start > offset);
}

/** The index of the item whose span strictly contains `offset`, or -1. */
export function itemIndexAt(c: ArrayItems, offset: number): number {
  const i = firstEndingAfter(c, offset);
  return i < itemCount(c) && itemAt(c, i).start < offset ? i : -1;
}

function lowerBound(items: readonly Span[], past: (s: Span) => boolean): number {
  let lo = 0;
  let hi = items.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (past(items[mid])) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}
