import { cacheKey } from '../core/run/cacheKey';
import { canonicalHash } from '../core/run/canonicalJson';
import type { ChatRequest } from '../core/run/types';
import type { LoadedSuite } from '../core/suite/load';
import { inShard, type Shard } from '../core/suite/shard';
import { labelsOf, suiteItemRequest } from '../core/suite/runResults';
import type { ResponseCache } from './cache';
import type { ChatProvider } from './provider';
import { runQueue } from './queue';

/**
 * A task suite run k times against one model: every item of every task, once per run, each a user message
 * holding the item's prompt (core/suite/score's templates), through the runner's queue and provider (retries,
 * timeouts, the key only to its origin: the provider's rules). Answers are cached per run: run r of an item is
 * one cache entry, so a suite run again (or resumed after a cancel) sends only what it has not got, and its k
 * runs stay k samples. What comes back is the saved-responses shape `suite score` reads.
 */

export interface SuiteRunOptions {
  provider: ChatProvider;
  model: string;
  repeat: number;
  concurrency: number;
  temperature: number;
  maxTokens: number;
  cache?: ResponseCache;
  signal?: AbortSignal;
  onProgress?: (done: number, total: number) => void;
  /** Only the items of this shard (every run of each); the responses then hold those items alone. */
  shard?: Shard;
}

export interface SuiteRunResult {
  /** `suite_responses_version` 1: per task, per item id, one response per run (null when the call failed). */
  responses: { suite_responses_version: 1; model: string; runs: number; tasks: Record<string, Record<string, (string | null)[]>> };
  calls: number;
  cached: number;
  failures: { task: string; item: string; run: number; message: string }[];
  cancelled: boolean;
}

interface Job {
  task: string;
  item: string;
  run: number;
  request: ChatRequest;
}

export async function runSuite(suite: LoadedSuite, options: SuiteRunOptions): Promise<SuiteRunResult> {
  const jobs: Job[] = [];
  const tasks: Record<string, Record<string, (string | null)[]>> = {};
  for (const task of suite.tasks) {
    const labels = labelsOf(task);
    const byItem: Record<string, (string | null)[]> = {};
    tasks[task.spec.id] = byItem;
    for (const item of task.items) {
      if (options.shard && !inShard(task.spec.id, item.id, options.shard)) continue;
      byItem[item.id] = new Array<string | null>(options.repeat).fill(null);
      const request = suiteItemRequest(task, item, options.model, labels, { temperature: options.temperature, maxTokens: options.maxTokens });
      for (let run = 0; run < options.repeat; run++) jobs.push({ task: task.spec.id, item: item.id, run, request });
    }
  }
  const scope = options.provider.cacheScope ?? options.provider.origin;
  const keyOf = (job: Job) => canonicalHash({ suiteRun: job.run, request: cacheKey(scope, job.request) });
  const failures: SuiteRunResult['failures'] = [];
  let calls = 0;
  let cached = 0;
  let done = 0;
  const outcome = await runQueue(
    jobs,
    async (job, signal) => {
      const key = options.cache ? keyOf(job) : undefined;
      const hit = key ? await options.cache!.get(key) : undefined;
      if (hit) {
        cached++;
        return { ok: true as const, text: hit.text };
      }
      calls++;
      const answer = await options.provider.send(job.request, { signal });
      if (answer.ok && key) await options.cache!.set(key, { text: answer.text, ...(answer.modelId ? { modelId: answer.modelId } : {}), usage: answer.usage });
      return answer.ok ? { ok: true as const, text: answer.text } : { ok: false as const, message: answer.error };
    },
    {
      concurrency: options.concurrency,
      signal: options.signal,
      onResult: (result, job) => {
        if (result.ok) tasks[job.task][job.item][job.run] = result.text;
        else failures.push({ task: job.task, item: job.item, run: job.run + 1, message: result.message });
        options.onProgress?.(++done, jobs.length);
      },
    },
  );
  return {
    responses: { suite_responses_version: 1, model: options.model, runs: options.repeat, tasks },
    calls,
    cached,
    failures,
    cancelled: outcome.cancelled,
  };
}
