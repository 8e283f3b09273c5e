import { test } from 'node:test';
import assert from 'node:assert/strict';
import { JsonDocument } from '../document/jsonDocument';
import { IdIndex, indexable, MAX_INDEXED_BYTES, sharedIds } from './idIndex';

const testsFile = (...ids: (string | number)[]) =>
  new JsonDocument(
    JSON.stringify(
      ids.map((id) => ({ id, prompt: 'x', eval_method: 'ewe_quality' })),
      null,
      2,
    ),
  );
const add = (index: IdIndex, uri: string, ...ids: (string | number)[]) => {
  const doc = testsFile(...ids);
  return index.set(uri, uri.slice('file:///w/'.length), doc, sharedIds(doc));
};

test('an id held by other files is found there, in URI order whatever order the files were added in', () => {
  const forward = new IdIndex();
  const backward = new IdIndex();
  const files: [string, (string | number)[]][] = [
    ['file:///w/a.json', ['x', 'y']],
    ['file:///w/b.json', ['x']],
    ['file:///w/c.json', ['x', 'x', 1]],
  ];
  for (const [uri, ids] of files) add(forward, uri, ...ids);
  for (const [uri, ids] of [...files].reverse()) add(backward, uri, ...ids);
  for (const index of [forward, backward]) {
    assert.deepEqual(index.uris(), ['file:///w/a.json', 'file:///w/b.json', 'file:///w/c.json']);
    assert.deepEqual(
      index
        .elsewhere('file:///w/a.json')('x')
        .map((o) => `${o.label}:${o.range.start.line}`),
      ['b.json:2', 'c.json:2', 'c.json:7'],
    );
    // Strings and numbers are different ids.
    assert.deepEqual(index.elsewhere('file:///w/a.json')('1'), []);
    assert.deepEqual(
      index.duplicatesOf('file:///w/c.json').map((d) => [d.id, d.here.length, d.elsewhere.map((o) => o.label)]),
      [['x', 2, ['a.json', 'b.json']]],
    );
    assert.deepEqual(
      index.duplicatesOf('file:///w/a.json').map((d) => d.id),
      ['x'],
    );
  }
});

test("replacing a file says whether its set of ids changed; removing it takes its ids out of the others' answers", () => {
  const index = new IdIndex();
  assert.equal(add(index, 'file:///w/a.json', 'x'), true);
  assert.equal(add(index, 'file:///w/b.json', 'x'), true);
  // Same ids, other places: nothing for the other files to re-check.
  assert.equal(add(index, 'file:///w/a.json', 'x', 'x'), false);
  assert.equal(index.elsewhere('file:///w/b.json')('x').length, 2);
  assert.equal(add(index, 'file:///w/a.json', 'y'), true);
  assert.deepEqual(index.duplicatesOf('file:///w/b.json'), []);
  assert.equal(index.remove('file:///w/a.json'), true);
  assert.equal(index.remove('file:///w/a.json'), false);
  assert.deepEqual(index.uris(), ['file:///w/b.json']);
  // A file with no ids left is not kept.
  assert.equal(add(index, 'file:///w/b.json'), true);
  assert.equal(index.has('file:///w/b.json'), false);
});

test("only tests files share their ids: a corpus's ids stay its own", () => {
  const corpus = new JsonDocument(JSON.stringify({ dataset: { id: 'd' }, entries: [{ id: 'x', source: 'a', reference: 'b' }] }));
  assert.deepEqual(sharedIds(corpus), []);
  assert.deepEqual(
    sharedIds(testsFile('x')).map((o) => o.id),
    ['x'],
  );
});

test('a text larger than MAX_INDEXED_BYTES in UTF-8 is not indexed, whoever collects it', () => {
  const ascii = 'x'.repeat(MAX_INDEXED_BYTES);
  assert.equal(indexable(ascii), true);
  assert.equal(indexable(ascii + 'x'), false);
  // Two bytes per letter in UTF-8: half as many letters reach the limit.
  assert.equal(indexable('ɖ'.repeat(MAX_INDEXED_BYTES / 2)), true);
  assert.equal(indexable('ɖ'.repeat(MAX_INDEXED_BYTES / 2) + 'x'), false);
  assert.equal(indexable('😀'.repeat(MAX_INDEXED_BYTES / 4) + 'x'), false);
  const index = new IdIndex();
  const big = new JsonDocument(JSON.stringify([{ id: 'x', prompt: 'ɖ'.repeat(MAX_INDEXED_BYTES / 2), eval_method: 'ewe_quality' }]));
  assert.equal(index.set('file:///w/big.json', 'big.json', big, sharedIds(big)), false);
  assert.equal(index.has('file:///w/big.json'), false);
});
