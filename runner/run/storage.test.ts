import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import { resolveModel } from '../../core/run/presets';
import { verifyRunCard } from '../../core/runcard/verify';
import { browserLikeFetch } from '../../test/helpers/browserFetch';
import { e2eStep, E2E_KEY } from '../../test/e2e/fakeModel';
import { fakeServersForThisFile } from '../../test/helpers/fakeServers';
import { fromRepo } from '../../test/helpers/paths';
import { openAICompatibleProvider } from '../provider';
import { executeRunWith } from './execute';
import { MAX_RUN_ID_TRIES } from './resume';
import { OutputWriteError, type RunStorage } from './storage';

const server = fakeServersForThisFile();
const PAGE = 'https://vscode.dev';

/** A storage as the browser build's: files kept whole in a map, a lock within this process, no journal. */
function memoryStorage(): RunStorage & { files: Map<string, string>; writes: string[] } {
  const files = new Map<string, string>();
  const writes: string[] = [];
  const locked = new Set<string>();
  return {
    files,
    writes,
    lock(outDir) {
      if (locked.has(outDir)) throw new Error(`a run is already writing ${outDir}`);
      locked.add(outDir);
      return () => locked.delete(outDir);
    },
    join: (dir, name) => `${dir}/${name}`,
    async writeFile(file, text) {
      await Promise.resolve();
      writes.push(file);
      files.set(file, text);
    },
    randomHex: (count) => 'ab'.repeat(count),
  };
}

const read = (relative: string) => fs.readFileSync(fromRepo('test/e2e/workspace', relative), 'utf8');

test('a run through a storage without a journal writes its results file and run card once each, the card verifies, nothing is journalled', async () => {
  const fake = await server({ cors: PAGE, fallback: { kind: 'respond', fn: e2eStep } });
  const storage = memoryStorage();
  const provider = openAICompatibleProvider({
    baseUrl: fake.baseUrl,
    apiKey: E2E_KEY,
    maxRetries: 0,
    browser: { fetch: browserLikeFetch(PAGE), pageOrigin: PAGE },
  });
  const out = 'vscode-vfs://github/ewe/bench/results';
  const result = await executeRunWith(
    {
      files: [
        { path: '/tests/run_e2e.json', displayPath: 'tests/run_e2e.json', text: read('tests/run_e2e.json') },
        { path: '/corpus.json', displayPath: 'corpus.json', text: read('corpus.json'), ids: ['1', '3'] },
      ],
      model: resolveModel({ provider: 'custom', baseUrl: fake.baseUrl, model: 'fake-ewe-model' }),
      outDir: out,
      concurrency: 2,
      batchSize: 1,
    },
    { provider },
    storage,
  );
  assert.equal(result.errored, 0);
  assert.equal(result.journalFile, '');
  assert.ok(result.resultsFile?.startsWith(`${out}/ewebench_fake-ewe-model_`));
  assert.equal(result.runCardFiles.length, 1);
  assert.deepEqual(storage.writes, [result.resultsFile, result.runCardFiles[0]]);
  const card = storage.files.get(result.runCardFiles[0]) ?? '';
  assert.equal(verifyRunCard(card), 'verified');
  assert.equal((JSON.parse(card) as { results: unknown[] }).results.length, 2);
  const tests = JSON.parse(storage.files.get(result.resultsFile ?? '') ?? '{}') as { summary?: { total_tests: number; total_passed: number } };
  // The fake model's answers (test/e2e/fakeModel.ts): 1.0 and 0.833 pass, the multiple choice fails.
  assert.deepEqual(tests.summary && [tests.summary.total_tests, tests.summary.total_passed], [3, 2]);
  // The storage's lock held the folder during the run and released it after.
  assert.doesNotThrow(storage.lock(out));
});

test('a write the storage refuses fails the run with its reason; without a journal there is none to point at', async () => {
  const fake = await server({ fallback: { kind: 'respond', fn: e2eStep } });
  const storage = memoryStorage();
  storage.writeFile = (file) => Promise.reject(new OutputWriteError(file, undefined, { cause: new Error('NoPermissions (FileSystemError)') }));
  const provider = openAICompatibleProvider({ baseUrl: fake.baseUrl, apiKey: E2E_KEY, maxRetries: 0 });
  await assert.rejects(
    executeRunWith(
      {
        files: [{ path: '/tests/run_e2e.json', displayPath: 'tests/run_e2e.json', text: read('tests/run_e2e.json') }],
        model: resolveModel({ provider: 'custom', baseUrl: fake.baseUrl, model: 'fake-ewe-model' }),
        outDir: 'memory:/results',
      },
      { provider },
      storage,
    ),
    (error: unknown) =>
      error instanceof OutputWriteError && /^cannot write memory:\/results\/ewebench_.*: NoPermissions \(FileSystemError\)$/.test(error.message),
  );
});

test('a storage that says every run id already has a journal stops the run with a sentence after MAX_RUN_ID_TRIES names, sending nothing', async () => {
  const fake = await server({ fallback: { kind: 'respond', fn: e2eStep } });
  const storage = memoryStorage();
  let tried = 0;
  storage.journals = {
    file: (outDir, id) => `${outDir}/.journal/${id}.jsonl`,
    exists: () => ++tried > 0,
    findUnfinished: () => undefined,
    create: () => assert.fail('no journal is created'),
    resume: () => assert.fail('no journal is resumed'),
  };
  await assert.rejects(
    executeRunWith(
      {
        files: [{ path: '/tests/run_e2e.json', displayPath: 'tests/run_e2e.json', text: read('tests/run_e2e.json') }],
        model: resolveModel({ provider: 'custom', baseUrl: fake.baseUrl, model: 'fake-ewe-model' }),
        outDir: 'memory:/results',
        runId: '20261128_030000',
      },
      { provider: openAICompatibleProvider({ baseUrl: fake.baseUrl, apiKey: E2E_KEY, maxRetries: 0 }) },
      storage,
    ),
    /^Error: 1000 runs named 20261128_030000 already have a journal in memory:\/results: wait a second and run again$/,
  );
  assert.equal(tried, MAX_RUN_ID_TRIES);
  assert.equal(fake.requests.length, 0);
});
