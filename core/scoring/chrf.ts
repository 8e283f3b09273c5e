import { PYTHON_WHITESPACE, isPythonSpace } from '../python/whitespace';

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

/** Thrown if a probe ever wraps a whole table: the tables are sized so that this cannot happen. */
const FULL_TABLE = 'chrF: a table is full (a bug: every table is sized for at least twice what it holds)';

/** Work done so far, read by `chrfStatsWithWork`: table operations, and slots visited (dense lookups, hash probes). */
const work = { operations: 0, probes: 0 };

/** A running hash of a sequence of small integers (FNV-1a's step on whole ints). */
const HASH_SEED = 0x811c9dc5 | 0;
const mix = (hash: number, id: number) => Math.imul(hash ^ id, 0x01000193);

/**
 * Marks in the code point table, below every id: Python whitespace, and a high surrogate (whose code point depends
 * on the next code unit). A lone high surrogate has its id at LONE_HIGH + (unit - 0xd800), past Unicode.
 */
const SPACE = -1;
const HIGH_SURROGATE = -2;
const LONE_HIGH = 0x110000;

/**
 * Code point ids live on across segments while at most this many are given out: small enough that an alphabet's
 * ids keep order 2's directly indexed table small (see `orderStatistics`), large enough for most scripts.
 */
const CHAR_IDS_KEPT = 128;

/**
 * Symbols of one segment (a hypothesis and its references) as small integers: code points and words each get
 * dense ids 0, 1, 2… in order of first appearance, shared by the hypothesis and its references, so that an
 * n-gram is a chain of integers and counting needs no strings; code point ids are also kept for the next segments
 * while they are few (CHAR_IDS_KEPT). Code points go through a table over all of Unicode (about 4 MB, allocated
 * once) holding `base` + id for the code points that have one, much cheaper than a Map here; the same table marks
 * whitespace and high surrogates, so that a common character costs one read. A word is the run of its code points'
 * ids: it is found by its hash in an open-addressing table and told apart from others of the same hash by comparing
 * those runs, kept in `spellings`; no string is made.
 */
class Vocabulary {
  /** Code point (or LONE_HIGH + k) -> `base` + its id; from 0 to below `base`, no id yet; < 0, a mark. */
  table = new Int32Array(0);
  base = 1;
  /** Code point id -> 1 if it is ASCII punctuation (sacrebleu splits those off words). */
  punctuation = new Uint8Array(128);
  /**
   * Word slots [stamp, id] in the first `wordCapacity` pairs of `wordSlots`: at most half full, the capacity doubling
   * (the words re-inserted from their hashes) as words come, so that a segment's table stays as small as its words.
   */
  private wordSlots = new Int32Array(2 * 256);
  private wordCapacity = 256;
  private wordShift = 24;
  private wordEpoch = 0;
  /** Word id -> its hash, where its code point ids start in `spellings`, and how many. */
  private wordHash = new Int32Array(128);
  private wordStart = new Int32Array(128);
  private wordLength = new Int32Array(128);
  private spellings = new Int32Array(1024);
  private spelled = 0;
  /** How many code points have ids (ids 0..chars-1, kept from earlier segments), and words in this segment. */
  chars = 0;
  words = 0;

  /** Starts a segment whose texts have `codeUnits` UTF-16 code units in all (so at most that many code points and words). */
  begin(codeUnits: number): void {
    if (this.table.length === 0) this.clearTable();
    // Code point ids are kept from segment to segment (a corpus mostly shares one alphabet, and a code point's first
    // sight costs more than the others) until more than CHAR_IDS_KEPT are out, or the segment could need more ids than
    // `punctuation` holds: then they start over from 0, the old ones all falling below the new base. Before the base
    // could wrap, start over with a clean table.
    if (this.chars > CHAR_IDS_KEPT || this.chars + codeUnits > this.punctuation.length) {
      this.base += this.chars;
      this.chars = 0;
    }
    if (this.base + this.chars + codeUnits >= 0x7fffffff) this.clearTable();
    if (this.punctuation.length < codeUnits) this.punctuation = new Uint8Array(codeUnits * 2);
    if (this.wordStart.length < codeUnits) {
      this.wordHash = new Int32Array(codeUnits * 2);
      this.wordStart = new Int32Array(codeUnits * 2);
      this.wordLength = new Int32Array(codeUnits * 2);
    }
    if (this.spellings.length < codeUnits) this.spellings = new Int32Array(codeUnits * 2);
    this.spelled = 0;
    this.words = 0;
    this.sizeWordTable(256);
  }

