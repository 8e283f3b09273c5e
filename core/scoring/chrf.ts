import { isPythonSpace } from '../python/whitespace';

/**
 * chrF and chrF++ exactly as sacrebleu 2.x computes them (CHRF with char_order=6, word_order 0 or 2, beta=2,
 * no eps smoothing, whitespace excluded). Statistics extraction is kept apart from the F-score, as sacrebleu
 * does, so corpus scores sum statistics and compute F once.
 */
export interface ChrfOptions {
  charOrder?: number;
  /** 0 gives chrF, 2 gives chrF++. */
  wordOrder?: number;
  beta?: number;
}

const SACREBLEU_VERSION = '2.6.0';
const DEFAULTS = { charOrder: 6, wordOrder: 2, beta: 2 };

function resolved(options: ChrfOptions = {}) {
  return { ...DEFAULTS, ...options };
}

/** sacrebleu's signature, so a reported score can be reproduced. */
export function chrfSignature(options: ChrfOptions = {}, nrefs = 1): string {
  const o = resolved(options);
  return `nrefs:${nrefs}|case:mixed|eff:yes|nc:${o.charOrder}|nw:${o.wordOrder}|space:no|version:${SACREBLEU_VERSION}`;
}

/**
 * Words for word n-grams: Python whitespace splits; a token longer than one code point loses one ASCII
 * punctuation character, at its end if it has one there, else at its start.
 */
export function chrfWords(sentence: string): string[] {
  const tokens: string[] = [];
  let start = -1;
  for (let i = 0; i <= sentence.length; i++) {
    // Every Python whitespace character is in the BMP, so code units suffice to find them.
    const space = i === sentence.length || isPythonSpace(sentence.charCodeAt(i));
    if (!space) {
      if (start < 0) start = i;
      continue;
    }
    if (start < 0) continue;
    const token = sentence.slice(start, i);
    start = -1;
    const single = token.length === 1 || (token.length === 2 && token.codePointAt(0)! > 0xffff);
    // ASCII characters are never halves of surrogate pairs, so the last and first code units can be tested as they are.
    if (single) tokens.push(token);
    else if (isAsciiPunctuation(token.charCodeAt(token.length - 1))) tokens.push(token.slice(0, -1), token.slice(-1));
    else if (isAsciiPunctuation(token.charCodeAt(0))) tokens.push(token.slice(0, 1), token.slice(1));
    else tokens.push(token);
  }
  return tokens;
}

/** `string.punctuation`: the only characters split off words. */
function isAsciiPunctuation(code: number): boolean {
  return (code >= 33 && code <= 47) || (code >= 58 && code <= 64) || (code >= 91 && code <= 96) || (code >= 123 && code <= 126);
}

/**
 * Symbols (code points, and words) of one segment replaced by small integers shared by the hypothesis and its
 * references, so an n-gram becomes one exact number and counting needs no strings. Code points go through a
 * table over all of Unicode (about 9 MB, allocated once) stamped per segment, much cheaper than a Map here.
 */
class Vocabulary {
  private static stamps = new Int32Array(0);
  private static table = new Int32Array(0);
  private static epoch = 0;
  private readonly words = new Map<string, number>();
  private next = 1;

  constructor() {
    if (Vocabulary.stamps.length === 0) {
      Vocabulary.stamps = new Int32Array(0x110000);
      Vocabulary.table = new Int32Array(0x110000);
    }
    Vocabulary.epoch++;
  }

  codePoint(cp: number): number {
    if (Vocabulary.stamps[cp] !== Vocabulary.epoch) {
      Vocabulary.stamps[cp] = Vocabulary.epoch;
      Vocabulary.table[cp] = this.next++;
    }
    return Vocabulary.table[cp];
  }

  word(word: string): number {
    let id = this.words.get(word);
    if (id === undefined) {
      id = this.next++;
      this.words.set(word, id);
    }
    return id;
  }

  get size(): number {
    return this.next - 1;
  }
}

function codePointIds(sentence: string, vocab: Vocabulary): number[] {
  const out: number[] = [];
  for (let i = 0; i < sentence.length; i++) {
    let cp = sentence.charCodeAt(i);
    if (cp >= 0xd800 && cp <= 0xdbff && i + 1 < sentence.length) {
      const low = sentence.charCodeAt(i + 1);
      if (low >= 0xdc00 && low <= 0xdfff) {
        cp = 0x10000 + ((cp - 0xd800) << 10) + (low - 0xdc00);
        i++;
      }
    }
    if (!isPythonSpace(cp)) out.push(vocab.codePoint(cp));
  }
  return out;
}

/**
 * A reusable open-addressing multiset of n-gram codes: the reference's n-grams go in with their counts, then
 * each hypothesis n-gram takes one out if any is left. Nothing is allocated per segment, which is what makes
 * corpus scoring fast.
 */
