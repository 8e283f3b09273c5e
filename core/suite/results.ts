import { isObject } from '../json';
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
        throw new SuiteResponsesError(`tasks.${taskId}.${itemId} must list ${runs} response(s), each a string or null`);
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
