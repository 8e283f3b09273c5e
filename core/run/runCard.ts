import { chrfSignature } from '../scoring/chrf';
import { costAdjustedScore } from '../scoring/rosetta/cost';
import { harnessLatencySummary } from '../scoring/rosetta/latency';
import { qualityTier } from '../scoring/rosetta/tiers';
import { cardIdFromFingerprint, fingerprintComponents, fingerprintHash, runCardHash, systemPromptSha256 } from '../runcard/hashes';
import { dumpsPy, pyFloat, pyInt, type PyObject, type PyValue } from '../python/json';
import { pyRound } from '../python/round';
import type { CorpusRunInfo } from './corpus';
import { MAX_TOKENS } from './request';
import { analyseEntryRecords, summariseEntryRecords } from './summary';
import type { GroupAnalysis } from '../scoring/rosetta/analysis';
import type { ConfidenceInterval } from '../stats/bootstrap';
import { pyLen } from '../python/str';
import type { ChatRequest, EntryRunRecord, FailureKind, Usage } from './types';
import { isObject, type JsonObject } from '../json';
import { readErrorCode } from './records';
import type { RunText, RunTextParam } from '../i18n/runMessages';

/**
 * A Rosetta run card (benchmark spec §3) for a corpus run, with every field mt_eval_harness's publisher
 * writes, filled the way it fills them (`publish.py`, `tester.py`):
 * - rates and corpus chrF++ are over the entries without an error (`scores.evaluated`), as the harness
 *   computes them; `scores.total` and `dataset.entry_count` count every entry;
 * - corpus chrF++ is sacrebleu's (statistics summed, F once), rounded to 2; exact match is the harness's `normalize_text` comparison;
 * - the composite is Profile B over what a plain run has (chrF++ and exact match), with its tier;
 * - latency figures are the publisher's (see `harnessLatencySummary`);
 * - `total_cost_usd` only when the provider reported costs (else null, never an estimate);
 * - `by_difficulty` / `by_provenance` groups have the harness's segment shape (name, count, exact_match_count,
 *   miss_count, error_count, avg_chrf, avg_latency_s, total_cost_usd); the harness leaves by_provenance empty,
 *   we fill it the same way;
 * - `fingerprint` and `run_card_hash` with the harness's serialisation (core/runcard/hashes).
 * Our additions sit in `ewebench_studio` (tool, origin, metric signatures, tier label) and per result
 * (`entry_hash`, `cached`, `raw_predicted`…), never in place of the harness's fields.
 */
export interface RunCardMeta {
  /** Default: the card id the harness derives from the fingerprint (uuid5). */
  runId?: string;
  /** ISO 8601 UTC, when the run started. */
  timestamp: string;
  elapsedSeconds: number;
  modelSlug: string;
  /** The model the API reported; defaults to the first one the records carry, else the slug. */
  modelId?: string;
  condition: string;
  temperature: number;
  /** What the model was told besides the entry: for our runs the translation template, as written. */
  systemPrompt: string;
  batchSize: number;
  corpus: Pick<CorpusRunInfo, 'datasetId' | 'version' | 'languagePair' | 'sourceName' | 'targetName'> & {
    license?: string | null;
    attribution?: string | null;
  };
  /** SHA-256 of the corpus file's raw bytes (`datasetSha256` in core/runcard/hashes). */
  datasetSha256: string;
  toolVersion: string;
  /** Default `ewebench-studio/<toolVersion>`: these cards are not the harness's, and the fingerprint says so. */
  harnessVersion?: string;
  maxRetries?: number;
  maxTokens?: number;
  concurrency?: number;
  toolsEnabled?: boolean;
  coachingDataSha256?: string | null;
  fstVersion?: string | null;
  origin?: string;
  sourceFile?: string;
  status?: string;
  /** Bootstrap intervals in `scores.confidence_intervals` (default true). */
  confidenceIntervals?: boolean;
  /** Resamples of each interval (default the harness's 1,000; each interval records its count). */
  nBootstrap?: number;
}

