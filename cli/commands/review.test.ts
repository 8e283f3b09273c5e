import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { main } from '../main';
import { captureIo } from '../../test/helpers/captureIo';

const HASH = '0123456789abcdef'.repeat(4);

function cardWith(n: number, tier: string) {
  return {
    run_id: 'r1',
    model_slug: 'example/model',
    dataset: { id: 'eng-ewe' },
    scores: { quality_tier: tier },
    results: Array.from({ length: n }, (_, i) => ({
      entry_id: `e${i}`,
      source: 'x',
      reference: 'y',
      predicted: 'z',
      difficulty: (i % 3) + 1,
      segment: i === 0 ? 'gold_standard' : 'development',
      error: null,
    })),
    run_card_hash: HASH,
  };
}

function folder(card: unknown): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ewb-review-'));
  fs.mkdirSync(path.join(dir, 'cards'));
  fs.writeFileSync(path.join(dir, 'cards', 'run.json'), JSON.stringify(card, null, 2));
  return dir;
}

test('review sample writes a review beside the card: seeded, stratified, reproducible, secret segments left out', async () => {
  const dir = folder(cardWith(30, 'deployable'));
  const io = captureIo(dir);
  assert.equal(await main(['review', 'sample', 'cards/run.json', '--size', '9', '--seed', '42', '--reviewer', 'Ama'], io), 0, io.err);
  assert.match(io.out, /cards\/run\.review\.json: 9 of 29 outputs drawn \(seed 42; per difficulty tier 1: 3, 2: 3, 3: 3\)/);
  assert.match(io.out, /1 entries of secret segments left out/);
  const review = JSON.parse(fs.readFileSync(path.join(dir, 'cards', 'run.review.json'), 'utf8'));
  assert.equal(review.run_card, 'run.json');
  assert.equal(review.run_card_hash, HASH);
  assert.equal(review.reviewer, 'Ama');
  assert.deepEqual(review.sample.seed, 42);
  assert.equal(review.items.length, 9);
  assert.ok(review.items.every((i: { rating: unknown }) => i.rating === null));
  // The same seed again draws the same items; an existing review is never overwritten.
  const again = captureIo(dir);
  assert.equal(await main(['review', 'sample', 'cards/run.json', '--size', '9', '--seed', '42', '--out', 'other.json'], again), 0, again.err);
  assert.deepEqual(JSON.parse(fs.readFileSync(path.join(dir, 'other.json'), 'utf8')).items, review.items);
  assert.equal(JSON.parse(fs.readFileSync(path.join(dir, 'other.json'), 'utf8')).run_card, 'cards/run.json');
  const refused = captureIo(dir);
  assert.equal(await main(['review', 'sample', 'cards/run.json', '--size', '9', '--seed', '1'], refused), 2);
  assert.match(refused.err, /already there/);
});

test('review summary counts the ratings per tier and says whether the §7.2 gate is met; validate reports the gate on the card', async () => {
  const dir = folder(cardWith(30, 'deployable'));
  assert.equal(await main(['review', 'sample', 'cards/run.json', '--size', '24', '--seed', '5'], captureIo(dir)), 0);
  const file = path.join(dir, 'cards', 'run.review.json');
  const validateCard = async () => {
    const io = captureIo(dir);
    await main(['validate', 'cards', '--format', 'json'], io);
    return (JSON.parse(io.out) as { file: string; diagnostics: { code: string }[] }[]).flatMap((r) =>
      r.diagnostics.map((d) => `${path.basename(r.file)}:${d.code}`),
    );
  };
  assert.ok((await validateCard()).includes('run.json:review-gate'), 'no rating yet: the gate is not met');
  const review = JSON.parse(fs.readFileSync(file, 'utf8'));
  review.items.forEach((item: { rating: string }, i: number) => (item.rating = i < 20 ? 'excellent' : 'gist'));
  fs.writeFileSync(file, JSON.stringify(review, null, 2));
  const io = captureIo(dir);
  assert.equal(await main(['review', 'summary', 'cards/run.review.json', '--format', 'json'], io), 0, io.err);
  const out = JSON.parse(io.out);
  assert.equal(out.binding, 'bound');
  assert.deepEqual(
    { rated: out.overall.rated, excellent: out.overall.excellent, gist: out.overall.gist, usable: out.overall.usable_rate },
    { rated: 24, excellent: 20, gist: 4, usable: 0.8333 },
  );
  assert.deepEqual(Object.keys(out.by_tier), ['1', '2', '3']);
  assert.equal(out.gate.verdict, 'passed');
  assert.ok(!(await validateCard()).some((d) => d.endsWith('review-gate')));
  const text = captureIo(dir);
  assert.equal(await main(['review', 'summary', 'cards/run.review.json'], text), 0);
  assert.match(text.out, /24\/24 rated · reject 0 · gist 4 · acceptable 0 · excellent 20 · 83\.3% usable/);
  assert.match(text.out, /§7\.2 gate: passed/);
});

test('a review whose card changed is reported by summary (exit 1) and by validate on the review', async () => {
  const dir = folder(cardWith(10, 'functional'));
  assert.equal(await main(['review', 'sample', 'cards/run.json', '--size', '3', '--seed', '1'], captureIo(dir)), 0);
  fs.writeFileSync(path.join(dir, 'cards', 'run.json'), JSON.stringify({ ...cardWith(10, 'functional'), run_card_hash: 'f'.repeat(64) }));
  const io = captureIo(dir);
  assert.equal(await main(['review', 'summary', 'cards/run.review.json'], io), 1);
  assert.match(io.out, /is not the run this review rated/);
  const v = captureIo(dir);
  assert.equal(await main(['validate', 'cards/run.review.json'], v), 1);
  assert.match(v.out, /error review-card/);
});

test('review flags are checked: size and seed are whole numbers in range', async () => {
  const dir = folder(cardWith(5, 'functional'));
  for (const args of [
    ['--size', '0', '--seed', '1'],
    ['--size', '1e9', '--seed', '1'],
    ['--size', '3'],
    ['--size', '3', '--seed', '-2'],
  ]) {
    const io = captureIo(dir);
    assert.equal(await main(['review', 'sample', 'cards/run.json', ...args], io), 2, args.join(' '));
    assert.match(io.err, /--(size|seed)/);
  }
});
