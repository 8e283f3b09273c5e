import { test } from 'node:test';
import assert from 'node:assert/strict';
import { JsonDocument } from '../document/jsonDocument';
import { classify } from '../document/classify';
import { PyRandom } from '../stats/pyRandom';
import { validateDocument } from '../validate';
import { sealCard } from '../../test/helpers/sealCard';
import { allocate, drawSample, newReview, reviewableResults, reviewFileNameFor, reviewGate, summarizeReview, type ReviewableResult } from './review';

function card(n: number, tier = 'deployable', segment: (i: number) => string = (i) => (i % 10 === 0 ? 'held_out' : 'development')) {
  const results = Array.from({ length: n }, (_, i) => ({
    entry_id: i + 1,
    source: `s${i}`,
    reference: `r${i}`,
    predicted: `p${i}`,
    difficulty: (i % 5) + 1,
    segment: segment(i),
    error: i === 3 ? 'timeout' : null,
  }));
  // Sealed as the harness seals it, so the card verifies and a review can be bound to it.
  return JSON.parse(sealCard({ run_id: 'run-1', model_slug: 'm', dataset: { id: 'd' }, scores: { quality_tier: tier }, results })) as {
    run_id: string;
    scores: { quality_tier: string };
    results: typeof results;
    run_card_hash: string;
  };
}

test('allocation is proportional, keeps every tier when it can, and never asks more than a tier has', () => {
  assert.deepEqual(
    [
      ...allocate(
        new Map([
          ['1', 50],
          ['2', 30],
          ['3', 20],
        ]),
        10,
      ),
    ],
    [
      ['1', 5],
      ['2', 3],
      ['3', 2],
    ],
  );
  assert.deepEqual(
    [
      ...allocate(
        new Map([
          ['1', 97],
          ['2', 2],
          ['3', 1],
        ]),
        5,
      ),
    ],
    [
      ['1', 3],
      ['2', 1],
      ['3', 1],
    ],
  );
  assert.deepEqual(
    [
      ...allocate(
        new Map([
          ['1', 3],
          ['2', 1],
        ]),
        10,
      ),
    ],
    [
      ['1', 3],
      ['2', 1],
    ],
  );
  assert.deepEqual(
    [
      ...allocate(
        new Map([
          ['easy', 4],
          ['2', 4],
          ['unknown', 4],
        ]),
        2,
      ),
    ],
    [
      ['2', 1],
      ['easy', 1],
      ['unknown', 0],
    ],
  );
  const sizes = new Map([
    ['1', 7],
    ['2', 11],
    ['3', 13],
    ['4', 2],
    ['5', 1],
  ]);
  for (let size = 0; size <= 40; size++) {
    const got = allocate(sizes, size);
    assert.equal(
      [...got.values()].reduce((a, b) => a + b, 0),
      Math.min(size, 34),
      `size ${size}`,
    );
    for (const [t, k] of got) assert.ok(k <= sizes.get(t)!, `size ${size} tier ${t}`);
    if (size >= 5) for (const k of got.values()) assert.ok(k >= 1, `size ${size}: every tier seen`);
  }
});

test('the same card, size and seed draw the same sample; another seed another; errors and secret segments left out', () => {
  const results = reviewableResults(card(60));
  assert.equal(results.length, 59, 'the errored entry has no output to rate');
  const draw = (seed: number, allow = false) => drawSample(results, { size: 12, seed, random: new PyRandom(seed), allowSecretSegments: allow });
  const a = draw(7);
  assert.deepEqual(
    draw(7).items.map((r) => r.entry_id),
    a.items.map((r) => r.entry_id),
  );
  assert.notDeepEqual(
    draw(8).items.map((r) => r.entry_id),
    a.items.map((r) => r.entry_id),
  );
  assert.equal(a.items.length, 12);
  assert.equal(a.secretSkipped, 6);
  assert.equal(a.population, 53);
  assert.ok(a.items.every((r: ReviewableResult) => r.segment !== 'held_out'));
  // Tier 1 lost its six held_out entries (6 left), tier 4 its errored one (11): one each, then by largest remainder.
  assert.deepEqual(a.perTier, { 1: 2, 2: 3, 3: 3, 4: 2, 5: 2 });
  assert.equal(new Set(a.items.map((r) => r.entry_id)).size, 12, 'no entry twice');
  assert.equal(draw(7, true).secretSkipped, 0);
  // Spelled otherwise, a secret segment is still secret.
  const odd = reviewableResults(card(20, 'deployable', (i) => (i < 10 ? ' Held-Out ' : 'GOLD_STANDARD')));
  assert.equal(drawSample(odd, { size: 5, seed: 1, random: new PyRandom(1), allowSecretSegments: false }).items.length, 0);
});

test('a review file validates against its schema and is classified as a review, not a run card', () => {
  const c = card(30);
  const drawn = drawSample(reviewableResults(c), { size: 10, seed: 3, random: new PyRandom(3), allowSecretSegments: false });
  const review = {
    $schema: 'https://ewebench.studio/schemas/review.schema.json',
    ...newReview(drawn, { runCardPath: 'card.json', card: c, reviewer: 'Ama', created: '2026-11-25T10:00:00Z', seed: 3, size: 10 }),
  };
  assert.equal(classify(review).kind, 'rosetta-review');
  const doc = new JsonDocument(JSON.stringify(review, null, 2));
  const read = (rel: string) => (rel === 'card.json' ? JSON.stringify(c) : undefined);
  assert.deepEqual(validateDocument(doc, { locale: 'en', neighbours: { fileName: 'card.review.json', read } }).findings, []);
});

