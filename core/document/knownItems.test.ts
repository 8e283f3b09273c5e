import { test } from 'node:test';
import assert from 'node:assert/strict';
import { rng } from '../../bench/generate';
import { BUCKET_LIST, KnownItems, knownItem, scanKnownArray, type KnownItem } from './knownItems';
import { scanContainer, structureOfParsed } from './scanner';

function item(text: string): KnownItem {
  return { text, lines: [], colons: 0, keys: 0, depth: 1, memo: [] };
}

test('known items are found by their text and where they start, and the oldest go past the limit', () => {
  const store = new KnownItems(3);
  const a = store.add(item('{"id": "a", "prompt": "ɛ ɔ ŋ, a prompt long enough to have a prefix of its own"}'));
  const b = store.add(item('{"id": "b"}'));
  const doc = `[${a.text}, ${b.text}]`;
  assert.equal(store.at(doc, 1), a);
  assert.equal(store.get(a.text), a);
  assert.equal(store.get(doc.slice(1, 1 + a.text.length)), a, 'a slice of a longer text');
  assert.equal(store.get(b.text), b);
  // A text shorter than the prefix is found by its text; at an offset, only as a guess.
  assert.equal(store.at(doc, a.text.length + 3), undefined);
  assert.equal(store.at(doc, a.text.length + 3, b), b);
  assert.equal(store.at(doc, 1, b), a, 'a wrong guess costs a compare, then the bucket answers');
  assert.equal(store.at(doc.slice(0, 20), 1), undefined, 'never past the end of the text');
  store.add(item('{"id": "c"}'));
  store.add(item('{"id": "d"}'));
  assert.equal(store.count, 3);
  assert.equal(store.get(a.text), undefined, 'the oldest went first');
  assert.equal(a.dropped, true);
  assert.equal(store.at(doc, 1, a), undefined, 'an item let go is not taken as a guess');
});

test('texts sharing their prefix: a listed bucket answers at offsets, a hashed one by text only', () => {
  const store = new KnownItems(1000);
  const prefix = '{"id": "same", "prompt": "' + 'x'.repeat(80);
  const texts = Array.from({ length: 3 * BUCKET_LIST }, (_, i) => `${prefix}${i}"}`);
  for (const text of texts.slice(0, BUCKET_LIST)) store.add(item(text));
  assert.equal(store.at(`[${texts[3]}]`, 1)?.text, texts[3]);
  for (const text of texts.slice(BUCKET_LIST)) store.add(item(text));
  for (const text of texts) assert.equal(store.get(text)?.text, text);
  assert.equal(store.at(`[${texts[3]}]`, 1), undefined);
});

test('a root array scanned through known items: the same spans and line starts as a plain scan, and counts that prove it clean', () => {
  const random = rng(3);
  const store = new KnownItems(100);
  for (let round = 0; round < 30; round++) {
    const items = Array.from({ length: 1 + Math.floor(random() * 6) }, (_, i) =>
      random() < 0.2 ? i : { id: `t${Math.floor(random() * 5)}`, prompt: 'a:b', nested: [{ k: i }], eval_method: 'keywords' },
    );
    const text = random() < 0.5 ? JSON.stringify(items, null, 2).replace(/\n/g, random() < 0.5 ? '\r\n' : '\n') : JSON.stringify(items);
    const starts: number[] = [];
    const plainStarts: number[] = [];
    const scanned = scanKnownArray(text, 0, items, starts, store)!;
    const plain = scanContainer(text, 0, plainStarts)!;
    assert.deepEqual(scanned.children, plain);
    assert.deepEqual(starts, plainStarts);
    assert.equal(scanned.colons, scanned.keys);
    assert.deepEqual(structureOfParsed(text, items), { tooDeepAt: -1, duplicateKeys: [] });
  }
  const repeated = '[{"id": "a", "x": {"k": 1, "k": 2}}, {"id": "b"}]';
  for (let i = 0; i < 2; i++) {
    const scanned = scanKnownArray(repeated, 0, JSON.parse(repeated) as unknown[], [], store)!;
    assert.notEqual(scanned.colons, scanned.keys, 'a repeated key leaves a colon the value lacks');
  }
});

test('an item becomes known with its own copy of the text, its line starts, colons outside strings, keys and depth', () => {
  const store = new KnownItems(10);
  const doc = '[{"a": "x:y",\n "b": [{"c": 1}]}]';
  const text = doc.slice(1, doc.length - 1);
  const known = knownItem(text, JSON.parse(text), store)!;
  assert.equal(known.text, text);
  assert.deepEqual(known.lines, [13]);
  assert.equal(known.colons, 3);
  assert.equal(known.keys, 3);
  assert.equal(known.depth, 3);
  assert.equal(knownItem(text, JSON.parse(text), store), known);
});
