import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { NgramTable, chrfStats, chrfStatsWithWork, corpusChrf, sentenceChrf, type ChrfOptions } from './chrf';
import { referenceChrfStats, referenceCorpusChrf, referenceSentenceChrf } from './chrfReference';
import { propertyRuns } from '../../test/helpers/property';
import { ISSUE_30_PROSE, fourHundredWords } from '../../test/helpers/chrfIssue30';

/**
 * The fast chrF++ (chrf.ts) against its plain twin (chrfReference.ts: Maps of n-gram strings, sacrebleu's steps):
 * the same statistics and the same float on any texts, at any length ratio, and work linear in the input.
 */

/** Pieces that stress the fast path: Ewe letters and tones, every kind of whitespace, punctuation, astral characters, lone surrogates. */
const PIECES = [
  ...Array.from('aeiouɖɛƒɣŋɔʋƉƐƑƔŊƆƲxyzkpgb'),
  '\u0300',
  '\u0301',
  '\u0303',
  ' ',
  ' ',
  ' ',
  '\t',
  '\n',
  '\r',
  '\u000b',
  '\u001c',
  '\u0085',
  '\u00a0',
  '\u1680',
  '\u2003',
  '\u2028',
  '\u202f',
  '\u3000',
  '\ufeff',
  '\u200b',
  ...Array.from('.,!?;:()"\'-«»…—'),
  '😀',
  '𝔸',
  '\u{1F1EC}',
  '\ud800',
  '\udfff',
  '\udc00\ud800',
];

/**
 * Deterministic text of `length` pieces drawn from the first `variety` PIECES, or (variety 0) from 3,000 CJK
 * ideographs, so that almost every n-gram is distinct: the case that used to fill the table.
 */
function text(seed: number, length: number, variety: number): string {
  let x = seed | 0;
  let out = '';
  for (let i = 0; i < length; i++) {
    x = (Math.imul(x, 1103515245) + 12345) | 0;
    const r = (x >>> 8) & 0xffffff;
    out += variety === 0 ? (r % 9 === 0 ? ' ' : String.fromCodePoint(0x4e00 + (r % 3000))) : PIECES[r % variety];
  }
  return out;
}

/** A noisy copy: most of `source` kept, some pieces changed, so that matches are many and clipping matters. */
function noisyCopy(source: string, seed: number, variety: number): string {
  const pieces = Array.from(source);
  let x = seed | 0;
  for (let i = 0; i < pieces.length; i++) {
    x = (Math.imul(x, 1103515245) + 12345) | 0;
    if (((x >>> 8) & 15) === 0) pieces[i] = text(x, 1, variety || PIECES.length);
  }
  return pieces.join('');
}

const ORDERS: Required<ChrfOptions>[] = [
  { charOrder: 6, wordOrder: 2, beta: 2 },
  { charOrder: 6, wordOrder: 0, beta: 2 },
  { charOrder: 3, wordOrder: 4, beta: 2 },
];

function assertSame(hyp: string, refs: string[], options: Required<ChrfOptions> = ORDERS[0]): void {
  assert.deepEqual(chrfStats(hyp, refs, options), referenceChrfStats(hyp, refs, options));
  assert.equal(sentenceChrf(hyp, refs, options).score, referenceSentenceChrf(hyp, refs, options));
}

const arbitraryVariety = fc.oneof(fc.constant(0), fc.integer({ min: 2, max: PIECES.length }));

test('short texts of any make-up: the same statistics and float as the plain twin, for chrF++, chrF and other orders, one or two references', () => {
  fc.assert(
    fc.property(
      fc.array(fc.constantFrom(...PIECES), { maxLength: 120 }).map((a) => a.join('')),
      fc.array(
        fc.array(fc.constantFrom(...PIECES), { maxLength: 120 }).map((a) => a.join('')),
        { minLength: 1, maxLength: 2 },
      ),
      fc.constantFrom(...ORDERS),
      (hyp, refs, options) => assertSame(hyp, refs, options),
    ),
    propertyRuns(300),
  );
});

