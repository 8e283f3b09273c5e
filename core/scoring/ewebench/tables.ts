/**
 * What the ÈwéBench harness 1.0.0 knows, as data: its scoring methods, the fields each needs, and the
 * `expected_format` keys it reads. The validator and the scorer both read these tables.
 */
export const EVAL_METHODS = ['exact_match', 'keywords', 'multiple_choice', 'format', 'ewe_quality', 'composite'] as const;

export type EvalMethod = (typeof EVAL_METHODS)[number];

/** Method the harness runs when a test has no `eval_method` (an unknown value runs ewe_quality instead). */
export const DEFAULT_EVAL_METHOD: EvalMethod = 'keywords';
export const UNKNOWN_EVAL_METHOD_FALLBACK: EvalMethod = 'ewe_quality';

/**
 * Fields a test must carry for its method to score anything: exact_match and multiple_choice crash without
 * `expected`; keywords scores 0 without a non-empty `expected_keywords`; format scores 0 without
 * `expected_format`; composite needs both of the latter.
 */
export const METHOD_REQUIRED_FIELDS: Readonly<Record<EvalMethod, readonly string[]>> = {
  exact_match: ['expected'],
  keywords: ['expected_keywords'],
  multiple_choice: ['expected'],
  format: ['expected_format'],
  ewe_quality: [],
  composite: ['expected_keywords', 'expected_format'],
};

/** `expected_format` keys the harness checks, in its order. It tests their presence; their values are mostly not read. */
export const HARNESS_FORMAT_KEYS = ['contains_ewe', 'min_length', 'max_length', 'contains_function_call', 'markdown_elements'] as const;

export type HarnessFormatKey = (typeof HARNESS_FORMAT_KEYS)[number];

/** Keys found in real test files that the harness never reads and strict mode scores. */
export const STRICT_ONLY_FORMAT_KEYS = ['max_sentences', 'max_word_count', 'starts_with', 'list_item_count', 'numbered_list_items', 'no_french'] as const;

export type StrictOnlyFormatKey = (typeof STRICT_ONLY_FORMAT_KEYS)[number];

/** Keys also found in real files that neither the harness nor strict mode can check mechanically. */
export const UNSCORED_FORMAT_KEYS = ['has_pro_con', 'proverb_count', 'must_ask_clarification', 'answer_consistency', 'neutrality', 'role_preserved'] as const;

/** The markdown elements the harness recognises in `markdown_elements`, in the order it checks them. */
export const MARKDOWN_ELEMENTS = ['table', 'header', 'list', 'bold'] as const;
