import { test } from 'node:test';
import assert from 'node:assert/strict';
import { JsonDocument } from '../../core/document/jsonDocument';
import { itemHash, runnableItems } from '../../core/run/items';
import { ItemHashes } from './itemHashes';

test('after an edit, unchanged items keep their hash and the edited one gets its new hash', () => {
  const before = JSON.stringify(
    [
      { id: 'a', prompt: 'Ŋdi', eval_method: 'ewe_quality' },
      { id: 'b', prompt: 'Fiẽ', eval_method: 'ewe_quality' },
    ],
    null,
    2,
  );
  const after = before.replace('Fiẽ', 'Fiẽ nyuie');
  const memo = new ItemHashes();
  const firstDoc = new JsonDocument(before);
  memo.update(firstDoc);
  const first = runnableItems(firstDoc);
  assert.deepEqual(
    first.map((i) => memo.hashOf(i)),
    first.map((i) => i.hash),
  );
  const doc = new JsonDocument(after);
  memo.update(doc);
  const second = runnableItems(doc);
  const hashes = second.map((i) => memo.hashOf(i));
  assert.equal(hashes[0], first[0].hash);
  assert.notEqual(hashes[1], first[1].hash);
  assert.equal(hashes[1], itemHash((doc.value as unknown[])[1]));
});
