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
 * Symbols of one segment (a hypothesis and its references) as small integers: code points and words each get
 * dense ids 0, 1, 2… in order of first appearance, shared by the hypothesis and its references, so that an
 * n-gram is a chain of integers and counting needs no strings. Code points go through a table over all of
 * Unicode (about 9 MB, allocated once) stamped per segment, much cheaper than a Map here.
 */
class Vocabulary {
  private static stamps = new Int32Array(0);
  private static table = new Int32Array(0);
  private static epoch = 0;
  private readonly words = new Map<string, number>();
  /** How many distinct code points, then words, have ids. */
  chars = 0;
  wordCount = 0;

  constructor() {
    if (Vocabulary.stamps.length === 0) {
      Vocabulary.stamps = new Int32Array(0x110000);
      Vocabulary.table = new Int32Array(0x110000);
    }
    // 2^31 segments would wrap the stamp; start over with a clean table long before.
    if (++Vocabulary.epoch === 0x7fffffff) {
      Vocabulary.stamps.fill(0);
      Vocabulary.epoch = 1;
    }
  }

  codePoint(cp: number): number {
    if (Vocabulary.stamps[cp] !== Vocabulary.epoch) {
      Vocabulary.stamps[cp] = Vocabulary.epoch;
      Vocabulary.table[cp] = this.chars++;
    }
    return Vocabulary.table[cp];
  }

  word(word: string): number {
    let id = this.words.get(word);
    if (id === undefined) {
      id = this.wordCount++;
      this.words.set(word, id);
    }
    return id;
  }
}

/** One side's symbols: `chars[0..charCount)` are code point ids without whitespace, `words[0..wordCount)` word ids. */
class Side {
  chars = new Int32Array(128);
  charCount = 0;
  words = new Int32Array(32);
  wordCount = 0;

  read(sentence: string, vocab: Vocabulary, wordOrder: number): this {
    if (this.chars.length < sentence.length) this.chars = new Int32Array(sentence.length * 2);
    let count = 0;
    for (let i = 0; i < sentence.length; i++) {
      let cp = sentence.charCodeAt(i);
      if (cp >= 0xd800 && cp <= 0xdbff && i + 1 < sentence.length) {
        const low = sentence.charCodeAt(i + 1);
        if (low >= 0xdc00 && low <= 0xdfff) {
          cp = 0x10000 + ((cp - 0xd800) << 10) + (low - 0xdc00);
          i++;
        }
      }
      if (!isPythonSpace(cp)) this.chars[count++] = vocab.codePoint(cp);
    }
    this.charCount = count;
    this.wordCount = 0;
    if (wordOrder > 0) {
      const words = chrfWords(sentence);
      if (this.words.length < words.length) this.words = new Int32Array(words.length * 2);
      for (let i = 0; i < words.length; i++) this.words[i] = vocab.word(words[i]);
      this.wordCount = words.length;
    }
    return this;
  }
}

/** Thrown if a probe ever wraps a whole table: the tables are sized so that this cannot happen. */
const FULL_TABLE = 'chrF: an n-gram table is full (a bug: it is sized for twice the reference n-grams it holds)';

/**
 * Open-addressing map from an (n-1)-gram id and a symbol to the id of their n-gram, for one order of one
 * reference: only the reference's n-grams are inserted (at most `size`, in a table of at least twice that), the
 * hypothesis only looks them up, so the table is never more than half full and every probe loop ends at an
 * empty slot; each is bounded by the capacity all the same. Slots are 4 ints [prefix, symbol, id, stamp].
 */
class NgramTable {
  private slots = new Int32Array(4 * 1024);
  private capacity = 1024;
  private epoch = 0;
  /** 32 - log2(capacity): a multiplicative hash's best-mixed bits are its highest. */
  private shift = 22;
  /** Ids handed out since `reset`: 0, 1, 2… */
  size = 0;
  /** Slots visited by `intern` and `find` since the table was made; tests read it to check the work is linear. */
  probes = 0;

