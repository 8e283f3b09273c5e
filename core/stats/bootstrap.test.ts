import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import { bootstrapCi, boundIndices, pairedBootstrap, type ResampleMetric } from './bootstrap';
import { fromRepo } from '../../test/helpers/paths';

const v = JSON.parse(fs.readFileSync(fromRepo('test-fixtures', 'rosetta', 'bootstrap.vectors.json'), 'utf8')) as {
  a: number[];
  b: number[];
  c: number[];
  ci: Record<string, Record<string, number>>;
  paired_ab: Record<string, unknown>;
  paired_ac: Record<string, unknown>;
  paired_aa: Record<string, unknown>;
};
const meanOf =
  (values: readonly number[]): ResampleMetric =>
  (indices) => {
    let s = 0;
    for (const i of indices) s += values[i];
    return s / indices.length;
  };
const pick = (o: object, keys: readonly string[]) => Object.fromEntries(keys.map((k) => [k, (o as Record<string, unknown>)[k]]));

test('the bounds sit at int(1000 × 0.025) and int(1000 × 0.975) − 1', () => {
  assert.deepEqual(boundIndices(1000, 0.05), [25, 974]);
});

test("bootstrap_ci: the percentile interval equals Python's for the same values and seeds", () => {
  for (const [seed, expected] of Object.entries(v.ci)) {
    const ci = bootstrapCi(v.a.length, meanOf(v.a), { seed: Number(seed), metricName: 'mean' });
    assert.deepEqual(pick(ci, Object.keys(expected)), expected, `seed ${seed}`);
    assert.equal(ci.n_entries, v.a.length);
    assert.equal(ci.confidence_level, 0.95);
  }
});

test("paired_bootstrap: delta, interval, p-value and verdict equal Python's (a clear win, a tie-like pair, identical systems)", () => {
  for (const [b, expected] of [
    [v.b, v.paired_ab],
    [v.c, v.paired_ac],
    [v.a, v.paired_aa],
  ] as const) {
    const r = pairedBootstrap(v.a.length, meanOf(v.a), meanOf(b));
    assert.deepEqual(pick(r, Object.keys(expected)), expected);
  }
});

test('no entries: a zero interval, and a paired test that finds nothing', () => {
  assert.equal(bootstrapCi(0, () => 1).ci_width, 0);
  assert.equal(
    pairedBootstrap(
      0,
      () => 1,
      () => 0,
    ).p_value,
    1,
  );
});
