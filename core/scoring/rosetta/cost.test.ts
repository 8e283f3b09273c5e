import { test } from 'node:test';
import assert from 'node:assert/strict';
import { costAdjustedScore } from './cost';

test('the composite is divided by log2(1 + cost per entry × 1000)', () => {
  assert.equal(costAdjustedScore(0.6, 0.001), 0.6); // log2(2) = 1
  assert.equal(costAdjustedScore(0.6, 0.003), 0.3); // log2(4) = 2
  assert.equal(costAdjustedScore(0.8, 0.007), 0.2667); // 0.8 / log2(8) = 0.2666…
  assert.equal(costAdjustedScore(0.6, 0.0005), 1.0257); // 0.6 / log2(1.5) = 0.6 / 0.58496… = 1.02570…
});

test('a run that cost nothing (or less) keeps its composite', () => {
  assert.equal(costAdjustedScore(0.6123, 0), 0.6123);
  assert.equal(costAdjustedScore(0.6123, -0.002), 0.6123);
});

test('either input missing gives null; a non-finite one is an error', () => {
  assert.equal(costAdjustedScore(null, 0.1), null);
  assert.equal(costAdjustedScore(0.5, null), null);
  assert.throws(() => costAdjustedScore(0.5, Number.POSITIVE_INFINITY), RangeError);
});
