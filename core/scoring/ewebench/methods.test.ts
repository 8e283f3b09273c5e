import { test } from 'node:test';
import assert from 'node:assert/strict';
import { effectiveMethod, eweQuality, exactMatch, formatCompliance, keywords, multipleChoice, scoreTest } from './methods';
import { categoryScore, eweScore, passes } from './aggregate';

test('exact_match strips Python whitespace (U+0085, U+001C, not U+FEFF) and ignores case', () => {
  assert.equal(exactMatch(' Mele Nyuie ', '\u0085mele nyuie\u001c').score, 1);
  assert.equal(exactMatch('Mele nyuie', '\ufeffMele nyuie').score, 0);
});

test('keywords: share of keywords found as case-insensitive substrings; an empty list scores 0', () => {
  const r = keywords(['Kofi', 'ŊKƆ', 'Ama'], 'Wò ŋkɔ enye kofi.');
  assert.equal(r.score, 2 / 3);
  assert.deepEqual(r.breakdown, { method: 'keywords', found: ['Kofi', 'ŊKƆ'], missing: ['Ama'] });
  assert.equal(keywords([], 'anything').score, 0);
});

test('multiple_choice: letter in the first 5 code points, else as a word, "X)" or "X."', () => {
  assert.equal(multipleChoice('b', ' b) Lomé').score, 1);
  assert.equal(multipleChoice('B', '😀😀😀😀😀 B').breakdown.method, 'multiple_choice');
  assert.deepEqual(multipleChoice('B', '😀😀😀😀😀 B').breakdown, { method: 'multiple_choice', expected: 'B', matchedBy: 'word' });
  assert.equal(multipleChoice('C', 'Nyateƒe la nye ABC').score, 0);
  assert.equal(multipleChoice('C', 'Ŋuɖoɖo la nye ɖeka: xC.').score, 1);
  // ò is a word character for Python's \b, so "òB" holds no word B; JavaScript's \b would find one.
  assert.equal(multipleChoice('B', 'Mewɔ nu sia kple òB').score, 0);
  // The harness's "réponse.*X" runs on upper-cased text and never matches.
  assert.equal(multipleChoice('D', 'La bonne réponse est xdx').score, 0);
});

test('format: a key counts by presence; contains_ewe: false still rewards Ewe (harness), not in strict mode', () => {
  const expected = { contains_ewe: false, min_length: 5 };
  assert.equal(formatCompliance(expected, 'Mele nyuie').score, 1);
  const strict = formatCompliance(expected, 'Mele nyuie', { strict: true });
  assert.equal(strict.score, 0.5);
  assert.deepEqual(strict.breakdown.checks.map((c) => [c.key, c.passed]), [['contains_ewe', 0], ['min_length', 1]]);
});

test('format: lengths count code points; markdown elements score the share found; unknown keys alone give 0', () => {
  assert.equal(formatCompliance({ max_length: 3 }, '😀😀😀').score, 1);
  assert.equal(formatCompliance({ markdown_elements: ['header', 'list', 'bold', 'table'] }, '## Nuɖuɖu\n- akple\n').score, 0.5);
  // Python's ^ follows "\n" only, so a header after "\r" alone is not at a line start.
  assert.equal(formatCompliance({ markdown_elements: ['header'] }, 'a\r# b').score, 0);
  assert.equal(formatCompliance({ markdown_elements: ['header'] }, 'a\n#\u00a0b').score, 1);
  assert.equal(formatCompliance({ list_item_count: 3 }, 'x').score, 0);
});

test('strict mode scores the keys the harness ignores, and says the result is not harness-comparable', () => {
  const t = { id: 'x', prompt: 'p', eval_method: 'format', expected_format: { max_sentences: 1, starts_with: 'Ɛ', no_french: true, numbered_list_items: 2 } };
  const harness = scoreTest(t, 'Ɛ, mele nyuie. Akpe.');
  assert.equal(harness.score, 0);
  assert.equal(harness.harnessComparable, true);
  const strict = scoreTest(t, 'Ɛ, mele nyuie. Akpe.', { strict: true });
  assert.equal(strict.harnessComparable, false);
  assert.equal(strict.score, 0.5); // starts_with and no_french pass; two sentences, no numbered items fail
});

test('ewe_quality adds its terms in the harness order, with the French penalty on Unicode word boundaries', () => {
  const r = eweQuality('Mele nyuie. Ɖe wò ŋkɔ?');
  // 0.3 + 0.2 + 0 + 0.2 + 0.1 summed in that order, as the harness does (value checked against harness 1.0.0)
  assert.equal(r.score, 0.7999999999999999);
  assert.equal(r.breakdown.specialLetters, 0.3);
  assert.deepEqual(r.breakdown.commonWords.words, ['wò', 'ɖe', 'le', 'mele']);
  assert.equal(eweQuality('Ɖ only capitals').breakdown.specialLetters, 0);
  const french = eweQuality('voici le la les de du des un une est sont pour dans avec cette');
  assert.equal(french.breakdown.frenchPenalty.points, -0.2);
  assert.equal(eweQuality('[ERROR] timeout').score, 0);
  assert.equal(eweQuality('').score, 0);
});

test('fallbacks: missing eval_method is keywords, unknown is ewe_quality', () => {
  assert.equal(effectiveMethod({}), 'keywords');
  assert.equal(effectiveMethod({ eval_method: 'keyword' }), 'ewe_quality');
  assert.equal(scoreTest({ prompt: 'p', expected_keywords: ['akpe'] }, 'Akpe!').score, 1);
});

test('cases where the harness crashes give no score and say why', () => {
  assert.match(scoreTest({ prompt: 'p', eval_method: 'exact_match' }, 'x').crash ?? '', /no expected/);
  assert.match(scoreTest({ eval_method: 'ewe_quality' }, 'x').crash ?? '', /neither prompt nor messages/);
  assert.match(scoreTest({ prompt: 'p', eval_method: 'keywords', expected_keywords: ['a'] }, null).crash ?? '', /not a string/);
  assert.match(scoreTest({ prompt: 'p', eval_method: 'format', expected_format: { min_length: '5' } }, 'x').crash ?? '', /min_length/);
  assert.equal(scoreTest({ prompt: 'p', eval_method: 'exact_match' }, 'x').score, null);
});

test('composite is the mean of keywords, ewe_quality and format', () => {
  const r = scoreTest({ prompt: 'p', eval_method: 'composite', expected_keywords: ['akpe', 'ŋdi'], expected_format: { min_length: 100 } }, 'Akpe. Ŋdi nyuie!');
  assert.equal(r.breakdown?.method, 'composite');
  const parts = r.breakdown && r.breakdown.method === 'composite' ? r.breakdown.parts : [0, 0, 0];
  assert.equal(r.score, (parts[0] + parts[1] + parts[2]) / 3);
  assert.deepEqual([parts[0], parts[2]], [1, 0]);
});

test('pass rounds to 3 decimals first; category and ÈwéScore round half-even like Python', () => {
  assert.equal(passes(0.6999999999999998), true);
  assert.equal(passes(0.6994), false);
  assert.equal(categoryScore([0.5625, 0.5625]), 56.2); // 56.25 rounds to even
  assert.equal(categoryScore([]), 0);
  // (80 * 0.15 + 60 * 0.05) / 0.2 = 75
  assert.equal(eweScore({ linguistic_comprehension: 80, robustness: 60 }), 75);
  assert.equal(eweScore({ not_a_category: 90 }), 0);
});
