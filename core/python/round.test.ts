import { test } from 'node:test';
import assert from 'node:assert/strict';
import { pyFixed, pyRound } from './round';

test('ties round to even on the exact binary value, as Python does', () => {
  assert.equal(pyRound(0.0625, 3), 0.062);
  assert.equal(pyRound(56.25, 1), 56.2);
  assert.equal(pyRound(15.625, 2), 15.62);
  assert.equal(pyRound(0.5), 0);
  assert.equal(pyRound(1.5), 2);
  assert.equal(pyRound(2.5), 2);
  assert.equal(pyRound(-2.5), -2);
});

test('values just off a tie round by their binary value, not their printed one', () => {
  assert.equal(pyRound(2.675, 2), 2.67); // 2.675 is 2.67499999... in binary
  assert.equal(pyRound(0.6999999999999998, 3), 0.7);
  assert.equal(pyRound(1.005, 2), 1);
  assert.equal(pyFixed(67.6889254868628, 2), '67.69');
});

test('negative digits, zero, infinities and tiny values', () => {
  assert.equal(pyRound(1250, -2), 1200);
  assert.equal(pyRound(1350, -2), 1400);
  assert.equal(pyRound(0, 3), 0);
  assert.equal(pyRound(Infinity, 2), Infinity);
  assert.equal(pyRound(5e-324, 3), 0);
  assert.equal(pyRound(123.456), 123);
});
