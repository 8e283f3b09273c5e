import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { generateTests, rng } from '../bench/generate';
import type { TextEdit } from './document/edit';
import { JsonDocument } from './document/jsonDocument';
import { KNOWN_ITEMS, withoutKnownItems } from './document/knownItems';
import { analyseEdits, type Analysed } from './incremental';
import { resolveFindings, validateDocument, type ValidationOptions } from './validate';
import { TextModel } from './text/textModel';

/**
 * A validation through the known items (`document/knownItems.ts`: per-test findings kept by the test's text, the
 * root array stepped over by compares, the duplicate-key proof from their counts) says exactly what a validation
 * reading the text whole says: the same findings in the same order, with the same ranges, messages and fixes.
 */

/** Everything a validation reports, resolved: findings in order with their ranges, the ids, the classification. */
function report(doc: JsonDocument, options: ValidationOptions): string {
  const result = validateDocument(doc, options);
  return JSON.stringify({
    classification: result.classification,
    diagnostics: resolveFindings(doc, result.findings),
    ids: result.ids,
    duplicateKeys: doc.duplicateKeys,
    tooDeep: doc.tooDeep,
  });
}

/** The reference: the same text read whole, as before the known items. */
function reference(text: string, options: ValidationOptions): string {
  return withoutKnownItems(() => report(new JsonDocument(text), options));
}

function known(text: string | TextModel, options: ValidationOptions): string {
  return report(new JsonDocument(text), options);
}

type Test = Record<string, unknown>;

/** A tests file with something for every per-test rule, a look-alike, NFD and NFC strings, and items that are not tests. */
function testsWithFindings(seed: number): unknown[] {
  const tests = JSON.parse(generateTests(40, seed)) as Test[];
  tests[1].id = tests[0].id;
  delete tests[2].eval_method;
  tests[3].eval_method = 'keyword';
  tests[4].id = 7;
  tests[5].unknown_field = true;
  tests[6] = { ...tests[6], eval_method: 'exact_match', expected_format: { contains_ewe: false, max_words: 3 } };
  tests[7] = {
    id: 'multi',
    messages: [
      { role: 'assistant', content: 'Ɛ ƒe nu' },
      { role: 'system', content: 'x' },
    ],
    eval_method: 'ewe_quality',
  };
  tests[8].messages = [{ role: 'user', content: 'a' }];
  tests[9].prompt = 'Ɛ ƒe nu wɔ ε la.';
  tests[10].prompt = 'Me do\u0300 ame.';
  tests[11].prompt = 'Mè dò ame.';
  tests[12] = { id: 'mc', prompt: 'x', eval_method: 'multiple_choice', expected: 'AB' };
  tests[13] = { id: 'kw', prompt: 'x', eval_method: 'keywords', expected_keywords: [] };
  tests[14] = { prompt: 'no id', eval_method: 'keywords', expected_keywords: ['a'] };
  tests[15].expected_keywords = ['e', 'a', 'dzo'];
  tests[15].eval_method = 'keywords';
  delete tests[16].prompt;
  tests[17].id = '';
  return [...tests, 5, 'a string', null, [1, { id: 'nested' }], {}];
}

/** The texts of one list of tests in several writings: indented, CRLF, minified, escaped, with a BOM, with a repeated key. */
function writings(tests: unknown[]): string[] {
  const indented = JSON.stringify(tests, null, 2) + '\n';
  return [
    indented,
    indented.replace(/\n/g, '\r\n'),
    JSON.stringify(tests),
    JSON.stringify(tests, null, '\t').replace(/ɔ/g, '\\u0254').replace(/ɛ/g, '\\u025b'),
    '\ufeff' + indented,
    indented.replace('"description": "', '"description": "x", "description": "'),
    indented.replace('"prompt": "', '"prompt": "a:b", "pro\\u006dpt": "'),
  ];
}

/** A fresh list of tests on each call: texts no earlier validation made known. */
let seed = 1000;

test('a tests file validated through its known items equals the file read whole: first, again, and in every writing', () => {
  for (const text of writings(testsWithFindings(seed++))) {
    const expected = reference(text, { locale: 'en' });
    assert.equal(known(text, { locale: 'en' }), expected, 'first validation');
    assert.equal(known(text, { locale: 'en' }), expected, 'second validation, every test known');
    assert.equal(known(TextModel.from(text), { locale: 'en' }), expected, 'through a text model');
    assert.equal(known(text, { locale: 'fr' }), reference(text, { locale: 'fr' }), 'another locale');
    assert.equal(known(text, { locale: 'en', audit: false }), reference(text, { locale: 'en', audit: false }), 'no audit');
  }
});

