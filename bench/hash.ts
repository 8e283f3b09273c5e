/**
 * Core's pure SHA-256 (core/hash/sha.ts) against node:crypto, on what the extension hashes: one test's canonical
 * JSON (an item hash, behind every lens), a prompt, and a whole corpus file (a run card's dataset hash).
 * Prints medians and the ratio pure / node:crypto measured in the same run (noisy on a loaded machine).
 */
import { createHash } from 'node:crypto';
import { sha256Hex } from '../core/hash/sha';
import { median, ratio, timeRuns } from './stats';

const us = (ms: number) => `${(ms * 1000).toFixed(1)} µs`;

const test = JSON.stringify({
  id: 'grammar_042',
  category: 'grammar',
  prompt: 'Ŋlɔ nya sia ɖe Eʋegbe me: "The child is eating rice." Ɖo eŋu kple nya ɖeka ko.',
  expected: ['Ɖevi la le mɔli ɖum.'],
  scoring: 'contains_any',
  difficulty: 'medium',
});
const corpus = new TextEncoder().encode(
  JSON.stringify({ entries: Array.from({ length: 20_000 }, (_, i) => ({ id: `e${i}`, source: 'The market opens at dawn.', target: 'Asi la ʋuna ŋdi.' })) }),
);
const cases: { name: string; input: string | Uint8Array; repeat: number }[] = [
  { name: `one test's JSON (${test.length} chars)`, input: test, repeat: 2000 },
  { name: 'a 4 KiB prompt', input: 'Ɖe nya sia gɔme. '.repeat(240), repeat: 500 },
  { name: `a corpus file (${(corpus.length / 1e6).toFixed(1)} MB)`, input: corpus, repeat: 1 },
];

const node = (input: string | Uint8Array) => createHash('sha256').update(input).digest('hex');
for (const { name, input, repeat } of cases) {
  if (sha256Hex(input) !== node(input)) throw new Error(`digests differ on ${name}`);
  const pure =
    median(
      timeRuns(15, () => {
        for (let i = 0; i < repeat; i++) sha256Hex(input);
      }),
    ) / repeat;
  const base =
    median(
      timeRuns(15, () => {
        for (let i = 0; i < repeat; i++) node(input);
      }),
    ) / repeat;
  console.log(`${name}: pure ${us(pure)}, node:crypto ${us(base)}, ratio ${ratio(pure, base)}`);
}
