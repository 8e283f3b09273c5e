import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fitsUtf8 } from './utf8';

test("a text fits a bound by its UTF-8 size: 1 to 3 bytes a unit, 4 a surrogate pair, a lone surrogate 3 (its U+FFFD's)", () => {
  assert.equal(fitsUtf8('', 0), true);
  assert.equal(fitsUtf8('abc', 3), true);
  assert.equal(fitsUtf8('abcd', 3), false);
  assert.equal(fitsUtf8('ɖɔ', 4), true);
  assert.equal(fitsUtf8('ɖɔ', 3), false);
  assert.equal(fitsUtf8('ẽ', 3), true);
  assert.equal(fitsUtf8('😀', 4), true);
  assert.equal(fitsUtf8('😀', 3), false);
  assert.equal(fitsUtf8('\ud83d', 3), true);
  assert.equal(fitsUtf8('\ud83dx', 3), false);
  assert.equal(fitsUtf8('\ud83dɖ', 4), false, 'a lone surrogate before a letter: 3 + 2 bytes');
  assert.equal(fitsUtf8('\ud83dɖ', 5), true);
  assert.equal(fitsUtf8('ɖ'.repeat(1000) + 'x', 2001), true);
  assert.equal(fitsUtf8('ɖ'.repeat(1000) + 'x', 2000), false);
});
