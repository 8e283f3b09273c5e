import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import fc from 'fast-check';
import {
  alphaIntervals,
  kendallTauB,
  kendallTauBPlain,
  krippendorffAlpha,
  krippendorffAlphaPlain,
  LEVELS,
  pairwiseKappa,
  quadraticKappa,
  rawAgreement,
  type Level,
  type RatingMatrix,
} from './agreement';
import { boundIndices } from './bootstrap';
import { PyRandom } from './pyRandom';
import { pyRound } from '../python/round';
import { fromRepo } from '../../test/helpers/paths';
import { propertyRuns } from '../../test/helpers/property';

const published = JSON.parse(fs.readFileSync(fromRepo('test-fixtures', 'agreement', 'krippendorff-2011.vectors.json'), 'utf8')) as {
  observers: (number | null)[][];
  alpha: Record<Level, number>;
};
/** Units × coders, from the paper's observers × units. */
const units: RatingMatrix = published.observers[0].map((_, u) => published.observers.map((row) => row[u]));

const close = (a: number, b: number, message?: string) => {
  if (Number.isNaN(a) || Number.isNaN(b)) return assert.ok(Number.isNaN(a) && Number.isNaN(b), `${message}: ${a} vs ${b}`);
  assert.ok(Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(a), Math.abs(b)), `${message}: ${a} vs ${b}`);
};

test("alpha equals Krippendorff's (2011) worked example to 3 decimals at all four levels, with missing values", () => {
  for (const level of LEVELS) assert.equal(pyRound(krippendorffAlpha(units, level), 3), published.alpha[level], level);
});

test('alpha from the coincidence matrix equals alpha from every pair of values (the plain twin)', () => {
  for (const level of LEVELS) close(krippendorffAlpha(units, level), krippendorffAlphaPlain(units, level), level);
  const matrix = (positive: boolean) =>
    fc.array(fc.array(fc.option(fc.integer({ min: positive ? 1 : 0, max: 5 }), { nil: null, freq: 3 }), { minLength: 0, maxLength: 5 }), {
      minLength: 0,
      maxLength: 12,
    });
  fc.assert(
    fc.property(matrix(true), fc.constantFrom(...LEVELS), (m, level) => close(krippendorffAlpha(m, level), krippendorffAlphaPlain(m, level), level)),
    propertyRuns(300),
  );
});

test('alpha is 1 when every unit is rated alike and undefined when there is nothing to compare', () => {
  assert.equal(
    krippendorffAlpha(
      [
        [1, 1, null],
        [2, 2, 2],
        [4, null, 4],
      ],
      'ordinal',
    ),
    1,
  );
  assert.ok(Number.isNaN(krippendorffAlpha([[1], [2, null]], 'nominal')), 'no unit with two ratings');
  assert.ok(
    Number.isNaN(
      krippendorffAlpha(
        [
          [3, 3],
          [3, 3],
        ],
        'interval',
      ),
    ),
    'no variation at all',
  );
  assert.throws(() => krippendorffAlpha([[1, Number.NaN]], 'nominal'), /finite number/);
});

test("quadratic kappa on Wikipedia's Cohen's kappa example (two categories, where the weights are 0/1) is 0.4", () => {
  // 50 proposals: both yes 20, A yes B no 5, A no B yes 10, both no 15 (κ = (0.7 − 0.5) / (1 − 0.5) = 0.4).
  const a: number[] = [];
  const b: number[] = [];
  for (const [x, y, count] of [
    [1, 1, 20],
    [1, 0, 5],
    [0, 1, 10],
    [0, 0, 15],
  ])
    for (let i = 0; i < count; i++) {
      a.push(x);
      b.push(y);
    }
  close(quadraticKappa(a, b, [0, 1]), 0.4);
});

test('quadratic kappa: perfect agreement is 1, a reversed three-step scale is −1, items one rater skipped do not count', () => {
  assert.equal(quadraticKappa([1, 2, 3], [1, 2, 3], [1, 2, 3]), 1);
  close(quadraticKappa([1, 2, 3, null], [3, 2, 1, 2], [1, 2, 3]), -1);
  assert.ok(Number.isNaN(quadraticKappa([1, null], [null, 2], [1, 2])));
  assert.throws(() => quadraticKappa([7], [1], [1, 2, 3, 4]), /not on the scale/);
});

