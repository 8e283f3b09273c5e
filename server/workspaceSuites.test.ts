import { test } from 'node:test';
import assert from 'node:assert/strict';
import { MAX_ITEM_FILES_PER_SUITE, WorkspaceSuites } from './workspaceSuites';

const suite = (tasks: { id: string; items: string; task?: string }[]) =>
  JSON.stringify({ suite_version: 1, tasks: tasks.map((t) => ({ task: 'multiple_choice', competency: 'NLU', ...t })) });

test('a suite on disk registers the item files it names, relative to itself; a file no longer a suite leaves', () => {
  const suites = new WorkspaceSuites();
  assert.equal(suites.take('file:///w/suites/ewe.suite.json', suite([{ id: 'mmlu', items: '../items/mmlu%.tsv' }])), true);
  assert.equal(suites.refOf('file:///w/items/mmlu%25.tsv')?.task.id, 'mmlu');
  assert.equal(suites.refOf('file:///w/suites/items/mmlu%25.tsv'), undefined);
  // The same text again changes nothing; a JSON file that is not a suite is not parsed as one.
  assert.equal(suites.take('file:///w/suites/ewe.suite.json', suite([{ id: 'mmlu', items: '../items/mmlu%.tsv' }])), false);
  assert.equal(suites.take('file:///w/tests/a.json', '[{"id": "t"}]'), false);
  assert.equal(suites.take('file:///w/suites/ewe.suite.json', undefined), true);
  assert.equal(suites.refOf('file:///w/items/mmlu%25.tsv'), undefined);
});

test('a file two suites name is read as the first suite by URI reads it; an open suite is left to its analysis', () => {
  const open = new Set(['file:///w/b.suite.json']);
  const suites = new WorkspaceSuites((uri) => open.has(uri));
  suites.update('file:///w/b.suite.json', JSON.parse(suite([{ id: 'second', items: 'x.csv' }])));
  suites.take('file:///w/a.suite.json', suite([{ id: 'first', items: 'x.csv' }]));
  assert.equal(suites.refOf('file:///w/x.csv')?.task.id, 'first');
  assert.equal(suites.wants('file:///w/b.suite.json'), false);
  assert.equal(suites.wants('file:///w/c.json'), true);
  assert.equal(
    suites.prune((uri) => uri !== 'file:///w/a.suite.json'),
    true,
  );
  assert.equal(suites.refOf('file:///w/x.csv')?.task.id, 'second');
});

test('a suite registers at most MAX_ITEM_FILES_PER_SUITE item files, and the list answer is bounded', () => {
  const suites = new WorkspaceSuites();
  const many = Array.from({ length: MAX_ITEM_FILES_PER_SUITE + 5 }, (_, i) => ({ id: `t${i}`, items: `i${i}.tsv` }));
  suites.take('file:///w/big.suite.json', suite(many));
  assert.equal(suites.list(Number.MAX_SAFE_INTEGER).length, MAX_ITEM_FILES_PER_SUITE);
  assert.equal(suites.list(10).length, 10);
  assert.equal(suites.refOf(`file:///w/i${MAX_ITEM_FILES_PER_SUITE}.tsv`), undefined);
});
