import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fromRepo } from '../../test/helpers/paths';
import {
  compareCodePoints,
  dumpsPy,
  HASH_DUMPS_OPTIONS,
  isPyFloat,
  isPyInt,
  isPyObject,
  MAX_PY_JSON_DEPTH,
  parsePyJson,
  pyFloat,
  pyFloatRepr,
  pyInt,
  PyJsonError,
  pyNumber,
  toPyValue,
  type PyValue,
} from './json';

const PY = HASH_DUMPS_OPTIONS;

function obj(value: PyValue): Map<string, PyValue> {
  assert.ok(isPyObject(value), 'expected an object');
  return value;
}

function arr(value: PyValue): PyValue[] {
  assert.ok(Array.isArray(value), 'expected an array');
  return value;
}

function readError(text: string): PyJsonError {
  try {
    parsePyJson(text);
  } catch (e) {
    assert.ok(e instanceof PyJsonError, `expected PyJsonError, got ${String(e)}`);
    return e;
  }
  assert.fail(`expected ${JSON.stringify(text)} to be rejected`);
}

test('numbers keep Python’s int/float distinction from the lexeme', () => {
  const values = arr(parsePyJson('[0, 0.0, -0, -0.0, 1E5, 2.50, 1e-7, 12345678901234567890123, -17]'));
  assert.deepEqual(values[0], { kind: 'int', digits: '0' });
  assert.deepEqual(values[1], { kind: 'float', value: 0 });
  assert.deepEqual(values[2], { kind: 'int', digits: '0' }, '-0 is the int 0');
  assert.ok(isPyFloat(values[3]) && Object.is(values[3].value, -0), '-0.0 stays a negative-zero float');
  assert.deepEqual(values[4], { kind: 'float', value: 100000 });
  assert.deepEqual(values[5], { kind: 'float', value: 2.5 });
  assert.deepEqual(values[6], { kind: 'float', value: 1e-7 });
  assert.deepEqual(values[7], { kind: 'int', digits: '12345678901234567890123' }, 'ints beyond 2^53 keep every digit');
  assert.deepEqual(values[8], { kind: 'int', digits: '-17' });
});

test('huge exponents overflow to Infinity, as Python’s float() does', () => {
  assert.deepEqual(parsePyJson('[1e400, -1e400]'), [pyFloat(Infinity), pyFloat(-Infinity)]);
});

test('duplicate keys: the last value wins but the key keeps its first position, like a Python dict', () => {
  const o = obj(parsePyJson('{"a": 1, "b": {"a": 5}, "a": 3}'));
  assert.deepEqual([...o.keys()], ['a', 'b']);
  assert.deepEqual(o.get('a'), pyInt(3));
  assert.deepEqual(o.get('b'), new Map([['a', pyInt(5)]]), 'a nested key does not leak into its parent');
});

test('integer-like keys keep insertion order (JS objects would move them first)', () => {
  const o = obj(parsePyJson('{"b": null, "10": true, "9": false}'));
  assert.deepEqual([...o.keys()], ['b', '10', '9']);
  assert.equal(dumpsPy(o, { sortKeys: false, ensureAscii: false }), '{"b": null, "10": true, "9": false}');
});

test('string escapes decode, including surrogate pairs and lone surrogates written as \\u escapes', () => {
  const values = arr(parsePyJson('["a\\"b\\\\c\\/d\\b\\f\\n\\r\\t", "\\u00e9\\u00C9", "\\ud83d\\ude00", "\\ud800x", "Dɔ le wuyem."]'));
  assert.deepEqual(values, ['a"b\\c/d\b\f\n\r\t', 'éÉ', '😀', '\ud800x', 'Dɔ le wuyem.']);
});

test('nested containers and scalars at the top level read back whole', () => {
  assert.deepEqual(parsePyJson('[[], {}, [[1.5]], {"x": [true, null]}]'), [[], new Map(), [[pyFloat(1.5)]], new Map([['x', [true, null]]])]);
  assert.equal(parsePyJson(' "top" '), 'top');
  assert.deepEqual(parsePyJson('7'), pyInt(7));
});

test('text that is not strict JSON is refused (the callers only pass what JSON.parse accepted)', () => {
  for (const text of ['', '[1,]', '{"a":1,}', '[1] // note', '{"a" 1}', '[NaN]', '"abc', '[1 2]']) readError(text);
});

test('numbers read from the text serialise byte for byte as Python’s json.dumps wrote them', () => {
  // Vectors written by Python 3.11's json.dumps(card, sort_keys=True, ensure_ascii=False): 40 cards of big ints,
  // integral floats, tiny and huge exponents, 0.1 + 0.2, subnormals and negative zero.
  const cards = arr(parsePyJson(readFileSync(fromRepo('test-fixtures', 'runcards', 'python', 'number-heavy.vectors.json'), 'utf8')));
  const expected = readFileSync(fromRepo('test-fixtures', 'runcards', 'python', 'number-heavy.dumps.txt'), 'utf8')
    .trimEnd()
    .split('\n');
  assert.equal(cards.length, expected.length);
  cards.forEach((card, i) => assert.equal(dumpsPy(card, PY), expected[i], `card ${i}`));
});

