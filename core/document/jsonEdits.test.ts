import { test } from 'node:test';
import assert from 'node:assert/strict';
import { rng } from '../../bench/generate';
import { JsonDocument } from './jsonDocument';
import { applyTextEdit, carryStyle, countStyle, documentStyle, styleCounts, styleOf, type TextEdit } from './jsonEdits';

// Characters that make and break the patterns the style counts: line breaks, `\uXXXX` escapes, non-ASCII.
const ALPHABET = ['\r', '\n', '\r\n', '\\', 'u', 'a', 'F', '0', '9', 'é', 'ɖ', ' ', '\t', 'x', '\\u00e9', '\\u0', '"'];

function randomText(random: () => number, max: number): string {
  let out = '';
  const length = Math.floor(random() * max);
  for (let i = 0; i < length; i++) out += ALPHABET[Math.floor(random() * ALPHABET.length)];
  return out;
}

test('a style carried from edit to edit is the style read from the whole text, counts and all', () => {
  for (let seed = 1; seed <= 40; seed++) {
    const random = rng(seed);
    let text = randomText(random, 60);
    let doc = new JsonDocument(text);
    assert.deepEqual(documentStyle(doc), styleOf(text));
    for (let n = 0; n < 150; n++) {
      // Anywhere, including both ends; a deletion, an insertion or a replacement.
      const start = Math.floor(random() * (text.length + 1));
      const end = Math.min(text.length, start + Math.floor(random() * 8));
      const edit: TextEdit = { start, end, text: random() < 0.3 ? '' : randomText(random, 6) };
      const after = applyTextEdit(text, edit);
      const next = new JsonDocument(after);
      carryStyle(doc, next, edit);
      assert.deepEqual(documentStyle(next), styleOf(after));
      // Non-ASCII is counted once escapes appear (the style needs it only then), and carried from there.
      const carried = styleCounts(next);
      const { nonAscii, ...counts } = countStyle(after);
      const expected = { ...counts, ...(carried?.nonAscii === undefined ? {} : { nonAscii }) };
      assert.deepEqual(carried, expected, `seed ${seed}, edit ${n}: ${JSON.stringify(edit)} on ${JSON.stringify(text)}`);
      if (counts.escapes > 0) assert.notEqual(carried?.nonAscii, undefined);
      text = after;
      doc = next;
    }
  }
});

test('the style: CRLF once is CRLF, escapes only without raw non-ASCII, the smallest indent at line starts', () => {
  assert.deepEqual(styleOf('{\n    "a": {\n        "b": 1\r\n    }\n}'), { eol: '\r\n', indent: '    ', asciiOnly: false });
  assert.deepEqual(styleOf('{\n\t"a": "\\u0256"\n}'), { eol: '\n', indent: '\t', asciiOnly: true });
  assert.deepEqual(styleOf('{"a": "\\u0256 ɖ"}'), { eol: '\n', indent: '  ', asciiOnly: false });
  // A document whose counts were never read carries nothing: its first edit reads them from its text.
  const doc = new JsonDocument('{"a": "x"}');
  const next = new JsonDocument('{"a": "\\u00e9"}');
  carryStyle(doc, next, { start: 7, end: 8, text: '\\u00e9' });
  assert.equal(styleCounts(next), undefined);
  assert.equal(documentStyle(next).asciiOnly, true);
});

test('escapes every writer must write (a control character, a lone surrogate) do not make a file ASCII-only', () => {
  assert.equal(styleOf('{"a": "\\u0000", "b": "x"}').asciiOnly, false);
  assert.equal(styleOf('{"a": "\\u001f\\ud800"}').asciiOnly, false);
  // A chosen escape does: a character outside ASCII, or an astral one as its pair of escapes.
  assert.equal(styleOf('{"a": "\\u00e9", "b": "\\u0000"}').asciiOnly, true);
  assert.equal(styleOf('{"a": "\\ud83d\\ude00"}').asciiOnly, true);
  assert.equal(styleOf('{"a": "\\ud83d\\ude00", "b": "ɖ"}').asciiOnly, false);
});
