import { test } from 'node:test';
import assert from 'node:assert/strict';
import { runQueue } from './queue';

/** A job that finishes when the test says so (or is aborted), so no assertion depends on time. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}

test('never more jobs at once than the limit, every result in input order', async () => {
  let running = 0;
  let peak = 0;
  const { results, started, cancelled } = await runQueue(
    Array.from({ length: 20 }, (_, i) => i),
    async (n) => {
      running++;
      peak = Math.max(peak, running);
      await new Promise((r) => setImmediate(r));
      running--;
      return n * 2;
    },
    { concurrency: 3 },
  );
  assert.equal(peak, 3);
  assert.equal(started, 20);
  assert.equal(cancelled, false);
  assert.deepEqual(
    results,
    Array.from({ length: 20 }, (_, i) => i * 2),
  );
});

test('cancel: nothing new starts, jobs in flight see the abort and are reported in flight, delivered results are kept', async () => {
  const controller = new AbortController();
  const gates = Array.from({ length: 6 }, gate);
  const delivered: number[] = [];
  const startedJobs: number[] = [];
  const pending = runQueue(
    [0, 1, 2, 3, 4, 5],
    async (n, signal) => {
      startedJobs.push(n);
      if (n === 0) return 'done-0';
      await Promise.race([gates[n].opened, new Promise<void>((resolve) => signal.addEventListener('abort', () => resolve()))]);
      return signal.aborted ? `aborted-${n}` : `done-${n}`;
    },
    {
      concurrency: 2,
      signal: controller.signal,
      onResult: (_r, n) => {
        delivered.push(n);
        if (n === 0) setImmediate(() => controller.abort());
      },
    },
  );
  const outcome = await pending;
  assert.equal(outcome.cancelled, true);
  assert.deepEqual(startedJobs, [0, 1, 2]);
  assert.deepEqual(outcome.results, ['done-0', undefined, undefined, undefined, undefined, undefined]);
  assert.deepEqual(outcome.inFlight, [1, 2]);
  assert.equal(outcome.started, 3);
});

test('cancel ends the queue at once even when a job in flight ignores the abort', async () => {
  const controller = new AbortController();
  const never = gate();
  let late = false;
  const pending = runQueue(
    [0, 1],
    async (n) => {
      if (n === 0) setImmediate(() => controller.abort());
      await never.opened; // a provider sleeping before a retry, deaf to the signal
      late = true;
      return n;
    },
    { concurrency: 2, signal: controller.signal },
  );
  const outcome = await pending;
  assert.equal(outcome.cancelled, true);
  assert.deepEqual(outcome.inFlight, [0, 1]);
  assert.deepEqual(outcome.results, [undefined, undefined]);
  never.open();
  assert.equal(late, false);
});

test('an already-cancelled signal starts nothing', async () => {
  const controller = new AbortController();
  controller.abort();
  let calls = 0;
  const outcome = await runQueue([1, 2], async () => ++calls, { concurrency: 4, signal: controller.signal });
  assert.equal(calls, 0);
  assert.equal(outcome.cancelled, true);
});

test('a job that throws stops the queue and the error reaches the caller after the others settle', async () => {
  const seen: number[] = [];
  await assert.rejects(
    runQueue(
      [0, 1, 2, 3, 4],
      async (n, signal) => {
        seen.push(n);
        if (n === 1) throw new Error('disk full');
        if (n === 0) await new Promise<void>((resolve) => signal.addEventListener('abort', () => resolve()));
        return n;
      },
      { concurrency: 2 },
    ),
    /disk full/,
  );
  assert.deepEqual(seen, [0, 1]);
});
