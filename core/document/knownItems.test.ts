import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { rng } from '../../bench/generate';
import { propertyRuns } from '../../test/helpers/property';
import { JsonDocument } from './jsonDocument';
import { BUCKET_LIST, KnownItems, PREFIX, knownItem, readKnownArray, scanKnownArray, withoutKnownItems, type KnownItem } from './knownItems';
import { scanContainer, skipWhitespace, structureOfParsed } from './scanner';

function item(text: string): KnownItem {
  return { text, lines: [], colons: 0, keys: 0, depth: 1, value: JSON.parse(text), memo: [] };
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

/** The pieces of an array text: items (some objects with a repeated key, some scalars), separators, the ends. */
const itemText = fc.oneof(
  {
    weight: 1,
    arbitrary: fc
      .dictionary(fc.constantFrom('id', 'prompt', 'a:b', 'x\\"'), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 3 })
      .map((o) => JSON.stringify(o, null, 1)),
  },
  { weight: 1, arbitrary: fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 3 }).map((a) => JSON.stringify(a)) },
  // Items at least PREFIX long: the ones found at an offset without a guess (a shorter one is found by its text only).
  {
    weight: 6,
    arbitrary: fc
      .record({ id: fc.string({ maxLength: 8 }), prompt: fc.string({ minLength: PREFIX, maxLength: PREFIX + 20 }), n: fc.jsonValue({ maxDepth: 2 }) })
      .map((o) => JSON.stringify(o, null, 2).replace(/\n/g, o.id.length % 2 ? '\r\n' : '\n')),
  },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      '{"k": 1, "k": 2}',
      `{"k": 1, "pad": "${'x'.repeat(PREFIX)}", "k": 2}`,
      '{"id": "a",\r\n"x": [\r{"y": true}]}',
      '1',
      '"s"',
      'null',
      '{}',
      '[]',
    ),
  },
);
const space = fc.constantFrom('', ' ', '\n', '\r\n', '\r', '\t  ');
const separator = fc.oneof({ weight: 12, arbitrary: space.map((s) => `${s},${s}`) }, { weight: 1, arbitrary: fc.constantFrom(',,', ' ', ';', '') });
/** Mostly true. */
const likely = fc.oneof({ weight: 6, arbitrary: fc.constant(true) }, { weight: 1, arbitrary: fc.boolean() });
const arrayText = fc
  .record({
    items: fc.array(itemText, { minLength: 1, maxLength: 6 }),
    separators: fc.array(separator, { minLength: 6, maxLength: 6 }),
    before: fc.constantFrom('', '', '\ufeff', ' \n', 'x'),
    after: fc.constantFrom('', '\n', '\n', ' \r\n ', ' x', ']'),
    repeat: fc.oneof({ weight: 1, arbitrary: fc.constant(true) }, { weight: 5, arbitrary: fc.constant(false) }),
    knownFirst: fc.array(likely, { minLength: 7, maxLength: 7 }),
  })
  .map((r) => {
    const items = r.repeat ? [...r.items, r.items[0]] : r.items;
    return { ...r, items, text: `${r.before}[${items.map((t, i) => (i === 0 ? t : r.separators[i % 6] + t)).join('')}]${r.after}` };
  });

/** Offsets just after each line break of `text` (LineStarts' rule), the plain way. */
function lineStartsOf(text: string): number[] {
  const starts: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 10 || (c === 13 && text.charCodeAt(i + 1) !== 10)) starts.push(i + 1);
  }
  return starts;
}

test('a root array read through its known items is what JSON.parse and a plain scan read, and a text whose first item is new is left to them', () => {
  fc.assert(
    fc.property(arrayText, ({ items, text, knownFirst }) => {
      const store = new KnownItems(100);
      // Make some of the items known, as an earlier document holding them would have.
      items.forEach((t, i) => {
        const open = t.charCodeAt(0);
        if (knownFirst[i] && (open === 123 || open === 91)) knownItem(t, JSON.parse(t), store);
      });
      const bom = text.charCodeAt(0) === 0xfeff ? 1 : 0;
      const starts: number[] = [];
      const start = skipWhitespace(text, bom, starts);
      const read = readKnownArray(text, start, starts, store);
      let parsed: unknown;
      try {
        parsed = JSON.parse(bom ? text.slice(1) : text);
      } catch {
        // Not JSON: never read from known items.
        assert.equal(read, undefined);
        return;
      }
      const container = (t: string) => t.charCodeAt(0) === 123 || t.charCodeAt(0) === 91;
      const knownBefore = items.some((t, j) => t === items[0] && knownFirst[j]) && container(items[0]);
      if (!read) {
        // Only a text whose first item is not known is left to JSON.parse.
        assert.ok(!(knownBefore && items[0].length >= PREFIX), 'a valid array whose first item is known is read');
        return;
      }
      assert.ok(knownBefore);
      assert.deepEqual(read.values, parsed);
      const objects = read.values.filter((v) => typeof v === 'object' && v !== null);
      assert.equal(new Set(objects).size, objects.length, 'no object in two places');
      assert.deepEqual(read.children, scanContainer(text, start));
      assert.deepEqual(starts, lineStartsOf(text));
      assert.deepEqual(
        read.items.map((item) => item?.text),
        items.map((t) => (container(t) ? t : undefined)),
        'every object or array item is known after the read',
      );
      const plain = scanKnownArray(text, start, parsed as unknown[], [], new KnownItems(100))!;
      assert.deepEqual([read.colons, read.keys, read.depth], [plain.colons, plain.keys, plain.depth]);
      // A document of that text, its items known from a first one, says what the text read whole says.
      new JsonDocument(text);
      const doc = new JsonDocument(text);
      const whole = withoutKnownItems(() => new JsonDocument(text));
      assert.deepEqual(doc.value, whole.value);
      assert.deepEqual(doc.duplicateKeys, whole.duplicateKeys);
      assert.deepEqual(doc.syntaxErrors, whole.syntaxErrors);
      assert.equal(doc.valueStart, whole.valueStart);
      assert.equal(doc.lineIndex.lineCount, whole.lineIndex.lineCount);
      for (let offset = 0; offset <= text.length; offset++) assert.deepEqual(doc.lineIndex.positionAt(offset), whole.lineIndex.positionAt(offset));
      for (let i = 0; i < items.length; i++) assert.deepEqual(doc.locate([i], 'value'), whole.locate([i], 'value'));
    }),
    propertyRuns(300),
  );
});
