import * as fs from 'node:fs';
import * as path from 'node:path';
import { createHash } from 'node:crypto';
import { benchMatrix, cardFigures, resultsFigures, type CellFigures, type MatrixRow } from '../../core/bench/matrix';
import { BenchmarkError, planBenchmark, readBenchmark, targetSize, type BenchCell, type BenchPlan, type TargetSize } from '../../core/bench/plan';
import { JsonDocument } from '../../core/document/jsonDocument';
import { isObject } from '../../core/json';
import { defaultSeverity } from '../../core/rules/codes';
import { verifyRunCard } from '../../core/runcard/verify';
import { validateDocument } from '../../core/validate';
import { ResponseCache, defaultCacheDir } from '../../runner/cache';
import { executeRun } from '../../runner/execute';
import { silentLogger } from '../../runner/log';
import { openAICompatibleProvider } from '../../runner/provider';
import { displayPath, formatOption, parseArgs, readText } from '../files';
import { terminalSafeJson, terminalSafeLines, textTable } from '../format/text';
import { UsageError, type CliIo } from '../io';
import { modelFromFlags, TOOL_VERSION } from './run';

export const usage =
  'bench FILE [--yes] [--format text|json] [--allow-insecure-http] [--allow-secret-segments] [--cache-dir DIR]   run every cell of a benchmark matrix (Rosetta §6), resumable, and print quality, cost, speed and the Pareto front';

interface LoadedTarget {
  full: string;
  display: string;
  bytes: Buffer;
  text: string;
  sha256: string;
}

const parseJson = (text: string): unknown => JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);

/** The JSON files a cell's folder holds whose name starts with `prefix` (review files and the journal left out). */
function outputsIn(folder: string, prefix: string): string[] {
  let names: string[];
  try {
    names = fs.readdirSync(folder);
  } catch {
    return [];
  }
  return names
    .filter((n) => n.startsWith(prefix) && n.endsWith('.json') && !n.endsWith('.review.json'))
    .sort()
    .map((n) => path.join(folder, n));
}

/**
 * A cell's finished output, when there is one: a run card that verifies, says the run completed and was made
 * with this cell's setup (same corpus bytes, model, temperature and prompt), or a complete results file of the
 * same model. Anything else means the cell runs (again).
 */
function finishedOutput(cell: BenchCell, folder: string, target: LoadedTarget, display: (f: string) => string): CellFigures | undefined {
  if (cell.target.kind === 'corpus') {
    for (const file of outputsIn(folder, 'rosetta_').reverse()) {
      const text = fs.readFileSync(file, 'utf8');
      if (verifyRunCard(text) !== 'verified') continue;
      const card = parseJson(text);
      if (!isObject(card)) continue;
      const dataset = isObject(card.dataset) ? card.dataset : {};
      const figures = cardFigures(display(file), card, 'verified', cell.model.price);
      if (
        figures.status === 'complete' &&
        dataset.sha256 === target.sha256 &&
        card.model_slug === cell.model.model &&
        card.temperature === cell.temperature &&
        card.condition === cell.promptVersion
      )
        return figures;
    }
    return undefined;
  }
  for (const file of outputsIn(folder, 'ewebench_').reverse()) {
    const value = parseJson(fs.readFileSync(file, 'utf8'));
    if (!isObject(value) || value.model !== cell.model.model) continue;
    const figures = resultsFigures(display(file), value, cell.model.price);
    if (figures.status === 'complete') return figures;
  }
  return undefined;
}

/** What the cell wrote in this invocation (its newest output), verified again as any card is. */
function writtenOutput(cell: BenchCell, files: readonly string[], display: (f: string) => string): CellFigures | null {
  const file = files[files.length - 1];
  if (!file) return null;
  const text = fs.readFileSync(file, 'utf8');
  const value = parseJson(text);
  if (!isObject(value)) return null;
  return cell.target.kind === 'corpus'
    ? cardFigures(display(file), value, verifyRunCard(text), cell.model.price)
    : resultsFigures(display(file), value, cell.model.price);
}

const usd = (n: number | null) => (n === null ? 'unknown' : `$${n < 0.01 ? n.toPrecision(2) : n.toFixed(2)}`);

function estimateText(plan: BenchPlan, toRun: readonly BenchCell[]): string {
  const t = toRun.reduce(
    (a, c) => ({
      requests: a.requests + c.estimate.requests,
      prompt: a.prompt + c.estimate.promptTokens,
      completion: a.completion + c.estimate.completionTokens,
      cost: c.estimate.costUsd === null ? a.cost : (a.cost ?? 0) + c.estimate.costUsd,
    }),
    { requests: 0, prompt: 0, completion: 0, cost: null as number | null },
  );
  const unpriced = plan.unpriced.filter((m) => toRun.some((c) => c.model.model === m));
  return (
    `estimate for the ${toRun.length} cell(s) to run: ${t.requests} request(s), about ${t.prompt} prompt and ${t.completion} completion tokens (4 characters a token), ` +
    `cost ${usd(t.cost)}${unpriced.length ? ` plus the models without a price (${unpriced.join(', ')})` : ''}\n`
  );
}

