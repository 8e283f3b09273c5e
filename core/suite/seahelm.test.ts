import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import fc from 'fast-check';
import { clusteredStandardError, seaHelmScores, type SeaHelmScores, type SubtaskInput } from './seahelm';
import { fromRepo } from '../../test/helpers/paths';
import { propertyRuns } from '../../test/helpers/property';

interface Case {
  name: string;
  subtasks: SubtaskInput[];
  expected: SeaHelmScores;
}
const vectors = JSON.parse(fs.readFileSync(fromRepo('test-fixtures', 'suite', 'seahelm.vectors.json'), 'utf8')) as { cases: Case[] };

/** Deep equality with numbers equal to 1e-9, relative (the reference sums in Python's order, we in ours). */
function close(actual: unknown, expected: unknown, where: string): void {
  if (typeof expected === 'number') {
    assert.equal(typeof actual, 'number', where);
    const a = actual as number;
    assert.ok(Math.abs(a - expected) <= 1e-9 * Math.max(1, Math.abs(expected)), `${where}: ${a} ≠ ${expected}`);
  } else if (Array.isArray(expected)) {
    assert.ok(Array.isArray(actual), where);
    assert.equal((actual as unknown[]).length, expected.length, where);
    expected.forEach((e, i) => close((actual as unknown[])[i], e, `${where}[${i}]`));
  } else if (expected && typeof expected === 'object') {
    assert.deepEqual(Object.keys(actual as object).sort(), Object.keys(expected).sort(), where);
    for (const [k, v] of Object.entries(expected)) close((actual as Record<string, unknown>)[k], v, `${where}.${k}`);
  } else assert.equal(actual, expected, where);
}

for (const c of vectors.cases) {
  test(`SEA-HELM aggregation and clustered errors equal the reference: ${c.name}`, () => {
    close(seaHelmScores(c.subtasks), c.expected, c.name);
  });
}

test('the clustered error of one-score clusters is the plain √(Σ(s − s̄)²)/N, and it grows when clusters agree within', () => {
  fc.assert(
    fc.property(fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: 1, maxLength: 40 }), (scores) => {
      const n = scores.length;
      const m = scores.reduce((a, s) => a + s, 0) / n;
      const plain = Math.sqrt(scores.reduce((a, s) => a + (s - m) ** 2, 0)) / n;
      assert.ok(Math.abs(clusteredStandardError(scores.map((s) => [s]))! - plain) <= 1e-12);
    }),
    propertyRuns(200),
  );
  // Two items answered the same way in both runs: perfectly correlated runs double the variance term.
  assert.equal(
    clusteredStandardError([
      [1, 1],
      [0, 0],
    ]),
    Math.sqrt(2) / 4,
  );
  assert.equal(clusteredStandardError([[1], [1], [0], [0]]), 1 / 4);
  assert.equal(clusteredStandardError([]), null);
});

test('the one-pass clustered error equals its plain twin, the formula summed term by term', () => {
  const twin = (clusters: number[][]) => {
    const flat = clusters.flat();
    const m = flat.reduce((a, s) => a + s, 0) / flat.length;
    return Math.sqrt(clusters.reduce((a, c) => a + c.reduce((b, s) => b + (s - m), 0) ** 2, 0)) / flat.length;
  };
  fc.assert(
    fc.property(
      fc.array(fc.array(fc.double({ min: 0, max: 100, noNaN: true }), { minLength: 1, maxLength: 8 }), { minLength: 1, maxLength: 30 }),
      (clusters) => {
        const fast = clusteredStandardError(clusters)!;
        assert.ok(Math.abs(fast - twin(clusters)) <= 1e-9 * Math.max(1, fast), `${fast} vs ${twin(clusters)}`);
      },
    ),
    propertyRuns(300),
  );
});

test('inputs that cannot be aggregated are refused with the sub-task named', () => {
  const t = (id: string, runs: number[], extra: Partial<SubtaskInput> = {}): SubtaskInput => ({
    id,
    group: id,
    competency: 'NLU',
    language: 'ewe',
    baseline: 0.25,
    maximum: 1,
    runs,
    ...extra,
  });
  assert.throws(() => seaHelmScores([t('a', [1, 1]), t('b', [1])]), /sub-task b has 1 runs, a has 2/);
  assert.throws(() => seaHelmScores([t('a', [NaN])]), /sub-task a: a run score is not a finite number/);
  assert.throws(() => seaHelmScores([t('a', [1], { group: 'g' }), t('b', [1], { group: 'g', language: 'yor' })]), /sub-tasks of g differ/);
  assert.throws(() => seaHelmScores([]), /no task/);
});