const f = (x: number): PyValue => pyFloat(x);
const fOrNull = (x: number | null | undefined): PyValue => (x === null || x === undefined ? null : pyFloat(x));
const i = (x: number): PyValue => pyInt(Math.trunc(x));

function obj(entries: [string, PyValue | undefined][]): PyObject {
  const out: PyObject = new Map();
  for (const [k, v] of entries) if (v !== undefined) out.set(k, v);
  return out;
}

interface Group {
  name: string;
  members: EntryRunRecord[];
}

/** tester.py's `_aggregate_group`: counts over all, averages over the entries without an error. */
function groupScores({ name, members }: Group, costsKnown: boolean): PyObject {
  // Sums in the harness's order of addition (a float sum depends on it).
  const sum = { errors: 0, exact: 0, chrf: 0, latency: 0, cost: 0, ok: 0 };
  for (const r of members) {
    if (r.error) {
      sum.errors++;
      continue;
    }
    sum.ok++;
    sum.latency += r.latency_seconds;
    sum.cost += r.usage.cost_usd ?? 0;
    if (r.exact_match) sum.exact++;
    sum.chrf += r.entry_chrf;
  }
  const { errors, exact, chrf, latency, cost, ok } = sum;
  return obj([
    ['name', name],
    ['count', i(members.length)],
    ['exact_match_count', i(exact)],
    ['miss_count', i(ok - exact)],
    ['error_count', i(errors)],
    ['avg_chrf', f(ok ? pyRound(chrf / ok, 2) : 0)],
    ['avg_latency_s', f(ok ? pyRound(latency / ok, 3) : 0)],
    ['total_cost_usd', costsKnown ? f(pyRound(cost, 4)) : null],
  ]);
}

function groupBy(records: readonly EntryRunRecord[], keyOf: (r: EntryRunRecord) => string): Map<string, EntryRunRecord[]> {
  const groups = new Map<string, EntryRunRecord[]>();
  for (const r of records) {
    const key = keyOf(r);
    const list = groups.get(key);
    if (list) list.push(r);
    else groups.set(key, [r]);
  }
  return groups;
}

/** Integer tiers in numeric order, then other keys by code point (the harness sorts its int keys). */
function sortedKeys(keys: Iterable<string>): string[] {
  return [...keys].sort((a, b) => {
    const na = /^-?\d+$/.test(a);
    const nb = /^-?\d+$/.test(b);
    if (na && nb) return Number(a) - Number(b);
    if (na !== nb) return na ? -1 : 1;
    return a < b ? -1 : a > b ? 1 : 0;
  });
}

/** A run sentence's parameters as the card writes them: numbers as Python writes them, inner sentences as `{ code, params }`. */
function paramsObject(params: NonNullable<RunText['params']>): PyObject {
  const value = (p: RunTextParam): PyValue =>
    typeof p === 'string'
      ? p
      : typeof p === 'number'
        ? Number.isInteger(p)
          ? i(p)
          : f(p)
        : Array.isArray(p)
          ? (p as readonly RunText[]).map(sentence)
          : sentence(p as RunText);
  const sentence = (t: RunText): PyValue =>
    obj([
      ['code', t.code],
      ['params', t.params === undefined ? undefined : paramsObject(t.params)],
    ]);
  return obj(Object.entries(params).map(([name, p]) => [name, value(p)]));
}

function usageObject(u: Usage): PyObject {
  return obj([
    ['prompt_tokens', i(u.prompt_tokens)],
    ['completion_tokens', i(u.completion_tokens)],
    ['reasoning_tokens', i(u.reasoning_tokens)],
    ['cached_tokens', i(u.cached_tokens)],
    ['cost_usd', u.cost_usd === undefined ? undefined : f(u.cost_usd)],
  ]);
}

