import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { run } from './chrf';
import { main } from '../main';
import { UsageError } from '../io';
import { captureIo } from '../../test/helpers/captureIo';
import { corpusChrf, sentenceChrf } from '../../core/scoring/chrf';
import { pyFixed } from '../../core/python/round';
import { referenceCorpusChrf, referenceSentenceChrf } from '../../core/scoring/chrfReference';
import { ISSUE_30_PROSE, fourHundredWords } from '../../test/helpers/chrfIssue30';
import { finishes, spawnCli } from '../../test/helpers/cliProcess';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ewb-chrf-cli-'));
const write = (name: string, text: string) => {
  fs.writeFileSync(path.join(dir, name), text);
  return name;
};
const hyps = ['Ŋdi nyuie nɔvinye.', 'Devi la yi suku.', ''];
const refs = ['Ŋdi nyuie, nɔvinyewo.', 'Ɖevi la yi suku egbe.', 'Akpe.'];
const alt = ['Ŋdi nyuie.', 'Ɖevi la yi suku.', 'Akpe kakaka.'];
write('hyp.txt', hyps.join('\n') + '\n');
write('ref.txt', refs.join('\n') + '\n');
write('alt.txt', alt.join('\n') + '\n');
write('short.txt', refs.slice(0, 2).join('\n') + '\n');
// No final newline and CRLF line ends: still three segments, the same ones.
write('ref-crlf.txt', refs.join('\r\n'));
const CHRF_PP_SIGNATURE = 'nrefs:1|case:mixed|eff:yes|nc:6|nw:2|space:no|version:2.6.0';

test('corpus text output names chrF2++, rounds half-even to 2 decimals and prints the signature', async () => {
  const io = captureIo(dir);
  assert.equal(await run(['--hyp', 'hyp.txt', '--ref', 'ref.txt'], io), 0);
  assert.equal(io.out, `chrF2++ = ${pyFixed(corpusChrf(hyps, [refs]).score, 2)}\n${CHRF_PP_SIGNATURE}\n`);
  assert.equal(io.err, '');
});

test('corpus json gives the unrounded score and sacrebleu’s signature', async () => {
  const io = captureIo(dir);
  assert.equal(await run(['--hyp', 'hyp.txt', '--ref', 'ref.txt', '--format', 'json'], io), 0);
  assert.deepEqual(JSON.parse(io.out), { score: corpusChrf(hyps, [refs]).score, signature: CHRF_PP_SIGNATURE });
});

test('several references and chrF (word order 0)', async () => {
  const io = captureIo(dir);
  assert.equal(await run(['--hyp', 'hyp.txt', '--ref', 'ref.txt', '--ref', 'alt.txt', '--word-order', '0', '--format', 'json'], io), 0);
  const out = JSON.parse(io.out);
  assert.equal(out.score, corpusChrf(hyps, [refs, alt], { wordOrder: 0 }).score);
  assert.equal(out.signature, 'nrefs:2|case:mixed|eff:yes|nc:6|nw:0|space:no|version:2.6.0');
  const text = captureIo(dir);
  await run(['--hyp', 'hyp.txt', '--ref', 'ref.txt', '--word-order=0'], text);
  assert.match(text.out, /^chrF2 = \d+\.\d\d\n.*\|nw:0\|/);
});

test('sentence mode gives one score per line: json unrounded with line numbers, text rounded', async () => {
  let io = captureIo(dir);
  await run(['--hyp', 'hyp.txt', '--ref', 'ref.txt', '--sentence', '--format', 'json'], io);
  const out = JSON.parse(io.out) as { line: number; score: number }[];
  assert.deepEqual(
    out,
    hyps.map((h, i) => ({ line: i + 1, score: sentenceChrf(h, [refs[i]]).score })),
  );
  assert.equal(out[2].score, 0);
  io = captureIo(dir);
  await run(['--hyp', 'hyp.txt', '--ref', 'ref.txt', '--sentence'], io);
  const lines = io.out.trimEnd().split('\n');
  assert.deepEqual(lines, [...hyps.map((h, i) => `chrF2++ = ${pyFixed(sentenceChrf(h, [refs[i]]).score, 2)}`), CHRF_PP_SIGNATURE]);
});

