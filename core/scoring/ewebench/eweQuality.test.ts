import { test } from 'node:test';
import assert from 'node:assert/strict';
import { eweQuality, EWE_COMMON_WORDS } from './eweQuality';

// Expected floats are the harness's evaluate_ewe_quality results (CPython 3.11), bit for bit.

test('adds its terms in the harness order, so the float matches (0.3 + 0.2 + 0.2 + 0.1 = 0.7999999999999999)', () => {
  const r = eweQuality('Mele nyuie. Ɖe wò ŋkɔ?');
  assert.equal(r.score, 0.7999999999999999);
  assert.deepEqual(r.breakdown, {
    method: 'ewe_quality',
    specialChars: { found: ['ɔ', 'ŋ'], points: 0.3 },
    commonWords: { words: ['wò', 'ɖe', 'le', 'mele'], hits: 4, points: 0.2 },
    frenchPenalty: { words: [], count: 0, points: 0 },
    sentence: { hasPeriod: true, points: 0.2 },
    length: { codePoints: 22, points: 0.1 },
    sum: 0.7999999999999999,
  });
  assert.equal(eweQuality('Mele.').score, 0.30000000000000004);
});

test('special letters are looked for as written: capitals alone earn nothing', () => {
  assert.equal(eweQuality('Ɖ only capitals').breakdown.specialChars.points, 0);
  assert.equal(eweQuality('Ɛ').score, 0);
});

test('common words are capped at 0.4, and all terms together give 0.9999999999999999', () => {
  const r = eweQuality(EWE_COMMON_WORDS.join(' ') + '.');
  assert.equal(r.breakdown.commonWords.hits, 17);
  assert.equal(r.breakdown.commonWords.points, 0.4);
  assert.equal(r.score, 0.9999999999999999);
});

test('more than 5 French words costs 0.2 and the sum is clamped at 0', () => {
  const r = eweQuality('voici le la les de du des un une est sont pour dans avec cette');
  assert.equal(r.breakdown.frenchPenalty.count, 15);
  assert.equal(r.breakdown.frenchPenalty.points, -0.2);
  assert.equal(r.breakdown.sum, -0.05000000000000002);
  assert.equal(r.score, 0);
});

test('French words need Python word boundaries: NFC "wòle" hides "le", NFD "wo\\u0300le" does not', () => {
  const nfc = eweQuality('wòle la les de du voici');
  assert.equal(nfc.breakdown.frenchPenalty.count, 5);
  assert.equal(nfc.score, 0.2);
  const nfd = eweQuality('wo\u0300le la les de du voici');
  assert.equal(nfd.breakdown.frenchPenalty.count, 6);
  assert.equal(nfd.breakdown.commonWords.words.includes('wò'), false);
  assert.equal(nfd.score, 0);
});

test('length counts code points: 20 with an emoji is not more than 20', () => {
  assert.equal(eweQuality('ɖ'.repeat(19) + '😀').score, 0.3);
  assert.equal(eweQuality('ɖ'.repeat(20) + '😀').score, 0.4);
  assert.equal(eweQuality('ɖ'.repeat(19) + '😀').breakdown.length.codePoints, 20);
});

test('an empty response or one starting with [ERROR] scores 0 at once', () => {
  assert.equal(eweQuality('').breakdown.shortCircuit, 'empty');
  const error = eweQuality('[ERROR] timeout ɖe ŋkɔ.');
  assert.equal(error.score, 0);
  assert.equal(error.breakdown.shortCircuit, 'error');
  assert.equal(eweQuality(' [ERROR] x').breakdown.shortCircuit, undefined);
});
