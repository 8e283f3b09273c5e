import { counted } from '../../core/i18n/plural';
import * as fs from 'node:fs';
import * as path from 'node:path';
import {
  homeOriginsOf,
  insecureHttpProblem,
  isPresetName,
  keyIsAtHome,
  ModelConfigError,
  PRESET_NAMES,
  PROVIDER_PRESETS,
  resolveModel,
  type PresetName,
} from '../../core/run/presets';
import { readRunCard } from '../../core/run/runCard';
import { summariseTestRecords, type TestRunSummary } from '../../core/run/summary';
import type { EntryRunRecord, ModelConfig, TestRunRecord } from '../../core/run/types';
import { recordItemId } from '../../core/run/items';
import { ResponseCache, defaultCacheDir } from '../../runner/cache';
import { executeRun, type RunFile, type RunResult } from '../../runner/execute';
import { resolveApiKey } from '../../runner/keys';
import { consoleLogger, silentLogger, type RunLogger } from '../../runner/log';
import { openAICompatibleProvider } from '../../runner/provider';
import { displayPath, expandJsonPaths, formatOption, parseArgs } from '../files';
import { UsageError, type CliIo } from '../io';
import { numberFlag } from '../flags';
import { DEFAULT_BATCH_SIZE, isPromptVersion, PROMPT_VERSIONS } from '../../core/run/batch';
import { entryCounts } from '../../core/run/summary';
import { RUN_LIMITS } from '../../core/spec/limits';
import { firstLine, terminalSafeJson, terminalSafeLines, textTable } from '../format/text';
import { toLocale } from '../../core/i18n/locale';
import { renderRunText, runText, type RunText } from '../../core/i18n/runMessages';

export const usage =
  'run PATH... [--id ID ...] (--preset NAME | --base-url URL) --model NAME [--model NAME ...] [--api-key-env VAR] [--concurrency N (1-64)] [--repeat K (1-100)] [--batch-size N (1-1000)] [--prompt-version naive|multilingual] [--timeout SECONDS (0.1-3600)] [--retries N (0-10)] [--max-retry-wait SECONDS (0-3600)] [--max-response-mib N] [--allow-insecure-http] [--out DIR] [--cache-dir DIR] [--no-cache] [--allow-secret-segments] [--strict] [--verbose] [--format text|json]   run tests and corpus entries against one model or several (one run each, results kept per model) and score them';

export const TOOL_VERSION = '0.1.0';

/** The model from the flags; a key only from the environment (no --api-key flag: it would land in shell history). */
export function modelFromFlags(values: Record<string, string[]>, env: NodeJS.ProcessEnv, allowInsecureHttp: boolean, model?: string) {
  const presetName = values.preset?.[0];
  const baseUrl = values['base-url']?.[0];
  if (presetName === undefined && baseUrl === undefined)
    throw new UsageError(`--preset NAME or --base-url URL is required (presets: ${PRESET_NAMES.join(', ')})`);
  if (presetName !== undefined && !isPresetName(presetName)) throw new UsageError(`unknown preset '${presetName}' (known: ${PRESET_NAMES.join(', ')})`);
  const provider: PresetName = presetName ?? 'custom';
  if (!model)
    throw new UsageError(
      `--model is required${PROVIDER_PRESETS[provider].defaultModel ? ` (the harness uses ${PROVIDER_PRESETS[provider].defaultModel} with ${provider})` : ''}`,
    );
  const config: ModelConfig = { provider, model, ...(baseUrl ? { baseUrl } : {}), ...(values['api-key-env'] ? { apiKeyEnv: values['api-key-env'][0] } : {}) };
  let resolved;
  try {
    resolved = resolveModel(config);
  } catch (error) {
    if (error instanceof ModelConfigError) throw new UsageError(error.message);
    throw error;
  }
  const insecure = insecureHttpProblem(resolved.baseUrl, allowInsecureHttp);
  if (insecure) throw new UsageError(insecure.en);
  const key = resolveApiKey(config, { env });
  // A preset's key goes only to its preset's origin; to send a key anywhere else the user names its variable.
  if (!config.apiKeyEnv && key.variable && !keyIsAtHome(key.variable, resolved.origin)) {
    throw new UsageError(
      `${key.variable} is only sent to ${homeOriginsOf(key.variable).join(', ')}, not to ${resolved.origin}: name the variable holding the key for ${resolved.origin} with --api-key-env (--api-key-env ${key.variable} to send that one there)`,
    );
  }
  if (!key.key && (PROVIDER_PRESETS[provider].needsKey || config.apiKeyEnv)) {
    throw new UsageError(
      key.variable
        ? `no API key: set the environment variable ${key.variable}${config.apiKeyEnv ? '' : ' (or name another with --api-key-env)'}`
        : 'no API key: name the environment variable that holds it with --api-key-env',
    );
  }
  return { resolved, apiKey: key.key };
}