class CodeCounter {
  private keys = new Float64Array(1024);
  private counts = new Int32Array(1024);
  private stamps = new Int32Array(1024);
  private epoch = 0;
  /** 32 - log2(capacity): a multiplicative hash's best-mixed bits are its highest. */
  private shift = 22;

  /** Σ min(count in hyp, count in ref) over distinct n-grams, from the first `hypCount` / `refCount` codes. */
  clippedMatches(hyp: Float64Array, hypCount: number, ref: Float64Array, refCount: number): number {
    this.reset(refCount);
    for (let i = 0; i < refCount; i++) this.counts[this.slot(ref[i])]++;
    let matches = 0;
    for (let i = 0; i < hypCount; i++) {
      const slot = this.slot(hyp[i]);
      if (this.counts[slot] > 0) {
        this.counts[slot]--;
        matches++;
      }
    }
    return matches;
  }

  private reset(size: number): void {
    if (size * 2 > this.keys.length) {
      let capacity = this.keys.length;
      while (size * 2 > capacity) capacity *= 2;
      this.keys = new Float64Array(capacity);
      this.counts = new Int32Array(capacity);
      this.stamps = new Int32Array(capacity);
      this.shift = Math.clz32(capacity) + 1;
      this.epoch = 0;
    }
    this.epoch++;
  }

  /** The slot holding `code`, claimed (with count 0) if the code is not there yet. */
  private slot(code: number): number {
    const mask = this.keys.length - 1;
    let h = Math.imul((code >>> 0) ^ Math.imul(Math.floor(code / 4294967296), 0x85ebca6b), 0x9e3779b1) >>> this.shift;
    for (;;) {
      if (this.stamps[h] !== this.epoch) {
        this.stamps[h] = this.epoch;
        this.keys[h] = code;
        this.counts[h] = 0;
        return h;
      }
      if (this.keys[h] === code) return h;
      h = (h + 1) & mask;
    }
  }
}

/** The slow, exact path for n-grams whose base-B number would pass 2^53: spelled as strings. */
function clippedMatchesBySpelling(hyp: readonly number[], ref: readonly number[], n: number): number {
  const left = new Map<string, number>();
  for (let i = 0; i + n <= ref.length; i++) {
    const key = ref.slice(i, i + n).join(',');
    left.set(key, (left.get(key) ?? 0) + 1);
  }
  let matches = 0;
  for (let i = 0; i + n <= hyp.length; i++) {
    const key = hyp.slice(i, i + n).join(',');
    const count = left.get(key) ?? 0;
    if (count > 0) {
      left.set(key, count - 1);
      matches++;
    }
  }
  return matches;
}

/**
 * Scratch space reused by every segment: an n-gram's code is its symbols read as a base-B number (B above every
 * symbol id), so order n's codes come from order n-1's in place. Exact while B^n stays below 2^53.
 */
const counter = new CodeCounter();
let hypCodes = new Float64Array(256);
let refCodes = new Float64Array(256);

/**
 * Appends [hyp n-grams, ref n-grams, clipped matches] for orders 1..maxOrder of one symbol sequence (characters
 * or words). When the reference has no n-gram of an order, the hypothesis count is 0 too, as in sacrebleu.
 */
function appendOrderStatistics(stats: number[], hyp: readonly number[], ref: readonly number[], maxOrder: number, base: number): void {
  if (hypCodes.length < hyp.length) hypCodes = new Float64Array(hyp.length * 2);
  if (refCodes.length < ref.length) refCodes = new Float64Array(ref.length * 2);
  for (let i = 0; i < hyp.length; i++) hypCodes[i] = hyp[i];
  for (let i = 0; i < ref.length; i++) refCodes[i] = ref[i];
  let power = base;
  for (let n = 1; n <= maxOrder; n++) {
    const hypCount = Math.max(0, hyp.length - n + 1);
    const refCount = Math.max(0, ref.length - n + 1);
    let matches: number;
    if (power < Number.MAX_SAFE_INTEGER) {
      if (n > 1) {
        for (let i = 0; i < hypCount; i++) hypCodes[i] = hypCodes[i] * base + hyp[i + n - 1];
        for (let i = 0; i < refCount; i++) refCodes[i] = refCodes[i] * base + ref[i + n - 1];
      }
      matches = counter.clippedMatches(hypCodes, hypCount, refCodes, refCount);
    } else matches = clippedMatchesBySpelling(hyp, ref, n);
    stats.push(refCount > 0 ? hypCount : 0, refCount, matches);
    power *= base;
  }
}

interface Symbols {
  chars: number[];
  words: number[];
}

