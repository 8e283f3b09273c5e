/**
 * Scores of a task run k times (SEA-HELM score calculations): the mean over runs, the standard error of that
 * mean, and the chance-normalised score. The standard error here is the plain one over runs (sample standard
 * deviation with k - 1, over √k); SEA-HELM's clustered standard errors (Miller 2024) need per-item scores and
 * are not this.
 */
export interface RepeatStats {
  runs: number;
  mean: number;
  /** Sample standard deviation / √k; null for a single run, where it is undefined. */
  standardError: number | null;
}

function checkScores(scores: readonly number[]): void {
  if (scores.length === 0) throw new RangeError('no runs to summarise');
  for (const s of scores) if (!Number.isFinite(s)) throw new RangeError(`run score is not a finite number: ${s}`);
}

export function repeatStats(scores: readonly number[]): RepeatStats {
  checkScores(scores);
  const k = scores.length;
  let sum = 0;
  for (const s of scores) sum += s;
  const mean = sum / k;
  if (k === 1) return { runs: 1, mean, standardError: null };
  let squares = 0;
  for (const s of scores) squares += (s - mean) ** 2;
  return { runs: k, mean, standardError: Math.sqrt(squares / (k - 1)) / Math.sqrt(k) };
}

export type TaskKind = { kind: 'multiple_choice'; options: number } | { kind: 'generative' };

/** What guessing scores: 1/n for an n-option multiple-choice task, 0 for a generative one. */
export function chanceBaseline(task: TaskKind): number {
  if (task.kind === 'generative') return 0;
  if (!Number.isInteger(task.options) || task.options < 2)
    throw new RangeError(`a multiple-choice task needs a whole number of options, at least 2; got ${task.options}`);
  return 1 / task.options;
}

/**
 * max((score - baseline) / (maximum - baseline), 0) × 100: 0 at chance (or below it), 100 at the maximum.
 * `maximum` is the best score an answer can get, 1 unless the metric says otherwise.
 */
export function normalisedScore(score: number, baseline: number, maximum = 1): number {
  if (!(maximum > baseline)) throw new RangeError(`the maximum (${maximum}) must be above the baseline (${baseline})`);
  return Math.max((score - baseline) / (maximum - baseline), 0) * 100;
}

/**
 * Each run normalised, then summarised, so the mean and its standard error are on the 0–100 scale reported.
 * (Clamping happens per run, so this is not the normalised mean when some runs fall below chance.)
 */
export function normalisedRuns(scores: readonly number[], task: TaskKind, maximum = 1): RepeatStats {
  checkScores(scores);
  const baseline = chanceBaseline(task);
  return repeatStats(scores.map((s) => normalisedScore(s, baseline, maximum)));
}

/**
 * One level up the hierarchy (tasks → competency → language → overall): for each run, the mean of the members'
 * scores in that run; then the mean and standard error of those per-run means. Every member must have the
 * same number of runs, run i of each being the same evaluation run.
 */
export function aggregateRunWise(members: readonly (readonly number[])[]): RepeatStats {
  if (members.length === 0) throw new RangeError('nothing to aggregate');
  const k = members[0].length;
  members.forEach((runs, i) => {
    if (runs.length !== k) throw new RangeError(`member ${i} has ${runs.length} runs, member 0 has ${k}`);
    checkScores(runs);
  });
  const perRun: number[] = [];
  for (let run = 0; run < k; run++) {
    let sum = 0;
    for (const runs of members) sum += runs[run];
    perRun.push(sum / members.length);
  }
  return repeatStats(perRun);
}
