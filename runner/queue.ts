/**
 * Runs async jobs with a concurrency limit. Cancelling the signal starts nothing new and ends the queue at once:
 * the jobs in flight receive the abort and are left behind (their late results are not delivered), so a
 * provider that is slow to notice an abort (sleeping before a retry) cannot hold the run. Results already
 * delivered through `onResult` are the caller's to keep.
 */
export interface QueueOutcome<R> {
  /** By input position; undefined for a job that never started or was still in flight at a cancel. */
  results: (R | undefined)[];
  started: number;
  /** Input positions of the jobs that were in flight when the queue was cancelled (none when not cancelled). */
  inFlight: number[];
  cancelled: boolean;
}

const ABORTED = Symbol('aborted');

export async function runQueue<T, R>(
  items: readonly T[],
  worker: (item: T, signal: AbortSignal, index: number) => Promise<R>,
  options: { concurrency: number; signal?: AbortSignal; onResult?: (result: R, item: T, index: number) => void },
): Promise<QueueOutcome<R>> {
  const limit = Math.max(1, Math.floor(options.concurrency) || 1);
  // Our own controller: a failing job stops the others without touching the caller's signal.
  const stop = new AbortController();
  const forward = () => stop.abort();
  if (options.signal?.aborted) stop.abort();
  else options.signal?.addEventListener('abort', forward, { once: true });
  const stopped = new Promise<typeof ABORTED>((resolve) => {
    if (stop.signal.aborted) resolve(ABORTED);
    else stop.signal.addEventListener('abort', () => resolve(ABORTED), { once: true });
  });
  const results: (R | undefined)[] = new Array(items.length).fill(undefined);
  const inFlight: number[] = [];
  let next = 0;
  let started = 0;
  let failure: { error: unknown } | undefined;

  const lane = async () => {
    while (!stop.signal.aborted && next < items.length) {
      const index = next++;
      started++;
      try {
        const job = worker(items[index], stop.signal, index);
        // A job that ends after the abort is not waited for; its rejection is handled here and dropped.
        job.catch(() => undefined);
        const result = await Promise.race([job, stopped]);
        if (result === ABORTED) {
          inFlight.push(index);
          return;
        }
        results[index] = result;
        options.onResult?.(result, items[index], index);
      } catch (error) {
        failure ??= { error };
        stop.abort();
      }
    }
  };
  try {
    await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
  } finally {
    options.signal?.removeEventListener('abort', forward);
  }
  if (failure) throw failure.error;
  const cancelled = options.signal?.aborted === true;
  return { results, started, inFlight: cancelled ? inFlight.sort((a, b) => a - b) : [], cancelled };
}
