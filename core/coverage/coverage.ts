import type { LanguageProfile } from './profiles';
import { nasalKey } from './profiles';

/** Counts of what one string (or a sum of strings) exercises of an alphabet: plain JSON, for reports. */
export interface Coverage {
  letters: Record<string, number>;
  /** Capital occurrences per letter (a subset of `letters`, which counts both cases). */
  capitals: Record<string, number>;
  nasalVowels: Record<string, number>;
  toneMarks: Record<string, number>;
}

/** `carrier`: the base of a letter made with a mark when the base alone is no letter (Cree e of ê); not reported. */
type Kind = 'letters' | 'carrier' | 'nasalVowels' | 'toneMarks';

/**
 * A profile turned into integer tables: every countable thing (letter, nasal vowel, tone mark) has a slot, and
 * counting a string is array arithmetic. Letters are one code point, a base plus a mark (Cree â), or two
 * letters in a row (Ewe gb); the second letter of a digraph must itself be a letter of the alphabet.
 */
export class CompiledProfile {
  readonly slots: { key: string; kind: Kind }[] = [];
  /** BMP code point (either case) → letter slot, or -1; the few letters beyond the BMP in `astral`. */
  private readonly letterOf = new Int16Array(0x10000).fill(-1);
  private readonly astral = new Map<number, number>();
  private readonly capital = new Uint8Array(0x10000);
  private readonly letterCount: number;
  /** First letter slot × second letter slot → digraph slot, or -1. */
  private readonly digraphOf: Int16Array;
  /** Base letter slot → mark → slot of the letter they make together (Cree â). */
  private readonly marked = new Map<number, Map<number, number>>();
  /** Vowel letter slot → its nasal vowel slot, or -1. */
  private readonly nasalOf: Int16Array;
  private readonly tones = new Map<number, number>();
  /** Token buffer of `count`: slot, start, end, flags (1: capital, 2: a mark, not a letter) for each. */
  private readonly countBuffer = new Int32Array(TOKEN_BUFFER);

  constructor(readonly profile: LanguageProfile) {
    const slot = (key: string, kind: Kind) => this.slots.push({ key, kind }) - 1;
    for (const letter of profile.letters) slot(letter, 'letters');
    const parts = profile.letters.map((l) => Array.from(l.normalize('NFD'), (c) => c.codePointAt(0)!));
    parts.forEach((cps, index) => cps.length === 1 && this.addSingle(cps[0], index));
    for (const cps of parts) {
      if (cps.length === 2 && isMark(cps[1]) && this.letterAt(cps[0]) < 0) this.addSingle(cps[0], slot(String.fromCodePoint(cps[0]), 'carrier'));
    }
    this.letterCount = this.slots.length;
    this.digraphOf = new Int16Array(this.letterCount * this.letterCount).fill(-1);
    this.nasalOf = new Int16Array(this.letterCount).fill(-1);
    parts.forEach((cps, index) => {
      if (cps.length !== 2) return;
      const base = this.letterAt(cps[0]);
      if (base < 0) return;
      if (isMark(cps[1])) {
        if (!this.marked.has(base)) this.marked.set(base, new Map());
        this.marked.get(base)!.set(cps[1], index);
        return;
      }
      const second = this.letterAt(cps[1]);
      if (second >= 0) this.digraphOf[base * this.letterCount + second] = index;
    });
    for (const vowel of profile.nasalVowels) {
      const base = this.letterAt(vowel.codePointAt(0)!);
      if (base >= 0) this.nasalOf[base] = slot(nasalKey(vowel), 'nasalVowels');
    }
    for (const [mark, name] of Object.entries(profile.toneMarks)) this.tones.set(mark.codePointAt(0)!, slot(name, 'toneMarks'));
  }

  private addSingle(cp: number, index: number): void {
    const set = (c: number, isCapital: boolean) => {
      if (c > 0xffff) this.astral.set(c, isCapital ? -index - 2 : index);
      else {
        this.letterOf[c] = index;
        this.capital[c] = isCapital ? 1 : 0;
      }
    };
    set(cp, false);
    const up = Array.from(String.fromCodePoint(cp).toUpperCase());
    if (up.length === 1 && up[0].codePointAt(0) !== cp) set(up[0].codePointAt(0)!, true);
  }

