import { test } from 'node:test';
import assert from 'node:assert/strict';
import { JsonDocument } from '../document/jsonDocument';
import { corpusChrf } from '../scoring/chrf';
import { PROMPT_TEMPLATES } from '../scoring/prompts';
import { fingerprintHash, runCardHash, sha256Hex } from '../runcard/hashes';
import { isPyObject, parsePyJson } from '../python/json';
import { validateDocument } from '../validate';
import { corpusRunInfo } from './corpus';
import { entryRecord } from './records';
import { entryRequest } from './request';
import { buildRunCard, cardStatus, harnessCardRunId, readRunCard, type RunCardMeta } from './runCard';
import type { ChatOutcome, EntryRunRecord } from './types';

const corpusValue = {
  dataset: { id: 'eng-ewe-dev-v1', version: '1.0', language_pair: 'English → Ewe', source_language: 'en', target_language: 'ee' },
  entries: [
    { id: 1, source: 'I am hungry.', reference: 'Dɔ le wuyem.', difficulty: 1, provenance: 'tatoeba', segment: 'development' },
    { id: 2, source: 'It is raining.', reference: 'Tsi le dzadzam.', difficulty: 2, provenance: 'tatoeba', segment: 'development' },
    { id: 3, source: 'Please speak slowly.', reference: 'Meɖe kuku, ƒo nu blewu.', difficulty: 2, provenance: 'textbook', segment: 'development' },
    { id: 4, source: 'Where is the market?', reference: 'Afikae asi la le?', segment: 'development' },
  ],
};
const corpus = corpusRunInfo(corpusValue);
const corpusText = JSON.stringify(corpusValue, null, 2);

const outcomes: ChatOutcome[] = [
  {
    ok: true,
    text: 'Dɔ le wuyem.',
    usage: { prompt_tokens: 50, completion_tokens: 7, reasoning_tokens: 0, cached_tokens: 0, cost_usd: 0.00004 },
    latencyMs: 1250,
    cached: false,
    attempts: 1,
    modelId: 'm-2026',
  },
  {
    ok: true,
    text: 'Tsi le dza.\n',
    usage: { prompt_tokens: 52, completion_tokens: 9, reasoning_tokens: 0, cached_tokens: 0, cost_usd: 0.00005 },
    latencyMs: 900,
    cached: false,
    attempts: 1,
  },
  {
    ok: true,
    text: 'Meɖe kuku, ƒo nu blewublewu.',
    usage: { prompt_tokens: 55, completion_tokens: 12, reasoning_tokens: 0, cached_tokens: 0, cost_usd: 0.00006 },
    latencyMs: 1500,
    cached: false,
    attempts: 1,
  },
  { ok: false, kind: 'timeout', error: 'timeout after 60 s', latencyMs: 60000, attempts: 3 },
];

const records: EntryRunRecord[] = corpus.entries.map((entry, k) =>
  entryRecord({
    entry,
    sourceFile: 'corpora/eng-ewe.json',
    entryHash: `h${k}`,
    repeat: 0,
    runId: '20261123_095900',
    model: 'openrouter/m',
    origin: 'https://openrouter.ai',
    request: entryRequest(entry, corpus, 'openrouter/m'),
    outcome: outcomes[k],
    finishedAt: '2026-11-23T10:00:00Z',
  }),
);

interface Group {
  name: string;
  error_count: number;
  avg_chrf: number;
}
/** The parts of a card these tests read. */
interface CardJson {
  model_id: string;
  harness_version: string;
  dataset: unknown;
  scores: {
    total: number;
    evaluated: number;
    errors: number;
    exact_matches: number;
    exact_match_rate: number;
    chrf_plus_plus: number;
    composite: number;
    cost_adjusted: number | null;
    fst_acceptance_rate: null;
    semantic_score: null;
    avg_latency_seconds: number;
    median_latency_seconds: number;
    p95_latency_seconds: number;
    by_difficulty: Record<string, Group>;
    by_provenance: Record<string, Group>;
  };
  totals: { prompt_tokens: number; total_cost_usd: number | null; cost_per_entry_usd: number | null };
  results: { predicted: string | null; difficulty?: number }[];
  ewebench_studio: { metric_signatures: { chrf_plus_plus: string } };
}

const meta: RunCardMeta = {
  timestamp: '2026-11-23T09:59:00Z',
  elapsedSeconds: 63.5,
  modelSlug: 'openrouter/m',
  condition: 'baseline',
  temperature: 0,
  systemPrompt: PROMPT_TEMPLATES.translation.text,
  batchSize: 1,
  corpus,
  datasetSha256: sha256Hex(corpusText),
  toolVersion: '0.3.0',
  origin: 'https://openrouter.ai',
  sourceFile: 'corpora/eng-ewe.json',
};

