import { counted } from '../i18n/plural';
import { classify } from '../document/classify';
import { setOwn, isObject, type JsonObject } from '../json';
import { readResultsReport } from '../run/resultsFile';
import { cardRecord, cardRecordContext, readRunCard, type CardRecordContext } from '../run/runCard';
import type { EntryRunRecord, TestRunRecord } from '../run/types';
import { compositeScore } from '../scoring/rosetta/composite';
import { qualityTier } from '../scoring/rosetta/tiers';
import type { ReadRunsResult, Run, RunConfig, RunFigures, RunItem, RunProvenance, StatedInterval, SuiteLevel } from './types';

// What each format's branch of `readRuns` looks for, in its order (a value may look like two: the first wins).
const isEweBenchResults = (value: JsonObject): boolean => value.benchmark === 'ÈwéBench' && isObject(value.categories);
const isEweBenchLeaderboard = (value: JsonObject): boolean => value.benchmark === 'ÈwéBench' && Array.isArray(value.categories);
const isRosettaReport = (value: JsonObject): boolean => isObject(value.overall) && Array.isArray(value.entries) && isObject(value.config);
const isCardShaped = (value: JsonObject): boolean => 'run_card_hash' in value || ('fingerprint' in value && 'scores' in value);

/** Whether `readRuns` reads `value` as a Rosetta run card: no format it tries before cards matches, and the card's does. */
export function isRunCardValue(value: unknown): value is JsonObject {
  return isObject(value) && !isEweBenchResults(value) && !isEweBenchLeaderboard(value) && !isRosettaReport(value) && isCardShaped(value);
}

/**
 * Recognises and reads every run format we know, from an already parsed JSON value and its file name (core does
 * no I/O: the CLI and the server read and parse; this decides). The formats, in the order they are tried:
 * - an ÈwéBench results file, ours or the ÈwéBench harness's (`benchmark: "ÈwéBench"` and a `categories`
 *   object), through `core/run/resultsFile`'s reader;
 * - the ÈwéBench harness's `leaderboard.json` (`benchmark: "ÈwéBench"`, `categories` a list of names and an
 *   `entries` list): one run per entry, figures only (the harness publishes it with no entries; a row's fields
 *   are those its leaderboard printer reads from a results file: model, ÈwéScore, tests, passed, date, file);
 * - mt_eval_harness's `*_report.json` (`run_id`, `config`, `overall`, `entries`), its per-entry metrics;
 * - a Rosetta run card, ours or mt_eval_harness's, through `core/run/runCard`'s reader;
 * - a task suite's results (`suite_responses_version` 1 with `scores`): SEA-HELM's scores as stated, and per item
 *   and run the outcome `suite run` recorded (a responses file without outcomes gives the scores alone).
 * Figures are the ones the file states; nothing is recomputed here (compare and the leaderboard recompute what
 * they need from the items, through the one scoring home of each figure).
 */
export function readRuns(value: unknown, fileName: string, cardItems?: RunItem[]): ReadRunsResult {
  if (Array.isArray(value)) {
    const kind = classify(value).kind;
    const what = kind === 'ewebench-tests' ? 'an ÈwéBench tests file' : kind === 'rosetta-corpus' ? 'a flat corpus' : 'a JSON array';
    return { ok: false, reason: kind === 'unknown' ? 'not-an-object' : 'tests-or-corpus', detail: `${what}, not a run` };
  }
  if (!isObject(value)) return { ok: false, reason: 'not-an-object', detail: `a JSON ${value === null ? 'null' : typeof value}, not a run` };
  if (isEweBenchResults(value)) return inRange(readEweBenchResults(value, fileName));
  if (isEweBenchLeaderboard(value)) return inRange(readEweBenchLeaderboard(value, fileName));
  if (isRosettaReport(value)) return inRange(readRosettaReport(value, fileName));
  if (isCardShaped(value)) return inRange(readCard(value, fileName, cardItems));
  if (value.suite_responses_version === 1) return inRange(readSuiteResults(value, fileName));
  const kind = classify(value).kind;
  if (kind === 'rosetta-corpus') return { ok: false, reason: 'tests-or-corpus', detail: 'a corpus, not a run' };
  if (kind === 'rosetta-review') return { ok: false, reason: 'unknown-shape', detail: 'a human review file, not a run' };
  return { ok: false, reason: 'unknown-shape', detail: 'no run format recognises this object' };
}