function symbols(sentence: string, vocab: Vocabulary, o: Required<ChrfOptions>): Symbols {
  return { chars: codePointIds(sentence, vocab), words: o.wordOrder > 0 ? chrfWords(sentence).map((w) => vocab.word(w)) : [] };
}

/** Statistics of one hypothesis against one reference: char orders, then word orders, 3 numbers each. */
function pairStatistics(hyp: Symbols, ref: Symbols, o: Required<ChrfOptions>, base: number): number[] {
  const stats: number[] = [];
  appendOrderStatistics(stats, hyp.chars, ref.chars, o.charOrder, base);
  appendOrderStatistics(stats, hyp.words, ref.words, o.wordOrder, base);
  return stats;
}

/** What `pairStatistics` gives for a sequence against itself. */
function identicalStatistics(sequence: Symbols, o: Required<ChrfOptions>): number[] {
  const stats: number[] = [];
  for (const [length, orders] of [
    [sequence.chars.length, o.charOrder],
    [sequence.words.length, o.wordOrder],
  ]) {
    for (let n = 1; n <= orders; n++) {
      const count = Math.max(0, length - n + 1);
      stats.push(count, count, count);
    }
  }
  return stats;
}

/** The F-score of summed statistics, with sacrebleu's order of operations (bit-identical floats). */
export function chrfFromStatistics(stats: ArrayLike<number>, options: ChrfOptions = {}): number {
  const o = resolved(options);
  const factor = o.beta ** 2;
  let avgPrec = 0;
  let avgRec = 0;
  let effectiveOrder = 0;
  for (let i = 0; i < o.charOrder + o.wordOrder; i++) {
    const nHyp = stats[3 * i];
    const nRef = stats[3 * i + 1];
    const nMatch = stats[3 * i + 2];
    if (nHyp > 0 && nRef > 0) {
      avgPrec += nMatch / nHyp;
      avgRec += nMatch / nRef;
      effectiveOrder++;
    }
  }
  if (effectiveOrder === 0) return 0;
  avgPrec /= effectiveOrder;
  avgRec /= effectiveOrder;
  if (avgPrec + avgRec === 0) return 0;
  let score = (1 + factor) * avgPrec * avgRec;
  score /= factor * avgPrec + avgRec;
  return 100 * score;
}

/**
 * One segment's statistics: [hyp n-grams, ref n-grams, clipped matches] per char order then word order, taken
 * from the reference with the best F (the first of equal bests, as sacrebleu's strict `>`). Corpus scores sum these.
 */
export function chrfStats(hypothesis: string, references: readonly string[], options: ChrfOptions = {}): number[] {
  const o = resolved(options);
  const vocab = new Vocabulary();
  const hyp = symbols(hypothesis, vocab, o);
  // A hypothesis equal to its one reference matches each of its n-grams: per order [count, count, count], no counting
  // (a model's answer, or a corpus's copied entry, often is its reference).
  if (references.length === 1 && references[0] === hypothesis) return identicalStatistics(hyp, o);
  const refs = references.map((r) => symbols(r, vocab, o));
  const base = vocab.size + 1;
  let best: number[] = new Array(3 * (o.charOrder + o.wordOrder)).fill(0);
  let bestF = -1;
  for (const ref of refs) {
    const stats = pairStatistics(hyp, ref, o, base);
    const f = chrfFromStatistics(stats, o);
    if (f > bestF) {
      bestF = f;
      best = stats;
    }
  }
  return best;
}

export interface ChrfScore {
  /** Unrounded, on the 0–100 scale, as sacrebleu's `.score`. */
  score: number;
  signature: string;
}

export function sentenceChrf(hypothesis: string, references: readonly string[], options: ChrfOptions = {}): ChrfScore {
  return { score: chrfFromStatistics(chrfStats(hypothesis, references, options), options), signature: chrfSignature(options, references.length) };
}

/**
 * Corpus-level score: each segment's winning statistics are summed and F is computed once. References come
 * as sacrebleu takes them: one array per reference stream, each as long as the hypotheses.
 */
export function corpusChrf(hypotheses: readonly string[], referenceStreams: readonly (readonly string[])[], options: ChrfOptions = {}): ChrfScore {
  for (const stream of referenceStreams) {
    if (stream.length !== hypotheses.length) throw new Error(`a reference stream has ${stream.length} segments for ${hypotheses.length} hypotheses`);
  }
  const o = resolved(options);
  const totals = new Array(3 * (o.charOrder + o.wordOrder)).fill(0);
  hypotheses.forEach((hyp, i) => {
    const stats = chrfStats(
      hyp,
      referenceStreams.map((s) => s[i]),
      o,
    );
    for (let k = 0; k < totals.length; k++) totals[k] += stats[k];
  });
  return { score: chrfFromStatistics(totals, o), signature: chrfSignature(options, referenceStreams.length) };
}
