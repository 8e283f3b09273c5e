import { test } from 'node:test';
import assert from 'node:assert/strict';
import { effectiveMethod, scoreTest } from './scoreTest';

// Expected scores were checked against the harness's run_category logic (CPython 3.11).

test('fallbacks: a missing eval_method runs keywords; an unknown or null one runs ewe_quality', () => {
  const response = 'Akpe na wò. Mele nyuie!';
  assert.deepEqual(effectiveMethod({}), { method: 'keywords', fallback: 'missing-method' });
  const missing = scoreTest({ prompt: 'p', expected_keywords: ['akpe'] }, response);
  assert.equal(missing.score, 1);
  assert.equal(missing.fallback, 'missing-method');
  const typo = scoreTest({ prompt: 'p', eval_method: 'keyword', expected_keywords: ['akpe'] }, response);
  assert.deepEqual([typo.method, typo.fallback, typo.score], ['ewe_quality', 'unknown-method', 0.45000000000000007]);
  assert.equal(scoreTest({ prompt: 'p', eval_method: null }, response).method, 'ewe_quality');
});

test('a scored test carries pass, breakdown and harness comparability', () => {
  const r = scoreTest({ messages: [], eval_method: 'exact_match', expected: 'Ama' }, ' ama ');
  assert.deepEqual(r, {
    score: 1,
    passed: true,
    method: 'exact_match',
    breakdown: { method: 'exact_match', expected: 'Ama', matched: true },
    harnessWouldCrash: false,
    harnessComparable: true,
  });
  assert.equal(scoreTest({ prompt: 'p', eval_method: 'ewe_quality' }, 'x', { strict: true }).harnessComparable, false);
});

test('composite: keywords, ewe_quality and format parts with the harness float', () => {
  const r = scoreTest(
    { prompt: 'p', eval_method: 'composite', expected_keywords: ['akpe', 'ŋdi', 'fifia'], expected_format: { min_length: 100, contains_ewe: true } },
    'Akpe. Ŋdi nyuie!',
  );
  assert.equal(r.score, 0.2888888888888889);
  assert.equal(r.passed, false);
  assert.deepEqual(r.breakdown?.method === 'composite' && r.breakdown.parts, { keywords: 0.6666666666666666, eweQuality: 0.2, format: 0 });
  // Without expected_format the format part is 0 (the harness's default {} has no keys).
  assert.equal(scoreTest({ prompt: 'p', eval_method: 'composite', expected_keywords: ['akpe'] }, 'Akpe.').score, (1 + 0.2 + 0) / 3);
});

test('harness crashes give a null score, the flag and the Python error, never an exception', () => {
  const cases: [unknown, unknown, RegExp][] = [
    [{ prompt: 'p', eval_method: 'exact_match', expected_keywords: ['50 CFA'] }, '50 CFA', /KeyError: 'expected'/],
    [{ prompt: 'p', eval_method: 'multiple_choice', expected: 2 }, 'B', /'int' object has no attribute 'strip'/],
    [{ eval_method: 'ewe_quality' }, 'x', /neither prompt nor messages/],
    [{ prompt: 'p', eval_method: 'ewe_quality' }, null, /the response is None/],
    [{ prompt: 'p', eval_method: 'keywords', expected_keywords: ['a'] }, ['a'], /the response is not text/],
    [['prompt'], 'x', /not a JSON object/],
    [{ prompt: 'p', eval_method: 'keywords', expected_keywords: null }, 'x', /'NoneType' object is not iterable/],
    [{ prompt: 'p', eval_method: 'keywords', expected_keywords: ['ɖe', 3] }, 'x', /'int' object has no attribute 'lower'/],
    [{ prompt: 'p', eval_method: 'format', expected_format: { min_length: '5' } }, 'x', /'>=' not supported/],
    [{ prompt: 'p', eval_method: 'composite', expected_keywords: [], expected_format: null }, 'x', /argument of type 'NoneType'/],
    [{ prompt: 'p', eval_method: 'multiple_choice', expected: 'C)' }, 'Ŋuɖoɖo: C)', /re\.error: unbalanced parenthesis/],
  ];
  for (const [t, response, reason] of cases) {
    const r = scoreTest(t, response);
    assert.equal(r.score, null, JSON.stringify(t));
    assert.equal(r.passed, null);
    assert.equal(r.harnessWouldCrash, true);
    assert.match(r.reason ?? '', reason);
  }
});

test('odd but valid field types are scored the way Python iterates them', () => {
  const chars = scoreTest({ prompt: 'p', eval_method: 'keywords', expected_keywords: 'ɖe' }, 'Ɖa');
  assert.equal(chars.score, 0.5);
  assert.deepEqual(chars.breakdown, { method: 'keywords', found: ['ɖ'], missing: ['e'], iteratedAs: 'characters' });
  const keys = scoreTest({ prompt: 'p', eval_method: 'keywords', expected_keywords: { ɖe: 1, nye: 0 } }, 'nye');
  assert.equal(keys.score, 0.5);
  assert.equal(scoreTest({ prompt: 'p', eval_method: 'keywords' }, 'x').score, 0);
  assert.equal(scoreTest({ prompt: 'p', eval_method: 'format', expected_format: ['contains_ewe'] }, 'ɖe').score, 1);
});

test('a regex feature we do not emulate gives no score, without claiming a crash', () => {
  // The harness builds \b(A)\1\b from this expected answer and matches "AA" (score 1); we do not do backreferences.
  const r = scoreTest({ prompt: 'p', eval_method: 'multiple_choice', expected: '(a)\\1' }, 'xxxxxxx AA');
  assert.equal(r.score, null);
  assert.equal(r.harnessWouldCrash, false);
  assert.match(r.reason ?? '', /not reproducible: .*backreference/);
});
