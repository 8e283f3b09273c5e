import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import fc from 'fast-check';
import { fromRepo } from '../../test/helpers/paths';
import { propertyRuns } from '../../test/helpers/property';
import { EWE } from '../coverage/profiles';
import {
  EWE_LETTER_KEYS,
  EWE_TONE_KEYS,
  MAX_RUN_KEYS,
  composeAfterTyping,
  composeInField,
  eweKeysHint,
  insideJsonString,
  runEdit,
  runKey,
  runLanded,
  runTarget,
  startRun,
  typeKeys,
  type TypingRun,
} from './eweInput';

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

/** Keys a user may type: the prefix, every sequence key, plain letters, space, a quote and a backslash. */
const KEY = fc.constantFrom(';', ';', ';', ...Object.keys(EWE_LETTER_KEYS), ...Object.keys(EWE_TONE_KEYS), 'a', 'u', 'x', ' ', '"', '\\');

/** Types `keys` into a text box, each composed as it lands (what the webviews do), with `after` after the cursor. */
function typeInField(before: string, keys: string, after: string): string {
  let state = { value: before + after, cursor: before.length, literal: false };
  for (const key of keys) {
    const value = state.value.slice(0, state.cursor) + key + state.value.slice(state.cursor);
    state = composeInField(value, state.cursor + 1, state.literal);
  }
  return state.value;
}

test(';D;e;n typed with no time between keys gives Ɖɛŋ, in a text box and in an editor line', () => {
  assert.equal(typeKeys('', ';D;e;n'), 'Ɖɛŋ');
  assert.equal(typeInField('', ';D;e;n', ''), 'Ɖɛŋ');
  assert.equal(typeInField('Mia ', ';D;e;n', ' kplɔ'), 'Mia Ɖɛŋ kplɔ');
  // An editor that refuses every edit until the typist stops: the last key's edit carries them all.
  let run = startRun('  "source": "');
  for (const key of ';D;e;n') run = runKey(run, key);
  const target = runTarget(run, insideJsonString);
  assert.deepEqual(runEdit(run, target), { start: 13, end: 19, insert: 'Ɖɛŋ' });
  assert.equal(target, '  "source": "Ɖɛŋ');
});

test('a text box composes any keys exactly as typing them one at a time does, whatever is after the cursor', () => {
  fc.assert(
    fc.property(fc.string({ maxLength: 6 }), fc.array(KEY, { maxLength: 30 }), fc.string({ maxLength: 6 }), (before, keys, after) => {
      const typed = keys.join('');
      assert.equal(typeInField(before, typed, after), typeKeys(before, typed) + after);
    }),
    propertyRuns(300),
  );
});

test('an editor line ends as typing one key at a time would leave it, whichever edits the editor refused', () => {
  // Each key's edit lands or is refused (the next key came first); the last key's edit lands (the typist stops).
  fc.assert(
    fc.property(fc.constantFrom('', 'e', '  "source": "', '"a;": "'), fc.array(fc.tuple(KEY, fc.boolean()), { maxLength: 30 }), (base, steps) => {
      const composesAt = base.startsWith(' ') || base.startsWith('"') ? insideJsonString : undefined;
      let run: TypingRun = startRun(base);
      steps.forEach(([key, lands], i) => {
        run = runKey(run, key);
        const target = runTarget(run, composesAt);
        const edit = runEdit(run, target);
        if (edit && (lands || i === steps.length - 1)) {
          assert.equal(run.held.slice(0, edit.start) + edit.insert, target);
          run = runLanded(run, target);
        }
      });
      assert.equal(run.held, typeKeys(base, steps.map(([key]) => key).join(''), composesAt));
    }),
    propertyRuns(300),
  );
});

test('an editor composes only inside JSON strings, even when the edits land late', () => {
  let run = startRun('{ ');
  for (const key of ';d "a;d": ;d') run = runKey(run, key);
  assert.equal(runTarget(run, insideJsonString), '{ ;d "aɖ": ;d');
});

test('a typing run is bounded: past MAX_RUN_KEYS keys with no edit landed it starts afresh from the line', () => {
  let run = startRun('');
  for (let i = 0; i < MAX_RUN_KEYS * 3; i++) run = runKey(run, i % 2 ? 'x' : ';');
  assert.ok(run.keys.length <= MAX_RUN_KEYS);
  assert.equal(run.held.length, MAX_RUN_KEYS * 3);
});

test('the keys hint names every small letter and tone mark', () => {
  const hint = eweKeysHint();
  for (const letter of EWE.specialLetters) assert.ok(hint.includes(letter), letter);
  assert.ok(hint.includes(";' á"));
  assert.ok(hint.includes(';; ;'));
});

test("VS Code does not box the Ewe letters as look-alikes in JSON, and the walkthrough's page lists every sequence", () => {
  const manifest = JSON.parse(fs.readFileSync(fromRepo('package.json'), 'utf8')) as {
    contributes: { configurationDefaults: Record<string, Record<string, Record<string, boolean>>> };
  };
  const letters = Object.values(EWE_LETTER_KEYS).sort();
  for (const language of ['[json]', '[jsonc]']) {
    const allowed = manifest.contributes.configurationDefaults[language]['editor.unicodeHighlight.allowedCharacters'];
    assert.deepEqual(Object.keys(allowed).sort(), letters, language);
  }
  for (const page of ['ewe-typing.md', 'ewe-typing.fr.md']) {
    const text = fs.readFileSync(fromRepo('media', 'walkthrough', page), 'utf8');
    for (const [key, letter] of Object.entries(EWE_LETTER_KEYS)) assert.ok(text.includes(`| \`;${key}\` | ${letter} |`), `${page}: ;${key}`);
    for (const key of Object.keys(EWE_TONE_KEYS)) assert.ok(text.includes(key === '`' ? '`` ;` ``' : `\`;${key}\``), `${page}: ;${key}`);
  }
});

test('every walkthrough page the manifest names exists, in English and French', () => {
  for (const nls of ['package.nls.json', 'package.nls.fr.json']) {
    const strings = JSON.parse(fs.readFileSync(fromRepo(nls), 'utf8')) as Record<string, string>;
    for (const [key, value] of Object.entries(strings))
      if (/^walkthrough\..*\.media$/.test(key)) assert.ok(fs.existsSync(fromRepo(...value.split('/'))), `${nls}: ${key} → ${value}`);
  }
});
