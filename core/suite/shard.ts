import { counted } from '../i18n/plural';
import type { SuiteResponses } from './results';

/**
 * Shards, for spreading a run over machines: the one rule of who runs what. `--shard K/N` runs the units whose
 * key falls in shard K of N (`shardOfKey`: FNV-1a of the key, modulo N), never depending on the machine or the
 * order, so N shards cover every unit exactly once.
 * - A suite run's unit is an item (`shardOf`: its task id and item id), every run of an item in the same shard
 *   (its runs are one cluster of the standard error, and one machine's cache); `suite score` merges the shards'
 *   responses files.
 * - A benchmark matrix's unit is a cell (its id, unique in the plan): `core/bench/shard.ts`.
 */

export interface Shard {
  /** 1-based. */
  index: number;
  count: number;
}

export const MAX_SHARDS = 1000;

/** `K/N` with 1 ≤ K ≤ N ≤ 1000, or null. */
export function parseShard(text: string): Shard | null {
  const m = /^\s*(\d{1,4})\s*\/\s*(\d{1,4})\s*$/.exec(text);
  if (!m) return null;
  const index = Number(m[1]);
  const count = Number(m[2]);
  return index >= 1 && count >= 1 && index <= count && count <= MAX_SHARDS ? { index, count } : null;
}

/** FNV-1a, 32 bits, over UTF-16 code units: the same number on every machine. */
function fnv1a(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

/** The shard (1-based) of a unit known by `key`, among `count`: the one assignment rule. */
export function shardOfKey(key: string, count: number): number {
  return (fnv1a(key) % count) + 1;
}

/** The shard (1-based) of an item of a task, among `count`. */
export function shardOf(task: string, item: string, count: number): number {
  // The task id's length first, so ("ab", "c") and ("a", "bc") are different keys.
  return shardOfKey(`${task.length}:${task}\u0000${item}`, count);
}

export function inShard(task: string, item: string, shard: Shard): boolean {
  return shardOf(task, item, shard.count) === shard.index;
}

export class MergeError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MergeError';
  }
}

/** Responses of several shards as one: the same model and number of runs, each item in one file only. */
export function mergeResponses(parts: readonly SuiteResponses[]): SuiteResponses {
  if (parts.length === 0) throw new MergeError('no responses to merge');
  const [first] = parts;
  const tasks = new Map<string, Map<string, readonly (string | null)[]>>();
  parts.forEach((part, p) => {
    if (part.model !== first.model) throw new MergeError(`file ${p + 1} answers with model ${part.model}, file 1 with ${first.model}`);
    if (part.runs !== first.runs) throw new MergeError(`file ${p + 1} has ${counted(part.runs, 'run', 'runs')}, file 1 has ${first.runs}`);
    for (const [task, items] of part.tasks) {
      let merged = tasks.get(task);
      if (!merged) tasks.set(task, (merged = new Map()));
      for (const [item, responses] of items) {
        if (merged.has(item)) throw new MergeError(`item ${item} of task ${task} is in two files (file ${p + 1} and an earlier one): shards overlap`);
        merged.set(item, responses);
      }
    }
  });
  return { model: first.model, runs: first.runs, tasks };
}