/** `[########------] 12/40` redrawn in place on a terminal. */
function progressBar(io: CliIo): ((done: number, total: number) => void) & { clear(): void } {
  let drawn = false;
  const draw = (done: number, total: number) => {
    const width = 30;
    const filled = total ? Math.round((done / total) * width) : width;
    io.stderr(`\r[${'#'.repeat(filled)}${'-'.repeat(width - filled)}] ${done}/${total}`);
    drawn = true;
  };
  return Object.assign(draw, {
    clear: () => {
      if (drawn) io.stderr('\r\x1b[K');
    },
  });
}

function latency(ms: number, cached: boolean): string {
  return cached ? 'cached' : ms >= 1000 ? `${(ms / 1000).toFixed(1)} s` : `${Math.round(ms)} ms`;
}

interface ReportCategories {
  categories?: Record<string, { score: number; total: number; passed: number; skipped: boolean }>;
}

function readJsonFile(file: string | undefined): Record<string, unknown> | undefined {
  if (!file) return undefined;
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>;
  } catch {
    return undefined;
  }
}

/** The runner's sentences (from their code and parameters) in the language of LANG (as `validate` chooses it); the rest of the report is English. */
const said = (text: RunText, io: CliIo) => renderRunText(text, toLocale((io.env ?? process.env).LANG));
/** A record's error: its sentence in the language of LANG when it has a code, else as written. */
const errorSaid = (r: { error: string | null; error_code?: RunText['code']; error_params?: RunText['params'] }, io: CliIo) =>
  r.error_code !== undefined ? said(runText(r.error_code, r.error_params), io) : (r.error ?? '');

function testVerdict(r: TestRunRecord, io: CliIo): string {
  if (r.error !== null) return `ERROR: ${errorSaid(r, io)}`;
  if (r.score === null) return `NO SCORE: ${r.reason ? r.reason : 'the harness cannot score it'}`;
  return r.passed ? 'pass' : 'fail';
}

