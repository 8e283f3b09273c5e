import { aggregateRunWise, type RepeatStats } from '../scoring/repeated';

/**
 * SEA-HELM's score calculations for a suite run k times (k = 8 by default):
 *
 * - each sub-task's score in each run is normalised by chance: (score − baseline) / (maximum − baseline) × 100,
 *   baseline 1/n for an n-option task and 0 for a generative one (not clamped at 0: a model below chance scores
 *   below 0, as the formula says);
 * - a task's score in a run is the mean of its sub-tasks' (translation both ways) normalised scores; the task's
 *   score is its mean over runs, and its standard error is clustered by item as Miller (2024) gives it:
 *   √(Σ_clusters (Σ_{i∈c} (s_i − s̄))²) / N over the N normalised item scores, an item's runs being one cluster
 *   (sub-tasks combine as the mean of independent estimates: √(Σ SE_j²) / J);
 * - competency, language and overall scores are, per run, the mean of the level below (tasks of a competency in
 *   a language, competencies of a language, languages), then the mean and standard error of those k means.
 *
 * Pure and allocation-light: a few arrays per task, nothing per item beyond its loop.
 */

export interface SubtaskInput {
  id: string;
  /** Sub-tasks sharing a group make one task; a task alone is its own group. */
  group: string;
  competency: string;
  language: string;
  /** What guessing scores (1/n, or 0 for generative tasks) and the best score, on the metric's scale. */
  baseline: number;
  maximum: number;
  /** The sub-task's raw score in each run (accuracy, chrF++ …). */
  runs: readonly number[];
  /** items[i][r]: item i's raw score in run r, for the clustered standard error; absent: no standard error. */
  items?: readonly (readonly number[])[];
}

export interface LevelScore {
  mean: number;
  /** Null when it cannot be computed (one run, or no item scores for a task). */
  standardError: number | null;
  perRun: number[];
}

export interface TaskScore extends LevelScore {
  id: string;
  competency: string;
  language: string;
  subtasks: (LevelScore & { id: string })[];
}

export interface SeaHelmScores {
  runs: number;
  tasks: TaskScore[];
  competencies: (LevelScore & { language: string; competency: string })[];
  languages: (LevelScore & { language: string })[];
  overall: LevelScore;
}

/** (score − baseline) / (maximum − baseline) × 100. */
export function normalise(score: number, baseline: number, maximum: number): number {
  if (!(maximum > baseline)) throw new RangeError(`the maximum (${maximum}) must be above the baseline (${baseline})`);
  return ((score - baseline) / (maximum - baseline)) * 100;
}

/**
 * Miller's clustered standard error of the mean of all scores: `clusters[c]` holds cluster c's scores. Equals
 * the plain √(Σ(s − s̄)²)/N when every cluster holds one score. Null for no scores.
 */
export function clusteredStandardError(clusters: readonly (readonly number[])[]): number | null {
  // One pass over the scores: Σ_{i∈c}(s_i − s̄) = S_c − n_c·s̄, so each cluster's sum and size are enough.
  const sums = new Float64Array(clusters.length);
  const sizes = new Float64Array(clusters.length);
  let n = 0;
  let sum = 0;
  for (let c = 0; c < clusters.length; c++) {
    const cluster = clusters[c];
    let inner = 0;
    for (let i = 0; i < cluster.length; i++) inner += cluster[i];
    sums[c] = inner;
    sizes[c] = cluster.length;
    n += cluster.length;
    sum += inner;
  }
  if (n === 0) return null;
  const mean = sum / n;
  let total = 0;
  for (let c = 0; c < clusters.length; c++) {
    const deviation = sums[c] - sizes[c] * mean;
    total += deviation * deviation;
  }
  return Math.sqrt(total) / n;
}

function mean(values: readonly number[]): number {
  let s = 0;
  for (const v of values) s += v;
  return s / values.length;
}

function level(stats: RepeatStats, perRun: number[]): LevelScore {
  return { mean: stats.mean, standardError: stats.standardError, perRun };
}

/** The per-run means of members' per-run scores, and their mean and standard error over runs. */
function runWise(members: readonly (readonly number[])[]): LevelScore {
  const stats = aggregateRunWise(members);
  const k = members[0].length;
  const perRun = Array.from({ length: k }, (_, r) => mean(members.map((m) => m[r])));
  return level(stats, perRun);
}

/** Groups in first-seen order. */
function groupBy<T>(values: readonly T[], key: (v: T) => string): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const v of values) {
    const k = key(v);
    const list = out.get(k);
    if (list) list.push(v);
    else out.set(k, [v]);
  }
  return out;
}

export function seaHelmScores(subtasks: readonly SubtaskInput[]): SeaHelmScores {
  if (subtasks.length === 0) throw new RangeError('no task to score');
  const k = subtasks[0].runs.length;
  if (k === 0) throw new RangeError('no runs to score');
  for (const t of subtasks) {
    if (t.runs.length !== k) throw new RangeError(`sub-task ${t.id} has ${t.runs.length} runs, ${subtasks[0].id} has ${k}`);
    for (const s of t.runs) if (!Number.isFinite(s)) throw new RangeError(`sub-task ${t.id}: a run score is not a finite number (${s})`);
    for (const item of t.items ?? []) if (item.length !== k) throw new RangeError(`sub-task ${t.id}: an item has ${item.length} runs, not ${k}`);
  }

  const tasks: TaskScore[] = [];
  for (const [group, members] of groupBy(subtasks, (t) => t.group)) {
    const first = members[0];
    for (const m of members)
      if (m.competency !== first.competency || m.language !== first.language)
        throw new RangeError(`sub-tasks of ${group} differ in competency or language (${m.id}: ${m.competency}, ${m.language})`);
    const subs = members.map((m) => {
      const perRun = m.runs.map((s) => normalise(s, m.baseline, m.maximum));
      const scale = 100 / (m.maximum - m.baseline);
      // Normalising is linear: the clustered error of normalised item scores is the raw one times the scale.
      const se = m.items && m.items.length ? clusteredStandardError(m.items) : null;
      return { id: m.id, mean: mean(perRun), standardError: se === null ? null : se * scale, perRun };
    });
    const perRun = Array.from({ length: k }, (_, r) => mean(subs.map((s) => s.perRun[r])));
    const ses = subs.map((s) => s.standardError);
    const standardError = ses.every((s): s is number => s !== null) ? Math.sqrt(ses.reduce((a, s) => a + s * s, 0)) / ses.length : null;
    tasks.push({ id: group, competency: first.competency, language: first.language, mean: mean(perRun), standardError, perRun, subtasks: subs });
  }

  const competencies: SeaHelmScores['competencies'] = [];
  const byLanguage = groupBy(tasks, (t) => t.language);
  const languages: SeaHelmScores['languages'] = [];
  for (const [language, ofLanguage] of byLanguage) {
    const comps: LevelScore[] = [];
    for (const [competency, ofCompetency] of groupBy(ofLanguage, (t) => t.competency)) {
      const score = runWise(ofCompetency.map((t) => t.perRun));
      competencies.push({ language, competency, ...score });
      comps.push(score);
    }
    languages.push({ language, ...runWise(comps.map((c) => c.perRun)) });
  }
  const overall = runWise(languages.map((l) => l.perRun));
  return { runs: k, tasks, competencies, languages, overall };
}
