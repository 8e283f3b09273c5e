import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { JsonDocument } from '../document/jsonDocument';
import { schemaForPath } from '../schemas/lookup';
import { resolveFindings, validateDocument } from '../validate';
import { loadSuite } from './load';
import { suiteSpec } from './suite';
import { fromRepo } from '../../test/helpers/paths';

const dir = fromRepo('test-fixtures', 'suite');
const readFixture = (name: string) => fs.readFileSync(path.join(dir, name), 'utf8');
const diskReader = (name: string) => {
  try {
    return { text: readFixture(name) };
  } catch {
    return { error: 'no such file' };
  }
};

test('a suite file is recognised by its content and validates with no finding', () => {
  const doc = new JsonDocument(readFixture('ewe.suite.json'));
  const result = validateDocument(doc, { locale: 'en' });
  assert.equal(result.classification.kind, 'task-suite');
  assert.deepEqual(result.findings, []);
  // Without $schema too.
  assert.equal(validateDocument(new JsonDocument('{"suite_version": 1, "tasks": []}'), { locale: 'en' }).classification.kind, 'task-suite');
});

test('the suite’s tasks: languages defaulted from the suite, translation groups, aligned files, maps', () => {
  const spec = suiteSpec(JSON.parse(readFixture('ewe.suite.json')));
  assert.deepEqual(
    spec.tasks.map((t) => [t.id, t.task, t.competency, t.language, t.group, t.files.kind]),
    [
      ['mmlu', 'multiple_choice', 'NLU', 'ewe', 'mmlu', 'items'],
      ['mmlu-jsonl', 'multiple_choice', 'NLU', 'ewe', 'mmlu-jsonl', 'items'],
      ['mgsm', 'math', 'NLR', 'ewe', 'mgsm', 'items'],
      ['xnli', 'nli', 'NLR', 'ewe', 'xnli', 'items'],
      ['topics', 'classification', 'NLU', 'ewe', 'topics', 'items'],
      ['flores-ewe-eng', 'translation', 'NLG', 'ewe', 'flores', 'aligned'],
      ['flores-eng-ewe', 'translation', 'NLG', 'ewe', 'flores', 'aligned'],
      ['phrases', 'translation', 'NLG', 'ewe', 'phrases', 'items'],
    ],
  );
});

test('loading the example suite reads every item file with no finding', () => {
  const loaded = loadSuite(JSON.parse(readFixture('ewe.suite.json')), diskReader);
  assert.deepEqual(loaded.suiteFindings, []);
  assert.deepEqual([...loaded.itemFindings.values()].flat(), []);
  assert.deepEqual(
    loaded.tasks.map((t) => [t.spec.id, t.items.length]),
    [
      ['mmlu', 3],
      ['mmlu-jsonl', 2],
      ['mgsm', 2],
      ['xnli', 3],
      ['topics', 3],
      ['flores-ewe-eng', 3],
      ['flores-eng-ewe', 3],
      ['phrases', 2],
    ],
  );
});

test('suite rules: duplicate task id, topics outside classification, an unknown field, an item file that cannot be read', () => {
  const text = readFixture('bad.suite.json');
  const doc = new JsonDocument(text);
  const result = validateDocument(doc, { locale: 'en' });
  const loaded = loadSuite(doc.value, diskReader);
  const shown = resolveFindings(doc, [...result.findings, ...loaded.suiteFindings]).map(
    (d) => `${d.range.start.line + 1}:${d.range.start.character + 1} ${d.code}`,
  );
  assert.deepEqual(shown.sort(), ['10:58 unknown-field', '10:107 unknown-field', '9:13 duplicate-id', '9:78 item-file-missing'].sort());
  assert.deepEqual(
    [...loaded.itemFindings.entries()].map(([file, findings]) => [file, findings.map((f) => f.code)]),
    [
      ['bad/mmlu.tsv', ['item-answer', 'item-choices', 'item-empty', 'duplicate-id']],
      ['bad/mmlu.jsonl', ['item-answer', 'item-choices', 'invalid-json']],
      ['bad/topics.csv', ['item-answer']],
      ['bad/flores.src', ['item-alignment']],
      ['bad/flores.tgt', ['item-alignment']],
      ['items/mgsm.tsv', []],
    ],
  );
});

test('hover and completion find the suite schema’s documentation, in English and French', () => {
  const node = schemaForPath({ kind: 'task-suite' }, ['tasks', 0, 'competency']);
  assert.match(String(node?.markdownDescription), /competency/);
  assert.match(String(node?.['x-markdownDescription-fr']), /compétence/);
  assert.deepEqual((node?.['x-knownValues'] as string[]).slice(0, 3), ['NLU', 'NLG', 'NLR']);
});

test('French messages for item files', () => {
  const loaded = loadSuite(JSON.parse(readFixture('bad.suite.json')), diskReader, 'fr');
  assert.match(loaded.itemFindings.get('bad/topics.csv')![0].message, /L’étiquette « weather » de l’item 2 ne fait pas partie des thèmes/);
});