const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);

/**
 * The range of each score a run states: a figure outside it (1e308 for a test score) is not a score, and the
 * run is refused (`out-of-range`) rather than averaged into an Infinity or a NaN that would read as a result.
 */
export const SCORE_RANGES = {
  itemScore: [0, 1],
  itemChrf: [0, 100],
  eweScore: [0, 100],
  category: [0, 100],
  corpusChrf: [0, 100],
  exactMatchRate: [0, 1],
  composite: [0, 1],
} as const satisfies Record<string, readonly [number, number]>;

/** The first figure of a run outside its range (`what is v, outside lo–hi`); null when every figure is in range. */
export function outOfRange(run: Run): string | null {
  return outOfRangeOf(run.figures, run.items);
}

/** What `outOfRange` reads of a run: its headline figures, and of each item its id, chrF++ and score. */
type RangeFigures = Pick<RunFigures, 'eweScore' | 'corpusChrf' | 'exactMatchRate' | 'composite' | 'categories'>;
type RangeItem = Pick<RunItem, 'id' | 'group' | 'chrf' | 'score'>;

function outOfRangeOf(f: RangeFigures, items: readonly RangeItem[]): string | null {
  const bad = (v: number | null, [lo, hi]: readonly [number, number]) => v !== null && !(v >= lo && v <= hi);
  const say = (what: string, v: number, [lo, hi]: readonly [number, number]) => `${what} is ${v}, outside ${lo}–${hi}`;
  const figures: [string, number | null, readonly [number, number]][] = [
    ['ewe_score', f.eweScore, SCORE_RANGES.eweScore],
    ['corpus chrF++', f.corpusChrf, SCORE_RANGES.corpusChrf],
    ['exact_match_rate', f.exactMatchRate, SCORE_RANGES.exactMatchRate],
    ['composite', f.composite, SCORE_RANGES.composite],
    ...Object.entries(f.categories).map(([stem, v]): [string, number, readonly [number, number]] => [`categories.${stem}.score`, v, SCORE_RANGES.category]),
  ];
  for (const [what, v, range] of figures) if (v !== null && bad(v, range)) return say(what, v, range);
  for (const item of items) {
    // An entry's score is its chrF++ / 100: the chrF++ is what the file wrote.
    if (item.chrf !== null && bad(item.chrf, SCORE_RANGES.itemChrf)) return say(`entry ${item.id}: chrF++`, item.chrf, SCORE_RANGES.itemChrf);
    if (item.chrf === null && item.score !== null && bad(item.score, SCORE_RANGES.itemScore))
      return say(`${item.group ? `${item.group}/` : ''}${item.id}: score`, item.score, SCORE_RANGES.itemScore);
  }
  return null;
}

const refusal = (problem: string): string => `${problem}: not a score, the file is refused`;

function inRange(read: ReadRunsResult): ReadRunsResult {
  if (!read.ok) return read;
  for (const run of read.runs) {
    const problem = outOfRange(run);
    if (problem) return { ok: false, reason: 'out-of-range', detail: refusal(problem) };
  }
  return read;
}

/**
 * For a value `isRunCardValue` accepts: why `readRuns` refuses it as out of range (its `detail`), or null when it
 * does not. The same rule (`outOfRange`) over what it reads of a card, without building the run: the headline
 * figures, and the results whose chrF++ could fail it (readCard's items: an entry with an error has none; a
 * missing chrF++ is 0). A property test holds it to `readRuns`.
 */
