/**
 * What the ÈwéBench harness 1.0.0 knows, as data: the scoring methods, the fields each needs, and the
 * `expected_format` keys it reads. The validator and the scorer both read these tables.
 */
export const EVAL_METHODS = ['exact_match', 'keywords', 'multiple_choice', 'format', 'ewe_quality', 'composite'] as const;

export type EvalMethod = (typeof EVAL_METHODS)[number];

/** Fields a test must carry for its method to score anything (exact_match and multiple_choice crash without `expected`). */
export const METHOD_REQUIRED_FIELDS: Readonly<Record<EvalMethod, readonly string[]>> = {
  exact_match: ['expected'],
  keywords: ['expected_keywords'],
  multiple_choice: ['expected'],
  format: ['expected_format'],
  ewe_quality: [],
  composite: ['expected_keywords', 'expected_format'],
};

/** `expected_format` keys the harness checks (by presence: their values are not read). */
export const HARNESS_FORMAT_KEYS = ['contains_ewe', 'min_length', 'max_length', 'contains_function_call', 'markdown_elements'] as const;

/** Keys found in real test files that the harness never reads; strict mode scores them. */
export const STRICT_ONLY_FORMAT_KEYS = ['max_sentences', 'max_word_count', 'starts_with', 'list_item_count', 'numbered_list_items', 'no_french'] as const;