  /** Letter slot of a code point, or -1 (astral capitals are stored as -slot - 2). */
  private letterAt(cp: number): number {
    if (cp <= 0xffff) return this.letterOf[cp];
    const v = this.astral.get(cp);
    return v === undefined ? -1 : v < -1 ? -v - 2 : v;
  }

  get size(): number {
    return this.slots.length;
  }

  /**
   * Adds the counts of one string to `counts` (and capital letters to `capitals`), working on the NFD form so
   * NFC and NFD input count the same. Returns nothing: callers sum several strings into one array.
   */
  count(text: string, counts: Int32Array, capitals: Int32Array): void {
    this.tokenize(text.normalize('NFD'), this.countBuffer, (tokens, n) => {
      for (let t = 0; t < n; t += 4) {
        counts[tokens[t]]++;
        if (tokens[t + 3] === 1) capitals[tokens[t]]++;
      }
    });
  }

  /**
   * Where each letter of `text` is, as indices into `text` itself (not its NFD form): a letter inside a
   * precomposed character (the e of é) spans that character, a digraph spans both letters. Same tokens as
   * `count`, which a test checks. Memory: one integer per NFD unit, plus a fixed token buffer.
   */
  letterSpans(text: string, onLetter: (slot: number, start: number, end: number) => void): void {
    // Decompose character by character, remembering where each NFD unit came from. Whole-string NFD may also
    // reorder marks; then the units differ and every letter is placed on the whole string instead.
    const parts: string[] = [];
    let from = new Int32Array(text.length + 8);
    let u = 0;
    // Characters that NFD leaves alone are copied by runs, not one string each.
    let runStart = 0;
    const room = (extra: number) => {
      if (u + extra <= from.length) return;
      const grown = new Int32Array(from.length * 2 + extra);
      grown.set(from);
      from = grown;
    };
    for (let i = 0; i < text.length;) {
      const width = text.codePointAt(i)! > 0xffff ? 2 : 1;
      const raw = width === 1 && text.charCodeAt(i) < 0xc0 ? undefined : text.slice(i, i + width);
      const decomposed = raw?.normalize('NFD');
      if (raw === undefined || decomposed === raw) {
        room(width);
        for (let k = 0; k < width; k++) from[u++] = i;
        i += width;
        continue;
      }
      if (runStart < i) parts.push(text.slice(runStart, i));
      parts.push(decomposed!);
      room(decomposed!.length);
      for (let k = 0; k < decomposed!.length; k++) from[u++] = i;
      i += width;
      runStart = i;
    }
    if (runStart < text.length) parts.push(text.slice(runStart));
    const units = parts.join('');
    const exact = units === text.normalize('NFD');
    const end = (unit: number) => from[unit] + (text.codePointAt(from[unit])! > 0xffff ? 2 : 1);
    // Its own buffer: the callback may count other strings, which reuses the count buffer.
    this.tokenize(units, new Int32Array(TOKEN_BUFFER), (tokens, n) => {
      for (let t = 0; t < n; t += 4) {
        if (tokens[t + 3] === 2 || this.slots[tokens[t]].kind !== 'letters') continue;
        if (exact) onLetter(tokens[t], from[tokens[t + 1]], end(tokens[t + 2] - 1));
        else onLetter(tokens[t], 0, text.length);
      }
    });
  }

