import { test } from 'node:test';
import assert from 'node:assert/strict';
import { JsonDocument } from '../document/jsonDocument';
import { resolveFindings, validateDocument } from '../validate';
import fc from 'fast-check';
import { duplicateIdFindings, nextFreeId, type ExternalIdOccurrence, type IdOccurrence } from './ids';
import { propertyRuns } from '../../test/helpers/property';

const occurrences = (ids: (string | number)[]): IdOccurrence[] => ids.map((id, i) => ({ id, path: [i, 'id'] }));

test(
  '20,000 tests sharing one id: one finding each, related places capped (3 on the first, 1 on the others), the count in the message, distinct renumbering',
  { timeout: 60000 },
  () => {
    const tests = Array.from({ length: 20000 }, () => ({ id: 'same_01', prompt: 'x', eval_method: 'ewe_quality' }));
    const doc = new JsonDocument(JSON.stringify(tests));
    const { findings } = validateDocument(doc, { locale: 'en' });
    const dups = findings.filter((f) => f.code === 'duplicate-id');
    assert.equal(dups.length, 20000);
    assert.equal(dups[0].related?.length, 3);
    assert.ok(dups.slice(1).every((f) => f.related?.length === 1 && JSON.stringify(f.related[0]).includes('"path":[0,')));
    assert.equal(dups[5].message, 'Duplicate id "same_01": used 20000 times (20000 in this file, 0 in other files).');
    const newIds = dups.flatMap((f) => f.fixes ?? []).map((fix) => (fix.kind === 'renumber-id' ? fix.newId : undefined));
    assert.equal(newIds.length, 19999, 'the first occurrence keeps its id');
    assert.equal(new Set(newIds).size, 19999);
    assert.deepEqual(newIds.slice(0, 3), ['same_02', 'same_03', 'same_04']);
    assert.equal(resolveFindings(doc, dups).length, 20000);
  },
);

test('two occurrences keep the short message naming where the other one is', () => {
  const here = duplicateIdFindings(occurrences(['a', 'a']), 'en');
  assert.equal(here[0].message, 'Duplicate id "a": it is also used in this file.');
  const other: ExternalIdOccurrence = { uri: 'file:///w/b.json', label: 'b.json', range: { start: { line: 0, character: 0 }, end: { line: 0, character: 1 } } };
  const there = duplicateIdFindings(occurrences(['a']), 'fr', () => [other, other]);
  assert.equal(there[0].message, 'Identifiant en double "a"\u00a0: utilisé 3 fois (1 dans ce fichier, 2 dans d’autres fichiers).');
  assert.equal(there[0].related?.length, 2);
});

test('renumbering: integers count up from the largest, digit suffixes keep their padding, other strings get _2', () => {
  assert.equal(nextFreeId('lc_grammar_01', new Set(['s:lc_grammar_01', 's:lc_grammar_06'])), 'lc_grammar_07');
  assert.equal(nextFreeId('abc', new Set(['s:abc', 's:abc_2', 's:abc_9'])), 'abc_3');
  assert.equal(nextFreeId(3, new Set(['n:3', 'n:10', 's:11'])), 11);
  const dups = duplicateIdFindings(occurrences([1, 1, 1, 'x', 'x']), 'en');
  assert.deepEqual(
    dups.flatMap((f) => f.fixes ?? []).map((f) => (f.kind === 'renumber-id' ? f.newId : null)),
    [2, 3, 'x_2'],
  );
});

test('a repeated corpus entry id is renumbered past every id of the file, also those used once; 1 and "1" do not clash', () => {
  const entries = [{ id: 9 }, { id: 2 }, { id: 2 }, { index: 12 }, { id: '1' }, { id: 1 }].map((e) => ({
    ...e,
    source: 'Good morning.',
    reference: 'Ŋdi na wò.',
  }));
  const doc = new JsonDocument(JSON.stringify({ entries }));
  const duplicates = validateDocument(doc, { locale: 'en', kind: 'rosetta-corpus' }).findings.filter((f) => f.code === 'duplicate-id');
  assert.deepEqual(
    duplicates.map((f) => ('path' in f.at ? f.at.path : undefined)),
    [
      ['entries', 1, 'id'],
      ['entries', 2, 'id'],
    ],
  );
  assert.deepEqual(duplicates[1].fixes, [{ kind: 'renumber-id', path: ['entries', 2, 'id'], newId: 13 }]);
});

test('nextFreeId ends within |taken| + 1 tries: the id it gives is free and its number at most |taken| past the first tried', () => {
  fc.assert(
    fc.property(fc.constantFrom('lc_grammar_01', 'abc', 'x9'), fc.array(fc.integer({ min: 0, max: 60 }), { maxLength: 60 }), (id, numbers) => {
      const match = /^(.*?)(\d+)$/.exec(id);
      const prefix = match ? match[1] : `${id}_`;
      const width = match ? match[2].length : 1;
      const taken = new Set(numbers.map((n) => `s:${prefix}${String(n).padStart(width, '0')}`));
      taken.add(`s:${id}`);
      const size = taken.size;
      const next = nextFreeId(id, taken);
      assert.equal(typeof next, 'string');
      assert.equal(taken.size, size + 1, 'a new id, not one taken');
      const n = Number(/(\d+)$/.exec(String(next))?.[1]);
      // The allocator starts past the largest taken number of the prefix, or from 2: either way within reach.
      assert.ok(n <= Math.max(...numbers, match ? Number(match[2]) : 1) + size + 1, `${String(next)} after ${size} taken`);
    }),
    propertyRuns(200),
  );
});
