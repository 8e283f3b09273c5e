import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ratedItem, resumeIndex, sessionItems } from './session';

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
