import { test } from 'node:test';
import assert from 'node:assert/strict';
import { formatCompliance } from './format';
import { HarnessCrash } from '../../python/values';

// Harness-mode expectations were checked against evaluate_format_compliance (CPython 3.11).

test('harness mode: a key counts by presence, so false values still reward the property', () => {
  const ewe = formatCompliance({ contains_ewe: false, min_length: 5 }, 'Ɖe nyuie');
  assert.equal(ewe.score, 1);
  assert.deepEqual(ewe.breakdown.checks[0], { key: 'contains_ewe', value: false, passed: 1, observed: ['ɖe'], valueIgnored: true });
  assert.equal(formatCompliance({ contains_function_call: false }, 'x <function_call>{}</function_call>').score, 1);
  assert.equal(formatCompliance({ contains_function_call: false }, 'x').score, 0);
});

test('strict mode honours false: no Ewe letters, no function call', () => {
  const ewe = formatCompliance({ contains_ewe: false, min_length: 5 }, 'Ɖe nyuie', { strict: true });
  assert.equal(ewe.score, 0.5);
  assert.deepEqual(
    ewe.breakdown.checks.map((c) => [c.key, c.passed]),
    [
      ['contains_ewe', 0],
      ['min_length', 1],
    ],
  );
  assert.equal(formatCompliance({ contains_ewe: false }, 'Bonjour, le monde', { strict: true }).score, 1);
  assert.equal(formatCompliance({ contains_function_call: false }, 'x <function_call>{}</function_call>', { strict: true }).score, 0);
  assert.equal(formatCompliance({ contains_function_call: false }, 'x', { strict: true }).score, 1);
});

test('lengths are code points', () => {
  assert.equal(formatCompliance({ max_length: 3 }, '😀😀😀').score, 1);
  const min = formatCompliance({ min_length: 4 }, '😀😀😀');
  assert.equal(min.score, 0);
  assert.equal(min.breakdown.checks[0].observed, 3);
});

test('markdown_elements: found over the length of the value; header and list follow Python line starts', () => {
  const md = formatCompliance({ markdown_elements: ['header', 'list', 'bold', 'table'] }, '## Nuɖuɖu\n- akple\n');
  assert.equal(md.score, 0.5);
  assert.deepEqual(md.breakdown.checks[0].markdown, {
    requested: 4,
    elements: [
      { name: 'table', found: false },
      { name: 'header', found: true },
      { name: 'list', found: true },
      { name: 'bold', found: false },
    ],
  });
  assert.equal(formatCompliance({ markdown_elements: ['list', 'foo'] }, '* a').score, 0.5);
  assert.equal(formatCompliance({ markdown_elements: [] }, '**x**').score, 0);
  assert.equal(formatCompliance({ contains_ewe: true, markdown_elements: ['header'] }, 'Hello\r# Title').score, 0.5);
  assert.equal(
    formatCompliance({ contains_ewe: true, min_length: 1000, max_length: 2000, markdown_elements: ['table', 'bold'] }, 'Table | a --- **b**').score,
    0.75,
  );
});

test('markdown_elements given as a string or object: Python tests substrings or keys and divides by len()', () => {
  assert.equal(formatCompliance({ markdown_elements: 'tableheader' }, '| a |\n|---|\n# T').score, 0.18181818181818182);
  assert.equal(formatCompliance({ markdown_elements: { bold: 1 } }, '**x**').score, 1);
});

test('no key the harness knows scores 0; the others are listed as ignored', () => {
  const r = formatCompliance({ list_item_count: 3, has_pro_con: true }, 'x');
  assert.equal(r.score, 0);
  assert.deepEqual(r.breakdown, { method: 'format', checks: [], ignoredKeys: ['list_item_count', 'has_pro_con'] });
  assert.equal(formatCompliance({}, 'x').score, 0);
});

test('expected_format as a list or string: membership works, reading a value crashes like Python', () => {
  assert.equal(formatCompliance(['contains_ewe'], 'ɖe').score, 1);
  assert.equal(formatCompliance('contains_ewe', 'ɖe').score, 1);
  assert.throws(() => formatCompliance(['contains_ewe', 'max_length'], 'ɖe'), /list indices must be integers or slices, not str/);
  assert.throws(() => formatCompliance('contains_ewe min_length', 'ɖe'), /string indices must be integers/);
  assert.throws(() => formatCompliance(null, 'x'), /argument of type 'NoneType' is not iterable/);
});

test('wrongly typed values: a bool compares as 0/1, a string or null crashes', () => {
  assert.equal(formatCompliance({ min_length: true }, 'x').score, 1);
  assert.equal(formatCompliance({ min_length: true }, '').score, 0);
  assert.throws(() => formatCompliance({ min_length: '30' }, 'x'), /'>=' not supported between instances of 'int' and 'str'/);
  assert.throws(() => formatCompliance({ max_length: null }, 'x'), HarnessCrash);
  assert.throws(() => formatCompliance({ markdown_elements: null }, 'x'), HarnessCrash);
});

test('strict mode scores the keys the harness ignores and leaves unknown ones listed', () => {
  const expected = { contains_ewe: true, min_length: 20, list_item_count: 5, has_pro_con: true };
  const response = '- Mango\n- Akpé\n- Aŋutinya\n- Ablɛ';
  assert.equal(formatCompliance(expected, response).score, 1);
  const strict = formatCompliance(expected, response, { strict: true });
  assert.equal(strict.score, 2 / 3);
  assert.deepEqual(strict.breakdown.checks[2], { key: 'list_item_count', value: 5, passed: 0, strictOnly: true, observed: 4 });
  assert.deepEqual(strict.breakdown.ignoredKeys, ['has_pro_con']);
  // no_french: false asks for nothing and is not scored.
  assert.deepEqual(formatCompliance({ no_french: false }, 'x', { strict: true }).breakdown.ignoredKeys, ['no_french']);
});
