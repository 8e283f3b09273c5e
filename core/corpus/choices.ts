import type { JsonObject } from '../json';
import type { JsonSchema } from '../schemas/registry';
import { schemaForPath } from '../schemas/lookup';
import { cellOf, type CorpusSheet } from './cells';

/**
 * Which values a corpus field is chosen from, read from the schemas (the one home of the spec's enums): a
 * field with an enum (segment, register, context, provenance), with documented known values, or an integer
 * range of a few values (difficulty 1–5), is edited through a list in the corpus table, not typed.
 */

/** The widest integer range offered as a list (difficulty's 1–5 is five). */
const MAX_RANGE = 20;

/** A schema node's values as cell text; undefined when the field is free. */
export function schemaChoices(schema: JsonSchema | undefined): string[] | undefined {
  if (!schema) return undefined;
  const listed = Array.isArray(schema.enum) ? schema.enum : Array.isArray(schema['x-knownValues']) ? schema['x-knownValues'] : undefined;
  if (listed) {
    const values = (listed as unknown[]).filter((v) => typeof v === 'string' || typeof v === 'number').map((v) => cellOf(v));
    return values.length ? values : undefined;
  }
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  const { minimum, maximum } = schema;
  if (types.includes('integer') && typeof minimum === 'number' && typeof maximum === 'number' && maximum >= minimum && maximum - minimum < MAX_RANGE) {
    return Array.from({ length: Math.floor(maximum) - Math.ceil(minimum) + 1 }, (_, i) => String(Math.ceil(minimum) + i));
  }
  return undefined;
}

/** The schema of one of the corpus's entries (its `required` list, its properties). */
export function entrySchema(sheet: CorpusSheet): JsonSchema | undefined {
  return schemaForPath(sheet.classification, [...sheet.entriesPath, 0]);
}

/** The spec's values for `field` in this corpus, as cell text; undefined when the field is free text. */
export function fieldChoices(field: string, sheet: CorpusSheet): string[] | undefined {
  return schemaChoices(schemaForPath(sheet.classification, [...sheet.entriesPath, 0, field]));
}

/** The fields an entry of this corpus must have (the schema's `required`). */
export function requiredFields(sheet: CorpusSheet): string[] {
  const required = entrySchema(sheet)?.required;
  return Array.isArray(required) ? required.filter((f): f is string => typeof f === 'string') : [];
}

/** Entries read, at most, for a field's most common value (the corpus's first ones: a bounded read). */
const MAX_ENTRIES_READ = 5000;

/**
 * The values a new entry starts with for the required fields that are not its own text (`skip`: the id, the
 * source and the reference): the row above's (`above`, the entry the new one follows), else the value the
 * corpus uses most for that field among its first MAX_ENTRIES_READ entries (ties: the one seen first).
 * Fields no entry has are left out: the validator then names them.
 */
export function prefilledFields(
  required: readonly string[],
  skip: ReadonlySet<string>,
  above: JsonObject | undefined,
  entries: readonly JsonObject[],
): JsonObject {
  const out: JsonObject = {};
  for (const field of required) {
    if (skip.has(field)) continue;
    const own = above?.[field];
    if (own !== undefined && own !== null && own !== '') {
      out[field] = own;
      continue;
    }
    const tally = new Map<string, { value: unknown; count: number }>();
    let best: { value: unknown; count: number } | undefined;
    for (const entry of entries.slice(0, MAX_ENTRIES_READ)) {
      const value = entry[field];
      if (value === undefined || value === null || value === '') continue;
      const key = JSON.stringify(value);
      const seen = tally.get(key) ?? { value, count: 0 };
      seen.count++;
      tally.set(key, seen);
      if (!best || seen.count > best.count) best = seen;
    }
    if (best) out[field] = best.value;
  }
  return out;
}
