import { test } from 'node:test';
import assert from 'node:assert/strict';
import { classify } from '../document/classify';
import { JsonDocument } from '../document/jsonDocument';
import { EWE, PLAINS_CREE } from './profiles';
import { fileCoverage, MAX_OCCURRENCES, stringCoverageSummary } from './report';

const reportOf = (text: string, override?: typeof PLAINS_CREE) => {
  const doc = new JsonDocument(text);
  return fileCoverage(doc, classify(doc.value), override);
};

const tests = JSON.stringify(
  [
    { id: 't1', prompt: 'Ðe wòle Togo?', system: 'ƒ in a system prompt', eval_method: 'keywords', expected_keywords: ['ɖe', 'Gbe'] },
    { id: 't2', messages: [{ role: 'user', content: 'Ŋdi nyuie, ɛ̃' }], eval_method: 'exact_match', expected: 'gɔ' },
  ],
  null,
  2,
);

test('the file report gives per-language counts, missing letters, digraphs, items and look-alikes', () => {
  const report = reportOf(tests);
  const ewe = report.languages[0];
  assert.equal(ewe.code, 'ee');
  assert.deepEqual(ewe.digraphs, ['dz', 'gb', 'kp', 'ny', 'ts']);
  assert.deepEqual(ewe.missing, ['ƒ', 'ɣ', 'ʋ'], 'ƒ only in a system prompt, ɖ only as a look-alike in the prompt but real in a keyword');
  assert.equal(ewe.letters.gb, 1);
  assert.equal(ewe.letters.g, 2, 'Togo and gɔ');
  assert.equal(ewe.capitals.gb, 1);
  assert.equal(ewe.capitals['ŋ'], 1);
  assert.deepEqual(ewe.nasalVowels, { ɛ̃: 1 });
  assert.deepEqual(
    report.items.map((i) => [i.label, i.path]),
    [
      ['t1', [0]],
      ['t2', [1]],
    ],
  );
  assert.deepEqual(
    report.items.map((i) => i.special),
    [
      [1, 0, 0, 0, 0, 0, 0],
      [0, 1, 0, 0, 1, 1, 0],
    ],
  );
  assert.equal(tests[report.items[1].offset], '{');
  assert.deepEqual(
    report.confusables.map((c) => [c.found, c.expected, c.range.start.line, tests.slice(c.span.start, c.span.end)]),
    [['Ð', 'Ɖ', 3, 'Ð']],
  );
  assert.equal(report.strings, 5);
  assert.deepEqual(JSON.parse(JSON.stringify(report)), report, 'plain JSON');
});

test('occurrences point at the letter itself in the text, with a few characters around it', () => {
  const report = reportOf(tests);
  const [gb] = report.occurrences.gb;
  assert.equal(tests.slice(gb.span.start, gb.span.end), 'Gb');
  assert.deepEqual([gb.label, gb.before, gb.match, gb.after], ['t1', '', 'Gb', 'e']);
  const [n] = report.occurrences['ŋ'];
  assert.deepEqual([n.label, tests.slice(n.span.start, n.span.end)], ['t2', 'Ŋ']);
  assert.deepEqual(
    report.occurrences.o.map((o) => tests.slice(o.span.start, o.span.end)),
    ['ò', 'o', 'o'],
  );
  assert.equal(report.occurrences['ƒ'], undefined);
  const [e] = report.occurrences['ɛ'];
  assert.equal(tests.slice(e.span.start, e.span.end), 'ɛ̃', 'a decomposed accent goes with its letter');
});

test('occurrences in strings with escapes are placed on the escapes', () => {
  const text = '[{"id": "x", "prompt": "\\"a\\" \\u0256e", "eval_method": "ewe_quality"}]';
  const [d] = reportOf(text).occurrences['ɖ'];
  assert.equal(text.slice(d.span.start, d.span.end), '\\u0256');
  assert.deepEqual([d.before, d.match], ['"a" ', 'ɖ']);
});

test('the occurrence lists stop at their cap, the counts do not', () => {
  const many = JSON.stringify(Array.from({ length: MAX_OCCURRENCES + 20 }, (_, i) => ({ id: `t${i}`, prompt: 'ɖe ɖe', eval_method: 'ewe_quality' })));
  const report = reportOf(many);
  assert.equal(report.occurrences['ɖ'].length, MAX_OCCURRENCES);
  assert.equal(report.languages[0].letters['ɖ'], 2 * (MAX_OCCURRENCES + 20));
});

test('a Cree corpus reports Cree first, and the source language after it', () => {
  const corpus = JSON.stringify({ dataset: { target_language: 'crk', source_language: 'ee' }, entries: [{ id: 1, source: 'Ɖevi', reference: 'nipâ ē' }] });
  const report = reportOf(corpus);
  assert.deepEqual(
    report.languages.map((l) => [l.code, l.missing]),
    [
      ['crk', ['ê', 'î', 'ô']],
      ['ee', ['ɛ', 'ƒ', 'ɣ', 'ŋ', 'ɔ', 'ʋ']],
    ],
  );
  assert.deepEqual(
    report.confusables.map((c) => c.found),
    ['ē'],
  );
  assert.deepEqual(Object.keys(report.occurrences).sort(), ['i', 'n', 'p', 'â'].sort());
});

test('an override reads tests with another profile', () => {
  const report = reportOf(JSON.stringify([{ id: 'c', prompt: 'tânisi', eval_method: 'ewe_quality' }]), PLAINS_CREE);
  assert.equal(report.languages[0].code, 'crk');
  assert.equal(report.languages[0].letters['â'], 1);
});

test('a file with no language text has an empty report', () => {
  const report = reportOf(JSON.stringify({ dataset: { target_language: 'fr', source_language: 'en' }, entries: [{ id: 1, source: 'a', reference: 'b' }] }));
  assert.deepEqual([report.languages, report.items, report.strings], [[], [], 0]);
});

test('a string summary lists the special letters present and missing, for hovers', () => {
  const s = stringCoverageSummary('Ɖe ŋdi', EWE);
  assert.deepEqual(s.present, ['ɖ', 'ŋ']);
  assert.deepEqual(s.missing, ['ɛ', 'ƒ', 'ɣ', 'ɔ', 'ʋ']);
  assert.deepEqual(stringCoverageSummary('Ɖe ŋdi', PLAINS_CREE).present, []);
});