export function runCardRangeRefusal(value: JsonObject): string | null {
  const scores = value.scores;
  // A card without a scores object is malformed, not out of range.
  if (!isObject(scores)) return null;
  const figures: RangeFigures = {
    eweScore: null,
    corpusChrf: num(scores.chrf_plus_plus),
    exactMatchRate: num(scores.exact_match_rate),
    composite: num(scores.composite),
    categories: {},
  };
  const items: RangeItem[] = [];
  let index = 0;
  for (const r of Array.isArray(value.results) ? value.results : []) {
    if (!isObject(r)) continue;
    const at = index++;
    const chrf = num(r.entry_chrf) ?? 0;
    if ((typeof r.error === 'string' && r.error !== '') || (chrf >= SCORE_RANGES.itemChrf[0] && chrf <= SCORE_RANGES.itemChrf[1])) continue;
    const id = idText(typeof r.entry_id === 'string' || typeof r.entry_id === 'number' ? r.entry_id : at);
    items.push({ id, group: '', chrf, score: chrf / 100 });
  }
  const problem = outOfRangeOf(figures, items);
  return problem === null ? null : refusal(problem);
}

/**
 * A corpus named by what identifies it, not by where it lay: a path (`/Users/…/eng-fao-dev-v1.json`, as the
 * harness's report records `corpus_path`) becomes its file name without `.json`; an id stays as it is.
 */
export function corpusName(value: string | null): string | null {
  if (value === null || value === '') return null;
  const base = value.split(/[/\\]/).filter(Boolean).pop() ?? value;
  return base.replace(/\.json$/i, '');
}

const str = (v: unknown): string | null => (typeof v === 'string' ? v : null);
const idText = (v: unknown): string => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : (JSON.stringify(v) ?? 'null'));

/** A run's figures before anything is read: every figure unknown. */
export function emptyFigures(): RunFigures {
  return {
    eweScore: null,
    categories: {},
    corpusChrf: null,
    exactMatchRate: null,
    composite: null,
    qualityTier: null,
    total: null,
    passed: null,
    errors: null,
    totalCostUsd: null,
    costPerEntryUsd: null,
    avgLatencySeconds: null,
    medianLatencySeconds: null,
    p95LatencySeconds: null,
    suite: null,
    intervals: {},
    intervalsByTier: {},
  };
}

function emptyConfig(): RunConfig {
  return { temperature: null, maxTokens: null, batchSize: null, promptVersion: null, condition: null, systemPromptSha256: null, endpoint: null };
}

function provenance(p: Pick<RunProvenance, 'format' | 'producer' | 'fileName'> & Partial<RunProvenance>): RunProvenance {
  return {
    index: 0,
    runId: null,
    timestamp: null,
    status: null,
    datasetId: null,
    languagePair: null,
    harnessVersion: null,
    toolVersion: null,
    runCardHash: null,
    fingerprint: null,
    ...p,
  };
}

/** `{name: {score, ci_lower, ci_upper, ...}}` → `{name: {lower, upper}}`, keeping only well-formed ones. */
function intervalsOf(v: unknown): Record<string, StatedInterval> {
  const out: Record<string, StatedInterval> = {};
  if (!isObject(v)) return out;
  for (const [name, ci] of Object.entries(v)) {
    if (!isObject(ci)) continue;
    const lower = num(ci.ci_lower);
    const upper = num(ci.ci_upper);
    if (lower !== null && upper !== null) setOwn(out, name, { lower, upper });
  }
  return out;
}

/** How our reader files a test: by its category and id, which both writers record. */
export function testKey(category: string, testId: string): string {
  return `${category}/${testId}`;
}

