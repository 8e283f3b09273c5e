import { isObject } from '../json';
import { DEFAULT_BATCH_SIZE, isPromptVersion, type PromptVersion } from '../run/batch';
import { corpusRunInfo } from '../run/corpus';
import { fileNamePart } from '../run/fileNames';
import { isPresetName, type PresetName } from '../run/presets';
import { benchSizeProblem } from '../rules/benchmarkSize';

export { benchCellCount, benchSizeProblem, MAX_BENCH_CELLS, type CellCount } from '../rules/benchmarkSize';

/**
 * The benchmark matrix (Rosetta §6): a benchmark file (`schemas/benchmark.schema.json`) declares axes and
 * targets; its plan is the cartesian product of the axes, each cell with the run it makes, the folder its
 * card (or results file) goes to, and a token-based cost estimate. Pure: the adapter reads the files and runs
 * each cell through the runner (`runner/execute.ts`).
 */

export interface BenchmarkPrice {
  /** USD per million prompt tokens. */
  input_per_million: number;
  /** USD per million completion tokens. */
  output_per_million: number;
}

export interface BenchmarkModel {
  model: string;
  preset?: PresetName;
  base_url?: string;
  api_key_env?: string;
  price?: BenchmarkPrice;
}

export type FreeValue = string | number | boolean;

export type BenchmarkTarget = { kind: 'corpus'; path: string } | { kind: 'tests'; path: string };

export interface Benchmark {
  name: string;
  /** Relative to the benchmark file; undefined: the adapter's default (a folder named after the file). */
  out?: string;
  models: BenchmarkModel[];
  temperatures: number[];
  promptVersions: PromptVersion[];
  /** Free axes in declared order. */
  free: [string, FreeValue[]][];
  targets: BenchmarkTarget[];
  batchSize: number;
  concurrency: number;
}

/** Raised for a benchmark value that does not have the schema's shape (the validator says where). */
export class BenchmarkError extends Error {}

const DEFAULT_CONCURRENCY = 4;

/** The benchmark in a value that passed `benchmark.schema.json`; throws BenchmarkError on what it cannot use. */
export function readBenchmark(value: unknown): Benchmark {
  if (!isObject(value) || !isObject(value.axes) || !Array.isArray(value.targets)) throw new BenchmarkError('a benchmark needs axes and targets');
  const tooLarge = benchSizeProblem(value, 'en');
  if (tooLarge) throw new BenchmarkError(tooLarge);
  const axes = value.axes;
  if (!Array.isArray(axes.models) || axes.models.length === 0) throw new BenchmarkError('a benchmark needs at least one model');
  const models = axes.models.map((m, i): BenchmarkModel => {
    if (!isObject(m) || typeof m.model !== 'string' || !m.model) throw new BenchmarkError(`axes.models[${i}] needs a model name`);
    if (m.preset !== undefined && (typeof m.preset !== 'string' || !isPresetName(m.preset)))
      throw new BenchmarkError(`axes.models[${i}].preset is not a known preset`);
    if (m.preset === undefined && typeof m.base_url !== 'string') throw new BenchmarkError(`axes.models[${i}] needs a preset or a base_url`);
    const price = isObject(m.price) && typeof m.price.input_per_million === 'number' && typeof m.price.output_per_million === 'number' ? m.price : undefined;
    return {
      model: m.model,
      ...(typeof m.preset === 'string' ? { preset: m.preset as PresetName } : {}),
      ...(typeof m.base_url === 'string' ? { base_url: m.base_url } : {}),
      ...(typeof m.api_key_env === 'string' ? { api_key_env: m.api_key_env } : {}),
      ...(price ? { price: { input_per_million: price.input_per_million as number, output_per_million: price.output_per_million as number } } : {}),
    };
  });
  const temperatures = Array.isArray(axes.temperatures) ? axes.temperatures.filter((t): t is number => typeof t === 'number') : [0];
  const promptVersions = Array.isArray(axes.prompt_versions) ? axes.prompt_versions.filter(isPromptVersion) : (['naive'] as PromptVersion[]);
  const free: [string, FreeValue[]][] = isObject(axes.free)
    ? Object.entries(axes.free).map(([name, values]) => [
        name,
        (Array.isArray(values) ? values : []).filter((v): v is FreeValue => ['string', 'number', 'boolean'].includes(typeof v)),
      ])
    : [];
  if (!temperatures.length || !promptVersions.length || free.some(([, v]) => !v.length)) throw new BenchmarkError('every axis needs at least one value');
  const targets = value.targets.map((t, i): BenchmarkTarget => {
    if (isObject(t) && typeof t.corpus === 'string') return { kind: 'corpus', path: t.corpus };
    if (isObject(t) && typeof t.tests === 'string') return { kind: 'tests', path: t.tests };
    throw new BenchmarkError(`targets[${i}] needs a corpus or a tests path`);
  });
  if (!targets.length) throw new BenchmarkError('a benchmark needs at least one target');
  return {
    name: typeof value.name === 'string' ? value.name : '',
    ...(typeof value.out === 'string' ? { out: value.out } : {}),
    models,
    temperatures,
    promptVersions,
    free,
    targets,
    batchSize: typeof value.batch_size === 'number' ? value.batch_size : DEFAULT_BATCH_SIZE,
    concurrency: typeof value.concurrency === 'number' ? value.concurrency : DEFAULT_CONCURRENCY,
  };
}