function textReport(result: RunResult, model: string, io: CliIo): string {
  let out = '';
  const tests = result.records.filter((r): r is TestRunRecord => r.kind === 'ewebench-test');
  const entries = result.records.filter((r): r is EntryRunRecord => r.kind === 'corpus-entry');
  const repeated = result.records.some((r) => r.repeat > 0);
  if (tests.length) {
    const rows = [['TEST', 'CATEGORY', 'METHOD', 'SCORE', 'LATENCY', 'RESULT']];
    for (const r of tests) {
      rows.push([
        repeated ? `${r.test_id} #${r.repeat + 1}` : r.test_id,
        r.category,
        r.method ?? '-',
        r.rounded_score === null ? '-' : r.rounded_score.toFixed(3),
        latency(r.latency_ms, r.cached),
        testVerdict(r, io),
      ]);
    }
    out += textTable(rows) + '\n';
    const report = readJsonFile(result.resultsFile) as ReportCategories | undefined;
    const catRows = [['CATEGORY', 'SCORE', 'PASSED', 'ERRORED']];
    for (const [category, c] of Object.entries(report?.categories ?? {})) {
      if (c.total === 0 && !tests.some((t) => t.category === category)) continue;
      catRows.push([
        category,
        c.skipped ? '-' : c.score.toFixed(1),
        `${c.passed}/${c.total}`,
        String(tests.filter((t) => t.category === category && t.error !== null).length),
      ]);
    }
    if (catRows.length > 1) out += textTable(catRows) + '\n';
    out += eweScoreLine(tests, model) + '\n';
  }
  if (entries.length) {
    const rows = [['ENTRY', 'FILE', 'CHRF++', 'EXACT', 'LATENCY', 'RESULT']];
    for (const r of entries) {
      rows.push([
        repeated ? `${String(r.entry_id)} #${r.repeat + 1}` : String(r.entry_id),
        r.source_file,
        r.error === null ? r.entry_chrf.toFixed(1) : '-',
        r.error === null ? (r.exact_match ? 'yes' : 'no') : '-',
        latency(r.latency_seconds * 1000, r.cached),
        firstLine(r.error === null ? (r.predicted ?? '') : `ERROR: ${errorSaid(r, io)}`),
      ]);
    }
    out += (tests.length ? '\n' : '') + textTable(rows) + '\n';
    const counts = entryCounts(entries);
    out += `entries: ${counts.scored} scored · ${counts.unscored} unscored · ${counts.errored} errored\n`;
    const ok = entries.filter((r) => r.error === null);
    if (ok.length) {
      const chrf = ok.reduce((s, r) => s + r.entry_chrf, 0) / ok.length;
      const exact = ok.filter((r) => r.exact_match).length;
      out += `mean sentence chrF++: ${chrf.toFixed(1)} · exact match: ${exact}/${ok.length} · ${model}\n`;
    }
    for (const file of result.runCardFiles) {
      const card = readRunCard(readJsonFile(file))?.meta;
      if (!card) continue;
      const cost = card.totalCostUsd === null ? 'cost not reported' : `cost $${card.totalCostUsd.toFixed(4)}`;
      out += `${card.datasetId}: corpus chrF++ ${card.chrfPlusPlus ?? '-'} · composite ${card.composite ?? '-'} (${card.tier ?? 'unscored'}) · ${cost}\n`;
    }
  }
  const errored = result.errored;
  const latencies = result.records
    .filter((r) => r.error === null && !r.cached)
    .map((r) => (r.kind === 'corpus-entry' ? r.latency_seconds * 1000 : r.latency_ms));
  if (latencies.length)
    out += `latency: mean ${Math.round(latencies.reduce((a, b) => a + b, 0) / latencies.length)} ms over ${counted(latencies.length, 'call', 'calls')}\n`;
  if (errored) out += `${errored} of ${counted(result.records.length, 'call', 'calls')} errored\n`;
  if (result.kept) out += `resumed run ${result.runId}: ${counted(result.kept, 'result', 'results')} kept from the journal\n`;
  if (result.cancelled) out += `${cancelledLine(result)}\n`;
  if (result.resultsFile) out += `results: ${displayPath(result.resultsFile, io.cwd)}\n`;
  for (const card of result.runCardFiles) out += `run card: ${displayPath(card, io.cwd)}\n`;
  return out;
}

/**
 * The ÈwéScore line, or why there is none: a run with nothing scored prints no score of 0, and a tests file
 * outside the harness's ten categories shows its mean score instead (the harness runs only its ten files).
 */
function eweScoreLine(tests: readonly TestRunRecord[], model: string): string {
  const summary = summariseTestRecords(tests);
  if (summary.eweScore !== null) {
    const outside = summary.outsideCategories.length ? ` (not counted: ${summary.outsideCategories.join(', ')}, ${NOT_A_CATEGORY})` : '';
    return `ÈwéScore: ${summary.eweScore.toFixed(1)}/100 · ${model}${outside}`;
  }
  return `${summary.meanScore === null ? '' : `mean score: ${summary.meanScore.toFixed(1)}/100 over ${counted(summary.total, 'scored run', 'scored runs')} · `}${noEweScoreText(summary)}`;
}

const NOT_A_CATEGORY = "not one of the harness's ten categories; name a tests file after one (tests/<category>.json, e.g. tests/reasoning.json) to count it";