test('the card carries every field the harness writes, with its numbers', () => {
  const { card } = buildRunCard(records, meta);
  const value = JSON.parse(buildRunCard(records, meta).text) as CardJson;
  for (const key of [
    'run_id',
    'harness_version',
    'timestamp',
    'elapsed_seconds',
    'model_slug',
    'model_id',
    'condition',
    'temperature',
    'system_prompt_sha256',
    'system_prompt_used',
    'coaching_data_sha256',
    'fst_version',
    'tools_enabled',
    'batch_size',
    'max_retries',
    'dataset',
    'scores',
    'totals',
    'results',
    'fingerprint',
    'run_card_hash',
  ]) {
    assert.ok(card.has(key), key);
  }
  assert.equal(value.model_id, 'm-2026');
  assert.equal(value.harness_version, 'ewebench-studio/0.3.0');
  assert.deepEqual(value.dataset, {
    id: 'eng-ewe-dev-v1',
    version: '1.0',
    language_pair: 'English → Ewe',
    source_lang: 'English',
    target_lang: 'Ewe',
    sha256: sha256Hex(corpusText),
    entry_count: 4,
  });
  const s = value.scores;
  assert.equal(s.total, 4);
  assert.equal(s.evaluated, 3);
  assert.equal(s.errors, 1);
  assert.equal(s.exact_matches, 1);
  assert.equal(s.exact_match_rate, 0.3333);
  // Corpus chrF++ over the entries that answered, rounded to 2, as the harness computes it.
  const expected = corpusChrf(
    ['Dɔ le wuyem.', 'Tsi le dza.', 'Meɖe kuku, ƒo nu blewublewu.'],
    [['Dɔ le wuyem.', 'Tsi le dzadzam.', 'Meɖe kuku, ƒo nu blewu.']],
  ).score;
  assert.equal(s.chrf_plus_plus, Math.round(expected * 100) / 100);
  // Profile B over chrF++ (.25) and exact match (.10).
  assert.equal(s.composite, Math.round((((0.25 * s.chrf_plus_plus) / 100 + 0.1 * 0.3333) / 0.35) * 1e4) / 1e4);
  assert.equal(s.fst_acceptance_rate, null);
  assert.equal(s.semantic_score, null);
  assert.equal(s.avg_latency_seconds, 1.217);
  assert.equal(s.median_latency_seconds, 1.25);
  assert.equal(s.p95_latency_seconds, 1.5);
  assert.deepEqual(Object.keys(s.by_difficulty), ['0', '1', '2']);
  assert.deepEqual(s.by_difficulty['2'], {
    name: 'difficulty_2',
    count: 2,
    exact_match_count: 0,
    miss_count: 2,
    error_count: 0,
    avg_chrf: s.by_difficulty['2'].avg_chrf,
    avg_latency_s: 1.2,
    total_cost_usd: 0.0001,
    plugin_aggregates: {},
  });
  assert.equal(s.by_difficulty['0'].error_count, 1);
  assert.deepEqual(Object.keys(s.by_provenance), ['tatoeba', 'textbook']);
  assert.equal(value.totals.prompt_tokens, 157);
  assert.equal(value.totals.total_cost_usd, 0.00004 + 0.00005 + 0.00006);
  assert.equal(value.totals.cost_per_entry_usd, 0.000038);
  assert.equal(value.results.length, 4);
  assert.equal(value.results[1].predicted, 'Tsi le dza.');
  assert.equal(value.results[3].predicted, null);
  assert.equal(value.results[3].difficulty, undefined);
  assert.match(value.ewebench_studio.metric_signatures.chrf_plus_plus, /^nrefs:1\|case:mixed\|eff:yes\|nc:6\|nw:2\|space:no\|version:/);
});