function resultObject(r: EntryRunRecord): PyObject {
  return obj([
    ['entry_id', typeof r.entry_id === 'number' ? i(r.entry_id) : r.entry_id],
    ['source', r.source],
    ['reference', r.reference],
    ['predicted', r.predicted],
    ['exact_match', r.exact_match],
    ['entry_chrf', f(r.entry_chrf)],
    ['fst_accepted', null],
    ['fst_analysis', []],
    // The schema has no null for these: an entry without them leaves them out.
    ['difficulty', r.difficulty === null ? undefined : typeof r.difficulty === 'number' ? i(r.difficulty) : r.difficulty],
    ['provenance', r.provenance ?? undefined],
    ['latency_seconds', f(r.latency_seconds)],
    ['usage', usageObject(r.usage)],
    ['error', r.error],
    // Ours.
    ['error_kind', r.error_kind],
    ['error_code', r.error_code],
    ['error_params', r.error_params === undefined ? undefined : paramsObject(r.error_params)],
    ['raw_predicted', r.raw_predicted],
    ['segment', r.segment ?? undefined],
    ['entry_hash', r.entry_hash],
    ['cached', r.cached],
    ['finished_at', r.finished_at],
  ]);
}

/** The card (Python values, so floats stay floats) and its text as `json.dumps(indent=2, ensure_ascii=False)`. */
export function buildRunCard(records: readonly EntryRunRecord[], meta: RunCardMeta): { card: PyObject; text: string } {
  const repeats = new Set(records.map((r) => r.repeat));
  if (repeats.size > 1) throw new RangeError(`a run card records one run; got repeats ${[...repeats].join(', ')} (build one card per repeat)`);
  // The harness's analysis (its report), intervals included: the card's groups, ratios and intervals come from it.
  const analysis = analyseEntryRecords(records, { confidenceIntervals: meta.confidenceIntervals !== false, nBootstrap: meta.nBootstrap });
  const sums = summariseEntryRecords(records, analysis);
  const total = sums.total;
  const ok = records.filter((r) => !r.error);
  const costsKnown = sums.totalCostUsd !== null;
  const costPerEntry = sums.costPerEntryUsd;
  const tokens = { prompt: 0, completion: 0, reasoning: 0, cached: 0 };
  for (const r of records) {
    tokens.prompt += r.usage.prompt_tokens;
    tokens.completion += r.usage.completion_tokens;
    tokens.reasoning += r.usage.reasoning_tokens;
    tokens.cached += r.usage.cached_tokens;
  }
  const latency = harnessLatencySummary(ok.map((r) => r.latency_seconds));

  const byProvenance = groupBy(
    records.filter((r) => r.provenance !== null),
    (r) => r.provenance as string,
  );
  const groups = (map: Map<string, EntryRunRecord[]>, name: (k: string) => string) =>
    obj(sortedKeys(map.keys()).map((k) => [k, groupScores({ name: name(k), members: map.get(k) ?? [] }, costsKnown)]));
  const analysed = (g: Record<string, GroupAnalysis>) => obj(Object.entries(g).map(([k, v]) => [k, groupObject(v)]));
  const overall = analysis.overall;
  const cis = overall.confidence_intervals;
  // Throughput and cost ratios (publish.py, SCORING_SPEC §7), over every entry as the publisher counts them.
  const totalTokens = tokens.prompt + tokens.completion;
  const elapsed = meta.elapsedSeconds;
  const sourceChars = records.reduce((n, r) => n + pyLen(r.source), 0);
  const totalCost = sums.totalCostUsd ?? 0;
  const runStatus = cardStatus(meta.status, records);

  const modelId = modelIdOf(records, meta);
  const harnessVersion = meta.harnessVersion ?? `ewebench-studio/${meta.toolVersion}`;
  const card = obj([
    ['run_id', meta.runId ?? ''],
    ['harness_version', harnessVersion],
    ['timestamp', meta.timestamp],
    ['elapsed_seconds', f(meta.elapsedSeconds)],
    ['model_slug', meta.modelSlug],
    ['model_id', modelId],
    ['condition', meta.condition],
    ['temperature', f(meta.temperature)],
    ['max_tokens', i(meta.maxTokens ?? MAX_TOKENS)],
    ['system_prompt_sha256', systemPromptSha256(meta.systemPrompt)],
    ['system_prompt_used', meta.systemPrompt],
    ['coaching_data_sha256', meta.coachingDataSha256 ?? null],
    ['fst_version', meta.fstVersion ?? null],
    ['tools_enabled', meta.toolsEnabled ?? false],
    ['batch_size', i(meta.batchSize)],
    ['concurrency', meta.concurrency === undefined ? undefined : i(meta.concurrency)],
    ['max_retries', i(meta.maxRetries ?? 0)],
    [
      'dataset',
      obj([
        ['id', meta.corpus.datasetId],
        ['version', meta.corpus.version ?? undefined],
        ['language_pair', meta.corpus.languagePair],
        ['source_lang', meta.corpus.sourceName ?? ''],
        ['target_lang', meta.corpus.targetName ?? ''],
        ['sha256', meta.datasetSha256],
        ['entry_count', i(total)],
      ]),
    ],
    [
      'scores',
      obj([
        ['total', i(total)],
        ['evaluated', i(sums.evaluated)],
        ['exact_matches', i(sums.exactMatches)],
        ['exact_match_rate', f(sums.exactMatchRate)],
        ['equivalent_matches', null],
        ['equivalent_match_rate', null],
        ['fst_accepted', null],
        ['fst_acceptance_rate', null],
        ['morphological_accuracy', null],
        ['chrf_plus_plus', fOrNull(sums.chrfPlusPlus)],
        ['semantic_score', null],
        ['code_switching_rate', null],
        ['hallucination_rate', null],
        ['terminology_adherence', null],
        ['composite', fOrNull(sums.composite)],
        ['cost_adjusted', fOrNull(costAdjustedScore(sums.composite, costPerEntry))],
        ['quality_tier', sums.tier],
        ['errors', i(sums.errors)],
        ['by_difficulty', analysed(analysis.by_difficulty)],
        ['by_domain', analysed(analysis.by_domain)],
        // The harness leaves this empty ("not yet tracked"); we fill it the same way as by_difficulty.
        ['by_provenance', groups(byProvenance, (k) => k)],
        ['avg_latency_seconds', fOrNull(latency.avg_latency_seconds)],
        ['median_latency_seconds', fOrNull(latency.median_latency_seconds)],
        ['p95_latency_seconds', fOrNull(latency.p95_latency_seconds)],
        // Computed by the harness from metrics we do not have (sacrebleu TER, COMET, its style plugin): null, as it writes them when absent.
        ['ter', null],
        ['length_ratio', fOrNull(overall.avg_length_ratio)],
        ['style_consistency_rate', null],
        ['tokens_per_second', elapsed > 0 && totalTokens > 0 ? f(pyRound(totalTokens / elapsed, 2)) : null],
        ['entries_per_minute', elapsed > 0 && total > 0 ? f(pyRound(total / (elapsed / 60), 2)) : null],
        ['comet_score', null],
        ['confidence_intervals', cis && Object.keys(cis).length ? obj(Object.entries(cis).map(([k, c]) => [k, ciObject(c)])) : undefined],
      ]),
    ],
    [
      'totals',
      obj([
        ['prompt_tokens', i(tokens.prompt)],
        ['completion_tokens', i(tokens.completion)],
        ['reasoning_tokens', i(tokens.reasoning)],
        ['cached_tokens', i(tokens.cached)],
        ['total_cost_usd', fOrNull(sums.totalCostUsd)],
        ['cached_cost_usd', fOrNull(sums.cachedCostUsd)],
        ['cost_per_entry_usd', fOrNull(costPerEntry)],
        ['cost_per_source_char', sourceChars > 0 && totalCost > 0 ? f(pyRound(totalCost / sourceChars, 8)) : null],
        ['tokens_per_entry', total > 0 && totalTokens > 0 ? f(pyRound(totalTokens / total, 2)) : null],
        ['cost_per_1k_tokens', totalTokens > 0 && totalCost > 0 ? f(pyRound((totalCost / totalTokens) * 1000, 6)) : null],
      ]),
    ],
    // Entries answered from the response cache (the harness's `cache_hits`).
    ['cache_hits', i(records.filter((r) => r.cached).length)],
    ['by_segment', analysed(analysis.by_segment)],
    // The harness's git provenance of its own checkout and an optional method card: neither exists for our runs.
    ['provenance', null],
    ['method_card', null],
    [
      'method_config',
      obj([
        ['model', modelIdOf(records, meta)],
        ['temperature', f(meta.temperature)],
        ['batchSize', i(meta.batchSize)],
        ['register', null],
        ['coachingFile', null],
        ['coachingPrompt', null],
        ['promptContext', null],
        ['qualityTier', sums.tier],
      ]),
    ],
    ['corpus_bleu', null],
    ['corpus_license', meta.corpus.license ?? null],
    ['corpus_attribution', meta.corpus.attribution ?? null],
    ['results', records.map(resultObject)],
    [
      'ewebench_studio',
      obj([
        ['tool_version', meta.toolVersion],
        // The run the records belong to (the card's own run_id may be the fingerprint's, shared by every run
        // of the same setup), so the repeats of one Run ×K, and only they, group together when read back.
        ['run_id', records.find((r) => r.run_id !== undefined)?.run_id],
        ['origin', meta.origin],
        ['source_file', meta.sourceFile],
        ['status', runStatus],
        ['repeat', records.length ? i(records[0].repeat) : i(0)],
        ['metric_signatures', obj([['chrf_plus_plus', chrfSignature()]])],
        ['composite_profile', sums.compositeProfile],
        [
          'quality_tier_label',
          obj([
            ['en', sums.tierLabel.en],
            ['fr', sums.tierLabel.fr],
          ]),
        ],
        ['cached_entries', i(records.filter((r) => r.cached).length)],
      ]),
    ],
  ]);
  const components = fingerprintComponents(card);
  const hash = fingerprintHash(components);
  card.set(
    'fingerprint',
    obj([
      ['hash', hash],
      ['components', components],
    ]),
  );
  if (!meta.runId) card.set('run_id', cardIdFromFingerprint(hash));
  card.set('run_card_hash', '');
  card.set('run_card_hash', runCardHash(card));
  return { card, text: dumpsPy(card, { sortKeys: false, ensureAscii: false, indent: 2 }) };
}

