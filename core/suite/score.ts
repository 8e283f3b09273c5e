import { profileFor } from '../coverage/profiles';
import { pyStrip } from '../python/str';
import { languageName, scriptName } from '../run/script';
import { corpusChrf, sentenceChrf } from '../scoring/chrf';
import { extractLetter, extractNumber, type ExtractionMethod } from '../scoring/extraction';
import { PROMPT_TEMPLATES, classificationVariables, renderPrompt } from '../scoring/prompts';
import { multilingualInstruction } from '../run/batch';
import { letterOf, NLI_LABELS, type SuiteItem } from './items';
import type { LoadedTask } from './load';
import type { SubtaskInput } from './seahelm';

/**
 * A suite item's prompt (the framework's four templates: English instruction, content in the target language)
 * and the reading of a model's answer to it: the answer after the last `####` (strict), the labelled fallback
 * kept apart, accuracy per task on the strict reading, chrF++ for translation. Pure.
 */

/** A language's English name for a prompt, as corpus runs derive it (the Ewe profile, then CLDR); else the code. */
export function promptLanguageName(code: string): string {
  return profileFor(code)?.name.en ?? languageName(code) ?? code;
}

/** The labels a classification-style task chooses among: NLI's three, or the suite's topics (else the labels seen). */
export function taskLabels(task: LoadedTask): readonly string[] {
  if (task.spec.task === 'nli') return NLI_LABELS;
  if (task.spec.topics) return task.spec.topics;
  const seen: string[] = [];
  for (const item of task.items) if (item.task === 'classification' && !seen.includes(item.label)) seen.push(item.label);
  return seen;
}

/**
 * The classification prompt for any number of topics: byte-equal to the framework's template with five, the
 * same sentence with the list as long as it is otherwise (NLI's three labels, SIB-200's seven topics).
 */
function classificationPrompt(topics: readonly string[], paragraph: string): string {
  if (topics.length === 5) return renderPrompt('classification', classificationVariables(topics, paragraph));
  const listed = PROMPT_TEMPLATES.classification.text.replace('{topic1}, {topic2}, {topic3}, {topic4}, {topic5}', topics.join(', '));
  return renderPrompt({ ...PROMPT_TEMPLATES.classification, text: listed }, { paragraph_in_target_language: paragraph });
}

/** The question and its lettered choices, as the multiple-choice template's content. */
export function questionWithChoices(question: string, choices: readonly string[]): string {
  return [question, '', ...choices.map((c, i) => `${letterOf(i)}. ${c}`)].join('\n');
}

/** The prompt one item sends. `labels` for NLI and classification (see taskLabels); `targetLanguage` for translation. */
export function itemPrompt(item: SuiteItem, context: { labels?: readonly string[]; targetLanguage?: string | null }): string {
  switch (item.task) {
    case 'multiple_choice':
      return renderPrompt('multiple_choice', { question_and_choices_in_target_language: questionWithChoices(item.question, item.choices) });
    case 'math':
      return renderPrompt('math', { math_problem_in_target_language: item.question });
    case 'nli':
      return classificationPrompt(context.labels ?? NLI_LABELS, `${item.premise}\n${item.hypothesis}`);
    case 'classification':
      return classificationPrompt(context.labels ?? [item.label], item.text);
    case 'translation': {
      // Corpus runs' instruction: the language's name and script derived the same way, no script clause when none is known.
      const code = context.targetLanguage ?? '';
      return multilingualInstruction({ targetName: promptLanguageName(code), script: scriptName(code) }).replace('{original_sentence}', () => item.source);
    }
  }
}

export interface ItemOutcome {
  /** The answer read from the response, as text (a letter, a number, a label); null when none was found. */
  extracted: string | null;
  method: ExtractionMethod;
  /** Correct on the strict reading: what the accuracy counts. */
  correct: boolean;
  /** Correct on the strict or the fallback reading, reported apart. */
  tolerantCorrect: boolean;
  /** The item's score on the task's scale: 1 or 0 (strict) for accuracy, sentence chrF++ for translation. */
  score: number;
}

/** A label answer: strict when the stripped reply is one label (any case, a final period allowed); else the one label it names. */
function extractLabel(response: string, labels: readonly string[]): { value: string | null; method: ExtractionMethod } {
  const reply = pyStrip(response).replace(/[.!]$/, '').trim().toLowerCase();
  const exact = labels.find((l) => l.toLowerCase() === reply);
  if (exact !== undefined) return { value: exact, method: 'strict' };
  const lower = response.toLowerCase();
  const named = labels.filter((l) =>
    new RegExp(`(?<![\\p{L}\\p{N}])${l.toLowerCase().replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\p{L}\\p{N}])`, 'u').test(lower),
  );
  return named.length === 1 ? { value: named[0], method: 'fallback' } : { value: null, method: 'none' };
}

