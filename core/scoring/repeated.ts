/**
 * Statistics of a test or entry run k times (SEA-HELM score calculations): mean, standard error of the mean,
 * and the chance-normalised score max((s - b) / (m - b), 0) × 100.
 */
export interface RepeatedRuns {
  runs: number;
  mean: number;
  /** Sample standard deviation / √k; null for a single run. */
  standardError: number | null;
}

export function repeatedRuns(scores: readonly number[]): RepeatedRuns {
  if (scores.length === 0) throw new Error('no runs to summarise');
  const k = scores.length;
  const mean = scores.reduce((a, b) => a + b, 0) / k;
  if (k === 1) return { runs: 1, mean, standardError: null };
  const variance = scores.reduce((a, s) => a + (s - mean) ** 2, 0) / (k - 1);
  return { runs: k, mean, standardError: Math.sqrt(variance) / Math.sqrt(k) };
}

/** The chance baseline: 1/n for an n-option multiple-choice task, 0 for generative tasks. */
export function chanceBaseline(task: { kind: 'multiple_choice'; options: number } | { kind: 'generative' }): number {
  if (task.kind === 'generative') return 0;
  if (!(task.options >= 2)) throw new Error('a multiple-choice task needs at least 2 options');
  return 1 / task.options;
}

export function normalisedScore(score: number, baseline: number, maximum = 1): number {
  return Math.max((score - baseline) / (maximum - baseline), 0) * 100;
}
