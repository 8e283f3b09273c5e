import { test } from 'node:test';
import assert from 'node:assert/strict';
import { pythonSum } from './sum';

test('Python sum(): compensated from 3.12, one by one before', () => {
  assert.equal(pythonSum([0.12, 0.12, 0.1, 0.1], 'compensated'), 0.44);
  assert.equal(pythonSum([0.12, 0.12, 0.1, 0.1], 'sequential'), 0.43999999999999995);
  assert.equal(pythonSum([], 'compensated'), 0);
});
