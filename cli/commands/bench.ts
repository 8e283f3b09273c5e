import { counted } from '../../core/i18n/plural';
import * as path from 'node:path';
import { benchMatrix, type MatrixRow } from '../../core/bench/matrix';
import { BenchmarkError, type BenchCell, type BenchPlan } from '../../core/bench/plan';
import { BenchShardError, cellsOfShard } from '../../core/bench/shard';
import { MAX_SHARDS, parseShard, type Shard } from '../../core/suite/shard';
import { JsonDocument } from '../../core/document/jsonDocument';
import { defaultSeverity } from '../../core/rules/codes';
import { validateDocument } from '../../core/validate';
import { estimateOf, loadBenchmark, mergedMatrix, runCells, splitCells, writeShardManifest, type LoadedBenchmark } from '../../runner/bench';
import { defaultCacheDir } from '../../runner/cache';
import { silentLogger } from '../../runner/log';
import { openAICompatibleProvider } from '../../runner/provider';
import { displayPath, formatOption, parseArgs, readText } from '../files';
import { terminalSafeJson, terminalSafeLines, textTable } from '../format/text';
import { UsageError, type CliIo } from '../io';
import { modelFromFlags, TOOL_VERSION } from './run';

export const usage =
  "bench FILE [--yes] [--format text|json] [--allow-insecure-http] [--allow-secret-segments] [--cache-dir DIR] [--shard K/N] | bench FILE --merge DIR... [--format text|json]   run every cell of a benchmark matrix (Rosetta §6), or shard K of N of its cells, resumable, and print quality, cost, speed and the Pareto front; --merge reads the shards' outputs into the one matrix";

/** Why a file cannot be run as a benchmark: not one at all, or one with error findings (by the one validator). */
function benchmarkProblem(text: string): { kind: 'not-benchmark' } | { kind: 'errors'; messages: string[] } | undefined {
  const result = validateDocument(new JsonDocument(text), { locale: 'en', audit: false });
  if (result.classification.kind !== 'benchmark-matrix') return { kind: 'not-benchmark' };
  const errors = result.findings.filter((f) => (f.severity ?? defaultSeverity(f.code)) === 'error');
  return errors.length ? { kind: 'errors', messages: errors.map((f) => f.message) } : undefined;
}

const usd = (n: number | null) => (n === null ? 'unknown' : `$${n < 0.01 ? n.toPrecision(2) : n.toFixed(2)}`);