  reset(maxSize: number): void {
    if (maxSize * 2 > this.capacity) {
      let capacity = this.capacity;
      while (maxSize * 2 > capacity) capacity *= 2;
      this.slots = new Int32Array(4 * capacity);
      this.capacity = capacity;
      this.shift = Math.clz32(capacity) + 1;
      this.epoch = 0;
    }
    if (++this.epoch === 0x7fffffff) {
      this.slots.fill(0);
      this.epoch = 1;
    }
    this.size = 0;
  }

  /** The id of (prefix, symbol), a new one if it is not there yet. */
  intern(prefix: number, symbol: number): number {
    const slots = this.slots;
    const mask = this.capacity - 1;
    let h = Math.imul(Math.imul(prefix, 0x9e3779b1) + symbol, 0x85ebca6b) >>> this.shift;
    for (let probe = 0; probe < this.capacity; probe++) {
      const at = 4 * h;
      this.probes++;
      if (slots[at + 3] !== this.epoch) {
        slots[at] = prefix;
        slots[at + 1] = symbol;
        slots[at + 2] = this.size;
        slots[at + 3] = this.epoch;
        return this.size++;
      }
      if (slots[at] === prefix && slots[at + 1] === symbol) return slots[at + 2];
      h = (h + 1) & mask;
    }
    throw new Error(FULL_TABLE);
  }

  /** The id of (prefix, symbol), or -1 if the reference has no such n-gram. Never inserts. */
  find(prefix: number, symbol: number): number {
    const slots = this.slots;
    const mask = this.capacity - 1;
    let h = Math.imul(Math.imul(prefix, 0x9e3779b1) + symbol, 0x85ebca6b) >>> this.shift;
    for (let probe = 0; probe < this.capacity; probe++) {
      const at = 4 * h;
      this.probes++;
      if (slots[at + 3] !== this.epoch) return -1;
      if (slots[at] === prefix && slots[at + 1] === symbol) return slots[at + 2];
      h = (h + 1) & mask;
    }
    throw new Error(FULL_TABLE);
  }
}

/**
 * Scratch space reused by every segment, so nothing is allocated per n-gram: `hypIds[i]` / `refIds[i]` hold the id
 * of the n-gram starting at i for the current order (-1 once it cannot match: its prefix is absent on the other
 * side), `counts[id]` the reference's n-grams not yet matched, `seen[id]` whether the hypothesis has that n-gram.
 */
const ngramTable = new NgramTable();
let hypIdsScratch = new Int32Array(256);
let refIdsScratch = new Int32Array(256);
let countsScratch = new Int32Array(256);
let seenScratch = new Int32Array(256);
let seenEpoch = 0;

function ensureScratch(hypLength: number, refLength: number, alphabet: number): void {
  if (hypIdsScratch.length < hypLength) hypIdsScratch = new Int32Array(hypLength * 2);
  if (refIdsScratch.length < refLength) refIdsScratch = new Int32Array(refLength * 2);
  const ids = Math.max(refLength, alphabet);
  if (countsScratch.length < ids) {
    countsScratch = new Int32Array(ids * 2);
    seenScratch = new Int32Array(ids * 2);
    seenEpoch = 0;
  }
}

function nextSeenEpoch(): number {
  if (++seenEpoch === 0x7fffffff) {
    seenScratch.fill(0);
    seenEpoch = 1;
  }
  return seenEpoch;
}

/**
 * Above this many (prefix, symbol) pairs an order uses the hash table; below, a directly indexed table of
 * [stamp, id] pairs (2 MB at most), stamped per order so that nothing is cleared.
 */
const DENSE_LIMIT = 1 << 18;
let dense = new Int32Array(0);
let denseEpoch = 0;

function denseTable(keys: number): Int32Array {
  if (dense.length < 2 * keys) {
    dense = new Int32Array(2 * Math.min(DENSE_LIMIT, Math.max(keys * 2, 4096)));
    denseEpoch = 0;
  }
  return dense;
}

function nextDenseEpoch(): number {
  if (++denseEpoch === 0x7fffffff) {
    dense.fill(0);
    denseEpoch = 1;
  }
  return denseEpoch;
}

