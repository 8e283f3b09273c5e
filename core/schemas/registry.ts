import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import ewebenchResults from '../../schemas/ewebench-results.schema.json';
import ewebenchBaselines from '../../schemas/ewebench-baselines.schema.json';
import ewebenchTests from '../../schemas/ewebench-tests.schema.json';
import rosettaCorpus from '../../schemas/rosetta-corpus.schema.json';
import rosettaCurated from '../../schemas/rosetta-curated-corpus.schema.json';
import rosettaRunCard from '../../schemas/rosetta-run-card.schema.json';
import rosettaReview from '../../schemas/review.schema.json';
import benchmarkMatrix from '../../schemas/benchmark.schema.json';
import taskSuite from '../../schemas/suite.schema.json';

/** Documentation keywords our schemas carry beside the standard ones (VS Code's, and our French ones). */
export const ANNOTATION_KEYWORDS = [
  'markdownDescription',
  'x-markdownDescription-fr',
  'markdownEnumDescriptions',
  'x-markdownEnumDescriptions-fr',
  'x-knownValues',
] as const;

/** The schema files, by the name the rest of the code uses for them. */
export const SCHEMAS = {
  'ewebench-tests': ewebenchTests,
  'ewebench-results': ewebenchResults,
  'rosetta-corpus': rosettaCorpus,
  'rosetta-curated-corpus': rosettaCurated,
  'rosetta-run-card': rosettaRunCard,
  'ewebench-baselines': ewebenchBaselines,
  'rosetta-review': rosettaReview,
  'benchmark-matrix': benchmarkMatrix,
  'task-suite': taskSuite,
} as const;

export type SchemaName = keyof typeof SCHEMAS;

export type JsonSchema = { [key: string]: unknown };

export function createAjv(): Ajv {
  const ajv = new Ajv({ allErrors: true, strict: true, allowUnionTypes: true });
  addFormats(ajv);
  ajv.addVocabulary([...ANNOTATION_KEYWORDS]);
  for (const schema of Object.values(SCHEMAS)) ajv.addSchema(schema as JsonSchema);
  return ajv;
}

let shared: Ajv | undefined;
const compiled = new Map<string, ValidateFunction>();

/**
 * A validator for a schema or one of its definitions, e.g. `validatorFor('rosetta-corpus', 'flatCorpus')`.
 * Compiled once per process and reused: compiling is the slow part of ajv.
 */
export function validatorFor(name: SchemaName, definition?: string): ValidateFunction {
  const key = definition ? `${name}#${definition}` : name;
  let validate = compiled.get(key);
  if (!validate) {
    shared ??= createAjv();
    const id = (SCHEMAS[name] as JsonSchema).$id as string;
    const ref = definition ? `${id}#/definitions/${definition}` : id;
    const found = shared.getSchema(ref);
    if (!found) throw new Error(`schema ${ref} not found`);
    validate = found;
    compiled.set(key, validate);
  }
  return validate;
}

export type { ErrorObject };

/** The schema node at a JSON path (following `$ref`, `items`, `properties`), for hovers and completions. */
export function schemaAt(name: SchemaName, path: readonly (string | number)[], start?: JsonSchema): JsonSchema | undefined {
  const root = SCHEMAS[name] as JsonSchema;
  let node: JsonSchema | undefined = deref(root, start ?? root);
  for (const segment of path) {
    if (!node) return undefined;
    if (typeof segment === 'number') {
      node = deref(root, (node.items as JsonSchema | undefined) ?? undefined);
    } else {
      const props = node.properties as Record<string, JsonSchema> | undefined;
      // A key read from a file (`constructor`, `__proto__`) is a property only when the schema declares it.
      const next: JsonSchema | undefined = props && Object.hasOwn(props, segment) ? props[segment] : undefined;
      if (next) node = deref(root, next);
      else if (node.additionalProperties && typeof node.additionalProperties === 'object') node = deref(root, node.additionalProperties as JsonSchema);
      else return undefined;
    }
  }
  return node;
}

function deref(root: JsonSchema, node: JsonSchema | undefined): JsonSchema | undefined {
  let current = node;
  for (let guard = 0; current && typeof current.$ref === 'string' && guard < 8; guard++) {
    const ref = current.$ref as string;
    const hash = ref.indexOf('#');
    const target = hash > 0 ? ((SCHEMAS[refToName(ref.slice(0, hash))] as JsonSchema | undefined) ?? root) : root;
    const pointer = ref
      .slice(hash + 1)
      .split('/')
      .filter(Boolean);
    let resolved: unknown = target;
    for (const part of pointer) resolved = (resolved as JsonSchema | undefined)?.[part.replace(/~1/g, '/').replace(/~0/g, '~')];
    current = resolved as JsonSchema | undefined;
  }
  return current;
}

function refToName(uri: string): SchemaName {
  const entry = (Object.entries(SCHEMAS) as [SchemaName, JsonSchema][]).find(([, s]) => s.$id === uri || String(s.$id).endsWith('/' + uri));
  return entry ? entry[0] : 'rosetta-corpus';
}