test('pairwise kappa lists every pair of reviewers with the items they share', () => {
  const pairs = pairwiseKappa(units, 4, [1, 2, 3, 4, 5]);
  assert.deepEqual(
    pairs.map((p) => [p.a, p.b, p.shared]),
    [
      [0, 1, 9],
      [0, 2, 8],
      [0, 3, 9],
      [1, 2, 9],
      [1, 3, 10],
      [2, 3, 10],
    ],
  );
  for (const p of pairs) assert.ok(p.kappa <= 1 && p.kappa >= -1, `${p.a}-${p.b}: ${p.kappa}`);
});

test('raw agreement is the mean share of agreeing pairs per item rated twice or more', () => {
  close(
    rawAgreement([
      [1, 1, 2],
      [2, 2, null],
      [3, null, null],
    ]),
    (1 / 3 + 1) / 2,
  );
  assert.ok(Number.isNaN(rawAgreement([[1, null]])));
});

/** The plain bootstrap: the same draws, each resample's units copied out and alpha computed pair by pair. */
function plainIntervals(m: RatingMatrix, level: Level, nBootstrap: number, seed: number): [number, number] {
  const rng = new PyRandom(seed);
  const draw = new Int32Array(m.length);
  const values: number[] = [];
  for (let b = 0; b < nBootstrap; b++) {
    rng.fillRandbelow(m.length, draw);
    const value = krippendorffAlphaPlain(
      Array.from(draw, (u) => m[u]),
      level,
    );
    if (!Number.isNaN(value)) values.push(value);
  }
  values.sort((x, y) => x - y);
  const [lo, hi] = boundIndices(values.length, 0.05);
  return [values[lo], values[hi]];
}

test('the bootstrap interval over items is seeded, stable, and equal to resampling the items the plain way', () => {
  const first = alphaIntervals(units, LEVELS, { nBootstrap: 200, seed: 7 });
  assert.deepEqual(alphaIntervals(units, LEVELS, { nBootstrap: 200, seed: 7 }), first);
  assert.notDeepEqual(alphaIntervals(units, LEVELS, { nBootstrap: 200, seed: 8 }), first);
  for (const interval of first) {
    const [lower, upper] = plainIntervals(units, interval.level, 200, 7);
    close(interval.lower, lower, `${interval.level} lower`);
    close(interval.upper, upper, `${interval.level} upper`);
    assert.equal(interval.alpha, krippendorffAlpha(units, interval.level));
    assert.ok(interval.lower <= interval.upper);
    assert.equal(interval.confidenceLevel, 0.95);
  }
  const defaults = alphaIntervals(units, ['ordinal']);
  assert.equal(defaults[0].nBootstrap, 1000);
  assert.equal(defaults[0].seed, 12345);
});

test('the bootstrap leaves out resamples where alpha is undefined and says how many', () => {
  const [interval] = alphaIntervals(
    [
      [1, 1],
      [1, 1],
      [1, 2],
    ],
    ['nominal'],
    { nBootstrap: 100, seed: 1 },
  );
  assert.ok(interval.undefinedResamples > 0 && interval.undefinedResamples < 100, `${interval.undefinedResamples}`);
  const [empty] = alphaIntervals([], ['nominal'], { nBootstrap: 10 });
  assert.ok(Number.isNaN(empty.alpha) && Number.isNaN(empty.lower));
  assert.equal(empty.undefinedResamples, 10);
});

test("Kendall's tau-b equals scipy's kendalltau on its vectors, ties included", () => {
  const vectors = JSON.parse(fs.readFileSync(fromRepo('test-fixtures', 'agreement', 'kendall-tau-b.vectors.json'), 'utf8')) as {
    cases: { x: number[]; y: number[]; tau_b: number }[];
  };
  for (const { x, y, tau_b } of vectors.cases) {
    close(kendallTauB(x, y), tau_b, `n = ${x.length}`);
    close(kendallTauBPlain(x, y), tau_b, `plain, n = ${x.length}`);
  }
  assert.ok(Number.isNaN(kendallTauB([1, 1, 1], [1, 2, 3])), 'a constant variable');
  assert.throws(() => kendallTauB([1], [1, 2]), /paired/);
});

test("Kendall's tau-b by merge sort equals the count over every pair", () => {
  fc.assert(
    fc.property(fc.array(fc.tuple(fc.integer({ min: -3, max: 3 }), fc.integer({ min: -3, max: 3 })), { maxLength: 40 }), (pairs) => {
      const x = pairs.map((p) => p[0]);
      const y = pairs.map((p) => p[1]);
      close(kendallTauB(x, y), kendallTauBPlain(x, y));
    }),
    propertyRuns(300),
  );
});
