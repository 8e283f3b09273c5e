import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { propertyRuns } from '../../test/helpers/property';
import { ROSETTA_SORT_KEYS } from '../leaderboard/rosetta';
import { shownColumns } from './columnOrder';

test("the leaderboard's Model column is shown second, right after the rank", () => {
  const keys = [...ROSETTA_SORT_KEYS];
  const shown = shownColumns(keys).map((i) => keys[i]);
  assert.deepEqual(shown.slice(0, 3), ['rank', 'model', 'method']);
  assert.equal(shown.length, keys.length);
});

test('any column list is shown whole, each column once, the model first or after the rank', () => {
  fc.assert(
    fc.property(fc.uniqueArray(fc.constantFrom('rank', 'model', 'composite', 'date', 'method', 'cost', 'x'), { maxLength: 7 }), (keys) => {
      const order = shownColumns(keys);
      assert.deepEqual(
        [...order].sort((a, b) => a - b),
        keys.map((_, i) => i),
      );
      if (keys.includes('model')) assert.equal(keys[order[keys[0] === 'rank' ? 1 : 0]], 'model');
    }),
    propertyRuns(200),
  );
});
