import { test } from 'node:test';
import assert from 'node:assert/strict';
import { pythonSum } from '../../python/sum';
import { categoryScore, eweScore, passes } from './aggregate';
import { CATEGORIES, categoryOf } from './categories';

test('pass rounds to 3 decimals with Python rounding before comparing with 0.7', () => {
  assert.equal(passes(0.6999999999999998), true);
  assert.equal(passes(0.6995), true); // 0.69950000000000001 in binary rounds up
  assert.equal(passes(0.6994999), false);
  assert.equal(passes(0.7), true);
});

test('category score: mean of the raw scores times 100, rounded half-even on the binary value', () => {
  assert.equal(categoryScore([0.5625, 0.5625]), 56.2); // 56.25 -> 56.2
  assert.equal(categoryScore([0.0625]), 6.2); // 6.25 -> 6.2
  assert.equal(categoryScore([1, 0.6666666666666666]), 83.3);
  assert.equal(categoryScore([0.9500000000000001, 1]), 97.5); // 97.50000000000001 before rounding
  assert.equal(categoryScore([]), 0);
});

test('the ten weights add up to exactly 1 even one by one (Python 3.11 and older)', () => {
  assert.equal(
    pythonSum(
      CATEGORIES.map((c) => c.weight),
      'sequential',
    ),
    1,
  );
});

test('ÈwéScore: rounded category scores weighted in harness order over the weights that ran', () => {
  // (83.3 * 0.15 + 97.5 * 0.1 + 82.5 * 0.1) / 0.35 = 87.128..., as the harness reports 87.1
  assert.equal(eweScore({ linguistic_comprehension: 83.3, cultural_knowledge: 97.5, instruction_following: 82.5 }), 87.1);
  assert.equal(eweScore({ instruction_following: 82.5, cultural_knowledge: 97.5, linguistic_comprehension: 83.3 }), 87.1);
  assert.equal(eweScore({ not_a_category: 90 }), 0);
  assert.equal(eweScore({}), 0);
});

test('ÈwéScore of a partial run depends on the Python version (checked with CPython 3.11 and 3.12)', () => {
  const scores = {
    linguistic_comprehension: 77.1,
    reasoning: 23.4,
    cultural_knowledge: 50.7,
    instruction_following: 73.0,
    multi_turn: 56.7,
    agentic: 90.8,
    robustness: 22.7,
  };
  assert.equal(eweScore(scores), 58.3);
  assert.equal(eweScore(scores, { pythonSum: 'compensated' }), 58.3);
  assert.equal(eweScore(scores, { pythonSum: 'sequential' }), 58.4);
});

test('the category table: ten stems, weights summing to 1, names in English and French', () => {
  assert.equal(CATEGORIES.length, 10);
  assert.equal(categoryOf('robustness')?.weight, 0.05);
  assert.deepEqual(categoryOf('multi_turn')?.name, { en: 'Multi-turn', fr: 'Multi-tour' });
  assert.equal(categoryOf('category_001'), undefined);
});
