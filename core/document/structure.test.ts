import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as jsonc from 'jsonc-parser';
import { rng } from '../../bench/generate';
import { JsonDocument } from './jsonDocument';
import { scanStructure, structureOfParsed, MAX_DEPTH } from './scanner';
import { resolveFindings, validateDocument } from '../validate';

test('nesting past the limit is found at the bracket that goes too deep, whatever the strings hold', () => {
  assert.equal(scanStructure('['.repeat(MAX_DEPTH) + ']'.repeat(MAX_DEPTH), true).tooDeepAt, -1);
  assert.equal(scanStructure('['.repeat(MAX_DEPTH + 1), false).tooDeepAt, MAX_DEPTH);
  assert.equal(scanStructure('["' + '['.repeat(5000) + '"]', true).tooDeepAt, -1, 'brackets inside a string do not count');
  // An unterminated string ends at the line break for jsonc-parser: the brackets after it are structure.
  assert.equal(scanStructure('["\n' + '['.repeat(2000), false).tooDeepAt, 3 + MAX_DEPTH - 1);
  assert.equal(scanStructure('["\\"' + '['.repeat(2000), false).tooDeepAt, -1, 'an escaped quote does not end the string');
});

test('a document too deep is one syntax error with no value, valid JSON or not, and never overflows the stack', () => {
  for (const text of ['['.repeat(100000), '{"a":'.repeat(100000), '['.repeat(100000) + ']'.repeat(100000)]) {
    const doc = new JsonDocument(text);
    assert.equal(doc.value, undefined);
    assert.deepEqual(
      doc.syntaxErrors.map((e) => e.message),
      ['NestingTooDeep'],
    );
    const result = validateDocument(doc, { locale: 'fr' });
    assert.equal(result.findings.length, 1);
    assert.match(result.findings[0].message, /imbrication de plus de 1000 niveaux/);
    assert.equal(resolveFindings(doc, result.findings)[0].range.start.character, text.startsWith('[') ? 1000 : 5000);
  }
});

test('duplicate keys in one object are warned about, pointing at the first; other objects and escapes are told apart', () => {
  const text =
    '[\n  {"id": "a", "prompt": "x", "eval_method": "ewe_quality",\n   "prompt": "y", "\\u0069d": "b"},\n  {"id": "c", "prompt": "x", "eval_method": "ewe_quality"}\n]\n';
  const doc = new JsonDocument(text);
  const result = validateDocument(doc, { locale: 'en' });
  const resolved = resolveFindings(
    doc,
    result.findings.filter((f) => f.code === 'duplicate-key'),
  );
  assert.deepEqual(
    resolved.map((d) => [d.severity, d.range.start, d.related[0].range.start]),
    [
      ['warning', { line: 2, character: 3 }, { line: 1, character: 14 }],
      ['warning', { line: 2, character: 18 }, { line: 1, character: 3 }],
    ],
  );
  assert.equal(
    resolved[0].message,
    "Duplicate key `prompt` in this object: the value at line 2 is ignored (JSON.parse and the harness's json.load keep the last one).",
  );
  // Invalid JSON too, and in an object with many keys.
  const many = '{' + Array.from({ length: 40 }, (_, i) => `"k${i}": ${i}`).join(', ') + ', "k7": 1, "eval_method": "x", "prompt": "p" ';
  assert.deepEqual(
    new JsonDocument(many).duplicateKeys.map((d) => d.key),
    ['k7'],
  );
  // Files of no known kind are left to the editor's JSON support.
  assert.equal(validateDocument(new JsonDocument('{"a": 1, "a": 2}'), { locale: 'en' }).findings.length, 0);
});

test('on any text the depth scan accepts, jsonc-parser nests no deeper than the limit (mismatched closers, comments, quotes)', () => {
  const random = rng(3);
  const parts = ['[', ']', '{', '}', ',', ':', '"', '\\', '/', '*', '\n', 'a', '"k":', '//', '/*', '*/', ' '];
  let checked = 0;
  for (let k = 0; k < 5000; k++) {
    let text = '';
    const length = 50 + Math.floor(random() * 1000);
    for (let i = 0; i < length; i++) text += parts[Math.floor(random() * (random() < 0.5 ? 4 : parts.length))];
    const limit = 20;
    if (scanStructure(text, false, limit).tooDeepAt >= 0) continue;
    let depth = 0;
    let max = 0;
    const open = () => {
      max = Math.max(max, ++depth);
    };
    const close = () => {
      depth--;
    };
    jsonc.visit(text, { onObjectBegin: open, onArrayBegin: open, onObjectEnd: close, onArrayEnd: close }, { disallowComments: true });
    assert.ok(max <= limit, JSON.stringify(text));
    checked++;
  }
  assert.ok(checked > 1000);
  // The case the fuzz found: `}` does not close an array for jsonc-parser, so `[},[},…` nests.
  assert.equal(scanStructure('[},'.repeat(50), false, 20).tooDeepAt, 60);
});

test('the counting proof on parsed JSON reports exactly what the full scan reports (colons, escapes, repeats, depth)', () => {
  const random = rng(11);
  const keys = ['a', 'b', 'a:b', 'c', '\\u003a', 'k\\"'];
  const strings = ['"x"', '":"', '"a: b"', '"\\u003a"', '"\\\\u003a"', '"\\":"', '""'];
  const valueOf = (depth: number): string => {
    const r = random();
    if (depth > 4 || r < 0.4) return r < 0.2 ? strings[Math.floor(random() * strings.length)] : String(Math.floor(random() * 9));
    const n = Math.floor(random() * 4);
    if (r < 0.7) return '[' + Array.from({ length: n }, () => valueOf(depth + 1)).join(', ') + ']';
    return '{' + Array.from({ length: n }, () => `"${keys[Math.floor(random() * keys.length)]}" : ${valueOf(depth + 1)}`).join(',') + '}';
  };
  let repeats = 0;
  for (let k = 0; k < 5000; k++) {
    const text = valueOf(0);
    const expected = scanStructure(text, true, 3);
    assert.deepEqual(structureOfParsed(text, JSON.parse(text), 3), expected, text);
    if (expected.duplicateKeys.length > 0) repeats++;
  }
  assert.ok(repeats > 200, `only ${repeats} documents with a repeated key`);
});
