import * as fs from 'node:fs';
import * as path from 'node:path';
import { createHash } from 'node:crypto';
import { benchMatrix, cardFigures, resultsFigures, type CellFigures, type MatrixRow } from '../core/bench/matrix';
import { planBenchmark, readBenchmark, targetSize, type Benchmark, type BenchCell, type BenchPlan, type TargetSize } from '../core/bench/plan';
import { isObject } from '../core/json';
import { verifyRunCard } from '../core/runcard/verify';
import {
  BenchShardError,
  mergeShards,
  readShardManifest,
  SHARD_MANIFEST_NAME,
  shardManifestJson,
  shardManifestName,
  type ShardSource,
} from '../core/bench/shard';
import type { Shard } from '../core/suite/shard';
import { writeFileAtomic } from './outputs';
import { ResponseCache } from './cache';
import { executeRun, type RunModel, type RunResult } from './execute';
import type { RunLogger } from './log';
import type { ChatProvider } from './provider';
import { appendAll } from '../core/arrays';

/**
 * The benchmark matrix's orchestration (Rosetta §6), the one home of it for the CLI's `bench` and the editor's
 * *Run Benchmark*: read and check the benchmark file, load and hash its targets, plan the cells, tell apart the
 * cells whose output is already finished (a verified, complete card of the same setup, or a complete results
 * file of the same model) from those to run, run these one after another through `executeRun`, and read the
 * figures back from what they wrote. The adapters bring the words, the confirmation and the providers.
 */

export interface LoadedTarget {
  full: string;
  display: string;
  bytes: Buffer;
  text: string;
  sha256: string;
}

export interface LoadedBenchmark {
  file: string;
  bench: Benchmark;
  plan: BenchPlan;
  /** The folder the cells write to: one sub-folder per cell id. */
  outDir: string;
  targets: ReadonlyMap<string, LoadedTarget>;
  /**
   * What the shards of one matrix share: SHA-256 over the benchmark file's bytes and each target's path and
   * bytes' SHA-256, in the file's order. A shard run from another version of any of them does not merge.
   */
  matrixSha256: string;
}

export const parseJsonText = (text: string): unknown => JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);

/**
 * The benchmark read, its targets read once (through `read`, the adapter's file reader), sized for the estimate
 * and hashed to recognise a card made from these very bytes, and its cells planned. Throws `BenchmarkError` for
 * a file the plan refuses, `Error` naming the target for a target that is not JSON or not a target.
 */
