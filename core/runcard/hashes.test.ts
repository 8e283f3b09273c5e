import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { fromRepo } from '../../test/helpers/paths';
import { cardIdFromFingerprint, datasetSha256, fingerprintComponents, fingerprintHash, runCardHash, sha256Hex, systemPromptSha256, uuid5 } from './hashes';
import { dumpsPy, HASH_DUMPS_OPTIONS, isPyObject, parsePyJson, pyFloat, pyInt, toPyValue, type PyObject, type PyValue } from '../python/json';

function loadCard(folder: 'valid' | 'invalid', name: string): PyObject {
  const card = parsePyJson(readFileSync(fromRepo('test-fixtures', 'runcards', folder, name), 'utf8'));
  assert.ok(isPyObject(card));
  return card;
}

function field(o: PyValue | undefined, ...path: string[]): PyValue | undefined {
  let v = o;
  for (const key of path) v = isPyObject(v) ? v.get(key) : undefined;
  return v;
}

// The fingerprint test vector from the harness notes.
const VECTOR_COMPONENTS =
  '{"batch_size": 25, "condition": "baseline", "dataset_sha256": "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855", "harness_version": "3.0.0", "model_slug": "google/gemini-3.1-pro", "system_prompt_sha256": "a17d0bbf66fa1ef8e4fef3db95e67f5bd6b9ee8572349b2e8e1952763a3cceb5", "temperature": 0.0, "tools_enabled": false}';
const VECTOR_HASH = 'ee87cb8359d3bd5bd33f009d1c853e049d42cd8b158f98f65f1d7806a6061457';

// Literal values computed once with CPython 3.11 (json.dumps + hashlib + uuid) from the sample card.
const SAMPLE_FINGERPRINT = '4c7759e1d3f1e162c018b05dc385c4f5681d17c39acced478390941f5722cc02';
const SAMPLE_RUN_CARD_HASH = 'cde8a0aa8dc6e6d1fcde1bdda7b31fefca500fa93a7499355a72a5f15a278080';
const SAMPLE_PROMPT_SHA = '0b13e73e21ab369afb382b1f898dd6eed8c4092bdd2986ade646a63121184a92';
const TAMPERED_RECOMPUTED = '62d188f2d2a4b0c30f4f3cdd963412d585718219ba5f33c62d77bf0c7b9c4507';

test('system prompt hash is SHA-256 of the UTF-8 bytes', () => {
  assert.equal(systemPromptSha256('You are a translator.'), 'a17d0bbf66fa1ef8e4fef3db95e67f5bd6b9ee8572349b2e8e1952763a3cceb5');
  // Non-ASCII text hashes its UTF-8 encoding, so string and bytes agree.
  const prompt = 'Translate into Eʋegbe: ɖ ɛ ƒ ɣ ŋ ɔ ʋ';
  assert.equal(systemPromptSha256(prompt), sha256Hex(new TextEncoder().encode(prompt)));
});