function testItem(r: TestRunRecord): RunItem {
  const full = r.harness_only !== true;
  return {
    key: testKey(r.category, r.test_id),
    id: r.test_id,
    numericId: false,
    group: r.category,
    method: r.method,
    tier: null,
    segment: null,
    repeat: r.repeat,
    score: r.score,
    passed: r.passed,
    response: r.response ?? r.response_preview ?? null,
    responseComplete: full && r.response !== null,
    reference: null,
    source: null,
    chrf: null,
    exactMatch: null,
    error: r.error,
    latencySeconds: full ? r.latency_ms / 1000 : null,
    costUsd: r.usage.cost_usd ?? null,
  };
}

function readEweBenchResults(value: JsonObject, fileName: string): ReadRunsResult {
  const read = readResultsReport(value);
  if (!read) return { ok: false, reason: 'malformed', detail: 'an ÈwéBench results file without categories' };
  const { meta, records } = read;
  const figures = emptyFigures();
  figures.eweScore = meta.eweScore;
  for (const [stem, c] of Object.entries(value.categories as JsonObject)) {
    if (isObject(c) && c.skipped !== true && num(c.score) !== null) figures.categories[stem] = num(c.score) as number;
  }
  const summary = isObject(value.summary) ? value.summary : {};
  figures.total = num(summary.total_tests);
  figures.passed = num(summary.total_passed);
  figures.errors = records.filter((r) => r.error !== null).length;
  const costs = records.map((r) => r.usage.cost_usd).filter((c): c is number => c !== undefined);
  if (costs.length) figures.totalCostUsd = costs.reduce((a, b) => a + b, 0);
  const producer = meta.harnessOnly ? 'ewebench-harness' : 'ewebench-studio';
  const studio = isObject(value.ewebench_studio) ? value.ewebench_studio : {};
  const first = records.find((r) => r.request.messages.length > 0);
  const config = emptyConfig();
  config.endpoint = meta.endpoint || null;
  if (first) {
    config.temperature = first.request.temperature;
    config.maxTokens = first.request.max_tokens;
  }
  const run: Run = {
    kind: 'ewebench',
    model: meta.model,
    modelId: records.find((r) => r.model_id !== undefined)?.model_id ?? null,
    config,
    items: records.map(testItem),
    itemsComplete: !meta.harnessOnly,
    figures,
    provenance: provenance({
      format: 'ewebench-results',
      producer,
      fileName,
      runId: meta.runId || null,
      timestamp: meta.timestamp || null,
      status: meta.status ?? null,
      datasetId: str(value.version) === null ? null : `ÈwéBench ${str(value.version)}`,
      harnessVersion: str(value.version),
      toolVersion: str(studio.tool_version),
    }),
  };
  return { ok: true, format: 'ewebench-results', runs: [run] };
}

/** A leaderboard row's category scores: numbers, or objects with a `score` (as a results file writes them). */
function categoryScores(v: unknown): Record<string, number> {
  const out: Record<string, number> = {};
  if (!isObject(v)) return out;
  for (const [stem, c] of Object.entries(v)) {
    const score = isObject(c) ? (c.skipped === true ? null : num(c.score)) : num(c);
    if (score !== null) setOwn(out, stem, score);
  }
  return out;
}

function readEweBenchLeaderboard(value: JsonObject, fileName: string): ReadRunsResult {
  if (!Array.isArray(value.entries)) return { ok: false, reason: 'malformed', detail: 'an ÈwéBench leaderboard without an entries list' };
  const runs: Run[] = [];
  value.entries.forEach((row, index) => {
    if (!isObject(row)) return;
    const figures = emptyFigures();
    figures.eweScore = num(row.ewe_score) ?? num(row.score);
    figures.categories = categoryScores(row.categories);
    const summary = isObject(row.summary) ? row.summary : {};
    figures.total = num(row.tests) ?? num(row.total_tests) ?? num(summary.total_tests);
    figures.passed = num(row.passed) ?? num(row.total_passed) ?? num(summary.total_passed);
    const config = emptyConfig();
    config.endpoint = str(row.endpoint);
    runs.push({
      kind: 'ewebench',
      model: str(row.model) ?? str(row.name) ?? '?',
      modelId: null,
      config,
      items: [],
      itemsComplete: false,
      figures,
      provenance: provenance({
        format: 'ewebench-leaderboard',
        producer: 'ewebench-harness',
        fileName: str(row.file) ?? fileName,
        index,
        runId: str(row.run_id),
        timestamp: str(row.date) ?? str(row.timestamp),
        datasetId: str(value.version) === null ? null : `ÈwéBench ${str(value.version)}`,
        harnessVersion: str(value.version),
      }),
    });
  });
  return { ok: true, format: 'ewebench-leaderboard', runs };
}

