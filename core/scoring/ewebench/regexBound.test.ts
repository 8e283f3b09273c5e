import { test } from 'node:test';
import assert from 'node:assert/strict';
import { compilePyRegex, PyRegexUnsupported, pySearch } from '../../python/re';
import { multipleChoice } from './methods';
import { NotReproducible } from '../../python/values';
import { scoreTest } from './scoreTest';

test('a multiple_choice expected like (A+)+C is reported not reproducible at once instead of backtracking for minutes', { timeout: 30000 }, () => {
  for (const expected of ['(A+)+C', '(a|a)*b', '(?:x+x+)+y', '(.*a){20}', '([A-D]+)*$', '(A|B){30}']) {
    assert.throws(() => multipleChoice(expected, 'A'.repeat(33)), NotReproducible, expected);
    assert.throws(() => multipleChoice(expected, 'A'.repeat(5000) + '!'), NotReproducible, expected);
  }
  const result = scoreTest({ id: 'x', prompt: 'p', eval_method: 'multiple_choice', expected: '(A+)+C' }, 'A'.repeat(33));
  assert.equal(result.score, null);
  assert.match(result.reason ?? '', /^not reproducible: .*can backtrack without limit/);
  assert.equal(result.harnessWouldCrash, false);
});

test('many choice points are refused; a few are searched while the text keeps the search bounded', () => {
  assert.throws(() => compilePyRegex('a*b*c*d*e*'), PyRegexUnsupported);
  const twoChoices = compilePyRegex('A.*B.*C');
  assert.equal(twoChoices.choicePoints, 2);
  assert.equal(twoChoices.search('xxAyyByyCzz'), true);
  assert.throws(() => twoChoices.search('A'.repeat(2000)), PyRegexUnsupported);
  // The harness's own patterns around a plain letter have at most one choice point: refused only past 100,000 characters.
  assert.equal(pySearch('RÉPONSE.*B', 'X'.repeat(100000)), false);
  assert.throws(() => pySearch('RÉPONSE.*B', 'X'.repeat(100001)), PyRegexUnsupported);
  assert.equal(pySearch('\\bB\\b', 'X '.repeat(100000) + 'B'), true);
  // Repeating a group without choices inside stays exact.
  assert.equal(pySearch('(AB){3}C', 'xABABABCx'), true);
  assert.equal(pySearch('(A|B)?C', 'xBCx'), true);
});