export function scoreItem(item: SuiteItem, response: string, labels: readonly string[] = []): ItemOutcome {
  switch (item.task) {
    case 'multiple_choice': {
      const e = extractLetter(
        response,
        item.choices.map((_, i) => letterOf(i)),
      );
      const right = e.value === item.answer;
      return outcome(e.value, e.method, right);
    }
    case 'math': {
      const e = extractNumber(response);
      const right = e.value !== null && Math.abs(e.value - item.answer) <= 1e-9 * Math.max(1, Math.abs(item.answer));
      return outcome(e.value === null ? null : String(e.value), e.method, right);
    }
    case 'nli':
    case 'classification': {
      const e = extractLabel(response, labels);
      return outcome(e.value, e.method, e.value === item.label);
    }
    case 'translation': {
      const score = sentenceChrf(response, [item.target]).score;
      return { extracted: response, method: 'strict', correct: false, tolerantCorrect: false, score };
    }
  }
}

function outcome(extracted: string | null, method: ExtractionMethod, right: boolean): ItemOutcome {
  const correct = right && method === 'strict';
  return { extracted, method, correct, tolerantCorrect: right && method !== 'none', score: correct ? 1 : 0 };
}

/** Chance for a task: the mean of 1/n over its items for multiple choice, 1/labels for NLI and classification, 0 else. */
export function taskBaseline(task: LoadedTask, labels: readonly string[]): number {
  switch (task.spec.task) {
    case 'multiple_choice': {
      let sum = 0;
      for (const item of task.items) if (item.task === 'multiple_choice') sum += 1 / item.choices.length;
      return task.items.length ? sum / task.items.length : 0.25;
    }
    case 'nli':
    case 'classification':
      return labels.length ? 1 / labels.length : 0;
    default:
      return 0;
  }
}

export interface TaskRunScores {
  /** The scoring input of SEA-HELM's aggregation. */
  subtask: SubtaskInput;
  /** outcomes[i][r]: item i in run r. */
  outcomes: ItemOutcome[][];
  /** Accuracy with the fallback reading counted, per run (translation: the corpus chrF++ again). */
  tolerantRuns: number[];
}

/**
 * A task's scores from its responses: responses[i][r] is item i's response in run r (null: no response, scored
 * as a wrong answer, an empty translation). Accuracy per run on the strict reading; corpus chrF++ per run for
 * translation, with sentence chrF++ as the item scores of the clustered error.
 */
export function scoreTask(task: LoadedTask, responses: readonly (readonly (string | null)[])[], runs: number, language: string): TaskRunScores {
  const labels = task.spec.task === 'nli' || task.spec.task === 'classification' ? taskLabels(task) : [];
  const outcomes = task.items.map((item, i) => Array.from({ length: runs }, (_, r) => scoreItem(item, responses[i]?.[r] ?? '', labels)));
  const n = task.items.length;
  const translation = task.spec.task === 'translation';
  const runScores: number[] = [];
  const tolerantRuns: number[] = [];
  for (let r = 0; r < runs; r++) {
    if (translation) {
      const hyps = task.items.map((_, i) => responses[i]?.[r] ?? '');
      const refs = task.items.map((item) => (item.task === 'translation' ? item.target : ''));
      const score = n ? corpusChrf(hyps, [refs]).score : 0;
      runScores.push(score);
      tolerantRuns.push(score);
      continue;
    }
    let strict = 0;
    let tolerant = 0;
    for (let i = 0; i < n; i++) {
      if (outcomes[i][r].correct) strict++;
      if (outcomes[i][r].tolerantCorrect) tolerant++;
    }
    runScores.push(n ? strict / n : 0);
    tolerantRuns.push(n ? tolerant / n : 0);
  }
  const subtask: SubtaskInput = {
    id: task.spec.id,
    group: task.spec.group,
    competency: task.spec.competency,
    language,
    baseline: taskBaseline(task, labels),
    maximum: translation ? 100 : 1,
    runs: runScores,
    items: outcomes.map((o) => o.map((x) => x.score)),
  };
  return { subtask, outcomes, tolerantRuns };
}
