import { classify, entriesOf, itemsPath, type Classification, type CorpusShape } from '../document/classify';
import type { JsonPath } from '../document/jsonDocument';
import { pick, type Locale } from '../i18n/locale';
import { isObject, type JsonObject } from '../json';
import { schemaForPath } from '../schemas/lookup';
import { NumberText, numberOfText } from '../document/numberText';

/**
 * A corpus's entries as cells: which fields they use, how a value reads in a cell and how a cell's text becomes
 * a value again. The one rule for spreadsheet import and export and for the corpus table, kept apart from the
 * import's validation so the table's code does not carry the validator.
 */

export class SpreadsheetError extends Error {
  override name = 'SpreadsheetError';
  /** Which file the problem is in: the sheet being imported, or (the default) the corpus. */
  readonly about: 'sheet' | 'corpus';
  constructor(message: string, options?: ErrorOptions & { about?: 'sheet' | 'corpus' }) {
    super(message, options);
    this.about = options?.about ?? 'corpus';
  }
}

/** A corpus ready to become rows: its shape, where its entries are, and the fields they use in first-seen order. */
export interface CorpusSheet {
  classification: Classification;
  shape: CorpusShape;
  entriesPath: JsonPath;
  entries: JsonObject[];
  /** The index in the entries array of each of `entries` (they differ when some items are not objects). */
  indices: number[];
  columns: string[];
  /** How many items the entries array holds (entries that are not objects included). */
  count: number;
  /** `id`, or `index` in a corpus with the legacy field names. */
  idField: string;
  sourceField: string;
}

export function corpusSheet(value: unknown, locale: Locale = 'en'): CorpusSheet {
  const classification = classify(value);
  const path = itemsPath(classification);
  const items = classification.kind === 'rosetta-corpus' && path ? entriesOf(value, path) : undefined;
  if (!items || !path) throw new SpreadsheetError(pick({ en: 'not a Rosetta corpus', fr: 'pas un corpus Rosetta' }, locale));
  const entries: JsonObject[] = [];
  const indices: number[] = [];
  items.forEach((item, i) => {
    if (!isObject(item)) return;
    entries.push(item);
    indices.push(i);
  });
  const seen = new Set<string>();
  const columns: string[] = [];
  for (const entry of entries) {
    for (const key of Object.keys(entry)) {
      if (seen.has(key)) continue;
      seen.add(key);
      columns.push(key);
    }
  }
  const legacy = classification.shape === 'legacy';
  return {
    classification,
    shape: classification.shape ?? 'envelope',
    entriesPath: path,
    entries,
    indices,
    count: items.length,
    columns,
    idField: legacy ? 'index' : 'id',
    sourceField: legacy ? 'source_text' : 'source',
  };
}

/** A value as a sheet or table cell shows it: strings as they are, numbers and booleans as JSON writes them, objects and arrays as JSON text, absent and null as empty. */
export function cellOf(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return value;
  if (value instanceof NumberText) return value.text;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

/**
 * The fields an entry of this corpus's shape may hold, from its JSON schema (in the schema's order): a column
 * named after one is imported even when no entry uses that field yet.
 */
export function schemaFields(sheet: CorpusSheet): string[] {
  const properties = schemaForPath(sheet.classification, [...sheet.entriesPath, 0])?.properties;
  return isObject(properties) ? Object.keys(properties) : [];
}

export type FieldKind = 'string' | 'number' | 'json';

/** How a field's cells become values: as the corpus already writes that field, else as its schema types it. */
export function fieldKind(field: string, sheet: CorpusSheet): FieldKind {
  for (const entry of sheet.entries) {
    const v = entry[field];
    if (v === undefined || v === null) continue;
    if (typeof v === 'number') return 'number';
    if (typeof v === 'object' || typeof v === 'boolean') return 'json';
    return 'string';
  }
  const type = schemaForPath(sheet.classification, [...sheet.entriesPath, 0, field])?.type;
  const types = Array.isArray(type) ? type : [type];
  if (types.includes('string')) return 'string';
  if (types.includes('integer') || types.includes('number')) return 'number';
  if (types.includes('object') || types.includes('array')) return 'json';
  return 'string';
}

/**
 * The value a cell's text stands for in a field of `kind`: a number when the field holds numbers and the text
 * is one (otherwise the text, which the validator then reports), parsed JSON for objects and arrays (undefined
 * when the text is not JSON), the text itself for strings. The one rule for imports and the corpus table.
 */
export function cellValue(cell: string, kind: FieldKind): { value: unknown } | undefined {
  if (kind === 'number') {
    // Kept as written when a float would change it (`9007199254740993`, `-0`, `1e400`).
    const number = numberOfText(cell.trim());
    if (number !== undefined) return { value: number };
  }
  if (kind !== 'json') return { value: cell };
  try {
    return { value: JSON.parse(cell) as unknown };
  } catch {
    return undefined;
  }
}