test('dataset hash is SHA-256 of the raw file bytes (a BOM or CRLF changes it)', () => {
  assert.equal(datasetSha256(new Uint8Array()), 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
  const lf = new TextEncoder().encode('{"entries": []}\n');
  const crlf = new TextEncoder().encode('{"entries": []}\r\n');
  assert.notEqual(datasetSha256(lf), datasetSha256(crlf));
  assert.equal(datasetSha256(lf), sha256Hex('{"entries": []}\n'));
});

test('hashing text with a lone surrogate fails, as Python’s UTF-8 encoder does', () => {
  assert.throws(() => sha256Hex('a\ud800b'), RangeError);
  assert.throws(() => sha256Hex('\udc00'), RangeError);
  assert.doesNotThrow(() => sha256Hex('\u{1F600}'));
  assert.throws(() => runCardHash(parsePyJson('{"predicted": "\\ud83d"}')), RangeError);
});

test('fingerprint of the harness test vector matches', () => {
  const components = parsePyJson(VECTOR_COMPONENTS);
  assert.equal(dumpsPy(components, HASH_DUMPS_OPTIONS), VECTOR_COMPONENTS, 'the vector is already in canonical form');
  assert.equal(fingerprintHash(components), VECTOR_HASH);
});

test('temperature 0 written as an int gives a different fingerprint than 0.0', () => {
  const asInt = parsePyJson(VECTOR_COMPONENTS.replace('"temperature": 0.0', '"temperature": 0'));
  assert.notEqual(fingerprintHash(asInt), VECTOR_HASH);
  // JSON.parse forgets the ".0", which is why parsePyJson exists.
  assert.notEqual(fingerprintHash(toPyValue(JSON.parse(VECTOR_COMPONENTS))), VECTOR_HASH);
});

test('fingerprint components come from the card fields, with dataset.sha256 renamed', () => {
  const card = parsePyJson(
    '{"run_id": "x", "harness_version": "3.0.0", "model_slug": "google/gemini-3.1-pro", "condition": "baseline", "temperature": 0.0, ' +
      '"system_prompt_sha256": "a17d0bbf66fa1ef8e4fef3db95e67f5bd6b9ee8572349b2e8e1952763a3cceb5", "tools_enabled": false, "batch_size": 25, ' +
      '"dataset": {"id": "d", "sha256": "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"}, "scores": {"total": 1}}',
  );
  const components = fingerprintComponents(card);
  assert.deepEqual([...components.keys()].sort(), [
    'batch_size',
    'condition',
    'dataset_sha256',
    'harness_version',
    'model_slug',
    'system_prompt_sha256',
    'temperature',
    'tools_enabled',
  ]);
  assert.equal(fingerprintHash(components), VECTOR_HASH);
});

test('missing fingerprint fields become null (Python None)', () => {
  const components = fingerprintComponents(parsePyJson('{"model_slug": "m", "temperature": 0.7, "dataset": "not an object"}'));
  assert.equal(
    dumpsPy(components, HASH_DUMPS_OPTIONS),
    '{"batch_size": null, "condition": null, "dataset_sha256": null, "harness_version": null, "model_slug": "m", "system_prompt_sha256": null, "temperature": 0.7, "tools_enabled": null}',
  );
  assert.equal(field(fingerprintComponents(parsePyJson('{"dataset": {}}')), 'dataset_sha256'), null);
  assert.throws(() => fingerprintComponents(parsePyJson('[]')), TypeError);
});

test('the sample run card’s hashes match the ones CPython computed', () => {
  const card = loadCard('valid', 'sample-run-card.json');
  assert.equal(systemPromptSha256(field(card, 'system_prompt_used') as string), SAMPLE_PROMPT_SHA);
  assert.equal(field(card, 'system_prompt_sha256'), SAMPLE_PROMPT_SHA);
  const components = fingerprintComponents(card);
  assert.equal(fingerprintHash(components), SAMPLE_FINGERPRINT);
  assert.equal(field(card, 'fingerprint', 'hash'), SAMPLE_FINGERPRINT);
  assert.equal(dumpsPy(components, HASH_DUMPS_OPTIONS), dumpsPy(field(card, 'fingerprint', 'components') as PyValue, HASH_DUMPS_OPTIONS));
  assert.equal(runCardHash(card), SAMPLE_RUN_CARD_HASH);
  assert.equal(field(card, 'run_card_hash'), SAMPLE_RUN_CARD_HASH);
});

test('runCardHash ignores the stored seal and does not modify the card', () => {
  const card = loadCard('valid', 'sample-run-card.json');
  const withOtherSeal = new Map(card).set('run_card_hash', 'f'.repeat(64));
  assert.equal(runCardHash(withOtherSeal), SAMPLE_RUN_CARD_HASH);
  assert.equal(card.get('run_card_hash'), SAMPLE_RUN_CARD_HASH, 'the input keeps its seal');
  // Absent seal: the harness adds run_card_hash = "" before hashing, so the result is the same.
  const unsealed = new Map(card);
  unsealed.delete('run_card_hash');
  assert.equal(runCardHash(unsealed), SAMPLE_RUN_CARD_HASH);
});

test('any change to the card, even 0.0 → 0, breaks the run card hash', () => {
  const card = loadCard('valid', 'sample-run-card.json');
  assert.notEqual(runCardHash(new Map(card).set('temperature', pyInt(0))), SAMPLE_RUN_CARD_HASH);
  assert.equal(runCardHash(new Map(card).set('temperature', pyFloat(0))), SAMPLE_RUN_CARD_HASH);
  // Through JSON.parse the card's 0.0 and 100.0 become ints, so the seal cannot be reproduced.
  const text = readFileSync(fromRepo('test-fixtures', 'runcards', 'valid', 'sample-run-card.json'), 'utf8');
  assert.notEqual(runCardHash(toPyValue(JSON.parse(text))), SAMPLE_RUN_CARD_HASH);
});

test('the tampered fixture keeps the old seal, which no longer matches its contents', () => {
  const card = loadCard('invalid', 'tampered-run-card.json');
  assert.equal(field(card, 'run_card_hash'), SAMPLE_RUN_CARD_HASH);
  assert.equal(runCardHash(card), TAMPERED_RECOMPUTED);
  assert.equal(fingerprintHash(fingerprintComponents(card)), field(card, 'fingerprint', 'hash'), 'the fingerprint is untouched');
});

test('the bad-fingerprint fixture has a wrong fingerprint hash but a valid seal', () => {
  const card = loadCard('invalid', 'bad-fingerprint.json');
  assert.notEqual(fingerprintHash(fingerprintComponents(card)), field(card, 'fingerprint', 'hash'));
  assert.equal(fingerprintHash(fingerprintComponents(card)), SAMPLE_FINGERPRINT);
  assert.equal(runCardHash(card), field(card, 'run_card_hash'));
});

test('card id is uuid5(NAMESPACE_URL, fingerprint hash), as Python’s uuid module computes it', () => {
  // Literal values from CPython's uuid.uuid5(uuid.NAMESPACE_URL, ...).
  assert.equal(cardIdFromFingerprint(VECTOR_HASH), '5f311bb2-e948-5bd9-a14b-1d0b2796891b');
  assert.equal(cardIdFromFingerprint(SAMPLE_FINGERPRINT), '4e70b311-898d-52f9-a142-f5b8c04ab2b1');
  // RFC 4122 appendix B example: uuid5 of "python.org" in the DNS namespace.
  const dns = Uint8Array.from(Buffer.from('6ba7b8109dad11d180b400c04fd430c8', 'hex'));
  assert.equal(uuid5(dns, 'python.org'), '886313e1-3b8a-5372-9b90-0c9aee199e5d');
});