  /** No code point has an id; whitespace and high surrogates marked. */
  private clearTable(): void {
    if (this.table.length === 0) this.table = new Int32Array(LONE_HIGH + 0x400);
    else this.table.fill(0);
    for (const code of PYTHON_WHITESPACE) this.table[code] = SPACE;
    this.table.fill(HIGH_SURROGATE, 0xd800, 0xdc00);
    this.base = 1;
    this.chars = 0;
  }

  /** Empties the word table to `capacity` slots (a power of two), then puts back the segment's words so far. */
  private sizeWordTable(capacity: number): void {
    if (this.wordSlots.length < 2 * capacity) {
      this.wordSlots = new Int32Array(2 * capacity);
      this.wordEpoch = 0;
    }
    this.wordCapacity = capacity;
    this.wordShift = Math.clz32(capacity) + 1;
    if (++this.wordEpoch === 0x7fffffff) {
      this.wordSlots.fill(0);
      this.wordEpoch = 1;
    }
    const slots = this.wordSlots;
    const mask = capacity - 1;
    for (let id = 0; id < this.words; id++) {
      let h = this.slotOf(this.wordHash[id]);
      // At most half full: an empty slot is found within `capacity` probes.
      for (let probe = 0; probe < capacity && slots[2 * h] === this.wordEpoch; probe++) h = (h + 1) & mask;
      slots[2 * h] = this.wordEpoch;
      slots[2 * h + 1] = id;
    }
  }

  private slotOf(hash: number): number {
    return Math.imul(hash ^ (hash >>> 16), 0x85ebca6b) >>> this.wordShift;
  }

  /** The id of the code point at `index` in the table (a code point, or LONE_HIGH + k), a new one if it has none yet. */
  codePoint(index: number): number {
    const id = this.table[index] - this.base;
    if (id >= 0) return id;
    this.table[index] = this.base + this.chars;
    this.punctuation[this.chars] = isAsciiPunctuation(index) ? 1 : 0;
    return this.chars++;
  }

  /** The id of the word spelled by `ids[start..start+length)`, whose running hash is `hash`. */
  word(ids: Int32Array, start: number, length: number, hash: number): number {
    if (this.words * 2 >= this.wordCapacity) this.sizeWordTable(this.wordCapacity * 2);
    const slots = this.wordSlots;
    const mask = this.wordCapacity - 1;
    let h = this.slotOf(hash);
    work.operations++;
    for (let probe = 0; probe < this.wordCapacity; probe++) {
      work.probes++;
      if (slots[2 * h] !== this.wordEpoch) {
        const id = this.words++;
        slots[2 * h] = this.wordEpoch;
        slots[2 * h + 1] = id;
        this.wordHash[id] = hash;
        this.wordStart[id] = this.spelled;
        this.wordLength[id] = length;
        const spellings = this.spellings;
        let to = this.spelled;
        for (let k = start; k < start + length; k++) spellings[to++] = ids[k];
        this.spelled = to;
        return id;
      }
      const id = slots[2 * h + 1];
      if (this.wordHash[id] === hash && this.wordLength[id] === length && this.sameSpelling(this.wordStart[id], ids, start, length)) return id;
      h = (h + 1) & mask;
    }
    throw new Error(FULL_TABLE);
  }

