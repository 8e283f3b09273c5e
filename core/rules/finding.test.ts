import { test } from 'node:test';
import assert from 'node:assert/strict';
import { appendAll } from '../arrays';

test('#36 appending 300,000 findings keeps them all in order (a spread push threw a RangeError past ~100,000)', () => {
  const into = [-1];
  const more = Array.from({ length: 300_000 }, (_, i) => i);
  appendAll(into, more);
  assert.equal(into.length, 300_001);
  assert.equal(into[0], -1);
  assert.equal(into[300_000], 299_999);
});