function matrixText(rows: readonly MatrixRow[]): string {
  const fmt = (n: number | null | undefined, d: number) => (n === null || n === undefined ? '—' : n.toFixed(d));
  return textTable([
    ['cell', 'model', 'temp', 'prompt', 'free', 'target', 'outcome', 'quality', 'cost', 'cost/item', 's/item', 'tokens', 'verified', 'pareto'],
    ...rows.map((r) => {
      const f = r.figures;
      return [
        r.cell,
        r.model,
        r.temperature === null ? '—' : String(r.temperature),
        r.prompt_version ?? '—',
        Object.entries(r.free)
          .map(([k, v]) => `${k}=${String(v)}`)
          .join(' ') || '—',
        r.target,
        r.outcome,
        f?.quality === null || !f ? '—' : `${fmt(f.quality, 4)} ${f.qualityMetric === 'composite' ? 'composite' : 'ÈwéScore/100'}`,
        f ? `${usd(f.costUsd)}${f.costSource === 'tokens × price' ? ' (tokens × price)' : ''}` : '—',
        f?.costPerItemUsd === null || !f ? '—' : f.costPerItemUsd.toPrecision(3),
        fmt(f?.avgLatencySeconds, 3),
        f ? String(f.promptTokens + f.completionTokens) : '—',
        f?.verification ?? (f ? 'no seal (results file)' : '—'),
        r.pareto ? '★' : '',
      ];
    }),
  ]);
}

