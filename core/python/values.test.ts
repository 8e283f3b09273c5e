import { test } from 'node:test';
import assert from 'node:assert/strict';
import { pyIncludes } from './str';
import { HarnessCrash, pyCompareLength, pyContains, pyGetItem, pyIterate, pyLength, pyTypeName } from './values';

test('pyIncludes is `in` on str: no match may start or end inside a surrogate pair', () => {
  assert.equal(pyIncludes('a😀b', '😀'), true);
  assert.equal(pyIncludes('a😀b', '\ude00'), false);
  assert.equal(pyIncludes('a😀b', '\ud83d'), false);
  assert.equal(pyIncludes('a\ud83d', '\ud83d'), true);
  assert.equal(pyIncludes('x', ''), true);
});

test('`in` works on str (substring), list (equal item) and dict (key); anything else raises TypeError', () => {
  assert.equal(pyContains('contains_ewe min', 'contains_ewe', 'f'), true);
  assert.equal(pyContains(['contains_ewe', 3], 'contains_ewe', 'f'), true);
  assert.equal(pyContains({ contains_ewe: false }, 'contains_ewe', 'f'), true);
  assert.equal(pyContains({}, 'toString', 'f'), false); // own keys only, as a Python dict
  for (const v of [null, 3, true]) assert.throws(() => pyContains(v, 'x', 'f'), HarnessCrash);
});

test('iteration, len() and indexing follow Python: str by code point, dict by key', () => {
  assert.deepEqual(pyIterate('ɖ😀', 'k'), ['ɖ', '😀']);
  assert.deepEqual(pyIterate({ a: 1, b: 2 }, 'k'), ['a', 'b']);
  assert.throws(() => pyIterate(5, 'k'), /'int' object is not iterable/);
  assert.equal(pyLength('😀😀', 'm'), 2);
  assert.equal(pyLength({ bold: 1 }, 'm'), 1);
  assert.equal(pyGetItem({ a: 1 }, 'a', 'f'), 1);
  assert.throws(() => pyGetItem(['a'], 'a', 'f'), /list indices must be integers or slices, not str/);
});

test('length comparisons accept numbers and bools only', () => {
  assert.equal(pyCompareLength(3, '>=', 2.5, 'x'), true);
  assert.equal(pyCompareLength(0, '>=', true, 'x'), false);
  assert.throws(() => pyCompareLength(3, '<=', '5', 'x'), /'<=' not supported between instances of 'int' and 'str'/);
  assert.equal(pyTypeName(1.5), 'float');
  assert.equal(pyTypeName(null), 'NoneType');
});
