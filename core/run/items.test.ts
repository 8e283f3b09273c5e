import { test } from 'node:test';
import assert from 'node:assert/strict';
import { JsonDocument } from '../document/jsonDocument';
import { itemHash, runnableItems } from './items';

test('tests file: one item per test object with its span, the harness fallback id from the category, and its hash', () => {
  const text = '[\n  {"id": "tr_01", "prompt": "a"},\n  {"prompt": "b"},\n  3,\n  {"id": null, "prompt": "c"}\n]';
  const doc = new JsonDocument(text);
  const items = runnableItems(doc, 'translation');
  assert.deepEqual(
    items.map((i) => [i.kind, i.id, i.index, text.slice(i.start, i.end)]),
    [
      ['ewebench-test', 'tr_01', 0, '{"id": "tr_01", "prompt": "a"}'],
      ['ewebench-test', 'translation_1', 1, '{"prompt": "b"}'],
      ['ewebench-test', 'null', 3, '{"id": null, "prompt": "c"}'],
    ],
  );
  assert.equal(items[0].hash, itemHash({ prompt: 'a', id: 'tr_01' }));
});

test('corpora of every shape: entries under their entriesPath, numeric ids as text, positions for missing ids', () => {
  const envelope = '{"dataset": {"id": "d"}, "entries": [{"id": 1, "source": "a", "reference": "b"}, {"id": 2, "source": "c", "reference": "d"}]}';
  const e = runnableItems(new JsonDocument(envelope));
  assert.deepEqual(
    e.map((i) => [i.kind, i.id, envelope.slice(i.start, i.end)]),
    [
      ['corpus-entry', '1', '{"id": 1, "source": "a", "reference": "b"}'],
      ['corpus-entry', '2', '{"id": 2, "source": "c", "reference": "d"}'],
    ],
  );
  const flat = '[{"source": "a", "target": "b"}, {"id": "k", "source": "c", "target": "d"}]';
  assert.deepEqual(
    runnableItems(new JsonDocument(flat)).map((i) => i.id),
    ['0', 'k'],
  );
  const legacy = '{"dataset": {}, "entries": [{"index": 4, "source_text": "a", "target_expected": "b"}]}';
  assert.deepEqual(
    runnableItems(new JsonDocument(legacy)).map((i) => i.id),
    ['4'],
  );
});

test('a document that is not valid JSON still yields the items that parsed, placed by the tolerant parse', () => {
  const text = '[{"id": "a", "prompt": "x"}, {"id": "b", "prompt": "y",}]';
  const items = runnableItems(new JsonDocument(text), 'reasoning');
  assert.deepEqual(
    items.map((i) => [i.id, text.slice(i.start, i.end)]),
    [
      ['a', '{"id": "a", "prompt": "x"}'],
      ['b', '{"id": "b", "prompt": "y",}'],
    ],
  );
});

test('other files have nothing to run', () => {
  assert.deepEqual(runnableItems(new JsonDocument('{"run_card_hash": ""}')), []);
  assert.deepEqual(runnableItems(new JsonDocument('42')), []);
});

test('hashes are computed on first read, then kept; JSON and spreads still carry them', () => {
  const items = runnableItems(new JsonDocument('[{"id": "a", "prompt": "x"}]'), 'robustness');
  const first = items[0].hash;
  assert.equal(first, itemHash({ id: 'a', prompt: 'x' }));
  assert.equal(items[0].hash, first);
  assert.equal((JSON.parse(JSON.stringify(items[0])) as { hash: string }).hash, first);
  assert.equal({ ...items[0] }.hash, first);
});
