import { test } from 'node:test';
import assert from 'node:assert/strict';
import { exactMatchNfc, exactMatchSummary } from './metrics';
import { rng } from '../../../bench/generate';

test('a precomposed and a decomposed tone mark are the same text', () => {
  assert.equal(exactMatchNfc('Mè\u0301do', 'M\u00e8\u0301do'), true); // e + grave + acute vs è + acute
  assert.equal(exactMatchNfc('o\u0300', '\u00f2'), true);
  assert.equal(exactMatchNfc('\u014b\u0301', '\u014b\u0301'), true);
});

test('nothing beyond canonical equivalence is forgiven', () => {
  assert.equal(exactMatchNfc('ɖe ', 'ɖe'), false); // no trimming
  assert.equal(exactMatchNfc('Akpe', 'akpe'), false); // no case folding
  assert.equal(exactMatchNfc('\ufb01', 'fi'), false); // compatibility ligature stays distinct (NFC, not NFKC)
  assert.equal(exactMatchNfc('ɔ', 'o'), false);
});

test('the shortcut for texts that differ at an ASCII character agrees with normalising both, on random marked text', () => {
  const random = rng(5);
  // Bases, precomposed letters, marks in different orders, an Indic pair that composes two starters, Hangul jamo.
  const parts = ['o', 'e', 'a', ' ', '.', 'ò', 'è', 'ó', '\u0300', '\u0301', '\u0323', '\u0303', 'ɔ', 'ɛ', '\u0b47', '\u0b3e', '\u1100', '\u1161', 'fi', '\ufb01'];
  const pick = () => Array.from({ length: Math.floor(random() * 6) }, () => parts[Math.floor(random() * parts.length)]).join('');
  let equal = 0;
  for (let k = 0; k < 20000; k++) {
    const common = pick();
    const a = common + pick();
    // Half the time the same text in another form, so equivalent pairs are tested as often as different ones.
    const b = random() < 0.5 ? (random() < 0.5 ? a.normalize('NFD') : a.normalize('NFC')) + (random() < 0.3 ? pick() : '') : common + pick();
    const expected = a.normalize('NFC') === b.normalize('NFC');
    assert.equal(exactMatchNfc(a, b), expected, JSON.stringify([a, b]));
    if (expected && a !== b) equal++;
  }
  assert.ok(equal > 1000, `only ${equal} equivalent pairs written differently`);
});

test('the exact-match rate counts failed entries as misses and rounds to 4 decimals', () => {
  const s = exactMatchSummary([
    { predicted: 'Akpe.', reference: 'Akpe.' },
    { predicted: null, reference: 'Ŋdi nyuie.' },
    { predicted: 'Ŋdi', reference: 'Ŋdi nyuie.' },
  ]);
  assert.deepEqual(s, { total: 3, exact_matches: 1, exact_match_rate: 0.3333 });
  assert.deepEqual(exactMatchSummary([]), { total: 0, exact_matches: 0, exact_match_rate: 0 });
});
