import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { editedPyJsonText, pyJsonText } from '../../test/helpers/pyJsonText';
import { propertyRuns } from '../../test/helpers/property';
import { canonicalPyJson, canonicalPyJsonInJs, floatLexemeIsRepr, type CanonicalOptions } from './canonical';
import { canonicalFast, MAX_FAST_TEXT } from './canonicalWasm';
import { dumpsPy, HASH_DUMPS_OPTIONS, isPyObject, MAX_PY_JSON_DEPTH, parsePyJson, pyFloatRepr, PyJsonError, type PyObject } from './json';

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

/** The two ways in: the WebAssembly path first (the TypeScript pass when it declines), and the TypeScript pass alone. */
const PASSES = [
  ['canonicalPyJson', canonicalPyJson],
  ['canonicalPyJsonInJs', canonicalPyJsonInJs],
] as const;
let pass: (text: string, options?: CanonicalOptions) => ReturnType<typeof canonicalPyJson> = canonicalPyJson;

/** The fast path's answer in the same shape; text Python cannot encode (a lone surrogate) is marked as such. */
function fast(text: string): { text: string } | { error: string } | { lone: true } {
  try {
    const read = pass(text);
    return read.wellFormed ? { text: decoder.decode(read.bytes) } : { lone: true };
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

for (const [name, implementation] of PASSES) {
  test(`${name}: canonical bytes are the UTF-8 of dumpsPy(parsePyJson(text)) on arbitrary JSON (floats, big ints, escapes, duplicate and astral keys)`, () => {
    pass = implementation;
    fc.assert(fc.property(pyJsonText, sameAsPlain), propertyRuns(1500));
  });

  test(`${name}: canonical reading refuses exactly what parsePyJson refuses, with the same reason and offset`, () => {
    pass = implementation;
    fc.assert(fc.property(fc.oneof(editedPyJsonText, fc.string({ unit: 'binary', maxLength: 16 })), sameAsPlain), propertyRuns(1500));
  });
}

const noWanted = { blank: undefined, captureRoot: undefined, captureMember: undefined, roots: [], members: [] };

/** Arbitrary JSON as a harness writes it: Python's own dump of it, and the same value indented with its keys unsorted. */
const writtenText = pyJsonText.chain((text) => {
  // A float past the double range is dumped as `Infinity`, which is not JSON: that value is written as JSON has it.
  const dumped = dumpsPy(parsePyJson(text), HASH_DUMPS_OPTIONS).replace(/-?Infinity|NaN/g, '1e999');
  const value = JSON.parse(text) as unknown;
  const reversed = (v: unknown): unknown =>
    Array.isArray(v)
      ? v.map(reversed)
      : v && typeof v === 'object'
        ? Object.fromEntries(
            Object.entries(v)
              .reverse()
              .map(([k, x]) => [k, reversed(x)]),
          )
        : v;
  return fc.constantFrom(dumped, JSON.stringify(reversed(value), null, 2));
});

test('the WebAssembly path answers the texts a harness writes itself, with the TypeScript pass’s bytes', () => {
  let answered = 0;
  let runs = 0;
  fc.assert(
    fc.property(writtenText, (text) => {
      runs++;
      const twin = canonicalPyJsonInJs(text);
      if (!twin.wellFormed) return;
      const mine = canonicalFast(text, noWanted);
      if (mine === undefined) return;
      answered++;
      assert.equal(decoder.decode(mine.bytes), decoder.decode(twin.bytes));
    }),
    propertyRuns(1500),
  );
  // It declines only what it cannot write byte for byte (an escape Python writes otherwise, a repeated key, U+FFFD…).
  assert.ok(answered > runs / 2, `answered ${answered} of ${runs}`);
});

test('the fast path reads the UTF-8 a caller already has exactly as it reads the text', () => {
  const options: CanonicalOptions = { blank: 'seal', capture: ['f', 'c'], strings: [['seal'], ['f', 'h']] };
  fc.assert(
    fc.property(writtenText, (text) => {
      const twin = canonicalPyJsonInJs(text, options);
      if (!twin.wellFormed) return;
      const viaText = canonicalPyJson(text, options);
      const expected = { bytes: decoder.decode(viaText.bytes), strings: viaText.strings, captured: viaText.captured && decoder.decode(viaText.captured) };
      const viaBytes = canonicalPyJson(text, options, encoder.encode(text));
      assert.deepEqual(
        { bytes: decoder.decode(viaBytes.bytes), strings: viaBytes.strings, captured: viaBytes.captured && decoder.decode(viaBytes.captured) },
        expected,
      );
      assert.equal(expected.bytes, decoder.decode(twin.bytes));
    }),
    propertyRuns(800),
  );
});

test('floats with 16 and 17 significant digits: the WebAssembly path decides them exactly, or leaves them to pyFloatRepr', () => {
  // A double's own repr at any magnitude, the decimals one or two units away in its last digit, and the repr with a zero appended.
  // Python's own repr of a double at any magnitude (fixed or `d.ddde-XX`), the decimals one or two units away in
  // its last digit, and the repr with a zero appended to its digits.
  const lexemes = fc.tuple(fc.double({ min: 1, max: 10, noNaN: true }), fc.integer({ min: -7, max: 16 })).chain(([x, power]) => {
    const s = pyFloatRepr(x * 10 ** power);
    const e = s.includes('e') ? s.indexOf('e') : s.length;
    const [body, tail] = [s.slice(0, e), s.slice(e)];
    const last = Number(body[body.length - 1]);
    const swap = (d: number) => body.slice(0, -1) + String(d) + tail;
    return fc.constantFrom(s, swap((last + 1) % 10), swap((last + 9) % 10), swap((last + 2) % 10), `${body}0${tail}`, `-${s}`);
  });
  let decided = 0;
  fc.assert(
    fc.property(lexemes, (lexeme) => {
      const text = `[${lexeme}, {"b": ${lexeme}, "a": 1}]`;
      const expected = dumpsPy(parsePyJson(text), HASH_DUMPS_OPTIONS);
      const mine = canonicalFast(text, noWanted);
      if (mine !== undefined) assert.equal(decoder.decode(mine.bytes), expected, lexeme);
      if (pyFloatRepr(Number(lexeme)) === lexeme) {
        assert.ok(mine !== undefined, `${lexeme} is its own repr: answered`);
        decided++;
      }
      assert.equal(decoder.decode(canonicalPyJson(text).bytes), expected);
    }),
    propertyRuns(4000),
  );
  assert.ok(decided > 100);
});

test('the WebAssembly path declines what it cannot write byte for byte; canonicalPyJson then answers as the plain twin', () => {
  const declined = [
    '{"a": 1, "a": 2}',
    '["\\u00e9"]',
    '["a\\/b"]',
    '{"k\\n": 1}',
    '["\\ufffd"]',
    '["\ufffd"]',
    '[-0]',
    '[NaN]',
    '[1.50]',
    '[1E5]',
    '{"a": [1,]}',
    '[1] x',
    '',
    '['.repeat(300) + ']'.repeat(300),
  ];
  for (const text of declined) {
    assert.equal(canonicalFast(text, noWanted), undefined, text);
    sameAsPlain(text);
  }
  assert.equal(canonicalFast(`["${'a'.repeat(MAX_FAST_TEXT)}"]`, noWanted), undefined);
  const answered = ['{"b": [1, 2.5, "x\\u001f\\n\\"\\\\"], "a": {"d": null, "c": true}}', '0.1234567890123456', '[1e-05, 1e+16, -0.0, 30.0]', '{}', '[]', '""'];
  for (const text of answered) {
    const mine = canonicalFast(text, noWanted);
    assert.ok(mine, text);
    assert.equal(decoder.decode(mine.bytes), dumpsPy(parsePyJson(text), HASH_DUMPS_OPTIONS));
  }
});

test('an object root gives the strings asked for (the last of a repeated key), the blanked member and the captured one', () => {
  const member = fc.tuple(fc.constantFrom('"f"', '"g"', '"seal"', '"x"'), pyJsonText);
  const inner = fc.array(fc.tuple(fc.constantFrom('"c"', '"h"', '"y"'), fc.oneof(pyJsonText, fc.constantFrom('{}', '{"b": 1, "a": [2]}'))), { maxLength: 4 });
  const card = fc
    .tuple(fc.array(member, { maxLength: 4 }), fc.array(fc.tuple(fc.constantFrom('"f"', '"g"'), inner), { maxLength: 3 }), fc.boolean())
    .map(([flat, objects, reversed]) => {
      const members = [...flat.map(([k, v]) => `${k}: ${v}`), ...objects.map(([k, m]) => `${k}: {${m.map(([a, b]) => `${a}: ${b}`).join(', ')}}`)];
      return `{${(reversed ? members.reverse() : members).join(', ')}}`;
    });
  const paths = [['seal'], ['x'], ['f', 'h'], ['g', 'c'], ['f', 'y']] as const;
  fc.assert(
    fc.property(card, (text) => {
      const value = parsePyJson(text) as PyObject;
      const read = canonicalPyJson(text, { blank: 'seal', capture: ['f', 'c'], strings: paths });
      if (!read.wellFormed) return;
      assert.equal(read.object, true);
      const at = (path: readonly string[]) => {
        const root = value.get(path[0]);
        const member = path.length === 1 ? root : isPyObject(root) ? root.get(path[1]) : undefined;
        return typeof member === 'string' ? member : undefined;
      };
      assert.deepEqual(read.strings, paths.map(at));
      const blanked: PyObject = new Map(value);
      if (blanked.has('seal')) blanked.set('seal', '');
      assert.equal(decoder.decode(read.bytes), dumpsPy(blanked, HASH_DUMPS_OPTIONS));
      const f = value.get('f');
      const c = isPyObject(f) ? f.get('c') : undefined;
      assert.equal(read.captured && decoder.decode(read.captured), isPyObject(c) ? dumpsPy(c, HASH_DUMPS_OPTIONS) : undefined);
    }),
    propertyRuns(800),
  );
});

test('examples: Python floats, -0, duplicate keys, keys sorted by code point, escapes as Python writes them', () => {
  const text = (s: string) => decoder.decode(canonicalPyJson(s).bytes);
  assert.equal(
    text('{"b": 1.0, "a": [1e-05, 1E+16, -0, -0.0, 1e999], "a": "x\\u00e9\\n\\/\\u0001", "\ud83d\ude00": 0, "\uffff": 1}'),
    '{"a": "xé\\n/\\u0001", "b": 1.0, "\uffff": 1, "\ud83d\ude00": 0}',
  );
  assert.equal(text('[1e-05,1E+16,-0,-0.0,1e999,100.0,1e15]'), '[1e-05, 1e+16, 0, -0.0, Infinity, 100.0, 1000000000000000.0]');
  assert.equal(canonicalPyJson(' "a\\"b" ').object, false);
  assert.equal(canonicalPyJson('"\\ud800"').wellFormed, false);
  assert.equal(canonicalPyJson('{"\\ud800": 1}').wellFormed, false);
  assert.equal(canonicalPyJson('["\ud800"]').wellFormed, false);
  // U+FFFD is what the encoder writes for a lone surrogate: the text itself says which it was.
  assert.equal(canonicalPyJson('["\ufffd", {"\ufffd": "x\\n"}]').wellFormed, true);
  assert.equal(canonicalPyJson('{"\ufffd": 1, "a\ud800": 2}').wellFormed, false);
  assert.equal(text('["\\u001f\\u001F\\u00e9\\"\\/"]'), '["\\u001f\\u001fé\\"/"]');
});

test('canonical reading is bounded in depth as parsePyJson is, and reads long texts', () => {
  assert.equal(canonicalPyJson('['.repeat(MAX_PY_JSON_DEPTH) + ']'.repeat(MAX_PY_JSON_DEPTH)).bytes.length, 2 * MAX_PY_JSON_DEPTH);
  assert.throws(() => canonicalPyJson('['.repeat(MAX_PY_JSON_DEPTH + 1) + ']'.repeat(MAX_PY_JSON_DEPTH + 1)), /nested deeper than 1000 levels/);
  assert.throws(() => canonicalPyJson('['.repeat(MAX_PY_JSON_DEPTH) + '1' + ']'.repeat(MAX_PY_JSON_DEPTH)), /nested deeper than 1000 levels/);
  const deep = '{"a": '.repeat(MAX_PY_JSON_DEPTH - 1) + '{}' + '}'.repeat(MAX_PY_JSON_DEPTH - 1);
  assert.equal(decoder.decode(canonicalPyJson(deep).bytes), dumpsPy(parsePyJson(deep), HASH_DUMPS_OPTIONS));
  const long = JSON.stringify({ z: 'é'.repeat(200_000), a: Array.from({ length: 20_000 }, (_, k) => k + 0.5) });
  assert.equal(decoder.decode(canonicalPyJson(long).bytes), dumpsPy(parsePyJson(long), HASH_DUMPS_OPTIONS));
});

/** Float lexemes as JSON allows them: every form of a double's digits, hand-written ones with trailing zeros. */
const floatLexeme = fc.oneof(
  fc.double({ noNaN: true, noDefaultInfinity: true }).chain((x) => {
    const s = String(x);
    return fc.constantFrom(
      s.includes('.') || s.includes('e') ? s : `${s}.0`,
      x.toExponential(),
      x.toFixed(Math.min(20, Math.max(1, -Math.floor(Math.log10(Math.abs(x) || 1)) + 3))),
    );
  }),
  fc
    .tuple(fc.boolean(), fc.bigInt({ min: 0n, max: 10n ** 20n }), fc.stringMatching(/^[0-9]{1,20}$/))
    .map(([minus, int, frac]) => `${minus ? '-' : ''}${int}.${frac}`),
  fc.constantFrom('0.0', '-0.0', '0.0001', '0.00001', '0.00010', '1.10', '123456789012345.0', '1234567890123456.0', '999999999999999.9', '0.1234567890123456'),
);

test('a float lexeme is written as pyFloatRepr(Number(lexeme)), and taken as its own repr only when it is', () => {
  fc.assert(
    fc.property(floatLexeme, fc.constantFrom('', '[', '{"a": '), (lexeme, before) => {
      const after = before === '' ? '' : before === '[' ? ']' : '}';
      const repr = pyFloatRepr(Number(lexeme));
      assert.equal(decoder.decode(canonicalPyJson(before + lexeme + after).bytes), before + repr + after, lexeme);
      const bytes = encoder.encode(before + lexeme);
      if (floatLexemeIsRepr(bytes, before.length, bytes.length)) assert.equal(repr, lexeme);
    }),
    propertyRuns(3000),
  );
});