test('pyFloatRepr writes floats exactly as Python’s repr', () => {
  const cases: [number, string][] = [
    [0.0, '0.0'],
    [-0.0, '-0.0'],
    [1e-5, '1e-05'],
    [0.0001, '0.0001'],
    [0.00012345, '0.00012345'],
    [0.30000000000000004, '0.30000000000000004'],
    [1e16, '1e+16'],
    [1234567890123456.0, '1234567890123456.0'],
    [Number('12345678901234567.0'), '1.2345678901234568e+16'], // the literal itself is not a double; parse it as Python would
    [9999999999999998.0, '9999999999999998.0'],
    [5e-324, '5e-324'],
    [1.7976931348623157e308, '1.7976931348623157e+308'],
    [1.5e300, '1.5e+300'],
    [-2.5e-7, '-2.5e-07'],
    [4.2e-5, '4.2e-05'],
    [0.1, '0.1'],
    [100.0, '100.0'],
    [1.5, '1.5'],
    [-1.5, '-1.5'],
    [123456.789, '123456.789'],
    [58.333333333333336, '58.333333333333336'],
    [2 ** 53, '9007199254740992.0'],
    [1e22, '1e+22'],
    [NaN, 'NaN'],
    [Infinity, 'Infinity'],
    [-Infinity, '-Infinity'],
  ];
  for (const [n, expected] of cases) assert.equal(pyFloatRepr(n), expected, `repr of ${n}`);
});

test('every float repr parses back to the same double', () => {
  for (let i = 0; i < 2000; i++) {
    const n = (Math.random() - 0.5) * 10 ** Math.floor(Math.random() * 60 - 30);
    const back = parsePyJson(pyFloatRepr(n));
    assert.ok(isPyFloat(back) && Object.is(back.value, n), `${n} → ${pyFloatRepr(n)}`);
  }
});

test('dumpsPy matches json.dumps(sort_keys=True, ensure_ascii=False) on a mixed document', () => {
  const text =
    '{"b": [1, 2.50, -0, -0.0, 1e400, 12345678901234567890123, {"z": null, "a": true}], "a": "é\\n", "\\ud83d\\ude00": 0.1, "\\uffff": 1e-7, "10": false, "9": {}}';
  const value = parsePyJson(text);
  // Literal outputs produced once by CPython 3.11's json.dumps on the same text.
  assert.equal(
    dumpsPy(value, PY),
    '{"10": false, "9": {}, "a": "é\\n", "b": [1, 2.5, 0, -0.0, Infinity, 12345678901234567890123, {"a": true, "z": null}], "\uffff": 1e-07, "😀": 0.1}',
  );
  assert.equal(
    dumpsPy(value, { sortKeys: false, ensureAscii: false }),
    '{"b": [1, 2.5, 0, -0.0, Infinity, 12345678901234567890123, {"z": null, "a": true}], "a": "é\\n", "😀": 0.1, "\uffff": 1e-07, "10": false, "9": {}}',
  );
  assert.equal(
    dumpsPy(value, { sortKeys: false, ensureAscii: true }),
    '{"b": [1, 2.5, 0, -0.0, Infinity, 12345678901234567890123, {"z": null, "a": true}], "a": "\\u00e9\\n", "\\ud83d\\ude00": 0.1, "\\uffff": 1e-07, "10": false, "9": {}}',
  );
  assert.equal(dumpsPy([[], new Map(), ''], PY), '[[], {}, ""]');
});

test('keys sort by code point: an astral-plane key comes after U+FFxx keys, unlike JS’s default sort', () => {
  const o = new Map<string, PyValue>([
    ['\u{1F600}', pyInt(1)],
    ['\uff21', pyInt(2)],
    ['\ue000', pyInt(3)],
    ['z', pyInt(4)],
  ]);
  assert.deepEqual(['\u{1F600}', '\uff21'].sort(), ['\u{1F600}', '\uff21'], 'JS sorts by UTF-16 unit');
  assert.equal(dumpsPy(o, PY), '{"z": 4, "\ue000": 3, "\uff21": 2, "😀": 1}');
  assert.ok(compareCodePoints('a\u{10000}', 'a\uffff') > 0);
  assert.ok(compareCodePoints('a\u{10001}', 'a\u{10000}') > 0);
  assert.ok(compareCodePoints('ab', 'abc') < 0);
  assert.equal(compareCodePoints('é', 'é'), 0);
  // A lone high surrogate is the code point U+D800, below an astral character sharing the same unit.
  assert.ok(compareCodePoints('\ud83dx', '\u{1F600}') < 0);
});

