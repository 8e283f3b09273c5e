import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { inShard, mergeResponses, parseShard, shardOf } from './shard';
import { propertyRuns } from '../../test/helpers/property';

test('N shards cover every item exactly once, whatever the ids and N', () => {
  fc.assert(
    fc.property(
      fc.uniqueArray(fc.tuple(fc.string({ maxLength: 6 }), fc.string({ maxLength: 6 })), { maxLength: 60, selector: ([t, i]) => `${t.length}:${t}\u0000${i}` }),
      fc.integer({ min: 1, max: 12 }),
      (items, count) => {
        for (const [task, item] of items) {
          const holders = Array.from({ length: count }, (_, k) => k + 1).filter((index) => inShard(task, item, { index, count }));
          assert.deepEqual(holders, [shardOf(task, item, count)]);
        }
      },
    ),
    propertyRuns(300),
  );
});

test('the share is the same on every machine: fixed values for fixed keys (FNV-1a, not a random seed)', () => {
  assert.deepEqual(
    ['1', '2', '3', '4', '5', '6'].map((id) => shardOf('mmlu', id, 3)),
    [3, 3, 2, 2, 1, 1],
  );
  assert.equal(shardOf('mmlu', 'x', 1), 1);
});

test('--shard is K/N with 1 ≤ K ≤ N ≤ 1000', () => {
  assert.deepEqual(parseShard('2/5'), { index: 2, count: 5 });
  assert.deepEqual(parseShard(' 1 / 1 '), { index: 1, count: 1 });
  for (const bad of ['0/3', '4/3', '1/0', '1/1001', 'a/b', '1', '1/2/3', '-1/2']) assert.equal(parseShard(bad), null, bad);
});

test('merging refuses different models, different run counts and overlapping shards', () => {
  const part = (model: string, runs: number, items: string[]) => ({
    model,
    runs,
    tasks: new Map([['mmlu', new Map(items.map((i) => [i, Array(runs).fill('x')]))]]),
  });
  const merged = mergeResponses([part('m', 2, ['1', '2']), part('m', 2, ['3'])]);
  assert.deepEqual([...merged.tasks.get('mmlu')!.keys()], ['1', '2', '3']);
  assert.throws(() => mergeResponses([part('m', 2, ['1']), part('n', 2, ['2'])]), /file 2 answers with model n, file 1 with m/);
  assert.throws(() => mergeResponses([part('m', 2, ['1']), part('m', 3, ['2'])]), /file 2 has 3 runs, file 1 has 2/);
  assert.throws(() => mergeResponses([part('m', 2, ['1']), part('m', 2, ['1'])]), /item 1 of task mmlu is in two files .*shards overlap/);
});
