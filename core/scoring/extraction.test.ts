import { test } from 'node:test';
import assert from 'node:assert/strict';
import { extractLetter, extractNumber, parseNumber, tallyExtractions, textAfterMarker } from './extraction';

test('the strict reading is the stripped text after the last ####', () => {
  assert.equal(textAfterMarker('Nusɔsrɔ̃ … #### B \n'), 'B');
  assert.equal(textAfterMarker('#### A #### C'), 'C');
  assert.equal(textAfterMarker('no marker'), null);
  assert.equal(textAfterMarker('ends with ####'), '');
});

test('letters: strict only when that text is exactly one of the options', () => {
  assert.deepEqual(extractLetter('A ɖe nyuie wu… #### B'), { value: 'B', method: 'strict', afterMarker: 'B' });
  assert.deepEqual(extractLetter('#### A #### C'), { value: 'C', method: 'strict', afterMarker: 'C' });
  assert.deepEqual(extractLetter('#### E', ['A', 'B', 'C', 'D', 'E']), { value: 'E', method: 'strict', afterMarker: 'E' });
});

test('a decorated or lower-case letter after the marker is a fallback, not strict', () => {
  assert.deepEqual(extractLetter('#### (c)'), { value: 'C', method: 'fallback', afterMarker: '(c)' });
  assert.deepEqual(extractLetter('#### **B**'), { value: 'B', method: 'fallback', afterMarker: '**B**' });
  assert.deepEqual(extractLetter('#### Answer: D.'), { value: 'D', method: 'fallback', afterMarker: 'Answer: D.' });
});

test('without a marker the last standalone capital option letter is a fallback', () => {
  assert.deepEqual(extractLetter('Abla thinks B, but the answer is D.'), { value: 'D', method: 'fallback', afterMarker: null });
  assert.deepEqual(extractLetter('Ŋuɖoɖoa nye C ####'), { value: 'C', method: 'fallback', afterMarker: '' });
  // "a" is a word; "Á" (A + combining acute) and "Abla" are not standalone letters.
  assert.deepEqual(extractLetter('Abla ɖe a me, A\u0301'), { value: null, method: 'none', afterMarker: null });
});

test('a declared answer that is no option is none, even if the reasoning named one', () => {
  assert.deepEqual(extractLetter('B looks right #### maybe'), { value: null, method: 'none', afterMarker: 'maybe' });
  assert.deepEqual(extractLetter('B looks right #### E'), { value: null, method: 'none', afterMarker: 'E' });
});

test('numbers: strict when the text after the marker is one number, separators understood', () => {
  assert.deepEqual(extractNumber('2 + 2 = 4 … #### 1,234.5'), { value: 1234.5, method: 'strict', afterMarker: '1,234.5' });
  assert.deepEqual(extractNumber('#### 18'), { value: 18, method: 'strict', afterMarker: '18' });
  assert.deepEqual(extractNumber('#### 3,5'), { value: 3.5, method: 'strict', afterMarker: '3,5' });
  assert.deepEqual(extractNumber('#### 1 234'), { value: 1234, method: 'strict', afterMarker: '1 234' });
  assert.deepEqual(extractNumber('#### \u22127'), { value: -7, method: 'strict', afterMarker: '\u22127' });
});

test('numbers: the last number found is a fallback', () => {
  assert.deepEqual(extractNumber('Ŋuɖoɖo: 12 kple 3,5'), { value: 3.5, method: 'fallback', afterMarker: null });
  assert.deepEqual(extractNumber('#### 42 cedis.'), { value: 42, method: 'fallback', afterMarker: '42 cedis.' });
  assert.deepEqual(extractNumber('#### 42.'), { value: 42, method: 'fallback', afterMarker: '42.' });
  assert.deepEqual(extractNumber('She has 18 eggs. ####'), { value: 18, method: 'fallback', afterMarker: '' });
  assert.deepEqual(extractNumber('Pages 2-3'), { value: 3, method: 'fallback', afterMarker: null }); // a hyphen, not a minus
  assert.deepEqual(extractNumber('It costs 1 234 CFA'), { value: 1234, method: 'fallback', afterMarker: null });
  assert.deepEqual(extractNumber('In 2024 300 people came'), { value: 300, method: 'fallback', afterMarker: null });
  assert.deepEqual(extractNumber('nothing here'), { value: null, method: 'none', afterMarker: null });
  assert.deepEqual(extractNumber('#### unknown'), { value: null, method: 'none', afterMarker: 'unknown' });
});

test('thousands separators and decimal commas', () => {
  assert.equal(parseNumber('1,234'), 1234);
  assert.equal(parseNumber('1,234,567'), 1234567);
  assert.equal(parseNumber('1.234.567'), 1234567);
  assert.equal(parseNumber('1 234'), 1234);
  assert.equal(parseNumber('1\u202f234,5'), 1234.5); // narrow no-break space, French style
  assert.equal(parseNumber('1.234,5'), 1234.5);
  assert.equal(parseNumber('1,234.5'), 1234.5);
  assert.equal(parseNumber('3,5'), 3.5);
  assert.equal(parseNumber('0,125'), 0.125); // a leading 0 cannot open a thousands group
  assert.equal(parseNumber('1,2345'), 1.2345);
  assert.equal(parseNumber('1.234'), 1.234); // auto reads a lone point as English does
  assert.equal(parseNumber('1.234', ','), 1234); // French-style text
  assert.equal(parseNumber('1,234', ','), 1.234);
  assert.equal(parseNumber('1,5', '.'), null); // not a valid thousands group under an explicit point
  assert.equal(parseNumber('-0'), 0);
});

test('malformed numbers are refused rather than guessed', () => {
  for (const text of ['1,23,456', '12 34', '1,,2', '1.', 'abc', '4 apples', '1.234.5', '1,234,5.6']) assert.equal(parseNumber(text), null, text);
});

test('a tally keeps strict and fallback accuracy apart', () => {
  const responses: [string, string][] = [
    ['#### B', 'B'], // strict, right
    ['#### C', 'B'], // strict, wrong
    ['I pick B', 'B'], // fallback, right
    ['#### (d)', 'A'], // fallback, wrong
    ['unsure', 'A'], // none
  ];
  const t = tallyExtractions(responses.map(([r, gold]) => ({ extraction: extractLetter(r), gold })));
  assert.deepEqual(t, { total: 5, strict: 2, fallback: 2, none: 1, strictCorrect: 1, fallbackCorrect: 1, strictAccuracy: 0.2, tolerantAccuracy: 0.4 });
});
