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
  for (const pattern of ['A)', '\\q', '[A', '*', 'A**', '\\1', 'A{2,1}', '(?L)A', '(?P<a>A)(?P<a>B)', '(?I)A', '\\x4', 'A{2}{3}', '(A', '[Z-A]']) {
    assert.throws(() => compilePyRegex(pattern), PyRegexError, pattern);
  }
});

test('valid Python we do not reproduce raises PyRegexUnsupported, unless a later error makes Python reject it', () => {
  for (const pattern of ['(?<=a)b', '(a)\\1', 'a*+', '(?i)a', '(?>a)']) assert.throws(() => compilePyRegex(pattern), PyRegexUnsupported, pattern);
  assert.throws(() => compilePyRegex('(?<=a)b)'), PyRegexError);
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
