import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { propertyRuns } from '../../test/helpers/property';
import { sealCard } from '../../test/helpers/sealCard';
import { PyRandom } from '../stats/pyRandom';
import { bindReview, reviewCardText } from './binding';
import { drawSample, newReview, reviewableResults } from './review';

function cardText(n: number, tiers: number): string {
  const results = Array.from({ length: n }, (_, i) => ({
    entry_id: `e${i}`,
    source: `s${i}`,
    reference: `r${i}`,
    predicted: `p${i}`,
    difficulty: (i % tiers) + 1,
    segment: i % 7 === 0 ? 'held_out' : 'development',
    error: null,
  }));
  return sealCard({ run_id: 'r', scores: { quality_tier: 'deployable' }, results });
}

function drawn(text: string, size: number, seed: number, allowSecretSegments: boolean) {
  const card = JSON.parse(text) as Record<string, unknown>;
  const sample = drawSample(reviewableResults(card), { size, seed, random: new PyRandom(seed), allowSecretSegments });
  return newReview(sample, { runCardPath: 'card.json', card, reviewer: '', created: '2026-11-28T00:00:00Z', seed, size });
}

test('the drawn sample binds to its card; any item repeated, swapped for an undrawn output, or dropped never does', () => {
  fc.assert(
    fc.property(
      fc.integer({ min: 2, max: 40 }),
      fc.integer({ min: 1, max: 5 }),
      fc.integer({ min: 1, max: 40 }),
      fc.integer({ min: 0, max: 2 ** 40 }),
      fc.boolean(),
      fc.nat(),
      (n, tiers, size, seed, secret, pick) => {
        const text = cardText(n, tiers);
        const review = drawn(text, size, seed, secret);
        assert.equal(bindReview(text, review).kind, 'bound');
        const items = review.items;
        const at = pick % items.length;
        const repeated = { ...review, items: [...items, items[at]] };
        assert.equal(bindReview(text, repeated).kind, 'not-sample');
        const dropped = { ...review, items: items.filter((_, i) => i !== at) };
        assert.equal(bindReview(text, dropped).kind, 'not-sample');
        const drawnIds = new Set(items.map((i) => i.entry_id));
        const other = reviewableResults(JSON.parse(text)).find((r) => !drawnIds.has(r.entry_id));
        if (other) {
          const swapped = { ...review, items: items.map((item, i) => (i === at ? { ...item, entry_id: other.entry_id, difficulty: other.difficulty } : item)) };
          assert.equal(bindReview(text, swapped).kind, 'not-sample');
        }
      },
    ),
    propertyRuns(60),
  );
});

test('reviewCardText reads the named card, else the card the review sits beside', () => {
  const files: Record<string, string> = { 'run.json': 'beside', 'cards/run.json': 'named' };
  const read = (p: string) => files[p];
  assert.deepEqual(reviewCardText('run.review.json', 'cards/run.json', read), { path: 'cards/run.json', text: 'named' });
  assert.deepEqual(reviewCardText('run.review.json', 'elsewhere/run.json', read), { path: 'run.json', text: 'beside' });
  assert.equal(reviewCardText('notes.json', 'elsewhere/run.json', read), undefined);
});
