import { test } from 'node:test';
import assert from 'node:assert/strict';
import { compositeScore, costAdjustedScore, PROFILE_A, PROFILE_B, qualityTier } from './composite';
import { exactMatchNormalised, latencyStats, percentile, runScores } from './metrics';

test('both weight tables sum to 1', () => {
  for (const table of [PROFILE_A, PROFILE_B]) assert.equal(Math.round(Object.values(table).reduce((a, b) => a + (b ?? 0), 0) * 1e9) / 1e9, 1);
});

test('profile B renormalises over the available metrics, with chrF++/100 and inverted rates', () => {
  // chrF++ 60 -> 0.6 (w .25), exact .2 (w .1), hallucination .1 -> .9 (w .05); others missing
  const r = compositeScore({ chrf_plus_plus: 60, exact_match_rate: 0.2, hallucination_rate: 0.1, semantic_score: null });
  assert.equal(r.profile, 'B');
  assert.equal(r.composite, Math.round(((0.25 * 0.6 + 0.1 * 0.2 + 0.05 * 0.9) / 0.4) * 1e4) / 1e4);
  assert.equal(r.composite, 0.5375);
});

test('profile A applies when an FST acceptance rate exists; nothing available gives null', () => {
  assert.equal(compositeScore({ fst_acceptance_rate: 0.8, chrf_plus_plus: 50 }).profile, 'A');
  assert.equal(compositeScore({ fst_acceptance_rate: 0.8, chrf_plus_plus: 50 }).composite, 0.6875); // (.25*.8 + .15*.5) / .4
  assert.equal(compositeScore({}).composite, null);
});

test('tiers are checked from the top at their exact thresholds', () => {
  assert.deepEqual([0.85, 0.8499, 0.7, 0.5, 0.3, 0.2999, 0, null].map(qualityTier), ['fluent', 'deployable', 'deployable', 'functional', 'emerging', 'baseline', 'baseline', 'unscored']);
});

test('cost-adjusted score divides by log2(1 + cost per entry × 1000)', () => {
  assert.equal(costAdjustedScore(0.6, 0.001), 0.6); // log2(2) = 1
  assert.equal(costAdjustedScore(0.6, 0.003), 0.3); // log2(4) = 2
  assert.equal(costAdjustedScore(0.6, 0), 0.6);
  assert.equal(costAdjustedScore(null, 0.1), null);
  assert.equal(costAdjustedScore(0.5, null), null);
});

test('exact match compares after NFC normalisation', () => {
  assert.equal(exactMatchNormalised('o\u0300', '\u00f2'), true);
  assert.equal(exactMatchNormalised('ɖe', 'ɖe '), false);
});

test('latency: mean, median and linearly interpolated p95', () => {
  assert.equal(percentile([1, 2, 3, 4], 95), 3.85);
  assert.deepEqual(latencyStats([4, 1, 3, 2]), { avg_latency_seconds: 2.5, median_latency_seconds: 2.5, p95_latency_seconds: 3.85 });
  assert.equal(latencyStats([]).p95_latency_seconds, null);
});

test('run scores break down by difficulty and provenance', () => {
  const s = runScores([
    { predicted: 'Ŋdi nyuie.', reference: 'Ŋdi nyuie.', difficulty: 1, provenance: 'textbook', latencySeconds: 1 },
    { predicted: null, reference: 'Akpe.', difficulty: 2, provenance: 'textbook', error: 'timeout', latencySeconds: 3 },
  ]);
  assert.equal(s.exact_matches, 1);
  assert.equal(s.errors, 1);
  assert.deepEqual(Object.keys(s.by_difficulty), ['1', '2']);
  assert.equal(s.by_difficulty['1'].chrf_plus_plus, 100);
  assert.equal(s.by_provenance.textbook.total, 2);
  assert.deepEqual(s.entry_chrf, [100, 0]);
});
