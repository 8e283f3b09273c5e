import { cacheKey } from '../../core/run/cacheKey';
import { canonicalHash } from '../../core/run/canonicalJson';
import type { ChatOutcome } from '../../core/run/types';
import type { ResponseCache } from '../cache';
import { requestLine, type RunLogger } from '../log';
import type { Job } from './jobs';

/**
 * The response cache in a run: read only when the plan asks for it and runs each item once, written whenever
 * the plan asks for it. The cache holds one answer per entry: a batch entry's key is its own request's, marked
 * as batched. Writes are not awaited by the lane that made them; `settle` waits for all of them at the end.
 */
export class RunCache {
  private readonly writes: Promise<void>[] = [];

  constructor(
    private readonly cache: ResponseCache | undefined,
    private readonly read: boolean,
    private readonly write: boolean,
    /** The cache scope of the provider (its origin unless it says otherwise). */
    private readonly scope: string,
    private readonly logger: RunLogger,
    /** The endpoint as results show it, for the request log line of a hit. */
    private readonly endpoint: string,
  ) {}

  /** Whether a job looks its answers up before sending. */
  get reads(): boolean {
    return this.read && this.cache !== undefined;
  }

  /** One key per unit of the job, or undefined when the run uses no cache. */
  keys(job: Job): string[] | undefined {
    if (!this.cache || !(this.read || this.write)) return undefined;
    return job.units.map((u) =>
      job.batched ? canonicalHash({ batchEntry: cacheKey(this.scope, u.request), batchSize: u.batch?.size }) : cacheKey(this.scope, job.request),
    );
  }

  /** Every unit's answer from the cache, or undefined unless all of them are there. */
  async lookup(keys: readonly string[] | undefined): Promise<ChatOutcome[] | undefined> {
    if (!keys || !this.read || !this.cache) return undefined;
    const cache = this.cache;
    const t0 = performance.now();
    const hits = await Promise.all(keys.map((k) => cache.get(k)));
    if (!hits.every((h) => h)) return undefined;
    const latencyMs = performance.now() - t0;
    this.logger.info(requestLine({ method: 'POST', url: this.endpoint, status: 200, latencyMs, attempts: 0, cached: true }));
    return hits.map((hit) => ({
      ok: true as const,
      text: hit?.text ?? '',
      ...(hit?.modelId ? { modelId: hit.modelId } : {}),
      usage: hit?.usage ?? { prompt_tokens: 0, completion_tokens: 0, reasoning_tokens: 0, cached_tokens: 0 },
      latencyMs,
      cached: true,
      attempts: 0,
    }));
  }

  /** Stores a fresh answer under its key (a failed write is logged, never fatal). */
  store(key: string | undefined, answer: ChatOutcome): void {
    if (!answer.ok || answer.cached || !key || !this.write || !this.cache) return;
    this.writes.push(
      this.cache
        .set(key, { text: answer.text, ...(answer.modelId ? { modelId: answer.modelId } : {}), usage: answer.usage })
        .catch((e: unknown) => this.logger.warn(`cache write failed: ${e instanceof Error ? e.message : String(e)}`)),
    );
  }

  async settle(): Promise<void> {
    await Promise.all(this.writes);
  }
}
