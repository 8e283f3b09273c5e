import { test } from 'node:test';
import assert from 'node:assert/strict';
import { exactMatchNfc, exactMatchSummary } from './metrics';

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

test('the exact-match rate counts failed entries as misses and rounds to 4 decimals', () => {
  const s = exactMatchSummary([
    { predicted: 'Akpe.', reference: 'Akpe.' },
    { predicted: null, reference: 'Ŋdi nyuie.' },
    { predicted: 'Ŋdi', reference: 'Ŋdi nyuie.' },
  ]);
  assert.deepEqual(s, { total: 3, exact_matches: 1, exact_match_rate: 0.3333 });
  assert.deepEqual(exactMatchSummary([]), { total: 0, exact_matches: 0, exact_match_rate: 0 });
});
