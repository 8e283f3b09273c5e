import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { fakeServersForThisFile } from '../test/helpers/fakeServers';
import { finishes, spawnCli } from '../test/helpers/cliProcess';
import { fromRepo } from '../test/helpers/paths';

/** `… | head`: the reader goes away before the command writes; every command ends quietly with its own code. */
const server = fakeServersForThisFile();

async function withClosedStdout(args: string[], cwd: string) {
  const cli = spawnCli(args, { cwd });
  // The reader is gone before the command has written anything (node takes far longer to start).
  cli.child.stdout?.destroy();
  const { code } = await finishes(cli.exited, args.join(' '));
  return { code, stderr: cli.stderr };
}

const tests = [
  { id: 'r1', prompt: 'Nenie nye 1 kple 1?', eval_method: 'exact_match', expected: '2' },
  { id: 'r2', prompt: 'Nenie nye 2 kple 2?', eval_method: 'exact_match', expected: '4' },
];

test('validate, audit, coverage and chrf with stdout closed early: no EPIPE stack trace, the usual exit code', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ewb-pipe-'));
  fs.writeFileSync(path.join(dir, 'reasoning.json'), JSON.stringify(tests, null, 2));
  fs.writeFileSync(path.join(dir, 'hyp.txt'), 'a b c\n'.repeat(2000));
  const folder = fromRepo('test-fixtures', 'ewebench');
  const cases: [string[], number][] = [
    [['validate', 'reasoning.json'], 0],
    [['validate', folder, '--format', 'json'], 1],
    [['audit', folder], 1],
    [['coverage', 'reasoning.json'], 0],
    [['chrf', '--hyp', 'hyp.txt', '--ref', 'hyp.txt', '--sentence'], 0],
  ];
  for (const [args, expected] of cases) {
    const { code, stderr } = await withClosedStdout(args, dir);
    assert.doesNotMatch(stderr, /EPIPE|Error:|at /, args.join(' '));
    assert.equal(code, expected, `${args.join(' ')}: ${stderr}`);
  }
});

test('run with stdout closed early: no stack trace, and the results file is still written', async () => {
  const fake = await server({ fallback: { kind: 'answer', text: '2' } });
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ewb-pipe-'));
  fs.writeFileSync(path.join(dir, 'reasoning.json'), JSON.stringify(tests, null, 2));
  const { code, stderr } = await withClosedStdout(['run', 'reasoning.json', '--base-url', fake.baseUrl, '--model', 'fake-chat', '--no-cache'], dir);
  assert.doesNotMatch(stderr, /EPIPE|Error:|at /);
  assert.equal(code, 0, stderr);
  assert.equal(fs.readdirSync(path.join(dir, 'results')).filter((n) => n.endsWith('.json')).length, 1);
});