test('string escaping follows Python’s encoder exactly, with and without ensure_ascii', () => {
  let all = '';
  for (let c = 0; c < 0x100; c++) all += String.fromCharCode(c);
  all += '\u2028\u2029\ufeff\ufffe\uffff\ue000\u{1F600}\u{10000}';
  // sha256 of CPython's json.dumps(s, ensure_ascii=False).encode(), computed once.
  assert.equal(createHash('sha256').update(dumpsPy(all, PY), 'utf8').digest('hex'), 'baebe83356c5e95711edf67828de6abb1e9c623bd89357b8cd38a88b0c4ad1e8');
  const raw = dumpsPy(all, PY);
  assert.ok(raw.startsWith('"\\u0000\\u0001\\u0002\\u0003\\u0004\\u0005\\u0006\\u0007\\b\\t\\n\\u000b\\f\\r\\u000e'));
  assert.ok(raw.includes('!\\"#') && raw.includes('[\\\\]') && raw.includes('~\u007f\u0080'));
  assert.ok(raw.endsWith('\u2028\u2029\ufeff\ufffe\uffff\ue000\u{1F600}\u{10000}"'));
  const ascii = dumpsPy(all, { sortKeys: true, ensureAscii: true });
  assert.ok(ascii.includes('~\\u007f\\u0080'), 'ensure_ascii escapes DEL');
  assert.ok(ascii.endsWith('\\u00ff\\u2028\\u2029\\ufeff\\ufffe\\uffff\\ue000\\ud83d\\ude00\\ud800\\udc00"'));
});

test('toPyValue maps JSON.parse output: integral numbers become ints, others floats', () => {
  const v = toPyValue(JSON.parse('{"t": 0.0, "r": 0.25, "n": 1e21, "z": -0, "l": [true, null, "x"], "o": {"k": 2}}'));
  const o = obj(v);
  assert.deepEqual(o.get('t'), pyInt(0), 'the 0.0 in the text is lost by JSON.parse');
  assert.deepEqual(o.get('r'), pyFloat(0.25));
  assert.deepEqual(o.get('n'), pyInt('1000000000000000000000'));
  assert.deepEqual(o.get('z'), pyInt(0));
  assert.deepEqual(o.get('l'), [true, null, 'x']);
  assert.deepEqual(o.get('o'), new Map([['k', pyInt(2)]]));
  assert.deepEqual(toPyValue(12n), pyInt(12));
  assert.deepEqual(toPyValue(NaN), { kind: 'float', value: NaN });
  assert.throws(() => toPyValue(undefined), TypeError);
  assert.throws(() => toPyValue({ f: () => 1 }), TypeError);
});

test('type guards and pyNumber tell ints, floats and objects apart', () => {
  const v = arr(parsePyJson('[3, 3.5, {"kind": "int", "digits": "1"}, "3"]'));
  assert.ok(isPyInt(v[0]) && !isPyFloat(v[0]));
  assert.ok(isPyFloat(v[1]) && !isPyInt(v[1]));
  assert.ok(isPyObject(v[2]) && !isPyInt(v[2]), 'an object that looks like an int stays an object');
  assert.deepEqual([pyNumber(v[0]), pyNumber(v[1]), pyNumber(v[2]), pyNumber(v[3])], [3, 3.5, undefined, undefined]);
});

test('a run card with 5000 results (keys already sorted) serialises back to the same text', () => {
  const entry =
    '{"entry_chrf": 41.66666666666667, "entry_id": 1, "error": null, "exact_match": false, "latency_seconds": 1.25, "predicted": "Meɖe kuku.", "reference": "Meɖe kuku, ƒo nu blewu.", "source": "Please speak slowly.", "usage": {"completion_tokens": 9, "prompt_tokens": 52}}';
  const text = `{"results": [${Array(5000).fill(entry).join(', ')}], "temperature": 0.0}`;
  const value = parsePyJson(text);
  assert.equal(arr(obj(value).get('results') as PyValue).length, 5000);
  assert.equal(dumpsPy(value, PY), text);
});

test('dumpsPy with an indent writes as json.dump(indent=2, ensure_ascii=False) does', () => {
  const value = toPyValue({ a: [1, { x: [] }], b: {}, é: 'ɖ', c: [[]] });
  (value as Map<string, unknown>).set('f', pyFloat(2));
  // Text printed by Python 3: json.dumps({...}, ensure_ascii=False, indent=2)
  assert.equal(
    dumpsPy(value, { sortKeys: false, ensureAscii: false, indent: 2 }),
    '{\n  "a": [\n    1,\n    {\n      "x": []\n    }\n  ],\n  "b": {},\n  "é": "ɖ",\n  "c": [\n    []\n  ],\n  "f": 2.0\n}',
  );
  assert.equal(dumpsPy(toPyValue([1, 2]), { sortKeys: false, ensureAscii: false, indent: 0 }), '[\n1,\n2\n]');
});

test('parsePyJson reads nesting up to MAX_PY_JSON_DEPTH and refuses deeper with a sentence, not a stack overflow', () => {
  const nested = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);
  assert.ok(Array.isArray(parsePyJson(nested(MAX_PY_JSON_DEPTH))));
  assert.throws(() => parsePyJson(nested(MAX_PY_JSON_DEPTH + 1)), /nested deeper than 1000 levels/);
  assert.throws(() => parsePyJson('{"a":'.repeat(1_000_000)), /nested deeper than 1000 levels/);
});
