import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import { compareRuns } from '../../core/compare/compare';
import { readRuns } from '../../core/runs/read';
import type { Run } from '../../core/runs/types';
import { fromRepo } from '../../test/helpers/paths';
import { englishL10n } from '../run/l10n';
import { comparePage, type CompareStrings } from './compareModel';

const STRINGS: CompareStrings = { all: 'All', hint: 'hint', filterChange: 'Items', refresh: 'Refresh' };

function run(name: string): Run {
  const read = readRuns(JSON.parse(fs.readFileSync(fromRepo('test-fixtures', 'runs', name), 'utf8')), name);
  assert.ok(read.ok);
  return read.runs[0];
}

const comparison = compareRuns(run('ewebench_deepseek-chat_20261120_091500.json'), run('ewebench_gemini-2.0-flash_20261121_101000.json'));

test('the compare page lists the planted regression first, its responses diffed, and the metric table with the bootstrap’s verdict', () => {
  const page = comparePage(comparison, { change: '' }, 'en', englishL10n, STRINGS);
  assert.equal(page.title, 'Compare deepseek-chat with gemini-2.0-flash');
  const [metrics, items] = page.tables;
  assert.deepEqual(
    metrics.rows[0].cells.map((c) => c.text),
    ['ÈwéScore', '74.40', '62.00', '-12.40', '[-33.50, +1.80]', '0.046', 'yes: A better', '12'],
  );
  assert.equal(metrics.rows[0].tone, 'bad');
  // Significant only when the bootstrap says so: translation dropped 31 points, p 0.061, not significant.
  const translation = metrics.rows.find((r) => r.cells[0].text === '· Translation');
  assert.deepEqual(
    translation?.cells.slice(3, 7).map((c) => c.text),
    ['-31.20', '[-75.00, 0.00]', '0.061', 'no'],
  );
  assert.equal(translation?.tone, undefined);
  const first = items.rows[0];
  assert.deepEqual(
    first.cells.slice(0, 6).map((c) => c.text),
    ['mt_context_02', 'translation', '1.000', '0.000', '-1.000', 'regression'],
  );
  assert.equal(first.tone, 'bad');
  assert.deepEqual(first.cells[6].parts, [
    { op: 'delete', text: 'Meɖe kuku, na tsi ɖe.' },
    { op: 'insert', text: 'Ŋdi.' },
  ]);
  assert.deepEqual(
    items.rows.slice(0, 5).map((r) => r.cells[5].text),
    ['regression', 'regression', 'regression', 'regression', 'improvement'],
  );
  assert.match(page.notes.join('\n'), /12 paired items \(0 only in A, 0 only in B\); paired bootstrap over 1000 resamples/);
});

test('the change filter keeps one kind of item; its choices are the kinds present', () => {
  const page = comparePage(comparison, { change: 'improvement' }, 'en', englishL10n, STRINGS);
  assert.deepEqual(
    page.tables[1].rows.map((r) => r.cells[0].text),
    ['ck_kente_04'],
  );
  assert.deepEqual(page.filters[0].options, ['regression', 'improvement', 'unchanged']);
  assert.equal(page.filters[0].optionLabels?.regression, 'regression');
});

/** A suite run's results file with two multiple-choice items and one translation, two runs each. */
function suiteRun(model: string, answers: [string, string], translation: string): Run {
  const outcome = (right: boolean, letter: string) => ({ extracted: letter, method: 'strict', correct: right, score: right ? 1 : 0 });
  const value = {
    suite_responses_version: 1,
    model,
    runs: 2,
    suite: 'Ewe core tasks',
    tasks: {
      mmlu: { '1': [`#### ${answers[0]}`, `#### ${answers[0]}`], '2': [`#### ${answers[1]}`, `#### ${answers[1]}`] },
      flores: { '1': [translation, translation] },
    },
    scores: { runs: 2, tasks: [], competencies: [], languages: [], overall: { mean: 0, standardError: null, perRun: [0, 0] } },
    outcomes: {
      mmlu: {
        task: 'multiple_choice',
        competency: 'NLU',
        language: 'ewe',
        items: {
          '1': { expected: 'A', runs: [outcome(answers[0] === 'A', answers[0]), outcome(answers[0] === 'A', answers[0])] },
          '2': { expected: 'B', runs: [outcome(answers[1] === 'B', answers[1]), outcome(answers[1] === 'B', answers[1])] },
        },
      },
      flores: {
        task: 'translation',
        competency: 'NLG',
        language: 'ewe',
        items: { '1': { expected: 'Good morning!', source: 'Ŋdi na wò!', runs: [{ score: 50 }, { score: 50 }] } },
      },
    },
  };
  const read = readRuns(value, `${model}.responses.json`);
  assert.ok(read.ok, read.ok ? '' : read.detail);
  return read.runs[0];
}

test('two suite runs compare per task: the metric rows read "<task> accuracy %" and "<task> chrF++", in both languages', () => {
  const c = compareRuns(suiteRun('a', ['B', 'B'], 'Hello'), suiteRun('b', ['A', 'B'], 'Good morning!'));
  assert.equal(c.kind, 'suite');
  assert.deepEqual(
    comparePage(c, { change: '' }, 'en', englishL10n, STRINGS).tables[0].rows.map((r) => r.cells.slice(0, 3).map((x) => x.text)),
    [
      ['mmlu accuracy %', '50.00', '100.00'],
      ['flores chrF++', c.metrics[1].a.toFixed(2), '100.00'],
    ],
  );
  assert.equal(comparePage(c, { change: '' }, 'fr', englishL10n, STRINGS).tables[0].rows[0].cells[0].text, 'mmlu exactitude %');
});
