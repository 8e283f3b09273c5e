/** The five tasks a suite runs (kept apart from the item readers, so the suite file's rules stay small in the server's bundle). */
export type SuiteTask = 'multiple_choice' | 'math' | 'nli' | 'classification' | 'translation';

export const SUITE_TASKS: readonly SuiteTask[] = ['multiple_choice', 'math', 'nli', 'classification', 'translation'];
