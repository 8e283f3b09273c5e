import { test } from 'node:test';
import assert from 'node:assert/strict';
import { languageName, scriptCode, scriptName } from './script';
import { corpusRunInfo } from './corpus';
import { corpusRequest, corpusSystemPrompt } from './batch';

test('scripts from CLDR likely subtags: Amharic Ethiopic, Japanese, Ewe Latin (639-1 and 639-3 codes)', () => {
  assert.equal(scriptCode('am'), 'Ethi');
  assert.equal(scriptName('amh'), 'Ethiopic');
  assert.equal(scriptCode('ja'), 'Jpan');
  assert.equal(scriptName('jpn'), 'Japanese');
  assert.equal(scriptName('ee'), 'Latin');
  assert.equal(scriptName('ewe'), 'Latin');
});

test('a script the corpus declares in its code wins over CLDR (Plains Cree in SRO)', () => {
  assert.equal(scriptName('crk'), 'Unified Canadian Aboriginal Syllabics');
  assert.equal(scriptName('crk-Latn'), 'Latin');
});

test('an unknown code names no script, and the prompt leaves the clause out (never a Latin default)', () => {
  assert.equal(scriptName('xyz'), null);
  assert.equal(scriptName('und'), null);
  assert.equal(scriptName(''), null);
  const info = corpusRunInfo({ dataset: { id: 'd', source_language: 'en', target_language: 'xyz' }, entries: [{ id: 1, source: 'Hi.', reference: 'x' }] });
  assert.equal(info.script, null);
  const body = corpusRequest(info.entries, info, { model: 'm', temperature: 0, promptVersion: 'multilingual', batchSize: 1, style: 'plain' });
  assert.equal(body.messages[0].content, 'Translate the following text to the xyz language; reply only with the translation:\n\nHi.');
  assert.doesNotMatch(corpusSystemPrompt(info, 'multilingual'), /Latin|script/);
});

test('an Amharic corpus asks for the Ethiopic script in the multilingual prompt', () => {
  const info = corpusRunInfo({ dataset: { id: 'd', source_language: 'en', target_language: 'am' }, entries: [{ id: 1, source: 'Hi.', reference: 'x' }] });
  assert.equal(
    corpusSystemPrompt(info, 'multilingual'),
    'Translate the following text to the Amharic language; use the Ethiopic script; reply only with the translation:\n\n{original_sentence}',
  );
  assert.equal(languageName('eng'), 'English');
});
