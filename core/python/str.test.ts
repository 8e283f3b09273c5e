import { test } from 'node:test';
import assert from 'node:assert/strict';
import { pyIncludes, pyLen, PyNeedles, pySplit, pyStrip, pyStripChars } from './str';
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

test('pyIncludes is `in` on str: no match may start or end inside a surrogate pair', () => {
  assert.equal(pyIncludes('a😀b', '😀'), true);
  assert.equal(pyIncludes('a😀b', '\ude00'), false);
  assert.equal(pyIncludes('a😀b', '\ud83d'), false);
  assert.equal(pyIncludes('a\ud83d', '\ud83d'), true);
  assert.equal(pyIncludes('x', ''), true);
});

test('PyNeedles answers as one pyIncludes per needle: overlaps, duplicates, empty needles, surrogate halves', () => {
  assert.deepEqual(new PyNeedles(['he', 'she', 'his', 'hers', 'he', '']).includedIn('ushers'), [true, true, false, true, true, true]);
  // A needle that is half of a pair matches only where no pair is split, as Python's `in` on its code points.
  const pair = '😀';
  const halves = [pair[0], pair[1], pair, `${pair[1]}x`, `x${pair[0]}`];
  assert.deepEqual(
    new PyNeedles(halves).includedIn(`a${pair}b`),
    halves.map((h) => pyIncludes(`a${pair}b`, h)),
  );
  assert.deepEqual(
    new PyNeedles(halves).includedIn(`x${pair[0]}${pair[1]}x`),
    halves.map((h) => pyIncludes(`x${pair[0]}${pair[1]}x`, h)),
  );
  // Random texts over a small alphabet with surrogates, checked against pyIncludes.
  let seed = 7;
  const random = (n: number) => (seed = (seed * 1103515245 + 12345) % 2 ** 31) % n;
  const alphabet = ['a', 'b', 'ɖ', '\ud83d', '\ude00', ' '];
  const word = (max: number) => Array.from({ length: random(max) }, () => alphabet[random(alphabet.length)]).join('');
  for (let round = 0; round < 300; round++) {
    const needles = Array.from({ length: 1 + random(30) }, () => word(5));
    const matcher = new PyNeedles(needles);
    for (let h = 0; h < 3; h++) {
      const haystack = word(40);
      assert.deepEqual(
        matcher.includedIn(haystack),
        needles.map((n) => pyIncludes(haystack, n)),
        JSON.stringify({ needles, haystack }),
      );
    }
  }
});

test('PyNeedles.forEachIn reports each needle once per text, and stops when asked', () => {
  const matcher = new PyNeedles(['a', 'ab', 'b', 'a']);
  const seen: number[] = [];
  matcher.forEachIn('abab', (i) => void seen.push(i));
  assert.deepEqual(seen, [0, 3, 1, 2]);
  const first: number[] = [];
  matcher.forEachIn('ba', (i) => (first.push(i), true));
  assert.deepEqual(first, [2]);
});