/**
 * Writes [hyp n-grams, ref n-grams, clipped matches] for orders 1..maxOrder of one symbol sequence (characters
 * or words) into `stats` from `at`. When the reference has no n-gram of an order, the hypothesis count is 0 too,
 * as in sacrebleu. Order n's ids come from order n-1's in place: the n-gram at i is (id of the (n-1)-gram at i,
 * symbol i+n-1). A hypothesis n-gram whose prefix the reference lacks cannot match (nor the reverse), so it is
 * dropped; each order costs one table operation per live n-gram, and nothing is ever inserted for the hypothesis.
 */
function orderStatistics(
  stats: Float64Array,
  at: number,
  hyp: Int32Array,
  hypLength: number,
  ref: Int32Array,
  refLength: number,
  maxOrder: number,
  alphabet: number,
): void {
  ensureScratch(hypLength, refLength, alphabet);
  // Locals, not the module's bindings, in the loops below: V8 keeps them in registers.
  const hypIds = hypIdsScratch;
  const refIds = refIdsScratch;
  const counts = countsScratch;
  const seen = seenScratch;
  const table = ngramTable;
  let liveHyp = 0;
  let liveRef = 0;
  /** Ids of the previous order are 0..idSpace-1 (order 1's are the symbols themselves). */
  let idSpace = alphabet;
  for (let n = 1; n <= maxOrder; n++) {
    const hypCount = Math.max(0, hypLength - n + 1);
    const refCount = Math.max(0, refLength - n + 1);
    let matches = 0;
    if (hypCount > 0 && refCount > 0 && (n === 1 || (liveHyp > 0 && liveRef > 0))) {
      const epoch = nextSeenEpoch();
      liveHyp = 0;
      liveRef = 0;
      if (n === 1) {
        // Order 1: a symbol is its own id; `seen` marks the reference's symbols first, so counts need no clearing.
        for (let i = 0; i < refLength; i++) counts[ref[i]] = 0;
        for (let i = 0; i < refLength; i++) {
          counts[ref[i]]++;
          refIds[i] = ref[i];
        }
        for (let i = 0; i < refLength; i++) seen[ref[i]] = -epoch;
        for (let j = 0; j < hypLength; j++) {
          const id = hyp[j];
          if (seen[id] === -epoch || seen[id] === epoch) {
            seen[id] = epoch;
            if (counts[id] > 0) {
              counts[id]--;
              matches++;
            }
            hypIds[j] = id;
            liveHyp++;
          } else hypIds[j] = -1;
        }
      } else if (idSpace * alphabet <= DENSE_LIMIT) {
        // Few enough (prefix, symbol) pairs to index them directly: no hashing, no probing.
        const dense = denseTable(idSpace * alphabet);
        const stamp = nextDenseEpoch();
        let size = 0;
        for (let i = 0; i < refCount; i++) {
          const prefix = refIds[i];
          if (prefix < 0) continue;
          const key = 2 * (prefix * alphabet + ref[i + n - 1]);
          let id: number;
          if (dense[key] === stamp) id = dense[key + 1];
          else {
            // Ids are handed out afresh per order: a new one's count starts at 0.
            dense[key] = stamp;
            dense[key + 1] = id = size++;
            counts[id] = 0;
          }
          counts[id]++;
          refIds[i] = id;
        }
        for (let j = 0; j < hypCount; j++) {
          const prefix = hypIds[j];
          if (prefix < 0) continue;
          const key = 2 * (prefix * alphabet + hyp[j + n - 1]);
          if (dense[key] !== stamp) {
            hypIds[j] = -1;
            continue;
          }
          const id = dense[key + 1];
          hypIds[j] = id;
          liveHyp++;
          seen[id] = epoch;
          if (counts[id] > 0) {
            counts[id]--;
            matches++;
          }
        }
        idSpace = size;
      } else {
        table.reset(refCount);
        for (let i = 0; i < refCount; i++) {
          const prefix = refIds[i];
          if (prefix < 0) continue;
          const fresh = table.size;
          const id = table.intern(prefix, ref[i + n - 1]);
          // Ids are handed out afresh per order: a new one's count starts at 0.
          if (id === fresh) counts[id] = 0;
          counts[id]++;
          refIds[i] = id;
        }
        for (let j = 0; j < hypCount; j++) {
          const prefix = hypIds[j];
          if (prefix < 0) continue;
          const id = table.find(prefix, hyp[j + n - 1]);
          hypIds[j] = id;
          if (id < 0) continue;
          liveHyp++;
          seen[id] = epoch;
          if (counts[id] > 0) {
            counts[id]--;
            matches++;
          }
        }
        idSpace = table.size;
      }
      // A reference n-gram the hypothesis lacks cannot be the prefix of a match at the next order.
      for (let i = 0; i < refCount; i++) {
        const id = refIds[i];
        if (id < 0) continue;
        if (seen[id] === epoch) liveRef++;
        else refIds[i] = -1;
      }
    }
    stats[at++] = refCount > 0 ? hypCount : 0;
    stats[at++] = refCount;
    stats[at++] = matches;
  }
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

const hypSide = new Side();
const refSide = new Side();
let pairScratch = new Float64Array(24);

/**
 * Writes one segment's statistics into `out` (length 3 * (charOrder + wordOrder)): those of the reference with
 * the best F, the first of equal bests (sacrebleu's strict `>`).
 */
function segmentStatistics(hypothesis: string, references: readonly string[], o: Required<ChrfOptions>, out: Float64Array): void {
  const vocab = new Vocabulary();
  const hyp = hypSide.read(hypothesis, vocab, o.wordOrder);
  out.fill(0);
  // A hypothesis equal to its one reference matches each of its n-grams: per order [count, count, count], no counting
  // (a model's answer, or a corpus's copied entry, often is its reference).
  if (references.length === 1 && references[0] === hypothesis) {
    let at = 0;
    for (const [length, orders] of [
      [hyp.charCount, o.charOrder],
      [hyp.wordCount, o.wordOrder],
    ]) {
      for (let n = 1; n <= orders; n++) {
        const count = Math.max(0, length - n + 1);
        out[at++] = count;
        out[at++] = count;
        out[at++] = count;
      }
    }
    return;
  }
  if (pairScratch.length < out.length) pairScratch = new Float64Array(out.length);
  const stats = pairScratch;
  let bestF = -1;
  for (const reference of references) {
    const ref = refSide.read(reference, vocab, o.wordOrder);
    orderStatistics(stats, 0, hyp.chars, hyp.charCount, ref.chars, ref.charCount, o.charOrder, vocab.chars);
    orderStatistics(stats, 3 * o.charOrder, hyp.words, hyp.wordCount, ref.words, ref.wordCount, o.wordOrder, vocab.wordCount);
    const f = chrfFromStatistics(stats, o);
    if (f > bestF) {
      bestF = f;
      out.set(stats.subarray(0, out.length));
    }
  }
}

/**
 * One segment's statistics: [hyp n-grams, ref n-grams, clipped matches] per char order then word order, taken
 * from the reference with the best F (the first of equal bests, as sacrebleu's strict `>`). Corpus scores sum these.
 */
export function chrfStats(hypothesis: string, references: readonly string[], options: ChrfOptions = {}): number[] {
  const o = resolved(options);
  const out = new Float64Array(3 * (o.charOrder + o.wordOrder));
  segmentStatistics(hypothesis, references, o, out);
  return Array.from(out);
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
  const totals = new Float64Array(3 * (o.charOrder + o.wordOrder));
  const stats = new Float64Array(totals.length);
  const references: string[] = new Array<string>(referenceStreams.length);
  for (let i = 0; i < hypotheses.length; i++) {
    for (let r = 0; r < referenceStreams.length; r++) references[r] = referenceStreams[r][i];
    segmentStatistics(hypotheses[i], references, o, stats);
    for (let k = 0; k < totals.length; k++) totals[k] += stats[k];
  }
  return { score: chrfFromStatistics(totals, o), signature: chrfSignature(options, referenceStreams.length) };
}