test('a review is bound to its card: another seal, a missing card or an entry the run did not produce is reported', () => {
  const c = card(30);
  const review = newReview(drawSample(reviewableResults(c), { size: 4, seed: 1, random: new PyRandom(1), allowSecretSegments: false }), {
    runCardPath: 'card.json',
    card: c,
    reviewer: '',
    created: '2026-11-25T10:00:00Z',
    seed: 1,
    size: 4,
  });
  const codes = (value: unknown, cardText: string | undefined) =>
    validateDocument(new JsonDocument(JSON.stringify(value)), { locale: 'en', neighbours: { fileName: 'x.review.json', read: () => cardText } }).findings.map(
      (f) => `${f.code}:${f.severity ?? ''}:${JSON.stringify('path' in f.at ? f.at.path : '')}`,
    );
  assert.deepEqual(codes(review, sealCard({ ...c, run_id: 'run-2' })), ['review-card::["run_card_hash"]']);
  assert.deepEqual(codes(review, JSON.stringify({ ...c, run_id: 'run-2' })), ['review-card::["run_card"]'], 'an edited card does not verify');
  assert.deepEqual(codes(review, undefined), ['review-card:warning:["run_card"]']);
  const strange = { ...review, items: [...review.items, { entry_id: 999, difficulty: 1, segment: null, rating: 'gist' }] };
  assert.deepEqual(codes(strange, JSON.stringify(c)), [`review-card::["items",${review.items.length},"entry_id"]`]);
  const twice = { ...review, items: [...review.items, review.items[0]] };
  assert.ok(codes(twice, JSON.stringify(c)).some((f) => f.startsWith('duplicate-id')));
});

test('summary counts ratings overall and per tier; the usable rate is acceptable + excellent over rated', () => {
  const items = [
    { entry_id: 1, difficulty: 1, rating: 'excellent' },
    { entry_id: 2, difficulty: 1, rating: 'acceptable' },
    { entry_id: 3, difficulty: 2, rating: 'gist' },
    { entry_id: 4, difficulty: 2, rating: null },
    { entry_id: 5, difficulty: 2, rating: 'reject' },
    { entry_id: 6, difficulty: null, rating: 'bogus' },
  ];
  const s = summarizeReview({ items });
  assert.deepEqual(s.overall, { total: 6, rated: 4, reject: 1, gist: 1, acceptable: 1, excellent: 1, usable_rate: 0.5 });
  assert.deepEqual(Object.keys(s.by_tier), ['1', '2', 'unknown']);
  assert.equal(s.by_tier['1'].usable_rate, 1);
  assert.equal(s.by_tier.unknown.usable_rate, null);
});

test('the §7.2 gate: Deployable and Fluent need a bound review with enough usable ratings; lower tiers need none', () => {
  const rated = (n: number, usable: number) => ({
    items: Array.from({ length: n }, (_, i) => ({ entry_id: i, difficulty: 1, rating: i < usable ? 'acceptable' : 'reject' })),
  });
  assert.equal(reviewGate(card(1, 'functional'), undefined).kind, 'not-gated');
  assert.equal(reviewGate(card(1, 'deployable'), undefined).kind, 'no-review');
  assert.equal(reviewGate(card(1, 'fluent'), rated(10, 10)).kind, 'too-few');
  assert.equal(reviewGate(card(1, 'deployable'), rated(20, 13)).kind, 'not-usable');
  assert.equal(reviewGate(card(1, 'deployable'), rated(20, 14)).kind, 'passed');
  assert.equal(reviewGate(card(1, 'deployable'), rated(5, 5), { minRated: 5, minUsableRate: 0.9 }).kind, 'passed');
  // On the card itself, through the validator: the review beside it is read by name, and must be its seeded sample.
  const c = card(40, 'deployable');
  // One reviewer per item allowed (`ewebench.review.minReviewers` 1): the single review's own conditions.
  const gateCodes = (reviewText: string | undefined, minReviewers = 1) =>
    validateDocument(new JsonDocument(JSON.stringify(c)), {
      locale: 'fr',
      neighbours: { fileName: 'run.json', read: (rel) => (rel === 'run.review.json' ? reviewText : undefined), gate: { minReviewers } },
    })
      .findings.filter((f) => f.code === 'review-gate')
      .map((f) => f.message);
  assert.equal(gateCodes(undefined).length, 1);
  assert.match(gateCodes(undefined)[0], /run\.review\.json/);
  const drawn = newReview(drawSample(reviewableResults(c), { size: 25, seed: 7, random: new PyRandom(7), allowSecretSegments: false }), {
    runCardPath: 'run.json',
    card: c,
    reviewer: '',
    created: '2026-11-25T10:00:00Z',
    seed: 7,
    size: 25,
  });
  const allRated = { ...drawn, items: drawn.items.map((i) => ({ ...i, rating: 'acceptable' })) };
  assert.deepEqual(gateCodes(JSON.stringify(allRated)), []);
  // With the default two reviewers per item, the same review is shown as a single review, with its figures.
  assert.match(
    gateCodes(JSON.stringify(allRated), 2)[0],
    /sur une revue unique \(`run\.review\.json`\u00a0: 25\/25 notés, 100% utilisables\)\u00a0: le seuil demande au moins 2 relecteurs/,
  );
  assert.match(gateCodes(JSON.stringify(drawn))[0], /25 éléments de sa revue ne sont pas encore notés/);
  assert.match(gateCodes(JSON.stringify({ ...drawn, ...rated(25, 25) }))[0], /pas l’échantillon que la graine/, 'items not drawn');
  assert.equal(gateCodes(JSON.stringify({ ...allRated, run_card_hash: 'c'.repeat(64) })).length, 1, 'a review of another run does not count');
  assert.equal(reviewFileNameFor('cards/run.JSON'), 'cards/run.review.json');
});