/**
 * A run id as the harness builds one (`runner._build_run_id`): `run_{UTC YYYYmmdd_HHMMSS}_{model}_{prompt}_{dataset}`,
 * `_b{n}` for batches, then 6 hex characters of entropy (`suffix`, from the caller: core draws no randomness),
 * so two runs never share one.
 */
export function harnessCardRunId(o: { date: Date; model: string; promptVersion: string; batchSize: number; suffix: string; dataset?: string }): string {
  const p2 = (n: number) => String(n).padStart(2, '0');
  const d = o.date;
  const ts = `${d.getUTCFullYear()}${p2(d.getUTCMonth() + 1)}${p2(d.getUTCDate())}_${p2(d.getUTCHours())}${p2(d.getUTCMinutes())}${p2(d.getUTCSeconds())}`;
  const model = o.model.replaceAll('/', '_').replaceAll('-', '').replaceAll('.', '');
  const parts = [`run_${ts}_${model}_${o.promptVersion.replaceAll('.', '')}_${o.dataset ?? 'all'}`];
  if (o.batchSize > 1) parts.push(`b${o.batchSize}`);
  parts.push(o.suffix);
  return parts.join('_');
}

const modelIdOf = (records: readonly EntryRunRecord[], meta: RunCardMeta): string =>
  meta.modelId ?? records.find((r) => r.model_id !== undefined)?.model_id ?? meta.modelSlug;

