import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { propertyRuns } from '../test/helpers/property';
import { cut } from '../test/helpers/pieces';
import { JsonStreamError, parseJsonPieces, type MemberSink } from './jsonStream';

const hex4 = fc.integer({ min: 0, max: 0xffff }).chain((u) =>
  fc.boolean().map((upper) => {
    const h = u.toString(16).padStart(4, '0');
    return `\\u${upper ? h.toUpperCase() : h}`;
  }),
);
/** One unit of a JSON string's text: plain text (astral characters too), raw lone surrogates, every escape, `\u` of any code unit (surrogates too). */
const stringUnit = fc.oneof(
  // eslint-disable-next-line no-control-regex -- the characters a JSON string may not hold raw
  fc.string({ unit: 'binary', maxLength: 4 }).map((s) => s.replace(/["\\\u0000-\u001f]/g, '')),
  fc.integer({ min: 0xd800, max: 0xdfff }).map((u) => String.fromCharCode(u)),
  fc.constantFrom('\\"', '\\\\', '\\/', '\\b', '\\f', '\\n', '\\r', '\\t', 'ɖɛ̃ŋ', '😀', '\\ud83d\\ude00', '\\uD83D', 'results'),
  hex4,
);
const stringText = fc.array(stringUnit, { maxLength: 6 }).map((units) => `"${units.join('')}"`);
const keyText = fc.oneof(stringText, fc.constantFrom('"a"', '"\\u0061"', '"__proto__"', '"constructor"', '"results"', '"toString"', '""', '"1"', '"entries"'));
const numberText = fc.oneof(
  fc.double({ noNaN: true, noDefaultInfinity: true }).map((x) => JSON.stringify(x)),
  fc.integer().map(String),
  fc.bigInt({ min: -(2n ** 70n), max: 2n ** 70n }).map(String),
  fc.constantFrom(
    '-0',
    '0.0',
    '9007199254740993',
    '9007199254740992',
    '-9007199254740993',
    '18014398509481985',
    '1e400',
    '-1e400',
    '1E+2',
    '0.1e-5',
    '2.5e-324',
    '123456789012345678901234567890',
    '0.30000000000000004',
  ),
);
const ws = fc.constantFrom('', '', ' ', '\n', '\t', '\r\n  ');

const { value: valueText } = fc.letrec<{ value: string; array: string; object: string }>((tie) => ({
  value: fc.oneof({ depthSize: 'small', withCrossShrink: true }, fc.constantFrom('null', 'true', 'false'), numberText, stringText, tie('array'), tie('object')),
  array: fc.tuple(fc.array(fc.tuple(ws, tie('value'), ws), { maxLength: 4 }), ws).map(([xs, w]) => `[${w}${xs.map((x) => x.join('')).join(',')}]`),
  object: fc
    .tuple(fc.array(fc.tuple(ws, keyText, ws, ws, tie('value'), ws), { maxLength: 4 }), ws)
    .map(([ms, w]) => `{${w}${ms.map(([a, k, b, c, v, d]) => `${a}${k}${b}:${c}${v}${d}`).join(',')}}`),
}));
const deep = fc
  .tuple(fc.integer({ min: 1, max: 2000 }), fc.constantFrom('[', '{"a":'), fc.constantFrom('1', '"x"', '[]', '{}'))
  .map(([n, open, inner]) => open.repeat(n) + inner + (open === '[' ? ']' : '}').repeat(n));
const text = fc.tuple(ws, valueText, ws).map((p) => p.join(''));
const cuts = fc.array(fc.nat(), { maxLength: 8 });

type Outcome = { ok: true; value: unknown } | { ok: false };
const plain = (t: string): Outcome => {
  try {
    return { ok: true, value: JSON.parse(t) as unknown };
  } catch {
    return { ok: false };
  }
};
const streamed = (pieces: string[]): Outcome => {
  try {
    return { ok: true, value: parseJsonPieces(pieces) };
  } catch (error) {
    assert.ok(error instanceof JsonStreamError, `only JsonStreamError: ${String(error)}`);
    return { ok: false };
  }
};
/** Equal as `JSON.parse` gives them: same values (-0 apart from 0), same keys in the same order, same prototypes. */
function assertSame(actual: unknown, expected: unknown): void {
  assert.deepStrictEqual(actual, expected);
  assert.equal(JSON.stringify(actual), JSON.stringify(expected), 'same key order');
}

test('a JSON text in pieces cut anywhere parses to what JSON.parse gives of the whole', () => {
  fc.assert(
    fc.property(text, cuts, (t, at) => {
      const expected = plain(t);
      assert.ok(expected.ok, 'the generator writes valid JSON');
      const got = streamed(cut(t, at));
      assert.ok(got.ok);
      assertSame(got.value, expected.value);
    }),
    propertyRuns(300),
  );
});

test('one character at a time parses the same', () => {
  fc.assert(
    fc.property(valueText, (t) => {
      const got = streamed([...t].flatMap((c) => c.split('')));
      assert.ok(got.ok);
      assertSame(got.value, JSON.parse(t));
    }),
    propertyRuns(150),
  );
});

test('deep nesting parses as JSON.parse parses it (no recursion: 100,000 levels too)', () => {
  fc.assert(
    fc.property(deep, cuts, (t, at) => {
      const got = streamed(cut(t, at));
      assert.ok(got.ok);
      // JSON.stringify, not deepStrictEqual: the assertion recurses past the stack at these depths.
      assert.equal(JSON.stringify(got.value), JSON.stringify(JSON.parse(t)));
    }),
    propertyRuns(10),
  );
  const depth = 100_000;
  let v = parseJsonPieces(['['.repeat(depth), '7', ']'.repeat(depth)]);
  for (let k = 0; k < depth; k++) {
    assert.ok(Array.isArray(v) && v.length === 1);
    v = v[0];
  }
  assert.equal(v, 7);
  assert.equal(streamed(['['.repeat(depth), ']'.repeat(depth - 1)]).ok, false, 'one bracket short');
});

const JUNK = ['"', '\\', ',', ':', '{', '}', '[', ']', 'x', 't', 'n', '\u0001', '0', '-', '.', 'e', '+', ' ', '\uFEFF', 'u', '\n'];
test('a damaged text: refused in pieces exactly when JSON.parse refuses the whole, the same value otherwise', () => {
  fc.assert(
    fc.property(text, fc.array(fc.tuple(fc.nat(), fc.option(fc.constantFrom(...JUNK))), { minLength: 1, maxLength: 3 }), cuts, (t, edits, at) => {
      let damaged = t;
      for (const [p, insert] of edits) {
        const i = p % (damaged.length + 1);
        damaged = insert === null ? damaged.slice(0, i) + damaged.slice(i + 1) : damaged.slice(0, i) + insert + damaged.slice(i);
      }
      const expected = plain(damaged);
      const got = streamed(cut(damaged, at));
      assert.equal(got.ok, expected.ok, `JSON.parse ${expected.ok ? 'accepts' : 'refuses'} ${JSON.stringify(damaged)}`);
      if (got.ok && expected.ok) assertSame(got.value, expected.value);
    }),
    propertyRuns(400),
  );
});

test('a streamed member array: its elements handed over in order, the same as JSON.parse gives, the last of duplicate keys wins', () => {
  const member = fc.tuple(fc.constantFrom('"results"', '"other"', '"results"'), valueText);
  const topLevel = fc
    .tuple(
      fc.array(member, { maxLength: 3 }),
      fc.array(valueText, { maxLength: 5 }).map((xs) => `[${xs.join(',')}]`),
      fc.array(member, { maxLength: 3 }),
    )
    .map(
      ([before, results, after]) => `{${[...before.map(([k, v]) => `${k}:${v}`), `"results":${results}`, ...after.map(([k, v]) => `${k}:${v}`)].join(',')}}`,
    );
  fc.assert(
    fc.property(topLevel, cuts, (t, at) => {
      const sinks = new Map<unknown[], unknown[]>();
      const value = parseJsonPieces(cut(t, at), {
        streamMember: (key): MemberSink | null => {
          if (key !== 'results') return null;
          const marker: unknown[] = [];
          const got: unknown[] = [];
          sinks.set(marker, got);
          return { marker, add: (v) => got.push(v) };
        },
      }) as Record<string, unknown>;
      const expected = JSON.parse(t) as Record<string, unknown>;
      const results = value.results;
      const elements = Array.isArray(results) ? sinks.get(results) : undefined;
      if (Array.isArray(expected.results)) {
        assert.ok(elements, 'the last results member is a streamed array');
        assert.equal((results as unknown[]).length, 0, 'the marker stays empty');
        assertSame(elements, expected.results);
        assertSame({ ...value, results: elements }, expected);
      } else assertSame(value, expected);
    }),
    propertyRuns(200),
  );
});

test('the offset of a refusal is where the text goes wrong', () => {
  assert.throws(
    () => parseJsonPieces(['{"a":', ' tru', 'x}']),
    (e: unknown) => e instanceof JsonStreamError && e.offset === 6,
  );
  assert.throws(
    () => parseJsonPieces(['[1,', '2,]']),
    (e: unknown) => e instanceof JsonStreamError && e.offset === 5,
  );
  assert.throws(
    () => parseJsonPieces(['"abc']),
    (e: unknown) => e instanceof JsonStreamError && /unterminated string at offset 4/.test(e.message),
  );
});