function noEweScoreText(summary: TestRunSummary): string {
  if (summary.noEweScore === 'nothing-scored')
    return `no ÈwéScore: nothing was scored (${counted(summary.errored, 'call', 'calls')} errored, ${counted(summary.unscored, 'answer', 'answers')} could not be scored)`;
  return `no ÈwéScore: ${summary.outsideCategories.join(', ')} ${summary.outsideCategories.length > 1 ? 'are' : 'is'} ${NOT_A_CATEGORY}`;
}

/** Why a run sent nothing: every file looked at, and why none of it could run. */
function nothingRanText(looked: number, result: RunResult, io: CliIo): string {
  const reasons = result.skipped.map((s) => said(s.text, io));
  const shown = reasons
    .slice(0, 20)
    .map((r) => `  ${r}\n`)
    .join('');
  const more = reasons.length > 20 ? `  … and ${reasons.length - 20} more\n` : '';
  return `nothing ran: looked at ${counted(looked, 'file', 'files')} and found nothing to send:\n${shown}${more}A run sends the tests of ÈwéBench tests files (tests/<category>.json) and the entries of Rosetta corpora.\n`;
}

/** What a cancel stopped, kept apart from errors: nothing cancelled is an error, and a rerun sends it. */
function cancelledLine(result: RunResult): string {
  const n = result.cancelledItems.length;
  const inFlight = result.cancelledItems.filter((c) => c.inFlight).length;
  return `cancelled: ${counted(n, 'item', 'items')} not run${inFlight ? ` (${inFlight} in flight)` : ''}; ${result.records.length === 1 ? 'the 1 result received is kept' : `the ${result.records.length} results received are kept`}; run the same command again to resume`;
}

/** The headline figures of a written run card, as the card states them. */
function runCardFigures(file: string, io: CliIo) {
  const meta = readRunCard(readJsonFile(file))?.meta;
  return {
    file: displayPath(file, io.cwd),
    dataset: meta?.datasetId ?? null,
    chrf_plus_plus: meta?.chrfPlusPlus ?? null,
    exact_match_rate: meta?.exactMatchRate ?? null,
    composite: meta?.composite ?? null,
    tier: meta?.tier ?? null,
    total_cost_usd: meta?.totalCostUsd ?? null,
  };
}

const repeated = (result: RunResult) => result.records.some((r) => r.repeat > 0) || result.cancelledItems.some((c) => c.repeat > 0);

function jsonReport(result: RunResult, strict: boolean, io: CliIo): unknown {
  const report = readJsonFile(result.resultsFile) as ReportCategories | undefined;
  const tests = result.records
    .filter((r): r is TestRunRecord => r.kind === 'ewebench-test')
    .map((r) => ({
      id: r.test_id,
      category: r.category,
      file: r.source_file,
      ...(r.repeat > 0 || result.records.some((o) => o.repeat > 0) ? { repeat: r.repeat } : {}),
      method: r.method,
      score: r.rounded_score,
      raw_score: r.score,
      passed: r.passed,
      breakdown: r.breakdown,
      response: r.response,
      latency_ms: Math.round(r.latency_ms),
      usage: r.usage,
      cached: r.cached,
      error: r.error,
      ...(r.error_kind ? { error_kind: r.error_kind } : {}),
      ...(r.error === null && r.score === null && r.reason ? { reason: r.reason } : {}),
    }));
  const entries = result.records
    .filter((r): r is EntryRunRecord => r.kind === 'corpus-entry')
    .map((r) => ({
      id: r.entry_id,
      file: r.source_file,
      ...(result.records.some((o) => o.repeat > 0) ? { repeat: r.repeat } : {}),
      predicted: r.predicted,
      reference: r.reference,
      chrf: r.entry_chrf,
      exact_match: r.exact_match,
      latency_ms: Math.round(r.latency_seconds * 1000),
      usage: r.usage,
      cached: r.cached,
      error: r.error,
      ...(r.error_kind ? { error_kind: r.error_kind } : {}),
    }));
  const categories = Object.fromEntries(
    Object.entries(report?.categories ?? {})
      .filter(([, c]) => !c.skipped)
      .map(([k, c]) => [k, c.score]),
  );
  const summary = summariseTestRecords(result.records.filter((r): r is TestRunRecord => r.kind === 'ewebench-test'));
  // Ours beside the score: null with the reason when there is none (the results file keeps the harness's number).
  const eweScore = {
    ewe_score: summary.eweScore,
    ...(summary.noEweScore ? { ewe_score_reason: summary.noEweScore, ewe_score_note: noEweScoreText(summary) } : {}),
    mean_score: summary.meanScore,
  };
  return {
    run_id: result.runId,
    ...(tests.length ? { tests, categories, ...eweScore, harness_comparable: !strict } : {}),
    ...(entries.length ? { entries } : {}),
    errored: result.errored,
    skipped: result.skipped.map((s) => ({ file: s.file, ...(s.id !== undefined ? { id: s.id } : {}), kind: s.kind, reason: s.reason })),
    kept: result.kept,
    cancelled: result.cancelled,
    ...(result.cancelled
      ? {
          cancelled_items: result.cancelledItems.map((c) => ({
            file: c.file,
            id: c.id,
            ...(repeated(result) ? { repeat: c.repeat } : {}),
            in_flight: c.inFlight,
          })),
        }
      : {}),
    ...(result.resultsFile ? { results_file: displayPath(result.resultsFile, io.cwd) } : {}),
    ...(result.runCardFile ? { run_card_file: displayPath(result.runCardFile, io.cwd) } : {}),
    ...(result.runCardFiles.length ? { run_cards: result.runCardFiles.map((f) => runCardFigures(f, io)) } : {}),
    ...(result.runCardFiles.length > 1 ? { run_card_files: result.runCardFiles.map((f) => displayPath(f, io.cwd)) } : {}),
  };
}

