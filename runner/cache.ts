import * as fs from 'node:fs';
import * as path from 'node:path';
import * as os from 'node:os';
import type { Usage } from '../core/run/types';

/** What a cached answer keeps: the text, the model that said it and its usage. Never the request or a key. */
export interface CachedAnswer {
  text: string;
  modelId?: string;
  usage: Usage;
}

/** The CLI's cache folder (`$XDG_CACHE_HOME/ewebench-studio`, else `~/.cache/ewebench-studio`); the editor uses its storage. */
export function defaultCacheDir(env: NodeJS.ProcessEnv = process.env): string {
  return path.join(env.XDG_CACHE_HOME || path.join(os.homedir(), '.cache'), 'ewebench-studio', 'responses');
}

const KEY_SHAPE = /^[A-Za-z0-9_-]{8,128}$/;

function isUsage(value: unknown): value is Usage {
  const u = value as Record<string, unknown> | null;
  return !!u && ['prompt_tokens', 'completion_tokens', 'reasoning_tokens', 'cached_tokens'].every((k) => typeof u[k] === 'number');
}

/**
 * Model answers on disk, one small JSON file per cache key (core's `cacheKey`: origin, model, messages,
 * temperature, max_tokens), in a folder the caller owns. Writes go to a temporary file renamed into place,
 * so a reader never sees half an answer.
 */
export class ResponseCache {
  constructor(readonly dir: string) {}

  private file(key: string): string {
    if (!KEY_SHAPE.test(key)) throw new Error(`not a cache key: ${key.slice(0, 20)}`);
    return path.join(this.dir, key.slice(0, 2), `${key}.json`);
  }

  async get(key: string): Promise<CachedAnswer | undefined> {
    let text: string;
    try {
      text = await fs.promises.readFile(this.file(key), 'utf8');
    } catch {
      return undefined;
    }
    try {
      const value = JSON.parse(text) as Partial<CachedAnswer>;
      if (typeof value.text !== 'string' || !isUsage(value.usage)) return undefined;
      return { text: value.text, ...(typeof value.modelId === 'string' ? { modelId: value.modelId } : {}), usage: value.usage };
    } catch {
      return undefined; // a damaged entry is a miss; the next answer overwrites it
    }
  }

  async set(key: string, answer: CachedAnswer): Promise<void> {
    const file = this.file(key);
    await fs.promises.mkdir(path.dirname(file), { recursive: true });
    const stored: CachedAnswer = { text: answer.text, ...(answer.modelId ? { modelId: answer.modelId } : {}), usage: answer.usage };
    const temp = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
    await fs.promises.writeFile(temp, JSON.stringify(stored));
    await fs.promises.rename(temp, file);
  }

  /** Deletes every cached answer; returns how many there were. */
  async clear(): Promise<number> {
    let count = 0;
    let shards: string[];
    try {
      shards = await fs.promises.readdir(this.dir);
    } catch {
      return 0;
    }
    for (const shard of shards) {
      const dir = path.join(this.dir, shard);
      try {
        count += (await fs.promises.readdir(dir)).filter((n) => n.endsWith('.json')).length;
      } catch {
        continue;
      }
      await fs.promises.rm(dir, { recursive: true, force: true });
    }
    return count;
  }
}
