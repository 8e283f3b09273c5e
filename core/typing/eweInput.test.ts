import { test } from 'node:test';
import assert from 'node:assert/strict';
import { EWE } from '../coverage/profiles';
import { EWE_LETTER_KEYS, EWE_TONE_KEYS, composeAfterTyping, insideJsonString, typeKeys } from './eweInput';

test('every Ewe special letter, small and capital, has a key sequence', () => {
  const typed = new Set(Object.values(EWE_LETTER_KEYS));
  for (const letter of EWE.specialLetters) {
    assert.ok(typed.has(letter), `${letter} cannot be typed`);
    assert.ok(typed.has(letter.toUpperCase()), `${letter.toUpperCase()} cannot be typed`);
  }
  assert.equal(typeKeys('', ';d;D;e;E;f;F;g;G;n;N;o;O;v;V'), 'ɖƉɛƐƒƑɣƔŋŊɔƆʋƲ');
});

test('a word typed with sequences: Eʋegbe, ɖevi, ŋkɔ', () => {
  assert.equal(typeKeys('', 'E;vegbe'), 'Eʋegbe');
  assert.equal(typeKeys('', ';devi'), 'ɖevi');
  assert.equal(typeKeys('', ';nk;o'), 'ŋkɔ');
});

test('tone keys put the mark on the letter before, precomposed where NFC has a form', () => {
  assert.equal(typeKeys('', "e;'"), 'é');
  assert.equal(typeKeys('', 'a;`'), 'à');
  assert.equal(typeKeys('', 'o;<'), 'ǒ');
  assert.equal(typeKeys('', 'e;^'), 'ê');
  assert.equal(typeKeys('', 'a;~'), 'ã');
  assert.equal(typeKeys('', "E;'"), 'É');
  for (const key of Object.keys(EWE_TONE_KEYS)) {
    const out = typeKeys('', `u;${key}`);
    assert.equal(out, out.normalize('NFC'));
  }
});

test('a vowel with no precomposed toned form keeps base + combining mark, in NFC', () => {
  assert.equal(typeKeys('', ";e;'"), 'ɛ\u0301');
  assert.equal(typeKeys('', ';o;`'), 'ɔ\u0300');
  assert.equal(typeKeys('', ';o;~'), 'ɔ\u0303');
});

test('a second tone stacks on the same letter and the result is NFC', () => {
  const out = typeKeys('', "e;~;'");
  assert.equal(out, 'e\u0303\u0301'.normalize('NFC'));
  assert.equal(out, 'ẽ́');
});

test(';; gives a literal ; that does not compose with the next key', () => {
  assert.equal(typeKeys('', ';;'), ';');
  assert.equal(typeKeys('', ';;d'), ';d');
  assert.equal(typeKeys('', 'a;;b'), 'a;b');
  assert.equal(typeKeys('', ';;;d'), ';ɖ');
});

test('other keys after ; and a tone with no letter before it are typed as they are', () => {
  assert.equal(typeKeys('', 'a; b'), 'a; b');
  assert.equal(typeKeys('', ';x'), ';x');
  assert.equal(typeKeys('', ";'"), ";'");
  assert.equal(typeKeys('', " ;'"), " ;'");
  assert.equal(composeAfterTyping('abc'), null);
});

test('composition reports how many units before the cursor it replaces', () => {
  assert.deepEqual(composeAfterTyping('Mia;d'), { deleteBefore: 2, insert: 'ɖ' });
  assert.deepEqual(composeAfterTyping("ɖe;'"), { deleteBefore: 3, insert: 'é' });
  assert.deepEqual(composeAfterTyping(';d', true), null);
});

test('insideJsonString: only string contents, escapes respected', () => {
  const line = '  "source": "a;d \\" b", "x": 1';
  assert.equal(insideJsonString(line, 3), true); // inside the key string
  assert.equal(insideJsonString(line, 10), false); // after the key, before the value
  assert.equal(insideJsonString(line, line.indexOf('a;d') + 2), true);
  assert.equal(insideJsonString(line, line.indexOf(' b"') + 1), true); // after an escaped quote, still inside
  assert.equal(insideJsonString(line, line.length), false);
});
