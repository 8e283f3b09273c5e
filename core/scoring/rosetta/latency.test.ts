import { test } from 'node:test';
import assert from 'node:assert/strict';
import { harnessLatencySummary, latencySummary, median, percentile } from './latency';

test('the 95th percentile interpolates linearly at position (n - 1) × 0.95, as numpy does', () => {
  // 20 values 1..20: position 19 × .95 = 18.05, between 19 and 20 -> 19.05
  assert.equal(
    percentile(
      Array.from({ length: 20 }, (_, i) => i + 1),
      95,
    ),
    19.05,
  );
  // [0.8, 0.9, 1.2, 2.5, 3.1]: position 3.8, 2.5 + .8 × .6 = 2.98
  assert.equal(percentile([0.8, 1.2, 2.5, 0.9, 3.1], 95), 2.98);
  // [1, 2, 3, 4]: position 2.85 (2.8499999999999996 in binary): numpy gives 3.8499999999999996, not 3.85
  assert.equal(percentile([4, 1, 3, 2], 95), 3.8499999999999996);
  assert.equal(percentile([2, 3, 4], 95), 3.9);
});

test('percentile ends and edge cases', () => {
  assert.equal(percentile([10], 95), 10);
  assert.equal(percentile([5, 1, 9], 0), 1);
  assert.equal(percentile([5, 1, 9], 100), 9);
  assert.equal(percentile([5, 1, 9], 50), 5);
  assert.throws(() => percentile([], 95), RangeError);
  assert.throws(() => percentile([1], 101), RangeError);
});

test('median is the middle value or the mean of the two middle values', () => {
  assert.equal(median([4, 1, 3, 2]), 2.5);
  assert.equal(median([7, 1, 3]), 3);
});

test('a run summary: mean, median, p95; nulls when no latency was recorded', () => {
  assert.deepEqual(latencySummary([4, 1, 3, 2]), { avg_latency_seconds: 2.5, median_latency_seconds: 2.5, p95_latency_seconds: 3.8499999999999996 });
  assert.deepEqual(latencySummary([]), { avg_latency_seconds: null, median_latency_seconds: null, p95_latency_seconds: null });
  assert.throws(() => latencySummary([1, Number.NaN]), RangeError);
});

test('the harness publisher’s figures: upper-middle median, index-based p95, 3 decimals', () => {
  // sorted [1, 2, 3, 4]: mean 2.5, median sorted[2] = 3, p95 sorted[min(int(3.8), 3)] = 4
  assert.deepEqual(harnessLatencySummary([4, 1, 3, 2]), { avg_latency_seconds: 2.5, median_latency_seconds: 3, p95_latency_seconds: 4 });
  assert.deepEqual(harnessLatencySummary([0.1234, 0.2]), { avg_latency_seconds: 0.162, median_latency_seconds: 0.2, p95_latency_seconds: 0.2 });
  assert.deepEqual(harnessLatencySummary([]), { avg_latency_seconds: null, median_latency_seconds: null, p95_latency_seconds: null });
});
