import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fuzz } from './fuzz';

test('1,000 generated and mutated documents neither crash the server nor take over 1 s to answer', { timeout: 300000 }, async () => {
  const report = await fuzz(Number(process.env.FUZZ_COUNT ?? 1000), Number(process.env.FUZZ_SEED ?? 1));
  assert.equal(report.crashed, false);
  assert.equal(report.documents, Number(process.env.FUZZ_COUNT ?? 1000));
  assert.ok(report.slowest.ms < 1000, `slowest response ${report.slowest.ms.toFixed(1)} ms (${report.slowest.what})`);
});
