import { validatorFor } from '../schemas/registry';
import { BASELINES, type Baseline } from './baselines';

/** The name a workspace gives its extra baselines file (schemas/ewebench-baselines.schema.json). */
export const BASELINES_FILE_NAME = 'ewebench-baselines.json';

/**
 * The largest baselines file read, in bytes (UTF-8, as on disk): a larger one is not read at all and none of its
 * baselines is used. Every baseline is scored on every test at each validation, so the table must stay small.
 */
export const MAX_BASELINES_BYTES = 1024 * 1024;

/** The most extra baselines used: past it, the first ones are used and the rest ignored (and reported). */
export const MAX_EXTRA_BASELINES = 200;

/** The baselines used, and how many more the file listed past `MAX_EXTRA_BASELINES` (ignored). */
export type ExtraBaselinesResult = { baselines: Baseline[]; ignored: number } | { errors: string[] };

/**
 * Reads the value of a workspace baselines file: `{ "baselines": [{ "id", "text", "description"? }] }`.
 * Each becomes a fixed-text baseline scored after the built-in ones. Ids must not repeat a built-in id. Only the
 * first `MAX_EXTRA_BASELINES` are read (checked against the schema as if the file held only them).
 */
export function extraBaselines(value: unknown): ExtraBaselinesResult {
  const all = (value as { baselines?: unknown } | null)?.baselines;
  const ignored = Array.isArray(all) ? Math.max(0, all.length - MAX_EXTRA_BASELINES) : 0;
  const bounded = ignored ? { ...(value as object), baselines: (all as unknown[]).slice(0, MAX_EXTRA_BASELINES) } : value;
  const validate = validatorFor('ewebench-baselines');
  if (!validate(bounded)) return { errors: (validate.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message ?? e.keyword}`) };
  const rows = (bounded as { baselines: { id: string; text: string; description?: string }[] }).baselines;
  const errors: string[] = [];
  const seen = new Set(BASELINES.map((b) => b.id));
  const baselines: Baseline[] = [];
  rows.forEach((row, i) => {
    if (seen.has(row.id)) errors.push(`/baselines/${i}/id "${row.id}" is already a baseline`);
    seen.add(row.id);
    const name = row.description ?? row.id;
    baselines.push({ id: row.id, name: { en: name, fr: name }, source: { kind: 'fixed', text: row.text } });
  });
  return errors.length ? { errors } : { baselines, ignored };
}
