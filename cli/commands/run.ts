import * as fs from 'node:fs';
import * as path from 'node:path';
import { isPresetName, ModelConfigError, PRESET_NAMES, PROVIDER_PRESETS, resolveModel, type PresetName } from '../../core/run/presets';
import { readRunCard } from '../../core/run/runCard';
import type { EntryRunRecord, ModelConfig, TestRunRecord } from '../../core/run/types';
import { ResponseCache, defaultCacheDir } from '../../runner/cache';
import { executeRun, type RunFile, type RunResult } from '../../runner/execute';
import { resolveApiKey } from '../../runner/keys';
import { consoleLogger, silentLogger, type RunLogger } from '../../runner/log';
import { openAICompatibleProvider } from '../../runner/provider';
import { displayPath, expandJsonPaths, formatOption, parseArgs } from '../files';
import { UsageError, type CliIo } from '../io';
import { DEFAULT_BATCH_SIZE, isPromptVersion, PROMPT_VERSIONS } from '../../core/run/batch';
import { entryCounts } from '../../core/run/summary';
import { textTable } from '../format/text';

export const usage =
  'run PATH... [--id ID ...] (--preset NAME | --base-url URL) --model NAME [--api-key-env VAR] [--concurrency N] [--repeat K] [--batch-size N] [--prompt-version naive|multilingual] [--timeout SECONDS] [--out DIR] [--cache-dir DIR] [--no-cache] [--allow-secret-segments] [--strict] [--verbose] [--format text|json]   run tests and corpus entries against a model and score them';

const TOOL_VERSION = '0.1.0';

function positiveInt(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  if (!/^\d+$/.test(value) || Number(value) < 1) throw new UsageError(`--${name} must be a whole number of 1 or more`);
  return Number(value);
}

