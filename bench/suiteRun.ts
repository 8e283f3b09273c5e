/**
 * Suite-run throughput: 10,000 multiple-choice items × 8 runs against the fake OpenAI server (its own thread)
 * answering each request after 20 ms, at concurrency 16, through `runSuite` (prompts rendered by core, the
 * runner's queue and provider over real HTTP, no cache). Ideal wall time: 80,000 / 16 × 20 ms = 100 s; the
 * ratio to it is the overhead (goal ≤ 1.15). Measured in the same run for reference: bare `fetch` calls at the
 * same concurrency for a tenth of the requests (what the machine and the server cost without the runner), and
 * the scoring and aggregation of the 80,000 responses.
 *
 * Run: `npx tsc -p . && node out/bench/suiteRun.js`. BENCH_ITEMS=n runs n items instead of 10,000.
 */
import * as path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { LoadedSuite } from '../core/suite/load';
import { readSuiteResponses, scoreSuite } from '../core/suite/results';
import type { SuiteItem } from '../core/suite/items';
import { openAICompatibleProvider } from '../runner/provider';
import { runQueue } from '../runner/queue';
import { runSuite } from '../runner/suite';

const ITEMS = Number(process.env.BENCH_ITEMS ?? 10_000);
const RUNS = 8;
const LATENCY_MS = 20;
const CONCURRENCY = 16;
const IDEAL_MS = ((ITEMS * RUNS) / CONCURRENCY) * LATENCY_MS;

function startServer(): Promise<{ baseUrl: string; stop(): Promise<void> }> {
  const worker = new Worker(path.join(__dirname, 'fakeServerWorker.js'), {
    workerData: { latencyMs: LATENCY_MS, fallback: { kind: 'answer', text: 'Nusɔsrɔ̃: Lomé le Togo. #### A' } },
  });
  return new Promise<{ baseUrl: string }>((resolve) => worker.once('message', resolve)).then(({ baseUrl }) => ({
    baseUrl,
    stop: () => {
      const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
      worker.postMessage('stop');
      return exited;
    },
  }));
}

function suite(): LoadedSuite {
  const items: SuiteItem[] = Array.from({ length: ITEMS }, (_, i) => ({
    id: String(i + 1),
    ordinal: i + 1,
    span: { start: 0, end: 0 },
    task: 'multiple_choice',
    question: `Nu nenie nye ${i} kple ${i % 7}?`,
    choices: [String(i + (i % 7)), String(i + 1), String(i + 2), String(i + 3)],
    answer: 'A',
  }));
  const spec = {
    index: 0,
    id: 'mmlu',
    task: 'multiple_choice' as const,
    competency: 'NLU',
    language: 'ewe',
    files: { kind: 'items' as const, items: 'bench.tsv' },
    map: {},
    group: 'mmlu',
  };
  return { spec: { tasks: [spec] }, tasks: [{ spec, items }], itemFindings: new Map(), suiteFindings: [] };
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

async function main(): Promise<void> {
  const server = await startServer();
  const provider = openAICompatibleProvider({ baseUrl: server.baseUrl, apiKey: 'bench-key' });
  const loaded = suite();
  try {
    const bareCount = Math.max(CONCURRENCY, Math.round((ITEMS * RUNS) / 10));
    const body = JSON.stringify({ model: 'bench-model', messages: [{ role: 'user', content: 'Nu nenie nye 3 kple 4?' }], temperature: 0.3, max_tokens: 1024 });
    const t0 = performance.now();
    await runQueue(
      Array.from({ length: bareCount }, (_, i) => i),
      async () => (await fetch(`${server.baseUrl}/chat/completions`, { method: 'POST', body, headers: { 'content-type': 'application/json' } })).json(),
      { concurrency: CONCURRENCY },
    );
    const bareMs = performance.now() - t0;
    const bareIdeal = (bareCount / CONCURRENCY) * LATENCY_MS;

    const t1 = performance.now();
    const result = await runSuite(loaded, { provider, model: 'bench-model', repeat: RUNS, concurrency: CONCURRENCY, temperature: 0.3, maxTokens: 1024 });
    const runMs = performance.now() - t1;

    const t2 = performance.now();
    const scored = scoreSuite(loaded, readSuiteResponses(result.responses));
    const scoreMs = performance.now() - t2;

    console.log(`Suite run: ${ITEMS} items × ${RUNS} runs, ${LATENCY_MS} ms per answer, concurrency ${CONCURRENCY}; ideal ${seconds(IDEAL_MS)}`);
    console.log(`  bare fetch (reference, ${bareCount} calls)   ${seconds(bareMs)} = ${(bareMs / bareIdeal).toFixed(3)}× its ideal`);
    console.log(
      `  suite run, every request sent        ${seconds(runMs)} = ${(runMs / IDEAL_MS).toFixed(3)}× ideal (goal ≤ 1.15); ${result.calls} calls, ${result.failures.length} failed`,
    );
    console.log(`  scoring and aggregation              ${(scoreMs / 1000).toFixed(3)} s (overall ${scored.scores.overall.mean.toFixed(2)})`);
  } finally {
    await server.stop();
  }
}

void main();