export function loadBenchmark(file: string, text: string, read: (full: string) => string, display: (full: string) => string): LoadedBenchmark {
  const bench = readBenchmark(parseJsonText(text));
  const base = path.dirname(file);
  const outDir = path.resolve(base, bench.out ?? path.basename(file).replace(/\.json$/i, ''));
  const targets = new Map<string, LoadedTarget>();
  const sizes = new Map<string, TargetSize>();
  for (const target of bench.targets) {
    if (targets.has(target.path)) continue;
    const full = path.resolve(base, target.path);
    const textOf = read(full);
    const bytes = Buffer.from(textOf, 'utf8');
    let value: unknown;
    try {
      value = parseJsonText(textOf);
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
  const matrix = createHash('sha256').update(`ewebench-studio benchmark matrix\n${createHash('sha256').update(text, 'utf8').digest('hex')}\n`);
  for (const target of bench.targets) matrix.update(`${target.kind}\t${target.path}\t${(targets.get(target.path) as LoadedTarget).sha256}\n`);
  return { file, bench, plan: planBenchmark(bench, sizes), outDir, targets, matrixSha256: matrix.digest('hex') };
}

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
      const card = parseJsonText(text);
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
    const value = parseJsonText(fs.readFileSync(file, 'utf8'));
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
  const value = parseJsonText(text);
  if (!isObject(value)) return null;
  return cell.target.kind === 'corpus'
    ? cardFigures(display(file), value, verifyRunCard(text), cell.model.price)
    : resultsFigures(display(file), value, cell.model.price);
}

export type CellOutcome = { outcome: MatrixRow['outcome']; figures: CellFigures | null };

/** The cells already finished (outcome `skipped`, with their figures) and the cells still to run, in plan order. */
export function splitCells(loaded: LoadedBenchmark, display: (f: string) => string): { outcomes: Map<string, CellOutcome>; toRun: BenchCell[] } {
  const outcomes = new Map<string, CellOutcome>();
  const toRun: BenchCell[] = [];
  for (const cell of loaded.plan.cells) {
    const done = finishedOutput(cell, cellFolder(loaded, cell), loaded.targets.get(cell.target.path) as LoadedTarget, display);
    if (done) outcomes.set(cell.id, { outcome: 'skipped', figures: done });
    else toRun.push(cell);
  }
  return { outcomes, toRun };
}

export const cellFolder = (loaded: LoadedBenchmark, cell: BenchCell): string => path.join(loaded.outDir, cell.id);

export interface BenchEstimate {
  cells: number;
  requests: number;
  promptTokens: number;
  completionTokens: number;
  /** USD over the priced models; null when none is priced. */
  costUsd: number | null;
  /** Models to run that declare no price (their cost is not in `costUsd`). */
  unpriced: string[];
}

/** The plan's estimate summed over the cells to run. */
export function estimateOf(plan: BenchPlan, toRun: readonly BenchCell[]): BenchEstimate {
  let requests = 0;
  let promptTokens = 0;
  let completionTokens = 0;
  let costUsd: number | null = null;
  for (const c of toRun) {
    requests += c.estimate.requests;
    promptTokens += c.estimate.promptTokens;
    completionTokens += c.estimate.completionTokens;
    if (c.estimate.costUsd !== null) costUsd = (costUsd ?? 0) + c.estimate.costUsd;
  }
  return {
    cells: toRun.length,
    requests,
    promptTokens,
    completionTokens,
    costUsd,
    unpriced: plan.unpriced.filter((m) => toRun.some((c) => c.model.model === m)),
  };
}

export interface CellRunOptions {
  /** The provider and model a cell's requests go to (the adapter resolves keys and origins). */
  providerFor(cell: BenchCell): Promise<{ provider: ChatProvider; model: RunModel }> | { provider: ChatProvider; model: RunModel };
  cacheDir: string;
  allowSecretSegments: boolean;
  toolVersion: string;
  logger?: RunLogger;
  signal?: AbortSignal;
  /** Before each cell: its index among those to run (0-based) and their number. */
  onCell?(index: number, total: number, cell: BenchCell): void;
  /** Within a cell, the runner's progress. */
  onProgress?(done: number, total: number): void;
  /** A cell that could not run (its provider refused, the runner threw): the message, English. */
  onError?(cell: BenchCell, message: string): void;
}

/**
 * Runs the cells one after another (one run writes a cell's folder at a time; a cancel stops after the cell in
 * flight, which keeps its journal for a resume), then the matrix rows of every cell of the plan.
 */
export async function runCells(
  loaded: LoadedBenchmark,
  toRun: readonly BenchCell[],
  outcomes: Map<string, CellOutcome>,
  options: CellRunOptions,
  display: (f: string) => string,
): Promise<MatrixRow[]> {
  for (const [k, cell] of toRun.entries()) {
    if (options.signal?.aborted) break;
    const target = loaded.targets.get(cell.target.path) as LoadedTarget;
    options.onCell?.(k, toRun.length, cell);
    let ran: RunResult;
    try {
      const { provider, model } = await options.providerFor(cell);
      ran = await executeRun(
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
          model,
          concurrency: loaded.bench.concurrency,
          batchSize: loaded.bench.batchSize,
          ...(cell.promptVersion ? { promptVersion: cell.promptVersion } : {}),
          ...(cell.temperature !== null ? { corpusTemperature: cell.temperature } : {}),
          allowSecretSegments: options.allowSecretSegments,
          useCache: cell.useCache,
          outDir: cellFolder(loaded, cell),
          toolVersion: options.toolVersion,
        },
        {
          provider,
          ...(cell.useCache ? { cache: new ResponseCache(options.cacheDir) } : {}),
          ...(options.logger ? { logger: options.logger } : {}),
          ...(options.signal ? { signal: options.signal } : {}),
          ...(options.onProgress ? { onProgress: options.onProgress } : {}),
        },
      );
    } catch (error) {
      options.onError?.(cell, error instanceof Error ? error.message : String(error));
      outcomes.set(cell.id, { outcome: 'failed', figures: null });
      continue;
    }
    const written = ran.runCardFiles.length ? ran.runCardFiles : ran.resultsFile ? [ran.resultsFile] : [];
    const figures = writtenOutput(cell, written, display);
    const ok = !ran.cancelled && ran.errored === 0 && figures !== null && (figures.verification === null || figures.verification === 'verified');
    outcomes.set(cell.id, { outcome: ok ? 'ran' : 'failed', figures });
    if (ran.cancelled) break;
  }
  return benchMatrix(loaded.plan.cells, outcomes);
}

/** The matrix of a benchmark already run (or partly): each cell's figures from its finished output, without running anything. */
export function finishedMatrix(loaded: LoadedBenchmark, display: (f: string) => string): MatrixRow[] {
  return benchMatrix(loaded.plan.cells, splitCells(loaded, display).outcomes);
}

