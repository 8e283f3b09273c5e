import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { main } from '../main';
import { captureIo } from '../../test/helpers/captureIo';
import { fakeServersForThisFile } from '../../test/helpers/fakeServers';

/** With LANG in French, as `validate` reads it, the runner's sentences (refusals, failed calls, skipped items) are French. */
const server = fakeServersForThisFile();

function workspace(files: Record<string, string>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ewb-fr-'));
  for (const [name, content] of Object.entries(files)) fs.writeFileSync(path.join(dir, name), content);
  return dir;
}

const tests = (ids: string[]) => JSON.stringify(ids.map((id) => ({ id, prompt: 'Nenie?', eval_method: 'exact_match', expected: '1' })));

function frenchIo(dir: string) {
  const io = captureIo(dir);
  io.env = { ...process.env, LANG: 'fr_FR.UTF-8' };
  return io;
}

test('LANG=fr: a plan refused before sending says so in French; in English without it', async () => {
  const fake = await server();
  const dir = workspace({ 'reasoning.json': tests(['a', 'a']) });
  const args = ['run', 'reasoning.json', '--base-url', fake.baseUrl, '--model', 'fake-chat', '--no-cache'];
  const fr = frenchIo(dir);
  assert.equal(await main(args, fr), 2);
  assert.match(
    fr.err,
    /rien n’a été envoyé\u00a0: 2 tests partagent l’id "a" en reasoning\.json:1, reasoning\.json:1\u00a0: une exécution garde un résultat par id/,
  );
  const en = captureIo(dir);
  en.env = { ...process.env, LANG: 'C.UTF-8' };
  assert.equal(await main(args, en), 2);
  assert.match(en.err, /nothing was sent: 2 tests share the id "a"/);
  assert.equal(fake.requests.length, 0);
});

test('LANG=fr: a failed call is reported in French, the results file keeps the English', async () => {
  const fake = await server({ fallback: { kind: 'status', status: 404, body: { error: { message: 'no such model' } } } });
  const dir = workspace({ 'reasoning.json': tests(['a']) });
  const io = frenchIo(dir);
  const code = await main(['run', 'reasoning.json', '--base-url', fake.baseUrl, '--model', 'fake-chat', '--no-cache'], io);
  assert.equal(code, 1);
  const host = new URL(fake.baseUrl).host;
  assert.ok(io.out.includes(`ERROR: 404 de ${host}: no such model`), io.out);
  const results = fs.readdirSync(path.join(dir, 'results')).filter((f) => f.startsWith('ewebench_'));
  const saved = fs.readFileSync(path.join(dir, 'results', results[0]), 'utf8');
  assert.ok(saved.includes(`404 from ${host}: no such model`), 'the file holds the English the harnesses and colleagues read');
  // Beside it, the code and parameters the French came from: nothing is read back from the English.
  const report = JSON.parse(saved) as { categories: Record<string, { details: { error_code?: string; error_params?: Record<string, unknown> }[] }> };
  const record = report.categories.reasoning.details[0];
  assert.equal(record.error_code, 'httpStatus');
  assert.deepEqual(record.error_params, { status: 404, host, after: '', said: ': no such model' });
});

test('LANG=fr: a file skipped is said in French, from its code and parameters', async () => {
  const fake = await server();
  const dir = workspace({ 'reasoning.json': tests(['a']), 'broken.json': '{ not json' });
  const io = frenchIo(dir);
  await main(['run', 'reasoning.json', 'broken.json', '--base-url', fake.baseUrl, '--model', 'fake-chat', '--no-cache'], io);
  assert.match(io.err + io.out, /skipped: broken\.json n’est pas du JSON valide/);
});