export async function run(args: string[], io: CliIo): Promise<number> {
  if (args.includes('--api-key') || args.some((a) => a.startsWith('--api-key='))) {
    throw new UsageError(
      'there is no --api-key flag (it would be kept in shell history): put the key in an environment variable and name it with --api-key-env',
    );
  }
  const { positional, values, flags } = parseArgs(args, {
    values: [
      'id',
      'preset',
      'base-url',
      'model',
      'api-key-env',
      'concurrency',
      'repeat',
      'batch-size',
      'prompt-version',
      'timeout',
      'retries',
      'max-retry-wait',
      'max-response-mib',
      'out',
      'cache-dir',
      'format',
    ],
    booleans: ['no-cache', 'allow-secret-segments', 'strict', 'verbose', 'allow-insecure-http'],
    repeatable: ['id', 'model'],
  });
  const format = formatOption(values.format, ['text', 'json']);
  const env = io.env ?? process.env;
  // Several --model: the same endpoint and flags, one run per model, one after another (one run per output folder).
  const modelNames = values.model ?? [undefined];
  const twice = modelNames.find((m, i) => modelNames.indexOf(m) !== i);
  if (twice !== undefined) throw new UsageError(`--model ${twice} given twice`);
  if (modelNames.length > MAX_MODELS) throw new UsageError(`--model given ${modelNames.length} times: at most ${MAX_MODELS} models per run`);
  const models = modelNames.map((name) => modelFromFlags(values, env, flags.has('allow-insecure-http'), name));
  const concurrency = numberFlag('concurrency', values.concurrency?.[0], RUN_LIMITS.concurrency, 4);
  const repeat = numberFlag('repeat', values.repeat?.[0], RUN_LIMITS.repeat, 1);
  // Corpus entries per request and the prompt, as the Rosetta harness's --batch-size and --prompt.
  const batchSize = numberFlag('batch-size', values['batch-size']?.[0], RUN_LIMITS.batchSize, DEFAULT_BATCH_SIZE);
  const promptVersion = values['prompt-version']?.[0] ?? 'naive';
  if (!isPromptVersion(promptVersion)) throw new UsageError(`--prompt-version must be one of ${PROMPT_VERSIONS.join(', ')}`);
  const timeoutSeconds = numberFlag('timeout', values.timeout?.[0], RUN_LIMITS.timeoutSeconds);
  const retries = numberFlag('retries', values.retries?.[0], RUN_LIMITS.retries);
  // Hostile endpoints: the longest Retry-After obeyed and the largest response read (see README, "run").
  const maxRetryWait = numberFlag('max-retry-wait', values['max-retry-wait']?.[0], RUN_LIMITS.maxRetryWaitSeconds);
  const maxResponseMib = numberFlag('max-response-mib', values['max-response-mib']?.[0], RUN_LIMITS.maxResponseMiB);
  const strict = flags.has('strict');
  const ids = values.id;
  const found = expandJsonPaths(positional, io.cwd);
  if (found.length === 0) {
    io.stderr(
      terminalSafeLines(
        `nothing to run: no *.json file in ${positional.join(', ')} (folders such as node_modules, out, dist and dot-folders are not searched); a run reads ÈwéBench tests files (tests/<category>.json) and Rosetta corpora\n`,
      ),
    );
    return 1;
  }
  const files: RunFile[] = found.map((full) => {
    let bytes: Buffer;
    try {
      bytes = fs.readFileSync(full);
    } catch (error) {
      throw new Error(`${displayPath(full, io.cwd)}: cannot read (${(error as NodeJS.ErrnoException).code ?? String(error)})`, { cause: error });
    }
    return { path: full, displayPath: displayPath(full, io.cwd), text: bytes.toString('utf8'), bytes, ...(ids ? { ids } : {}) };
  });

  // Everything printed from here on may hold text that did not come from us (ids, file names, a dataset's id,
  // a server's error, a model's answer): it reaches the terminal only through these.
  const say = (text: string) => io.stdout(terminalSafeLines(text));
  const tell = (text: string) => io.stderr(terminalSafeLines(text));
  const several = models.length > 1;
  const reports: unknown[] = [];
  const results: { model: string; result: RunResult }[] = [];
  let exit = 0;
  for (const { resolved, apiKey } of models) {
    if (several && format === 'text') say(`${results.length ? '\n' : ''}== ${resolved.model} ==\n`);
    const warnings: string[] = [];
    const logger: RunLogger = flags.has('verbose')
      ? consoleLogger(tell)
      : { info: () => undefined, warn: (m) => warnings.push(m), error: (m) => tell(`error: ${m}\n`), trace: () => undefined, traceEnabled: false };
    const provider = openAICompatibleProvider({
      baseUrl: resolved.baseUrl,
      ...(apiKey ? { apiKey } : {}),
      ...(timeoutSeconds !== undefined ? { timeoutMs: Math.round(timeoutSeconds * 1000) } : {}),
      ...(retries !== undefined ? { maxRetries: retries } : {}),
      ...(maxRetryWait !== undefined ? { maxRetryWaitMs: maxRetryWait * 1000 } : {}),
      ...(maxResponseMib !== undefined ? { maxResponseBytes: Math.round(maxResponseMib * 1024 * 1024) } : {}),
      allowInsecureHttp: flags.has('allow-insecure-http'),
      // Request lines only with --verbose; failures show in the table anyway.
      logger: flags.has('verbose') ? logger : silentLogger,
      userAgent: `ewebench-studio/${TOOL_VERSION}`,
      label: resolved.label,
    });
    const useCache = !flags.has('no-cache');
    const bar = io.stderrIsTTY ? progressBar(io) : undefined;
    let result: RunResult;
    try {
      result = await executeRun(
        {
          files,
          model: resolved,
          repeat,
          concurrency,
          batchSize,
          promptVersion,
          strict,
          allowSecretSegments: flags.has('allow-secret-segments'),
          useCache,
          outDir: path.resolve(io.cwd, values.out?.[0] ?? 'results'),
          toolVersion: TOOL_VERSION,
          ...(retries !== undefined ? { maxRetries: retries } : {}),
        },
        {
          provider,
          ...(useCache ? { cache: new ResponseCache(values['cache-dir'] ? path.resolve(io.cwd, values['cache-dir'][0]) : defaultCacheDir(env)) } : {}),
          logger,
          ...(io.signal ? { signal: io.signal } : {}),
          ...(bar ? { onProgress: bar } : {}),
        },
      );
    } finally {
      bar?.clear();
    }
    results.push({ model: resolved.model, result });

    // An --id matters when no file has it; one file lacking it is normal with several files.
    const ran = new Set(result.records.map(recordItemId));
    const seenElsewhere = new Set(result.skipped.filter((s) => s.kind !== 'not-found' && s.id !== undefined).map((s) => s.id));
    const missing = (ids ?? []).filter(
      (id) => !ran.has(id) && !seenElsewhere.has(id) && !result.records.some((r) => r.kind === 'corpus-entry' && JSON.stringify(r.entry_id) === id),
    );
    const nothingRan = result.records.length === 0 && !result.cancelled;
    // What was skipped, from the run's own list (each reason a code and its parameters), not from the log's lines;
    // ids missing from one file are normal with several files (reported below when no file has them), and when
    // nothing ran every file looked at is listed below.
    const skippedLines = new Set(result.skipped.map((s) => `skipped: ${s.reason}`));
    for (const s of nothingRan ? [] : result.skipped) if (s.text.code !== 'noSuchItem') tell(`warning: skipped: ${said(s.text, io)}\n`);
    for (const w of warnings) {
      // A cancel is said in the report itself.
      if (skippedLines.has(w) || /^run \S+ cancelled/.test(w)) continue;
      tell(`warning: ${w}\n`);
    }
    for (const id of missing) tell(`warning: no test or entry with id ${id} in the files given\n`);
    if (nothingRan) tell(nothingRanText(files.length, result, io));

    if (format === 'json') reports.push(several ? { model: resolved.model, ...(jsonReport(result, strict, io) as object) } : jsonReport(result, strict, io));
    else say(textReport(result, resolved.model, io));
    // 130 as a shell reports a command stopped by Ctrl-C (128 + SIGINT): the run was cancelled, nothing failed;
    // the models after it are not run.
    if (result.cancelled) {
      exit = 130;
      break;
    }
    const unscored = result.records.some((r) => r.kind === 'ewebench-test' && r.error === null && r.score === null);
    const notRun = result.skipped.some((s) => s.kind === 'no-request' || s.kind === 'not-runnable') || missing.length > 0;
    if (result.errored > 0 || unscored || notRun || result.records.length === 0) exit = 1;
  }
  const comparison = several ? compareModels(results) : undefined;
  if (format === 'json') {
    const out = several ? { models: results.map((r) => r.model), runs: reports, comparison } : reports[0];
    io.stdout(terminalSafeJson(JSON.stringify(out, null, 2)) + '\n');
  } else if (comparison && comparison.items.length) say(`\n${comparisonTable(comparison)}`);
  return exit;
}

