import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import { exactMatchSummary, harnessExactMatch, normalizeText } from './metrics';
import { fromRepo } from '../../../test/helpers/paths';
import { rng } from '../../../bench/generate';

interface Case {
  predicted: string;
  reference: string;
  normalized_predicted: string;
  exact_match: boolean;
}
const cases = (JSON.parse(fs.readFileSync(fromRepo('test-fixtures', 'rosetta', 'normalize-text.vectors.json'), 'utf8')) as { cases: Case[] }).cases;

test('normalize_text and the exact match agree with the harness (Python) on case, whitespace, NFD and empty cases', () => {
  for (const c of cases) {
    assert.equal(normalizeText(c.predicted), c.normalized_predicted, JSON.stringify(c));
    assert.equal(harnessExactMatch(c.predicted, c.reference), c.exact_match, JSON.stringify(c));
  }
});

test('case and inner whitespace are forgiven, as the harness forgives them', () => {
  assert.equal(harnessExactMatch('AKPE  na\twò', 'akpe na wò'), true);
  assert.equal(harnessExactMatch(' ɖe\n', 'Ɖe'), true);
});

test('a decomposed answer matches a precomposed reference', () => {
  assert.equal(harnessExactMatch('Mè\u0301do', 'M\u00e8\u0301do'), true);
  assert.equal(harnessExactMatch('o\u0300', '\u00f2'), true);
});

test('an empty or whitespace-only prediction never matches, not even an empty reference', () => {
  assert.equal(harnessExactMatch('', ''), false);
  assert.equal(harnessExactMatch(' \u3000\n', ' '), false);
});

test('what the harness does not forgive still differs: punctuation, letters, compatibility forms, U+200B', () => {
  assert.equal(harnessExactMatch('Akpe.', 'Akpe'), false);
  assert.equal(harnessExactMatch('ɔ', 'o'), false);
  assert.equal(harnessExactMatch('\ufb01', 'fi'), false);
  assert.equal(harnessExactMatch('a\u200bb', 'a b'), false);
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

test('the token-by-token comparison agrees with comparing normalize_text of both, on random marked, cased, spaced text', () => {
  const random = rng(11);
  // Marks that compose and reorder, final sigma, letters lower() expands or maps to ASCII (İ, Kelvin sign), the
  // canonical singletons NFC maps to other characters (U+2000 to a space, U+037E to ";"), Python's whitespace.
  const parts = [
    'o',
    'O',
    'e',
    'a',
    'ɔ',
    'Ɔ',
    'ò',
    '\u0300',
    '\u0301',
    '\u0323',
    'Σ',
    'σ',
    'ς',
    'Α',
    'İ',
    'i',
    '\u0307',
    '\u212a',
    'k',
    'K',
    '\u037e',
    ';',
    '\u2000',
    ' ',
    '  ',
    '\t',
    '\n',
    '\u00a0',
    '\u3000',
    '\u200b',
    '\u001c',
    'ﬁ',
    'fi',
  ];
  const pick = () => Array.from({ length: Math.floor(random() * 7) }, () => parts[Math.floor(random() * parts.length)]).join('');
  let equal = 0;
  for (let k = 0; k < 30000; k++) {
    const a = pick();
    const b = random() < 0.5 ? (random() < 0.5 ? a.normalize('NFD').toUpperCase() : a.replace(/ /g, '\u3000  ')) : pick();
    const na = normalizeText(a);
    const expected = na !== '' && na === normalizeText(b);
    assert.equal(harnessExactMatch(a, b), expected, JSON.stringify([a, b]));
    if (expected) equal++;
  }
  assert.ok(equal > 2000, `only ${equal} matching pairs`);
});
