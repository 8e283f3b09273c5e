import { test } from 'node:test';
import assert from 'node:assert/strict';
import { rng } from '../../bench/generate';
import { scoreTest } from '../../core/scoring/ewebench/scoreTest';

/**
 * Hostile multiple_choice `expected` values (regex syntax pasted into the harness's patterns) against long
 * and adversarial responses: scoring always ends, with a score, a harness crash or "not reproducible".
 */
test('scoring 3,000 generated hostile multiple_choice tests always ends', { timeout: 120000 }, (t) => {
  const random = rng(11);
  const atoms = ['A', 'B', '.', '\\w', '[A-D]', '(A+)', '(A|B)', '(?:AB)', '(.*)', 'A*', 'A+', 'A?', '(', ')', '|', '\\b', '\\', '{2,}', '+', '*', '$', '^'];
  const fills = ['A', 'AB', 'A ', 'RÉPONSE ', 'B)', 'C.', 'ɖ', ' '];
  let slowest = { ms: 0, expected: '', length: 0 };
  const outcomes: Record<string, number> = {};
  for (let k = 0; k < 3000; k++) {
    const expected = Array.from({ length: 1 + Math.floor(random() * 6) }, () => atoms[Math.floor(random() * atoms.length)]).join('');
    const response = fills[Math.floor(random() * fills.length)].repeat(Math.floor(random() * (random() < 0.2 ? 3000 : 40))) + (random() < 0.5 ? '!' : '');
    const t0 = process.hrtime.bigint();
    const result = scoreTest({ id: `t${k}`, prompt: 'p', eval_method: 'multiple_choice', expected }, response);
    const ms = Number(process.hrtime.bigint() - t0) / 1e6;
    if (ms > slowest.ms) slowest = { ms, expected, length: response.length };
    const outcome = result.score !== null ? 'scored' : result.harnessWouldCrash ? 'harness crash' : 'not reproducible';
    outcomes[outcome] = (outcomes[outcome] ?? 0) + 1;
  }
  t.diagnostic(`${JSON.stringify(outcomes)}; slowest ${slowest.ms.toFixed(1)} ms (${JSON.stringify(slowest.expected)} on ${slowest.length} characters)`);
  assert.ok((outcomes.scored ?? 0) > 0 && (outcomes['not reproducible'] ?? 0) > 0);
});
