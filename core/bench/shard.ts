import { isObject } from '../json';
import { MAX_SHARDS, shardOfKey, type Shard } from '../suite/shard';
import type { MatrixRow } from './matrix';
import { MAX_BENCH_CELLS, type BenchCell } from './plan';

/**
 * A benchmark matrix spread over machines: `bench FILE --shard K/N` runs the cells whose id falls in shard K of N
 * (the one assignment rule, `core/suite/shard`'s `shardOfKey`; a cell's id is unique in the plan), writes their
 * outputs where the unsharded run writes them (the benchmark's folder, one sub-folder per cell) and, beside them,
 * a manifest `bench-shard-K-of-N.json`: which benchmark matrix (a hash of the benchmark file and its targets'
 * bytes), which shard, and what happened to each of its cells. `bench FILE --merge DIR...` reads the manifests
 * of the folders given, refuses shards of another matrix, of another split, overlapping or leaving a cell out,
 * and gives the matrix the unsharded run gives. Pure: the runner reads and writes the files.
 */

export type CellOutcomeName = MatrixRow['outcome'];

const OUTCOMES: readonly CellOutcomeName[] = ['ran', 'skipped', 'failed', 'not-run'];

/** The shard (1-based, among `count`) that runs a cell. */
export function cellShard(cell: Pick<BenchCell, 'id'>, count: number): number {
  return shardOfKey(cell.id, count);
}

/** The cells of one shard, in plan order. */
export function cellsOfShard<C extends Pick<BenchCell, 'id'>>(cells: readonly C[], shard: Shard): C[] {
  return cells.filter((c) => cellShard(c, shard.count) === shard.index);
}

/** The manifest's file name in the benchmark's output folder. */
export function shardManifestName(shard: Shard): string {
  return `bench-shard-${shard.index}-of-${shard.count}.json`;
}

/** A manifest's file name: `bench-shard-K-of-N.json`. */
export const SHARD_MANIFEST_NAME = /^bench-shard-(\d{1,4})-of-(\d{1,4})\.json$/;

export interface ShardManifest {
  /** The benchmark's name, as its file gives it (for messages only). */
  benchmark: string;
  /** What the shards of one matrix share: see `runner/bench.ts`'s `matrixSha256`. */
  matrixSha256: string;
  shard: Shard;
  /** The shard's cells (every one of them) and what happened to each, in plan order. */
  cells: Map<string, CellOutcomeName>;
}

/** The manifest as written (`bench_shard_version` 1). */
export function shardManifestJson(m: ShardManifest): Record<string, unknown> {
  return {
    bench_shard_version: 1,
    benchmark: m.benchmark,
    matrix_sha256: m.matrixSha256,
    shard: { index: m.shard.index, count: m.shard.count },
    cells: Object.fromEntries(m.cells),
  };
}

export class BenchShardError extends Error {
  /** Every problem found, one sentence each (the message holds the first ones). */
  readonly problems: string[];
  constructor(problems: string[]) {
    const shown = problems.slice(0, MAX_PROBLEMS_SHOWN);
    super(shown.join('\n') + (problems.length > shown.length ? `\n… and ${problems.length - shown.length} more` : ''));
    this.name = 'BenchShardError';
    this.problems = problems;
  }
}

/** Problems a refusal lists before it counts the rest. */
export const MAX_PROBLEMS_SHOWN = 20;

/** A manifest's parsed value, or a `BenchShardError` naming the field that is wrong. */
export function readShardManifest(value: unknown, where: string): ShardManifest {
  const bad = (what: string) => new BenchShardError([`${where}: ${what}`]);
  if (!isObject(value) || value.bench_shard_version !== 1) throw bad('not a benchmark shard manifest (bench_shard_version 1)');
  const { benchmark, matrix_sha256: sha, shard, cells } = value;
  if (typeof benchmark !== 'string') throw bad('"benchmark" must be a string');
  if (typeof sha !== 'string' || !/^[0-9a-f]{64}$/.test(sha)) throw bad('"matrix_sha256" must be 64 hex digits');
  const whole = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v);
  if (!isObject(shard) || !whole(shard.index) || !whole(shard.count) || shard.index < 1 || shard.index > shard.count || shard.count > MAX_SHARDS)
    throw bad(`"shard" must be {"index": K, "count": N} with 1 ≤ K ≤ N ≤ ${MAX_SHARDS}`);
  if (!isObject(cells)) throw bad('"cells" must be an object of cell ids and outcomes');
  if (Object.keys(cells).length > MAX_BENCH_CELLS) throw bad(`"cells" lists more than the ${MAX_BENCH_CELLS.toLocaleString('en')} cells a benchmark may plan`);
  const out = new Map<string, CellOutcomeName>();
  for (const [id, outcome] of Object.entries(cells)) {
    if (!OUTCOMES.includes(outcome as CellOutcomeName)) throw bad(`cells.${id} must be one of ${OUTCOMES.join(', ')}`);
    out.set(id, outcome as CellOutcomeName);
  }
  return { benchmark, matrixSha256: sha, shard: { index: shard.index, count: shard.count }, cells: out };
}

