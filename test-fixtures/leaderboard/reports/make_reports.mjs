// Writes the mt_eval_harness `*_report.json` fixtures of this folder: tester.py's report shape (run_id, config,
// source_log, overall with its bootstrap intervals, by_segment / by_difficulty / by_domain, entries), our own
// sentences and answers (no public data), two corpora (English → Ewe, English → Yoruba) named only by the
// absolute `corpus_path` of the machine that ran them, as the harness's public reports are. The figures come
// from our port of the harness's analysis (analyseRun: sentence and corpus chrF++, exact match, the seeded
// bootstrap), so each report is what the harness would write for these answers. Run after `npx tsc -p .`, from
// the repository root: node test-fixtures/leaderboard/reports/make_reports.mjs
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
const require = createRequire(import.meta.url);
const { analyseRun } = require('../../../out/core/scoring/rosetta/analysis.js');
const { compositeScore } = require('../../../out/core/scoring/rosetta/composite.js');

const dir = 'test-fixtures/leaderboard/reports/';

const corpora = {
  'eng-ewe-dev-v1': {
    target: 'Ewe',
    entries: [
      ['Good morning.', 'Ŋdi na wò.', 1, 'greeting'],
      ['Thank you very much.', 'Akpe kakaka.', 1, 'greeting'],
      ['Where is the market?', 'Afikae asia le?', 2, 'travel'],
      ['The water is cold.', 'Tsia fa.', 2, 'daily'],
      ['My mother is cooking rice.', 'Nye dada le mɔli ɖam.', 3, 'family'],
      ['We will travel to Lomé tomorrow.', 'Míazɔ mɔ ayi Lomé etsɔ.', 3, 'travel'],
      ['The children are playing in the yard.', 'Ɖeviawo le fe ɖum le xɔxɔnu.', 4, 'family'],
      ['Please close the door when you leave.', 'Meɖe kuku, tu ʋɔtrua ne èdzo.', 4, 'daily'],
    ],
  },
  'eng-yor-dev-v1': {
    target: 'Yoruba',
    entries: [
      ['Good evening.', 'Ẹ kú irọ̀lẹ́.', 1, 'greeting'],
      ['How are you?', 'Báwo ni?', 1, 'greeting'],
      ['The food is ready.', 'Oúnjẹ ti ṣe tán.', 2, 'daily'],
      ['I am going home.', 'Mò ń lọ sílé.', 2, 'daily'],
      ['The rain fell all night.', 'Òjò rọ̀ ní gbogbo òru.', 3, 'weather'],
      ['My brother lives in Ibadan.', 'Ẹ̀gbọ́n mi ń gbé ní Ìbàdàn.', 3, 'family'],
      ['Bring the book to the teacher.', 'Mú ìwé náà wá fún olùkọ́.', 4, 'school'],
      ['We sold all the yams at the market.', 'A ta gbogbo iṣu ní ọjà.', 4, 'market'],
    ],
  },
};

// Answers: the reference itself (k in `exact`), else the reference with its last word changed (close, not equal).
const answer = (reference, k, exact, variant) => {
  if (exact.has(k)) return reference;
  const words = reference.split(' ');
  const tails = ['o', 'la', 'ɖe', 'kple', 'na'];
  words[words.length - 1] = tails[(k + variant) % tails.length] + (words.length > 2 ? '.' : '');
  return words.join(' ');
};

function report(corpusId, model, slug, exact, variant, stamp, hash, costPerEntry) {
  const c = corpora[corpusId];
  const inputs = c.entries.map(([source, expected, difficulty, domain], k) => ({
    id: k + 1,
    source,
    expected,
    predicted: answer(expected, k, exact, variant),
    segment: '',
    difficulty,
    domain,
    latency_s: 0.6 + 0.1 * k,
    cost_usd: costPerEntry,
  }));
  const analysis = analyseRun(inputs);
  // The harness's report has no composite of its own in `overall` (ours adds it): only its interval's estimate.
  const overall = { ...analysis.overall };
  for (const ours of ['composite', 'composite_profile', 'quality_tier']) delete overall[ours];
  const runId = `run_${stamp}_${slug}_naive_all_b25_${hash}`;
  return {
    run_id: runId,
    config: {
      dataset: 'all',
      corpus_path: `/Users/ama/mt_eval_harness/datasets/curated/${corpusId}.json`,
      source_lang: 'English',
      target_lang: c.target,
      model,
      max_tokens: 32768,
      batch_size: 25,
      concurrency: 8,
      prompt_version: 'naive',
      temperature: 0.0,
      _model_id: model,
      _effective_temperature: 0.0,
    },
    source_log: `eval/logs/harness/${runId}.json`,
    overall,
    by_segment: analysis.by_segment,
    by_difficulty: analysis.by_difficulty,
    by_domain: analysis.by_domain,
    entries: analysis.entries,
  };
}

/** Profile B over the report's rounded chrF++ and exact-match rate: what a reader recomputing it would get. */
const fromRounded = (r) => compositeScore({ chrf_plus_plus: r.overall.corpus_chrf, exact_match_rate: r.overall.exact_match_rate }).composite;

// gemini-3.5-flash on Ewe: the first answer variant whose stated composite (the interval's estimate, from the
// unrounded figures) differs from Profile B over the rounded ones, so the board must show the report's own.
let gemini;
const exactSets = [[0, 1, 2, 4, 6], [0, 1, 2, 4], [0, 2, 4, 6], [1, 2, 3, 5], [0, 1, 4, 5, 7]];
for (let trial = 0; trial < 25 && !gemini; trial++) {
  const exact = new Set(exactSets[Math.floor(trial / 5)]);
  const r = report('eng-ewe-dev-v1', 'google/gemini-3.5-flash', 'google_gemini35flash', exact, trial % 5, '20261120_090000', 'acc94e', 0.0008829787234042554);
  if (r.overall.confidence_intervals.composite_score.score !== fromRounded(r)) gemini = r;
}
if (!gemini) throw new Error('no variant makes the stated composite differ from the recomputed one');

const reports = [
  gemini,
  report('eng-ewe-dev-v1', 'openai/gpt-4o-mini', 'openai_gpt4omini', new Set([0, 1, 3]), 1, '20261120_093000', 'b7d210', 0.00021),
  report('eng-ewe-dev-v1', 'meta-llama/llama-3.1-8b-instruct-with-a-very-long-provider-suffix:free', 'metallama_llama318b', new Set([0]), 2, '20261120_100000', 'c0ffee', 0),
  report('eng-yor-dev-v1', 'google/gemini-3.5-flash', 'google_gemini35flash', new Set([0, 1, 2]), 0, '20261121_090000', 'd15ea5', 0.0009),
  report('eng-yor-dev-v1', 'openai/gpt-4o-mini', 'openai_gpt4omini', new Set([0, 1, 2, 3, 4, 5]), 3, '20261121_093000', 'e1f2a3', 0.00019),
];
for (const r of reports) writeFileSync(`${dir}${r.run_id}_report.json`, JSON.stringify(r, null, 2) + '\n');
// Each fixture's expected validator findings (none: a report is no file kind the validator checks).
for (const r of reports) writeFileSync(`${dir}${r.run_id}_report.expected.json`, '[]\n');
console.log(reports.map((r) => `${r.run_id}: composite ${r.overall.confidence_intervals.composite_score?.score} (rounded figures give ${fromRounded(r)})`).join('\n'));
