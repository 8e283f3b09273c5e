/**
 * The four prompt templates of the multilingual evaluation framework (English zero-shot instructions, content
 * in the target language), as data. `{name}` marks a variable; `renderPrompt` fills them in one pass, so text
 * inside a value is never read as a variable.
 */
export type PromptTask = 'translation' | 'classification' | 'multiple_choice' | 'math';

export interface PromptTemplate {
  task: PromptTask;
  /** Benchmarks the framework uses the template for. */
  datasets: readonly string[];
  text: string;
  /** What the answer extractor expects after `####`, for the reasoning templates. */
  answer?: 'letter' | 'number';
}

export const PROMPT_TEMPLATES: Readonly<Record<PromptTask, PromptTemplate>> = {
  translation: {
    task: 'translation',
    datasets: ['translation'],
    text: 'Translate the following text to the {target_language_name} language; use the {script} script; reply only with the translation:\n\n{original_sentence}',
  },
  classification: {
    task: 'classification',
    datasets: ['classification'],
    text: 'Classify the following text into one of these topics: {topic1}, {topic2}, {topic3}, {topic4}, {topic5}.\nReply with only the topic name.\n\nText:\n{paragraph_in_target_language}',
  },
  multiple_choice: {
    task: 'multiple_choice',
    datasets: ['mmlu', 'arc', 'truthfulqa'],
    text: 'Solve the following multiple choice question. Reason step-by-step and then write the final answer as a single letter.\n\nResponse format: <reasoning> #### <letter>\n\n---\n\n{question_and_choices_in_target_language}',
    answer: 'letter',
  },
  math: {
    task: 'math',
    datasets: ['mgsm'],
    text: 'Solve the following math problem. Reason step-by-step and then write the final answer as a number.\n\nResponse format: <reasoning> #### <number>\n\n---\n\n{math_problem_in_target_language}',
    answer: 'number',
  },
};

const VARIABLE = /\{(\w+)\}/g;

/** The variables a template needs, each once, in order of first use. */
export function templateVariables(template: PromptTemplate): string[] {
  return [...new Set([...template.text.matchAll(VARIABLE)].map((m) => m[1]))];
}

export type PromptVariables = Readonly<Record<string, string | undefined>>;

/** Raised when a variable has no value: a literal `{slot}` must never reach a model. */
export class MissingPromptVariableError extends Error {
  constructor(
    readonly task: PromptTask,
    readonly missing: readonly string[],
    /** Values given that the template does not use: usually the misspelling of a missing one. */
    readonly unused: readonly string[],
  ) {
    super(
      `prompt template '${task}' is missing ${missing.map((v) => `{${v}}`).join(', ')}` + (unused.length ? ` (given but not used: ${unused.join(', ')})` : ''),
    );
    this.name = 'MissingPromptVariableError';
  }
}

/** Fills every variable of a template (by task name or as data); throws MissingPromptVariableError if one has no value. */
export function renderPrompt(template: PromptTemplate | PromptTask, vars: PromptVariables): string {
  const t = typeof template === 'string' ? PROMPT_TEMPLATES[template] : template;
  const needed = templateVariables(t);
  const missing = needed.filter((v) => typeof vars[v] !== 'string');
  if (missing.length)
    throw new MissingPromptVariableError(
      t.task,
      missing,
      Object.keys(vars).filter((k) => !needed.includes(k)),
    );
  return t.text.replace(VARIABLE, (_, name: string) => vars[name] as string);
}

/** The classification template's variables from a list of exactly five topics. */
export function classificationVariables(topics: readonly string[], paragraph: string): Record<string, string> {
  if (topics.length !== 5) throw new RangeError(`the classification prompt lists exactly 5 topics, got ${topics.length}`);
  return { ...Object.fromEntries(topics.map((topic, i) => [`topic${i + 1}`, topic])), paragraph_in_target_language: paragraph };
}
