// Writes the run fixtures of test-fixtures/runs/ (our own tests, corpus and answers, no public data), one file per
// format the runs reader knows, through our own writers where the file is ours (buildResultsReport, buildRunCard)
// and in the reference harnesses' shapes otherwise. Also writes compare.inputs.vectors.json, the per-entry figures
// make_compare_expected.py feeds to mt_eval_harness's significance.py. Run after `npm run compile-tests`, from the
// repository root: node test-fixtures/runs/make_runs.mjs
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
const require = createRequire(import.meta.url);
const { buildResultsReport, serialiseResultsReport } = require('../../out/core/run/resultsFile.js');
const { buildRunCard } = require('../../out/core/run/runCard.js');
const { chrfStats, sentenceChrf } = require('../../out/core/scoring/chrf.js');
const { harnessExactMatch } = require('../../out/core/scoring/rosetta/metrics.js');
const { pyRound } = require('../../out/core/python/round.js');
const { dumpsPy } = require('../../out/core/python/json.js');
const { runCardHash } = require('../../out/core/runcard/hashes.js');

const dir = 'test-fixtures/runs/';
const write = (name, text) => writeFileSync(dir + name, text.endsWith('\n') ? text : text + '\n');

// ---------------------------------------------------------------------------------------------------------
// ÈwéBench: 12 tests in three categories, three models. Scores per model, in test order.
const tests = [
  ['translation', 'mt_greeting_01', 'exact_match', 'Ŋdi na wò.'],
  ['translation', 'mt_context_02', 'exact_match', 'Meɖe kuku, na tsi ɖe.'],
  ['translation', 'mt_market_03', 'keywords', null],
  ['translation', 'mt_family_04', 'keywords', null],
  ['reasoning', 'rs_logic_01', 'multiple_choice', 'B'],
  ['reasoning', 'rs_count_02', 'multiple_choice', 'C'],
  ['reasoning', 'rs_order_03', 'multiple_choice', 'A'],
  ['reasoning', 'rs_time_04', 'multiple_choice', 'D'],
  ['cultural_knowledge', 'ck_festival_01', 'keywords', null],
  ['cultural_knowledge', 'ck_food_02', 'keywords', null],
  ['cultural_knowledge', 'ck_proverb_03', 'ewe_quality', null],
  ['cultural_knowledge', 'ck_kente_04', 'keywords', null],
];
// rs_logic_01: every model passes; ck_proverb_03: every model fails; mt_context_02: the planted regression from
// deepseek-chat (A) to gemini-2.0-flash (B), the only pass lost with the whole score (1 → 0).
const scores = {
  'deepseek-chat': [1, 1, 0.75, 0.5, 1, 1, 0, 1, 1, 0.6666666666666666, 0.2, 0.75],
  'gemini-2.0-flash': [1, 0, 0.5, 0.5, 1, 1, 0, 1, 0.6666666666666666, 0.6666666666666666, 0.1, 1],
  'llama3.1': [0, 0, 0.25, 0.75, 1, 0, 1, 0, 0.3333333333333333, 1, 0.3, 0.5],
};
function response(test, score, model) {
  const [, id, method, expected] = test;
  if (method === 'exact_match') return score === 1 ? expected : 'Ŋdi.';
  if (method === 'multiple_choice') return score === 1 ? `${expected})` : 'E) Nyemenya o';
  if (method === 'ewe_quality') return score >= 0.2 ? 'Ati ɖeka mate ŋu awɔ ave o.' : 'Un seul arbre.';
  return `${model} ƒe ŋuɖoɖo na ${id}: ame siwo le afi sia.`;
}
function testRecords(model, runId, startMs, latencies) {
  return tests.map((t, k) => {
    const [category, id, method] = t;
    const score = scores[model][k];
    const text = response(t, score, model);
    const finished = new Date(startMs + (k + 1) * 2000);
    return {
      kind: 'ewebench-test',
      test_id: id,
      category,
      source_file: `tests/${category}.json`,
      test_hash: `sha256:${(k + 1).toString(16).padStart(4, '0')}${model.length.toString(16)}`,
      repeat: 0,
      model,
      origin: model.startsWith('gemini') ? 'https://generativelanguage.googleapis.com' : 'https://api.deepseek.com',
      request: { model, messages: [{ role: 'system', content: 'Tu es Yawo, un assistant IA qui répond en Ewe.' }, { role: 'user', content: `(${id})` }], temperature: 0.3, max_tokens: 1024 },
      response: text,
      error: null,
      score,
      rounded_score: pyRound(score, 3),
      passed: pyRound(score, 3) >= 0.7,
      method,
      breakdown: null,
      latency_ms: latencies[k],
      usage: { prompt_tokens: 40 + k, completion_tokens: 12 + k, reasoning_tokens: 0, cached_tokens: 0 },
      cached: false,
      finished_at: finished.toISOString(),
      index: tests.filter((u, j) => j < k && u[0] === category).length,
      run_id: runId,
    };
  });
}
const eweA = buildResultsReport(testRecords('deepseek-chat', '20261120_091500', Date.UTC(2026, 10, 20, 9, 15), [820, 640, 1210, 990, 450, 470, 520, 610, 1500, 1320, 2100, 1180]), {
  runId: '20261120_091500',
  model: 'deepseek-chat',
  endpoint: 'https://api.deepseek.com/chat/completions',
  timestamp: '2026-11-20T09:15:42.118000',
  status: 'complete',
  origin: 'https://api.deepseek.com',
  toolVersion: '0.1.0',
});
write('ewebench_deepseek-chat_20261120_091500.json', serialiseResultsReport(eweA));
const eweB = buildResultsReport(testRecords('gemini-2.0-flash', '20261121_101000', Date.UTC(2026, 10, 21, 10, 10), [700, 720, 980, 1010, 380, 400, 390, 420, 1700, 1650, 2400, 1290]), {
  runId: '20261121_101000',
  model: 'gemini-2.0-flash',
  endpoint: 'https://generativelanguage.googleapis.com/v1beta/chat/completions',
  timestamp: '2026-11-21T10:10:05.402000',
  status: 'complete',
  origin: 'https://generativelanguage.googleapis.com',
  toolVersion: '0.1.0',
});
write('ewebench_gemini-2.0-flash_20261121_101000.json', serialiseResultsReport(eweB));
// llama3.1 through the ÈwéBench harness itself: only its fields (test_id, score, response_preview).
const full = buildResultsReport(testRecords('llama3.1', '20261122_080000', Date.UTC(2026, 10, 22, 8), new Array(12).fill(900)), {
  runId: '20261122_080000',
  model: 'llama3.1',
  endpoint: 'http://localhost:11434/v1/chat/completions',
  timestamp: '2026-11-22T08:04:51.930112',
  status: 'complete',
  origin: 'http://localhost:11434',
});
const harnessReport = {
  benchmark: full.benchmark,
  version: full.version,
  run_id: full.run_id,
  model: full.model,
  endpoint: full.endpoint,
  timestamp: full.timestamp,
  ewe_score: full.ewe_score,
  categories: Object.fromEntries(
    Object.entries(full.categories).map(([stem, c]) => [
      stem,
      { score: c.score, total: c.total, passed: c.passed, details: c.details.map((d) => ({ test_id: d.test_id, score: d.score, response_preview: d.response_preview })), skipped: c.skipped },
    ]),
  ),
  summary: full.summary,
};
write('ewebench_llama3.1_20261122_080000.json', serialiseResultsReport(harnessReport));
// The harness's leaderboard.json, with rows as its printer reads them from results files.
const row = (r, file) => ({ model: r.model, ewe_score: r.ewe_score, tests: r.summary.total_tests, passed: r.summary.total_passed, date: r.timestamp.slice(0, 10), file });
write(
  'leaderboard.json',
  JSON.stringify(
    {
      benchmark: 'ÈwéBench',
      version: '1.0.0',
      description: 'Classement des modèles sur les tests de l’atelier (données de test)',
      categories: ['linguistic_comprehension', 'text_generation', 'reasoning', 'translation', 'cultural_knowledge', 'instruction_following', 'multi_turn', 'agentic', 'style_adaptation', 'robustness'],
      total_tests: 12,
      scoring: { method: 'weighted_average', max_score: 100, passing_threshold: 70 },
      entries: [
        row(eweA, 'ewebench_deepseek-chat_20261120_091500.json'),
        row(eweB, 'ewebench_gemini-2.0-flash_20261121_101000.json'),
        row(harnessReport, 'ewebench_llama3.1_20261122_080000.json'),
      ],
    },
    null,
    2,
  ),
);

