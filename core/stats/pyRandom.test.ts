import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import { MAX_REJECTIONS, PyRandom } from './pyRandom';
import { fromRepo } from '../../test/helpers/paths';

interface Case {
  seed: string;
  getrandbits32: number[];
  randint: [number, number[]][];
  random: string[];
  bits: [number, number][];
  randint_0_403_x2000_tail: number[];
  randint_0_403_x2000_sum: number;
}
const { cases } = JSON.parse(fs.readFileSync(fromRepo('test-fixtures', 'rosetta', 'py-random.vectors.json'), 'utf8')) as { cases: Case[] };

test('random.Random(seed) gives the same 32-bit words as Python for small, large, negative and multi-word seeds', () => {
  for (const c of cases) {
    const r = new PyRandom(BigInt(c.seed));
    assert.deepEqual(
      c.getrandbits32.map(() => r.getrandbits(32)),
      c.getrandbits32,
      `seed ${c.seed}`,
    );
  }
});

test('randint(0, n-1) rejects draws past n as Python does (same values for n = 1, powers of two and others)', () => {
  for (const c of cases) {
    const r = new PyRandom(BigInt(c.seed));
    for (const [n, values] of c.randint)
      assert.deepEqual(
        values.map(() => r.randint(0, n - 1)),
        values,
        `seed ${c.seed}, n ${n}`,
      );
  }
});

test('getrandbits(k) and random() follow the same stream', () => {
  for (const c of cases) {
    const r = new PyRandom(BigInt(c.seed));
    assert.deepEqual(
      c.bits.map(([k]) => [k, r.getrandbits(k)]),
      c.bits,
    );
    const f = new PyRandom(BigInt(c.seed));
    assert.deepEqual(
      c.random.map(() => f.random()),
      c.random.map(Number),
    );
  }
});

test("a long stream stays on Python's, across many twists of the state", () => {
  for (const c of cases) {
    const r = new PyRandom(BigInt(c.seed));
    const values = Array.from({ length: 2000 }, () => r.randint(0, 403));
    assert.deepEqual(values.slice(-10), c.randint_0_403_x2000_tail);
    assert.equal(
      values.reduce((a, b) => a + b, 0),
      c.randint_0_403_x2000_sum,
    );
  }
});

test('randbelow’s rejection loop is bounded: a generator that always draws out of range fails after MAX_REJECTIONS, one that recovers just before does not', () => {
  class Stuck extends PyRandom {
    override getrandbits(k: number): number {
      return 2 ** k - 1;
    }
  }
  assert.throws(() => new Stuck(1).randbelow(5), /randbelow\(5\): 1024 draws in a row were out of range/);
  let calls = 0;
  class Recovers extends PyRandom {
    override getrandbits(k: number): number {
      calls++;
      return calls < MAX_REJECTIONS ? 2 ** k - 1 : 3;
    }
  }
  assert.equal(new Recovers(1).randbelow(5), 3);
  assert.equal(calls, MAX_REJECTIONS);
});