/** The model from the flags; a key only from the environment (no --api-key flag: it would land in shell history). */
function modelFromFlags(values: Record<string, string[]>, env: NodeJS.ProcessEnv) {
  const presetName = values.preset?.[0];
  const baseUrl = values['base-url']?.[0];
  if (presetName === undefined && baseUrl === undefined) throw new UsageError(`--preset NAME or --base-url URL is required (presets: ${PRESET_NAMES.join(', ')})`);
  if (presetName !== undefined && !isPresetName(presetName)) throw new UsageError(`unknown preset '${presetName}' (known: ${PRESET_NAMES.join(', ')})`);
  const provider: PresetName = presetName ?? 'custom';
  const model = values.model?.[0];
  if (!model) throw new UsageError(`--model is required${PROVIDER_PRESETS[provider].defaultModel ? ` (the harness uses ${PROVIDER_PRESETS[provider].defaultModel} with ${provider})` : ''}`);
  const config: ModelConfig = { provider, model, ...(baseUrl ? { baseUrl } : {}), ...(values['api-key-env'] ? { apiKeyEnv: values['api-key-env'][0] } : {}) };
  let resolved;
  try {
    resolved = resolveModel(config);
  } catch (error) {
    if (error instanceof ModelConfigError) throw new UsageError(error.message);
    throw error;
  }
  const key = resolveApiKey(config, { env });
  if (!key.key && (PROVIDER_PRESETS[provider].needsKey || config.apiKeyEnv)) {
    throw new UsageError(key.variable ? `no API key: set the environment variable ${key.variable}${config.apiKeyEnv ? '' : ' (or name another with --api-key-env)'}` : 'no API key: name the environment variable that holds it with --api-key-env');
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
  ewe_score?: number;
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

function testVerdict(r: TestRunRecord): string {
  if (r.error !== null) return `ERROR: ${r.error}`;
  if (r.score === null) return `NO SCORE: ${r.reason ?? 'the harness cannot score it'}`;
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
      rows.push([repeated ? `${r.test_id} #${r.repeat + 1}` : r.test_id, r.category, r.method ?? '-', r.rounded_score === null ? '-' : r.rounded_score.toFixed(3), latency(r.latency_ms, r.cached), testVerdict(r)]);
    }
    out += textTable(rows) + '\n';
    const report = readJsonFile(result.resultsFile) as ReportCategories | undefined;
    const catRows = [['CATEGORY', 'SCORE', 'PASSED', 'ERRORED']];
    for (const [category, c] of Object.entries(report?.categories ?? {})) {
      if (c.total === 0 && !tests.some((t) => t.category === category)) continue;
      catRows.push([category, c.skipped ? '-' : c.score.toFixed(1), `${c.passed}/${c.total}`, String(tests.filter((t) => t.category === category && t.error !== null).length)]);
    }
    if (catRows.length > 1) out += textTable(catRows) + '\n';
    if (report?.ewe_score !== undefined) out += `ÈwéScore: ${report.ewe_score.toFixed(1)}/100 · ${model}\n`;
  }
  if (entries.length) {
    const rows = [['ENTRY', 'FILE', 'CHRF++', 'EXACT', 'LATENCY', 'RESULT']];
    for (const r of entries) {
      rows.push([repeated ? `${String(r.entry_id)} #${r.repeat + 1}` : String(r.entry_id), r.source_file, r.error === null ? r.entry_chrf.toFixed(1) : '-', r.error === null ? (r.exact_match ? 'yes' : 'no') : '-', latency(r.latency_seconds * 1000, r.cached), r.error === null ? (r.predicted ?? '') : `ERROR: ${r.error}`]);
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
  const latencies = result.records.filter((r) => r.error === null && !r.cached).map((r) => (r.kind === 'ewebench-test' ? r.latency_ms : r.latency_seconds * 1000));
  if (latencies.length) out += `latency: mean ${Math.round(latencies.reduce((a, b) => a + b, 0) / latencies.length)} ms over ${latencies.length} call(s)\n`;
  if (errored) out += `${errored} of ${result.records.length} call(s) errored\n`;
  if (result.kept) out += `resumed run ${result.runId}: ${result.kept} result(s) kept from the journal\n`;
  if (result.cancelled) out += 'cancelled: the results received are kept; run the same command again to resume\n';
  if (result.resultsFile) out += `results: ${displayPath(result.resultsFile, io.cwd)}\n`;
  for (const card of result.runCardFiles) out += `run card: ${displayPath(card, io.cwd)}\n`;
  return out;
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
  const categories = Object.fromEntries(Object.entries(report?.categories ?? {}).filter(([, c]) => !c.skipped).map(([k, c]) => [k, c.score]));
  return {
    run_id: result.runId,
    ...(tests.length ? { tests, categories, ewe_score: report?.ewe_score ?? null, harness_comparable: !strict } : {}),
    ...(entries.length ? { entries } : {}),
    errored: result.errored,
    skipped: result.skipped.map((s) => ({ file: s.file, ...(s.id !== undefined ? { id: s.id } : {}), kind: s.kind, reason: s.reason })),
    kept: result.kept,
    cancelled: result.cancelled,
    ...(result.resultsFile ? { results_file: displayPath(result.resultsFile, io.cwd) } : {}),
    ...(result.runCardFile ? { run_card_file: displayPath(result.runCardFile, io.cwd) } : {}),
    ...(result.runCardFiles.length ? { run_cards: result.runCardFiles.map((f) => runCardFigures(f, io)) } : {}),
    ...(result.runCardFiles.length > 1 ? { run_card_files: result.runCardFiles.map((f) => displayPath(f, io.cwd)) } : {}),
  };
}

export async function run(args: string[], io: CliIo): Promise<number> {
  if (args.includes('--api-key') || args.some((a) => a.startsWith('--api-key='))) {
    throw new UsageError('there is no --api-key flag (it would be kept in shell history): put the key in an environment variable and name it with --api-key-env');
  }
  const { positional, values, flags } = parseArgs(args, {
    values: ['id', 'preset', 'base-url', 'model', 'api-key-env', 'concurrency', 'repeat', 'batch-size', 'prompt-version', 'timeout', 'out', 'cache-dir', 'format'],
    booleans: ['no-cache', 'allow-secret-segments', 'strict', 'verbose'],
    repeatable: ['id'],
  });
  const format = formatOption(values.format, ['text', 'json']);
  const env = io.env ?? process.env;
  const { resolved, apiKey } = modelFromFlags(values, env);
  const concurrency = positiveInt('concurrency', values.concurrency?.[0], 4);
  const repeat = positiveInt('repeat', values.repeat?.[0], 1);
  // Corpus entries per request and the prompt, as the Rosetta harness's --batch-size and --prompt.
  const batchSize = positiveInt('batch-size', values['batch-size']?.[0], DEFAULT_BATCH_SIZE);
  const promptVersion = values['prompt-version']?.[0] ?? 'naive';
  if (!isPromptVersion(promptVersion)) throw new UsageError(`--prompt-version must be one of ${PROMPT_VERSIONS.join(', ')}`);
  const timeoutSeconds = values.timeout?.[0];
  if (timeoutSeconds !== undefined && !(Number(timeoutSeconds) > 0)) throw new UsageError('--timeout must be a number of seconds above 0');
  const strict = flags.has('strict');
  const ids = values.id;
  const files: RunFile[] = expandJsonPaths(positional, io.cwd).map((full) => {
    let bytes: Buffer;
    try {
      bytes = fs.readFileSync(full);
    } catch (error) {
      throw new Error(`${displayPath(full, io.cwd)}: cannot read (${(error as NodeJS.ErrnoException).code ?? String(error)})`, { cause: error });
    }
    return { path: full, displayPath: displayPath(full, io.cwd), text: bytes.toString('utf8'), bytes, ...(ids ? { ids } : {}) };
  });

  const warnings: string[] = [];
  const logger: RunLogger = flags.has('verbose')
    ? consoleLogger(io.stderr)
    : { info: () => undefined, warn: (m) => warnings.push(m), error: (m) => io.stderr(`error: ${m}\n`), trace: () => undefined, traceEnabled: false };
  const provider = openAICompatibleProvider({
    baseUrl: resolved.baseUrl,
    ...(apiKey ? { apiKey } : {}),
    ...(timeoutSeconds ? { timeoutMs: Math.round(Number(timeoutSeconds) * 1000) } : {}),
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

  // An --id matters when no file has it; one file lacking it is normal with several files.
  const ran = new Set(result.records.map((r) => (r.kind === 'ewebench-test' ? r.test_id : String(r.entry_id))));
  const seenElsewhere = new Set(result.skipped.filter((s) => s.kind !== 'not-found' && s.id !== undefined).map((s) => s.id));
  const missing = (ids ?? []).filter((id) => !ran.has(id) && !seenElsewhere.has(id) && !result.records.some((r) => r.kind === 'corpus-entry' && JSON.stringify(r.entry_id) === id));
  for (const w of warnings) {
    // Ids missing from one file are normal with several files (reported below when no file has them);
    // a cancel is said in the report itself.
    if (/^skipped: .*: no item with id /.test(w) || /^run \S+ cancelled/.test(w)) continue;
    io.stderr(`warning: ${w}\n`);
  }
  for (const id of missing) io.stderr(`warning: no test or entry with id ${id} in the files given\n`);
  if (result.records.length === 0 && !result.cancelled) io.stderr('warning: nothing ran\n');

  io.stdout(format === 'json' ? JSON.stringify(jsonReport(result, strict, io), null, 2) + '\n' : textReport(result, resolved.model, io));
  const unscored = result.records.some((r) => r.kind === 'ewebench-test' && r.error === null && r.score === null);
  const notRun = result.skipped.some((s) => s.kind === 'no-request' || s.kind === 'not-runnable') || missing.length > 0;
  return result.errored > 0 || result.cancelled || unscored || notRun || result.records.length === 0 ? 1 : 0;
}
