import { isPythonSpace } from '../text/python';

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
 * references, so an n-gram becomes one exact number and counting becomes sorting. Code points go through a
 * table stamped per segment, which is much cheaper than a Map on this hot path.
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

type Codes = Float64Array | string[];

/**
 * N-gram codes of orders 1..maxOrder, in text order. While base^n stays below 2^53 an n-gram's base-B number is
 * exact and is built from the (n-1)-gram's; beyond that (never for real sentences) n-grams are spelled as strings.
 */
function ngramCodes(ids: readonly number[], maxOrder: number, base: number): Codes[] {
  const out: Codes[] = [];
  let previous: Float64Array | undefined;
  let power = 1;
  for (let n = 1; n <= maxOrder; n++) {
    const count = Math.max(0, ids.length - n + 1);
    power *= base;
    if (power < Number.MAX_SAFE_INTEGER) {
      const codes = new Float64Array(count);
      for (let i = 0; i < count; i++) codes[i] = previous ? previous[i] * base + ids[i + n - 1] : ids[i];
      previous = codes;
      out.push(codes);
    } else {
      const codes: string[] = [];
      for (let i = 0; i < count; i++) codes.push(ids.slice(i, i + n).join(','));
      out.push(codes);
    }
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

  /** Σ min(count in hyp, count in ref) over distinct n-grams. */
  clippedMatches(hyp: Float64Array, ref: Float64Array): number {
    this.reset(ref.length);
    for (let i = 0; i < ref.length; i++) this.counts[this.slot(ref[i])]++;
    let matches = 0;
    for (let i = 0; i < hyp.length; i++) {
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
      this.epoch = 0;
    }
    this.epoch++;
  }

  /** The slot holding `code`, claimed (with count 0) if the code is not there yet. */
  private slot(code: number): number {
    const mask = this.keys.length - 1;
    let h = Math.imul((code >>> 0) ^ Math.floor(code / 4294967296), 0x9e3779b1) >>> 0;
    for (;;) {
      h &= mask;
      if (this.stamps[h] !== this.epoch) {
        this.stamps[h] = this.epoch;
        this.keys[h] = code;
        this.counts[h] = 0;
        return h;
      }
      if (this.keys[h] === code) return h;
      h++;
    }
  }
}

const counter = new CodeCounter();

function clippedMatches(hyp: Codes, ref: Codes): number {
  if (hyp instanceof Float64Array && ref instanceof Float64Array) return counter.clippedMatches(hyp, ref);
  const left = new Map<string | number, number>();
  for (const code of ref) left.set(code, (left.get(code) ?? 0) + 1);
  let matches = 0;
  for (const code of hyp) {
    const n = left.get(code) ?? 0;
    if (n > 0) {
      left.set(code, n - 1);
      matches++;
    }
  }
  return matches;
}

interface Side {
  chars: Codes[];
  words: Codes[];
}

function prepare(sentence: string, vocab: Vocabulary, o: Required<ChrfOptions>): { chars: number[]; words: number[] } {
  return { chars: codePointIds(sentence, vocab), words: o.wordOrder > 0 ? chrfWords(sentence).map((w) => vocab.word(w)) : [] };
}

function encode(side: { chars: number[]; words: number[] }, o: Required<ChrfOptions>, base: number): Side {
  return { chars: ngramCodes(side.chars, o.charOrder, base), words: ngramCodes(side.words, o.wordOrder, base) };
}

/**
 * Statistics of one hypothesis against one reference: for each char order then word order, [hyp n-grams,
 * ref n-grams, clipped matches]. When the reference has no n-gram of an order, the hypothesis count is 0 too.
 */
function pairStatistics(hyp: Side, ref: Side): number[] {
  const stats: number[] = [];
  const order = (h: Codes, r: Codes) => stats.push(r.length > 0 ? h.length : 0, r.length, clippedMatches(h, r));
  hyp.chars.forEach((codes, i) => order(codes, ref.chars[i]));
  hyp.words.forEach((codes, i) => order(codes, ref.words[i]));
  return stats;
}

/** The F-score of summed statistics, with sacrebleu's order of operations (bit-identical floats). */
export function chrfFromStatistics(stats: readonly number[], options: ChrfOptions = {}): number {
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

/** Statistics of the best reference for one segment: the first with the highest F wins (strict `>`). */
export function segmentStatistics(hypothesis: string, references: readonly string[], options: ChrfOptions = {}): number[] {
  const o = resolved(options);
  const vocab = new Vocabulary();
  const hypIds = prepare(hypothesis, vocab, o);
  const refIds = references.map((r) => prepare(r, vocab, o));
  const base = vocab.size + 1;
  const hyp = encode(hypIds, o, base);
  let best: number[] = new Array(3 * (o.charOrder + o.wordOrder)).fill(0);
  let bestF = -1;
  for (const ref of refIds) {
    const stats = pairStatistics(hyp, encode(ref, o, base));
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
  return { score: chrfFromStatistics(segmentStatistics(hypothesis, references, options), options), signature: chrfSignature(options, references.length) };
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
    const stats = segmentStatistics(hyp, referenceStreams.map((s) => s[i]), o);
    for (let k = 0; k < totals.length; k++) totals[k] += stats[k];
  });
  return { score: chrfFromStatistics(totals, o), signature: chrfSignature(options, referenceStreams.length) };
}