// ---------------------------------------------------------------------------------------------------------
// Rosetta: 24 entries English → Ewe (ours), two systems.
const corpus = [
  ['Good morning.', 'Ŋdi na wò.', 1],
  ['Thank you.', 'Akpe na wò.', 1],
  ['Welcome.', 'Woezɔ.', 1],
  ['How are you?', 'Aleke nèle?', 1],
  ['I am fine.', 'Mele nyuie.', 1],
  ['Water is life.', 'Tsie nye agbe.', 2],
  ['The child is sleeping.', 'Ɖevi la le alɔ̃ dɔm.', 2],
  ['We are going to the market.', 'Míele yiyim ɖe asime.', 2],
  ['My mother is cooking.', 'Danye le nu ɖam.', 2],
  ['The rain has stopped.', 'Tsi dzadza la nu tso.', 2],
  ['Where is the road to Ho?', 'Afi ka mɔ si yi Ho le?', 3],
  ['He bought three fish.', 'Eƒle akpa etɔ̃.', 3],
  ['The teacher is reading a book.', 'Nufiala le agbalẽ xlẽm.', 3],
  ['Come and eat with us.', 'Va míaɖu nu kpli mí.', 3],
  ['The farm is far from the town.', 'Agble la didi tso du la gbɔ.', 3],
  ['One tree cannot make a forest.', 'Ati ɖeka mate ŋu awɔ ave o.', 4],
  ['Patience is the key to the house.', 'Dzigbɔɖi nye xɔ ƒe safui.', 4],
  ['The drums are calling the village.', 'Vuwo le kɔƒe la yɔm.', 4],
  ['Tomorrow we will plant maize.', 'Etsɔ míaƒã bli.', 4],
  ['The elders gathered under the tree.', 'Amegãwo ƒo ƒu ɖe ati la te.', 4],
  ['Knowledge is like a baobab tree.', 'Nunya abe adidoe ene.', 5],
  ['No one can embrace it alone.', 'Ame ɖeka mate ŋu axae o.', 5],
  ['The river remembers its source.', 'Tɔsisi ŋlɔa eƒe dzɔtsoƒe be o.', 5],
  ['Words are like eggs.', 'Nyawo le abe azi ene.', 5],
];
const domains = ['greeting', 'daily', 'daily', 'greeting', 'greeting', 'proverb', 'daily', 'daily', 'daily', 'weather', 'travel', 'market', 'school', 'daily', 'farming', 'proverb', 'proverb', 'culture', 'farming', 'culture', 'proverb', 'proverb', 'proverb', 'proverb'];
// System A answers well; B loses the easy entries (the planted regression is entry 2, exact in A, wrong in B).
const damage = (text, k) => {
  const words = text.split(' ');
  if (words.length > 1) words.splice(k % words.length, 1);
  else words[0] = words[0].slice(0, -2);
  return words.join(' ');
};
const predictedA = corpus.map(([, ref], k) => (k % 3 === 2 ? damage(ref, k) : ref));
const predictedB = corpus.map(([, ref], k) => (k === 1 || k % 2 === 0 ? damage(ref, k + 1) : ref));
const errorsB = new Set([7]);
const latA = corpus.map((_, k) => pyRound(0.8 + ((k * 37) % 11) / 10, 3));
const latB = corpus.map((_, k) => pyRound(1.1 + ((k * 53) % 13) / 10, 3));

