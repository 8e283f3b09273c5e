import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fuzz } from './fuzz';

/** As many documents as fit in the budget (60 s by default; FUZZ_COUNT and FUZZ_SECONDS override it). */
test('generated, mutated and hostile documents neither crash nor stop the server, and every answer comes within 1 s', { timeout: 300000 }, async (t) => {
  const budgetMs = Number(process.env.FUZZ_SECONDS ?? 60) * 1000;
  const report = await fuzz(Number(process.env.FUZZ_COUNT ?? 1e9), { seed: Number(process.env.FUZZ_SEED ?? 1), budgetMs });
  t.diagnostic(
    `${report.documents} documents (${Object.entries(report.kinds)
      .map(([k, n]) => `${k} ${n}`)
      .join(', ')}), ${report.requests} requests; slowest ${report.slowest.ms.toFixed(1)} ms (${report.slowest.what})`,
  );
  assert.equal(report.crashed, false);
  assert.equal(report.exited, false);
  assert.ok(report.documents >= 100, `only ${report.documents} documents`);
  assert.ok(report.slowest.ms < 1000, `slowest response ${report.slowest.ms.toFixed(1)} ms (${report.slowest.what})`);
});
