import { test } from 'node:test';
import assert from 'node:assert/strict';
import { compilePyRegex, pySearch, PyRegexError, PyRegexUnsupported } from './re';

// Expected values below were checked against CPython 3.11 / 3.12 `re.search`.

test('\\b uses Python word characters: ò, ɖ, è and astral letters are letters, combining marks are not', () => {
  assert.equal(pySearch('\\ble\\b', 'wòle'), false); // NFC: ò is a word character, so no word "le"
  assert.equal(pySearch('\\ble\\b', 'wo\u0300le'), true); // NFD: U+0300 is a mark, not a word character
  assert.equal(pySearch('\\ble\\b', 'ɖele'), false);
  assert.equal(pySearch('\\ble\\b', 'è le'), true);
  assert.equal(pySearch('\\bLE\\b', 'WÒLE'), false);
  assert.equal(pySearch('\\bA\\b', '𝐀A'), false);
  // JavaScript's own \b disagrees on the first case, which is why we translate.
  assert.equal(/\ble\b/u.test('wòle'), true);
});

test('multiline ^ starts a line only after "\\n" (not "\\r" or U+2028), and \\s is Python whitespace', () => {
  const header = (text: string) => pySearch('^#{1,3}\\s', text, { multiline: true });
  assert.equal(header('a\n# b'), true);
  assert.equal(header('a\r# b'), false);
  assert.equal(header('a\u2028# b'), false);
  assert.equal(header('#\u0085x'), true);
  assert.equal(header('#\u001cx'), true);
  assert.equal(header('#\ufeffx'), false);
  assert.equal(header('#### x'), false);
  const list = (text: string) => pySearch('^[\\-\\*]\\s', text, { multiline: true });
  assert.equal(list('x\n*\u00a0y'), true);
  assert.equal(list('x\r\n- y'), true);
  assert.equal(list('-y'), false);
  assert.equal(pySearch('[\\s]', '\ufeff'), false);
  assert.equal(pySearch('\\S', '\u0085'), false);
});

test('$, dot, braces, digits and sets behave as in Python', () => {
  assert.equal(pySearch('A$', 'A\n'), true);
  assert.equal(pySearch('A$', 'A\n\n'), false);
  assert.equal(pySearch('A$', 'A\n\n', { multiline: true }), true);
  assert.equal(pySearch('A.B', 'A\rB'), true);
  assert.equal(pySearch('A.B', 'A\nB'), false);
  assert.equal(pySearch('A{', 'A{'), true);
  assert.equal(pySearch('A{1,2}B', 'AAB'), true);
  assert.equal(pySearch('A{,}', ''), true);
  assert.equal(pySearch('\\d', '٣'), true);
  assert.equal(pySearch('^[\\W_]+$', '_ -'), true);
  assert.equal(pySearch('[^\\W\\d]', '1 é'), true);
  assert.equal(pySearch('\\bA|B\\b', 'XB'), true);
});

test('empty-string anchors and positions inside a surrogate pair never match', () => {
  assert.equal(pySearch('\\A\\Z', 'x😀y'), false);
  assert.equal(pySearch('\\B', ''), false);
  assert.equal(pySearch('\\b', ''), false);
  assert.equal(pySearch('\\A\\Z', ''), true);
});

test('the harness\'s "réponse.*C" cannot match upper-cased text, but a pasted "|" changes the pattern', () => {
  assert.equal(pySearch('réponse.*C', 'LA RÉPONSE EST C'), false);
  assert.equal(pySearch('réponse.*A|B', 'B'), true);
});

test('patterns Python rejects raise PyRegexError', () => {
  for (const pattern of ['A)', '\\q', '[A', '*', 'A**', 'A{2,1}', '(?I)A', '(?', '\\x4', 'A{2}{3}', '(A', '[Z-A]', 'A)(?=x)']) {
    assert.throws(() => compilePyRegex(pattern), PyRegexError, pattern);
  }
});

test('every (?…) extension but (?:, a backreference, a possessive quantifier or \\N{…} is one not-reproduced case', () => {
  const patterns = [
    '(?<=a)b',
    '(?<!a)b',
    '(?=a)',
    '(?!a)',
    '(?P<n>a)',
    '(?P<a>A)(?P<a>B)',
    '(a)(?P=n)',
    '(?#c)',
    '(a)(?(1)a|b)',
    '(?i)a',
    '(?L)A',
    '(?i:a)',
    '(?>a)',
    '(a)\\1',
    '\\1',
    'a*+',
    'a{2}+',
    '\\N{DIGIT ONE}',
    '[\\N{DIGIT ONE}]',
  ];
  for (const pattern of patterns) {
    assert.throws(
      () => compilePyRegex(pattern),
      (e: unknown) => e instanceof PyRegexUnsupported && /^construct ".+" \(extensions other than "\(\?:", backreferences, /.test(e.message),
      pattern,
    );
  }
  // Reading stops there: an error after it is not claimed, since Python might read the construct differently.
  assert.throws(() => compilePyRegex('(?<=a)b)'), PyRegexUnsupported);
  assert.throws(() => pySearch('(a)\\1', 'aa'), PyRegexUnsupported);
});

test('a \\b next to a literal is written one-sided, with the same results as the general form', () => {
  assert.doesNotMatch(compilePyRegex('\\ble\\b').jsSource, /\|/);
  const texts = ['le', 'wòle', 'wo\u0300le', 'è le!', '_le', 'le_', 'ɖe le', '', 'l', 'lele le'];
  for (const text of texts) {
    assert.equal(pySearch('\\ble\\b', text), pySearch('\\b(?:le)\\b', text), text);
    assert.equal(pySearch('\\b-\\b', text + '-x'), pySearch('\\b(?:-)\\b', text + '-x'), text);
  }
});

test('a pattern compiled as linear searches a text of any length; others stop at their bound', () => {
  const text = 'x'.repeat(200000) + '\n# a';
  assert.equal(compilePyRegex('^#{1,3}\\s', { multiline: true, linear: true }).search(text), true);
  assert.throws(() => compilePyRegex('^#{1,3}\\s', { multiline: true }).search(text), PyRegexUnsupported);
});

test('sets with \\S or \\W are the union Python means, negated or not', () => {
  const texts = ['a\u00a0', ' \u0085\u001c', 'a -', '\ufeff'];
  const found = ['^[\\S]+$', '^[^\\S]+$', '^[\\S\\W]+$', '[^\\S\\w]'].map((p) => texts.map((t) => pySearch(p, t)));
  assert.deepEqual(found, [
    [false, false, false, true],
    [false, true, false, false],
    [true, true, true, true],
    [true, true, true, false],
  ]);
});

test('octal escapes are three digits or start with \\0 outside a set, up to three digits inside one', () => {
  assert.deepEqual([pySearch('\\101', 'A'), pySearch('\\0', '\0'), pySearch('[\\101-\\132]', 'Q')], [true, true, true]);
  for (const pattern of ['[\\777]', '\\777']) assert.throws(() => compilePyRegex(pattern), /octal escape value \\777 outside of range/);
});
