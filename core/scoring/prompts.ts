/**
 * The four prompt templates of the multilingual evaluation framework, as data: English instructions,
 * content in the target language, `{name}` slots filled by `renderPrompt`.
 */
export const PROMPT_TEMPLATES = {
  translation: 'Translate the following text to the {target_language_name} language; use the {script} script; reply only with the translation:\n\n{original_sentence}',
  classification: 'Classify the following text into one of these topics: {topic1}, {topic2}, {topic3}, {topic4}, {topic5}.\nReply with only the topic name.\n\nText:\n{paragraph_in_target_language}',
  multiple_choice: 'Solve the following multiple choice question. Reason step-by-step and then write the final answer as a single letter.\n\nResponse format: <reasoning> #### <letter>\n\n---\n\n{question_and_choices_in_target_language}',
  math: 'Solve the following math problem. Reason step-by-step and then write the final answer as a number.\n\nResponse format: <reasoning> #### <number>\n\n---\n\n{math_problem_in_target_language}',
} as const;

export type PromptTask = keyof typeof PROMPT_TEMPLATES;

/** The slot names a template needs. */
export function promptSlots(task: PromptTask): string[] {
  return [...PROMPT_TEMPLATES[task].matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
}

/** Fills a template; a missing slot is an error naming it, never a literal `{slot}` sent to a model. */
export function renderPrompt(task: PromptTask, values: Readonly<Record<string, string>>): string {
  const missing = promptSlots(task).filter((slot) => !(slot in values));
  if (missing.length) throw new Error(`prompt '${task}' needs ${missing.map((m) => `{${m}}`).join(', ')}`);
  return PROMPT_TEMPLATES[task].replace(/\{(\w+)\}/g, (_, slot: string) => values[slot]);
}