function entryItemFromReport(e: JsonObject, index: number): RunItem {
  const error = typeof e.error === 'string' && e.error !== '' ? e.error : null;
  const chrf = error ? null : num(e.chrf_score);
  const exact = error ? null : typeof e.exact_match === 'boolean' ? e.exact_match : null;
  const id = e.id === undefined || e.id === null ? String(index) : idText(e.id);
  const difficulty = e.difficulty;
  return {
    key: id,
    id,
    numericId: typeof e.id === 'number',
    group: str(e.domain) ?? '',
    method: null,
    tier: typeof difficulty === 'number' || (typeof difficulty === 'string' && difficulty !== '') ? String(difficulty) : null,
    segment: str(e.segment) || null,
    repeat: 0,
    score: chrf === null ? null : chrf / 100,
    passed: exact,
    response: str(e.predicted),
    responseComplete: typeof e.predicted === 'string',
    reference: str(e.expected),
    source: str(e.source),
    chrf,
    exactMatch: exact,
    error,
    latencySeconds: num(e.latency_s),
    costUsd: num(e.cost_usd),
  };
}

/** `mt_eval_harness/tester.py`'s report: config, overall figures with intervals, and the per-entry metrics. */
function readRosettaReport(value: JsonObject, fileName: string): ReadRunsResult {
  const config = value.config as JsonObject;
  const overall = value.overall as JsonObject;
  const items = (value.entries as unknown[]).flatMap((e, i) => (isObject(e) ? [entryItemFromReport(e, i)] : []));
  const figures = emptyFigures();
  figures.corpusChrf = num(overall.corpus_chrf);
  figures.exactMatchRate = num(overall.exact_match_rate);
  figures.intervals = intervalsOf(overall.confidence_intervals);
  // The composite as the report gives it: stated in `overall`, else the point estimate beside its own interval
  // (`confidence_intervals.composite_score.score`, computed by the harness from the unrounded figures). Only a
  // report with neither gets the harness's Profile B over its rounded chrF++ and exact-match rate.
  const cis = isObject(overall.confidence_intervals) ? overall.confidence_intervals : {};
  const stated = num(overall.composite_score) ?? num(overall.composite) ?? (isObject(cis.composite_score) ? num(cis.composite_score.score) : null);
  figures.composite =
    stated ??
    (figures.corpusChrf === null && figures.exactMatchRate === null
      ? null
      : compositeScore({ chrf_plus_plus: figures.corpusChrf, exact_match_rate: figures.exactMatchRate }).composite);
  figures.qualityTier = figures.composite === null ? null : qualityTier(figures.composite);
  figures.total = num(overall.evaluated);
  figures.passed = num(overall.exact_match_count);
  figures.errors = num(overall.error_count);
  figures.totalCostUsd = num(overall.total_cost_usd);
  const totalEntries = num(overall.total_entries);
  if (figures.totalCostUsd !== null && totalEntries) figures.costPerEntryUsd = figures.totalCostUsd / totalEntries;
  figures.avgLatencySeconds = num(overall.avg_latency_s);
  if (isObject(overall.confidence_intervals_by_tier)) {
    for (const [tier, cis] of Object.entries(overall.confidence_intervals_by_tier)) figures.intervalsByTier[tier] = intervalsOf(cis);
  }
  const runConfig = emptyConfig();
  runConfig.temperature = num(config._effective_temperature) ?? num(config.temperature);
  runConfig.maxTokens = num(config.max_tokens);
  runConfig.batchSize = num(config.batch_size);
  runConfig.promptVersion = str(config.prompt_version);
  const languagePair = [str(config.source_lang), str(config.target_lang)].filter(Boolean).join(' → ') || null;
  const run: Run = {
    kind: 'rosetta',
    model: str(config.model) ?? str(config._model_id) ?? '?',
    modelId: str(config._model_id),
    config: runConfig,
    items,
    itemsComplete: true,
    figures,
    provenance: provenance({
      format: 'rosetta-report',
      producer: 'mt-eval-harness',
      fileName,
      runId: str(value.run_id),
      timestamp: timestampOfRunId(str(value.run_id)),
      datasetId: str(config.dataset_id) || corpusName(str(config.corpus_path)) || corpusName(str(config.dataset)),
      languagePair,
    }),
  };
  return { ok: true, format: 'rosetta-report', runs: [run] };
}