test('a last line without newline and CRLF line ends give the same segments', async () => {
  const [lf, crlf] = [captureIo(dir), captureIo(dir)];
  await run(['--hyp', 'hyp.txt', '--ref', 'ref.txt', '--sentence', '--format', 'json'], lf);
  assert.equal(await run(['--hyp', 'hyp.txt', '--ref', 'ref-crlf.txt', '--sentence', '--format', 'json'], crlf), 0);
  assert.equal(crlf.out, lf.out);
});

test('bad command lines are usage errors', async () => {
  const io = captureIo(dir);
  await assert.rejects(run(['--ref', 'ref.txt'], io), (e) => e instanceof UsageError && /--hyp/.test(e.message));
  await assert.rejects(run(['--hyp', 'hyp.txt'], io), (e) => e instanceof UsageError && /--ref/.test(e.message));
  for (const order of ['1', '', '02', ' 2']) {
    await assert.rejects(run(['--hyp', 'hyp.txt', '--ref', 'ref.txt', '--word-order', order], io), UsageError, `--word-order '${order}'`);
  }
  await assert.rejects(run(['--hyp', 'hyp.txt', '--ref', 'ref.txt', '--format', 'xml'], io), UsageError);
  await assert.rejects(run(['--hyp', 'hyp.txt', '--ref', 'ref.txt', 'extra'], io), UsageError);
});

test('files of different lengths and unreadable files exit 2 naming the files', async () => {
  let io = captureIo(dir);
  assert.equal(await main(['chrf', '--hyp', 'hyp.txt', '--ref', 'short.txt'], io), 2);
  assert.match(io.err, /short\.txt has 2 lines but hyp\.txt has 3/);
  assert.equal(io.out, '');
  io = captureIo(dir);
  assert.equal(await main(['chrf', '--hyp', 'missing.txt', '--ref', 'ref.txt'], io), 2);
  assert.match(io.err, /missing\.txt/);
  io = captureIo(dir);
  assert.equal(await main(['chrf', '--hyp', 'hyp.txt', '--ref', 'ref.txt', '--word-order', '1'], io), 2);
  assert.match(io.err, /--word-order/);
});

test('issue #30: a line far longer than its reference (400 random words against "x", 1,500 characters of prose against "Ŋdi nyuie.") is scored, as the plain twin scores it', async () => {
  const words = fourHundredWords();
  write('long-hyp.txt', `${words}\n${ISSUE_30_PROSE}\n`);
  write('short-ref.txt', 'x\nŊdi nyuie.\n');
  const io = captureIo(dir);
  assert.equal(await run(['--hyp', 'long-hyp.txt', '--ref', 'short-ref.txt', '--sentence', '--format', 'json'], io), 0, io.err);
  assert.deepEqual(JSON.parse(io.out), [
    { line: 1, score: referenceSentenceChrf(words, ['x']) },
    { line: 2, score: referenceSentenceChrf(ISSUE_30_PROSE, ['Ŋdi nyuie.']) },
  ]);
  const corpus = captureIo(dir);
  assert.equal(await run(['--hyp', 'long-hyp.txt', '--ref', 'short-ref.txt', '--format', 'json'], corpus), 0, corpus.err);
  assert.equal(JSON.parse(corpus.out).score, referenceCorpusChrf([words, ISSUE_30_PROSE], [['x', 'Ŋdi nyuie.']]));
});

test('issue #30 through the real CLI process: `chrf` on those lines exits 0 with the twin’s score (it used to run until killed)', async () => {
  const words = fourHundredWords();
  write('long-hyp.txt', `${words}\n${ISSUE_30_PROSE}\n`);
  write('short-ref.txt', 'x\nŊdi nyuie.\n');
  const cli = spawnCli(['chrf', '--hyp', 'long-hyp.txt', '--ref', 'short-ref.txt', '--format', 'json'], { cwd: dir });
  try {
    const { code } = await finishes(cli.exited, 'ewebench-studio chrf on the issue #30 lines');
    assert.equal(code, 0, cli.stderr);
    assert.equal(JSON.parse(cli.stdout).score, referenceCorpusChrf([words, ISSUE_30_PROSE], [['x', 'Ŋdi nyuie.']]));
  } finally {
    cli.child.kill();
  }
});
