import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { main } from '../main';
import { captureIo } from '../../test/helpers/captureIo';
import { corpusChrf, sentenceChrf } from '../../core/scoring/chrf';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ewb-chrf-cli-'));
const write = (name: string, lines: string[]) => {
  fs.writeFileSync(path.join(dir, name), lines.join('\n') + '\n');
  return name;
};
const hyps = ['Ŋdi nyuie nɔvinye.', 'Devi la yi suku.', ''];
const refs = ['Ŋdi nyuie, nɔvinyewo.', 'Ɖevi la yi suku egbe.', 'Akpe.'];
const alt = ['Ŋdi nyuie.', 'Ɖevi la yi suku.', 'Akpe kakaka.'];
write('hyp.txt', hyps);
write('ref.txt', refs);
write('alt.txt', alt);
write('short.txt', refs.slice(0, 2));

test('corpus json gives the unrounded score and sacrebleu’s signature', async () => {
  const io = captureIo(dir);
  assert.equal(await main(['chrf', '--hyp', 'hyp.txt', '--ref', 'ref.txt', '--format', 'json'], io), 0);
  assert.deepEqual(JSON.parse(io.out), { score: corpusChrf(hyps, [refs]).score, signature: 'nrefs:1|case:mixed|eff:yes|nc:6|nw:2|space:no|version:2.6.0' });
});

test('several references and chrF (word order 0)', async () => {
  const io = captureIo(dir);
  await main(['chrf', '--hyp', 'hyp.txt', '--ref', 'ref.txt', '--ref', 'alt.txt', '--word-order', '0', '--format', 'json'], io);
  const out = JSON.parse(io.out);
  assert.equal(out.score, corpusChrf(hyps, [refs, alt], { wordOrder: 0 }).score);
  assert.match(out.signature, /^nrefs:2\|.*nw:0/);
});

test('sentence mode prints one score per line, rounded half-even in text', async () => {
  let io = captureIo(dir);
  await main(['chrf', '--hyp', 'hyp.txt', '--ref', 'ref.txt', '--sentence', '--format', 'json'], io);
  const out = JSON.parse(io.out) as { line: number; score: number }[];
  assert.deepEqual(out.map((o) => o.line), [1, 2, 3]);
  assert.equal(out[1].score, sentenceChrf(hyps[1], [refs[1]]).score);
  assert.equal(out[2].score, 0);
  io = captureIo(dir);
  await main(['chrf', '--hyp', 'hyp.txt', '--ref', 'ref.txt', '--sentence'], io);
  assert.match(io.out.split('\n')[0], /^chrF2\+\+ = \d+\.\d\d$/);
});

test('files of different lengths and bad options exit 2 with the reason', async () => {
  let io = captureIo(dir);
  assert.equal(await main(['chrf', '--hyp', 'hyp.txt', '--ref', 'short.txt'], io), 2);
  assert.match(io.err, /short\.txt has 2 lines but hyp\.txt has 3/);
  io = captureIo(dir);
  assert.equal(await main(['chrf', '--hyp', 'hyp.txt', '--ref', 'ref.txt', '--word-order', '1'], io), 2);
  io = captureIo(dir);
  assert.equal(await main(['chrf', '--ref', 'ref.txt'], io), 2);
  io = captureIo(dir);
  assert.equal(await main(['chrf', '--hyp', 'missing.txt', '--ref', 'ref.txt'], io), 2);
  assert.match(io.err, /missing\.txt/);
});
