import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { RUN_LIMITS } from '../core/spec/limits';
import { main } from './main';
import { captureIo } from '../test/helpers/captureIo';
import { fakeServersForThisFile } from '../test/helpers/fakeServers';
import { fromRepo } from '../test/helpers/paths';

const server = fakeServersForThisFile();

test('every numeric flag of run is bounded: a value out of range or not a plain number is a usage error naming flag, value and range, and nothing is sent', async () => {
  const fake = await server();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ewb-flags-'));
  fs.writeFileSync(path.join(dir, 'reasoning.json'), JSON.stringify([{ id: 'r1', prompt: 'x', eval_method: 'exact_match', expected: 'a' }]));
  const cases: [string, string, RegExp][] = [
    ['--repeat', '5e7', /--repeat "5e7": must be a whole number from 1 to 100/],
    ['--repeat', '101', /--repeat "101": must be a whole number from 1 to 100/],
    ['--concurrency', '0', /--concurrency "0": must be a whole number from 1 to 64/],
    ['--concurrency', '1.5', /--concurrency "1\.5": must be a whole number from 1 to 64/],
    ['--timeout', '0', /--timeout "0": must be a number of seconds from 0.1 to 3600/],
    ['--timeout', '1e12', /--timeout "1e12": must be a number of seconds from 0.1 to 3600/],
    ['--timeout', 'Infinity', /--timeout "Infinity"/],
    ['--retries', '11', /--retries "11": must be a whole number from 0 to 10/],
    ['--retries', '-1', /--retries "-1"/],
  ];
  for (const [flag, value, message] of cases) {
    const io = captureIo(dir);
    assert.equal(
      await main(['run', 'reasoning.json', '--base-url', fake.baseUrl, '--model', 'm', '--no-cache', `${flag}=${value}`], io),
      2,
      `${flag} ${value}`,
    );
    assert.match(io.err, message);
  }
  assert.equal(fake.requests.length, 0);
  const ok = captureIo(dir);
  assert.equal(
    await main(
      [
        'run',
        'reasoning.json',
        '--base-url',
        fake.baseUrl,
        '--model',
        'm',
        '--no-cache',
        '--timeout',
        '2.5',
        '--retries',
        '0',
        '--repeat',
        '2',
        '--concurrency',
        '64',
      ],
      ok,
    ),
    0,
    ok.err,
  );
  assert.equal(fake.requests.length, 2);
});

test('the settings schema bounds the same numbers as the flags (one table: core/spec/limits.ts)', () => {
  const properties = (
    JSON.parse(fs.readFileSync(fromRepo('package.json'), 'utf8')) as {
      contributes: { configuration: { properties: Record<string, { minimum: number; maximum: number; type: string }> } };
    }
  ).contributes.configuration.properties;
  for (const [key, limit] of [
    ['ewebench.run.concurrency', RUN_LIMITS.concurrency],
    ['ewebench.run.timeoutSeconds', RUN_LIMITS.timeoutSeconds],
    ['ewebench.run.maxRetryWaitSeconds', RUN_LIMITS.maxRetryWaitSeconds],
    ['ewebench.run.maxResponseMiB', RUN_LIMITS.maxResponseMiB],
    ['ewebench.run.batchSize', RUN_LIMITS.batchSize],
  ] as const) {
    assert.deepEqual(
      [properties[key].minimum, properties[key].maximum, properties[key].type],
      [limit.min, limit.max, limit.integer ? 'integer' : 'number'],
      key,
    );
  }
});
