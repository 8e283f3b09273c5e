/**
 * File-run throughput: 200 tests against the fake OpenAI server (its own thread) answering each request after
 * 100 ms, at concurrency 8, through the whole runner (requests built by core, the SDK over real HTTP, scoring,
 * the journal, the results file). Ideal wall time is 200 / 8 × 100 ms = 2.5 s; the ratio to it is the
 * overhead (goal ≤ 1.15). Measured in the same run for reference: bare `fetch` calls at the same concurrency
 * (what the machine and the server cost without the runner), and the same plan with the response cache warm.
 * Prints figures only. Run: `npm run bench:run`.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { Worker } from 'node:worker_threads';
import { resolveModel } from '../core/run/presets';
import { ResponseCache } from '../runner/cache';
import { executeRun, type RunPlan } from '../runner/execute';
import { openAICompatibleProvider } from '../runner/provider';
import { runQueue } from '../runner/queue';

const TESTS = 200;
const LATENCY_MS = 100;
const CONCURRENCY = 8;
const IDEAL_MS = (TESTS / CONCURRENCY) * LATENCY_MS;

function startServer(): Promise<{ baseUrl: string; count(): Promise<number>; stop(): Promise<void> }> {
  const worker = new Worker(path.join(__dirname, 'fakeServerWorker.js'), {
    workerData: { latencyMs: LATENCY_MS, fallback: { kind: 'answer', text: 'Ŋdi na wò, ɖevi nyuie. Mele dzi dzɔm be mekpɔ wò egbe.' } },
  });
  const next = <T>(): Promise<T> => new Promise((resolve) => worker.once('message', resolve));
  return next<{ baseUrl: string }>().then(({ baseUrl }) => ({
    baseUrl,
    count: () => {
      const reply = next<{ count: number }>();
      worker.postMessage('count');
      return reply.then((m) => m.count);
    },
    stop: () => {
      const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
      worker.postMessage('stop');
      return exited;
    },
  }));
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

async function main(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ewb-bench-run-'));
  const tests = Array.from({ length: TESTS }, (_, i) => ({ id: `bench_${i}`, prompt: `Gblɔ nya ${i} le Eʋegbe me.`, eval_method: 'ewe_quality' }));
  const text = JSON.stringify(tests, null, 2);
  const file = path.join(dir, 'text_generation.json');
  fs.writeFileSync(file, text);
  const server = await startServer();
  const cache = new ResponseCache(path.join(dir, 'cache'));
  const provider = openAICompatibleProvider({ baseUrl: server.baseUrl, apiKey: 'bench-key' });
  const plan = (runId: string): RunPlan => ({
    files: [{ path: file, displayPath: 'text_generation.json', text }],
    model: resolveModel({ provider: 'custom', baseUrl: server.baseUrl, model: 'bench-model' }),
    concurrency: CONCURRENCY,
    useCache: true,
    outDir: path.join(dir, 'results'),
    runId,
  });
  try {
    const body = JSON.stringify({ model: 'bench-model', messages: [{ role: 'user', content: 'x' }], temperature: 0.3, max_tokens: 1024 });
    const t0 = performance.now();
    await runQueue(
      Array.from({ length: TESTS }),
      async () => (await fetch(`${server.baseUrl}/chat/completions`, { method: 'POST', body, headers: { 'content-type': 'application/json' } })).json(),
      { concurrency: CONCURRENCY },
    );
    const bareMs = performance.now() - t0;
    const before = await server.count();
    const t1 = performance.now();
    const cold = await executeRun(plan('cold'), { provider, cache });
    const coldMs = performance.now() - t1;
    const sent = (await server.count()) - before;
    const t2 = performance.now();
    const warm = await executeRun(plan('warm'), { provider, cache });
    const warmMs = performance.now() - t2;
    const warmSent = (await server.count()) - before - sent;
    console.log(
      `${TESTS} tests, fake server answering after ${LATENCY_MS} ms, concurrency ${CONCURRENCY}; ideal ${seconds(IDEAL_MS)}; load average ${os.loadavg()[0].toFixed(1)} on ${os.cpus().length} cores`,
    );
    console.log(`  bare fetch (reference)      ${seconds(bareMs)} = ${(bareMs / IDEAL_MS).toFixed(3)}× ideal`);
    console.log(
      `  run, every request sent     ${seconds(coldMs)} = ${(coldMs / IDEAL_MS).toFixed(3)}× ideal (goal ≤ 1.15), ${(coldMs / bareMs).toFixed(3)}× bare fetch; ${sent} requests, ${cold.errored} errored`,
    );
    console.log(
      `  run, cache warm             ${seconds(warmMs)} = ${(warmMs / IDEAL_MS).toFixed(3)}× ideal; ${warmSent} requests, ${warm.records.filter((r) => r.cached).length} answers from the cache`,
    );
  } finally {
    await server.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

void main();
