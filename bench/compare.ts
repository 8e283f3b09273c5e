/**
 * Compare of two 20,000-entry corpus runs with 1,000 resamples (issue #20's target: ≤ 2 s): the per-item deltas,
 * the response diffs and the paired bootstrap of corpus chrF++, exact match and composite, as `ewebench-studio
 * compare` runs them. Printed beside a baseline measured in the same run: one pass of sentence chrF++ over the
 * corpus (what scoring one run costs). Deterministic inputs: Ewe-like sentences drawn with Python's
 * `random.Random(2026)` (core/stats), system B a damaged copy of A's answers, 1 in 50 of B's calls failed.
 *
 * `npm run bench:compare`; BENCH_ENTRIES and BENCH_RESAMPLES change the sizes, BENCH_RUNS the timed runs (3).
 */
import { compareRuns } from '../core/compare/compare';
import type { Run, RunItem } from '../core/runs/types';
import { emptyFigures } from '../core/runs/read';
import { sentenceChrf } from '../core/scoring/chrf';
import { harnessExactMatch } from '../core/scoring/rosetta/metrics';
import { PyRandom } from '../core/stats/pyRandom';
import { fmt, median, ratio } from './stats';

const ENTRIES = Number(process.env.BENCH_ENTRIES ?? 20_000);
const RESAMPLES = Number(process.env.BENCH_RESAMPLES ?? 1_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const TARGET_MS = 2000;

const WORDS = [
  'ɖevi',
  'la',
  'yi',
  'suku',
  'egbe',
  'meɖe',
  'kuku',
  'tsi',
  'nye',
  'agbe',
  'ŋdi',
  'na',
  'wò',
  'akpe',
  'míele',
  'asime',
  'danye',
  'le',
  'nu',
  'ɖam',
  'ati',
  'ɖeka',
  'ave',
  'nunya',
];
const rng = new PyRandom(2026);
const sentence = (n: number) => Array.from({ length: n }, () => WORDS[rng.randbelow(WORDS.length)]).join(' ') + '.';

function damaged(text: string): string {
  const words = text.split(' ');
  if (rng.randbelow(3) === 0) return text;
  words[rng.randbelow(words.length)] = WORDS[rng.randbelow(WORDS.length)];
  return words.join(' ');
}

function runOf(model: string, references: string[], answers: (string | null)[]): Run {
  const items: RunItem[] = references.map((reference, i) => {
    const response = answers[i];
    const chrf = response === null ? null : sentenceChrf(response, [reference]).score;
    const exact = response === null ? null : harnessExactMatch(response, reference);
    return {
      key: String(i + 1),
      id: String(i + 1),
      numericId: true,
      group: '',
      method: null,
      tier: String(1 + (i % 5)),
      segment: null,
      repeat: 0,
      score: chrf === null ? null : chrf / 100,
      passed: exact,
      response,
      responseComplete: response !== null,
      reference,
      source: null,
      chrf,
      exactMatch: exact,
      error: response === null ? 'timeout after 60 s' : null,
      latencySeconds: 1,
      costUsd: null,
    };
  });
  const none = { temperature: null, maxTokens: null, batchSize: null, promptVersion: null, condition: null, systemPromptSha256: null, endpoint: null };
  return {
    kind: 'rosetta',
    model,
    modelId: null,
    config: none,
    items,
    itemsComplete: true,
    figures: emptyFigures(),
    provenance: {
      format: 'rosetta-run-card',
      producer: 'ewebench-studio',
      fileName: `${model}.json`,
      index: 0,
      runId: model,
      timestamp: null,
      status: null,
      datasetId: null,
      languagePair: null,
      harnessVersion: null,
      toolVersion: null,
      runCardHash: null,
      fingerprint: null,
    },
  };
}

const references = Array.from({ length: ENTRIES }, () => sentence(4 + rng.randbelow(12)));
const answersA = references.map((r) => (rng.randbelow(4) === 0 ? damaged(r) : r));
const answersB = references.map((r) => (rng.randbelow(50) === 0 ? null : damaged(r)));
const a = runOf('system-a', references, answersA);
const b = runOf('system-b', references, answersB);

const time = (fn: () => void) => {
  const t0 = process.hrtime.bigint();
  fn();
  return Number(process.hrtime.bigint() - t0) / 1e6;
};
// Warm-up at a tenth of the resamples, then the timed runs, each with its baseline just before it.
compareRuns(a, b, { nBootstrap: Math.max(1, RESAMPLES / 10) });
const baseline: number[] = [];
const compare: number[] = [];
let last = compareRuns(a, b, { nBootstrap: 1 });
for (let r = 0; r < RUNS; r++) {
  baseline.push(time(() => references.forEach((ref, i) => sentenceChrf(answersA[i], [ref]))));
  compare.push(time(() => (last = compareRuns(a, b, { nBootstrap: RESAMPLES }))));
}
const base = median(baseline);
const took = median(compare);
console.log(`compare of two ${ENTRIES}-entry corpus runs, ${RESAMPLES} resamples (median of ${RUNS}; the machine may be loaded: read the ratio)`);
console.log(`  baseline, one pass of sentence chrF++ over the corpus: ${fmt(base)}`);
console.log(
  `  compare (items, diffs, paired bootstrap of 3 metrics): ${fmt(took)} = ${ratio(took, base)} the baseline; target ≤ ${TARGET_MS} ms: ${took <= TARGET_MS ? 'met' : 'NOT met'}`,
);
for (const m of last.metrics)
  console.log(`  ${m.metric}: A ${m.a} B ${m.b} Δ ${m.delta} [${m.ci_lower}, ${m.ci_upper}] p ${m.p_value}${m.significant ? ' significant' : ''}`);
console.log(`  items: ${last.counts.regression} regressions, ${last.counts.improvement} improvements, ${last.counts.unscored} unscored`);
