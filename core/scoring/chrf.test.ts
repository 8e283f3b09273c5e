import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import { chrfFromStatistics, chrfSignature, chrfStats, chrfWords, corpusChrf, sentenceChrf } from './chrf';
import { isPythonSpace } from '../python/whitespace';
import { fromRepo } from '../../test/helpers/paths';

interface SentenceCase {
  name: string;
  hyp: string;
  refs: string[];
  chrf: number;
  chrf_pp: number;
}
interface CorpusCase {
  name: string;
  hyps: string[];
  refs_streams: string[][];
  chrf: number;
  chrf_pp: number;
}
const reference = JSON.parse(fs.readFileSync(fromRepo('test-fixtures', 'scoring', 'chrf-reference.vectors.json'), 'utf8')) as {
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

/**
 * A deliberately plain oracle: n-grams spelled as strings of code points, counted in Maps, clipped per n-gram,
 * with the same multi-reference rule. The fast path must agree with it everywhere.
 */
function plainStats(hyp: string, refs: string[], charOrder: number, wordOrder: number): number[] {
  const chars = (s: string) => Array.from(s).filter((c) => !isPythonSpace(c.codePointAt(0)!));
  const grams = (items: string[], n: number) => {
    const counts = new Map<string, number>();
    for (let i = 0; i + n <= items.length; i++) {
      const key = items.slice(i, i + n).join('\u0000');
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
    return counts;
  };
  const total = (m: Map<string, number>) => [...m.values()].reduce((a, b) => a + b, 0);
  const pair = (ref: string) => {
    const stats: number[] = [];
    const side = (h: string[], r: string[], order: number) => {
      for (let n = 1; n <= order; n++) {
        const hg = grams(h, n);
        const rg = grams(r, n);
        let matches = 0;
        for (const [k, c] of hg) matches += Math.min(c, rg.get(k) ?? 0);
        stats.push(total(rg) > 0 ? total(hg) : 0, total(rg), matches);
      }
    };
    side(chars(hyp), chars(ref), charOrder);
    side(chrfWords(hyp), chrfWords(ref), wordOrder);
    return stats;
  };
  let best = new Array(3 * (charOrder + wordOrder)).fill(0);
  let bestF = -1;
  for (const ref of refs) {
    const stats = pair(ref);
    const f = chrfFromStatistics(stats, { charOrder, wordOrder });
    if (f > bestF) [best, bestF] = [stats, f];
  }
  return best;
}

/** Deterministic pseudo-random text over a small alphabet with spaces, punctuation, combining marks and an emoji. */
function randomText(seed: number, length: number, alphabet: string[]): string {
  let x = seed;
  let out = '';
  for (let i = 0; i < length; i++) {
    x = (Math.imul(x, 1103515245) + 12345) >>> 0;
    out += alphabet[(x >>> 8) % alphabet.length];
  }
  return out;
}

test('statistics equal a plain string-counting oracle on random text, every order and several references', () => {
  const alphabet = ['a', 'b', 'ɖ', 'ɛ', '\u0303', ' ', ' ', '.', '(', '!', '😀', '\u00a0', '\u0085'];
  for (let seed = 1; seed <= 300; seed++) {
    const hyp = randomText(seed, seed % 40, alphabet);
    const refs = [randomText(seed * 7 + 1, (seed * 3) % 45, alphabet), randomText(seed * 13 + 5, (seed * 5) % 30, alphabet)];
    for (const [charOrder, wordOrder] of [
      [6, 2],
      [6, 0],
      [3, 4],
    ]) {
      assert.deepEqual(
        chrfStats(hyp, refs, { charOrder, wordOrder }),
        plainStats(hyp, refs, charOrder, wordOrder),
        `seed ${seed} nc ${charOrder} nw ${wordOrder}`,
      );
    }
  }
});

test('references of equal F: the first one’s statistics are kept (strict >), and the corpus sums those', () => {
  // "ab" scores the same F against "aab" and "aa b", from different statistics (the word n-grams differ).
  const [one, two] = [chrfStats('ab', ['aab']), chrfStats('ab', ['aa b'])];
  assert.equal(chrfFromStatistics(one), chrfFromStatistics(two));
  assert.notDeepEqual(one, two);
  assert.deepEqual(chrfStats('ab', ['aab', 'aa b']), one);
  assert.deepEqual(chrfStats('ab', ['aa b', 'aab']), two);
  const hyps = ['ab', 'ab ab ab'];
  const [x, y] = [
    ['aab', 'ab ab ab'],
    ['aa b', 'ab ab ab'],
  ];
  assert.notEqual(corpusChrf(hyps, [x, y]).score, corpusChrf(hyps, [y, x]).score);
  assert.equal(corpusChrf(hyps, [x, y]).score, corpusChrf(hyps, [x]).score);
});

test('a corpus score is F over the summed winning statistics, not a mean of sentence scores', () => {
  const hyps = ['Ŋdi nyuie nɔvinye.', 'Devi la yi suku.', 'a'];
  const streams = [
    ['Ŋdi nyuie, nɔvinyewo.', 'Ɖevi la yi suku egbe.', 'abcdef'],
    ['Ŋdi nyuie.', 'Ɖevi la yi suku.', 'a b'],
  ];
  const sums = new Array(24).fill(0);
  hyps.forEach((h, i) =>
    chrfStats(
      h,
      streams.map((s) => s[i]),
    ).forEach((v, k) => (sums[k] += v)),
  );
  const corpus = corpusChrf(hyps, streams).score;
  assert.equal(corpus, chrfFromStatistics(sums));
  const mean =
    hyps.reduce(
      (acc, h, i) =>
        acc +
        sentenceChrf(
          h,
          streams.map((s) => s[i]),
        ).score,
      0,
    ) / hyps.length;
  assert.notEqual(corpus, mean);
});

test('an order the reference lacks zeroes the hypothesis count for that order too', () => {
  const stats = chrfStats('abcdef', ['ab'], { wordOrder: 0 });
  assert.deepEqual(stats.slice(0, 6), [6, 2, 2, 5, 1, 1]);
  assert.deepEqual(stats.slice(6), [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
});

test('an emoji outside the BMP is one character, a combining mark is its own', () => {
  assert.deepEqual(chrfStats('😀', ['😀'], { wordOrder: 0 }).slice(0, 6), [1, 1, 1, 0, 0, 0]);
  assert.deepEqual(chrfStats('e\u0303', ['e\u0303'], { wordOrder: 0 }).slice(0, 6), [2, 2, 2, 1, 1, 1]);
});

test('segments with hundreds of distinct characters take the exact string path and still score', () => {
  const text = Array.from({ length: 500 }, (_, i) => String.fromCodePoint(0x4e00 + i)).join('');
  assert.equal(sentenceChrf(text, [text]).score, 100);
  const changed = text.slice(0, -1) + 'x';
  const score = sentenceChrf(changed, [text], { wordOrder: 0 }).score;
  assert.ok(score > 90 && score < 100, String(score));
  assert.deepEqual(chrfStats(changed, [text, changed.slice(3)]), plainStats(changed, [text, changed.slice(3)], 6, 2));
});
