/**
 * Runs async jobs with a concurrency limit. Cancelling the signal starts nothing new and aborts the jobs in
 * flight (they receive the signal); results already delivered through `onResult` are the caller's to keep.
 */
export interface QueueOutcome<R> {
  /** By input position; undefined for a job that never started. */
  results: (R | undefined)[];
  started: number;
  cancelled: boolean;
}

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
  const results: (R | undefined)[] = new Array(items.length).fill(undefined);
  let next = 0;
  let started = 0;
  let failure: { error: unknown } | undefined;

  const lane = async () => {
    while (!stop.signal.aborted && next < items.length) {
      const index = next++;
      started++;
      try {
        const result = await worker(items[index], stop.signal, index);
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
  return { results, started, cancelled: options.signal?.aborted === true };
}
