import { validatorFor } from '../schemas/registry';
import { BASELINES, type Baseline } from './baselines';

/** The name a workspace gives its extra baselines file (schemas/ewebench-baselines.schema.json). */
export const BASELINES_FILE_NAME = 'ewebench-baselines.json';

export type ExtraBaselinesResult = { baselines: Baseline[] } | { errors: string[] };

/**
 * Reads the value of a workspace baselines file: `{ "baselines": [{ "id", "text", "description"? }] }`.
 * Each becomes a fixed-text baseline scored after the built-in ones. Ids must not repeat a built-in id.
 */
export function extraBaselines(value: unknown): ExtraBaselinesResult {
  const validate = validatorFor('ewebench-baselines');
  if (!validate(value)) return { errors: (validate.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message ?? e.keyword}`) };
  const rows = (value as { baselines: { id: string; text: string; description?: string }[] }).baselines;
  const errors: string[] = [];
  const seen = new Set(BASELINES.map((b) => b.id));
  const baselines: Baseline[] = [];
  rows.forEach((row, i) => {
    if (seen.has(row.id)) errors.push(`/baselines/${i}/id "${row.id}" is already a baseline`);
    seen.add(row.id);
    const name = row.description ?? row.id;
    baselines.push({ id: row.id, name: { en: name, fr: name }, source: { kind: 'fixed', text: row.text } });
  });
  return errors.length ? { errors } : { baselines };
}
