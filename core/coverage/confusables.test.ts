import { test } from 'node:test';
import assert from 'node:assert/strict';
import { JsonDocument } from '../document/jsonDocument';
import { codePoints, confusableForms, confusablesIn, confusablesInText, type ConfusableHit } from './confusables';
import { EWE, PLAINS_CREE, PROFILES } from './profiles';

/** The look-alikes of the first test's prompt, found through the document as the rules find them. */
function hitsInPrompt(json: string, profile = EWE): ConfusableHit[] {
  const doc = new JsonDocument(json);
  const prompt = (doc.value as { prompt: string }[])[0].prompt;
  const hits: ConfusableHit[] = [];
  confusablesIn(doc, prompt, profile, () => [0, 'prompt'], hits);
  return hits;
}

test('every look-alike pair of every profile is found, in NFC and in NFD, at its exact offset', () => {
  for (const profile of PROFILES) {
    for (const [found, intended] of Object.entries(profile.confusables)) {
      for (const form of ['NFC', 'NFD'] as const) {
        const written = found.normalize(form);
        const json = JSON.stringify([{ prompt: `ta ${written}ka` }]);
        const hits = hitsInPrompt(json, profile);
        assert.equal(hits.length, 1, `${profile.codes[0]} ${form} ${codePoints(found)}`);
        assert.equal(json.slice(hits[0].span.start, hits[0].span.end), written);
        assert.equal(hits[0].found, written);
        assert.equal(hits[0].expected, intended.normalize(form), 'the replacement keeps the form it replaces');
      }
    }
  }
});

test('a look-alike carrying an accent in one character is replaced by the letter with that accent', () => {
  const hits = hitsInPrompt(JSON.stringify([{ prompt: 'Έ έ ή ὺ' }]));
  assert.deepEqual(
    hits.map((h) => [h.found, h.expected]),
    [
      ['έ', 'ɛ́'],
      ['ή', 'ŋ́'],
      ['ὺ', 'ʋ̀'],
    ],
  );
  // The Greek capital epsilon looks like a Latin E, not like Ɛ: it is not a look-alike of an Ewe letter.
  assert.equal(confusableForms(EWE).has('Ε'), false);
});

test('a decomposed look-alike keeps the marks that follow it', () => {
  const hits = hitsInPrompt(JSON.stringify([{ prompt: 'ε\u0301 ā\u0301'.normalize('NFD') }]), PLAINS_CREE);
  assert.deepEqual(
    hits.map((h) => h.found),
    ['a\u0304'],
  );
  const ewe = hitsInPrompt(JSON.stringify([{ prompt: 'ε\u0301' }]));
  assert.deepEqual(
    ewe.map((h) => [h.found, h.expected]),
    [['ε', 'ɛ']],
  );
});

test('the real letters are never look-alikes, in either case or form', () => {
  for (const profile of PROFILES) {
    const all = profile.letters.join(' ') + ' ' + profile.letters.join(' ').toUpperCase();
    assert.deepEqual(confusablesInText(all, profile), [], profile.codes[0]);
    assert.deepEqual(confusablesInText(all.normalize('NFD'), profile), [], profile.codes[0]);
  }
  assert.deepEqual(confusablesInText('Ðe wòle ɖe', PLAINS_CREE), [], 'Ewe look-alikes are not Cree ones');
});

test('look-alikes written as JSON escapes span the whole escape, and escapes before them shift nothing', () => {
  const json = '[{"prompt": "a\\n\\"b\\" \\ud83d\\ude00 \\u00d0e \\u0111 e\\u0301 \\u03b5"}]';
  const hits = hitsInPrompt(json);
  assert.deepEqual(
    hits.map((h) => json.slice(h.span.start, h.span.end)),
    ['\\u00d0', '\\u0111', '\\u03b5'],
  );
  assert.deepEqual(
    hits.map((h) => h.expected),
    ['Ɖ', 'ɖ', 'ɛ'],
  );
});

test('a decomposed look-alike written half as an escape spans both parts', () => {
  const json = '[{"prompt": "ta\\u0304"}]';
  const [hit] = hitsInPrompt(json, PLAINS_CREE);
  assert.equal(json.slice(hit.span.start, hit.span.end), 'a\\u0304');
  assert.equal(hit.expected, 'a\u0302');
});

test('the multi_turn look-alike: Latin Ð (U+00D0) in "Ðe wòle" is found and named', () => {
  const json = '[\n  {\n    "id": "multi_turn_002",\n    "prompt": "Ðe wòle Lomé?"\n  }\n]';
  const [hit] = hitsInPrompt(json);
  assert.equal(hit.found, 'Ð');
  assert.equal(codePoints(hit.found), 'U+00D0');
  assert.equal(hit.expected, 'Ɖ');
  assert.equal(codePoints('ɛ́'), 'U+025B U+0301');
});
