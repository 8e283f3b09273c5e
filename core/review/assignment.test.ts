import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { assignedItems, assignmentProblems, orderSeed, sampleHash, seededOrder, teamReviewFileName } from './assignment';
import { propertyRuns } from '../../test/helpers/property';

test('every drawn item goes to exactly `overlap` reviewers and the loads differ by at most one', () => {
  fc.assert(
    fc.property(fc.integer({ min: 0, max: 60 }), fc.integer({ min: 1, max: 7 }), fc.integer({ min: 1, max: 7 }), (n, count, k) => {
      const overlap = Math.min(k, count);
      const reviewers = Array.from({ length: count }, (_, i) => `r${i}`);
      const drawn = Array.from({ length: n }, (_, i) => i);
      const shares = reviewers.map((r) => assignedItems(drawn, reviewers, overlap, r));
      for (const item of drawn) assert.equal(shares.filter((s) => s.includes(item)).length, overlap);
      const loads = shares.map((s) => s.length);
      assert.ok(Math.max(...loads) - Math.min(...loads) <= 1, loads.join(','));
    }),
    propertyRuns(200),
  );
  assert.deepEqual(assignedItems([1, 2, 3], ['a', 'b'], 1, 'nobody'), []);
});

test("a reviewer's order is seeded by the sample's seed and their name: stable, and a permutation of their share", () => {
  const items = Array.from({ length: 20 }, (_, i) => `e${i}`);
  const ama = seededOrder(items, orderSeed(5, 'ama'));
  assert.deepEqual(seededOrder(items, orderSeed(5, 'ama')), ama);
  assert.deepEqual([...ama].sort(), [...items].sort());
  assert.notDeepEqual(seededOrder(items, orderSeed(5, 'kofi')), ama);
  assert.notDeepEqual(seededOrder(items, orderSeed(6, 'ama')), ama);
  assert.ok(Number.isSafeInteger(orderSeed(5, 'ama')));
});

test('the sample hash changes with the ids, their order, the seed and the size', () => {
  const h = sampleHash(['a', 1], 3, 2);
  assert.match(h, /^[0-9a-f]{64}$/);
  for (const other of [sampleHash(['a', 2], 3, 2), sampleHash([1, 'a'], 3, 2), sampleHash(['a', 1], 4, 2), sampleHash(['a', 1], 3, 5)])
    assert.notEqual(other, h);
});

test('reviewer lists are refused when a name cannot name a file, repeats, or the overlap is out of range', () => {
  assert.deepEqual(assignmentProblems(['ama', 'kofi'], 2), []);
  assert.deepEqual(assignmentProblems(['Àmá-1', 'yao_2'], 1), []);
  assert.deepEqual(assignmentProblems(['ama', '../x', ''], 1), [
    { kind: 'name', name: '../x' },
    { kind: 'name', name: '' },
  ]);
  assert.deepEqual(assignmentProblems(['ama', 'AMA'], 1), [{ kind: 'repeated', name: 'AMA' }]);
  assert.deepEqual(assignmentProblems(['ama'], 2), [{ kind: 'overlap', overlap: 2, reviewers: 1 }]);
  assert.deepEqual(assignmentProblems([], 1), [
    { kind: 'count', count: 0 },
    { kind: 'overlap', overlap: 1, reviewers: 0 },
  ]);
  assert.equal(teamReviewFileName('run.json', 'ama'), 'run.review.ama.json');
});
