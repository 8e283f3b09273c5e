import { test } from 'node:test';
import assert from 'node:assert/strict';
import { TextModel } from '../core/text/textModel';
import { documentsConfiguration } from './documents';
import { negotiatePositionEncoding, PositionCodec, utf16Column, utf8Column } from './positionEncoding';

// Line 1: a tone mark written as a combining accent (e + U+0301: 1 + 2 bytes, 2 units), Ewe letters (2 bytes,
// 1 unit each), a precomposed ẽ (3 bytes, 1 unit) and an emoji (4 bytes, 2 units).
const TEXT = '[\n  "e\u0301ʋɖɛ ŋusẽ 😀x",\r\n  1\n]';
const LINE1 = TEXT.indexOf('  "');

test('the client gets utf-8 only when it offers it, utf-16 otherwise', () => {
  assert.equal(negotiatePositionEncoding(['utf-8', 'utf-16']), 'utf-8');
  assert.equal(negotiatePositionEncoding(['utf-32', 'utf-16']), 'utf-16');
  assert.equal(negotiatePositionEncoding(undefined), 'utf-16');
  assert.equal(negotiatePositionEncoding('utf-8'), 'utf-16');
});

test('UTF-16 columns become UTF-8 byte columns across combining accents, Ewe letters and emoji', () => {
  const line = TEXT.slice(LINE1, TEXT.indexOf('\r'));
  for (let units = 0; units <= line.length; units++) {
    // Never inside the emoji's surrogate pair: the client cannot point there.
    if (line.charCodeAt(units - 1) >= 0xd800 && line.charCodeAt(units - 1) <= 0xdbff) continue;
    const bytes = Buffer.byteLength(line.slice(0, units), 'utf8');
    assert.equal(utf8Column(TEXT, LINE1, units), bytes, `column ${units}`);
    assert.equal(utf16Column(TEXT, LINE1, bytes), units, `byte ${bytes}`);
  }
});

test('a UTF-8 column inside a character stays before it; past the line end goes to the line end (not past \\r\\n)', () => {
  const emoji = TEXT.indexOf('😀') - LINE1;
  const emojiByte = Buffer.byteLength(TEXT.slice(LINE1, LINE1 + emoji), 'utf8');
  assert.equal(utf16Column(TEXT, LINE1, emojiByte + 2), emoji);
  const lineLength = TEXT.indexOf('\r') - LINE1;
  assert.equal(utf16Column(TEXT, LINE1, 999), lineLength);
  assert.equal(utf8Column(TEXT, LINE1, 999), Buffer.byteLength(TEXT.slice(LINE1, LINE1 + lineLength), 'utf8'));
});

test('the codec converts positions and ranges both ways with the text model, and is the identity for utf-16', () => {
  const lines = TextModel.from(TEXT);
  const codec = new PositionCodec();
  const x = lines.positionAt(TEXT.indexOf('x'));
  assert.deepEqual(codec.toWire(lines, x), x);
  codec.encoding = 'utf-8';
  const wire = codec.toWire(lines, x);
  assert.deepEqual(wire, { line: 1, character: Buffer.byteLength(TEXT.slice(LINE1, TEXT.indexOf('x')), 'utf8') });
  assert.deepEqual(codec.fromWire(lines, wire), x);
  const range = { start: { line: 1, character: 3 }, end: x };
  assert.deepEqual(codec.rangeFromWire(lines, codec.rangeToWire(lines, range)), range);
  assert.deepEqual(codec.toWire(lines, { line: 2, character: 3 }), { line: 2, character: 3 });
});

test('incremental edits in UTF-8 positions land on the right characters, each change on the text the last one left', () => {
  const codec = new PositionCodec();
  codec.encoding = 'utf-8';
  const config = documentsConfiguration(codec);
  const doc = config.create('file:///t.json', 'json', 1, TEXT);
  const byteOf = (s: string) => Buffer.byteLength(TEXT.slice(LINE1, TEXT.indexOf(s)), 'utf8');
  const updated = config.update(
    doc,
    [
      // Replace the emoji by "!", then the ɛ (whose byte column did not move: it comes before) by "e".
      { range: { start: { line: 1, character: byteOf('😀') }, end: { line: 1, character: byteOf('😀') + 4 } }, text: '!' },
      { range: { start: { line: 1, character: byteOf('ɛ') }, end: { line: 1, character: byteOf('ɛ') + 2 } }, text: 'e' },
    ],
    2,
  );
  assert.equal(updated.getText(), TEXT.replace('😀', '!').replace('ɛ', 'e'));
  assert.equal(updated.version, 2);
  // A later change counts on the text the earlier ones left: after the emoji (4 bytes) became "!" (1 byte), "x"
  // is 3 bytes nearer the line start.
  const again = config.update(
    config.create('file:///u.json', 'json', 1, TEXT),
    [
      { range: { start: { line: 1, character: byteOf('😀') }, end: { line: 1, character: byteOf('😀') + 4 } }, text: '!' },
      { range: { start: { line: 1, character: byteOf('x') - 3 }, end: { line: 1, character: byteOf('x') - 2 } }, text: 'y' },
    ],
    2,
  );
  assert.equal(again.getText(), TEXT.replace('😀x', '!y'));
  // A full replacement passes through untouched.
  assert.equal(config.update(updated, [{ text: 'ŋ' }], 3).getText(), 'ŋ');
});
