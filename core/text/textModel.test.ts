import { test } from 'node:test';
import assert from 'node:assert/strict';
import { rng } from '../../bench/generate';
import { LineIndex } from '../../test/helpers/lineTable';
import { MAX_CHUNK, TextModel } from './textModel';

/** Pieces that exercise line breaks of every kind, surrogate pairs, combining marks and plain letters. */
const PIECES = ['a', 'bc', 'ɛ', 'ɔ̃', '😀', '\n', '\r\n', '\r', '{"id": 1}', '  ', '"x"', 'é', '\ud83d', '\u0301', 'line one\r\nline two\nthree\rfour'];

function randomText(random: () => number, pieces: number): string {
  let text = '';
  for (let i = 0; i < pieces; i++) text += PIECES[Math.floor(random() * PIECES.length)];
  return text;
}

/** Every query of the model against a flat string (the oracle) and the old line table. */
function assertSame(model: TextModel, text: string, random: () => number, message: string): void {
  assert.equal(model.length, text.length, message);
  assert.equal(model.toString(), text, message);
  const lines = new LineIndex(text);
  assert.equal(model.lineCount, lines.lineCount, message);
  for (let i = 0; i < 40; i++) {
    const a = Math.floor(random() * (text.length + 1));
    const b = a + Math.floor(random() * Math.min(3 * MAX_CHUNK, text.length - a + 1));
    assert.equal(model.slice(a, b), text.slice(a, b), `${message}: slice ${a}-${b}`);
    assert.equal(model.charCodeAt(a), text.charCodeAt(a), `${message}: charCodeAt ${a}`);
    assert.deepEqual(model.positionAt(a), lines.positionAt(a), `${message}: positionAt ${a}`);
    const line = Math.floor(random() * (lines.lineCount + 1));
    const position = { line, character: Math.floor(random() * 40) };
    assert.equal(model.offsetAt(position), lines.offsetAt(position), `${message}: offsetAt ${line}:${position.character}`);
    assert.equal(model.lineStart(line), lines.offsetAt({ line, character: 0 }), `${message}: lineStart ${line}`);
  }
}

test('a model answers like the flat string after random edits: CRLF, lone CR, surrogate pairs, multi-line inserts and deletes', () => {
  const random = rng(25);
  for (let round = 0; round < 30; round++) {
    let text = randomText(random, Math.floor(random() * 3000));
    let model = TextModel.from(text);
    assertSame(model, text, random, `round ${round}, start`);
    for (let i = 0; i < 60; i++) {
      const start = Math.floor(random() * (text.length + 1));
      const span = random() < 0.1 ? Math.floor(random() * 4 * MAX_CHUNK) : Math.floor(random() * 8);
      const end = Math.min(text.length, start + span);
      const inserted = random() < 0.3 ? '' : randomText(random, random() < 0.1 ? 400 : 1 + Math.floor(random() * 4));
      const before = model;
      const beforeText = text;
      model = model.edit(start, end, inserted);
      text = text.slice(0, start) + inserted + text.slice(end);
      if (i % 10 === 0 || random() < 0.1) assertSame(model, text, random, `round ${round}, edit ${i}`);
      // Persistent: the earlier version still reads its own text.
      if (i % 15 === 0) assert.equal(before.toString(), beforeText);
    }
    assertSame(model, text, random, `round ${round}, end`);
  }
});

/** The offset just after each line break of `text` (`\n`, `\r\n`, a lone `\r`), as the scanner lists them. */
function lineStartsOf(text: string): number[] {
  const starts: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 10 || (c === 13 && text.charCodeAt(i + 1) !== 10)) starts.push(i + 1);
  }
  return starts;
}

test('a model made with its line starts answers from them, then like any model once edited', () => {
  const random = rng(26);
  for (let round = 0; round < 30; round++) {
    let text = randomText(random, Math.floor(random() * 3000));
    let model = TextModel.from(text, lineStartsOf(text));
    assertSame(model, text, random, `round ${round}, from its line starts`);
    for (let i = 0; i < 10; i++) {
      const start = Math.floor(random() * (text.length + 1));
      const end = Math.min(text.length, start + Math.floor(random() * 8));
      const inserted = randomText(random, Math.floor(random() * 4));
      model = model.edit(start, end, inserted);
      text = text.slice(0, start) + inserted + text.slice(end);
      assertSame(model, text, random, `round ${round}, edit ${i}`);
    }
  }
});

test('an edit that makes or breaks a \\r\\n pair counts the lines right', () => {
  const text = 'a\r' + 'x'.repeat(3 * MAX_CHUNK) + '\nb\r\nc';
  let model = TextModel.from(text);
  assert.equal(model.lineCount, 4);
  // Deleting the x's joins \r and \n into one line break.
  model = model.edit(2, 2 + 3 * MAX_CHUNK, '');
  assert.equal(model.toString(), 'a\r\nb\r\nc');
  assert.equal(model.lineCount, 3);
  assert.deepEqual(model.positionAt(3), { line: 1, character: 0 });
  // Inserting between \r and \n splits it into two.
  model = model.edit(2, 2, 'y');
  assert.equal(model.lineCount, 4);
  assert.equal(model.lineText(1), 'y');
  assert.equal(model.lineEnd(0), 1);
});

test('an empty model and edits at its ends', () => {
  let model = TextModel.from('');
  assert.equal(model.length, 0);
  assert.equal(model.lineCount, 1);
  assert.deepEqual(model.positionAt(5), { line: 0, character: 0 });
  assert.equal(Number.isNaN(model.charCodeAt(0)), true);
  model = model.edit(0, 0, 'ab\n');
  model = model.edit(3, 3, 'c');
  model = model.edit(0, 1, '');
  assert.equal(model.toString(), 'b\nc');
  assert.equal(model.edit(10, 20, '').toString(), 'b\nc');
});

test('an edit inside a large text leaves the chunks it did not reach shared, and the old version intact', () => {
  const line = '{"id": 1, "reference": "Ɖe ŋu ɖe ɛ"},\n';
  const text = line.repeat(50000);
  const model = TextModel.from(text);
  const middle = Math.floor(text.length / 2);
  const edited = model.edit(middle, middle, 'ɛ');
  assert.equal(edited.length, text.length + 1);
  assert.equal(edited.isFlat, false);
  assert.equal(edited.slice(middle - 3, middle + 4), text.slice(middle - 3, middle) + 'ɛ' + text.slice(middle, middle + 3));
  assert.equal(edited.lineCount, 50001);
  assert.equal(model.toString(), text);
  assert.deepEqual(edited.positionAt(edited.length), { line: 50000, character: 0 });
});
