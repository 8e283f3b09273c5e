import { test } from 'node:test';
import assert from 'node:assert/strict';
import { rng } from '../../bench/generate';
import type { Span } from '../text/lineIndex';
import { firstEndingAfter, firstStartingAfter, itemIndexAt, SpanTree } from './spanTree';

/** Spans in order with gaps, as an array's items lie in its text. */
function randomSpans(random: () => number, count: number, from: number): Span[] {
  const spans: Span[] = [];
  let at = from;
  for (let i = 0; i < count; i++) {
    at += 1 + Math.floor(random() * 5);
    const end = at + 1 + Math.floor(random() * 20);
    spans.push({ start: at, end });
    at = end;
  }
  return spans;
}

test('a span tree answers like the array of spans through random replacements, and keeps its earlier versions', () => {
  const random = rng(21);
  const base = 7;
  let spans = randomSpans(random, 300, base);
  let tree = SpanTree.from(spans, base);
  for (let step = 0; step < 500; step++) {
    // Items first..last replaced by others of another length: the items after them move by the difference.
    const first = Math.floor(random() * spans.length);
    const last = Math.min(spans.length - 1, first + Math.floor(random() * 3));
    const from = spans[first].start;
    const replaced = randomSpans(random, 1 + Math.floor(random() * 3), from - 1);
    replaced[0] = { start: from, end: replaced[0].end };
    const delta = replaced[replaced.length - 1].end - spans[last].end;
    const before = tree;
    const beforeSpans = spans;
    spans = [...spans.slice(0, first), ...replaced, ...spans.slice(last + 1).map((s) => ({ start: s.start + delta, end: s.end + delta }))];
    tree = tree.replace(first, last, replaced);
    assert.equal(tree.length, spans.length);
    for (let k = 0; k < 10; k++) {
      const i = Math.floor(random() * spans.length);
      assert.deepEqual(tree.at(i), spans[i], `step ${step}, item ${i}`);
      const offset = Math.floor(random() * (spans[spans.length - 1].end + 3));
      const array = { items: spans };
      const treed = { items: [], tree };
      assert.equal(firstEndingAfter(treed, offset), firstEndingAfter(array, offset), `step ${step}, offset ${offset}`);
      assert.equal(firstStartingAfter(treed, offset), firstStartingAfter(array, offset), `step ${step}, offset ${offset}`);
      assert.equal(itemIndexAt(treed, offset), itemIndexAt(array, offset), `step ${step}, offset ${offset}`);
    }
    if (step % 50 === 0) {
      assert.deepEqual(tree.toArray(), spans);
      assert.deepEqual(before.toArray(), beforeSpans, 'the earlier version is unchanged');
    }
  }
});