export interface ShardSource {
  /** Where the manifest was read, as shown to the user. */
  where: string;
  manifest: ShardManifest;
}

export interface MergedCell {
  /** Index into the sources: the shard output holding the cell. */
  source: number;
  outcome: CellOutcomeName;
}

const shardText = (s: Shard) => `shard ${s.index} of ${s.count}`;
const short = (sha: string) => `${sha.slice(0, 12)}…`;

/**
 * The cells of the plan, each with the shard output that holds it, or a `BenchShardError` listing every
 * problem: a manifest of another matrix (its hash), of another split (N), a cell the plan does not have or that
 * another shard should hold, a cell two outputs hold, a cell none holds (and which shard should have).
 */
export function mergeShards(cells: readonly Pick<BenchCell, 'id'>[], matrixSha256: string, sources: readonly ShardSource[]): Map<string, MergedCell> {
  if (sources.length === 0) throw new BenchShardError(['no shard output in the folders given (each shard writes bench-shard-K-of-N.json in its folder)']);
  const problems: string[] = [];
  const count = sources[0].manifest.shard.count;
  for (const { where, manifest } of sources) {
    if (manifest.matrixSha256 !== matrixSha256)
      problems.push(
        `${where}: ${shardText(manifest.shard)} of another benchmark matrix (matrix sha256 ${short(manifest.matrixSha256)}, this benchmark's is ${short(matrixSha256)}): the benchmark file or one of its targets differs from the one the shard ran`,
      );
    if (manifest.shard.count !== count)
      problems.push(
        `${where}: ${shardText(manifest.shard)}, but ${sources[0].where} is ${shardText(sources[0].manifest.shard)}: shards of different splits do not merge`,
      );
  }
  if (problems.length) throw new BenchShardError(problems);
  const planned = new Set(cells.map((c) => c.id));
  const owner = new Map<string, MergedCell>();
  sources.forEach(({ where, manifest }, s) => {
    for (const [id, outcome] of manifest.cells) {
      if (!planned.has(id)) {
        problems.push(`${where}: lists cell ${id}, which this benchmark does not plan`);
        continue;
      }
      const home = cellShard({ id }, count);
      if (home !== manifest.shard.index) {
        problems.push(`${where}: lists cell ${id}, which belongs to shard ${home} of ${count}, not ${manifest.shard.index}`);
        continue;
      }
      const earlier = owner.get(id);
      if (earlier) {
        const first = sources[earlier.source];
        problems.push(
          `cell ${id} is in two shard outputs: ${first.where} (${shardText(first.manifest.shard)}) and ${where} (${shardText(manifest.shard)}): the shards overlap`,
        );
        continue;
      }
      owner.set(id, { source: s, outcome });
    }
  });
  const given = new Map<number, string>();
  for (const { where, manifest } of sources) if (!given.has(manifest.shard.index)) given.set(manifest.shard.index, where);
  for (const cell of cells) {
    if (owner.has(cell.id)) continue;
    const home = cellShard(cell, count);
    const holder = given.get(home);
    problems.push(
      holder === undefined
        ? `cell ${cell.id} is missing: it belongs to shard ${home} of ${count}, and no output of that shard was given`
        : `cell ${cell.id} is missing: it belongs to shard ${home} of ${count}, and ${holder} does not list it`,
    );
  }
  if (problems.length) throw new BenchShardError(problems);
  return owner;
}
