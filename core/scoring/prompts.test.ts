import { test } from 'node:test';
import assert from 'node:assert/strict';
import { classificationVariables, MissingPromptVariableError, PROMPT_TEMPLATES, renderPrompt, templateVariables } from './prompts';

test('each template declares its variables in order of use', () => {
  assert.deepEqual(templateVariables(PROMPT_TEMPLATES.translation), ['target_language_name', 'script', 'original_sentence']);
  assert.deepEqual(templateVariables(PROMPT_TEMPLATES.classification), ['topic1', 'topic2', 'topic3', 'topic4', 'topic5', 'paragraph_in_target_language']);
  assert.deepEqual(templateVariables(PROMPT_TEMPLATES.multiple_choice), ['question_and_choices_in_target_language']);
  assert.deepEqual(templateVariables(PROMPT_TEMPLATES.math), ['math_problem_in_target_language']);
});

test('a translation prompt renders to the framework text', () => {
  const text = renderPrompt('translation', { target_language_name: 'Ewe', script: 'Latin', original_sentence: 'Good morning.' });
  assert.equal(text, 'Translate the following text to the Ewe language; use the Latin script; reply only with the translation:\n\nGood morning.');
});

test('the reasoning prompts ask for the #### format the extractor reads', () => {
  const math = renderPrompt(PROMPT_TEMPLATES.math, { math_problem_in_target_language: 'Nu kae nye 2 + 2?' });
  assert.equal(
    math,
    'Solve the following math problem. Reason step-by-step and then write the final answer as a number.\n\nResponse format: <reasoning> #### <number>\n\n---\n\nNu kae nye 2 + 2?',
  );
  assert.equal(PROMPT_TEMPLATES.math.answer, 'number');
  assert.match(renderPrompt('multiple_choice', { question_and_choices_in_target_language: 'Q' }), /<reasoning> #### <letter>\n\n---\n\nQ$/);
  assert.deepEqual(PROMPT_TEMPLATES.multiple_choice.datasets, ['mmlu', 'arc', 'truthfulqa']);
});

test('values are inserted once: braces inside a value are kept as text', () => {
  const text = renderPrompt('math', { math_problem_in_target_language: 'Solve {x} + 1 = 3' });
  assert.ok(text.endsWith('Solve {x} + 1 = 3'));
});

test('a missing variable fails and names it, with the unused value that was probably meant', () => {
  assert.throws(
    () => renderPrompt('translation', { target_language: 'Ewe', script: 'Latin' }),
    (e: unknown) =>
      e instanceof MissingPromptVariableError &&
      e.task === 'translation' &&
      e.missing.join() === 'target_language_name,original_sentence' &&
      e.message === "prompt template 'translation' is missing {target_language_name}, {original_sentence} (given but not used: target_language)",
  );
  assert.throws(() => renderPrompt('math', { math_problem_in_target_language: undefined }), MissingPromptVariableError);
});

test('classification topics come as a list of exactly five', () => {
  const vars = classificationVariables(['politics', 'sports', 'health', 'science', 'entertainment'], 'Ghana ƒe bɔlƒoƒo…');
  assert.equal(
    renderPrompt('classification', vars),
    'Classify the following text into one of these topics: politics, sports, health, science, entertainment.\nReply with only the topic name.\n\nText:\nGhana ƒe bɔlƒoƒo…',
  );
  assert.throws(() => classificationVariables(['a', 'b'], 'x'), /exactly 5 topics, got 2/);
});
