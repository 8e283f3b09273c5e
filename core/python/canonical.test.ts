import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { editedPyJsonText, pyJsonText } from '../../test/helpers/pyJsonText';
import { propertyRuns } from '../../test/helpers/property';
import { canonicalPyJsonBytes } from './canonical';
import { dumpsPy, HASH_DUMPS_OPTIONS, isPyObject, MAX_PY_JSON_DEPTH, parsePyJson, PyJsonError, type PyObject } from './json';

const decoder = new TextDecoder();
const encoder = new TextEncoder();
const isWellFormed = (s: string) => encoder.encode(s).length === 0 || decoder.decode(encoder.encode(s)) === s;

/** The plain twin: parse to PyValues, then json.dumps(sort_keys=True, ensure_ascii=False). */
function plain(text: string): { text: string } | { error: string } {
  try {
    return { text: dumpsPy(parsePyJson(text), HASH_DUMPS_OPTIONS) };
  } catch (e) {
    assert.ok(e instanceof PyJsonError, String(e));
    return { error: e.message };
  }
}

/** The fast path's answer in the same shape; text Python cannot encode (a lone surrogate) is marked as such. */
function fast(text: string): { text: string } | { error: string } | { lone: true } {
  try {
    const read = canonicalPyJsonBytes(text);
    return read.loneSurrogates > 0 ? { lone: true } : { text: decoder.decode(read.bytes) };
  } catch (e) {
    assert.ok(e instanceof PyJsonError, String(e));
    return { error: e.message };
  }
}

function sameAsPlain(text: string): void {
  const mine = fast(text);
  const twin = plain(text);
  // A lone surrogate anywhere in the text is counted (even in a value a repeated key then replaces): the caller
  // goes the plain way then. Counted or not, the text was read as the plain reader reads it.
  if ('lone' in mine) assert.ok('text' in twin);
  else if ('text' in twin) assert.ok(isWellFormed(twin.text), 'a lone surrogate in the plain dump is always counted');
  if (!('lone' in mine)) assert.deepEqual(mine, twin);
}

test('canonical bytes are the UTF-8 of dumpsPy(parsePyJson(text)) on arbitrary JSON (floats, big ints, escapes, duplicate and astral keys)', () => {
  fc.assert(fc.property(pyJsonText, sameAsPlain), propertyRuns(1500));
});

test('canonical reading refuses exactly what parsePyJson refuses, with the same reason and offset', () => {
  fc.assert(fc.property(fc.oneof(editedPyJsonText, fc.string({ unit: 'binary', maxLength: 16 })), sameAsPlain), propertyRuns(1500));
});

test('an object root gives its members’ spans, its object members’ members, the blanked member and the captured one', () => {
  const member = fc.tuple(fc.constantFrom('"f"', '"g"', '"seal"', '"x"'), pyJsonText);
  const inner = fc.array(fc.tuple(fc.constantFrom('"c"', '"h"', '"y"'), pyJsonText), { maxLength: 4 });
  const card = fc
    .tuple(fc.array(member, { maxLength: 4 }), fc.array(fc.tuple(fc.constantFrom('"f"', '"g"'), inner), { maxLength: 3 }))
    .map(
      ([flat, objects]) =>
        `{${[...flat.map(([k, v]) => `${k}: ${v}`), ...objects.map(([k, m]) => `${k}: {${m.map(([a, b]) => `${a}: ${b}`).join(', ')}}`)].join(', ')}}`,
    );
  fc.assert(
    fc.property(card, (text) => {
      const value = parsePyJson(text) as PyObject;
      const read = canonicalPyJsonBytes(text, { blank: 'seal', capture: ['f', 'c'] });
      if (read.loneSurrogates > 0) return;
      assert.ok(read.members && read.nested);
      assert.deepEqual([...read.members.keys()], [...value.keys()]);
      for (const [key, span] of read.members)
        assert.equal(dumpsPy(parsePyJson(text.slice(span.start, span.end)), HASH_DUMPS_OPTIONS), dumpsPy(value.get(key) ?? null, HASH_DUMPS_OPTIONS));
      const blanked: PyObject = new Map(value);
      if (blanked.has('seal')) blanked.set('seal', '');
      assert.equal(decoder.decode(read.bytes), dumpsPy(blanked, HASH_DUMPS_OPTIONS));
      for (const [key, member] of value) {
        assert.equal(read.nested.has(key), isPyObject(member));
        if (isPyObject(member)) assert.deepEqual([...(read.nested.get(key)?.keys() ?? [])], [...member.keys()]);
      }
      const f = value.get('f');
      const c = isPyObject(f) ? f.get('c') : undefined;
      assert.equal(read.captured && decoder.decode(read.captured), isPyObject(c) ? dumpsPy(c, HASH_DUMPS_OPTIONS) : undefined);
    }),
    propertyRuns(800),
  );
});

test('examples: Python floats, -0, duplicate keys, keys sorted by code point, escapes as Python writes them', () => {
  const text = (s: string) => decoder.decode(canonicalPyJsonBytes(s).bytes);
  assert.equal(
    text('{"b": 1.0, "a": [1e-05, 1E+16, -0, -0.0, 1e999], "a": "x\\u00e9\\n\\/\\u0001", "\ud83d\ude00": 0, "\uffff": 1}'),
    '{"a": "xé\\n/\\u0001", "b": 1.0, "\uffff": 1, "\ud83d\ude00": 0}',
  );
  assert.equal(text('[1e-05,1E+16,-0,-0.0,1e999,100.0,1e15]'), '[1e-05, 1e+16, 0, -0.0, Infinity, 100.0, 1000000000000000.0]');
  assert.equal(canonicalPyJsonBytes(' "a\\"b" ').members, undefined);
  assert.equal(canonicalPyJsonBytes('"\\ud800"').loneSurrogates, 1);
});

test('canonical reading is bounded in depth as parsePyJson is, and grows its buffer for long texts', () => {
  assert.equal(canonicalPyJsonBytes('['.repeat(MAX_PY_JSON_DEPTH) + ']'.repeat(MAX_PY_JSON_DEPTH)).bytes.length, 2 * MAX_PY_JSON_DEPTH);
  assert.throws(() => canonicalPyJsonBytes('['.repeat(MAX_PY_JSON_DEPTH + 1) + ']'.repeat(MAX_PY_JSON_DEPTH + 1)), /nested deeper than 1000 levels/);
  const long = JSON.stringify({ z: 'é'.repeat(200_000), a: Array.from({ length: 20_000 }, (_, k) => k + 0.5) });
  assert.equal(decoder.decode(canonicalPyJsonBytes(long).bytes), dumpsPy(parsePyJson(long), HASH_DUMPS_OPTIONS));
});