/** `bench FILE`: plan, estimate, confirm, run each pending cell through the runner, then the matrix. */
export async function run(args: string[], io: CliIo): Promise<number> {
  const { positional, values, flags } = parseArgs(args, {
    values: ['format', 'cache-dir'],
    booleans: ['yes', 'allow-insecure-http', 'allow-secret-segments'],
  });
  if (positional.length !== 1) throw new UsageError('bench takes one benchmark file');
  const format = formatOption(values.format, ['text', 'json']);
  const file = path.resolve(io.cwd, positional[0]);
  const display = (f: string) => displayPath(f, io.cwd);
  const tell = (text: string) => io.stderr(terminalSafeLines(text));
  const text = readText(file, io);
  const result = validateDocument(new JsonDocument(text), { locale: 'en', audit: false });
  if (result.classification.kind !== 'benchmark-matrix') {
    tell(`${display(file)}: not a benchmark file (it needs benchmark_version and axes; see schemas/benchmark.schema.json)\n`);
    return 2;
  }
  const errors = result.findings.filter((f) => (f.severity ?? defaultSeverity(f.code)) === 'error');
  if (errors.length) {
    tell(`${display(file)}: the benchmark file has errors; run ewebench-studio validate on it:\n${errors.map((f) => `  ${f.message}`).join('\n')}\n`);
    return 2;
  }
  let bench;
  try {
    bench = readBenchmark(parseJson(text));
  } catch (error) {
    if (error instanceof BenchmarkError) throw new UsageError(`${display(file)}: ${error.message}`);
    throw error;
  }
  const base = path.dirname(file);
  const outDir = path.resolve(base, bench.out ?? path.basename(file).replace(/\.json$/i, ''));

  // Targets: read once, sized for the estimate, hashed to recognise a card made from these very bytes.
  const targets = new Map<string, LoadedTarget>();
  const sizes = new Map<string, TargetSize>();
  for (const target of bench.targets) {
    if (targets.has(target.path)) continue;
    const full = path.resolve(base, target.path);
    const textOf = readText(full, io);
    const bytes = Buffer.from(textOf, 'utf8');
    let value: unknown;
    try {
      value = parseJson(textOf);
    } catch (error) {
      throw new Error(`${display(full)}: not valid JSON (${error instanceof Error ? error.message : String(error)})`, { cause: error });
    }
    targets.set(target.path, { full, display: display(full), bytes, text: textOf, sha256: createHash('sha256').update(bytes).digest('hex') });
    try {
      sizes.set(target.path, targetSize(target, value));
    } catch (error) {
      throw new Error(`${display(full)}: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
    }
  }
  const plan = planBenchmark(bench, sizes);

  // Models resolved (keys, origins, plain http) before anything is asked or sent.
  const env = io.env ?? process.env;
  const resolvedModels = new Map<string, ReturnType<typeof modelFromFlags>>();
  for (const m of bench.models) {
    const key = JSON.stringify(m);
    if (resolvedModels.has(key)) continue;
    const flagValues: Record<string, string[]> = { model: [m.model] };
    if (m.preset) flagValues.preset = [m.preset];
    if (m.base_url) flagValues['base-url'] = [m.base_url];
    if (m.api_key_env) flagValues['api-key-env'] = [m.api_key_env];
    resolvedModels.set(key, modelFromFlags(flagValues, env, flags.has('allow-insecure-http'), m.model));
  }

  const outcomes = new Map<string, { outcome: MatrixRow['outcome']; figures: CellFigures | null }>();
  const toRun: BenchCell[] = [];
  for (const cell of plan.cells) {
    const done = finishedOutput(cell, path.join(outDir, cell.id), targets.get(cell.target.path) as LoadedTarget, display);
    if (done) outcomes.set(cell.id, { outcome: 'skipped', figures: done });
    else toRun.push(cell);
  }
  tell(
    `${display(file)}: ${plan.cells.length} cell(s) in ${display(outDir)}; ${plan.cells.length - toRun.length} already have a verified, complete output and are skipped; ${toRun.length} to run\n`,
  );
  if (toRun.length) {
    tell(estimateText(plan, toRun));
    if (!flags.has('yes')) {
      if (!io.confirm) {
        tell('bench asks before it spends anything, and there is no terminal to ask on: run it again with --yes to start\n');
        return 2;
      }
      if (!(await io.confirm(`Run ${toRun.length} cell(s)? [y/N] `))) {
        tell('nothing was sent\n');
        return 1;
      }
    }
  }

  const cacheDir = values['cache-dir'] ? path.resolve(io.cwd, values['cache-dir'][0]) : defaultCacheDir(env);
  for (const [k, cell] of toRun.entries()) {
    if (io.signal?.aborted) break;
    const target = targets.get(cell.target.path) as LoadedTarget;
    const folder = path.join(outDir, cell.id);
    const { resolved, apiKey } = resolvedModels.get(JSON.stringify(cell.model)) as ReturnType<typeof modelFromFlags>;
    tell(`[${k + 1}/${toRun.length}] ${cell.id}\n`);
    const provider = openAICompatibleProvider({
      baseUrl: resolved.baseUrl,
      ...(apiKey ? { apiKey } : {}),
      allowInsecureHttp: flags.has('allow-insecure-http'),
      logger: silentLogger,
      userAgent: `ewebench-studio/${TOOL_VERSION}`,
      label: resolved.label,
    });
    try {
      const ran = await executeRun(
        {
          files: [
            {
              path: target.full,
              displayPath: target.display,
              text: target.text,
              bytes: target.bytes,
              kind: cell.target.kind === 'corpus' ? 'rosetta-corpus' : 'ewebench-tests',
            },
          ],
          model: resolved,
          concurrency: bench.concurrency,
          batchSize: bench.batchSize,
          ...(cell.promptVersion ? { promptVersion: cell.promptVersion } : {}),
          ...(cell.temperature !== null ? { corpusTemperature: cell.temperature } : {}),
          allowSecretSegments: flags.has('allow-secret-segments'),
          useCache: cell.useCache,
          outDir: folder,
          toolVersion: TOOL_VERSION,
        },
        { provider, ...(cell.useCache ? { cache: new ResponseCache(cacheDir) } : {}), ...(io.signal ? { signal: io.signal } : {}) },
      );
      const written = ran.runCardFiles.length ? ran.runCardFiles : ran.resultsFile ? [ran.resultsFile] : [];
      const figures = writtenOutput(cell, written, display);
      const ok = !ran.cancelled && ran.errored === 0 && figures !== null && (figures.verification === null || figures.verification === 'verified');
      outcomes.set(cell.id, { outcome: ok ? 'ran' : 'failed', figures });
      if (ran.cancelled) break;
    } catch (error) {
      tell(`${cell.id}: ${error instanceof Error ? error.message : String(error)}\n`);
      outcomes.set(cell.id, { outcome: 'failed', figures: null });
    }
  }

  const rows = benchMatrix(plan.cells, outcomes);
  if (format === 'json')
    io.stdout(
      terminalSafeJson(JSON.stringify({ benchmark: bench.name, file: display(file), out: display(outDir), estimate: plan.total, cells: rows }, null, 2)) + '\n',
    );
  else
    io.stdout(
      terminalSafeLines(`${bench.name || display(file)}\n`) + matrixText(rows) + '★ = on the Pareto front of quality against cost per item, per target\n',
    );
  return rows.every((r) => r.outcome === 'ran' || r.outcome === 'skipped') ? 0 : 1;
}