test('pairs locked at any order, and hypotheses with more distinct characters than the reference is long: the same as the plain twin', () => {
  // The fast path follows an n-gram found once on each side symbol by symbol instead of looking it up, and gives a
  // 1-gram the id of its symbol: a reference's fragments shuffled, repeated or cut into a hypothesis (unique and
  // repeated n-grams side by side, runs ending at either text's end), and a short reference against hundreds of
  // distinct characters, exercise both. This runs before the long references below, while the scratch space is
  // still small, so that an id past its end would show.
  fc.assert(
    fc.property(
      fc.integer(),
      fc.integer({ min: 1, max: 60 }),
      arbitraryVariety,
      fc.array(fc.tuple(fc.nat(), fc.integer({ min: 1, max: 12 }), fc.integer({ min: 1, max: 3 })), { maxLength: 12 }),
      fc.integer({ min: 0, max: 600 }),
      fc.constantFrom(...ORDERS),
      (seed, r, variety, cuts, wide, options) => {
        const ref = text(seed, r, variety);
        const pieces = Array.from(ref);
        const hyp = cuts
          .map(([from, length, times]) =>
            pieces
              .slice(from % pieces.length, (from % pieces.length) + length)
              .join('')
              .repeat(times),
          )
          .join(variety % 2 === 0 ? '' : ' ');
        assertSame(hyp, [ref], options);
        assertSame(ref, [hyp], options);
        assertSame(text(seed ^ 0x1b873593, wide, 0) + hyp, [ref], options);
      },
    ),
    propertyRuns(80),
  );
});

test('every length ratio up to 10,000 characters a side (hyp empty, ref empty, 1:1, 1:50, 50:1, copies): the same as the plain twin', () => {
  // [hypothesis length, reference length] in pieces, for a long side of `long`.
  const ratios: ((long: number) => [number, number])[] = [
    () => [0, 200],
    () => [200, 0],
    (long) => [long, long],
    (long) => [Math.floor(long / 50), long],
    (long) => [long, Math.floor(long / 50)],
  ];
  fc.assert(
    fc.property(
      fc.integer({ min: 0, max: ratios.length - 1 }),
      fc.integer({ min: 1, max: 10_000 }),
      fc.integer(),
      arbitraryVariety,
      fc.boolean(),
      (ratio, long, seed, variety, copy) => {
        const [h, r] = ratios[ratio](long);
        const ref = text(seed, r, variety);
        // A hypothesis made from the reference shares most of its n-grams (clipping matters); a fresh one few.
        const hyp =
          copy && h > 0 && r > 0 ? noisyCopy(ref.repeat(Math.ceil(h / r)).slice(0, h), seed ^ 0x5bd1e995, variety) : text(seed ^ 0x27d4eb2f, h, variety);
        assertSame(hyp, [ref]);
        const { operations } = chrfStatsWithWork(hyp, [ref]);
        assert.ok(operations <= 9 * (hyp.length + ref.length), `${operations} table operations for ${hyp.length} + ${ref.length} code units`);
      },
    ),
    propertyRuns(10),
  );
});

test('a corpus of mixed pairs and two reference streams scores as the plain twin does', () => {
  fc.assert(
    fc.property(fc.integer(), fc.integer({ min: 1, max: 12 }), (seed, size) => {
      const refs = Array.from({ length: size }, (_, i) => text(seed + i, (seed + 7 * i) & 255, 2 + (((seed >>> 3) + i) % PIECES.length)));
      const alt = refs.map((r, i) => noisyCopy(r, seed - i, 0));
      const hyps = refs.map((r, i) => (i % 3 === 0 ? r : noisyCopy(r.repeat(1 + (i % 4)), seed * 31 + i, PIECES.length)));
      for (const options of ORDERS) assert.equal(corpusChrf(hyps, [refs, alt], options).score, referenceCorpusChrf(hyps, [refs, alt], options));
    }),
    propertyRuns(10),
  );
});

