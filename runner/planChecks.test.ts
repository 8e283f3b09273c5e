import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { resolveModel } from '../core/run/presets';
import { fakeServersForThisFile } from '../test/helpers/fakeServers';
import { executeRun, RunPlanError } from './execute';
import { openAICompatibleProvider } from './provider';

const server = fakeServersForThisFile();

test('the runner refuses a repeat or concurrency outside the run limits, whoever calls it, before anything is sent or written', async () => {
  const fake = await server();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ewb-plan-'));
  const text = JSON.stringify([{ id: 'r1', prompt: 'x', eval_method: 'exact_match', expected: 'a' }]);
  const base = {
    files: [{ path: path.join(dir, 'reasoning.json'), displayPath: 'reasoning.json', text }],
    model: resolveModel({ provider: 'custom', baseUrl: fake.baseUrl, model: 'm' }),
    outDir: path.join(dir, 'results'),
  };
  const provider = openAICompatibleProvider({ baseUrl: fake.baseUrl, maxRetries: 0 });
  await assert.rejects(
    executeRun({ ...base, repeat: 5e7 }, { provider }),
    (e: unknown) => e instanceof RunPlanError && /repeat 50000000: must be a whole number from 1 to 100/.test(e.message),
  );
  await assert.rejects(executeRun({ ...base, concurrency: 0 }, { provider }), /concurrency 0: must be a whole number from 1 to 64/);
  assert.equal(fake.requests.length, 0);
  assert.equal(fs.existsSync(base.outDir), false);
});