  /**
   * The tokeniser behind both, over an NFD string. Tokens go into `tokens`, handed to `flush` each time the
   * buffer fills and once at the end, so memory does not grow with the string.
   * Letters are matched longest first (gb before g); a base takes a mark that makes a letter with it (Cree â);
   * other marks count as tone or, after a vowel, nasality. A letter is written once complete.
   */
  private tokenize(s: string, tokens: Int32Array, flush: (tokens: Int32Array, n: number) => void): void {
    // One character writes at most two tokens (8 ints), the end one more: flush before the buffer could overflow.
    const limit = tokens.length - 12;
    const letterOf = this.letterOf;
    const width = this.letterCount;
    let n = 0;
    let pending = -1; // letter slot of the last base, not yet written (it may start a digraph or take a mark)
    let pendingStart = 0;
    let pendingEnd = 0;
    let pendingCapital = 0;
    let base = -1; // slot of the single letter under the marks that follow, for nasal vowels
    for (let i = 0; i < s.length; i++) {
      if (n >= limit) {
        flush(tokens, n);
        n = 0;
      }
      const start = i;
      let cp = s.charCodeAt(i);
      let letter: number;
      let isCapital: number;
      if (cp >= 0xd800 && cp <= 0xdbff && i + 1 < s.length) {
        cp = s.codePointAt(i)!;
        if (cp > 0xffff) i++;
      }
      if (cp <= 0xffff) {
        letter = letterOf[cp];
        isCapital = this.capital[cp];
      } else {
        const v = this.astral.get(cp);
        letter = v === undefined ? -1 : v < -1 ? -v - 2 : v;
        isCapital = v !== undefined && v < -1 ? 1 : 0;
      }
      if (letter < 0 && isMark(cp)) {
        const combined = pending >= 0 ? this.marked.get(pending)?.get(cp) : undefined;
        if (combined !== undefined) {
          pending = combined;
          pendingEnd = i + 1;
          continue;
        }
        if (cp === 0x303 && base >= 0 && this.nasalOf[base] >= 0) {
          tokens[n++] = this.nasalOf[base];
          tokens[n++] = -1;
          tokens[n++] = -1;
          tokens[n++] = 2;
        }
        const tone = this.tones.get(cp);
        if (tone !== undefined) {
          tokens[n++] = tone;
          tokens[n++] = -1;
          tokens[n++] = -1;
          tokens[n++] = 2;
        }
        continue;
      }
      if (letter >= 0 && pending >= 0 && pending < width) {
        const digraph = this.digraphOf[pending * width + letter];
        if (digraph >= 0) {
          pending = digraph;
          pendingEnd = i + 1;
          base = letter;
          continue;
        }
      }
      if (pending >= 0) {
        tokens[n++] = pending;
        tokens[n++] = pendingStart;
        tokens[n++] = pendingEnd;
        tokens[n++] = pendingCapital;
      }
      pending = letter;
      base = letter;
      pendingStart = start;
      pendingEnd = i + 1;
      pendingCapital = isCapital;
    }
    if (pending >= 0) {
      tokens[n++] = pending;
      tokens[n++] = pendingStart;
      tokens[n++] = pendingEnd;
      tokens[n++] = pendingCapital;
    }
    flush(tokens, n);
  }

  toCoverage(counts: Int32Array, capitals: Int32Array): Coverage {
    const out: Coverage = { letters: {}, capitals: {}, nasalVowels: {}, toneMarks: {} };
    this.slots.forEach(({ key, kind }, i) => {
      if (kind === 'carrier') return;
      if (counts[i]) out[kind][key] = counts[i];
      if (capitals[i]) out.capitals[key] = capitals[i];
    });
    return out;
  }
}

/** A combining mark (Unicode category M); the common blocks are tested before the property lookup. */
export function isMark(cp: number): boolean {
  if (cp < 0x300) return false;
  if (cp <= 0x36f) return true;
  if ((cp >= 0x1ab0 && cp <= 0x1aff) || (cp >= 0x1dc0 && cp <= 0x1dff) || (cp >= 0x20d0 && cp <= 0x20ff) || (cp >= 0xfe20 && cp <= 0xfe2f)) return true;
  return /\p{M}/u.test(String.fromCodePoint(cp));
}

/** Ints in a token buffer (4 per token): 16 KB, whatever the length of the string. */
const TOKEN_BUFFER = 4096;

const compiled = new WeakMap<LanguageProfile, CompiledProfile>();

export function compile(profile: LanguageProfile): CompiledProfile {
  let c = compiled.get(profile);
  if (!c) compiled.set(profile, (c = new CompiledProfile(profile)));
  return c;
}

/**
 * Coverage of one string: letters with digraphs matched first (gb is one letter; a g alone is another),
 * letters made of a base and a mark (Cree â), nasal vowels and tone marks.
 */
export function coverageOf(text: string, profile: LanguageProfile): Coverage {
  const c = compile(profile);
  const counts = new Int32Array(c.size);
  const capitals = new Int32Array(c.size);
  c.count(text, counts, capitals);
  return c.toCoverage(counts, capitals);
}

/** Special letters that never occur. */
export function missingSpecialLetters(coverage: Coverage, profile: LanguageProfile): string[] {
  return profile.specialLetters.filter((l) => !coverage.letters[l]);
}