function entryRecords(model, predicted, errors, lat, runId, cost) {
  return corpus.map(([source, reference, difficulty], k) => {
    const error = errors.has(k) ? 'timeout after 60 s' : null;
    const pred = error ? null : predicted[k];
    return {
      kind: 'corpus-entry',
      entry_id: k + 1,
      source_file: 'corpus/eng-ewe-dev.json',
      entry_hash: `sha256:${(k + 1).toString(16).padStart(6, '0')}`,
      repeat: 0,
      model,
      origin: 'https://openrouter.ai',
      request: { model, messages: [], temperature: 0, max_tokens: 1024 },
      source,
      reference,
      predicted: pred,
      exact_match: pred !== null && harnessExactMatch(pred, reference),
      entry_chrf: pred === null ? 0 : sentenceChrf(pred, [reference]).score,
      difficulty,
      provenance: 'ewebench-studio-fixtures',
      latency_seconds: lat[k],
      usage: { prompt_tokens: 30 + k, completion_tokens: 8 + (k % 5), reasoning_tokens: 0, cached_tokens: 0, cost_usd: cost },
      error,
      ...(error ? { error_kind: 'timeout' } : {}),
      cached: false,
      finished_at: new Date(Date.UTC(2026, 10, 23, 14, 0, k)).toISOString(),
      run_id: runId,
    };
  });
}
const cardMeta = (modelSlug, runId) => ({
  runId,
  timestamp: '2026-11-23T14:00:00Z',
  elapsedSeconds: 31.5,
  modelSlug,
  condition: 'baseline',
  temperature: 0,
  systemPrompt: 'You are a translator. Translate the given English text to Ewe. Output ONLY the translation, nothing else. No explanations, no notes.',
  batchSize: 1,
  corpus: { datasetId: 'eng-ewe-dev-v1', version: '1.0', languagePair: 'eng-ewe', sourceName: 'English', targetName: 'Ewe' },
  datasetSha256: '9d1b5f3c1c9a3e1f0a3b7a1d2e4c5b6a7f8e9d0c1b2a3f4e5d6c7b8a9f0e1d2c',
  toolVersion: '0.1.0',
  origin: 'https://openrouter.ai',
  sourceFile: 'corpus/eng-ewe-dev.json',
  status: 'complete',
});
const recA = entryRecords('openai/gpt-4o-mini', predictedA, new Set(), latA, 'card-a', 0.00012);
const recB = entryRecords('meta-llama/llama-3.1-8b-instruct', predictedB, errorsB, latB, 'card-b', 0.00003);
write('run-card.gpt-4o-mini.json', buildRunCard(recA, cardMeta('openai/gpt-4o-mini', 'c0a1e5d2-6b1f-5e7a-9c3d-000000000001')).text);
write('run-card.llama-3.1-8b.json', buildRunCard(recB, cardMeta('meta-llama/llama-3.1-8b-instruct', 'c0a1e5d2-6b1f-5e7a-9c3d-000000000002')).text);