/** What the estimate needs of a target: per item, the characters sent and the characters expected back. */
export interface TargetSize {
  items: { sentChars: number; expectedChars: number }[];
}

const chars = (s: unknown): number => (typeof s === 'string' ? [...s].length : 0);

/** The sizes of a corpus's entries or a tests file's tests, from the parsed file. */
export function targetSize(target: BenchmarkTarget, value: unknown): TargetSize {
  if (target.kind === 'corpus') return { items: corpusRunInfo(value).entries.map((e) => ({ sentChars: chars(e.source), expectedChars: chars(e.reference) })) };
  const tests = Array.isArray(value) ? value.filter(isObject) : [];
  return {
    items: tests.map((t) => ({
      sentChars: chars(t.prompt) + (Array.isArray(t.messages) ? t.messages.reduce<number>((n, m) => n + (isObject(m) ? chars(m.content) : 0), 0) : 0),
      expectedChars: Math.max(chars(t.expected), TESTS_ANSWER_CHARS),
    })),
  };
}

/** An answer to a test is assumed to be at least this long for the estimate (a test's expected text is often a letter). */
const TESTS_ANSWER_CHARS = 200;
/** Characters per token for the estimate: a rough average of BPE tokenisers on Latin-script text (Ewe's letters cost more). */
export const CHARS_PER_TOKEN = 4;
/** The instructions around each request (system prompt, batch header), in tokens. */
const REQUEST_OVERHEAD_TOKENS = 60;

export interface CellEstimate {
  requests: number;
  promptTokens: number;
  completionTokens: number;
  /** From the model's declared price; null without one. */
  costUsd: number | null;
}

export interface BenchCell {
  /** The cell's folder name under the benchmark's output folder (bounded, file-system safe, unique in the plan). */
  id: string;
  model: BenchmarkModel;
  /** Null for a tests target (each test's request keeps the harness's temperature). */
  temperature: number | null;
  /** Null for a tests target. */
  promptVersion: PromptVersion | null;
  free: Record<string, FreeValue>;
  target: BenchmarkTarget;
  /** Cells with a free axis run without the response cache: each is an independent sample. */
  useCache: boolean;
  estimate: CellEstimate;
}

export interface BenchPlan {
  cells: BenchCell[];
  total: CellEstimate;
  /** Models without a price: their cells' cost is unknown, and the total is a lower bound. */
  unpriced: string[];
}

function tokens(charCount: number): number {
  return Math.ceil(charCount / CHARS_PER_TOKEN);
}

function estimateCell(
  size: TargetSize,
  target: BenchmarkTarget,
  promptVersion: PromptVersion | null,
  batchSize: number,
  price: BenchmarkPrice | undefined,
): CellEstimate {
  const n = size.items.length;
  const requests = target.kind === 'corpus' && promptVersion === 'naive' ? Math.ceil(n / batchSize) : n;
  const sent = size.items.reduce((s, i) => s + i.sentChars, 0);
  const expected = size.items.reduce((s, i) => s + i.expectedChars, 0);
  const promptTokens = tokens(sent) + requests * REQUEST_OVERHEAD_TOKENS;
  const completionTokens = tokens(expected);
  const costUsd = price ? (promptTokens * price.input_per_million + completionTokens * price.output_per_million) / 1e6 : null;
  return { requests, promptTokens, completionTokens, costUsd };
}

