import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { propertyRuns } from '../../test/helpers/property';
import { counted, isSingular, plural } from './plural';

const FORMS = { one: 'entry', other: 'entries' };

test('English: 1 takes the singular, 0 and 2 the plural', () => {
  assert.equal(plural(1, 'en', FORMS), 'entry');
  assert.equal(plural(0, 'en', FORMS), 'entries');
  assert.equal(plural(2, 'en-GB', FORMS), 'entries');
});

test('French: 0 and 1 take the singular, 2 and more the plural', () => {
  assert.equal(plural(0, 'fr', { one: 'entrée', other: 'entrées' }), 'entrée');
  assert.equal(plural(1, 'fr-CA', { one: 'entrée', other: 'entrées' }), 'entrée');
  assert.equal(plural(2, 'fr', { one: 'entrée', other: 'entrées' }), 'entrées');
  assert.equal(plural(1_000_000, 'fr', { one: 'entrée', other: 'entrées' }), 'entrées');
});

test('any whole count above 1 takes the plural in both languages, and unknown languages count as English', () => {
  fc.assert(
    fc.property(fc.integer({ min: 2, max: 10_000_000 }), fc.constantFrom('en', 'fr', 'de', undefined), (n, locale) => {
      assert.equal(isSingular(n, locale), false);
    }),
    propertyRuns(200),
  );
  assert.equal(isSingular(1, 'de'), true);
  assert.equal(isSingular(0, 'de'), false);
});

test('counted writes the count with the noun that agrees with it: 1 call, 0 calls, 3 calls (0 appel in French)', () => {
  assert.equal(counted(1, 'call', 'calls'), '1 call');
  assert.equal(counted(0, 'call', 'calls'), '0 calls');
  assert.equal(counted(3, 'call', 'calls'), '3 calls');
  assert.equal(counted(0, 'appel', 'appels', 'fr'), '0 appel');
});
