import { test } from 'node:test';
import assert from 'node:assert/strict';
import { composite, exactMatch, keywords, multipleChoice, multipleChoicePatterns } from './methods';
import { eweQuality } from './eweQuality';
import { formatCompliance } from './format';
import { HarnessCrash } from '../../python/values';

// Expected scores were checked against the harness's own evaluate_* functions (CPython 3.11).

test('exact_match strips Python whitespace (U+0085, U+001C but not U+FEFF) and lower-cases Ewe capitals', () => {
  assert.equal(exactMatch(' Mele Nyuie ', '\u0085mele nyuie\u001c').score, 1);
  assert.equal(exactMatch('Mele nyuie', '\ufeffMele nyuie').score, 0);
  assert.deepEqual(exactMatch('ƉE', 'ɖe'), { score: 1, breakdown: { method: 'exact_match', expected: 'ƉE', matched: true } });
});

test('keywords: share found as case-insensitive substrings; duplicates count twice, "" always matches, none scores 0', () => {
  const r = keywords(['Kofi', 'ŊKƆ', 'Ama'], 'Wò ŋkɔ enye kofi.');
  assert.equal(r.score, 0.6666666666666666);
  assert.deepEqual(r.breakdown, { method: 'keywords', found: ['Kofi', 'ŊKƆ'], missing: ['Ama'] });
  assert.equal(keywords([], 'x').score, 0);
  assert.equal(keywords(['le', 'le'], 'mele').score, 1);
  assert.equal(keywords([''], 'x').score, 1);
});

test('multiple_choice: the letter within the first 5 code points (not UTF-16 units) scores at once', () => {
  const r = multipleChoice('b', ' b) Lomé');
  assert.deepEqual(r, { score: 1, breakdown: { method: 'multiple_choice', letter: 'B', inFirstFive: true, patterns: [] } });
  // "😀😀😀 B": B is the 5th code point but the 9th UTF-16 unit, and "BX" matches none of the patterns.
  assert.equal(multipleChoice('B', '😀😀😀 BX').breakdown.inFirstFive, true);
  assert.equal(multipleChoice('', 'x').score, 1); // "" is in every string
});

test('multiple_choice: then \\bX\\b, "X)", "X." in order, with Unicode word boundaries', () => {
  assert.equal(multipleChoice('C', 'Nyateƒe la nye ABC').score, 0);
  const period = multipleChoice('C', 'Ŋuɖoɖo la nye ɖeka: xC.');
  assert.equal(period.score, 1);
  assert.deepEqual(period.breakdown.patterns, [
    { pattern: '\\bC\\b', matched: false },
    { pattern: 'C\\)', matched: false },
    { pattern: 'C\\.', matched: true },
  ]);
  assert.equal(multipleChoice('c ', 'nye (C)').score, 1);
  // Ò is a word character for Python's \b, so "ÒB" holds no word B (JavaScript's \b would find one).
  assert.equal(multipleChoice('B', 'Mewɔ nu sia kple òB').score, 0);
});

test('multiple_choice: the "réponse.*X" pattern is tried but never matches upper-cased text', () => {
  const r = multipleChoice('D', 'La bonne réponse est xdx');
  assert.equal(r.score, 0);
  assert.deepEqual(
    r.breakdown.patterns.map((p) => p.pattern),
    multipleChoicePatterns('D'),
  );
  assert.equal(r.breakdown.patterns[3].pattern, 'réponse.*D');
});

test('multiple_choice: the expected answer is pasted into the regexes unescaped', () => {
  // "A." becomes \bA.\b, where the dot matches the B of "AB".
  assert.equal(multipleChoice('A.', 'xxxxxx AB').score, 1);
  // "(" and "C)" make Python raise re.error once a pattern is reached...
  assert.throws(() => multipleChoice('(', 'xxxxxxx'), HarnessCrash);
  assert.throws(() => multipleChoice('C)', 'XXXXXX C)'), /unbalanced parenthesis/);
  // ...but not when the first-5 test already succeeded.
  assert.equal(multipleChoice('C)', 'C) Lomé').score, 1);
});

test('composite is the mean of keywords, ewe_quality and format, added in that order', () => {
  const response = 'Akpe. Ŋdi nyuie!';
  const k = keywords(['akpe', 'ŋdi', 'fifia'], response);
  const q = eweQuality(response);
  const f = formatCompliance({ min_length: 100, contains_ewe: true }, response);
  const r = composite(k, q, f);
  assert.equal(r.score, (k.score + q.score + f.score) / 3);
  assert.deepEqual(r.breakdown.parts, { keywords: k.score, eweQuality: q.score, format: f.score });
  assert.equal(r.breakdown.keywords, k.breakdown);
});
