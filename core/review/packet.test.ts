import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { propertyRuns } from '../../test/helpers/property';
import { cspHash, importRatings, PACKET_MESSAGES, packetMessage } from './packet';
import { itemsHash, PACKET_STRINGS, savedRatings, type PacketBinding, type SavedRating } from './packetFormat';
import { RATINGS } from './review';

test('a CSP hash is the base64 of the text’s SHA-256, as browsers compute it', () => {
  fc.assert(
    fc.property(fc.string({ unit: 'binary', maxLength: 200 }), (text) => {
      assert.equal(cspHash(text), `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`);
    }),
    propertyRuns(200),
  );
});

const rating = fc.constantFrom(null, ...RATINGS);
const stamp = fc.constantFrom(null, '2026-11-28T06:00:00Z', '2026-01-02T03:04:05.123+01:00');
const entries = fc.uniqueArray(fc.oneof(fc.string({ minLength: 1, maxLength: 8 }), fc.nat(1000)), { minLength: 1, maxLength: 12, selector: String });

function reviewOf(ids: readonly (string | number)[]) {
  return {
    run_card_hash: 'c'.repeat(64),
    reviewer: 'Ama',
    sample: { seed: 7, size: ids.length, sample_hash: 'd'.repeat(64) },
    items: ids.map((entry_id) => ({ entry_id, difficulty: 1, segment: 'development', rating: null, comment: '', rated_at: null })),
  };
}

const bindingOf = (ids: readonly (string | number)[]): PacketBinding => ({
  run_card_hash: 'c'.repeat(64),
  reviewer: 'Ama',
  seed: 7,
  size: ids.length,
  sample_hash: 'd'.repeat(64),
  items_hash: itemsHash(ids),
});

test('saved ratings import as saved, and any change to a rating or a comment after saving is refused as altered', () => {
  fc.assert(
    fc.property(
      entries.chain((ids) =>
        fc.tuple(
          fc.constant(ids),
          fc.array(fc.tuple(rating, fc.string({ maxLength: 20 }), stamp), { minLength: ids.length, maxLength: ids.length }),
          fc.nat(ids.length - 1),
        ),
      ),
      ([ids, values, at]) => {
        const ratings: SavedRating[] = ids.map((entry_id, i) => ({ entry_id, rating: values[i][0], comment: values[i][1], rated_at: values[i][2] }));
        const saved = savedRatings(bindingOf(ids), ratings);
        const review = reviewOf(ids);
        const result = importRatings(JSON.parse(JSON.stringify(saved)), review);
        assert.ok(result.ok, JSON.stringify(result));
        for (const change of result.changes) {
          const r = ratings[change.index];
          if (r.rating !== null) assert.equal(change.item.rating, r.rating);
          if (r.comment !== '') assert.equal(change.item.comment, r.comment);
        }
        assert.equal(result.rated, ratings.filter((r) => r.rating !== null).length);
        const forged = JSON.parse(JSON.stringify(saved)) as { ratings: SavedRating[] };
        const r = forged.ratings[at];
        if (at % 2 === 0) r.rating = r.rating === 'excellent' ? 'reject' : 'excellent';
        else r.comment += 'x';
        const refused = importRatings(forged, review);
        assert.deepEqual(refused, { ok: false, problems: [{ kind: 'hash' }] });
      },
    ),
    propertyRuns(150),
  );
});

test('an import never erases: a rating or a comment the packet left empty keeps the review’s', () => {
  const ids = ['a', 'b'];
  const review = reviewOf(ids);
  Object.assign(review.items[0], { rating: 'gist', comment: 'kept', rated_at: '2026-01-01T00:00:00Z' });
  const saved = savedRatings(bindingOf(ids), [
    { entry_id: 'a', rating: null, comment: '', rated_at: null },
    { entry_id: 'b', rating: 'excellent', comment: '', rated_at: '2026-11-28T06:00:00Z' },
  ]);
  const result = importRatings(saved, review);
  assert.ok(result.ok);
  assert.deepEqual(
    result.changes.map((c) => [c.index, c.item.rating, c.item.comment]),
    [[1, 'excellent', '']],
  );
  assert.equal(result.rated, 2);
});

test('an import of any JSON value at all is refused with a reason, never thrown', () => {
  const review = reviewOf(['a', 'b']);
  fc.assert(
    fc.property(fc.jsonValue(), (value) => {
      const result = importRatings(value, review);
      assert.equal(result.ok, false);
      if (!result.ok) assert.ok(result.problems.length > 0);
    }),
    propertyRuns(300),
  );
});

test('every packet message and every page string exists in English and French, with the same placeholders', () => {
  const names = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
  for (const [id, { en, fr }] of Object.entries(PACKET_MESSAGES)) assert.deepEqual(names(fr), names(en), id);
  const flat = (o: object, prefix = ''): [string, string][] =>
    Object.entries(o).flatMap(([k, v]) => (typeof v === 'string' ? [[prefix + k, v] as [string, string]] : flat(v as object, `${prefix}${k}.`)));
  const fr = new Map(flat(PACKET_STRINGS.fr));
  for (const [key, en] of flat(PACKET_STRINGS.en)) {
    assert.ok(fr.get(key), key);
    assert.deepEqual(names(fr.get(key)!), names(en), key);
  }
});

test('import and packet messages agree with their counts in both languages', () => {
  const params = (n: number) => ({ review: 'r.json', file: 's.json', changed: n, rated: n, total: 2 });
  assert.equal(packetMessage('en', 'imported', params(1)), 'r.json: 1 item updated from s.json (1 of 2 rated)');
  assert.equal(packetMessage('en', 'imported', params(2)), 'r.json: 2 items updated from s.json (2 of 2 rated)');
  assert.equal(packetMessage('fr', 'imported', params(1)), 'r.json\u00a0: 1 élément mis à jour depuis s.json (1 noté sur 2)');
  assert.equal(packetMessage('fr', 'imported', params(2)), 'r.json\u00a0: 2 éléments mis à jour depuis s.json (2 notés sur 2)');
  assert.match(packetMessage('en', 'count', { file: 's.json', review: 'r.json', actual: 1, expected: 1 }), /1 rating for the 1 item of/);
});