/** The harness's run ids start `run_YYYYmmdd_HHMMSS_` (UTC): the only date its report carries. */
function timestampOfRunId(runId: string | null): string | null {
  const m = runId ? /^run_(\d{4})(\d{2})(\d{2})_(\d{2})(\d{2})(\d{2})_/.exec(runId) : null;
  return m ? `${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}:${m[6]}Z` : null;
}

function entryItemFromRecord(r: EntryRunRecord): RunItem {
  const id = idText(r.entry_id);
  const error = r.error;
  return {
    key: id,
    id,
    numericId: typeof r.entry_id === 'number',
    group: '',
    method: null,
    tier: r.difficulty === null ? null : String(r.difficulty),
    segment: r.segment ?? null,
    repeat: r.repeat,
    score: error ? null : r.entry_chrf / 100,
    passed: error ? null : r.exact_match,
    response: r.predicted,
    responseComplete: r.predicted !== null,
    reference: r.reference,
    source: r.source,
    chrf: error ? null : r.entry_chrf,
    exactMatch: error ? null : r.exact_match,
    error,
    latencySeconds: r.latency_seconds,
    costUsd: r.usage.cost_usd ?? null,
  };
}

function readCard(value: JsonObject, fileName: string, streamed?: RunItem[]): ReadRunsResult {
  const read = readRunCard(value);
  if (!read) return { ok: false, reason: 'malformed', detail: 'a run card without a scores object' };
  const { meta, records } = read;
  const scores = value.scores as JsonObject;
  const studio = isObject(value.ewebench_studio) ? value.ewebench_studio : undefined;
  const figures = emptyFigures();
  figures.corpusChrf = meta.chrfPlusPlus;
  figures.exactMatchRate = meta.exactMatchRate;
  figures.composite = meta.composite;
  figures.qualityTier = meta.tier;
  figures.total = num(scores.evaluated) ?? num(scores.total);
  figures.passed = num(scores.exact_matches);
  figures.errors = num(scores.errors);
  figures.totalCostUsd = meta.totalCostUsd;
  figures.costPerEntryUsd = meta.costPerEntryUsd;
  figures.avgLatencySeconds = num(scores.avg_latency_seconds);
  figures.medianLatencySeconds = num(scores.median_latency_seconds);
  figures.p95LatencySeconds = num(scores.p95_latency_seconds);
  figures.intervals = intervalsOf(scores.confidence_intervals);
  const config = emptyConfig();
  config.temperature = num(value.temperature);
  config.maxTokens = num(value.max_tokens);
  config.batchSize = num(value.batch_size);
  config.condition = meta.condition || null;
  config.systemPromptSha256 = str(value.system_prompt_sha256);
  const dataset = isObject(value.dataset) ? value.dataset : {};
  const fingerprint = isObject(value.fingerprint) ? str(value.fingerprint.hash) : null;
  const run: Run = {
    kind: 'rosetta',
    model: meta.modelSlug,
    modelId: meta.modelId,
    config,
    items: streamed ? withRepeat(streamed, cardRecordContext(value).repeat) : records.map(entryItemFromRecord),
    itemsComplete: true,
    figures,
    provenance: provenance({
      format: 'rosetta-run-card',
      producer: studio ? 'ewebench-studio' : 'mt-eval-harness',
      fileName,
      runId: meta.runId || null,
      timestamp: meta.timestamp || null,
      status: str(studio?.status),
      datasetId: corpusName(meta.datasetId),
      languagePair: str(dataset.language_pair),
      harnessVersion: str(value.harness_version),
      toolVersion: str(studio?.tool_version),
      runCardHash: str(value.run_card_hash),
      fingerprint,
    }),
  };
  return { ok: true, format: 'rosetta-run-card', runs: [run] };
}

