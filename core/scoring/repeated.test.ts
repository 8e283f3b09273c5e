import { test } from 'node:test';
import assert from 'node:assert/strict';
import { aggregateRunWise, chanceBaseline, normalisedRuns, normalisedScore, repeatStats } from './repeated';

test('mean and standard error over k runs (sample deviation, k - 1)', () => {
  // mean 5; squared deviations 9+1+1+1+0+0+4+16 = 32; variance 32/7; SE = √(32/7) / √8 = √(4/7) = 0.7559…
  const r = repeatStats([2, 4, 4, 4, 5, 5, 7, 9]);
  assert.equal(r.runs, 8);
  assert.equal(r.mean, 5);
  assert.ok(Math.abs(r.standardError! - Math.sqrt(4 / 7)) < 1e-15);
  assert.ok(Math.abs(r.standardError! - 0.7559289460184544) < 1e-15);
});

test('a single run has no standard error; identical runs have zero', () => {
  assert.deepEqual(repeatStats([0.42]), { runs: 1, mean: 0.42, standardError: null });
  assert.equal(repeatStats([0.5, 0.5, 0.5]).standardError, 0);
  assert.throws(() => repeatStats([]), RangeError);
  assert.throws(() => repeatStats([0.5, Number.NaN]), RangeError);
});

test('chance baselines: 1/n options for multiple choice, 0 for generative', () => {
  assert.equal(chanceBaseline({ kind: 'multiple_choice', options: 4 }), 0.25);
  assert.equal(chanceBaseline({ kind: 'generative' }), 0);
  assert.throws(() => chanceBaseline({ kind: 'multiple_choice', options: 1 }), RangeError);
  assert.throws(() => chanceBaseline({ kind: 'multiple_choice', options: 2.5 }), RangeError);
});

test('normalised score: (s - b) / (m - b) × 100, never below 0', () => {
  assert.equal(normalisedScore(0.625, 0.25), 50); // .375 / .75
  assert.equal(normalisedScore(0.25, 0.25), 0); // chance
  assert.equal(normalisedScore(0.2, 0.25), 0); // below chance clamps
  assert.equal(normalisedScore(1, 0.25), 100);
  assert.equal(normalisedScore(0.8, 0), 80); // generative
  assert.equal(normalisedScore(3, 0, 5), 60); // a 0–5 metric
  assert.throws(() => normalisedScore(0.5, 1, 1), RangeError);
});

test('runs are normalised one by one before their mean and standard error', () => {
  // 4 options: .25 -> 0, .625 -> 50, 1 -> 100; mean 50, SE = 50 / √3
  const r = normalisedRuns([0.25, 0.625, 1], { kind: 'multiple_choice', options: 4 });
  assert.equal(r.mean, 50);
  assert.ok(Math.abs(r.standardError! - 50 / Math.sqrt(3)) < 1e-12);
  // Clamping per run: .1 -> 0 (not -20), .7 -> 60; mean 30
  assert.equal(normalisedRuns([0.1, 0.7], { kind: 'multiple_choice', options: 4 }).mean, 30);
});

test('a competency is the per-run mean of its tasks, then mean and standard error over runs', () => {
  // Run means: (60 + 40) / 2 = 50, (70 + 50) / 2 = 60; mean 55; SE = sd(50, 60) / √2 = 7.0711 / 1.4142 = 5
  const r = aggregateRunWise([
    [60, 70],
    [40, 50],
  ]);
  assert.equal(r.mean, 55);
  assert.ok(Math.abs(r.standardError! - 5) < 1e-12);
  assert.throws(() => aggregateRunWise([[1, 2], [3]]), /member 1 has 1 runs/);
});
