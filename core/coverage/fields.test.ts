import { test } from 'node:test';
import assert from 'node:assert/strict';
import { classify } from '../document/classify';
import { languageStrings } from './fields';
import { EWE, PLAINS_CREE } from './profiles';

const describe = (value: unknown, override?: typeof EWE) =>
  languageStrings(value, classify(value), override).map((s) => `${s.path.join('.')}=${s.profile.codes[0]}@${s.item.label}`);

test('tests: prompt, user and assistant messages, expected and keywords carry Ewe; ids, system prompts and descriptions do not', () => {
  const tests = [
    { id: 't1', prompt: 'Ɖe', system: 'Tu es Yawo', eval_method: 'keywords', expected_keywords: ['ɖe', 'dɔ'], description: 'Ð' },
    {
      id: 't2',
      messages: [
        { role: 'system', content: 'Tu es Yawo' },
        { role: 'user', content: 'Aleke nèle?' },
        { role: 'assistant', content: 'Mele nyuie' },
      ],
      eval_method: 'exact_match',
      expected: 'Ɛ̃',
    },
    { prompt: 'no id', eval_method: 'ewe_quality' },
  ];
  assert.deepEqual(describe(tests), [
    '0.prompt=ee@t1',
    '0.expected_keywords.0=ee@t1',
    '0.expected_keywords.1=ee@t1',
    '1.expected=ee@t2',
    '1.messages.1.content=ee@t2',
    '1.messages.2.content=ee@t2',
    '2.prompt=ee@#3',
  ]);
});

test('a multiple-choice answer is an option letter, not Ewe text', () => {
  assert.deepEqual(describe([{ id: 'mc', prompt: 'Kae nye?', eval_method: 'multiple_choice', expected: 'B' }]), ['0.prompt=ee@mc']);
});

test('tests can be read with another profile', () => {
  assert.deepEqual(describe([{ id: 'c', prompt: 'tânisi', eval_method: 'ewe_quality' }], PLAINS_CREE), ['0.prompt=crk@c']);
});

test('an envelope corpus: reference in its target language, source in its source language', () => {
  const corpus = { dataset: { source_language: 'ee', target_language: 'crk' }, entries: [{ id: 1, source: 'Ɖevi', reference: 'awâsis', notes: 'x' }] };
  assert.deepEqual(describe(corpus), ['entries.0.reference=crk@1', 'entries.0.source=ee@1']);
});

test('a curated corpus takes its languages from language_pair; a language without a profile is skipped', () => {
  const corpus = { corpus_id: 'eng-ewe', language_pair: { source: 'eng', target: 'ewe' }, entries: [{ id: 'tatoeba_1', source: 'hello', reference: 'woezɔ' }] };
  assert.deepEqual(describe(corpus), ['entries.0.reference=ee@tatoeba_1']);
  const unknown = { dataset: { source_language: 'en', target_language: 'yo' }, entries: [{ id: 1, source: 'hello', reference: 'ẹ kú àárọ̀' }] };
  assert.deepEqual(describe(unknown), []);
});

test('a flat corpus names no language: its target is read as Ewe; legacy names count like the new ones', () => {
  assert.deepEqual(describe([{ id: 1, source: 'water', target: 'tsi' }]), ['0.target=ee@1']);
  assert.deepEqual(describe([{ index: 4, source_text: 'fire', target_expected: 'dzo' }]), ['0.target_expected=ee@4']);
});