  private sameSpelling(from: number, ids: Int32Array, start: number, length: number): boolean {
    const spellings = this.spellings;
    for (let k = 0; k < length; k++) if (spellings[from + k] !== ids[start + k]) return false;
    return true;
  }
}

/** The table index of the high surrogate at `sentence[i]`: its pair's code point if a low surrogate follows, else its lone slot. */
function surrogateIndex(sentence: string, i: number): number {
  const high = sentence.charCodeAt(i);
  const low = i + 1 < sentence.length ? sentence.charCodeAt(i + 1) : 0;
  return low >= 0xdc00 && low <= 0xdfff ? 0x10000 + ((high - 0xd800) << 10) + (low - 0xdc00) : LONE_HIGH + (high - 0xd800);
}

/**
 * One side's symbols: `chars[0..charCount)` are its code points' ids without whitespace, `words[0..wordCount)` its
 * words' ids. A token (a run between Python whitespace) is a run of `chars`; sacrebleu's punctuation rule splits
 * it into at most two words, whose hashes are taken over their code point ids as they are read.
 */
class Side {
  chars = new Int32Array(128);
  charCount = 0;
  words = new Int32Array(128);
  wordCount = 0;

  read(sentence: string, vocab: Vocabulary, withWords: boolean): this {
    if (this.chars.length < sentence.length) this.chars = new Int32Array(sentence.length * 2);
    if (this.words.length < sentence.length) this.words = new Int32Array(sentence.length * 2);
    const chars = this.chars;
    const table = vocab.table;
    const base = vocab.base;
    const length = sentence.length;
    let count = 0;
    /** Where the token being read starts in `chars` (empty while it is `count`); its hash, and its hash less its last symbol. */
    let tokenStart = 0;
    let hash = HASH_SEED;
    let hashLessLast = HASH_SEED;
    this.wordCount = 0;
    for (let i = 0; i < length; i++) {
      // The common case, a code point of the BMP that has an id: one table read.
      const entry = table[sentence.charCodeAt(i)];
      let id: number;
      if (entry >= base) id = entry - base;
      else if (entry === SPACE) {
        if (count > tokenStart && withWords) this.endToken(vocab, tokenStart, count, hash, hashLessLast);
        tokenStart = count;
        hash = HASH_SEED;
        continue;
      } else if (entry === HIGH_SURROGATE) {
        const index = surrogateIndex(sentence, i);
        if (index < LONE_HIGH) i++;
        id = vocab.codePoint(index);
      } else id = vocab.codePoint(sentence.charCodeAt(i));
      chars[count++] = id;
      hashLessLast = hash;
      hash = mix(hash, id);
    }
    if (count > tokenStart && withWords) this.endToken(vocab, tokenStart, count, hash, hashLessLast);
    this.charCount = count;
    return this;
  }

  /**
   * sacrebleu's `_remove_punctuation` on one token `chars[start..end)`, whose hash is `hash` and `hashLessLast`
   * without its last symbol: one ASCII punctuation character split off, the last first.
   */
  private endToken(vocab: Vocabulary, start: number, end: number, hash: number, hashLessLast: number): void {
    const chars = this.chars;
    const words = this.words;
    const punctuation = vocab.punctuation;
    const length = end - start;
    if (length === 1) words[this.wordCount++] = vocab.word(chars, start, 1, hash);
    else if (punctuation[chars[end - 1]] === 1) {
      words[this.wordCount++] = vocab.word(chars, start, length - 1, hashLessLast);
      words[this.wordCount++] = vocab.word(chars, end - 1, 1, mix(HASH_SEED, chars[end - 1]));
    } else if (punctuation[chars[start]] === 1) {
      words[this.wordCount++] = vocab.word(chars, start, 1, mix(HASH_SEED, chars[start]));
      words[this.wordCount++] = vocab.word(chars, start + 1, length - 1, hashOf(chars, start + 1, end));
    } else words[this.wordCount++] = vocab.word(chars, start, length, hash);
  }
}

