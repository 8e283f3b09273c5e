import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as jsonc from 'jsonc-parser';
import { generateCorpus, generateTests, rng } from '../../bench/generate';
import { classify } from './classify';
import { JsonDocument } from './jsonDocument';
import { locationAt } from './location';

/** The parts of a location hover and completion read, comparable with deepEqual. */
function plain(location: Pick<jsonc.Location, 'path' | 'previousNode' | 'isAtPropertyKey'>): unknown {
  const node = location.previousNode;
  return {
    path: location.path,
    isAtPropertyKey: location.isAtPropertyKey,
    node: node && { type: node.type, offset: node.offset, length: node.length, value: node.value as unknown, colonOffset: node.colonOffset },
  };
}

test("the location read inside one entry or test equals jsonc-parser's over the whole text, at every kind of place", () => {
  const flat = JSON.stringify((JSON.parse(generateCorpus(20, 4)) as { entries: unknown[] }).entries, null, 1);
  const random = rng(99);
  for (const text of [generateCorpus(30, 2), generateTests(20, 3), flat]) {
    const doc = new JsonDocument(text);
    const classification = classify(doc.value);
    assert.notEqual(classification.kind, 'unknown');
    for (let i = 0; i < 1500; i++) {
      const offset = Math.floor(random() * (text.length + 1));
      assert.deepEqual(plain(locationAt(doc, classification, offset)), plain(jsonc.getLocation(text, offset)), `offset ${offset} of ${classification.kind}`);
    }
  }
});
