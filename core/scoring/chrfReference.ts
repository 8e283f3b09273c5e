import { PYTHON_WHITESPACE } from '../python/whitespace';

/**
 * The plain twin of `chrf.ts`: sacrebleu 2.x's CHRF (no eps smoothing, whitespace excluded, no lowercasing) read
 * step by step, with n-grams spelled as strings and counted in Maps, as sacrebleu's Counters do. It is slow on
 * purpose and kept only for tests and the bench (`bench/chrf.ts`), which check that the fast path gives the same
 * statistics and the same float everywhere. Nothing here shares code with the fast path but the whitespace table.
 */
export interface ReferenceChrfOptions {
  charOrder: number;
  wordOrder: number;
  beta: number;
}

const CHRF_PP: ReferenceChrfOptions = { charOrder: 6, wordOrder: 2, beta: 2 };
const WHITESPACE = new Set(PYTHON_WHITESPACE.map((code) => String.fromCharCode(code)));
/** Python's `string.punctuation`. */
const PUNCTUATION = new Set(Array.from('!"#$%&\'()*+,-./:;<=>?@[\\]^_`{|}~'));

/** A Python `str` as its sequence of code points (a lone surrogate is one code point, as in Python). */
function pyChars(s: string): string[] {
  return Array.from(s);
}

/** `s.split()`: runs of Python whitespace separate the tokens; none is empty. */
function pySplit(s: string): string[][] {
  const tokens: string[][] = [];
  let token: string[] = [];
  for (const c of pyChars(s)) {
    if (WHITESPACE.has(c)) {
      if (token.length > 0) tokens.push(token);
      token = [];
    } else token.push(c);
  }
  if (token.length > 0) tokens.push(token);
  return tokens;
}

/** `Counter(items)`. */
function counter(items: string[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const item of items) counts.set(item, (counts.get(item) ?? 0) + 1);
  return counts;
}

/** `extract_all_char_ngrams(s, max_order, include_whitespace=False)`: `''.join(s.split())`, then every n-gram. */
function charNgrams(s: string, maxOrder: number): Map<string, number>[] {
  const chars = pySplit(s).flat();
  const orders: Map<string, number>[] = [];
  for (let n = 1; n <= maxOrder; n++) {
    const grams: string[] = [];
    for (let i = 0; i < chars.length - n + 1; i++) grams.push(chars.slice(i, i + n).join(''));
    orders.push(counter(grams));
  }
  return orders;
}

/** `CHRF._remove_punctuation`: one ASCII punctuation character split off a token longer than one character, the last first. */
function removePunctuation(s: string): string[] {
  const out: string[] = [];
  for (const word of pySplit(s)) {
    if (word.length > 1 && PUNCTUATION.has(word[word.length - 1])) out.push(word.slice(0, -1).join(''), word[word.length - 1]);
    else if (word.length > 1 && PUNCTUATION.has(word[0])) out.push(word[0], word.slice(1).join(''));
    else out.push(word.join(''));
  }
  return out;
}

/** `extract_word_ngrams(tokens, n)`: n consecutive tokens joined by one space. */
function wordNgrams(tokens: string[], n: number): Map<string, number> {
  const grams: string[] = [];
  for (let i = 0; i < tokens.length - n + 1; i++) grams.push(tokens.slice(i, i + n).join(' '));
  return counter(grams);
}

function allNgrams(s: string, o: ReferenceChrfOptions): Map<string, number>[] {
  const orders = charNgrams(s, o.charOrder);
  if (o.wordOrder > 0) {
    const words = removePunctuation(s);
    for (let n = 1; n <= o.wordOrder; n++) orders.push(wordNgrams(words, n));
  }
  return orders;
}

const total = (counts: Map<string, number>) => [...counts.values()].reduce((a, b) => a + b, 0);

/** `CHRF._get_match_statistics`: per order [hyp count (0 when the reference has none), ref count, clipped matches]. */
function matchStatistics(hyp: Map<string, number>[], ref: Map<string, number>[]): number[] {
  const stats: number[] = [];
  for (let k = 0; k < hyp.length; k++) {
    let matches = 0;
    for (const [gram, count] of hyp[k]) {
      const other = ref[k].get(gram);
      if (other !== undefined) matches += Math.min(count, other);
    }
    const refCount = total(ref[k]);
    stats.push(refCount > 0 ? total(hyp[k]) : 0, refCount, matches);
  }
  return stats;
}

/** `CHRF._compute_f_score` without eps smoothing, in sacrebleu's order of operations. */
export function referenceChrfFromStatistics(stats: readonly number[], options: ReferenceChrfOptions = CHRF_PP): number {
  const factor = options.beta ** 2;
  let avgPrec = 0;
  let avgRec = 0;
  let effectiveOrder = 0;
  for (let i = 0; i < options.charOrder + options.wordOrder; i++) {
    const [nHyp, nRef, nMatch] = stats.slice(3 * i, 3 * i + 3);
    const prec = nHyp > 0 ? nMatch / nHyp : 1e-16;
    const rec = nRef > 0 ? nMatch / nRef : 1e-16;
    if (nHyp > 0 && nRef > 0) {
      avgPrec += prec;
      avgRec += rec;
      effectiveOrder += 1;
    }
  }
  if (effectiveOrder === 0) {
    avgPrec = 0;
    avgRec = 0;
  } else {
    avgPrec /= effectiveOrder;
    avgRec /= effectiveOrder;
  }
  if (avgPrec + avgRec) {
    let score = (1 + factor) * avgPrec * avgRec;
    score /= factor * avgPrec + avgRec;
    return 100 * score;
  }
  return 0;
}

/** `CHRF._compute_segment_statistics`: the statistics of the reference with the best F, the first of equals. */
export function referenceChrfStats(hypothesis: string, references: readonly string[], options: ReferenceChrfOptions = CHRF_PP): number[] {
  const hyp = allNgrams(hypothesis, options);
  let best: number[] = [];
  let bestF = -1;
  for (const reference of references) {
    const stats = matchStatistics(hyp, allNgrams(reference, options));
    const f = referenceChrfFromStatistics(stats, options);
    if (f > bestF) {
      bestF = f;
      best = stats;
    }
  }
  return best;
}

export function referenceSentenceChrf(hypothesis: string, references: readonly string[], options: ReferenceChrfOptions = CHRF_PP): number {
  return referenceChrfFromStatistics(referenceChrfStats(hypothesis, references, options), options);
}

/** `corpus_score`: each segment's statistics summed, F computed once. */
export function referenceCorpusChrf(
  hypotheses: readonly string[],
  referenceStreams: readonly (readonly string[])[],
  options: ReferenceChrfOptions = CHRF_PP,
): number {
  const totals = new Array<number>(3 * (options.charOrder + options.wordOrder)).fill(0);
  hypotheses.forEach((hyp, i) => {
    const stats = referenceChrfStats(
      hyp,
      referenceStreams.map((stream) => stream[i]),
      options,
    );
    stats.forEach((v, k) => (totals[k] += v));
  });
  return referenceChrfFromStatistics(totals, options);
}