test('segments that share an alphabet, then outgrow the code point ids kept between segments, then share it again: each the same as the plain twin', () => {
  fc.assert(
    fc.property(fc.integer(), fc.array(fc.boolean(), { minLength: 2, maxLength: 10 }), (seed, large) => {
      // Every segment: all the pieces (Ewe letters, tones, whitespace, punctuation attached or not); a large one then
      // up to 300 CJK ideographs, more distinct code points than the ids kept between segments.
      const refs = large.map((isLarge, i) => text(seed + i, 60, PIECES.length) + (isLarge ? text(seed - i, 300, 0) : ''));
      const hyps = refs.map((ref, i) => noisyCopy(ref, seed * 7 + i, PIECES.length));
      for (let i = 0; i < refs.length; i++) assert.deepEqual(chrfStats(hyps[i], [refs[i]]), referenceChrfStats(hyps[i], [refs[i]]));
      assert.equal(corpusChrf(hyps, [refs]).score, referenceCorpusChrf(hyps, [refs]));
    }),
    propertyRuns(20),
  );
});

test('issue #30: 400 random words against "x", and 1,500 characters of prose against "Ŋdi nyuie.", score as the twin does (they used to never return)', () => {
  const words = fourHundredWords();
  assert.equal(words.length, 1521);
  assert.equal(ISSUE_30_PROSE.length, 1500);
  for (const [hyp, ref] of [
    [words, 'x'],
    [ISSUE_30_PROSE, 'Ŋdi nyuie.'],
  ]) {
    assertSame(hyp, [ref]);
    assertSame(ref, [hyp]);
    assert.equal(corpusChrf([hyp, ref], [[ref, hyp]]).score, referenceCorpusChrf([hyp, ref], [[ref, hyp]]));
    const { operations, probes } = chrfStatsWithWork(hyp, [ref]);
    assert.ok(operations <= 9 * (hyp.length + ref.length) && probes <= 4 * operations, `${operations} operations, ${probes} probes`);
  }
});

test('work is linear: table operations stay within (orders + 1) × input, and slots visited within 4 × operations, at every ratio', () => {
  for (const variety of [0, 8, PIECES.length]) {
    for (const [h, r] of [
      [10_000, 1],
      [1, 10_000],
      [10_000, 10_000],
      [10_000, 200],
      [200, 10_000],
    ]) {
      const hyp = text(h * 7 + variety, h, variety);
      const ref = text(r * 13 + variety, r, variety);
      const { operations, probes } = chrfStatsWithWork(hyp, [ref]);
      assert.ok(operations <= 9 * (hyp.length + ref.length), `variety ${variety}, ${h}:${r}: ${operations} operations`);
      assert.ok(probes <= 4 * operations, `variety ${variety}, ${h}:${r}: ${probes} probes for ${operations} operations`);
    }
  }
});

test('the hash table refuses to grow past half full instead of probing forever, and a lookup of an absent n-gram is 0', () => {
  const table = new NgramTable();
  table.reset(3);
  assert.equal(table.intern(1, 2), 1);
  assert.equal(table.intern(1, 3), 2);
  assert.equal(table.intern(1, 2), 1);
  assert.equal(table.find(1, 3), 2);
  assert.equal(table.find(2, 1), 0);
  // Sized for 3, it holds at most half its capacity (1,024 slots): the 513th distinct n-gram is an error, not a hang.
  assert.throws(() => {
    for (let symbol = 0; symbol < 2000; symbol++) table.intern(7, symbol);
  }, /table is full/);
  assert.equal(table.size, 512);
  // Every probe loop is bounded by the capacity: a miss on the half-full table visits at most that many slots.
  const before = table.probes;
  assert.equal(table.find(8, 0), 0);
  assert.ok(table.probes - before <= 1024);
});
