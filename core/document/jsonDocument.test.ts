import { test } from 'node:test';
import assert from 'node:assert/strict';
import { rng } from '../../bench/generate';
import { TextModel } from '../text/textModel';
import { JsonDocument } from './jsonDocument';

const text = '{\n  "dataset": {"id": "x"},\n  "entries": [\n    {"id": 1, "source": "a\\"b", "id": 2},\n    {"id": 3, "reference": "ɖe 😀"}\n  ]\n}';

test('values come from JSON.parse and duplicate keys keep the last value', () => {
  const doc = new JsonDocument(text);
  assert.ok(doc.isValidJson);
  assert.deepEqual((doc.value as { entries: unknown[] }).entries[0], { id: 2, source: 'a"b' });
});

test('locate finds values and keys by path, the last of duplicate keys, past escaped quotes', () => {
  const doc = new JsonDocument(text);
  const slice = (s?: { start: number; end: number }) => (s ? text.slice(s.start, s.end) : undefined);
  assert.equal(slice(doc.locate(['dataset', 'id'])), '"x"');
  assert.equal(slice(doc.locate(['entries', 0, 'id'])), '2');
  assert.equal(slice(doc.locate(['entries', 0, 'source'], 'key')), '"source"');
  assert.equal(slice(doc.locate(['entries', 1, 'reference'])), '"ɖe 😀"');
  assert.equal(slice(doc.locate(['entries', 1], 'start')), '{');
  assert.equal(doc.locate(['entries', 2]), undefined);
  assert.equal(doc.locate(['nope']), undefined);
});

test('positions are zero-based lines and UTF-16 characters', () => {
  const doc = new JsonDocument(text);
  const span = doc.locate(['entries', 1, 'reference'])!;
  const range = doc.lineIndex.rangeOf(span);
  assert.deepEqual(range.start, { line: 4, character: 27 });
  // "ɖe 😀" plus quotes: the emoji counts as two UTF-16 code units
  assert.equal(range.end.character - range.start.character, 7);
});

test('malformed text gives syntax errors with ranges and a partial value that rules can still read', () => {
  const broken = '[\n  {"id": "a", "prompt": "x" "eval_method": "keywords"},\n  {"id": "a",}\n]';
  const doc = new JsonDocument(broken);
  assert.equal(doc.isValidJson, false);
  assert.ok(doc.syntaxErrors.length >= 1);
  assert.equal(doc.lineIndex.positionAt(doc.syntaxErrors[0].span.start).line, 1);
  const value = doc.value as { id: string }[];
  assert.equal(value.length, 2);
  assert.equal(value[1].id, 'a');
  const span = doc.locate([1, 'id'])!;
  assert.equal(broken.slice(span.start, span.end), '"a"');
});

test('a byte order mark is skipped, and CRLF line ends count as one line break', () => {
  const doc = new JsonDocument('\ufeff[\r\n  {"id": "a"}\r\n]');
  assert.ok(doc.isValidJson);
  assert.deepEqual(doc.lineIndex.rangeOf(doc.locate([0, 'id'])!).start, { line: 1, character: 9 });
});

test('childrenAt lists array items with their spans for symbols', () => {
  const doc = new JsonDocument(text);
  const children = doc.childrenAt(['entries']);
  assert.equal(children?.kind, 'array');
  assert.equal(children?.kind === 'array' ? children.items.length : 0, 2);
});

/** A random JSON value written with random whitespace: every kind of line break, tabs, nothing. */
function randomJson(random: () => number, depth: number): string {
  const ws = () => ['', ' ', '\n', '\r\n', '\r', '\t', '\n    ', ' \r\n\t'][Math.floor(random() * 8)];
  const pick = random();
  if (depth <= 0 || pick < 0.3) return ['1', '-2.5e3', 'true', 'null', '"ɛ\\"\\n😀"', '"a:b"', '""'][Math.floor(random() * 7)];
  const count = Math.floor(random() * 5);
  const values = Array.from({ length: count }, () => ws() + randomJson(random, depth - 1) + ws());
  if (pick < 0.65) return '[' + ws() + values.join(',') + ws() + ']';
  return '{' + ws() + values.map((v, i) => ws() + `"k${i % 3}"` + ws() + ':' + v).join(',') + ws() + '}';
}

test('the root scan lists the line starts the text model then takes: positions as a model that read the text itself', () => {
  const random = rng(7);
  let checked = 0;
  for (let round = 0; round < 400; round++) {
    const text = (random() < 0.2 ? '\ufeff' : '') + ['', '\n', '\r\n ', '\r'][round % 4] + randomJson(random, 4) + ['', '\n', '\r\n', ' \r'][(round >> 2) % 4];
    let value: unknown;
    try {
      value = JSON.parse(text.replace(/^\ufeff/, ''));
    } catch {
      continue;
    }
    const doc = new JsonDocument(text);
    assert.ok(doc.isValidJson, JSON.stringify(text));
    assert.deepEqual(doc.value, value);
    doc.childrenAt([]);
    const own = TextModel.from(text);
    assert.equal(doc.lineIndex.lineCount, own.lineCount, JSON.stringify(text));
    for (let line = 0; line <= own.lineCount; line++) assert.equal(doc.model.lineStart(line), own.lineStart(line), `${JSON.stringify(text)} line ${line}`);
    for (let offset = 0; offset <= text.length; offset++) assert.deepEqual(doc.lineIndex.positionAt(offset), own.positionAt(offset));
    checked++;
  }
  assert.ok(checked > 300, `${checked} texts checked`);
});

test('a long document: line starts from its root scan, across chunk boundaries and CRLF pairs', () => {
  const items = Array.from({ length: 3000 }, (_, i) => `{"id": ${i},${i % 3 === 0 ? '\r\n' : i % 3 === 1 ? '\n' : '\r'}  "v": "${'ɛ'.repeat(i % 50)}"}`);
  const text = '[\r\n' + items.join(',\r\n') + '\n]\r\n';
  const doc = new JsonDocument(text);
  assert.equal(doc.childrenAt([])?.kind, 'array');
  const own = TextModel.from(text);
  assert.equal(doc.lineIndex.lineCount, own.lineCount);
  for (let line = 0; line <= own.lineCount; line++) assert.equal(doc.model.lineStart(line), own.lineStart(line), `line ${line}`);
});
