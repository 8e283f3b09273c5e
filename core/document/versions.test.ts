import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { propertyRuns } from '../../test/helpers/property';
import { JsonDocument, type JsonPath } from './jsonDocument';
import { DocumentVersions, MAX_PENDING_EDITS } from './versions';
import type { TextEdit } from './edit';

const corpus = (entries: number) =>
  JSON.stringify(
    {
      dataset: { id: 'd', language_pair: 'EN→EE' },
      entries: Array.from({ length: entries }, (_, i) => ({ id: i + 1, source: `water ${i}`, reference: `tsi ${i}`, tags: ['a', { b: i }] })),
    },
    null,
    2,
  );

const ENTRIES: JsonPath = ['entries'];

function apply(text: string, edit: TextEdit): string {
  return text.slice(0, edit.start) + edit.text + text.slice(edit.end);
}

/** What a reader sees of a parse: the value, the items' spans, the duplicate keys, whether it is JSON. */
function view(doc: JsonDocument) {
  const children = doc.isValidJson ? doc.childrenAt(ENTRIES) : undefined;
  return {
    valid: doc.isValidJson,
    value: doc.isValidJson ? doc.value : undefined,
    spans: children?.kind === 'array' ? children.items.map((s) => [s.start, s.end]) : undefined,
    duplicates: doc.isValidJson ? doc.duplicateKeys.map((d) => [d.key, d.span.start, d.span.end]) : undefined,
    text: doc.text,
  };
}

// Edits a user makes: keys typed inside a string, a deletion, an entry pasted or removed, a bracket broken.
const snippet = fc.constantFrom('ɛ', 'ɖ', 'a', ' ', '"', ',', '{', '}', '[', ']', ':', '\n', '\\', '{"id": 9}', ', {"x": 1}', '"id": 2, ');

test('a document followed version by version equals a from-scratch parse of each version, whatever the edits', () => {
  fc.assert(
    fc.property(
      fc.integer({ min: 0, max: 6 }),
      fc.array(
        fc.record({
          edits: fc.array(fc.record({ at: fc.nat(), remove: fc.nat({ max: 6 }), text: fc.array(snippet, { maxLength: 3 }).map((p) => p.join('')) }), {
            minLength: 1,
            maxLength: 3,
          }),
          read: fc.boolean(),
        }),
        { minLength: 1, maxLength: 12 },
      ),
      (size, steps) => {
        let text = corpus(size);
        const versions = new DocumentVersions();
        let version = 1;
        versions.at(
          version,
          () => text,
          text.length,
          () => ENTRIES,
        );
        for (const step of steps) {
          const edits: TextEdit[] = [];
          for (const e of step.edits) {
            const start = e.at % (text.length + 1);
            const edit = { start, end: Math.min(text.length, start + e.remove), text: e.text };
            text = apply(text, edit);
            edits.push(edit);
          }
          versions.changed(++version, edits);
          if (!step.read) continue;
          const read = text;
          const doc = versions.at(
            version,
            () => read,
            read.length,
            () => ENTRIES,
          );
          assert.deepEqual(view(doc), view(new JsonDocument(read)));
        }
      },
    ),
    propertyRuns(150),
  );
});

test('a keystroke inside an entry re-parses that entry, not the file; an edit of the envelope parses the whole text', () => {
  let text = corpus(50);
  const versions = new DocumentVersions();
  versions.at(
    1,
    () => text,
    text.length,
    () => ENTRIES,
  );
  const at = text.indexOf('tsi 7') + 3;
  for (let v = 2; v <= 11; v++) {
    const edit = { start: at, end: at, text: 'ɛ' };
    text = apply(text, edit);
    versions.changed(v, [edit]);
    const doc = versions.at(
      v,
      () => assert.fail('the whole text was read'),
      text.length,
      () => ENTRIES,
    );
    assert.equal((doc.value as { entries: { reference: string }[] }).entries[7].reference, `tsi${'ɛ'.repeat(v - 1)} 7`);
  }
  assert.deepEqual(versions.counts, { whole: 1, incremental: 10 });
  const envelope = text.indexOf('"d"') + 1;
  text = apply(text, { start: envelope, end: envelope, text: 'x' });
  versions.changed(12, [{ start: envelope, end: envelope, text: 'x' }]);
  assert.equal(
    (
      versions.at(
        12,
        () => text,
        text.length,
        () => ENTRIES,
      ).value as { dataset: { id: string } }
    ).dataset.id,
    'xd',
  );
  assert.deepEqual(versions.counts, { whole: 2, incremental: 10 });
});

test('a gap in the versions, or more pending changes than the bound, parses the next version whole', () => {
  let text = corpus(3);
  const versions = new DocumentVersions();
  versions.at(
    1,
    () => text,
    text.length,
    () => ENTRIES,
  );
  const at = text.indexOf('tsi 1') + 3;
  text = apply(text, { start: at, end: at, text: 'ɛ' });
  versions.changed(3, [{ start: at, end: at, text: 'ɛ' }]); // version 2's change never arrived
  assert.deepEqual(
    view(
      versions.at(
        3,
        () => text,
        text.length,
        () => ENTRIES,
      ),
    ),
    view(new JsonDocument(text)),
  );
  assert.deepEqual(versions.counts, { whole: 2, incremental: 0 });
  for (let v = 4; v < 4 + MAX_PENDING_EDITS + 1; v++) {
    text = apply(text, { start: at, end: at, text: 'a' });
    versions.changed(v, [{ start: at, end: at, text: 'a' }]);
  }
  const last = 4 + MAX_PENDING_EDITS;
  assert.deepEqual(
    view(
      versions.at(
        last,
        () => text,
        text.length,
        () => ENTRIES,
      ),
    ),
    view(new JsonDocument(text)),
  );
  assert.deepEqual(versions.counts, { whole: 3, incremental: 0 });
});