/** How many models one `run` takes (each is a whole run of the files given). */
export const MAX_MODELS = 20;

/** One item's result per model: a test's rounded score (or null: errored, not scored), an entry's chrF++. */
interface ModelComparison {
  models: string[];
  items: { file: string; id: string; scores: Record<string, number | null> }[];
}

/** The items × models table of a run with several models, each model's newest repeat, items in the order first seen. */
function compareModels(results: readonly { model: string; result: RunResult }[]): ModelComparison {
  const models = results.map((r) => r.model);
  const rows = new Map<string, ModelComparison['items'][number]>();
  for (const { model, result } of results) {
    for (const r of result.records) {
      const id = recordItemId(r);
      const key = JSON.stringify([r.source_file, id]);
      let row = rows.get(key);
      if (!row) rows.set(key, (row = { file: r.source_file, id, scores: Object.fromEntries(models.map((m) => [m, null])) }));
      row.scores[model] = r.error !== null ? null : r.kind === 'ewebench-test' ? r.rounded_score : r.kind === 'suite-item' ? r.score : r.entry_chrf;
    }
  }
  return { models, items: [...rows.values()] };
}

function comparisonTable(comparison: ModelComparison): string {
  const cell = (v: number | null | undefined) => (v === null || v === undefined ? '-' : String(Math.round(v * 1000) / 1000));
  const rows = [['ITEM', 'FILE', ...comparison.models]];
  for (const item of comparison.items) rows.push([item.id, item.file, ...comparison.models.map((m) => cell(item.scores[m]))]);
  return textTable(rows) + '\n';
}
