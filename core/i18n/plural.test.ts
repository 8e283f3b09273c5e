import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { propertyRuns } from '../../test/helpers/property';
import { isSingular, plural } from './plural';

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
