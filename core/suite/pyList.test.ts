import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { parsePyList, pyListRepr, pyStrRepr } from './pyList';
import { propertyRuns } from '../../test/helpers/property';

/**
 * The plain twin: the list's strings found by one regular expression, escapes decoded by a table, no offsets.
 * Slow and simple; the parser must agree with it on every well-formed list.
 */
function twin(text: string): string[] | null {
  const body = /^\s*\[([\s\S]*)\]\s*$/.exec(text);
  if (!body) return null;
  const element = /\s*('(?:[^'\\\n]|\\[\s\S])*'|"(?:[^"\\\n]|\\[\s\S])*")\s*(,|$)/y;
  const out: string[] = [];
  let rest = body[1];
  if (rest.trim() === '') return [];
  while (rest.trim() !== '') {
    element.lastIndex = 0;
    const m = element.exec(rest);
    if (!m) return null;
    out.push(decode(m[1].slice(1, -1)));
    rest = rest.slice(m[0].length);
  }
  return out;
}

function decode(s: string): string {
  const table: Record<string, string> = { '\\': '\\', "'": "'", '"': '"', n: '\n', t: '\t', r: '\r', a: '\x07', b: '\b', f: '\f', v: '\v', '0': '\0' };
  return s.replace(/\\(x[0-9a-fA-F]{2}|u[0-9a-fA-F]{4}|U[0-9a-fA-F]{8}|[\s\S])/g, (whole, e: string) =>
    e.length > 1 ? String.fromCodePoint(parseInt(e.slice(1), 16)) : (table[e] ?? whole),
  );
}

const text = fc.string({ unit: fc.constantFrom('a', 'ɖ', 'Ɔ', '́', "'", '"', '\\', '\n', '\t', ',', ']', '[', ' ', '\x01', '😀'), maxLength: 10 });

test('a list Python wrote with str() reads back as the same strings, and the twin agrees', () => {
  fc.assert(
    fc.property(fc.array(text, { maxLength: 6 }), fc.constantFrom(', ', ',', ' , '), fc.boolean(), (values, sep, trailing) => {
      const written = '[' + values.map(pyStrRepr).join(sep) + (trailing && values.length ? ',' : '') + ']';
      const parsed = parsePyList(written);
      assert.ok(parsed.ok, written);
      assert.deepEqual(
        parsed.items.map((e) => e.value),
        values,
      );
      assert.deepEqual(twin(written), values);
      // Each element's offsets hold exactly its written form.
      parsed.items.forEach((e, i) => assert.equal(written.slice(e.start, e.end), pyStrRepr(values[i])));
    }),
    propertyRuns(400),
  );
});

test('on any text, the parser and the twin agree on whether and what a list of strings is', () => {
  const piece = fc.constantFrom('[', ']', "'", '"', ',', ' ', 'a', '\\', "\\'", '\\n', '\\x4', '\\x41', 'b');
  fc.assert(
    fc.property(fc.array(piece, { maxLength: 14 }), (pieces) => {
      const t = pieces.join('');
      const parsed = parsePyList(t);
      const expected = twin(t);
      if (parsed.ok)
        assert.deepEqual(
          parsed.items.map((e) => e.value),
          expected,
          t,
        );
      else if (expected !== null) {
        // The twin is looser about a backslash before a character Python reads as a short hex escape.
        assert.match(t, /\\[xuU]/, t);
      }
    }),
    propertyRuns(600),
  );
});

test('JSON lists, trailing commas and Python escapes read as Python reads them', () => {
  const ok = (t: string) => {
    const r = parsePyList(t);
    assert.ok(r.ok, t);
    return r.items.map((e) => e.value);
  };
  assert.deepEqual(ok('["a", "b"]'), ['a', 'b']);
  assert.deepEqual(ok("['a',]"), ['a']);
  assert.deepEqual(ok('[]'), []);
  assert.deepEqual(ok("['\\x41\\u0256\\U0001F600', 'a\\qb']"), ['Aɖ😀', 'a\\qb']);
  assert.equal(pyListRepr(["it's", 'a"b', 'x\'y"z']), `["it's", 'a"b', 'x\\'y"z']`);
});

test('what does not parse says where and what was expected', () => {
  assert.deepEqual(parsePyList("['a' 'b']"), { ok: false, offset: 5, expected: ', or ]' });
  assert.deepEqual(parsePyList("['a', "), { ok: false, offset: 6, expected: ']' });
  assert.deepEqual(parsePyList('a, b'), { ok: false, offset: 0, expected: '[' });
  assert.deepEqual(parsePyList("['a\\x4g']"), { ok: false, offset: 3, expected: '2 hexadecimal digits after \\x' });
  assert.deepEqual(parsePyList("['a'] x"), { ok: false, offset: 6, expected: 'nothing after ]' });
  assert.deepEqual(parsePyList('[1, 2]'), { ok: false, offset: 1, expected: 'a quoted string or ]' });
});
