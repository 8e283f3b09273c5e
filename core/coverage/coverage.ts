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

type Kind = 'letters' | 'nasalVowels' | 'toneMarks';

/**
 * A profile turned into integer tables: every countable thing (letter, nasal vowel, tone mark) has a slot, and
 * counting a string is array arithmetic. Letters are one code point, a base plus a mark (Cree â), or two
 * letters in a row (Ewe gb).
 */
export class CompiledProfile {
  readonly slots: { key: string; kind: Kind }[] = [];
  /** Lower- and upper-case code point → letter slot. */
  private readonly single = new Map<number, number>();
  private readonly upper = new Set<number>();
  /** First letter slot → second code point (lower case) → digraph slot. */
  private readonly digraphs = new Map<number, Map<number, number>>();
  /** Base letter slot → mark → slot of the letter they make together. */
  private readonly marked = new Map<number, Map<number, number>>();
  private readonly nasal = new Map<number, number>();
  private readonly tones = new Map<number, number>();

  constructor(readonly profile: LanguageProfile) {
    const slot = (key: string, kind: Kind) => this.slots.push({ key, kind }) - 1;
    const letterSlots = new Map<string, number>();
    for (const letter of profile.letters) letterSlots.set(letter, slot(letter, 'letters'));
    for (const [letter, index] of letterSlots) {
      const cps = Array.from(letter.normalize('NFD'));
      if (cps.length === 1) this.addSingle(cps[0], index);
    }
    for (const [letter, index] of letterSlots) {
      const cps = Array.from(letter.normalize('NFD'));
      if (cps.length !== 2) continue;
      const base = this.single.get(cps[0].codePointAt(0)!);
      if (base === undefined) continue;
      const second = cps[1].codePointAt(0)!;
      // A base and a combining mark (â = a + U+0302), or two letters (gb).
      const table = isMark(second) ? this.marked : this.digraphs;
      if (!table.has(base)) table.set(base, new Map());
      table.get(base)!.set(second, index);
    }
    for (const vowel of profile.nasalVowels) {
      const base = this.single.get(vowel.codePointAt(0)!);
      if (base !== undefined) this.nasal.set(base, slot(nasalKey(vowel), 'nasalVowels'));
    }
    for (const [mark, name] of Object.entries(profile.toneMarks)) this.tones.set(mark.codePointAt(0)!, slot(name, 'toneMarks'));
  }

  private addSingle(ch: string, index: number): void {
    this.single.set(ch.codePointAt(0)!, index);
    const up = ch.toUpperCase();
    if (up !== ch && Array.from(up).length === 1) {
      this.single.set(up.codePointAt(0)!, index);
      this.upper.add(up.codePointAt(0)!);
    }
  }

  get size(): number {
    return this.slots.length;
  }

  /**
   * Adds the counts of one string to `counts` (and capital letters to `capitals`), working on the NFD form so
   * NFC and NFD input count the same. Returns nothing: callers sum several strings into one array.
   */
  count(text: string, counts: Int32Array, capitals: Int32Array): void {
    const s = text.normalize('NFD');
    let pending = -1; // letter slot of the last base, not yet counted (it may start a digraph or take a mark)
    let pendingCapital = false;
    let base = -1; // letter slot of the current base, for nasal vowels
    const flush = () => {
      if (pending >= 0) {
        counts[pending]++;
        if (pendingCapital) capitals[pending]++;
      }
      pending = -1;
    };
    for (let i = 0; i < s.length; i++) {
      let cp = s.charCodeAt(i);
      if (cp >= 0xd800 && cp <= 0xdbff) {
        cp = s.codePointAt(i)!;
        if (cp > 0xffff) i++;
      }
      if (isMark(cp)) {
        const combined = pending >= 0 ? this.marked.get(pending)?.get(cp) : undefined;
        if (combined !== undefined) {
          pending = combined;
          continue;
        }
        if (cp === 0x303 && base >= 0) {
          const nasal = this.nasal.get(base);
          if (nasal !== undefined) counts[nasal]++;
        }
        const tone = this.tones.get(cp);
        if (tone !== undefined) counts[tone]++;
        continue;
      }
      const letter = this.single.get(cp);
      if (letter !== undefined && pending >= 0) {
        const lowerCp = this.upper.has(cp) ? this.profile.letters[letter].codePointAt(0)! : cp;
        const digraph = this.digraphs.get(pending)?.get(lowerCp);
        if (digraph !== undefined) {
          pending = digraph;
          base = letter;
          continue;
        }
      }
      flush();
      base = letter ?? -1;
      if (letter !== undefined) {
        pending = letter;
        pendingCapital = this.upper.has(cp);
      }
    }
    flush();
  }

  toCoverage(counts: Int32Array, capitals: Int32Array): Coverage {
    const out: Coverage = { letters: {}, capitals: {}, nasalVowels: {}, toneMarks: {} };
    this.slots.forEach(({ key, kind }, i) => {
      if (counts[i]) out[kind][key] = counts[i];
      if (capitals[i]) out.capitals[key] = capitals[i];
    });
    return out;
  }
}

function isMark(cp: number): boolean {
  if (cp < 0x300) return false;
  if (cp <= 0x36f) return true;
  if ((cp >= 0x1ab0 && cp <= 0x1aff) || (cp >= 0x1dc0 && cp <= 0x1dff) || (cp >= 0x20d0 && cp <= 0x20ff) || (cp >= 0xfe20 && cp <= 0xfe2f)) return true;
  return /\p{M}/u.test(String.fromCodePoint(cp));
}

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
