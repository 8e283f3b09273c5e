import { counted } from '../i18n/plural';
import { isObject } from '../json';
import type { SuiteItem } from './items';
import type { LoadedSuite } from './load';
import { scoreTask, type ItemOutcome } from './score';
import { seaHelmScores, type SeaHelmScores } from './seahelm';

/**
 * A suite's saved responses (what `suite run` writes beside its scores, and what `suite score` re-scores with
 * no model called): per task, per item id, one response per run.
 *
 * { "suite_responses_version": 1, "model": "…", "runs": 8, "tasks": { "<task id>": { "<item id>": ["…", …] } } }
 *
 * A response is a string, or null for a call that gave none (scored as a wrong answer, an empty translation).
 *
 * What `suite run` writes (and `suite score --out`) is this with the results beside it, so compare, items and
 * the leaderboard read a suite run from its file alone, as they read the other runs (`core/runs/read.ts`):
 * `suite` (the suite's name, else its file's stem), `scores` (SEA-HELM's, `seahelm.ts`) and `outcomes` (per task:
 * its kind, competency, language, and per item with a response the expected answer and each run's reading; see
 * `suiteResultsJson`).
 */
export interface SuiteResponses {
  model: string;
  runs: number;
  tasks: ReadonlyMap<string, ReadonlyMap<string, readonly (string | null)[]>>;
}

export class SuiteResponsesError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SuiteResponsesError';
  }
}

/** Reads a responses file's parsed value, or throws naming the field that is wrong. */
export function readSuiteResponses(value: unknown): SuiteResponses {
  if (!isObject(value) || value.suite_responses_version !== 1) throw new SuiteResponsesError('not a suite responses file (suite_responses_version 1)');
  const { model, runs, tasks } = value;
  if (typeof model !== 'string' || model === '') throw new SuiteResponsesError('"model" must be a non-empty string');
  if (typeof runs !== 'number' || !Number.isInteger(runs) || runs < 1 || runs > 100)
    throw new SuiteResponsesError('"runs" must be a whole number from 1 to 100');
  if (!isObject(tasks)) throw new SuiteResponsesError('"tasks" must be an object of tasks');
  const out = new Map<string, Map<string, (string | null)[]>>();
  for (const [taskId, items] of Object.entries(tasks)) {
    if (!isObject(items)) throw new SuiteResponsesError(`tasks.${taskId} must be an object of items`);
    const byItem = new Map<string, (string | null)[]>();
    for (const [itemId, responses] of Object.entries(items)) {
      if (!Array.isArray(responses) || responses.length !== runs || !responses.every((r) => r === null || typeof r === 'string'))
        throw new SuiteResponsesError(`tasks.${taskId}.${itemId} must list ${counted(runs, 'response', 'responses')}, each a string or null`);
      byItem.set(itemId, responses as (string | null)[]);
    }
    out.set(taskId, byItem);
  }
  return { model, runs, tasks: out };
}

export interface TaskDetail {
  id: string;
  task: string;
  items: number;
  /** Items with no saved response in some run (scored as wrong). */
  missing: number;
  /** Per run: accuracy on the strict reading (what the score counts), and with the fallback reading counted. */
  strictRuns: number[];
  tolerantRuns: number[];
  /** outcomes[i][r]. */
  outcomes: ItemOutcome[][];
  itemIds: string[];
}

export interface SuiteScore {
  model: string;
  scores: SeaHelmScores;
  tasks: TaskDetail[];
}

/** Scores every task of a loaded suite from saved responses, then aggregates as SEA-HELM does. */
export function scoreSuite(suite: LoadedSuite, responses: SuiteResponses): SuiteScore {
  const details: TaskDetail[] = [];
  const subtasks = suite.tasks.map((task) => {
    const saved = responses.tasks.get(task.spec.id);
    let missing = 0;
    const rows = task.items.map((item) => {
      const r = saved?.get(item.id);
      if (!r || r.some((x) => x === null)) missing++;
      return r ?? [];
    });
    const scored = scoreTask(task, rows, responses.runs, task.spec.language ?? 'und');
    details.push({
      id: task.spec.id,
      task: task.spec.task,
      items: task.items.length,
      missing,
      strictRuns: scored.subtask.runs.slice(),
      tolerantRuns: scored.tolerantRuns,
      outcomes: scored.outcomes,
      itemIds: task.items.map((i) => i.id),
    });
    return scored.subtask;
  });
  return { model: responses.model, scores: seaHelmScores(subtasks), tasks: details };
}

/** What an item's answer is compared with, as text: the letter, the number, the label, the reference translation. */
export function expectedAnswer(item: SuiteItem): string {
  switch (item.task) {
    case 'multiple_choice':
      return item.answer;
    case 'math':
      return String(item.answer);
    case 'nli':
    case 'classification':
      return item.label;
    case 'translation':
      return item.target;
  }
}

/**
 * The results file of a suite run: the responses, the suite's name, SEA-HELM's scores and each answered item's
 * outcomes, per run. For an accuracy task a run's outcome is the answer read (`extracted`, null when none),
 * how it was read (`strict`, `fallback`, `none`), whether it is right on the strict reading (`correct`: what the
 * accuracy counts) and its score (1 or 0); for translation, the sentence chrF++ (`score`, 0–100) alone, the
 * response being in `tasks`. Items without a response in the file (another shard's) are left out of `outcomes`.
 */
export function suiteResultsJson(suiteName: string, suite: LoadedSuite, responses: SuiteResponses, scored: SuiteScore): Record<string, unknown> {
  const outcomes: Record<string, unknown> = {};
  suite.tasks.forEach((task, t) => {
    const detail = scored.tasks[t];
    const saved = responses.tasks.get(task.spec.id);
    const items: Record<string, unknown> = {};
    task.items.forEach((item, i) => {
      if (!saved?.has(item.id)) return;
      const runs = detail.outcomes[i].map((o) =>
        item.task === 'translation' ? { score: o.score } : { extracted: o.extracted, method: o.method, correct: o.correct, score: o.score },
      );
      items[item.id] = { expected: expectedAnswer(item), ...(item.task === 'translation' ? { source: item.source } : {}), runs };
    });
    outcomes[task.spec.id] = { task: task.spec.task, competency: task.spec.competency, language: task.spec.language ?? 'und', items };
  });
  const tasks: Record<string, Record<string, readonly (string | null)[]>> = {};
  for (const [id, items] of responses.tasks) tasks[id] = Object.fromEntries(items);
  return {
    suite_responses_version: 1,
    model: responses.model,
    runs: responses.runs,
    tasks,
    suite: suiteName,
    scores: scored.scores,
    outcomes,
  };
}
