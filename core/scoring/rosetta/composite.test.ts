import { test } from 'node:test';
import assert from 'node:assert/strict';
import { compositeInput, compositeScore, metricValuesFromScores, PROFILE_WEIGHTS } from './composite';

test('each weight table sums to 1', () => {
  for (const table of Object.values(PROFILE_WEIGHTS)) {
    const total = Object.values(table).reduce((a, b) => a + (b ?? 0), 0);
    assert.ok(Math.abs(total - 1) < 1e-12, `sum ${total}`);
  }
  assert.equal(Object.keys(PROFILE_WEIGHTS.A).length, 9);
  assert.equal(Object.keys(PROFILE_WEIGHTS.B).length, 8);
});

test('inputs: chrF++ divided by 100, code-switching and hallucination rates inverted, others as they are', () => {
  assert.equal(compositeInput('chrf_plus_plus', 62), 0.62);
  assert.equal(compositeInput('code_switching_rate', 0.25), 0.75);
  assert.equal(compositeInput('hallucination_rate', 0), 1);
  assert.equal(compositeInput('semantic_score', 0.4), 0.4);
});

test('Profile B with every metric: .25×.8 + .25×.7 + .15×.6 + .1×.4 + .1×.9 + .05×1 + .05×.8 + .05×.9 = .73', () => {
  const r = compositeScore({
    semantic_score: 0.8,
    chrf_plus_plus: 70,
    equivalent_match_rate: 0.6,
    exact_match_rate: 0.4,
    code_switching_rate: 0.1,
    terminology_adherence: 1,
    hallucination_rate: 0.2,
    orthographic_accuracy: 0.9,
    fst_acceptance_rate: null,
  });
  assert.equal(r.profile, 'B');
  assert.equal(r.composite, 0.73); // the sum is 0.7300000000000001 before rounding
  assert.deepEqual(r.missing, []);
});

test('missing metrics are skipped and the remaining weights renormalised', () => {
  // chrF++ 60 -> .6 (w .25), exact .2 (w .1), hallucination .1 -> .9 (w .05): .215 / .4 = .5375
  const r = compositeScore({ chrf_plus_plus: 60, exact_match_rate: 0.2, hallucination_rate: 0.1, semantic_score: null });
  assert.equal(r.composite, 0.5375);
  assert.deepEqual(Object.keys(r.weights), ['chrf_plus_plus', 'exact_match_rate', 'hallucination_rate']);
  assert.ok(Math.abs(r.weights.chrf_plus_plus! - 0.625) < 1e-12);
  assert.ok(Math.abs(r.weights.exact_match_rate! - 0.25) < 1e-12);
  assert.ok(Math.abs(r.weights.hallucination_rate! - 0.125) < 1e-12);
  assert.deepEqual(r.missing, ['semantic_score', 'equivalent_match_rate', 'code_switching_rate', 'terminology_adherence', 'orthographic_accuracy']);
});

test('Profile A applies as soon as an FST acceptance rate exists, and ignores what it does not weigh', () => {
  // (.25×.8 + .15×.5) / .4 = .6875
  const r = compositeScore({ fst_acceptance_rate: 0.8, chrf_plus_plus: 50, orthographic_accuracy: 0.9 });
  assert.equal(r.profile, 'A');
  assert.equal(r.composite, 0.6875);
  assert.deepEqual(r.ignored, ['orthographic_accuracy']);
  // An FST rate of 0 is a measurement, not a missing value: still Profile A.
  assert.equal(compositeScore({ fst_acceptance_rate: 0, exact_match_rate: 1 }).composite, 0.1667); // .05 / .3
});

test('the composite is rounded to 4 decimals', () => {
  assert.equal(compositeScore({ chrf_plus_plus: 33.333 }).composite, 0.3333);
  assert.equal(compositeScore({ semantic_score: 2 / 3, exact_match_rate: 2 / 3 }).composite, 0.6667);
});

test('nothing available gives a null composite', () => {
  const r = compositeScore({ fst_acceptance_rate: null, semantic_score: null });
  assert.equal(r.composite, null);
  assert.equal(r.profile, 'B');
  assert.deepEqual(r.weights, {});
  assert.equal(compositeScore({}).composite, null);
  // Morphological accuracy alone does not count without an FST (Profile B has no weight for it).
  assert.equal(compositeScore({ morphological_accuracy: 0.9 }).composite, null);
});

test('a NaN metric is an error, not a missing value', () => {
  assert.throws(() => compositeScore({ chrf_plus_plus: Number.NaN }), /chrf_plus_plus/);
});

test('metric values are picked from a run card scores object, anything but a finite number becoming null', () => {
  const values = metricValuesFromScores({ chrf_plus_plus: 48.2, fst_acceptance_rate: null, semantic_score: '0.9', exact_match_rate: 0.1, total: 30 });
  assert.equal(values.chrf_plus_plus, 48.2);
  assert.equal(values.semantic_score, null);
  assert.equal(values.fst_acceptance_rate, null);
  assert.equal('total' in values, false);
  assert.equal(compositeScore(values).composite, 0.3729); // (.25×.482 + .1×.1) / .35 = .1305 / .35 = .37286
  assert.deepEqual(metricValuesFromScores(null), {});
});