test('tests changed, added, removed and reordered between validations: each version equals the file read whole', () => {
  const random = rng(77);
  let tests = testsWithFindings(seed++);
  for (let round = 0; round < 60; round++) {
    const i = Math.floor(random() * tests.length);
    const roll = random();
    const next = tests.slice();
    if (roll < 0.3) next[i] = { ...(next[i] as Test), prompt: `Ɛ ${round} ε o\u0300 ò` };
    else if (roll < 0.45) next.splice(i, 1);
    else if (roll < 0.6) next.splice(i, 0, next[(i * 7) % next.length]);
    else if (roll < 0.75) next.reverse();
    else if (roll < 0.9)
      next[i] = { ...(next[i] as Test), eval_method: ['format', 'composite', 'nope', 'keywords'][round % 4], expected_format: { max_words: round } };
    else next[i] = [1, 2, { deep: [[[]]] }];
    tests = next;
    const text = round % 2 ? JSON.stringify(tests, null, 2) : JSON.stringify(tests);
    assert.equal(known(text, { locale: 'en' }), reference(text, { locale: 'en' }), `round ${round}`);
  }
});

test('keystrokes in a tests file (the incremental parse, items read through windows) equal the file read whole', () => {
  const random = rng(5);
  const text = JSON.stringify(testsWithFindings(seed++), null, 2);
  let previous: Analysed = { doc: new JsonDocument(TextModel.from(text)), result: validateDocument(new JsonDocument(text), { locale: 'en' }) };
  previous.result = validateDocument(previous.doc, { locale: 'en' });
  const pieces = ['a', 'ɛ', 'ε', 'o\u0300', 'ò', ' ', '"', '}', '\\', 'x": 1, "y'];
  for (let i = 0; i < 300; i++) {
    const current = previous.doc.text;
    const at = current.indexOf('"prompt": "', Math.floor(random() * current.length));
    const start = at < 0 ? Math.floor(random() * current.length) : at + 11 + Math.floor(random() * 3);
    const edit: TextEdit =
      random() < 0.7
        ? { start, end: start, text: pieces[Math.floor(random() * pieces.length)] }
        : { start, end: Math.min(current.length, start + 1 + Math.floor(random() * 2)), text: '' };
    const nextText = current.slice(0, edit.start) + edit.text + current.slice(edit.end);
    const outcome = analyseEdits(previous, [edit], previous.doc.model.edit(edit.start, edit.end, edit.text), { locale: 'en' });
    const result = JSON.stringify({
      classification: outcome.result.classification,
      diagnostics: resolveFindings(outcome.doc, outcome.result.findings),
      ids: outcome.result.ids,
      duplicateKeys: outcome.doc.duplicateKeys,
      tooDeep: outcome.doc.tooDeep,
    });
    assert.equal(result, reference(nextText, { locale: 'en' }), `edit ${i}: ${JSON.stringify(edit)}`);
    previous = outcome;
  }
});

test('nesting past the limit and repeated keys are found as when the file is read whole', () => {
  const deep = '['.repeat(1200) + ']'.repeat(1200);
  const tests = [`{"id": "a", "x": ${deep}}`, `{"id": "b", "id": "c"}`, `{"id": "d", "o": {"k": 1, "k": {"k": 2, "k": 3}}}`, `{"id": "e"}`];
  for (const items of [tests, tests.slice(1), tests.slice(2), tests.slice(3)]) {
    const text = `[\n${items.join(',\n')}\n]`;
    assert.equal(known(text, { locale: 'en' }), reference(text, { locale: 'en' }));
    assert.equal(known(text, { locale: 'en' }), reference(text, { locale: 'en' }), 'again');
  }
});

test('every ÈwéBench fixture validates the same through its known items', () => {
  const roots = ['test-fixtures/ewebench'].map((r) => path.resolve(__dirname, '..', '..', r));
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const name of fs.readdirSync(dir)) {
      const full = path.join(dir, name);
      if (fs.statSync(full).isDirectory()) walk(full);
      else if (name.endsWith('.json') && !name.endsWith('.expected.json')) files.push(full);
    }
  };
  roots.forEach(walk);
  assert.ok(files.length > 10);
  for (const file of files) {
    const text = fs.readFileSync(file, 'utf8');
    for (const locale of ['en', 'fr'] as const) {
      assert.equal(known(text, { locale }), reference(text, { locale }), file);
      assert.equal(known(text, { locale }), reference(text, { locale }), `${file}, again`);
    }
  }
});

test('the 2,000-test bench file: every test known after one validation, and the same report again', () => {
  const text = generateTests(2000, 4242);
  const expected = reference(text, { locale: 'en' });
  assert.equal(known(text, { locale: 'en' }), expected);
  assert.ok(KNOWN_ITEMS.count >= 2000);
  assert.equal(known(text, { locale: 'en' }), expected);
});