function estimateText(plan: BenchPlan, toRun: readonly BenchCell[]): string {
  const t = estimateOf(plan, toRun);
  return (
    `estimate for the ${counted(t.cells, 'cell', 'cells')} to run: ${counted(t.requests, 'request', 'requests')}, about ${counted(t.promptTokens, 'prompt token', 'prompt tokens')} and ${counted(t.completionTokens, 'completion token', 'completion tokens')} (4 characters a token), ` +
    `cost ${usd(t.costUsd)}${t.unpriced.length ? ` plus the models without a price (${t.unpriced.join(', ')})` : ''}\n`
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
    values: ['format', 'cache-dir', 'shard'],
    booleans: ['yes', 'allow-insecure-http', 'allow-secret-segments', 'merge'],
  });
  const merging = flags.has('merge');
  if (merging && positional.length < 2)
    throw new UsageError("bench --merge takes the benchmark file, then the shards' output folders (each holding bench-shard-K-of-N.json)");
  if (!merging && positional.length !== 1) throw new UsageError('bench takes one benchmark file');
  if (merging && values.shard) throw new UsageError("--merge reads the shards' outputs: it runs nothing, so it takes no --shard");
  const shardText = values.shard?.[0];
  const shard = shardText === undefined ? undefined : parseShard(shardText);
  if (shard === null) throw new UsageError(`--shard ${JSON.stringify(shardText)}: must be K/N with 1 ≤ K ≤ N ≤ ${MAX_SHARDS}`);
  const format = formatOption(values.format, ['text', 'json']);
  const file = path.resolve(io.cwd, positional[0]);
  const display = (f: string) => displayPath(f, io.cwd);
  const tell = (text: string) => io.stderr(terminalSafeLines(text));
  const text = readText(file, io);
  const problem = benchmarkProblem(text);
  if (problem?.kind === 'not-benchmark') {
    tell(`${display(file)}: not a benchmark file (it needs benchmark_version and axes; see schemas/benchmark.schema.json)\n`);
    return 2;
  }
  if (problem) {
    tell(`${display(file)}: the benchmark file has errors; run ewebench-studio validate on it:\n${problem.messages.map((m) => `  ${m}`).join('\n')}\n`);
    return 2;
  }
  let loaded;
  try {
    loaded = loadBenchmark(file, text, (full) => readText(full, io), display);
  } catch (error) {
    if (error instanceof BenchmarkError) throw new UsageError(`${display(file)}: ${error.message}`);
    throw error;
  }
  const { bench, plan, outDir } = loaded;
  if (merging) return mergeCommand(loaded, positional.slice(1), format, io);

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

  const split = splitCells(loaded, display);
  const { outcomes } = split;
  // A shard runs its own cells only; the others are another machine's.
  const cells = shard ? cellsOfShard(plan.cells, shard) : plan.cells;
  const toRun = shard ? cellsOfShard(split.toRun, shard) : split.toRun;
  tell(
    `${display(file)}: ${shard ? `shard ${shard.index} of ${shard.count}: ${cells.length} of the ${counted(plan.cells.length, 'cell', 'cells')}` : counted(plan.cells.length, 'cell', 'cells')} in ${display(outDir)}; ${cells.length - toRun.length} already have a verified, complete output and are skipped; ${toRun.length} to run\n`,
  );
  if (toRun.length) {
    tell(estimateText(plan, toRun));
    if (!flags.has('yes')) {
      if (!io.confirm) {
        tell('bench asks before it spends anything, and there is no terminal to ask on: run it again with --yes to start\n');
        return 2;
      }
      if (!(await io.confirm(`Run ${counted(toRun.length, 'cell', 'cells')}? [y/N] `))) {
        tell('nothing was sent\n');
        return 1;
      }
    }
  }

  const cacheDir = values['cache-dir'] ? path.resolve(io.cwd, values['cache-dir'][0]) : defaultCacheDir(env);
  const allRows = await runCells(
    loaded,
    toRun,
    outcomes,
    {
      providerFor: (cell) => {
        const { resolved, apiKey } = resolvedModels.get(JSON.stringify(cell.model)) as ReturnType<typeof modelFromFlags>;
        const provider = openAICompatibleProvider({
          baseUrl: resolved.baseUrl,
          ...(apiKey ? { apiKey } : {}),
          allowInsecureHttp: flags.has('allow-insecure-http'),
          logger: silentLogger,
          userAgent: `ewebench-studio/${TOOL_VERSION}`,
          label: resolved.label,
        });
        return { provider, model: resolved };
      },
      cacheDir,
      allowSecretSegments: flags.has('allow-secret-segments'),
      toolVersion: TOOL_VERSION,
      ...(io.signal ? { signal: io.signal } : {}),
      onCell: (k, total, cell) => tell(`[${k + 1}/${total}] ${cell.id}\n`),
      onError: (cell, message) => tell(`${cell.id}: ${message}\n`),
    },
    display,
  );
  let rows = allRows;
  if (shard) {
    // The shard's matrix: its cells alone, the Pareto front among them (the whole front is the merge's).
    rows = benchMatrix(cells, outcomes);
    tell(`${display(writeShardManifest(loaded, shard, cells, outcomes))}: shard ${shard.index} of ${shard.count} written; bench --merge reads it\n`);
  }
  printMatrix(loaded, rows, format, io, shard);
  return rows.every((r) => r.outcome === 'ran' || r.outcome === 'skipped') ? 0 : 1;
}

/** The matrix as the unsharded run prints it (a shard's: its cells, the front among them). */
function printMatrix(loaded: LoadedBenchmark, rows: readonly MatrixRow[], format: string, io: CliIo, shard?: Shard): void {
  const display = (f: string) => displayPath(f, io.cwd);
  const { bench, plan, file, outDir } = loaded;
  if (format === 'json')
    io.stdout(
      terminalSafeJson(
        JSON.stringify(
          { benchmark: bench.name, file: display(file), out: display(outDir), ...(shard ? { shard } : {}), estimate: plan.total, cells: rows },
          null,
          2,
        ),
      ) + '\n',
    );
  else
    io.stdout(
      terminalSafeLines(`${bench.name || display(file)}${shard ? ` (shard ${shard.index} of ${shard.count})` : ''}\n`) +
        matrixText(rows) +
        `★ = on the Pareto front of quality against cost per item, per target${shard ? ", among this shard's cells (bench --merge gives the whole front)" : ''}\n`,
    );
}

/** `bench FILE --merge DIR...`: the shards' outputs read into the matrix the unsharded run prints; nothing is sent. */
function mergeCommand(loaded: LoadedBenchmark, folders: readonly string[], format: string, io: CliIo): number {
  const display = (f: string) => displayPath(f, io.cwd);
  let rows: MatrixRow[];
  try {
    rows = mergedMatrix(
      loaded,
      folders.map((f) => path.resolve(io.cwd, f)),
      display,
    );
  } catch (error) {
    if (!(error instanceof BenchShardError)) throw error;
    io.stderr(terminalSafeLines(`the shards do not merge into ${display(loaded.file)}'s matrix:\n${error.message.replace(/^/gm, '  ')}\n`));
    return 2;
  }
  printMatrix(loaded, rows, format, io);
  return rows.every((r) => r.outcome === 'ran' || r.outcome === 'skipped') ? 0 : 1;
}
