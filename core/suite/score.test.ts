import { test } from 'node:test';
import assert from 'node:assert/strict';
import { itemPrompt, scoreItem, scoreTask, taskLabels } from './score';
import type { SuiteItem } from './items';
import type { LoadedTask } from './load';

// The four templates as the framework's document writes them (multilingual-eval-prompting.md), copied here.
const DOC = {
  translation:
    'Translate the following text to the {target_language_name} language; use the {script} script; reply only with the translation:\n\n{original_sentence}',
  classification:
    'Classify the following text into one of these topics: {topic1}, {topic2}, {topic3}, {topic4}, {topic5}.\nReply with only the topic name.\n\nText:\n{paragraph_in_target_language}',
  qa: 'Solve the following multiple choice question. Reason step-by-step and then write the final answer as a single letter.\n\nResponse format: <reasoning> #### <letter>\n\n---\n\n{question_and_choices_in_target_language}',
  math: 'Solve the following math problem. Reason step-by-step and then write the final answer as a number.\n\nResponse format: <reasoning> #### <number>\n\n---\n\n{math_problem_in_target_language}',
};

const base = { id: '1', ordinal: 1, span: { start: 0, end: 0 } };
const mc: SuiteItem = { ...base, task: 'multiple_choice', question: 'Dukɔ ka ƒe fiadu nye Lomé?', choices: ['Togo', 'Ghana', 'Benin', 'Nigeria'], answer: 'A' };
const math: SuiteItem = { ...base, task: 'math', question: 'Ama ƒle akpɔnɔ 3, eye wòƒle bubu 5. Akpɔnɔ nenie le esi?', answer: 8 };
const topic: SuiteItem = { ...base, task: 'classification', text: 'Togo ƒe bɔlƒoha ɖu dziɖuɖu etsɔ.', label: 'sports' };
const nli: SuiteItem = { ...base, task: 'nli', premise: 'Ŋdi sia, Ama yi asime.', hypothesis: 'Ama yi asime.', label: 'entailment' };
const tr: SuiteItem = { ...base, task: 'translation', source: 'Good morning!', target: 'Ŋdi na wò!' };
const TOPICS = ['science', 'travel', 'politics', 'sports', 'health'];

test('the four prompts are the document’s templates byte for byte, with the content in the target language', () => {
  assert.equal(
    itemPrompt(mc, {}),
    DOC.qa.replace('{question_and_choices_in_target_language}', 'Dukɔ ka ƒe fiadu nye Lomé?\n\nA. Togo\nB. Ghana\nC. Benin\nD. Nigeria'),
  );
  assert.equal(itemPrompt(math, {}), DOC.math.replace('{math_problem_in_target_language}', math.question));
  assert.equal(
    itemPrompt(topic, { labels: TOPICS }),
    DOC.classification.replace('{topic1}, {topic2}, {topic3}, {topic4}, {topic5}', TOPICS.join(', ')).replace('{paragraph_in_target_language}', topic.text),
  );
  // The language's name and script as corpus runs derive them: Ewe, Latin.
  assert.equal(
    itemPrompt(tr, { targetLanguage: 'ewe_Latn' }),
    DOC.translation.replace('{target_language_name}', 'Ewe').replace('{script}', 'Latin').replace('{original_sentence}', 'Good morning!'),
  );
  assert.equal(
    itemPrompt(tr, { targetLanguage: 'ee' }),
    DOC.translation.replace('{target_language_name}', 'Ewe').replace('{script}', 'Latin').replace('{original_sentence}', 'Good morning!'),
  );
});

test('NLI runs as three-way classification: the same sentence, listing its three labels', () => {
  assert.equal(
    itemPrompt(nli, { labels: ['entailment', 'neutral', 'contradiction'] }),
    'Classify the following text into one of these topics: entailment, neutral, contradiction.\nReply with only the topic name.\n\nText:\nŊdi sia, Ama yi asime.\nAma yi asime.',
  );
});

test('answers are read after the last #### (strict); the labelled fallback counts apart, never in the accuracy', () => {
  assert.deepEqual(scoreItem(mc, 'Lomé le Togo… #### A'), { extracted: 'A', method: 'strict', correct: true, tolerantCorrect: true, score: 1 });
  assert.deepEqual(scoreItem(mc, 'The answer is **A**'), { extracted: 'A', method: 'fallback', correct: false, tolerantCorrect: true, score: 0 });
  assert.deepEqual(scoreItem(mc, '#### B'), { extracted: 'B', method: 'strict', correct: false, tolerantCorrect: false, score: 0 });
  assert.deepEqual(scoreItem(math, '3 + 5 = 8 #### 8'), { extracted: '8', method: 'strict', correct: true, tolerantCorrect: true, score: 1 });
  assert.deepEqual(scoreItem(math, 'Eya ŋu 8'), { extracted: '8', method: 'fallback', correct: false, tolerantCorrect: true, score: 0 });
  assert.deepEqual(scoreItem(math, 'nyemenya o'), { extracted: null, method: 'none', correct: false, tolerantCorrect: false, score: 0 });
  assert.deepEqual(scoreItem(topic, ' Sports.\n', TOPICS), { extracted: 'sports', method: 'strict', correct: true, tolerantCorrect: true, score: 1 });
  assert.deepEqual(scoreItem(topic, 'This text is about sports news', TOPICS), {
    extracted: 'sports',
    method: 'fallback',
    correct: false,
    tolerantCorrect: true,
    score: 0,
  });
  assert.deepEqual(scoreItem(topic, 'sports or health', TOPICS), { extracted: null, method: 'none', correct: false, tolerantCorrect: false, score: 0 });
  assert.equal(scoreItem(tr, 'Ŋdi na wò!').score, 100);
});

test('a task’s runs: strict accuracy per run, tolerant apart; chance 1/n; translation scored with corpus chrF++', () => {
  const spec = {
    index: 0,
    id: 'mmlu',
    task: 'multiple_choice' as const,
    competency: 'NLU',
    language: 'ewe',
    files: { kind: 'items' as const, items: 'x' },
    map: {},
    group: 'mmlu',
  };
  const task: LoadedTask = { spec, items: [mc, { ...mc, id: '2', answer: 'B' }] };
  const r = scoreTask(
    task,
    [
      ['#### A', 'A'],
      ['#### B', '#### C'],
    ],
    2,
    'ewe',
  );
  assert.deepEqual(r.subtask.runs, [1, 0]);
  assert.deepEqual(r.tolerantRuns, [1, 0.5]);
  assert.equal(r.subtask.baseline, 0.25);
  assert.deepEqual(r.subtask.items, [
    [1, 0],
    [1, 0],
  ]);
  const trTask: LoadedTask = { spec: { ...spec, id: 'flores', task: 'translation', group: 'flores' }, items: [tr] };
  const t = scoreTask(trTask, [['Ŋdi na wò!', null]], 2, 'ewe');
  assert.deepEqual([t.subtask.runs[0], t.subtask.runs[1], t.subtask.baseline, t.subtask.maximum], [100, 0, 0, 100]);
  const topics: LoadedTask = { spec: { ...spec, task: 'classification', topics: TOPICS }, items: [topic] };
  assert.deepEqual(taskLabels(topics), TOPICS);
  assert.equal(scoreTask(topics, [['sports']], 1, 'ewe').subtask.baseline, 1 / 5);
});