/** The running hash of the code point ids `ids[from..to)`: a word's hash. */
function hashOf(ids: Int32Array, from: number, to: number): number {
  let hash = HASH_SEED;
  for (let k = from; k < to; k++) hash = mix(hash, ids[k]);
  return hash;
}

/**
 * Open-addressing map from an (n-1)-gram id and a symbol to the id of their n-gram, for one order of one
 * reference, used when there are too many (prefix, symbol) pairs to index them directly. Only the reference's
 * n-grams are inserted (at most `maxSize`, in a table of at least twice that); the hypothesis only looks them up.
 * So the table is never more than half full and every probe loop ends at an empty slot; each is bounded by the
 * capacity all the same. Slots are 4 ints [prefix, symbol, id, stamp]; ids are 1, 2, 3…
 */
export class NgramTable {
  private slots = new Int32Array(4 * 1024);
  private capacity = 1024;
  private epoch = 0;
  /** 32 - log2(capacity): a multiplicative hash's best-mixed bits are its highest. */
  private shift = 22;
  /** Ids handed out since `reset`: 1..size. */
  size = 0;
  /** Slots visited by `intern` and `find` since the table was made: tests read it to check the work is linear. */
  probes = 0;

  /** Empties the table for at most `maxSize` insertions. */
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

  /** The id of (prefix, symbol), a new one (`size` after the call) if it was not there yet. */
  intern(prefix: number, symbol: number): number {
    const slots = this.slots;
    const mask = this.capacity - 1;
    let h = Math.imul(Math.imul(prefix, 0x9e3779b1) + symbol, 0x85ebca6b) >>> this.shift;
    for (let probe = 0; probe < this.capacity; probe++) {
      const at = 4 * h;
      this.probes++;
      if (slots[at + 3] !== this.epoch) {
        if (this.size * 2 >= this.capacity) break;
        slots[at] = prefix;
        slots[at + 1] = symbol;
        slots[at + 2] = ++this.size;
        slots[at + 3] = this.epoch;
        return this.size;
      }
      if (slots[at] === prefix && slots[at + 1] === symbol) return slots[at + 2];
      h = (h + 1) & mask;
    }
    throw new Error(FULL_TABLE);
  }

  /** The id of (prefix, symbol), or 0 if the reference has no such n-gram. Never inserts. */
  find(prefix: number, symbol: number): number {
    const slots = this.slots;
    const mask = this.capacity - 1;
    let h = Math.imul(Math.imul(prefix, 0x9e3779b1) + symbol, 0x85ebca6b) >>> this.shift;
    for (let probe = 0; probe < this.capacity; probe++) {
      const at = 4 * h;
      this.probes++;
      if (slots[at + 3] !== this.epoch) return 0;
      if (slots[at] === prefix && slots[at + 1] === symbol) return slots[at + 2];
      h = (h + 1) & mask;
    }
    throw new Error(FULL_TABLE);
  }
}

/**
 * Scratch space reused by every segment, so nothing is allocated per n-gram: `hypIds[i]` / `refIds[i]` hold the id
 * of the n-gram starting at i for the current order (0: the reference has no such n-gram), `hypLive` / `refLive`
 * the positions still able to match, `counts[id]` the reference's occurrences of id minus the hypothesis's (set
 * afresh by each order's reference pass), `multiplicity[id]` the reference's occurrences, `refAt[id]` one reference position of id,
 * `created[id]` where id sits in the dense table (to clear it after the order), `pairHyp` / `pairRef` the
 * positions locked together in an order, `extended[n]` the order-n matches of locked pairs.
 */
const ngramTable = new NgramTable();
let hypIdsScratch = new Int32Array(256);
let hypLiveScratch = new Int32Array(256);
let refIdsScratch = new Int32Array(256);
let refLiveScratch = new Int32Array(256);
let countsScratch = new Int32Array(256);
let multiplicityScratch = new Int32Array(256);
let refAtScratch = new Int32Array(256);
let createdScratch = new Int32Array(256);
let extendedScratch = new Int32Array(16);
let pairHypScratch = new Int32Array(256);
let pairRefScratch = new Int32Array(256);

