import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { main } from '../main';
import { captureIo } from '../../test/helpers/captureIo';
import { fakeServersForThisFile } from '../../test/helpers/fakeServers';

/** What a run writes survives hostile ids, damaged journals and failing disks, and reruns do not fail the same way. */
const server = fakeServersForThisFile();

function tempDir(files: Record<string, unknown>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ewb-outputs-'));
  for (const [name, content] of Object.entries(files))
    fs.writeFileSync(path.join(dir, name), typeof content === 'string' ? content : JSON.stringify(content, null, 2));
  return dir;
}

const reasoning = [
  { id: 'r1', prompt: 'Nenie nye 1 kple 1?', eval_method: 'exact_match', expected: '2' },
  { id: 'r2', prompt: 'Nenie nye 2 kple 2?', eval_method: 'exact_match', expected: '4' },
  { id: 'r3', prompt: 'Nenie nye 3 kple 3?', eval_method: 'exact_match', expected: '6' },
];

test('a dataset id or model name of any length gives a bounded, safe run card name (no ENAMETOOLONG), distinct per id', async () => {
  const fake = await server({ fallback: { kind: 'answer', text: 'Akpe.' } });
  const longId = 'ɖ'.repeat(300);
  const corpus = (id: string) => ({
    dataset: { id, version: '1', language_pair: 'en>ee', source_language: 'en', target_language: 'ee' },
    entries: [{ id: 1, source: 'Thank you.', reference: 'Akpe.', segment: 'development' }],
  });
  const dir = tempDir({ 'a.json': corpus(longId), 'b.json': corpus(`${longId}x`) });
  const io = captureIo(dir);
  const code = await main(['run', 'a.json', 'b.json', '--base-url', fake.baseUrl, '--model', `m/${'x'.repeat(300)}`, '--no-cache', '--format', 'json'], io);
  assert.equal(code, 0, io.err);
  const cards = (JSON.parse(io.out) as { run_cards: { file: string }[] }).run_cards.map((c) => path.basename(c.file));
  assert.equal(cards.length, 2);
  assert.notEqual(cards[0], cards[1]);
  for (const name of cards) {
    assert.ok(Buffer.byteLength(name) < 255, name);
    assert.match(name, /^rosetta_m_x+-[0-9a-f]{8}_ɖ+-[0-9a-f]{8}_\d{8}_\d{6}(_\d+)?\.json$/);
    assert.ok(fs.existsSync(path.join(dir, 'results', name)));
  }
});

test('a damaged journal is resumed with one warning naming its file and every line set aside; the cut line is kept aside, the other results kept and not sent again', async () => {
  const fake = await server({
    script: [
      { kind: 'answer', text: '2' },
      { kind: 'answer', text: '4' },
      { kind: 'status', status: 400 },
    ],
  });
  const dir = tempDir({ 'reasoning.json': reasoning });
  const args = ['run', 'reasoning.json', '--base-url', fake.baseUrl, '--model', 'fake-chat', '--no-cache', '--concurrency', '1', '--format', 'json'];
  assert.equal(await main(args, captureIo(dir)), 1, 'r3 errored: the journal stays open');
  const journalDir = path.join(dir, 'results', '.journal');
  const [name] = fs.readdirSync(journalDir);
  const file = path.join(journalDir, name);
  const lines = fs.readFileSync(file, 'utf8').split('\n');
  lines.splice(2, 0, '{"record":null}', '{not json');
  // And a last line cut in the middle (a crash mid-write).
  const cut = '{"record":{"kind":"ewebench-test","source_f';
  fs.writeFileSync(file, lines.join('\n').replace(/\n*$/, '\n') + cut);
  const cutLine = lines.join('\n').replace(/\n*$/, '\n').split('\n').length;

  fake.setScript([], { kind: 'answer', text: '6' });
  const io = captureIo(dir);
  assert.equal(await main(args, io), 0, io.err);
  const shown = name.replace('.', '\\.');
  assert.match(
    io.err,
    new RegExp(
      `warning: ${shown}: damaged journal: resumed without lines 3 \\(a record that is not an object\\), 4 \\(not JSON\\) and ${cutLine} \\(cut short, kept in ${shown}\\.set-aside\\); the other results are kept`,
    ),
  );
  assert.equal(io.err.match(/damaged/g)?.length, 1, 'said once');
  assert.equal(fs.readFileSync(`${file}.set-aside`, 'utf8'), cut + '\n');
  const out = JSON.parse(io.out) as { kept: number; tests: { id: string; score: number }[] };
  assert.equal(out.kept, 2);
  assert.deepEqual(
    out.tests.map((t) => [t.id, t.score]),
    [
      ['r1', 1],
      ['r2', 1],
      ['r3', 1],
    ],
  );
  assert.equal(fake.requests.length, 4, 'only the failed test was sent again');
});
