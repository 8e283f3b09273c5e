import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { kendallTauB, kendallTauBPlain } from './agreement';
import { kendallTauBWeighted, levelledOrder } from './kendallWeighted';
import { propertyRuns } from '../../test/helpers/property';

test('weighted tau-b over a presorted order equals tau-b of the resample written out (merge sort and every pair), to the bit, ties, zero weights and constants included', () => {
  fc.assert(
    fc.property(
      fc.array(fc.tuple(fc.integer({ min: -4, max: 4 }), fc.integer({ min: 0, max: 3 }), fc.integer({ min: 0, max: 3 })), { maxLength: 40 }),
      (rows) => {
        const x = rows.map((r) => r[0] / 2);
        const level = rows.map((r) => r[1]);
        const weight = rows.map((r) => r[2]);
        const got = kendallTauBWeighted(
          {
            x,
            level,
            levels: 4,
            order: levelledOrder(
              x,
              level,
              rows.map((_, i) => i),
            ),
          },
          weight,
        );
        const xs = x.flatMap((v, i) => Array<number>(weight[i]).fill(v));
        const ys = level.flatMap((v, i) => Array<number>(weight[i]).fill(v));
        const want = kendallTauB(xs, ys);
        if (Number.isNaN(want)) assert.ok(Number.isNaN(got) && Number.isNaN(kendallTauBPlain(xs, ys)), `${got}`);
        else {
          assert.equal(got, want);
          // And the plain count over every pair (the twin of both).
          assert.equal(got, kendallTauBPlain(xs, ys));
        }
      },
    ),
    propertyRuns(400),
  );
});

test('weighted tau-b counts only the indices of its order (pairs without the figure are left out)', () => {
  const x = [1, 2, 3, 100];
  const level = [0, 1, 2, 0];
  const tau = kendallTauBWeighted({ x, level, levels: 4, order: levelledOrder(x, level, [0, 1, 2]) }, [1, 1, 1, 5]);
  assert.equal(tau, 1);
});
