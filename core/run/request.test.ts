import { test } from 'node:test';
import assert from 'node:assert/strict';
import { corpusRunInfo, DEFAULT_SYSTEM_PROMPT, entryRequest, isSecretEntry, RequestError, testRequest } from './request';

test('a prompt test gets the default system prompt, temperature 0.3 and 1024 tokens', () => {
  assert.deepEqual(testRequest({ id: 't', prompt: 'Ŋkɔwòe?' }, 'deepseek-chat'), {
    model: 'deepseek-chat',
    messages: [
      { role: 'system', content: 'Tu es Yawo, un assistant IA qui répond en Ewe.' },
      { role: 'user', content: 'Ŋkɔwòe?' },
    ],
    temperature: 0.3,
    max_tokens: 1024,
  });
  assert.equal(DEFAULT_SYSTEM_PROMPT, 'Tu es Yawo, un assistant IA qui répond en Ewe.');
});

test('the test’s own system prompt and temperature are used; a present null system is sent as null (test.get)', () => {
  const r = testRequest({ prompt: 'p', system: 'Be brief.', temperature: 0 }, 'm');
  assert.deepEqual(r.messages[0], { role: 'system', content: 'Be brief.' });
  assert.equal(r.temperature, 0);
  assert.equal(testRequest({ prompt: 'p', system: null }, 'm').messages[0].content, null);
});

test('messages are sent as written (extra keys kept), even when a prompt is also present', () => {
  const messages = [
    { role: 'system', content: 'S' },
    { role: 'user', content: 'U1' },
    { role: 'assistant', content: 'A1', name: 'yawo' },
    { role: 'user', content: 'U2' },
  ];
  const r = testRequest({ messages, prompt: 'ignored', temperature: 0.7 }, 'm');
  assert.deepEqual(r.messages, messages);
  assert.equal(r.temperature, 0.7);
});

test('tests the harness cannot send give a RequestError with English and French reasons', () => {
  for (const bad of [null, 'text', [], { id: 'x' }, { messages: 'hi' }, { prompt: 'p', temperature: '0.3' }, { prompt: 'p', temperature: null }]) {
    assert.throws(
      () => testRequest(bad, 'm'),
      (e: unknown) => e instanceof RequestError && e.reason.en.length > 0 && e.reason.fr.length > 0,
    );
  }
});

test("a corpus entry on its own is the harness's single strategy: its naive system prompt, then the source alone, max_tokens 32768", () => {
  const corpus = corpusRunInfo({
    dataset: { id: 'd', target_language: 'ee', source_language: 'en' },
    entries: [{ id: 1, source: 'Good morning.', reference: 'Ŋdi na wò.' }],
  });
  const r = entryRequest(corpus.entries[0], corpus, 'm');
  assert.deepEqual(r, {
    model: 'm',
    messages: [
      {
        role: 'system',
        content: 'You are a translator. Translate the given English text to Ewe. Output ONLY the translation, nothing else. No explanations, no notes.',
      },
      { role: 'user', content: 'Good morning.' },
    ],
    temperature: 0,
    max_tokens: 32768,
  });
  assert.equal(entryRequest(corpus.entries[0], corpus, 'm', 0.5).temperature, 0.5);
});

test('envelope corpus: dataset identity, language pair label and the profile’s language name', () => {
  const info = corpusRunInfo({
    dataset: { id: 'eng-ewe-dev-v1', version: '1.0', language_pair: 'English → Ewe', source_language: 'en', target_language: 'ee' },
    entries: [{ id: 3, source: 'a', reference: 'b', segment: 'gold_standard', difficulty: 2, provenance: 'textbook', register: 'formal' }],
  });
  assert.equal(info.shape, 'envelope');
  assert.equal(info.datasetId, 'eng-ewe-dev-v1');
  assert.equal(info.version, '1.0');
  assert.equal(info.languagePair, 'English → Ewe');
  assert.equal(info.targetName, 'Ewe');
  assert.equal(info.script, 'Latin');
  assert.deepEqual(info.entries[0], {
    id: 3,
    index: 0,
    source: 'a',
    reference: 'b',
    segment: 'gold_standard',
    difficulty: 2,
    provenance: 'textbook',
    register: 'formal',
    domain: null,
  });
  assert.equal(isSecretEntry(info.entries[0]), true);
});

test('curated corpus: corpus_id, codes as src>tgt, target_name when no profile, provenance object to its tag, segment inherited', () => {
  const info = corpusRunInfo({
    corpus_id: 'tatoeba-eng-yor-dev',
    version: '0.1.0',
    language_pair: { source: 'eng', target: 'yor', source_name: 'English', target_name: 'Yoruba' },
    segment: 'development',
    entries: [{ id: 'tatoeba_1', source: 'Hi.', reference: 'Báwo.', difficulty: 1, provenance: { source_name: 'tatoeba', license: 'CC-BY-2.0' } }],
  });
  assert.equal(info.shape, 'curated');
  assert.equal(info.datasetId, 'tatoeba-eng-yor-dev');
  assert.equal(info.languagePair, 'eng>yor');
  assert.equal(info.targetName, 'Yoruba');
  assert.equal(info.entries[0].provenance, 'tatoeba');
  assert.equal(info.entries[0].segment, 'development');
  assert.equal(isSecretEntry(info.entries[0]), false);
});

test('flat corpus: ids assigned as the harness loader does (0-based position, only where missing); no language assumed', () => {
  const info = corpusRunInfo(
    [
      { source: 'a', target: 'x' },
      { id: 'keep', source: 'b', reference: 'y' },
      { source: 'c', reference: 'z' },
    ],
    'my-corpus',
  );
  assert.equal(info.shape, 'flat');
  assert.equal(info.datasetId, 'my-corpus');
  assert.deepEqual(
    info.entries.map((e) => e.id),
    [0, 'keep', 2],
  );
  assert.equal(info.entries[0].reference, 'x');
  // The harness's generic prompt ("the target language"), not a guessed language.
  assert.equal(info.targetName, null);
  assert.equal(info.script, null);
});

test('legacy names map to the spec’s: index→id, source_text→source, target_expected→reference', () => {
  const info = corpusRunInfo({
    dataset: { id: 'old', target_language: 'crk' },
    entries: [{ index: 7, source_text: 'I see it.', target_expected: 'niwâpahtên.', difficulty: 'easy' }],
  });
  assert.equal(info.shape, 'legacy');
  assert.deepEqual(info.entries[0], {
    id: 7,
    index: 0,
    source: 'I see it.',
    reference: 'niwâpahtên.',
    segment: null,
    difficulty: 'easy',
    provenance: null,
    register: null,
    domain: null,
  });
  assert.equal(info.targetName, 'Plains Cree');
  assert.throws(() => corpusRunInfo({ hello: 1 }), /not a Rosetta corpus/);
});
