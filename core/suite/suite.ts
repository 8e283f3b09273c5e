import type { Locale } from '../i18n/locale';
import { isObject } from '../json';
import type { Finding } from '../rules/finding';
import { SUITE_TASKS, type SuiteTask } from './tasks';
import { suiteMsg } from './messages';

/**
 * A task suite file (`schemas/suite.schema.json`): its tasks as the runner and the checks read them, and the
 * rules the schema cannot say (a task's item files, unique task ids, topics). Pure: file names stay as written,
 * relative to the suite file; the adapters read them.
 */

export interface SuiteTaskSpec {
  /** The task's index in `tasks`, for findings' paths. */
  index: number;
  id: string;
  task: SuiteTask;
  competency: string;
  /** The task's language, else the suite's; null when neither says. */
  language: string | null;
  /** One item file (TSV, CSV, JSONL), or for translation a pair of aligned line files. */
  files: { kind: 'items'; items: string } | { kind: 'aligned'; source: string; target: string };
  map: Readonly<Record<string, string>>;
  topics?: readonly string[];
  /** Sub-tasks sharing a group are averaged into one task score; a task alone is its own group. */
  group: string;
  sourceLanguage?: string;
  targetLanguage?: string;
}

export interface SuiteSpec {
  name?: string;
  repeat?: number;
  tasks: SuiteTaskSpec[];
}

const str = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined);

/** The tasks of a suite file that are whole enough to read items from (what the schema and the rules accept). */
export function suiteSpec(value: unknown): SuiteSpec {
  const out: SuiteSpec = { tasks: [] };
  if (!isObject(value)) return out;
  if (typeof value.name === 'string') out.name = value.name;
  if (typeof value.repeat === 'number' && Number.isInteger(value.repeat) && value.repeat >= 1) out.repeat = value.repeat;
  const language = str(value.language) ?? null;
  const tasks = Array.isArray(value.tasks) ? value.tasks : [];
  tasks.forEach((t, index) => {
    if (!isObject(t)) return;
    const id = str(t.id);
    const task = SUITE_TASKS.find((k) => k === t.task);
    const competency = str(t.competency);
    if (!id || !task || !competency) return;
    const items = str(t.items);
    const source = str(t.source);
    const target = str(t.target);
    let files: SuiteTaskSpec['files'];
    if (items && !source && !target) files = { kind: 'items', items };
    else if (!items && task === 'translation' && source && target) files = { kind: 'aligned', source, target };
    else return;
    const map: Record<string, string> = {};
    if (isObject(t.map)) for (const [k, v] of Object.entries(t.map)) if (typeof v === 'string') map[k] = v;
    const spec: SuiteTaskSpec = { index, id, task, competency, language: str(t.language) ?? language, files, map, group: str(t.group) ?? id };
    if (task === 'classification' && Array.isArray(t.topics)) spec.topics = t.topics.filter((x): x is string => typeof x === 'string');
    if (str(t.source_language)) spec.sourceLanguage = str(t.source_language);
    if (str(t.target_language)) spec.targetLanguage = str(t.target_language);
    out.tasks.push(spec);
  });
  return out;
}

/** The suite rules beyond the schema: where each task's items are, unique task ids, topics. */
export function suiteFindings(value: unknown, locale: Locale): Finding[] {
  const findings: Finding[] = [];
  if (!isObject(value) || !Array.isArray(value.tasks)) return findings;
  const seen = new Set<string>();
  value.tasks.forEach((t, i) => {
    if (!isObject(t)) return;
    const at = (key: string) => ({ path: ['tasks', i, key], part: 'key' as const });
    if (typeof t.id === 'string') {
      if (seen.has(t.id)) findings.push({ code: 'duplicate-id', message: suiteMsg(locale, 'duplicateTaskId', { id: t.id }), at: { path: ['tasks', i, 'id'] } });
      seen.add(t.id);
    }
    const translation = t.task === 'translation';
    const hasItems = 'items' in t;
    const hasPair = 'source' in t || 'target' in t;
    if (hasItems && hasPair) findings.push({ code: 'invalid-value', message: suiteMsg(locale, 'translationFiles'), at: at('items') });
    else if (!hasItems && !(translation && 'source' in t && 'target' in t)) {
      const message = suiteMsg(locale, hasPair && translation ? 'translationFiles' : 'noItemFile', {
        translation: translation ? suiteMsg(locale, 'noItemFileTranslation') : '',
      });
      findings.push({ code: 'missing-field', message, at: { path: ['tasks', i], part: 'key' } });
    }
    if (hasPair && !translation)
      findings.push({ code: 'invalid-value', message: suiteMsg(locale, 'translationFiles'), at: at('source' in t ? 'source' : 'target') });
    if ('topics' in t && t.task !== 'classification')
      findings.push({ code: 'unknown-field', message: suiteMsg(locale, 'topicsOnlyClassification'), at: at('topics') });
    if (Array.isArray(t.topics)) {
      const topics = new Set<string>();
      t.topics.forEach((topic, j) => {
        if (typeof topic !== 'string') return;
        if (topics.has(topic))
          findings.push({ code: 'invalid-value', message: suiteMsg(locale, 'duplicateTopic', { topic }), at: { path: ['tasks', i, 'topics', j] } });
        topics.add(topic);
      });
    }
  });
  return findings;
}
