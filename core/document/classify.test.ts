import { test } from 'node:test';
import assert from 'node:assert/strict';
import { classify, classifyFile, kindFromGlobs } from './classify';
import { compileGlob } from './glob';

test('ÈwéBench tests are arrays of objects with eval_method, prompt or messages', () => {
  assert.equal(classify([{ id: 'a', prompt: 'x' }]).kind, 'ewebench-tests');
  assert.equal(classify([{ id: 'a', messages: [] }]).kind, 'ewebench-tests');
  assert.equal(classify([]).kind, 'unknown');
  assert.equal(classify([1, 2]).kind, 'unknown');
});

test('the four corpus shapes are told apart', () => {
  assert.deepEqual(classify({ dataset: {}, entries: [{ id: 1, source: 'a', reference: 'b' }] }), {
    kind: 'rosetta-corpus',
    shape: 'envelope',
    entriesPath: ['entries'],
  });
  assert.equal(classify({ corpus_id: 'x', entries: [] }).shape, 'curated');
  assert.deepEqual(classify([{ source: 'a', target: 'b' }]), { kind: 'rosetta-corpus', shape: 'flat', entriesPath: [] });
  assert.equal(classify([{ index: 1, source_text: 'a', target_expected: 'b' }]).shape, 'legacy');
  assert.equal(classify({ dataset: {}, entries: [{ index: 1, source_text: 'a' }] }).shape, 'legacy');
});

test('run cards have run_card_hash, or a fingerprint with scores', () => {
  assert.equal(classify({ run_card_hash: '' }).kind, 'rosetta-run-card');
  assert.equal(classify({ fingerprint: {}, scores: {} }).kind, 'rosetta-run-card');
  assert.equal(classify({ fingerprint: {} }).kind, 'unknown');
});

test('$schema decides when present', () => {
  assert.equal(classify({ $schema: 'https://ewebench.studio/schemas/rosetta-run-card.schema.json' }).kind, 'rosetta-run-card');
});

test('settings globs force a kind by path', () => {
  assert.equal(kindFromGlobs('/w/tests/empty.json', { 'ewebench-tests': ['**/tests/*.json'] }), 'ewebench-tests');
  assert.equal(kindFromGlobs('/w/other/empty.json', { 'ewebench-tests': ['**/tests/*.json'] }), undefined);
  assert.ok(compileGlob('data/**')('/w/data/a/b.json'));
  assert.ok(!compileGlob('*.json')('a/b.txt'));
});

test('an ÈwéBench results file (the harness’s report or ours) is its own kind', () => {
  assert.equal(classify({ benchmark: 'ÈwéBench', version: '1.0.0', categories: {} }).kind, 'ewebench-results');
  assert.equal(classify({ $schema: 'https://ewebench.studio/schemas/ewebench-results.schema.json' }).kind, 'ewebench-results');
  assert.equal(classify({ benchmark: 'ÈwéBench', categories: [] }).kind, 'unknown');
  assert.equal(classify({ benchmark: 'Other', categories: {} }).kind, 'unknown');
});

test('one classifier for every caller: globs on the (decoded) URI force a kind, a forced corpus finds its entries', () => {
  const globs = { 'rosetta-corpus': ['**/my corpora/*.json'], 'ewebench-tests': ['**/tests/*.json'] };
  const flat = [{ sentence: 'a' }];
  assert.deepEqual(classifyFile(flat, 'file:///w/my%20corpora/c.json', globs), { kind: 'rosetta-corpus', shape: 'flat', entriesPath: [] });
  assert.deepEqual(classifyFile({ entries: [] }, 'file:///w/my corpora/c.json', globs), {
    kind: 'rosetta-corpus',
    shape: 'envelope',
    entriesPath: ['entries'],
  });
  assert.deepEqual(classifyFile([], 'file:///w/tests/empty.json', globs), { kind: 'ewebench-tests' });
  assert.deepEqual(
    classifyFile([{ id: 'a', prompt: 'b', eval_method: 'ewe_quality' }], 'file:///w/other/a.json'),
    classify([{ id: 'a', prompt: 'b', eval_method: 'ewe_quality' }]),
    'no glob: the content decides',
  );
  assert.deepEqual(classifyFile({}, 'file:///w/bad%E0%A4%A/x.json', globs), classify({}), 'a malformed escape is matched as it is');
});

test("mt_eval_harness's report is not a corpus, though its entries have sources", () => {
  const report = { run_id: 'r', config: { model: 'm' }, overall: { evaluated: 1 }, entries: [{ id: 1, source: 'a', expected: 'b', predicted: 'b' }] };
  assert.equal(classify(report).kind, 'unknown');
  assert.equal(classify({ entries: [{ id: 1, source: 'a', reference: 'b' }] }).kind, 'rosetta-corpus');
});