/**
 * 1 if an n-gram found `multiplicity` times in the reference, whose count went down to `count` by one per occurrence
 * in the hypothesis, is locked: found once in each (1 and 0).
 */
function lockBit(multiplicity: number, count: number): number {
  return (((multiplicity ^ 1) - 1) >>> 31) & (1 - ((count | (0 - count)) >>> 31));
}

/**
 * A reference n-gram's count after one more occurrence: 1 if its id is `fresh` (1: given out just now, its entry
 * still holding an earlier order's count), else one more than `count`. So `counts` is never cleared between orders.
 */
function freshCount(count: number, fresh: number): number {
  return (count & (fresh - 1)) + 1;
}

/** Sizes the scratch space for the sides' lengths; ids run up to the reference's length or (order 1) the alphabet. */
function ensureScratch(hypLength: number, refLength: number, maxOrder: number, alphabet: number): void {
  if (hypIdsScratch.length < hypLength) {
    hypIdsScratch = new Int32Array(hypLength * 2);
    hypLiveScratch = new Int32Array(hypLength * 2);
    pairHypScratch = new Int32Array(hypLength * 2);
    pairRefScratch = new Int32Array(hypLength * 2);
  }
  if (refIdsScratch.length < refLength + 1) {
    refIdsScratch = new Int32Array(refLength * 2 + 1);
    refLiveScratch = new Int32Array(refLength * 2 + 1);
  }
  const ids = Math.max(refLength, alphabet) + 1;
  if (countsScratch.length < ids) {
    countsScratch = new Int32Array(ids * 2);
    multiplicityScratch = new Int32Array(ids * 2);
    refAtScratch = new Int32Array(ids * 2);
    createdScratch = new Int32Array(ids * 2);
  }
  if (extendedScratch.length < maxOrder + 2) extendedScratch = new Int32Array(maxOrder + 2);
}

/**
 * Above this many (prefix, symbol) keys an order uses the hash table; below, a directly indexed table (1 MB at
 * most) of ids, 0 where no reference n-gram is: every entry an order sets is cleared after it, so the table is all
 * zeros between orders and nothing is ever cleared wholesale.
 */
const DENSE_LIMIT = 1 << 18;
let denseScratch = new Int32Array(4096);

function denseTable(keys: number): Int32Array {
  if (denseScratch.length < keys) denseScratch = new Int32Array(Math.min(DENSE_LIMIT, Math.max(keys * 2, 4096)));
  return denseScratch;
}

