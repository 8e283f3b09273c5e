/**
 * What the text model's chunks (`textModel.ts`) and an array's item spans (`document/spanTree.ts`) share: both are
 * persistent treaps (binary trees in text order that are heaps by a pseudo-random priority, so their depth is
 * O(log n) whatever the edits), built here in linear time.
 */

/** Treap priorities: a fixed sequence of well-mixed 32-bit numbers (mulberry32), so a tree's shape is reproducible. */
let prioritySeed = 0x2545f491;
function treapPriority(): number {
  prioritySeed = (prioritySeed + 0x6d2b79f5) | 0;
  let t = prioritySeed;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return (t ^ (t >>> 14)) >>> 0;
}

/**
 * A treap over `count` items in order, with fresh priorities (a Cartesian tree, made with one stack): `make` makes
 * item `index`'s node once its children are made (nodes are immutable). Null for no items.
 */
export function buildTreap<T>(count: number, make: (index: number, priority: number, left: T | null, right: T | null) => T): T | null {
  if (count === 0) return null;
  const priorities = new Uint32Array(count);
  for (let i = 0; i < count; i++) priorities[i] = treapPriority();
  const left = new Int32Array(count).fill(-1);
  const right = new Int32Array(count).fill(-1);
  const stack: number[] = [];
  for (let i = 0; i < count; i++) {
    let last = -1;
    while (stack.length > 0 && priorities[stack[stack.length - 1]] < priorities[i]) last = stack.pop()!;
    left[i] = last;
    if (stack.length > 0) right[stack[stack.length - 1]] = i;
    stack.push(i);
  }
  // Parents before children in `order`, so walking it backwards makes every child before its parent (no recursion).
  const order: number[] = [];
  const visit = [stack[0]];
  while (visit.length > 0) {
    const i = visit.pop()!;
    order.push(i);
    if (left[i] >= 0) visit.push(left[i]);
    if (right[i] >= 0) visit.push(right[i]);
  }
  const made: (T | null)[] = new Array<T | null>(count).fill(null);
  for (let j = order.length - 1; j >= 0; j--) {
    const i = order[j];
    made[i] = make(i, priorities[i], left[i] >= 0 ? made[left[i]] : null, right[i] >= 0 ? made[right[i]] : null);
  }
  return made[stack[0]];
}