/** A SEA-HELM level as the file states it, or null. */
function suiteLevel(v: unknown): SuiteLevel | null {
  if (!isObject(v) || num(v.mean) === null) return null;
  return { mean: num(v.mean) as number, standardError: num(v.standardError) };
}

/** The tasks whose outcomes are counted as accuracy (the rest, translation, as chrF++). */
const SUITE_GENERATIVE = new Set(['translation']);

/**
 * A suite's results file (`core/suite/results.ts` writes it): the figures are SEA-HELM's as stated under
 * `scores`; the items are the recorded outcomes, one per item and run (key `task/item`), with the response the
 * file saved for that run. A file without `scores` (responses only) is not a results file yet: `suite score`
 * computes them.
 */
function readSuiteResults(value: JsonObject, fileName: string): ReadRunsResult {
  const malformed = (detail: string): ReadRunsResult => ({ ok: false, reason: 'malformed', detail });
  const model = str(value.model);
  const runs = num(value.runs);
  if (!model || runs === null || !Number.isInteger(runs) || runs < 1 || runs > 100)
    return malformed('a suite results file needs a model and its number of runs (1–100)');
  if (!isObject(value.tasks)) return malformed('a suite results file needs its responses under "tasks"');
  const scores = isObject(value.scores) ? value.scores : null;
  const overall = scores ? suiteLevel(scores.overall) : null;
  if (!scores || !overall)
    return malformed('suite responses without scores: run ewebench-studio suite score SUITE.json FILE --out RESULTS.json to write its results');
  const tasks = Array.isArray(scores.tasks)
    ? scores.tasks.flatMap((t) => {
        const level = suiteLevel(t);
        return isObject(t) && level && typeof t.id === 'string'
          ? [{ ...level, id: t.id, competency: str(t.competency) ?? '', language: str(t.language) ?? '' }]
          : [];
      })
    : [];
  const items: RunItem[] = [];
  const outcomes = isObject(value.outcomes) ? value.outcomes : {};
  for (const [taskId, task] of Object.entries(outcomes)) {
    if (!isObject(task) || !isObject(task.items)) return malformed(`outcomes.${taskId} needs its items`);
    const kind = str(task.task) ?? '';
    const generative = SUITE_GENERATIVE.has(kind);
    const responses = isObject(value.tasks[taskId]) ? (value.tasks[taskId] as JsonObject) : {};
    for (const [itemId, item] of Object.entries(task.items)) {
      if (!isObject(item) || !Array.isArray(item.runs) || item.runs.length !== runs)
        return malformed(`outcomes.${taskId}.${itemId} must list ${counted(runs, 'run outcome', 'run outcomes')}`);
      const saved = Array.isArray(responses[itemId]) ? (responses[itemId] as unknown[]) : [];
      for (const [r, outcome] of item.runs.entries()) {
        const score = isObject(outcome) ? num(outcome.score) : null;
        if (score === null) return malformed(`outcomes.${taskId}.${itemId}.runs[${r}] needs a score`);
        const response = str(saved[r]);
        const correct = isObject(outcome) && typeof outcome.correct === 'boolean' ? outcome.correct : null;
        items.push({
          key: `${taskId}/${itemId}`,
          id: itemId,
          numericId: false,
          group: taskId,
          method: kind || null,
          tier: null,
          segment: null,
          repeat: r,
          score: generative ? score / 100 : score,
          passed: generative ? null : correct,
          response,
          responseComplete: response !== null,
          reference: str(item.expected),
          source: str(item.source),
          chrf: generative ? score : null,
          exactMatch: null,
          error: response === null ? 'no response (scored as a wrong answer)' : null,
          latencySeconds: null,
          costUsd: null,
        });
      }
    }
  }
  const figures = emptyFigures();
  figures.suite = { runs, overall, tasks };
  figures.total = new Set(items.map((i) => i.key)).size || null;
  const run: Run = {
    kind: 'suite',
    model,
    modelId: null,
    config: emptyConfig(),
    items,
    itemsComplete: items.length > 0,
    figures,
    provenance: provenance({ format: 'suite-results', producer: 'ewebench-studio', fileName, datasetId: str(value.suite) }),
  };
  return { ok: true, format: 'suite-results', runs: [run] };
}

