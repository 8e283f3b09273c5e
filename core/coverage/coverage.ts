import type { LanguageProfile } from './profiles';
import { nasalKey } from './profiles';

const MARK = /\p{M}/u;
const NASAL = '\u0303';

/** Counts of what one string (or a sum of strings) exercises of an alphabet. */
export interface Coverage {
  letters: Record<string, number>;
  /** Capital occurrences per letter (a subset of `letters`, which counts both cases). */
  capitals: Record<string, number>;
  nasalVowels: Record<string, number>;
  toneMarks: Record<string, number>;
}

export function emptyCoverage(): Coverage {
  return { letters: {}, capitals: {}, nasalVowels: {}, toneMarks: {} };
}

const bump = (map: Record<string, number>, key: string, n = 1) => {
  map[key] = (map[key] ?? 0) + n;
};

export function addCoverage(into: Coverage, from: Coverage): Coverage {
  for (const field of ['letters', 'capitals', 'nasalVowels', 'toneMarks'] as const) for (const [k, n] of Object.entries(from[field])) bump(into[field], k, n);
  return into;
}

interface Cluster {
  base: string;
  marks: string;
}

/** Base characters with the combining marks that follow them, from the NFD form (so é is e + acute). */
function clusters(text: string): Cluster[] {
  const out: Cluster[] = [];
  for (const ch of text.normalize('NFD')) {
    if (MARK.test(ch) && out.length) out[out.length - 1].marks += ch;
    else out.push({ base: ch, marks: '' });
  }
  return out;
}

/** Profiles are matched case-blind, but every profile keeps its own tables, so they are built once each. */
const tables = new WeakMap<LanguageProfile, { letters: Set<string>; digraphs: Set<string>; nasal: Set<string>; longest: number }>();
function tablesOf(profile: LanguageProfile) {
  let t = tables.get(profile);
  if (!t) {
    t = { letters: new Set(profile.letters), digraphs: new Set(profile.digraphs), nasal: new Set(profile.nasalVowels), longest: Math.max(1, ...profile.digraphs.map((d) => d.length)) };
    tables.set(profile, t);
  }
  return t;
}

/**
 * Coverage of one string: letters with digraphs matched first (gb is one letter; a g alone is another),
 * letters that are a base plus a mark in the profile (Cree â), nasal vowels and tone marks.
 */
export function coverageOf(text: string, profile: LanguageProfile): Coverage {
  const result = emptyCoverage();
  const t = tablesOf(profile);
  const cs = clusters(text);
  for (let i = 0; i < cs.length; i++) {
    const { base, marks } = cs[i];
    const lowerBase = base.toLowerCase();
    const isCapital = base !== lowerBase;
    // A digraph: consecutive unmarked bases (only the last may carry marks, as in kpɔ́ where ɔ is separate).
    let matched = false;
    for (let len = t.longest; len >= 2 && !matched; len--) {
      if (i + len > cs.length) continue;
      const parts = cs.slice(i, i + len);
      if (parts.slice(0, -1).some((p) => p.marks)) continue;
      const candidate = parts.map((p) => p.base).join('').toLowerCase();
      if (t.digraphs.has(candidate)) {
        bump(result.letters, candidate);
        if (isCapital) bump(result.capitals, candidate);
        countMarks(result, cs[i + len - 1], profile, t.nasal);
        i += len - 1;
        matched = true;
      }
    }
    if (matched) continue;
    const composed = (lowerBase + marks).normalize('NFC');
    if (marks && t.letters.has(composed)) {
      bump(result.letters, composed);
      if (isCapital) bump(result.capitals, composed);
      continue;
    }
    if (t.letters.has(lowerBase)) {
      bump(result.letters, lowerBase);
      if (isCapital) bump(result.capitals, lowerBase);
    }
    countMarks(result, cs[i], profile, t.nasal);
  }
  return result;
}

function countMarks(result: Coverage, cluster: Cluster, profile: LanguageProfile, nasal: Set<string>): void {
  for (const mark of cluster.marks) {
    if (mark === NASAL && nasal.has(cluster.base.toLowerCase())) bump(result.nasalVowels, nasalKey(cluster.base.toLowerCase()));
    const tone = profile.toneMarks[mark];
    if (tone) bump(result.toneMarks, tone);
  }
}

/** Special letters that never occur. */
export function missingSpecialLetters(coverage: Coverage, profile: LanguageProfile): string[] {
  return profile.specialLetters.filter((l) => !coverage.letters[l]);
}
