import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import { chrfSignature, chrfWords, corpusChrf, sentenceChrf } from './chrf';
import { fromShared } from '../../test/helpers/paths';

interface SentenceCase { name: string; hyp: string; refs: string[]; chrf: number; chrf_pp: number }
interface CorpusCase { name: string; hyps: string[]; refs_streams: string[][]; chrf: number; chrf_pp: number }
const reference = JSON.parse(fs.readFileSync(fromShared('data', 'chrf-reference.json'), 'utf8')) as {
  meta: { chrf_signature: string; chrf_pp_signature: string };
  sentence_cases: SentenceCase[];
  corpus_cases: CorpusCase[];
};

for (const c of reference.sentence_cases) {
  test(`sentence ${c.name}: chrF and chrF++ equal sacrebleu's floats exactly`, () => {
    assert.equal(sentenceChrf(c.hyp, c.refs, { wordOrder: 0 }).score, c.chrf);
    assert.equal(sentenceChrf(c.hyp, c.refs, { wordOrder: 2 }).score, c.chrf_pp);
  });
}

for (const c of reference.corpus_cases) {
  test(`corpus ${c.name}: chrF and chrF++ equal sacrebleu's floats exactly`, () => {
    assert.equal(corpusChrf(c.hyps, c.refs_streams, { wordOrder: 0 }).score, c.chrf);
    assert.equal(corpusChrf(c.hyps, c.refs_streams, { wordOrder: 2 }).score, c.chrf_pp);
  });
}

test('signatures are sacrebleu’s', () => {
  assert.equal(chrfSignature({ wordOrder: 0 }), reference.meta.chrf_signature);
  assert.equal(chrfSignature({ wordOrder: 2 }), reference.meta.chrf_pp_signature);
  assert.equal(sentenceChrf('a', ['a', 'b']).signature.startsWith('nrefs:2|'), true);
});

test('one ASCII punctuation character is split per token, end first; other punctuation stays', () => {
  assert.deepEqual(chrfWords('(hi) hi!! «ɖe» !'), ['(hi', ')', 'hi!', '!', '«ɖe»', '!']);
  assert.deepEqual(chrfWords('a\u0085b\u001cc\ufeffd'), ['a', 'b', 'c\ufeffd']);
});

test('empty sides score 0, including both empty', () => {
  assert.equal(sentenceChrf('', ['abc']).score, 0);
  assert.equal(sentenceChrf('abc', ['']).score, 0);
  assert.equal(sentenceChrf(' ', [' ']).score, 0);
});

test('mismatched reference streams are refused', () => {
  assert.throws(() => corpusChrf(['a', 'b'], [['a']]), /1 segments for 2/);
});

test('segments with hundreds of distinct characters take the exact string path and still score', () => {
  const text = Array.from({ length: 500 }, (_, i) => String.fromCodePoint(0x4e00 + i)).join('');
  assert.equal(sentenceChrf(text, [text]).score, 100);
  const changed = text.slice(0, -1) + 'x';
  const score = sentenceChrf(changed, [text], { wordOrder: 0 }).score;
  assert.ok(score > 90 && score < 100, String(score));
});
