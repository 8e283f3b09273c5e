import { test } from 'node:test';
import assert from 'node:assert/strict';
import { getOwn, setOwn } from './json';
import { analyseRun } from './scoring/rosetta/analysis';
import { floatIsExact } from './document/numberText';

// Issue #30 item 8: names read from files (segments, domains, categories, column names) are fields like any other.
const MEMBERS = ['constructor', 'toString', '__proto__', 'hasOwnProperty', 'valueOf'];

test('setOwn and getOwn keep Object members and __proto__ as plain fields, and the record keeps its prototype', () => {
  const record: Record<string, number> = {};
  MEMBERS.forEach((name, i) => setOwn(record, name, i));
  assert.deepEqual(Object.keys(record), MEMBERS);
  assert.equal(Object.getPrototypeOf(record), Object.prototype);
  MEMBERS.forEach((name, i) => assert.equal(getOwn(record, name), i));
  assert.equal(getOwn({}, 'constructor'), undefined);
  assert.deepEqual(JSON.parse(JSON.stringify(record)), Object.fromEntries(MEMBERS.map((m, i) => [m, i])));
  assert.ok(floatIsExact(1) && !floatIsExact(-0) && !floatIsExact(2 ** 53));
});

test('a run whose segments and domains are Object member names reports one group per name', () => {
  const results = MEMBERS.map((name, i) => ({ id: i + 1, expected: 'Ŋdi nyuie.', predicted: 'Ŋdi nyuie.', segment: name, domain: name, difficulty: 1 }));
  const report = analyseRun(results, { confidenceIntervals: false });
  for (const groups of [report.by_segment, report.by_domain]) {
    assert.deepEqual(Object.keys(groups).sort(), [...MEMBERS].sort());
    assert.equal(Object.getPrototypeOf(groups), Object.prototype, '__proto__ did not replace the prototype');
    for (const name of MEMBERS) assert.equal(typeof getOwn(groups, name), 'object', name);
  }
  assert.doesNotMatch(JSON.stringify(report), /native code/);
});
