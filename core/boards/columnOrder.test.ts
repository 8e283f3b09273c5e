import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { propertyRuns } from '../../test/helpers/property';
import { ROSETTA_SORT_KEYS } from '../leaderboard/rosetta';
import { shownColumns } from './columnOrder';

test("the leaderboard's Model column is shown second, right after the rank; other tables keep their order", () => {
  const keys = [...ROSETTA_SORT_KEYS];
  const shown = shownColumns(keys).map((i) => keys[i]);
  assert.deepEqual(shown.slice(0, 3), ['rank', 'model', 'method']);
  assert.equal(shown.length, keys.length);
  assert.deepEqual(shownColumns(['cell', 'model', 'status']), [0, 1, 2], "a benchmark matrix's columns stay as they are");
});

test('any column list is shown whole, each column once; the model right after a leading rank, else where it was', () => {
  fc.assert(
    fc.property(fc.uniqueArray(fc.constantFrom('rank', 'model', 'composite', 'date', 'method', 'cost', 'x'), { maxLength: 7 }), (keys) => {
      const order = shownColumns(keys);
      assert.deepEqual(
        [...order].sort((a, b) => a - b),
        keys.map((_, i) => i),
      );
      if (keys[0] === 'rank' && keys.includes('model')) assert.equal(keys[order[1]], 'model');
      if (keys[0] !== 'rank')
        assert.deepEqual(
          order,
          keys.map((_, i) => i),
        );
    }),
    propertyRuns(200),
  );
});