/** Writes a shard's manifest beside its cells' folders (`bench-shard-K-of-N.json` in the output folder); returns its path. */
export function writeShardManifest(loaded: LoadedBenchmark, shard: Shard, cells: readonly BenchCell[], outcomes: ReadonlyMap<string, CellOutcome>): string {
  const file = path.join(loaded.outDir, shardManifestName(shard));
  const manifest = shardManifestJson({
    benchmark: loaded.bench.name,
    matrixSha256: loaded.matrixSha256,
    shard,
    cells: new Map(cells.map((c) => [c.id, outcomes.get(c.id)?.outcome ?? 'not-run'])),
  });
  writeFileAtomic(file, JSON.stringify(manifest, null, 2) + '\n', { inputs: [loaded.file, ...[...loaded.targets.values()].map((t) => t.full)] });
  return file;
}

/** Manifests one folder may hold, at most (a split has at most `MAX_SHARDS` shards). */
const MAX_MANIFESTS_PER_FOLDER = 1000;
/** The largest manifest read (10,000 cells of 64-byte ids take about 1 MB): a larger one is refused unread. */
export const MAX_MANIFEST_BYTES = 8 * 1024 * 1024;

/**
 * The matrix of shard outputs read together: each folder is a shard's output folder (the benchmark's folder as
 * the shard wrote it, or a copy: its manifest `bench-shard-K-of-N.json` and one sub-folder per cell); several
 * shards may share one folder. Every cell comes from the one shard that ran it, with the outcome the shard
 * recorded and the figures of its output; throws `BenchShardError` naming each cell and shard that does not fit
 * (another matrix, another split, overlaps, missing cells, an output that is gone or no longer verifies).
 */
export function mergedMatrix(loaded: LoadedBenchmark, folders: readonly string[], display: (f: string) => string): MatrixRow[] {
  const sources: (ShardSource & { folder: string })[] = [];
  const problems: string[] = [];
  for (const folder of folders) {
    let names: string[];
    try {
      names = fs.readdirSync(folder).filter((n) => SHARD_MANIFEST_NAME.test(n));
    } catch {
      problems.push(`${display(folder)}: not a folder that can be read`);
      continue;
    }
    if (names.length === 0) problems.push(`${display(folder)}: no shard manifest (bench-shard-K-of-N.json) in it`);
    if (names.length > MAX_MANIFESTS_PER_FOLDER) problems.push(`${display(folder)}: more than ${MAX_MANIFESTS_PER_FOLDER} shard manifests`);
    for (const name of names.sort().slice(0, MAX_MANIFESTS_PER_FOLDER)) {
      const file = path.join(folder, name);
      try {
        if (fs.statSync(file).size > MAX_MANIFEST_BYTES) {
          problems.push(`${display(file)}: larger than ${MAX_MANIFEST_BYTES / 1024 / 1024} MiB: not read as a shard manifest`);
          continue;
        }
        sources.push({ where: display(file), folder, manifest: readShardManifest(parseJsonText(fs.readFileSync(file, 'utf8')), display(file)) });
      } catch (error) {
        if (error instanceof BenchShardError) appendAll(problems, error.problems);
        else problems.push(`${display(file)}: ${error instanceof SyntaxError ? `not valid JSON (${error.message})` : String(error)}`);
      }
    }
  }
  if (problems.length) throw new BenchShardError(problems);
  const owners = mergeShards(loaded.plan.cells, loaded.matrixSha256, sources);
  const outcomes = new Map<string, CellOutcome>();
  for (const cell of loaded.plan.cells) {
    const { source, outcome } = owners.get(cell.id) as { source: number; outcome: MatrixRow['outcome'] };
    const folder = path.join(sources[source].folder, cell.id);
    if (outcome === 'ran' || outcome === 'skipped') {
      const figures = finishedOutput(cell, folder, loaded.targets.get(cell.target.path) as LoadedTarget, display);
      if (!figures) {
        problems.push(
          `cell ${cell.id} (${sources[source].where}): the shard says it ${outcome === 'ran' ? 'ran' : 'was finished'}, but ${display(folder)} holds no verified, complete output of it`,
        );
        continue;
      }
      outcomes.set(cell.id, { outcome, figures });
    } else {
      const written = outputsIn(folder, cell.target.kind === 'corpus' ? 'rosetta_' : 'ewebench_');
      outcomes.set(cell.id, { outcome, figures: outcome === 'failed' ? writtenOutput(cell, written, display) : null });
    }
  }
  if (problems.length) throw new BenchShardError(problems);
  return benchMatrix(loaded.plan.cells, outcomes);
}
