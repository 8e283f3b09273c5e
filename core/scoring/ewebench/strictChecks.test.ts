import { test } from 'node:test';
import assert from 'node:assert/strict';
import { listItemCount, numberedItemCount, sentenceCount, STRICT_CHECKS } from './strictChecks';

test('sentences end at . ! ? … followed by whitespace or the end; decimals and empty pieces do not count', () => {
  assert.equal(sentenceCount('Ɛ, mele nyuie. Akpe.'), 2);
  assert.equal(sentenceCount('Ga 1.5 le asi me'), 1);
  assert.equal(sentenceCount('Ee!!! Nyateƒe… Ao?'), 3);
  assert.equal(sentenceCount('  ...  '), 0);
  assert.equal(sentenceCount(''), 0);
  assert.deepEqual(STRICT_CHECKS.max_sentences(1, 'Nya ɖeka ko.'), { passed: true, observed: 1 });
  assert.deepEqual(STRICT_CHECKS.max_sentences(1, 'Nya ɖeka. Nya eve.'), { passed: false, observed: 2 });
});

test('max_word_count counts Python str.split() words', () => {
  assert.deepEqual(STRICT_CHECKS.max_word_count(3, 'a\u0085b\u001cc'), { passed: true, observed: 3 });
  assert.deepEqual(STRICT_CHECKS.max_word_count(2, 'a\ufeffb c d'), { passed: false, observed: 3 });
});

test('starts_with ignores case, leading markup and quotes, and NFC/NFD differences', () => {
  assert.equal((STRICT_CHECKS.starts_with('Nyateƒe', '  **nyateƒe**, ele alea.') as { passed: boolean }).passed, true);
  assert.equal((STRICT_CHECKS.starts_with('Èwé', '« E\u0300we\u0301gbe »') as { passed: boolean }).passed, true);
  assert.equal((STRICT_CHECKS.starts_with('Nyateƒe', 'Ao, menye nyateƒe o') as { passed: boolean }).passed, false);
});

test('list items: bulleted and numbered, one per line; numbered_list_items counts only numbers', () => {
  const text = '1. Ɖeka\n2) Eve\n- Etɔ̃\n* Ene\n• Atɔ̃\r\n+ Ade\nnot an item\n-x';
  assert.equal(listItemCount(text), 6);
  assert.equal(numberedItemCount(text), 2);
  assert.deepEqual(STRICT_CHECKS.list_item_count(6, text), { passed: true, observed: 6 });
  assert.deepEqual(STRICT_CHECKS.numbered_list_items(7, text), { passed: false, observed: 2 });
});

test('no_french: French function words that are not also Ewe, as whole words; false is not scored', () => {
  assert.deepEqual(STRICT_CHECKS.no_french(true, 'Mele afi la de le du me.'), { passed: true, observed: [] });
  assert.deepEqual(STRICT_CHECKS.no_french(true, 'Voici les ŋkɔwo.'), { passed: false, observed: ['les', 'voici'] });
  assert.equal(STRICT_CHECKS.no_french(false, 'Voici'), 'not-scored');
});

test('a value of the wrong type fails with a note', () => {
  assert.deepEqual(STRICT_CHECKS.max_sentences('1', 'x'), { passed: false, note: 'value must be a number' });
  assert.deepEqual(STRICT_CHECKS.starts_with(3, 'x'), { passed: false, note: 'value must be a string' });
  assert.deepEqual(STRICT_CHECKS.no_french('yes', 'x'), { passed: false, note: 'value must be true or false' });
});