/** Items read a result at a time carry the card's repeat, known once the whole card is read. */
function withRepeat(items: RunItem[], repeat: number): RunItem[] {
  for (const item of items) item.repeat = repeat;
  return items;
}

/** Any context will do for a result's run item: none of its fields comes from the context but the repeat, set later. */
const ITEM_CONTEXT: CardRecordContext = {
  model: '',
  sourceFile: '',
  origin: '',
  repeat: 0,
  runId: undefined,
  timestamp: '',
  temperature: 0,
  maxTokens: 0,
  modelId: undefined,
};

/**
 * A run card's `results` taken one by one as a parser hands them over (`core/jsonStream`'s `streamMember`): each
 * kept as the run item `readRunCard` then `readRuns` would make of it, the rest of the result dropped. `marker`
 * is what the parsed card holds in place of its results.
 */
export class CardResultsSink {
  readonly marker: unknown[] = [];
  readonly items: RunItem[] = [];
  /** `shareWith`: another run's items by key; a text equal to the same item's there is kept once (that run's copy). */
  constructor(private readonly shareWith?: ReadonlyMap<string, RunItem>) {}
  add(value: unknown): void {
    if (!isObject(value)) return;
    const item = entryItemFromRecord(cardRecord(value, this.items.length, ITEM_CONTEXT));
    shareTexts(item, this.shareWith?.get(item.key));
    this.items.push(item);
  }
}

/**
 * One copy of each text: an answer equal to its reference holds the reference's string, and an item's texts equal
 * to those of the same item in another run hold that run's strings. Equal strings, so nothing read changes.
 */
export function shareTexts(item: RunItem, other: RunItem | undefined): void {
  if (other) {
    if (item.source !== null && item.source === other.source) item.source = other.source;
    if (item.reference !== null && item.reference === other.reference) item.reference = other.reference;
    if (item.response !== null && item.response === other.response) item.response = other.response;
  }
  if (item.response !== null && item.response === item.reference) item.response = item.reference;
}

/**
 * `readRuns` of a file parsed with its `results` handed to sinks: the same runs as `readRuns` of the whole parsed
 * file when it is a run card whose last `results` member went to one of the sinks; null otherwise (another
 * format, or a file that is not a run: read it whole for the same answer and message as before).
 */
export function readStreamedCard(value: unknown, fileName: string, sinks: readonly CardResultsSink[]): ReadRunsResult | null {
  if (!isObject(value) || !Array.isArray(value.results)) return null;
  const results = value.results;
  const sink = sinks.find((s) => s.marker === results);
  if (!sink) return null;
  const read = readRuns(value, fileName, sink.items);
  return read.ok && read.format === 'rosetta-run-card' ? read : null;
}