test('floats stay floats in the text, and the hashes re-verify from it', () => {
  const { text, card } = buildRunCard(records, meta);
  assert.ok(text.includes('"temperature": 0.0,'));
  assert.ok(text.includes('"entry_chrf": 0.0,'));
  const parsed = parsePyJson(text);
  assert.ok(isPyObject(parsed));
  assert.equal(runCardHash(parsed), card.get('run_card_hash'));
  const fingerprint = parsed.get('fingerprint');
  assert.ok(isPyObject(fingerprint));
  assert.equal(fingerprintHash(fingerprint.get('components')!), fingerprint.get('hash'));
  // Without a run id, the harness's deterministic card id from the fingerprint.
  assert.match(card.get('run_id') as string, /^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
});

test('our validator reports no finding on a card we built', () => {
  const { text } = buildRunCard(records, meta);
  const result = validateDocument(new JsonDocument(text), { locale: 'en' });
  assert.equal(result.classification.kind, 'rosetta-run-card');
  assert.deepEqual(result.findings, []);
});

test('without reported costs, cost fields are null, never an estimate', () => {
  const free = records.map((r) => ({ ...r, usage: { ...r.usage, cost_usd: undefined } }));
  const value = JSON.parse(buildRunCard(free, meta).text) as CardJson;
  assert.equal(value.totals.total_cost_usd, null);
  assert.equal(value.totals.cost_per_entry_usd, null);
  assert.equal(value.scores.cost_adjusted, null);
  assert.deepEqual(validateDocument(new JsonDocument(buildRunCard(free, meta).text), { locale: 'en' }).findings, []);
});

test('a card records one run: mixed repeats are refused', () => {
  assert.throws(() => buildRunCard([records[0], { ...records[1], repeat: 1 }], meta), RangeError);
});

test('cards read back to their records and headline figures', () => {
  const { text } = buildRunCard(records, meta);
  const back = readRunCard(JSON.parse(text));
  assert.ok(back);
  assert.equal(back.meta.foreign, false);
  assert.equal(back.meta.sourceFile, 'corpora/eng-ewe.json');
  assert.equal(back.meta.modelSlug, 'openrouter/m');
  assert.equal(back.records.length, 4);
  const strip = (r: EntryRunRecord) => ({ ...r, request: undefined, model_id: undefined });
  assert.deepEqual(
    back.records.map(strip),
    records.map((r) => strip({ ...r, model_id: 'm-2026' })),
  );
  assert.equal(readRunCard({ scores: {} }), undefined);
});

test("the publisher's other fields: by_domain, by_segment, cache_hits, length ratio, ratios, intervals, method_config, licence; nulls for what we do not compute", () => {
  const value = JSON.parse(buildRunCard(records, meta).text);
  const s = value.scores;
  assert.deepEqual(Object.keys(s.by_domain), Object.keys(s.by_domain).sort());
  assert.ok(Object.keys(value.by_segment).length >= 1);
  assert.equal(value.cache_hits, 0);
  assert.equal(typeof s.length_ratio, 'number');
  assert.equal(s.ter, null);
  assert.equal(s.comet_score, null);
  assert.equal(value.corpus_bleu, null);
  assert.equal(value.provenance, null);
  assert.equal(value.method_card, null);
  assert.equal(value.method_config.batchSize, 1);
  assert.equal(value.method_config.qualityTier, s.quality_tier);
  assert.equal(s.tokens_per_second, Math.round(((157 + 28) / 63.5) * 100) / 100);
  assert.equal(s.entries_per_minute, Math.round((4 / (63.5 / 60)) * 100) / 100);
  assert.equal(value.totals.tokens_per_entry, 46.25);
  assert.deepEqual(Object.keys(s.confidence_intervals), ['corpus_chrf', 'exact_match_rate', 'composite_score']);
  assert.equal(s.confidence_intervals.corpus_chrf.n_entries, 3);
  assert.equal(s.confidence_intervals.exact_match_rate.seed, 12345);
  assert.ok('corpus_license' in value && 'corpus_attribution' in value);
});

test('status: complete only without errors; some errors make it partial, all of them failed', () => {
  assert.equal(cardStatus('complete', records.slice(0, 3)), 'complete');
  assert.equal(cardStatus('complete', records), 'partial');
  assert.equal(cardStatus('complete', records.slice(3)), 'failed');
  assert.equal(cardStatus('cancelled', records), 'cancelled');
  assert.equal(JSON.parse(buildRunCard(records, { ...meta, status: 'complete' }).text).ewebench_studio.status, 'partial');
});

test('run ids as the harness builds them: time, model, prompt, dataset, batch size, entropy', () => {
  const date = new Date(Date.UTC(2026, 5, 12, 12, 47, 49));
  assert.equal(
    harnessCardRunId({ date, model: 'anthropic/claude-haiku-4.5', promptVersion: 'naive', batchSize: 25, suffix: 'ebf42b' }),
    'run_20260612_124749_anthropic_claudehaiku45_naive_all_b25_ebf42b',
  );
  assert.equal(harnessCardRunId({ date, model: 'm', promptVersion: 'naive', batchSize: 1, suffix: '000000' }), 'run_20260612_124749_m_naive_all_000000');
});
