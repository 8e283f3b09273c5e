import fc from 'fast-check';

/**
 * JSON text as the Rosetta harness and hand edits write it, for property tests of Python-semantics readers:
 * ints of any size and `-0`, floats in every lexeme form (`1.0`, `1e-05`, `1E+16`, `-0.0`, overflow to Infinity),
 * strings raw or with escapes (controls, `\uXXXX` in either case, surrogate pairs and lone surrogates),
 * duplicate and astral keys, and any of JSON's four whitespace characters between tokens.
 */
const space = fc.constantFrom('', ' ', '\n  ', '\t', '\r\n');

const intLexeme = fc.oneof(fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }).map(String), fc.integer().map(String), fc.constant('-0'));

const floatLexeme = fc.oneof(
  fc
    .double({ noNaN: true, noDefaultInfinity: true })
    .chain((x) =>
      fc.constantFrom(
        String(x).includes('.') || String(x).includes('e') ? String(x) : `${String(x)}.0`,
        x.toExponential(),
        x.toExponential().toUpperCase(),
        x.toExponential(3),
      ),
    ),
  fc.constantFrom('0.0', '-0.0', '1e-05', '1E+16', '1e16', '0.0001', '123456789012345678.0', '1.5e300', '1e999', '-1e999', '2.5E-7', '100.0'),
);

/** A string written as JSON: raw (JSON.stringify's escapes) or with every unit or some units as `\uXXXX`. */
export const pyStringText = fc.string({ unit: 'binary', maxLength: 12 }).chain((s) =>
  fc.constantFrom(
    JSON.stringify(s),
    // Every unit escaped, lone surrogates included (JSON.stringify writes those as escapes too).
    '"' + [...Array(s.length).keys()].map((i) => '\\u' + s.charCodeAt(i).toString(16).padStart(4, '0')).join('') + '"',
    '"' + [...Array(s.length).keys()].map((i) => '\\u' + s.charCodeAt(i).toString(16).toUpperCase().padStart(4, '0')).join('') + '"',
    JSON.stringify(s).replace(/\//g, '\\/'),
  ),
);

const keyText = fc.oneof(pyStringText, fc.constantFrom('"a"', '"b"', '"10"', '"2"', '"\\u00e9"', '"é"', '"\ud83d\ude00"', '"\uffff"', '"run_card_hash"'));

const { value: pyJsonText } = fc.letrec<{ value: string; array: string; object: string }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    intLexeme,
    floatLexeme,
    pyStringText,
    fc.constantFrom('true', 'false', 'null'),
    tie('array'),
    tie('object'),
  ),
  array: fc
    .tuple(space, fc.array(fc.tuple(tie('value'), space, space), { maxLength: 4 }))
    .map(([s, items]) => (items.length === 0 ? `[${s}]` : '[' + items.map(([v, a, b]) => a + v + b).join(',') + ']')),
  object: fc
    .tuple(space, fc.array(fc.tuple(keyText, tie('value'), space, space), { maxLength: 5 }))
    .map(([s, members]) => (members.length === 0 ? `{${s}}` : '{' + members.map(([k, v, a, b]) => `${a}${k}${b}:${a}${v}${b}`).join(',') + '}')),
}));

export { pyJsonText };

/** A JSON text with one random edit (a character deleted, or one of JSON's troublemakers inserted): mostly invalid. */
export const editedPyJsonText = fc
  .tuple(
    pyJsonText,
    fc.nat(),
    fc.option(fc.constantFrom(',', '}', ']', '{', '[', '"', '\\', ':', 'x', '\u0001', '0', '.', 'e', '-', '+', ' ', 'n'), { nil: undefined }),
  )
  .map(([text, at, insert]) => {
    const i = text.length === 0 ? 0 : at % text.length;
    return insert === undefined ? text.slice(0, i) + text.slice(i + 1) : text.slice(0, i) + insert + text.slice(i);
  });