/** A harness report group (`asdict(SegmentMetrics)` without BLEU) with Python's ints and floats. */
function groupObject(g: GroupAnalysis): PyObject {
  return obj([
    ['name', g.name],
    ['count', i(g.count)],
    ['exact_match_count', i(g.exact_match_count)],
    ['miss_count', i(g.miss_count)],
    ['error_count', i(g.error_count)],
    ['avg_chrf', f(g.avg_chrf)],
    ['avg_latency_s', f(g.avg_latency_s)],
    ['total_cost_usd', f(g.total_cost_usd)],
    ['plugin_aggregates', obj([])],
  ]);
}

/** `asdict(ConfidenceInterval)` with Python's ints and floats. */
function ciObject(c: ConfidenceInterval): PyObject {
  return obj([
    ['metric_name', c.metric_name],
    ['score', f(c.score)],
    ['ci_lower', f(c.ci_lower)],
    ['ci_upper', f(c.ci_upper)],
    ['ci_width', f(c.ci_width)],
    ['n_bootstrap', i(c.n_bootstrap)],
    ['confidence_level', f(c.confidence_level)],
    ['n_entries', i(c.n_entries)],
    ['seed', i(c.seed)],
  ]);
}

/**
 * The card's status: "complete" only when every entry answered. The harness publishes no card for a run
 * where every entry errored (its "vacuous run"): we write one, marked "failed"; some errors: "partial".
 */
