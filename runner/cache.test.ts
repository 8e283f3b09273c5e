import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { ResponseCache, defaultCacheDir } from './cache';

const usage = { prompt_tokens: 3, completion_tokens: 2, reasoning_tokens: 0, cached_tokens: 1 };
const key = 'a'.repeat(64);

test('stores the text, model and usage only, reads them back, and clears', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ewb-cache-'));
  const cache = new ResponseCache(dir);
  assert.equal(await cache.get(key), undefined);
  await cache.set(key, { text: 'Ŋdi', modelId: 'm-1', usage, ...({ request: 'not stored' } as object) } as Parameters<ResponseCache['set']>[1]);
  assert.deepEqual(await cache.get(key), { text: 'Ŋdi', modelId: 'm-1', usage });
  const files = fs.readdirSync(path.join(dir, 'aa'));
  assert.deepEqual(files, [`${key}.json`], 'no temporary file is left behind');
  assert.deepEqual(JSON.parse(fs.readFileSync(path.join(dir, 'aa', files[0]), 'utf8')), { text: 'Ŋdi', modelId: 'm-1', usage });
  assert.equal(await cache.clear(), 1);
  assert.equal(await cache.get(key), undefined);
});

test('a damaged entry is a miss; keys that could leave the folder are refused', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ewb-cache-'));
  const cache = new ResponseCache(dir);
  fs.mkdirSync(path.join(dir, 'bb'));
  fs.writeFileSync(path.join(dir, 'bb', 'b'.repeat(64) + '.json'), '{"text": "cut');
  assert.equal(await cache.get('b'.repeat(64)), undefined);
  await assert.rejects(cache.set('../../etc/passwd', { text: 'x', usage }), /not a cache key/);
});

test('the CLI cache lives under XDG_CACHE_HOME or ~/.cache, never in the working folder', () => {
  assert.equal(defaultCacheDir({ XDG_CACHE_HOME: '/tmp/xdg' }), path.join('/tmp/xdg', 'ewebench-studio', 'responses'));
  assert.equal(defaultCacheDir({}), path.join(os.homedir(), '.cache', 'ewebench-studio', 'responses'));
});
