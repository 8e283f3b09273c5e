import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { propertyRuns } from '../../test/helpers/property';
import { pick } from './locale';
import { decimal, localDigits, numberText, percentText } from './number';

test('French writes a decimal comma, English a point; the digits are the same', () => {
  assert.equal(decimal(55.6789, 1, 'en'), '55.7');
  assert.equal(decimal(55.6789, 1, 'fr'), '55,7');
  assert.equal(decimal(0.41234, 4, 'fr'), '0,4123');
  assert.equal(numberText(99.9, 'fr'), '99,9');
  assert.equal(numberText(1e21, 'fr'), '1e+21');
  assert.equal(numberText(1.5e-7, 'fr'), '1,5e-7');
  assert.equal(percentText(41.2, 1, 'en'), '41.2%');
  assert.equal(percentText(41.2, 1, 'fr'), '41,2\u00a0%');
  // Never a negative zero, in either language.
  assert.equal(decimal(-0.0001, 2, 'fr'), '0,00');
  // Integers are not grouped: an id or a line reads the same in both languages.
  assert.equal(numberText(15000, 'fr'), '15000');
});

test('a figure in French is the English one with its point made a comma (property, against toFixed)', () => {
  fc.assert(
    fc.property(fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e12, max: 1e12 }), fc.integer({ min: 0, max: 6 }), (value, digits) => {
      const en = decimal(value, digits, 'en');
      const plain = value.toFixed(digits);
      assert.equal(en, /^-0(\.0*)?$/.test(plain) ? plain.slice(1) : plain);
      assert.equal(decimal(value, digits, 'fr'), en.replace('.', ','));
      assert.equal(localDigits(numberText(value, 'en'), 'fr'), numberText(value, 'fr'));
    }),
    propertyRuns(300),
  );
});

test('a message picks its figures and its plural forms by locale', () => {
  const message = { en: 'mean {x} over {n} {n|run|runs}', fr: 'moyenne {x} sur {n} {n|exécution|exécutions}' };
  assert.equal(pick(message, 'en', { x: 0.5, n: 1 }), 'mean 0.5 over 1 run');
  assert.equal(pick(message, 'en', { x: 0.5, n: 2 }), 'mean 0.5 over 2 runs');
  assert.equal(pick(message, 'fr', { x: 0.5, n: 1 }), 'moyenne 0,5 sur 1 exécution');
  assert.equal(pick(message, 'fr', { x: 0.5, n: 0 }), 'moyenne 0,5 sur 0 exécution');
  assert.equal(pick(message, 'fr', { x: 12, n: 3 }), 'moyenne 12 sur 3 exécutions');
  // A string param is shown as given (an id, a path, a figure already formatted).
  assert.equal(pick(message, 'fr', { x: '0.5', n: 2 }), 'moyenne 0.5 sur 2 exécutions');
});