/**
 * Writes [hyp n-grams, ref n-grams, clipped matches] for orders 1..maxOrder of one symbol sequence (characters
 * or words, ids 0..alphabet-1) into `stats` from `at`. When the reference has no n-gram of an order, the
 * hypothesis count is 0 too, as in sacrebleu.
 *
 * Order n's ids come from order n-1's in place: the n-gram at i is the pair (id of the (n-1)-gram at i, symbol
 * i+n-1), order 0 having the one id 1. Ids are given to the reference's n-grams only; a hypothesis n-gram the
 * reference lacks gets 0 and its position is dropped, since no longer n-gram starting there can match either; once
 * an order has no match, no higher order has one. Likewise a reference position whose n-gram the hypothesis lacks
 * is dropped. An n-gram found exactly once on each side locks its two positions together (see below): from then on
 * they are compared symbol by symbol, not looked up. So each order costs one table operation per live reference
 * n-gram and per live hypothesis n-gram, and the hypothesis never inserts. No loop over the positions branches on
 * the data: a match is `counts[id] > 0` read as a bit (id 0 never enters a match: its count is never above 0).
 * When the alphabet is small enough (almost always), order 1 needs no table at all (a 1-gram's id is its symbol +
 * 1, so it is only counted) and order 2's key is built from the two symbols directly.
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
  ensureScratch(hypLength, refLength, maxOrder, alphabet);
  // Locals, not the module's bindings, in the loops below: V8 keeps them in registers.
  const hypIds = hypIdsScratch;
  const hypLive = hypLiveScratch;
  const refIds = refIdsScratch;
  const refLive = refLiveScratch;
  const counts = countsScratch;
  const multiplicity = multiplicityScratch;
  const refAt = refAtScratch;
  const created = createdScratch;
  const extended = extendedScratch;
  const table = ngramTable;
  extended.fill(0, 0, maxOrder + 2);
  /**
   * The previous order's ids are 1..ids (order 0 has the one id 1, read as a constant); `hypLive[0..alive)` and
   * `refLive[0..refAlive)` the positions still able to match, ascending (order 1: all of them).
   */
  let ids = 1;
  let alive = hypLength;
  /** Order 1 without a table (a 1-gram's id is its symbol + 1), order 2 keyed on the symbols: the dense table holds it. */
  const direct = (alphabet + 1) * alphabet <= DENSE_LIMIT;
  let refAlive = refLength;
  /** The previous order's matches in the lists (order 0: one); none, and no longer n-gram there can match. */
  let listed = 1;
  for (let n = 1; n <= maxOrder; n++) {
    const hypCount = Math.max(0, hypLength - n + 1);
    const refCount = Math.max(0, refLength - n + 1);
    const last = n - 1;
    let matches = 0;
    if (hypCount > 0 && refCount > 0 && listed > 0) {
      /** Every reference position is still listed (`refLive` not written yet): position r is r. */
      const refDirect = n === 1 || (n === 2 && direct);
      const scanRef = refDirect ? refCount : refAlive;
      const scan = n === 1 ? hypCount : alive;
      let size = 0;
      let kept = 0;
      // Id 0, a hypothesis n-gram the reference lacks, only goes down: from 0 each order, it never counts as a match.
      counts[0] = 0;
      if (n === 1 && direct) {
        // A 1-gram's id is its symbol + 1, no table needed: only counted here; the second order reads the symbols.
        // Its counts start from zeros (those of earlier orders are left in place); no multiplicity: order 1 locks nothing.
        counts.fill(0, 0, alphabet + 1);
        for (let i = 0; i < refCount; i++) counts[ref[i] + 1]++;
        size = alphabet;
        for (let j = 0; j < hypCount; j++) {
          const id = hyp[j] + 1;
          const count = counts[id];
          counts[id] = count - 1;
          matches += (0 - count) >>> 31;
        }
        kept = hypCount;
      } else if (n === 2 && direct) {
        // The second order after a direct first: its key is (symbol + 1, next symbol), every position still listed.
        const dense = denseTable((alphabet + 1) * alphabet);
        for (let i = 0; i < refCount; i++) {
          const key = (ref[i] + 1) * alphabet + ref[i + 1];
          const old = dense[key];
          const fresh = (old - 1) >>> 31;
          const id = old + fresh * (size + 1);
          size += fresh;
          dense[key] = id;
          created[id] = key;
          const count = freshCount(counts[id], fresh);
          counts[id] = count;
          multiplicity[id] = count;
          refAt[id] = i;
          refIds[i] = id;
        }
        for (let j = 0; j < hypCount; j++) {
          const id = dense[(hyp[j] + 1) * alphabet + hyp[j + 1]];
          const count = counts[id];
          counts[id] = count - 1;
          matches += (0 - count) >>> 31;
          hypIds[j] = id;
          hypLive[kept] = j;
          kept += (0 - id) >>> 31;
        }
        for (let id = 1; id <= size; id++) dense[created[id]] = 0;
      } else if ((ids + 1) * alphabet <= DENSE_LIMIT) {
        // Few enough (prefix, symbol) keys to index them directly: no hashing, no probing, and no branch on the
        // data: a key seen for the first time (entry 0) gets the next id, `fresh` read as a bit.
        const dense = denseTable((ids + 1) * alphabet);
        for (let r = 0; r < scanRef; r++) {
          const i = refDirect ? r : refLive[r];
          if (i >= refCount) break;
          const key = (n === 1 ? 1 : refIds[i]) * alphabet + ref[i + last];
          const old = dense[key];
          const fresh = (old - 1) >>> 31;
          const id = old + fresh * (size + 1);
          size += fresh;
          dense[key] = id;
          created[id] = key;
          const count = freshCount(counts[id], fresh);
          counts[id] = count;
          multiplicity[id] = count;
          refAt[id] = i;
          refIds[i] = id;
        }
        if (n === 1) {
          for (let j = 0; j < hypCount; j++) {
            const id = dense[alphabet + hyp[j]];
            const count = counts[id];
            counts[id] = count - 1;
            matches += (0 - count) >>> 31;
            hypIds[j] = id;
            hypLive[kept] = j;
            kept += (0 - id) >>> 31;
          }
        } else {
          for (let k = 0; k < scan; k++) {
            const j = hypLive[k];
            if (j >= hypCount) break;
            const id = dense[hypIds[j] * alphabet + hyp[j + last]];
            const count = counts[id];
            counts[id] = count - 1;
            matches += (0 - count) >>> 31;
            hypIds[j] = id;
            hypLive[kept] = j;
            kept += (0 - id) >>> 31;
          }
        }
        for (let id = 1; id <= size; id++) dense[created[id]] = 0;
      } else {
        table.reset(refCount);
        for (let r = 0; r < scanRef; r++) {
          const i = refDirect ? r : refLive[r];
          if (i >= refCount) break;
          const before = table.size;
          const id = table.intern(n === 1 ? 1 : refIds[i], ref[i + last]);
          const count = freshCount(counts[id], (before - id) >>> 31);
          counts[id] = count;
          multiplicity[id] = count;
          refAt[id] = i;
          refIds[i] = id;
        }
        size = table.size;
        for (let k = 0; k < scan; k++) {
          const j = n === 1 ? k : hypLive[k];
          if (j >= hypCount) break;
          const id = table.find(n === 1 ? 1 : hypIds[j], hyp[j + last]);
          const count = counts[id];
          counts[id] = count - 1;
          matches += (0 - count) >>> 31;
          hypIds[j] = id;
          hypLive[kept] = j;
          kept += (0 - id) >>> 31;
        }
      }
      work.operations += scanRef + scan;
      work.probes += scanRef + scan;
      alive = kept;
      if (n < maxOrder && !(n === 1 && direct)) {
        // An n-gram found once in the reference (`multiplicity` 1) and once in the hypothesis (its count, down by one
        // per occurrence there, now 0) locks two positions together: a longer n-gram starting at either can only match the
        // one starting at the other. When such pairs are many enough to pay for a pass over the hypothesis list,
        // they leave both lists and are followed by comparing symbols, their matches at higher orders counted in
        // `extended`. A reference n-gram the hypothesis lacks (its count not down) leaves its list in any case. No branch on
        // the data: a position stays or goes as a bit. Locked pairs are matches, so locking can only pay when the matches
        // are a good part of the live positions (half: not so for a hypothesis far longer than its reference).
        const locking = matches > 0 && 2 * matches >= alive;
        if (locking) {
          const pairHyp = pairHypScratch;
          const pairRef = pairRefScratch;
          let pairs = 0;
          kept = 0;
          for (let k = 0; k < alive; k++) {
            const j = hypLive[k];
            const id = hypIds[j];
            const locked = lockBit(multiplicity[id], counts[id]);
            hypLive[kept] = j;
            kept += 1 - locked;
            pairHyp[pairs] = j;
            pairRef[pairs] = refAt[id];
            pairs += locked;
          }
          alive = kept;
          for (let p = 0; p < pairs; p++) {
            const j = pairHyp[p];
            const i = pairRef[p];
            // At most maxOrder - n steps: the (m+1)-grams at j and i are equal while every symbol so far is.
            const end = Math.min(maxOrder, hypLength - j, refLength - i);
            for (let m = n; m < end && hyp[j + m] === ref[i + m]; m++) extended[m + 1]++;
          }
        }
        const unlocked = locking ? 1 : 0;
        let refKept = 0;
        for (let r = 0; r < scanRef; r++) {
          const i = refDirect ? r : refLive[r];
          if (i >= refCount) break;
          const id = refIds[i];
          const count = counts[id];
          // Stays if the hypothesis has it (its count went down), unless it is locked (when locking).
          refLive[refKept] = i;
          refKept += ((count - multiplicity[id]) >>> 31) & (1 - (unlocked & lockBit(multiplicity[id], count)));
        }
        refAlive = refKept;
      }
      ids = size;
    }
    listed = matches;
    matches += extended[n];
    stats[at++] = refCount > 0 ? hypCount : 0;
    stats[at++] = refCount;
    stats[at++] = matches;
  }
}

