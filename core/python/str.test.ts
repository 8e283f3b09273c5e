import { test } from 'node:test';
import assert from 'node:assert/strict';
import { pyIncludes, pyLen, pySplit, pyStrip, pyStripChars } from './str';
import { isPythonSpace, PYTHON_WHITESPACE } from './whitespace';

test('Python whitespace: U+0085 and U+001C-001F are spaces, U+FEFF and U+200B are not', () => {
  for (const code of [0x09, 0x0d, 0x1c, 0x1f, 0x20, 0x85, 0xa0, 0x1680, 0x2000, 0x200a, 0x2028, 0x2029, 0x202f, 0x205f, 0x3000]) {
    assert.ok(isPythonSpace(code), code.toString(16));
  }
  for (const code of [0x08, 0x0e, 0x1b, 0x21, 0x84, 0x200b, 0xfeff, 0x3001, 0x10ffff]) assert.ok(!isPythonSpace(code), code.toString(16));
  assert.equal(PYTHON_WHITESPACE.length, 29);
});

test('strip and split use that table, split drops empty pieces', () => {
  assert.equal(pyStrip('\u0085\u001c a b \ufeff'), 'a b \ufeff');
  assert.deepEqual(pySplit('\u3000a\u00a0 b\n'), ['a', 'b']);
  assert.deepEqual(pySplit(' \t'), []);
  assert.equal(pyStripChars('""a"b"', '"'), 'a"b');
  assert.equal(pyStripChars('`x`', '"'), '`x`');
});

test('len counts code points; `in` never matches half of a surrogate pair', () => {
  assert.equal(pyLen('a😀'), 2);
  assert.equal(pyLen('\ud83d'), 1);
  assert.equal(pyIncludes('😀', '\ud83d'), false);
  assert.equal(pyIncludes('\ud83dx', '\ud83d'), true);
});
