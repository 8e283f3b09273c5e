import { test } from 'node:test';
import assert from 'node:assert/strict';
import { SECRET_SEGMENTS, SEGMENT_MINIMUMS } from '../spec/corpusTables';
import { EVAL_METHODS, HARNESS_FORMAT_KEYS, STRICT_ONLY_FORMAT_KEYS } from '../scoring/ewebench/tables';
import { createAjv, SCHEMAS, validatorFor, type JsonSchema } from './registry';
import { describe, knownValues, schemaForPath } from './lookup';

const defs = (name: keyof typeof SCHEMAS) => (SCHEMAS[name] as JsonSchema).definitions as Record<string, JsonSchema>;
const props = (schema: JsonSchema) => schema.properties as Record<string, JsonSchema>;

test('all four schemas compile under ajv strict mode', () => {
  const ajv = createAjv();
  for (const schema of Object.values(SCHEMAS)) assert.ok(ajv.getSchema(String((schema as JsonSchema).$id)));
  assert.equal(typeof validatorFor('rosetta-corpus', 'flatCorpus'), 'function');
});

test('every documented property has English and French docs, and every enum value a description in both', () => {
  const missing: string[] = [];
  const walk = (node: unknown, where: string) => {
    if (!node || typeof node !== 'object') return;
    const n = node as JsonSchema;
    if (n.properties) {
      for (const [key, p] of Object.entries(n.properties as Record<string, JsonSchema>)) {
        if (key === '$schema') continue;
        if (!p.$ref && (!p.markdownDescription || !p['x-markdownDescription-fr'])) missing.push(`${where}.${key}`);
      }
    }
    const values = (n.enum ?? n['x-knownValues']) as unknown[] | undefined;
    if (
      values &&
      ((n.markdownEnumDescriptions as unknown[])?.length !== values.length || (n['x-markdownEnumDescriptions-fr'] as unknown[])?.length !== values.length)
    )
      missing.push(`${where} enum docs`);
    for (const [k, v] of Object.entries(n)) if (typeof v === 'object') walk(v, `${where}.${k}`);
  };
  for (const [name, schema] of Object.entries(SCHEMAS)) walk(schema, name);
  assert.deepEqual(missing, []);
});

test('the schemas and the rule tables agree (one source each, checked against the other)', () => {
  const test = defs('ewebench-tests').test;
  assert.deepEqual(props(test).eval_method['x-knownValues'], [...EVAL_METHODS]);
  const format = Object.keys(props(defs('ewebench-tests').expectedFormat));
  for (const key of [...HARNESS_FORMAT_KEYS, ...STRICT_ONLY_FORMAT_KEYS]) assert.ok(format.includes(key), key);
  const segments = props(defs('rosetta-corpus').entry).segment.enum as string[];
  for (const s of [...SECRET_SEGMENTS, ...Object.keys(SEGMENT_MINIMUMS)]) assert.ok(segments.includes(s), s);
});

test('hover documentation is looked up by path, in English or French', () => {
  const node = schemaForPath({ kind: 'rosetta-corpus', shape: 'envelope', entriesPath: ['entries'] }, ['entries', 3, 'register'])!;
  assert.match(describe(node, 'en')!, /formality/i);
  assert.match(describe(node, 'fr')!, /formalité/);
  assert.equal(knownValues(node, 'fr').find((k) => k.value === 'ceremonial')?.doc, 'Usage traditionnel ou sacré.');
  const flat = schemaForPath({ kind: 'rosetta-corpus', shape: 'legacy', entriesPath: [] }, [0, 'target_expected'])!;
  assert.match(describe(flat, 'en')!, /Legacy name of `reference`/);
});