/** The F-score of summed statistics, with sacrebleu's order of operations (bit-identical floats). */
export function chrfFromStatistics(stats: ArrayLike<number>, options: ChrfOptions = {}): number {
  const o = resolved(options);
  return fScore(stats, o.charOrder + o.wordOrder, o.beta);
}

function fScore(stats: ArrayLike<number>, orders: number, beta: number): number {
  const factor = beta ** 2;
  let avgPrec = 0;
  let avgRec = 0;
  let effectiveOrder = 0;
  for (let i = 0; i < orders; i++) {
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

const vocab = new Vocabulary();
const hypSide = new Side();
const refSide = new Side();
let pairScratch = new Float64Array(24);

/**
 * Writes one segment's statistics into `out` (length 3 * (charOrder + wordOrder)): those of the reference with
 * the best F, the first of equal bests (sacrebleu's strict `>`).
 */
function segmentStatistics(hypothesis: string, references: readonly string[], o: Required<ChrfOptions>, out: Float64Array): void {
  let codeUnits = hypothesis.length;
  for (const reference of references) codeUnits += reference.length;
  vocab.begin(codeUnits);
  const hyp = hypSide.read(hypothesis, vocab, o.wordOrder > 0);
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
  if (references.length === 1) {
    // One reference wins whatever its F: its statistics go straight into `out`.
    const ref = refSide.read(references[0], vocab, o.wordOrder > 0);
    orderStatistics(out, 0, hyp.chars, hyp.charCount, ref.chars, ref.charCount, o.charOrder, vocab.chars);
    orderStatistics(out, 3 * o.charOrder, hyp.words, hyp.wordCount, ref.words, ref.wordCount, o.wordOrder, vocab.words);
    return;
  }
  if (pairScratch.length < out.length) pairScratch = new Float64Array(out.length);
  const stats = pairScratch;
  let bestF = -1;
  for (const reference of references) {
    const ref = refSide.read(reference, vocab, o.wordOrder > 0);
    orderStatistics(stats, 0, hyp.chars, hyp.charCount, ref.chars, ref.charCount, o.charOrder, vocab.chars);
    orderStatistics(stats, 3 * o.charOrder, hyp.words, hyp.wordCount, ref.words, ref.wordCount, o.wordOrder, vocab.words);
    const f = fScore(stats, o.charOrder + o.wordOrder, o.beta);
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

/**
 * `chrfStats`, and the work it took: `operations` counts table operations (one per reference n-gram inserted, per
 * hypothesis n-gram looked up, per word interned), `probes` the table slots visited for them. Tests check both
 * against the input's length: the time is linear whatever the texts.
 */
export function chrfStatsWithWork(
  hypothesis: string,
  references: readonly string[],
  options: ChrfOptions = {},
): { stats: number[]; operations: number; probes: number } {
  const before = { operations: work.operations, probes: work.probes + ngramTable.probes };
  const stats = chrfStats(hypothesis, references, options);
  return { stats, operations: work.operations - before.operations, probes: work.probes + ngramTable.probes - before.probes };
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