export function cardStatus(status: string | undefined, records: readonly EntryRunRecord[]): string | undefined {
  if (status !== 'complete') return status;
  const errors = records.filter((r) => r.error).length;
  if (errors === 0) return 'complete';
  return errors === records.length ? 'failed' : 'partial';
}

// ---------------------------------------------------------------------------------------------------------
// Reading a card back (ours or the harness's) for the editor.

export interface RunCardFileMeta {
  runId: string;
  modelSlug: string;
  modelId: string | null;
  condition: string;
  timestamp: string;
  datasetId: string;
  composite: number | null;
  chrfPlusPlus: number | null;
  exactMatchRate: number | null;
  tier: string | null;
  totalCostUsd: number | null;
  costPerEntryUsd: number | null;
  sourceFile?: string;
  origin?: string;
  /** A card another tool wrote: no hashes, requests or cache flags per entry. */
  foreign: boolean;
}

const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const text = (v: unknown, fallback = ''): string => (typeof v === 'string' ? v : fallback);

function usageOf(v: unknown): Usage {
  const u = isObject(v) ? v : {};
  const usage: Usage = {
    prompt_tokens: num(u.prompt_tokens) ?? 0,
    completion_tokens: num(u.completion_tokens) ?? 0,
    reasoning_tokens: num(u.reasoning_tokens) ?? 0,
    cached_tokens: num(u.cached_tokens) ?? 0,
  };
  if (num(u.cost_usd) !== null) usage.cost_usd = num(u.cost_usd) as number;
  return usage;
}

/** What every record of a card shares, read from the card's top level. */
export interface CardRecordContext {
  model: string;
  sourceFile: string;
  origin: string;
  repeat: number;
  runId: string | undefined;
  timestamp: string;
  temperature: number;
  maxTokens: number;
  modelId: string | undefined;
}

/** The context of a card's records (the card parsed, its `results` not needed). */
export function cardRecordContext(value: JsonObject): CardRecordContext {
  const studio = isObject(value.ewebench_studio) ? value.ewebench_studio : undefined;
  return {
    model: text(value.model_slug),
    sourceFile: text(studio?.source_file),
    origin: text(studio?.origin),
    repeat: num(studio?.repeat) ?? 0,
    runId: typeof studio?.run_id === 'string' ? studio.run_id : typeof value.run_id === 'string' ? value.run_id : undefined,
    timestamp: text(value.timestamp),
    temperature: num(value.temperature) ?? 0,
    maxTokens: num(value.max_tokens) ?? MAX_TOKENS,
    modelId: typeof value.model_id === 'string' ? value.model_id : undefined,
  };
}

