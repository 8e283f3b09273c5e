/**
 * Deterministic large inputs for the benchmarks: a Rosetta corpus in the spec's envelope and a ÈwéBench tests
 * file. A small linear congruential generator keeps them identical across runs and machines.
 */
export function rng(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 0x100000000;
  };
}

const SYLLABLES = [
  'a',
  'e',
  'ɛ',
  'o',
  'ɔ',
  'ɖe',
  'ƒo',
  'ŋu',
  'ɣe',
  'ʋu',
  'gbe',
  'kpɔ',
  'nyi',
  'dzo',
  'tsi',
  'le',
  'nye',
  'me',
  'wò',
  'mí',
  'ame',
  'dɔ',
  'si',
  'la',
  'ka',
];
const ENGLISH = ['the', 'child', 'goes', 'to', 'market', 'water', 'house', 'we', 'see', 'a', 'big', 'tree', 'near', 'river', 'today', 'my', 'mother', 'cooks'];
// A public corpus: the secret segments (gold_standard, held_out) never appear in shared files.
const SEGMENTS = ['development', 'diagnostic'];
const REGISTERS = ['conversational', 'formal', 'technical', 'ceremonial', 'educational'];
const CONTEXTS = ['greeting', 'declaration', 'question', 'instruction', 'narrative', 'label', 'error'];
const PROVENANCE = ['gold_standard', 'textbook', 'elicited', 'corpus'];

function pick<T>(random: () => number, list: readonly T[]): T {
  return list[Math.floor(random() * list.length)];
}

function eweSentence(random: () => number, targetLength: number): string {
  const words: string[] = [];
  let length = 0;
  while (length < targetLength) {
    const n = 1 + Math.floor(random() * 3);
    let word = '';
    for (let i = 0; i < n; i++) word += pick(random, SYLLABLES);
    words.push(word);
    length += word.length + 1;
  }
  const sentence = words.join(' ');
  return sentence[0].toUpperCase() + sentence.slice(1) + '.';
}

function englishSentence(random: () => number, words: number): string {
  const out: string[] = [];
  for (let i = 0; i < words; i++) out.push(pick(random, ENGLISH));
  return out.join(' ') + '.';
}

export function generateCorpus(entries: number, seed = 7): string {
  const random = rng(seed);
  const list = [];
  for (let id = 1; id <= entries; id++) {
    list.push({
      id,
      source: englishSentence(random, 6 + Math.floor(random() * 10)),
      reference: eweSentence(random, 60 + Math.floor(random() * 60)),
      segment: pick(random, SEGMENTS),
      difficulty: 1 + Math.floor(random() * 5),
      provenance: pick(random, PROVENANCE),
      register: pick(random, REGISTERS),
      context: pick(random, CONTEXTS),
      notes: random() < 0.2 ? englishSentence(random, 8) : undefined,
    });
  }
  const corpus = {
    dataset: {
      id: 'bench-ewe-v1',
      version: '1.0',
      language_pair: 'EN→EE',
      source_language: 'en',
      target_language: 'ee',
      created: '2026-11-01',
      license: 'CC-BY-4.0',
      provenance: PROVENANCE,
    },
    entries: list,
  };
  return JSON.stringify(corpus, null, 2) + '\n';
}

const METHODS = ['exact_match', 'keywords', 'multiple_choice', 'format', 'ewe_quality', 'composite'];

export function generateTests(count: number, seed = 11): string {
  const random = rng(seed);
  const tests = [];
  for (let i = 1; i <= count; i++) {
    const method = pick(random, METHODS);
    const test: Record<string, unknown> = {
      id: `bench_${String(i).padStart(4, '0')}`,
      prompt: eweSentence(random, 40 + Math.floor(random() * 80)),
      eval_method: method,
    };
    if (method === 'exact_match') test.expected = eweSentence(random, 10);
    if (method === 'multiple_choice') test.expected = pick(random, ['A', 'B', 'C', 'D']);
    if (method === 'keywords' || method === 'composite') test.expected_keywords = [pick(random, SYLLABLES) + pick(random, SYLLABLES), pick(random, SYLLABLES)];
    if (method === 'format' || method === 'composite') test.expected_format = { contains_ewe: true, min_length: 20 + Math.floor(random() * 80) };
    test.description = englishSentence(random, 8);
    tests.push(test);
  }
  return JSON.stringify(tests, null, 2) + '\n';
}
