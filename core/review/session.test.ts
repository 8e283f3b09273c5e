import { test } from 'node:test';
import assert from 'node:assert/strict';
import { hiddenFromReviewer, ratedItem, resumeIndex, sessionItems } from './session';

const card = {
  run_card_hash: 'h',
  results: [
    { entry_id: 1, source: 'Good morning.', reference: 'Ŋdi nyuie.', predicted: 'Ŋdi nyuie!', difficulty: 1, segment: 'development', error: null },
    { entry_id: 'x2', source: 'Thanks.', reference: 'Akpe.', predicted: 'Akpe.', difficulty: 2, segment: 'held_out', error: null },
  ],
};

test('items are joined with their texts from the card; secret segments are marked; a missing output is said', () => {
  const review = {
    items: [
      { entry_id: 1, difficulty: 1, segment: 'development', rating: 'gist', comment: 'ok' },
      { entry_id: 'x2', rating: null },
      { entry_id: 9, rating: null },
    ],
  };
  const items = sessionItems(review, card);
  assert.deepEqual(
    items.map((i) => [i.entryId, i.predicted, i.secret, i.found, i.rating, i.difficulty]),
    [
      [1, 'Ŋdi nyuie!', false, true, 'gist', 1],
      ['x2', 'Akpe.', true, true, null, 2],
      [9, '', false, false, null, null],
    ],
  );
  assert.equal(resumeIndex(items), 1, 'resume at the first unrated item');
  assert.equal(resumeIndex(items.map((i) => ({ ...i, rating: 'excellent' as const }))), 2, 'all rated: the last');
});

test('a rating sets rated_at and keeps the other fields in their order; a comment alone keeps the rating time', () => {
  const review = { items: [{ entry_id: 1, difficulty: 1, segment: null, rating: null, comment: '', rated_at: null }] };
  const rated = ratedItem(review, 0, { rating: 'excellent' }, '2026-11-25T10:00:00Z')!;
  assert.deepEqual(Object.keys(rated), ['entry_id', 'difficulty', 'segment', 'rating', 'comment', 'rated_at']);
  assert.equal(rated.rating, 'excellent');
  assert.equal(rated.rated_at, '2026-11-25T10:00:00Z');
  const commented = ratedItem({ items: [rated] }, 0, { comment: 'tone marks missing' }, '2026-11-25T11:00:00Z')!;
  assert.equal(commented.rated_at, '2026-11-25T10:00:00Z');
  assert.equal(commented.comment, 'tone marks missing');
  assert.equal(ratedItem(review, 5, { rating: 'gist' }, 'now'), undefined);
});

test('a forged review file cannot unhide a secret entry: the segment comes from the card, whatever the review says', () => {
  const gold = {
    run_card_hash: 'h',
    results: [
      { entry_id: 'g1', source: 'Secret source.', reference: 'Secret.', predicted: 'S.', difficulty: 3, segment: 'gold_standard', error: null },
      { entry_id: 'g2', source: 'Look-alike.', reference: 'L.', predicted: 'L.', difficulty: 3, segment: 'gold_standard\u200b', error: null },
      { entry_id: 'g3', source: 'Odd.', reference: 'O.', predicted: 'O.', difficulty: 3, segment: 7, error: null },
    ],
  };
  for (const lie of ['development', '', 'diagnostic', null, 42]) {
    const review = { items: ['g1', 'g2', 'g3'].map((entry_id) => ({ entry_id, segment: lie, rating: null })) };
    const items = sessionItems(review, gold);
    assert.deepEqual(
      items.map((i) => [i.entryId, i.secret]),
      [
        ['g1', true],
        ['g2', true],
        ['g3', true],
      ],
      `review says ${JSON.stringify(lie)}`,
    );
    assert.deepEqual(
      items.map((i) => i.segment),
      ['gold_standard', 'gold_standard\u200b', '7'],
    );
  }
});

test("a team reviewer's session hides what their file says is hidden: the reference with --hide-reference, the model", () => {
  const items = [{ entry_id: 1, rating: null }];
  const hidden = { items, assignment: { reviewers: ['ama'], overlap: 1, order_seed: 1, hidden: ['model', 'scores', 'other_ratings', 'reference'] } };
  const [item] = sessionItems(hidden, card);
  assert.deepEqual([item.reference, item.referenceHidden, item.source, item.predicted], ['', true, 'Good morning.', 'Ŋdi nyuie!']);
  assert.deepEqual(hiddenFromReviewer(hidden), ['model', 'scores', 'other_ratings', 'reference']);
  const [shown] = sessionItems({ items }, card);
  assert.deepEqual([shown.reference, shown.referenceHidden], ['Ŋdi nyuie.', false]);
  assert.deepEqual(hiddenFromReviewer({ items }), []);
});
