import { test } from 'node:test';
import assert from 'node:assert/strict';
import { rng } from '../../bench/generate';
import type { TextEdit } from './edit';
import { EditMap } from './editMap';

function apply(text: string, edit: TextEdit): string {
  return text.slice(0, edit.start) + edit.text + text.slice(edit.end);
}

/** A random sequence of edits (inserts, deletes, replacements, some next to or over earlier ones) and the texts it makes. */
function randomEdits(random: () => number): { old: string; edits: TextEdit[]; text: string } {
  const letters = 'abcdefghij{}[],":\n';
  let text = '';
  const length = Math.floor(random() * 60);
  for (let i = 0; i < length; i++) text += letters[Math.floor(random() * letters.length)];
  const old = text;
  const edits: TextEdit[] = [];
  const count = 1 + Math.floor(random() * 6);
  for (let i = 0; i < count; i++) {
    const start = Math.floor(random() * (text.length + 1));
    const end = Math.min(text.length, start + (random() < 0.4 ? 0 : Math.floor(random() * 6)));
    // Upper-case letters never occur in the original text: a mapped offset can never land on inserted text by chance.
    const inserted = random() < 0.3 ? '' : 'XYZW'.slice(0, 1 + Math.floor(random() * 4));
    const edit = { start, end, text: inserted };
    edits.push(edit);
    text = apply(text, edit);
  }
  return { old, edits, text };
}

test('offsets mapped across random edit sequences point at the same character on both sides', () => {
  const random = rng(20261123);
  let mapped = 0;
  let refused = 0;
  for (let run = 0; run < 3000; run++) {
    const { old, edits, text } = randomEdits(random);
    const map = new EditMap(edits);
    for (let q = 0; q <= old.length; q++) {
      const p = map.toNew(q);
      if (p === undefined) {
        refused++;
        continue;
      }
      mapped++;
      assert.equal(text[p], old[q], `old ${q} → new ${p} in ${JSON.stringify(old)} → ${JSON.stringify(text)}`);
      assert.equal(map.toOld(p), q, 'the two directions agree');
    }
    for (let p = 0; p <= text.length; p++) {
      const q = map.toOld(p);
      if (q === undefined) continue;
      assert.equal(old[q], text[p], `new ${p} → old ${q}`);
      assert.equal(map.toNew(q), p);
    }
  }
  assert.ok(mapped > 10000 && refused > 1000, `both outcomes were exercised (${mapped} mapped, ${refused} refused)`);
});

test('a span no edit touches keeps its text; a span an edit touched is not mapped', () => {
  const random = rng(7);
  let kept = 0;
  for (let run = 0; run < 2000; run++) {
    const { old, edits, text } = randomEdits(random);
    const map = new EditMap(edits);
    const start = Math.floor(random() * (old.length + 1));
    const end = Math.min(old.length, start + Math.floor(random() * 8));
    const span = map.spanToNew({ start, end });
    if (!span) {
      assert.ok(map.touches({ start, end }));
      continue;
    }
    kept++;
    assert.equal(text.slice(span.start, span.end), old.slice(start, end));
    // Nothing was put inside the span either: the text between its ends is the same characters, not just as many.
    assert.equal(span.end - span.start, end - start);
  }
  assert.ok(kept > 300);
});

test('the changed ranges are in the original text: a later edit inside an earlier insertion widens to that edit', () => {
  // "abcdef": replace "cd" by "XYZ" (→ "abXYZef"), then delete "YZe" (→ "abXf").
  const map = new EditMap([
    { start: 2, end: 4, text: 'XYZ' },
    { start: 3, end: 6, text: '' },
  ]);
  assert.deepEqual(map.changed, [
    { start: 2, end: 4 },
    { start: 2, end: 5 },
  ]);
  assert.equal(map.toNew(1), 1);
  assert.equal(map.toNew(4), undefined, 'the "e" was deleted');
  assert.equal(map.toNew(5), undefined, 'the "f" touches the deletion');
  assert.equal(map.toOld(3), undefined, 'so does the "f" of the new text');
  assert.equal(map.touches({ start: 0, end: 1 }), false);
  assert.equal(new EditMap([]).identity, true);
});
