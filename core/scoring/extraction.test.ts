import { test } from 'node:test';
import assert from 'node:assert/strict';
import { extractLetter, extractNumber, parseNumber } from './extraction';
import { promptSlots, renderPrompt } from './prompts';
import { chanceBaseline, normalisedScore, repeatedRuns } from './repeated';

test('strict letters follow the last ####, as the reference splits', () => {
  assert.deepEqual(extractLetter('A seems right... #### B'), { value: 'B', method: 'strict' });
  assert.deepEqual(extractLetter('#### A #### (c)'), { value: 'C', method: 'strict' });
  assert.deepEqual(extractLetter('#### maybe'), { value: null, method: 'none' });
});

test('without a marker the last standalone letter is a labelled fallback', () => {
  assert.deepEqual(extractLetter('Abla thinks B, but the answer is D.'), { value: 'D', method: 'fallback' });
  assert.deepEqual(extractLetter('Abla ɖe aƒe'), { value: null, method: 'none' });
});

test('numbers: strict after the marker, thousands separators and decimal commas', () => {
  assert.deepEqual(extractNumber('2 + 2 = 4 #### 1,234.5'), { value: 1234.5, method: 'strict' });
  assert.deepEqual(extractNumber('Ŋuɖoɖo: 12 kple 3,5'), { value: 3.5, method: 'fallback' });
  assert.deepEqual(extractNumber('nothing here'), { value: null, method: 'none' });
  assert.equal(parseNumber('1 234'), 1234);
  assert.equal(parseNumber('1.234.567'), 1234567);
  assert.equal(parseNumber('1.234,5'), 1234.5);
  assert.equal(parseNumber('−7'), -7);
  assert.equal(parseNumber('abc'), null);
});

test('prompt templates render with every slot, and refuse a missing one', () => {
  assert.deepEqual(promptSlots('translation'), ['target_language_name', 'script', 'original_sentence']);
  const text = renderPrompt('math', { math_problem_in_target_language: 'Nu kae nye 2 + 2?' });
  assert.match(text, /#### <number>\n\n---\n\nNu kae nye 2 \+ 2\?$/);
  assert.throws(() => renderPrompt('translation', { script: 'Latin' }), /\{target_language_name\}, \{original_sentence\}/);
});

test('repeated runs: mean, standard error, chance-normalised score', () => {
  const r = repeatedRuns([0.5, 0.7, 0.6, 0.6]);
  assert.equal(r.mean, 0.6);
  assert.equal(Math.round(r.standardError! * 1e6) / 1e6, 0.040825);
  assert.equal(repeatedRuns([0.3]).standardError, null);
  assert.equal(normalisedScore(0.625, chanceBaseline({ kind: 'multiple_choice', options: 4 })), 50);
  assert.equal(normalisedScore(0.2, 0.25), 0);
  assert.equal(normalisedScore(0.8, chanceBaseline({ kind: 'generative' })), 80);
});
