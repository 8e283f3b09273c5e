import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { ChatOutcome } from '../../core/run/types';
import { readTaskItems } from '../../core/suite/load';
import { labelsOf, suiteItemRecord, suiteItemRequest, suiteRunnableItems } from '../../core/suite/runResults';
import { suiteSpec } from '../../core/suite/suite';
import { buildLenses } from './lensModel';
import { englishL10n } from './l10n';
import { ResultsIndex } from './resultsIndex';

/** The lenses of a suite's item file: ▶ Run on each row, then the answer read after #### with ✓ or ✗ (chrF++ for a translation). */
const SPEC = suiteSpec({
  suite_version: 1,
  language: 'ewe',
  tasks: [
    { id: 'mmlu', task: 'multiple_choice', competency: 'NLU', items: 'items/mmlu.tsv' },
    { id: 'flores', task: 'translation', competency: 'NLG', items: 'items/tr.tsv' },
  ],
});
const MMLU =
  "id\tquestion\tchoices\tanswer\nq1\tDukɔ ka ƒe fiadu nye Lomé?\t['Togo', 'Ghana']\tA\nq2\tNu nenie nye 3 kple 4?\t['5', '6', '7']\tC\nq3\tNu nenie nye 1 kple 1?\t['2', '3']\tA\n";
const ok = (text: string): ChatOutcome => ({
  ok: true,
  text,
  usage: { prompt_tokens: 1, completion_tokens: 1, reasoning_tokens: 0, cached_tokens: 0 },
  latencyMs: 120,
  cached: false,
  attempts: 1,
});

function lensesFor(spec: (typeof SPEC.tasks)[number], text: string, answers: Record<string, string>) {
  const read = readTaskItems(spec, spec.files.kind === 'items' ? spec.files.items : '', text);
  const task = { spec, items: read.items };
  const labels = labelsOf(task);
  const items = suiteRunnableItems(read.items);
  const index = new ResultsIndex();
  index.setSource(
    'file',
    read.items
      .filter((item) => item.id in answers)
      .map((item, i) =>
        suiteItemRecord({
          task: spec,
          item,
          labels,
          sourceFile: 'items/x.tsv',
          itemHash: items[read.items.indexOf(item)].hash,
          repeat: 0,
          model: 'fake-ewe-model',
          origin: 'http://127.0.0.1',
          request: suiteItemRequest(task, item, 'fake-ewe-model', labels),
          outcome: ok(answers[item.id]),
          finishedAt: `2026-11-28T06:00:0${i}.000Z`,
        }),
      ),
  );
  return { items, index, lenses: buildLenses({ uri: 'file:///x', items, outcomes: index.outcomes('items/x.tsv') }, englishL10n) };
}

test('each item of a suite file has ▶ Run on its row, and its lens shows the answer read and ✓ or ✗ with what was expected', () => {
  const { items, lenses } = lensesFor(SPEC.tasks[0], MMLU, { q1: 'Togo. #### A', q2: '3 + 4 = 7 #### B', q3: 'The answer is A' });
  assert.deepEqual(
    items.map((i) => MMLU.slice(i.start, i.end).split('\t')[0]),
    ['q1', 'q2', 'q3'],
  );
  const at = (id: string) => lenses.filter((l) => l.offset === items.find((i) => i.id === id)!.start).map((l) => l.title);
  assert.deepEqual(at('q1'), ['▶ Run', 'Run ×5', '✓ A · 120 ms · fake-ewe-model']);
  assert.deepEqual(at('q2'), ['▶ Run', 'Run ×5', '✗ B · expected C · 120 ms · fake-ewe-model']);
  // Right only by the fallback reading: not counted, and said so.
  assert.deepEqual(at('q3'), ['▶ Run', 'Run ×5', '✗ A (fallback reading) · expected A · 120 ms · fake-ewe-model']);
  assert.equal(lenses[0].title, '$(run-all) Run all (3)');
});

test('a translation item’s lens shows its sentence chrF++', () => {
  const text = 'source\ttarget\nGood morning.\tŊdi nyuie.\n';
  const { lenses } = lensesFor(SPEC.tasks[1], text, { '1': 'Ŋdi nyuie.' });
  assert.ok(
    lenses.some((l) => l.title === 'chrF++ 100.0 · 120 ms · fake-ewe-model'),
    lenses.map((l) => l.title).join(' | '),
  );
});

test('a result of an earlier version of the row is marked stale', () => {
  const { index } = lensesFor(SPEC.tasks[0], MMLU, { q1: '#### A' });
  const edited = MMLU.replace("['Togo', 'Ghana']", "['Togo', 'Ghana', 'Benin']");
  const items = suiteRunnableItems(readTaskItems(SPEC.tasks[0], 'items/mmlu.tsv', edited).items);
  const lenses = buildLenses({ uri: 'file:///x', items, outcomes: index.outcomes('items/x.tsv') }, englishL10n);
  assert.ok(
    lenses.some((l) => l.title === '✓ A · 120 ms · fake-ewe-model (stale)'),
    lenses.map((l) => l.title).join(' | '),
  );
});
