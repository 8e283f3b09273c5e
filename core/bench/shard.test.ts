import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { planBenchmark, readBenchmark, type BenchCell } from './plan';
import { BenchShardError, cellShard, cellsOfShard, mergeShards, readShardManifest, shardManifestJson, type ShardManifest, type ShardSource } from './shard';
import { shardOfKey } from '../suite/shard';
import { propertyRuns } from '../../test/helpers/property';

const SHA = 'a'.repeat(64);

/** Any benchmark matrix the schema allows, small: models, temperatures, prompt versions, free axes, targets. */
const matrices = fc
  .record({
    models: fc.uniqueArray(fc.string({ minLength: 1, maxLength: 5 }), { minLength: 1, maxLength: 4 }),
    temperatures: fc.uniqueArray(fc.constantFrom(0, 0.3, 0.7, 1), { minLength: 1, maxLength: 3 }),
    prompts: fc.uniqueArray(fc.constantFrom('naive', 'multilingual'), { minLength: 1, maxLength: 2 }),
    free: fc.dictionary(fc.constantFrom('trial', 'seed', 'x y'), fc.uniqueArray(fc.integer({ min: 0, max: 9 }), { minLength: 1, maxLength: 3 }), {
      maxKeys: 2,
    }),
    targets: fc.uniqueArray(
      fc.oneof(
        fc.constantFrom('a.json', 'b/a.json', 'c.json').map((p) => ({ corpus: p })),
        fc.constantFrom('t.json', 'u/t.json').map((p) => ({ tests: p })),
      ),
      { minLength: 1, maxLength: 3, selector: (t) => JSON.stringify(t) },
    ),
  })
  .map(({ models, temperatures, prompts, free, targets }) => {
    const bench = readBenchmark({
      benchmark_version: 1,
      axes: { models: models.map((model) => ({ model, preset: 'ollama' })), temperatures, prompt_versions: prompts, free },
      targets,
    });
    return planBenchmark(bench, new Map()).cells;
  });

function manifestOf(cells: readonly BenchCell[], index: number, count: number, sha = SHA): ShardSource {
  const manifest: ShardManifest = {
    benchmark: 'b',
    matrixSha256: sha,
    shard: { index, count },
    cells: new Map(cellsOfShard(cells, { index, count }).map((c) => [c.id, 'ran' as const])),
  };
  return { where: `shard${index}/bench-shard-${index}-of-${count}.json`, manifest };
}

test('for any matrix and any N, the N shards cover every cell exactly once, and their manifests merge to every cell', () => {
  fc.assert(
    fc.property(matrices, fc.integer({ min: 1, max: 16 }), (cells, count) => {
      const seen = new Map<string, number>();
      for (let index = 1; index <= count; index++) for (const c of cellsOfShard(cells, { index, count })) seen.set(c.id, (seen.get(c.id) ?? 0) + 1);
      assert.deepEqual([...seen.keys()].sort(), cells.map((c) => c.id).sort());
      assert.ok([...seen.values()].every((n) => n === 1));
      const sources = Array.from({ length: count }, (_, k) => manifestOf(cells, k + 1, count));
      const merged = mergeShards(cells, SHA, sources);
      assert.equal(merged.size, cells.length);
      for (const c of cells) assert.equal(sources[(merged.get(c.id) as { source: number }).source].manifest.shard.index, cellShard(c, count));
    }),
    propertyRuns(200),
  );
});

test("a cell's shard is the suite's one rule over its id: the same on every machine", () => {
  assert.equal(cellShard({ id: 'm_t0_naive_eng-ewe' }, 7), shardOfKey('m_t0_naive_eng-ewe', 7));
  assert.deepEqual(
    ['a', 'b', 'c', 'd', 'e', 'f'].map((id) => cellShard({ id }, 3)),
    ['a', 'b', 'c', 'd', 'e', 'f'].map((id) => shardOfKey(id, 3)),
  );
});

const cells = ['m1_t0_naive_c', 'm1_t0.7_naive_c', 'm2_t0_naive_c', 'm2_t0.7_naive_c', 'm3_t0_naive_c', 'm3_t0.7_naive_c'].map((id) => ({ id }) as BenchCell);