// mt_eval_harness's own card for system A: the harness's fields only (no ewebench_studio block, no per-entry
// extras), harness_version 3.0.0, its hashes recomputed so that it verifies.
const { card: harnessCard } = buildRunCard(recA, { ...cardMeta('openai/gpt-4o-mini', 'b7f3c2a0-1d4e-5f6a-8b9c-0d1e2f3a4b5c'), harnessVersion: '3.0.0' });
harnessCard.delete('ewebench_studio');
for (const r of harnessCard.get('results')) for (const k of ['error_kind', 'raw_predicted', 'segment', 'entry_hash', 'cached', 'finished_at']) r.delete(k);
harnessCard.set('run_card_hash', '');
harnessCard.set('run_card_hash', runCardHash(harnessCard));
write('run-card.harness.json', dumpsPy(harnessCard, { sortKeys: false, ensureAscii: false, indent: 2 }));

// mt_eval_harness's `*_report.json` for both systems (tester.py's report: config, overall, groups, entries).
function report(model, predicted, errors, lat, runId) {
  const entries = corpus.map(([source, expected, difficulty], k) => {
    const error = errors.has(k) ? 'timeout after 60 s' : null;
    const pred = error ? '' : predicted[k];
    return {
      id: k + 1,
      source,
      expected,
      raw_predicted: pred,
      predicted: pred,
      segment: '',
      difficulty,
      domain: domains[k],
      exact_match: !error && harnessExactMatch(pred, expected),
      chrf_score: error ? 0 : sentenceChrf(pred, [expected]).score,
      length_ratio: error ? 0 : pyRound([...pred].length / [...expected].length, 4),
      latency_s: lat[k],
      cost_usd: 0.0001,
      tool_call_count: 0,
      error,
      plugin_metrics: {},
    };
  });
  const ok = entries.filter((e) => !e.error);
  const exact = ok.filter((e) => e.exact_match).length;
  return {
    run_id: runId,
    config: {
      dataset: 'all',
      dataset_id: 'eng-ewe-dev-v1',
      corpus_path: 'corpus/eng-ewe-dev.json',
      source_lang: 'English',
      target_lang: 'Ewe',
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
    overall: {
      total_entries: entries.length,
      error_count: entries.length - ok.length,
      evaluated: ok.length,
      exact_match_count: exact,
      exact_match_rate: pyRound(exact / ok.length, 4),
      miss_count: ok.length - exact,
      miss_rate: pyRound((ok.length - exact) / ok.length, 4),
      avg_chrf: pyRound(ok.reduce((s, e) => s + e.chrf_score, 0) / ok.length, 2),
      avg_latency_s: pyRound(ok.reduce((s, e) => s + e.latency_s, 0) / ok.length, 3),
      total_cost_usd: pyRound(ok.length * 0.0001, 4),
      total_tool_calls: 0,
      corpus_chrf: null,
      comet_score: null,
      confidence_intervals: {},
      confidence_intervals_by_tier: {},
      plugin_metrics: {},
    },
    by_segment: {},
    by_difficulty: {},
    by_domain: {},
    entries,
  };
}
const repA = report('openai/gpt-4o-mini', predictedA, new Set(), latA, 'run_20261123_140000_openai_gpt4omini_naive_all_b25_a1b2c3');
const repB = report('meta-llama/llama-3.1-8b-instruct', predictedB, errorsB, latB, 'run_20261123_141500_metallama_llama318binstruct_naive_all_b25_d4e5f6');
// corpus chrF++ as the report states it: sacrebleu's corpus score over the evaluated entries, rounded to 2.
for (const r of [repA, repB]) {
  const ok = r.entries.filter((e) => !e.error);
  const sums = ok.map((e) => chrfStats(e.predicted.trim() ? e.predicted : 'EMPTY', [e.expected])).reduce((a, s) => a.map((x, i) => x + s[i]));
  const { chrfFromStatistics } = require('../../out/core/scoring/chrf.js');
  r.overall.corpus_chrf = pyRound(chrfFromStatistics(sums), 2);
}
write(`${repA.run_id}_report.json`, JSON.stringify(repA, null, 2));
write(`${repB.run_id}_report.json`, JSON.stringify(repB, null, 2));

// Inputs for make_compare_expected.py: the entries as significance.py reads them, and each distinct (hyp, ref)
// pair's chrF++ statistics from our chrF (bit-exact with sacrebleu), for its stand-in CHRF.
const pairs = new Map();
for (const r of [repA, repB])
  for (const e of r.entries) {
    const hyp = e.predicted.trim() ? e.predicted : 'EMPTY';
    pairs.set(JSON.stringify([hyp, e.expected]), chrfStats(hyp, [e.expected]));
  }
write(
  'compare.inputs.vectors.json',
  JSON.stringify({
    origin: 'make_runs.mjs: the two _report.json entries and chrfStats(hyp, [ref]) of every pair they hold',
    a: repA.entries,
    b: repB.entries,
    chrf_stats: Object.fromEntries(pairs),
  }),
);
console.log('written');
