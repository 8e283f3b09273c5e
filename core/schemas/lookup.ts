import { itemsPath, type Classification } from '../document/classify';
import type { JsonPath } from '../document/jsonDocument';
import type { Locale } from '../i18n/locale';
import { SCHEMAS, schemaAt, type JsonSchema, type SchemaName } from './registry';

/** The schema node that documents the value at `path` in a document of this classification. */
export function schemaForPath(classification: Classification, path: JsonPath): JsonSchema | undefined {
  switch (classification.kind) {
    case 'ewebench-tests':
      return schemaAt('ewebench-tests', path);
    case 'rosetta-run-card':
      return schemaAt('rosetta-run-card', path);
    case 'rosetta-review':
      return schemaAt('rosetta-review', path);
    case 'benchmark-matrix':
      return schemaAt('benchmark-matrix', path);
    case 'task-suite':
      return schemaAt('task-suite', path);
    case 'ewebench-results':
      return schemaAt('ewebench-results', path);
    case 'rosetta-corpus': {
      const shape = classification.shape ?? 'envelope';
      if (shape === 'envelope') return schemaAt('rosetta-corpus', path);
      if (shape === 'curated') return schemaAt('rosetta-curated-corpus', path);
      // flat and legacy: entries are loose entries, wherever the array sits
      const entriesPath = itemsPath(classification)!;
      if (entriesPath.every((seg, i) => path[i] === seg) && path.length > entriesPath.length) {
        return definitionAt('rosetta-corpus', 'flatEntry', path.slice(entriesPath.length + 1));
      }
      return schemaAt('rosetta-corpus', path);
    }
    default:
      return undefined;
  }
}

function definitionAt(name: SchemaName, definition: string, rest: JsonPath): JsonSchema | undefined {
  const defs = (SCHEMAS[name] as JsonSchema).definitions as Record<string, JsonSchema> | undefined;
  const start = defs?.[definition];
  return start ? schemaAt(name, rest, start) : undefined;
}

/** Markdown documentation of a schema node in the user's language. */
export function describe(schema: JsonSchema, locale: Locale): string | undefined {
  const fr = schema['x-markdownDescription-fr'];
  if (locale === 'fr' && typeof fr === 'string') return fr;
  const md = schema.markdownDescription ?? schema.description;
  return typeof md === 'string' ? md : undefined;
}

/** Known values (enum or documented values) with their documentation, in the user's language. */
export function knownValues(schema: JsonSchema, locale: Locale): { value: unknown; doc?: string }[] {
  const values = (Array.isArray(schema.enum) ? schema.enum : Array.isArray(schema['x-knownValues']) ? schema['x-knownValues'] : []) as unknown[];
  const docs = (
    locale === 'fr' && Array.isArray(schema['x-markdownEnumDescriptions-fr']) ? schema['x-markdownEnumDescriptions-fr'] : schema.markdownEnumDescriptions
  ) as string[] | undefined;
  return values.map((value, i) => ({ value, doc: docs?.[i] }));
}

/** Property names a schema object documents (for key completion). */
export function propertiesOf(schema: JsonSchema): [string, JsonSchema][] {
  const props = schema.properties as Record<string, JsonSchema> | undefined;
  return props ? Object.entries(props) : [];
}
