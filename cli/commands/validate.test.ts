import { test } from 'node:test';
import assert from 'node:assert/strict';
import { main } from '../main';
import { captureIo } from '../../test/helpers/captureIo';

test('json output lists each file with its kind and LSP-positioned diagnostics; errors exit 1', async () => {
  const io = captureIo();
  const code = await main(['validate', 'test-fixtures/ewebench/invalid/duplicate-ids.json', '--format', 'json'], io);
  assert.equal(code, 1);
  const out = JSON.parse(io.out) as { file: string; kind: string; diagnostics: { range: unknown; severity: string; code: string; message: string }[] }[];
  assert.equal(out.length, 1);
  assert.equal(out[0].file, 'test-fixtures/ewebench/invalid/duplicate-ids.json');
  assert.equal(out[0].kind, 'ewebench-tests');
  const dup = out[0].diagnostics.find((d) => d.code === 'duplicate-id')!;
  assert.deepEqual(Object.keys(dup).sort(), ['code', 'message', 'range', 'severity']);
  assert.deepEqual(dup.range, { start: { line: 2, character: 10 }, end: { line: 2, character: 25 } });
  assert.equal(dup.severity, 'error');
});

test('text output is file:line:col: severity code: message, one-based', async () => {
  const io = captureIo();
  await main(['validate', 'test-fixtures/ewebench/invalid/duplicate-ids.json'], io);
  assert.match(io.out.split('\n')[0], /^test-fixtures\/ewebench\/invalid\/duplicate-ids\.json:3:11: error duplicate-id: /);
});

test('a folder is searched recursively and valid files exit 0', async () => {
  const io = captureIo();
  const code = await main(['validate', 'test-fixtures/ewebench/valid', '--format', 'json'], io);
  assert.equal(code, 0, io.out);
  assert.ok((JSON.parse(io.out) as unknown[]).length >= 3);
});

test('tests files given together are checked for ids shared across files', async () => {
  const io = captureIo();
  await main(['validate', 'test-fixtures/ewebench/invalid/cross-file', '--format', 'json'], io);
  const out = (JSON.parse(io.out) as { file: string; kind: string; diagnostics: { code: string; message: string }[] }[]).filter(
    (f) => f.kind === 'ewebench-tests',
  );
  assert.equal(out.length, 2);
  for (const file of out)
    assert.ok(
      file.diagnostics.some((d) => d.code === 'duplicate-id'),
      file.file,
    );
  assert.match(out[0].diagnostics[0].message, /cross-file\/(robustness|translation)\.json/);
});

test('sarif output is SARIF 2.1.0 with rules and 1-based regions', async () => {
  const io = captureIo();
  await main(['validate', 'test-fixtures/ewebench/invalid/duplicate-ids.json', '--format', 'sarif'], io);
  const sarif = JSON.parse(io.out);
  assert.equal(sarif.version, '2.1.0');
  const result = sarif.runs[0].results.find((r: { ruleId: string }) => r.ruleId === 'duplicate-id');
  assert.deepEqual(result.locations[0].physicalLocation.region, { startLine: 3, startColumn: 11, endLine: 3, endColumn: 26 });
  assert.ok(sarif.runs[0].tool.driver.rules.some((r: { id: string }) => r.id === 'duplicate-id'));
});

test('usage and I/O errors exit 2 and name the problem', async () => {
  let io = captureIo();
  assert.equal(await main(['validate'], io), 2);
  assert.match(io.err, /no PATH/);
  io = captureIo();
  assert.equal(await main(['validate', 'does/not/exist.json'], io), 2);
  assert.match(io.err, /does\/not\/exist\.json/);
  io = captureIo();
  assert.equal(await main(['validate', 'test-fixtures', '--format', 'xml'], io), 2);
  io = captureIo();
  assert.equal(await main(['frobnicate'], io), 2);
});