const stemOf = (p: string) => (p.split(/[\\/]/).pop() ?? p).replace(/\.json$/i, '');
const temperatureLabel = (t: number) => `t${String(t)}`;

function cartesian<T>(lists: readonly (readonly T[])[]): T[][] {
  return lists.reduce<T[][]>((acc, list) => acc.flatMap((prefix) => list.map((v) => [...prefix, v])), [[]]);
}

/**
 * Every cell: models × temperatures × prompt versions × free axes, for each target (a tests target takes only
 * models × free axes). `sizes` holds each target's size, keyed by its path as the benchmark writes it.
 */
export function planBenchmark(bench: Benchmark, sizes: ReadonlyMap<string, TargetSize>): BenchPlan {
  const tooLarge = benchSizeProblem(
    {
      axes: { models: bench.models, temperatures: bench.temperatures, prompt_versions: bench.promptVersions, free: Object.fromEntries(bench.free) },
      targets: bench.targets.map((t) => ({ [t.kind]: t.path })),
    },
    'en',
  );
  if (tooLarge) throw new BenchmarkError(tooLarge);
  const cells: BenchCell[] = [];
  const freeNames = bench.free.map(([name]) => name);
  const freeCombos = cartesian(bench.free.map(([, values]) => values));
  const used = new Set<string>();
  // The next suffix to try per id: each cell's loop below starts where the last one with its id stopped, so the
  // suffixes tried over the whole plan are at most twice the cells (bounded, and linear).
  const nextSuffix = new Map<string, number>();
  for (const model of bench.models) {
    for (const temperature of bench.temperatures) {
      for (const promptVersion of bench.promptVersions) {
        for (const combo of freeCombos) {
          const free = Object.fromEntries(freeNames.map((name, k) => [name, combo[k]]));
          for (const target of bench.targets) {
            const isCorpus = target.kind === 'corpus';
            // A tests target does not vary with temperature or prompt: one cell, at the first of each.
            if (!isCorpus && (temperature !== bench.temperatures[0] || promptVersion !== bench.promptVersions[0])) continue;
            const size = sizes.get(target.path) ?? { items: [] };
            const parts = [
              model.model,
              ...(isCorpus ? [temperatureLabel(temperature), promptVersion] : []),
              ...freeNames.map((name) => `${name}-${String(free[name])}`),
              stemOf(target.path),
            ];
            const base = fileNamePart(parts.join('_'), { spaces: false });
            let id = base;
            let k = nextSuffix.get(base) ?? 2;
            // Ends: `used` holds fewer ids than cells (≤ MAX_BENCH_CELLS), so some suffix is free.
            while (used.has(id)) id = `${base}_${k++}`;
            nextSuffix.set(base, k);
            used.add(id);
            cells.push({
              id,
              model,
              temperature: isCorpus ? temperature : null,
              promptVersion: isCorpus ? promptVersion : null,
              free,
              target,
              useCache: freeNames.length === 0,
              estimate: estimateCell(size, target, isCorpus ? promptVersion : null, bench.batchSize, model.price),
            });
          }
        }
      }
    }
  }
  const total = cells.reduce<CellEstimate>(
    (t, c) => ({
      requests: t.requests + c.estimate.requests,
      promptTokens: t.promptTokens + c.estimate.promptTokens,
      completionTokens: t.completionTokens + c.estimate.completionTokens,
      costUsd: (t.costUsd ?? 0) + (c.estimate.costUsd ?? 0),
    }),
    { requests: 0, promptTokens: 0, completionTokens: 0, costUsd: 0 },
  );
  const unpriced = [...new Set(bench.models.filter((m) => !m.price).map((m) => m.model))];
  if (unpriced.length === bench.models.length) total.costUsd = null;
  return { cells, total, unpriced };
}
