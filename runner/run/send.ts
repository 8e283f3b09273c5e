import { isFatalFirstBatchStatus, splitBatchOutcome } from '../../core/run/batch';
import type { ChatOutcome } from '../../core/run/types';
import type { ChatProvider } from '../provider';
import type { RunCache } from './cacheStep';
import type { Job } from './jobs';
import type { RunRecorder } from './recorder';
import { runText, RunTextError } from '../../core/i18n/runMessages';

/**
 * The queue's worker: one job's answers, from the cache when every unit is there, else from the provider (a
 * batch's answer split per entry); each answer cached and recorded. Returns the units recorded, or undefined
 * for a job the cancel stopped (nothing recorded: a rerun sends it again).
 */
export function jobSender(provider: ChatProvider, cache: RunCache, recorder: RunRecorder): (job: Job, signal: AbortSignal) => Promise<number | undefined> {
  // The harness aborts a corpus run whose first batch fails with 400-404: files where a batch already answered.
  const answered = new Set<number>();
  return async (job, signal) => {
    const keys = cache.keys(job);
    // No await unless the cache is read: a job starts its request in the same turn as before.
    let answers = keys && cache.reads ? await cache.lookup(keys) : undefined;
    let fresh: ChatOutcome | undefined;
    if (!answers) {
      if (signal.aborted) return undefined;
      fresh = await provider.send(job.request, { signal });
      // A cancelled call is no result (whatever failure an aborted call reports): nothing is recorded, and a
      // rerun sends it again.
      if (!fresh.ok && (fresh.kind === 'cancelled' || signal.aborted)) return undefined;
      answers = splitBatchOutcome(fresh, job.units.length, job.batched);
    }
    if (!recorder.accepting) return undefined;
    const fileIndex = job.units[0].fileIndex;
    const fatalFirst = job.batched && fresh !== undefined && !fresh.ok && isFatalFirstBatchStatus(fresh.status) && !answered.has(fileIndex);
    if (fresh === undefined || fresh.ok) answered.add(fileIndex);
    job.units.forEach((unit, k) => {
      const answer = (answers as ChatOutcome[])[k];
      cache.store(keys?.[k], answer);
      recorder.record(unit, answer, job.request);
    });
    if (fatalFirst && fresh && !fresh.ok) {
      throw new RunTextError(runText('firstBatchFailed', { count: job.units.length, error: fresh.text ?? fresh.error }));
    }
    return job.units.length;
  };
}