test('merging refuses an overlap, naming the cell and both shard outputs', () => {
  const one = manifestOf(cells, 1, 2);
  const again = { ...manifestOf(cells, 1, 2), where: 'copy/bench-shard-1-of-2.json' };
  const id = [...one.manifest.cells.keys()][0];
  assert.throws(
    () => mergeShards(cells, SHA, [one, manifestOf(cells, 2, 2), again]),
    (e: unknown) =>
      e instanceof BenchShardError &&
      e.problems.some(
        (p) =>
          p ===
          `cell ${id} is in two shard outputs: shard1/bench-shard-1-of-2.json (shard 1 of 2) and copy/bench-shard-1-of-2.json (shard 1 of 2): the shards overlap`,
      ),
  );
});

test('merging refuses missing cells, naming each cell and the shard that should hold it', () => {
  const first = manifestOf(cells, 1, 3);
  const missing = cells.filter((c) => cellShard(c, 3) !== 1);
  assert.ok(missing.length > 0);
  assert.throws(
    () => mergeShards(cells, SHA, [first]),
    (e: unknown) =>
      e instanceof BenchShardError &&
      e.problems.length === missing.length &&
      missing.every((c) => e.problems.includes(`cell ${c.id} is missing: it belongs to shard ${cellShard(c, 3)} of 3, and no output of that shard was given`)),
  );
  // A shard that ran but lost a cell from its manifest.
  const all = [1, 2, 3].map((k) => manifestOf(cells, k, 3));
  const [lost] = all[1].manifest.cells.keys();
  all[1].manifest.cells.delete(lost);
  assert.throws(
    () => mergeShards(cells, SHA, all),
    new RegExp(`cell ${lost.replace(/\./g, '\\.')} is missing: it belongs to shard 2 of 3, and shard2/bench-shard-2-of-3.json does not list it`),
  );
});

test('merging refuses shards of another matrix (hash) and of another split (N)', () => {
  assert.throws(
    () => mergeShards(cells, SHA, [manifestOf(cells, 1, 2), manifestOf(cells, 2, 2, 'b'.repeat(64))]),
    /shard2\/bench-shard-2-of-2\.json: shard 2 of 2 of another benchmark matrix \(matrix sha256 bbbbbbbbbbbb…, this benchmark's is aaaaaaaaaaaa…\)/,
  );
  assert.throws(
    () => mergeShards(cells, SHA, [manifestOf(cells, 1, 2), manifestOf(cells, 2, 3)]),
    /shard2\/bench-shard-2-of-3\.json: shard 2 of 3, but shard1\/bench-shard-1-of-2\.json is shard 1 of 2: shards of different splits do not merge/,
  );
  assert.throws(() => mergeShards(cells, SHA, []), /no shard output in the folders given/);
});

test('a manifest reads back as written, and a wrong field is named', () => {
  const source = manifestOf(cells, 2, 3);
  const json = JSON.parse(JSON.stringify(shardManifestJson(source.manifest))) as Record<string, unknown>;
  assert.deepEqual(readShardManifest(json, 'm.json'), source.manifest);
  assert.throws(() => readShardManifest({ ...json, shard: { index: 4, count: 3 } }, 'm.json'), /m\.json: "shard" must be/);
  assert.throws(() => readShardManifest({ ...json, matrix_sha256: 'x' }, 'm.json'), /"matrix_sha256" must be 64 hex digits/);
  assert.throws(() => readShardManifest({ ...json, cells: { a: 'done' } }, 'm.json'), /cells\.a must be one of ran, skipped, failed, not-run/);
  assert.throws(() => readShardManifest([], 'm.json'), /not a benchmark shard manifest/);
  const tooMany = Object.fromEntries(Array.from({ length: 10_001 }, (_, i) => [`c${i}`, 'ran']));
  assert.throws(() => readShardManifest({ ...json, cells: tooMany }, 'm.json'), /"cells" lists more than the 10,000 cells a benchmark may plan/);
});
