import { test } from 'node:test';
import assert from 'node:assert/strict';
import { compile, coverageOf } from './coverage';
import { profileFor } from './profiles';

const EWE = profileFor('ee')!;
const PIECE = 'Ɖevi aɖe gbɔ̃ ŋutsu kple ɛ̃ŋɔ̀ Gbedoxɔ ƒe dzi; ';

test('a long string counts exactly as the sum of its pieces (tokens flushed across buffer boundaries)', () => {
  const one = coverageOf(PIECE, EWE);
  const many = coverageOf(PIECE.repeat(5000), EWE);
  for (const [letter, count] of Object.entries(one.letters)) assert.equal(many.letters[letter], count * 5000, letter);
  for (const [mark, count] of Object.entries(one.toneMarks)) assert.equal(many.toneMarks[mark], count * 5000, mark);
  assert.deepEqual(Object.keys(many.letters).sort(), Object.keys(one.letters).sort());
  const table = compile(EWE);
  const text = PIECE.repeat(5000).normalize('NFC');
  let spans = 0;
  let last = '';
  table.letterSpans(text, (slot, start, end) => {
    spans++;
    last = `${table.slots[slot].key}:${text.slice(start, end)}`;
  });
  assert.equal(
    spans,
    Object.values(many.letters).reduce((a, b) => a + b, 0),
  );
  assert.equal(last, 'i:i');
});

test('counting a 4-million-character string keeps no buffer proportional to it', () => {
  const text = 'ɖ'.repeat(4_000_000);
  const table = compile(EWE);
  const counts = new Int32Array(table.size);
  const before = process.memoryUsage().arrayBuffers;
  table.count(text, counts, new Int32Array(table.size));
  const after = process.memoryUsage().arrayBuffers;
  assert.equal(counts[table.slots.findIndex((s) => s.key === 'ɖ')], 4_000_000);
  // The former token array was 16 ints per character (256 MB here) and stayed allocated.
  assert.ok(after - before < 8 * 1024 * 1024, `${((after - before) / 1e6).toFixed(1)} MB of buffers kept`);
});