/**
 * One of a card's `results` as a record. `index` is the id of a result without one: how many results (objects)
 * came before it. Alone, for a card read a result at a time (`core/runs/read.ts`).
 */
export function cardRecord(r: JsonObject, index: number, c: CardRecordContext): EntryRunRecord {
  const entryId = typeof r.entry_id === 'string' || typeof r.entry_id === 'number' ? r.entry_id : index;
  const source = text(r.source);
  // The request is not stored per entry; it is rebuilt from what the card says was sent.
  const request: ChatRequest = { model: c.model, messages: [], temperature: c.temperature, max_tokens: c.maxTokens };
  const record: EntryRunRecord = {
    kind: 'corpus-entry',
    entry_id: entryId,
    source_file: c.sourceFile,
    entry_hash: text(r.entry_hash),
    repeat: c.repeat,
    model: c.model,
    origin: c.origin,
    request,
    source,
    reference: text(r.reference),
    predicted: typeof r.predicted === 'string' ? r.predicted : null,
    exact_match: r.exact_match === true,
    entry_chrf: num(r.entry_chrf) ?? 0,
    difficulty: typeof r.difficulty === 'number' || typeof r.difficulty === 'string' ? r.difficulty : null,
    provenance: typeof r.provenance === 'string' ? r.provenance : null,
    latency_seconds: num(r.latency_seconds) ?? 0,
    usage: usageOf(r.usage),
    error: typeof r.error === 'string' && r.error !== '' ? r.error : null,
    cached: r.cached === true,
    finished_at: text(r.finished_at, c.timestamp),
  };
  if (typeof r.error_kind === 'string') record.error_kind = r.error_kind as FailureKind;
  Object.assign(record, readErrorCode(r.error_code, r.error_params));
  if (typeof r.raw_predicted === 'string') record.raw_predicted = r.raw_predicted;
  if (typeof r.segment === 'string') record.segment = r.segment;
  if (c.modelId !== undefined) record.model_id = c.modelId;
  if (c.runId !== undefined) record.run_id = c.runId;
  return record;
}

/** Records and headline figures of a run card (parsed with JSON.parse); undefined when it is not one. */
export function readRunCard(value: unknown): { meta: RunCardFileMeta; records: EntryRunRecord[] } | undefined {
  if (!isObject(value) || !isObject(value.scores) || !('run_card_hash' in value || 'fingerprint' in value)) return undefined;
  const scores = value.scores;
  const studio = isObject(value.ewebench_studio) ? value.ewebench_studio : undefined;
  const dataset = isObject(value.dataset) ? value.dataset : {};
  const context = cardRecordContext(value);
  const { model, origin, sourceFile, timestamp } = context;
  const records: EntryRunRecord[] = [];
  for (const r of Array.isArray(value.results) ? value.results : []) if (isObject(r)) records.push(cardRecord(r, records.length, context));
  const totals = isObject(value.totals) ? value.totals : {};
  const meta: RunCardFileMeta = {
    runId: text(value.run_id),
    modelSlug: model,
    modelId: typeof value.model_id === 'string' ? value.model_id : null,
    condition: text(value.condition),
    timestamp,
    datasetId: text(dataset.id),
    composite: num(scores.composite),
    chrfPlusPlus: num(scores.chrf_plus_plus),
    exactMatchRate: num(scores.exact_match_rate),
    tier: typeof scores.quality_tier === 'string' ? scores.quality_tier : num(scores.composite) !== null ? qualityTier(num(scores.composite)) : null,
    totalCostUsd: num(totals.total_cost_usd),
    costPerEntryUsd: num(totals.cost_per_entry_usd),
    foreign: studio === undefined,
  };
  if (sourceFile) meta.sourceFile = sourceFile;
  if (origin) meta.origin = origin;
  return { meta, records };
}
