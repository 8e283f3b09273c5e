/**
 * What a hostile endpoint really costs one call, measured against the fake OpenAI server on 127.0.0.1 through the
 * real provider: a server that stalls after its headers (every attempt runs to the time limit, then 2 retries), a
 * 500 then an answer (one retry after the SDK-style backoff), a 429 asking for 1 s, and how long a cancel takes to
 * end a call that waits on a body or sleeps before a retry. Prints figures only.
 * Run: `npm run bench:endpoint` (BENCH_TIMEOUT_S=60 measures the default limit: about three minutes).
 */
import type { ChatRequest } from '../core/run/types';
import { startFakeOpenAI, type Step } from '../test/helpers/fakeOpenAI';
import { openAICompatibleProvider } from '../runner/provider';

const TIMEOUT_S = Number(process.env.BENCH_TIMEOUT_S ?? 2);
const request: ChatRequest = { model: 'bench', messages: [{ role: 'user', content: 'Ŋdi' }], temperature: 0.3, max_tokens: 16 };
const s = (ms: number) => `${(ms / 1000).toFixed(3)} s`;

async function call(script: Step[], fallback: Step, cancelAfterMs?: number): Promise<{ ms: number; cancelMs?: number; error?: string; attempts: number }> {
  const fake = await startFakeOpenAI({ script, fallback });
  try {
    const provider = openAICompatibleProvider({ baseUrl: fake.baseUrl, timeoutMs: TIMEOUT_S * 1000 });
    const controller = new AbortController();
    const t0 = performance.now();
    let abortedAt = 0;
    if (cancelAfterMs !== undefined) {
      setTimeout(() => {
        abortedAt = performance.now();
        controller.abort();
      }, cancelAfterMs);
    }
    const outcome = await provider.send(request, { signal: controller.signal });
    const end = performance.now();
    return { ms: end - t0, ...(abortedAt ? { cancelMs: end - abortedAt } : {}), ...(outcome.ok ? {} : { error: outcome.error }), attempts: outcome.attempts };
  } finally {
    await fake.stop();
  }
}

async function main(): Promise<void> {
  const ok: Step = { kind: 'answer', text: 'ok' };
  const timeout = await call([], { kind: 'stall', partial: '{"choices": [' });
  console.log(
    `stalled body, --timeout ${TIMEOUT_S} s, 2 retries: ${s(timeout.ms)} (${(timeout.ms / (TIMEOUT_S * 1000)).toFixed(2)} × the limit) · ${timeout.attempts} attempts · "${timeout.error}"`,
  );
  const direct = await call([], ok);
  const retry = await call([{ kind: 'status', status: 500 }], ok);
  console.log(`one answer: ${s(direct.ms)} · 500 then an answer: ${s(retry.ms)} (backoff 0.375–0.5 s) · ${retry.attempts} attempts`);
  const asked = await call([{ kind: 'status', status: 429, headers: { 'retry-after': '1' } }], ok);
  console.log(`429 with Retry-After: 1 then an answer: ${s(asked.ms)} · ${asked.attempts} attempts`);
  const refused = await call([], { kind: 'status', status: 429, headers: { 'retry-after': '999999' } });
  console.log(`429 with Retry-After: 999999: ${s(refused.ms)} · "${refused.error}"`);
  const cancelBody = await call([], { kind: 'stall', partial: '{"choices": [' }, 300);
  console.log(`cancel while a body is awaited: the call ended ${s(cancelBody.cancelMs ?? NaN)} after the abort`);
  const cancelSleep = await call([], { kind: 'status', status: 429, headers: { 'retry-after': '30' } }, 300);
  console.log(`cancel during a 30 s Retry-After sleep: the call ended ${s(cancelSleep.cancelMs ?? NaN)} after the abort`);
}

void main();
