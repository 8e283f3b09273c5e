/**
 * The inputs of `bench/chrf.ts`, deterministic: the 10,000 synthetic Ewe pairs of the team's generator
 * gen_chrf_perf.py (a byte-identical TypeScript port), and a verbose set whose hypotheses are 10-50 times
 * longer than their references.
 */
import { PyRandom } from '../core/stats/pyRandom';

/** Python's `random.choice`: `seq[_randbelow(len(seq))]`, on core's `random.Random`. */
function choice<T>(rng: PyRandom, items: readonly T[]): T {
  return items[rng.randbelow(items.length)];
}

/** Python's `sorted()` on str compares code points; UTF-16 order differs only above the BMP, so compare code points. */
function byCodePoint(a: string, b: string): number {
  const x = Array.from(a, (c) => c.codePointAt(0)!);
  const y = Array.from(b, (c) => c.codePointAt(0)!);
  for (let i = 0; i < Math.min(x.length, y.length); i++) if (x[i] !== y[i]) return x[i] - y[i];
  return x.length - y.length;
}

export interface Pairs {
  hyps: string[];
  refs: string[];
}

/** gen_chrf_perf.py's text maker on `rng`: its vocabulary is drawn first, then sentences and noisy copies on demand. */
function eweText(rng: PyRandom) {
  const ONSETS = [
    '',
    'b',
    'd',
    'ɖ',
    'dz',
    'f',
    'ƒ',
    'g',
    'gb',
    'ɣ',
    'h',
    'k',
    'kp',
    'l',
    'm',
    'n',
    'ny',
    'ŋ',
    'p',
    's',
    't',
    'ts',
    'v',
    'ʋ',
    'w',
    'x',
    'y',
    'z',
    'Ɖ',
    'Ŋ',
    'Ʋ',
    'Ɛ',
    'Ɔ',
    'Ƒ',
    'Ɣ',
  ];
  const VOWELS = ['a', 'e', 'ɛ', 'i', 'o', 'ɔ', 'u', 'é', 'è', 'ã', 'ɛ̃', 'ɔ̃', 'ó', 'ò', 'ẽ', 'ĩ', 'ũ'];
  const PUNCT_END = ['.', '.', '.', '?', '!'];
  const EDIT_CHARS = Array.from('aeiouɖɛɔƒŋɣʋ');
  const len = (s: string) => Array.from(s).length;

  const word = () => {
    let w = '';
    for (let syllables = rng.randint(1, 3); syllables > 0; syllables--) w += choice(rng, ONSETS) + choice(rng, VOWELS);
    return w;
  };
  const vocabSet = new Set<string>();
  for (let i = 0; i < 3000; i++) vocabSet.add(word());
  const VOCAB = [...vocabSet].sort(byCodePoint);

  const sentence = (target = 100) => {
    const ws: string[] = [];
    let n = 0;
    while (n < target - 4) {
      let w = choice(rng, VOCAB);
      if (rng.random() < 0.08) w += ',';
      ws.push(w);
      n += len(w) + 1;
    }
    return ws.join(' ') + choice(rng, PUNCT_END);
  };

  const noisy = (ref: string) => {
    const out: string[] = [];
    for (let w of ref.split(' ')) {
      const r = rng.random();
      if (r < 0.1) continue;
      if (r < 0.2) w = choice(rng, VOCAB);
      else if (r < 0.28 && len(w) > 1) {
        const chars = Array.from(w);
        const i = rng.randbelow(chars.length);
        w = chars.slice(0, i).join('') + choice(rng, EDIT_CHARS) + chars.slice(i + 1).join('');
      }
      out.push(w);
      if (rng.random() < 0.05) out.push(choice(rng, VOCAB));
    }
    return out.join(' ');
  };

  return { sentence, noisy, len };
}

/** The same (hyps, refs) lines as gen_chrf_perf.py: same draws in the same order, lengths in code points. */
export function generatePairs(): Pairs {
  const { sentence, noisy } = eweText(new PyRandom(20240601));
  const refs = Array.from({ length: 10000 }, () => sentence());
  const hyps = refs.map(noisy);
  return { hyps, refs };
}

/**
 * Verbose-model pairs: each reference is one sentence of about 100 characters, as above; its hypothesis opens with a
 * noisy copy of it and goes on (more noisy copies one time in four, other sentences otherwise) and is cut at exactly k
 * times its length in code points, k drawn uniformly from 10..50 per pair. Ours, not gen_chrf_perf.py's; seeded, so always the same bytes.
 */
export function generateVerbosePairs(count = 1000): Pairs & { ratios: number[] } {
  const rng = new PyRandom(20261128);
  const { sentence, noisy, len } = eweText(rng);
  const refs: string[] = [];
  const hyps: string[] = [];
  const ratios: number[] = [];
  for (let i = 0; i < count; i++) {
    const ref = sentence();
    const target = rng.randint(10, 50) * len(ref);
    const parts = [noisy(ref)];
    let length = len(parts[0]);
    while (length < target) {
      const part = rng.random() < 0.25 ? noisy(ref) : sentence();
      parts.push(part);
      length += len(part) + 1;
    }
    // Cut to exactly k times the reference (in code points), as a model stopped by its token limit would be.
    const hyp = Array.from(parts.join(' ')).slice(0, target).join('');
    refs.push(ref);
    hyps.push(hyp);
    ratios.push(len(hyp) / len(ref));
  }
  return { hyps, refs, ratios };
}
