import { test } from 'node:test';
import { applyTextEdits } from '../document/jsonEdits';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { propertyRuns } from '../../test/helpers/property';
import { packetImportEdits } from './packetImportEdits';
import { RATINGS } from './review';
import type { JsonObject } from '../json';

const item = (entry_id: string | number, comment: string) => ({ entry_id, segment: 'development', rating: null, comment, rated_at: null });

test('an import changes exactly the changed items, whatever the text, indentation, line ending or byte order mark', () => {
  fc.assert(
    fc.property(
      fc.array(fc.string({ unit: 'binary', maxLength: 20 }), { minLength: 1, maxLength: 8 }),
      fc.array(fc.tuple(fc.nat(7), fc.constantFrom(...RATINGS), fc.string({ unit: 'binary', maxLength: 20 })), { maxLength: 8 }),
      fc.constantFrom('\n', '\r\n'),
      fc.constantFrom(2, 4, '\t'),
      fc.boolean(),
      (comments, picks, eol, indent, bom) => {
        const review = { reviewer: 'Ama', items: comments.map((c, i) => item(i + 1, c)) };
        const text = (bom ? '\ufeff' : '') + JSON.stringify(review, null, indent).replace(/\n/g, eol) + eol;
        const changes = new Map<number, JsonObject>();
        for (const [at, rating, comment] of picks) {
          const index = at % comments.length;
          changes.set(index, { ...review.items[index], rating, comment, rated_at: '2026-11-28T09:00:00Z' });
        }
        const edits = packetImportEdits(
          text,
          [...changes].map(([index, value]) => ({ index, item: value })),
        );
        assert.ok(edits);
        const after = applyTextEdits(text, edits);
        assert.equal(after.startsWith('\ufeff'), bom);
        const parsed = JSON.parse(bom ? after.slice(1) : after) as { reviewer: string; items: unknown[] };
        assert.equal(parsed.reviewer, 'Ama');
        assert.deepEqual(
          parsed.items,
          review.items.map((it, i) => changes.get(i) ?? it),
        );
        // Each edit replaces exactly one changed item's value, from the last to the first, without overlap: the rest is the file's own bytes.
        edits.forEach((e, k) => {
          if (k > 0) assert.ok(e.end <= edits[k - 1].start);
          const index = [...changes.keys()].sort((x, y) => y - x)[k];
          assert.deepEqual(JSON.parse(text.slice(e.start, e.end)), review.items[index]);
        });
        if (eol === '\r\n') assert.doesNotMatch(after.replace(/\r\n/g, ''), /\n/);
      },
    ),
    propertyRuns(150),
  );
});

test('an import into a text that lost the item it changes gives no edits', () => {
  const text = JSON.stringify({ items: [item(1, '')] });
  assert.equal(packetImportEdits(text, [{ index: 3, item: item(4, 'x') }]), undefined);
});
