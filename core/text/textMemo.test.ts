import { test } from 'node:test';
import assert from 'node:assert/strict';
import { rng } from '../../bench/generate';
import { BUCKET_LIST, sampleKey, TextMemo } from './textMemo';

/** Texts of one length that differ only at `at`: where `sampleKey` reads no character, they share a bucket. */
function sameSamples(count: number, length = 400): string[] {
  const base = 'x'.repeat(length);
  // Position 1 is between the samples of a text this long (they are `length / 16` apart).
  return Array.from({ length: count }, (_, i) => base.slice(0, 1) + String.fromCharCode(0x100 + i) + base.slice(2));
}

test('a memo answers like a Map after random sets and gets, texts of one bucket included', () => {
  const random = rng(21);
  const memo = new TextMemo<number>(1000);
  const oracle = new Map<string, number>();
  const pool = [...sameSamples(3 * BUCKET_LIST), ...Array.from({ length: 200 }, (_, i) => `{"id": "t${i}", "prompt": "${'ɛ'.repeat(i % 37)}"}`), '', 'a'];
  assert.equal(new Set(sameSamples(3 * BUCKET_LIST).map(sampleKey)).size, 1, 'the template texts share one key');
  for (let i = 0; i < 5000; i++) {
    const text = pool[Math.floor(random() * pool.length)];
    if (random() < 0.5) {
      memo.set(text, i);
      oracle.set(text, i);
    }
    assert.equal(memo.get(text), oracle.get(text), `get ${JSON.stringify(text.slice(0, 20))}`);
  }
  assert.equal(memo.count, oracle.size);
  // A slice of a longer string is the same key as the text itself.
  const long = 'prefix' + pool[BUCKET_LIST] + 'suffix';
  assert.equal(memo.get(long.slice(6, long.length - 6)), oracle.get(pool[BUCKET_LIST]));
});

test('a memo keeps at most its limit, dropping the oldest texts first, also inside one bucket', () => {
  const memo = new TextMemo<number>(50);
  for (let i = 0; i < 200; i++) memo.set(`text ${i}`, i);
  assert.equal(memo.count, 50);
  assert.equal(memo.get('text 149'), undefined);
  assert.equal(memo.get('text 150'), 150);
  assert.equal(memo.get('text 199'), 199);
  const template = new TextMemo<number>(10);
  const texts = sameSamples(40);
  texts.forEach((t, i) => template.set(t, i));
  assert.equal(template.count, 10);
  assert.equal(template.get(texts[29]), undefined);
  assert.deepEqual(
    texts.slice(30).map((t) => template.get(t)),
    texts.slice(30).map((_, i) => 30 + i),
  );
});
