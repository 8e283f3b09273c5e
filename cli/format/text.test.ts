import { test } from 'node:test';
import assert from 'node:assert/strict';
import { terminalSafe, textTable } from './text';

test('terminalSafe writes control characters, separators and bidi overrides as escapes', () => {
  assert.equal(terminalSafe('a\x1b[2Jb\nc\u202ed'), 'a\\x1b[2Jb\\nc\\u202ed');
  assert.equal(terminalSafe('Ŋdi nyuie ɖe'), 'Ŋdi nyuie ɖe');
});

test('textTable aligns columns by code points and escapes every cell, so an answer cannot forge a line', () => {
  const out = textTable([
    ['TEST', 'SCORE', 'RESULT'],
    ['ŋdi_01', '1.000', 'pass'],
    ['x\nother.json:1:1: error', '0.000', 'Ɛ\x1b[31m'],
  ]);
  assert.equal(out.split('\n').length, 4, 'three rows and the final newline');
  assert.equal(out, 'TEST                      SCORE  RESULT\nŋdi_01                    1.000  pass\nx\\nother.json:1:1: error  0.000  Ɛ\\x1b[31m\n');
});
