import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { ANNOTATION_KEYWORDS } from '../core/schemas/registry';
import { fromRepo } from '../test/helpers/paths';
import ewebenchResults from './ewebench-results.schema.json';
import ewebenchBaselines from './ewebench-baselines.schema.json';
import ewebenchTests from './ewebench-tests.schema.json';
import rosettaCorpus from './rosetta-corpus.schema.json';
import rosettaCurated from './rosetta-curated-corpus.schema.json';
import rosettaRunCard from './rosetta-run-card.schema.json';
import review from './review.schema.json';
import benchmark from './benchmark.schema.json';
import suite from './suite.schema.json';

type Node = { [key: string]: unknown };

const FILES: Record<string, Node> = {
  'ewebench-tests.schema.json': ewebenchTests,
  'ewebench-results.schema.json': ewebenchResults,
  'rosetta-corpus.schema.json': rosettaCorpus,
  'rosetta-curated-corpus.schema.json': rosettaCurated,
  'rosetta-run-card.schema.json': rosettaRunCard,
  'ewebench-baselines.schema.json': ewebenchBaselines,
  'review.schema.json': review,
  'benchmark.schema.json': benchmark,
  'suite.schema.json': suite,
};

const idOf = (file: string) => `https://ewebench.studio/schemas/${file}`;

// The union types the corpus shapes need (`id: integer | string`, `tools_enabled: array | boolean`) are refused
// by ajv's strictTypes unless allowUnionTypes is on; everything else stays strict.
function strictAjv(): Ajv {
  const ajv = new Ajv({ allErrors: true, strict: true, allowUnionTypes: true });
  addFormats(ajv);
  ajv.addVocabulary([...ANNOTATION_KEYWORDS]);
  for (const schema of Object.values(FILES)) ajv.addSchema(schema);
  return ajv;
}

const ajv = strictAjv();

function validator(file: string, definition?: string): ValidateFunction {
  const ref = definition ? `${idOf(file)}#/definitions/${definition}` : idOf(file);
  const validate = ajv.getSchema(ref);
  assert.ok(validate, `no schema at ${ref}`);
  return validate;
}

/** ajv's verdict as `pointer keyword[:detail]` lines, sorted, so a test can state exactly what it expects. */
function errorsOf(validate: ValidateFunction, value: unknown): string[] {
  if (validate(value)) return [];
  return (validate.errors ?? []).map(describeError).sort();
}

function describeError(e: ErrorObject): string {
  const p = e.params as Record<string, unknown>;
  const detail = p.missingProperty ?? p.additionalProperty ?? p.format ?? (e.keyword === 'type' ? p.type : undefined);
  return `${e.instancePath || '/'} ${e.keyword}${detail === undefined ? '' : ':' + String(detail)}`;
}

const readJson = (file: string): unknown => JSON.parse(readFileSync(file, 'utf8'));

test('each schema file on disk is one of ours, with its $id, draft-07, a title and a description', () => {
  const onDisk = readdirSync(fromRepo('schemas'))
    .filter((f) => f.endsWith('.schema.json'))
    .sort();
  assert.deepEqual(onDisk, Object.keys(FILES).sort());
  for (const [file, schema] of Object.entries(FILES)) {
    assert.deepEqual(readJson(fromRepo('schemas', file)), schema, `${file} is what the bundle imports`);
    assert.equal(schema.$id, idOf(file));
    assert.equal(schema.$schema, 'http://json-schema.org/draft-07/schema#');
    for (const key of ['title', 'description', 'markdownDescription', 'x-markdownDescription-fr']) {
      assert.equal(typeof schema[key], 'string', `${file} ${key}`);
    }
  }
});

test('all our schemas and their definitions compile under ajv strict mode with the annotation vocabulary', () => {
  for (const file of Object.keys(FILES)) validator(file);
  for (const def of ['test', 'message', 'expectedFormat']) validator('ewebench-tests.schema.json', def);
  for (const def of ['dataset', 'entry', 'flatEntry', 'flatCorpus']) validator('rosetta-corpus.schema.json', def);
  validator('rosetta-curated-corpus.schema.json', 'entry');
  for (const def of ['category', 'detail', 'usage', 'request']) validator('ewebench-results.schema.json', def);
  // Without the vocabulary, strict mode refuses our annotations: proof they are really there and registered.
  const bare = new Ajv({ allErrors: true, strict: true, allowUnionTypes: true });
  addFormats(bare);
  assert.throws(() => bare.compile(ewebenchTests), /unknown keyword/);
});

/** Every schema node reachable through properties, items, definitions and object-valued additionalProperties. */
function* nodes(node: unknown, where: string): Generator<[string, Node]> {
  if (!node || typeof node !== 'object' || Array.isArray(node)) return;
  const n = node as Node;
  yield [where, n];
  for (const group of ['properties', 'definitions'] as const) {
    for (const [key, child] of Object.entries((n[group] as Record<string, unknown> | undefined) ?? {})) yield* nodes(child, `${where}.${key}`);
  }
  if (n.items) yield* nodes(n.items, `${where}[]`);
  if (n.additionalProperties && typeof n.additionalProperties === 'object') yield* nodes(n.additionalProperties, `${where}.*`);
}

/** English and French may coincide only when the text is nothing but code (e.g. a formula). */
const hasWords = (markdown: string) => /\p{L}{2,}/u.test(markdown.replace(/`[^`]*`/g, ''));

test('every property and definition is documented in plain English, English Markdown and French Markdown', () => {
  const problems: string[] = [];
  for (const [file, schema] of Object.entries(FILES)) {
    for (const [where, n] of nodes(schema, file)) {
      if (where === file) continue;
      if (typeof n.$ref === 'string') {
        if (Object.keys(n).length !== 1) problems.push(`${where}: a $ref carries no siblings (draft-07 ignores them)`);
        continue;
      }
      const en = n.description;
      const md = n.markdownDescription;
      const fr = n['x-markdownDescription-fr'];
      if (typeof en !== 'string' || typeof md !== 'string' || typeof fr !== 'string') {
        problems.push(`${where}: missing docs`);
        continue;
      }
      if (en.includes('`')) problems.push(`${where}: description should be plain text`);
      if (en !== md.replace(/`/g, '')) problems.push(`${where}: description and markdownDescription say different things`);
      if (fr === md && hasWords(md)) problems.push(`${where}: French text is the English one`);
      for (const text of [md, fr]) if (text.length > 280) problems.push(`${where}: over-long (${text.length} characters)`);
    }
  }
  assert.deepEqual(problems, []);
});

test('every enum and known-values list has one English and one French description per value', () => {
  const problems: string[] = [];
  for (const [file, schema] of Object.entries(FILES)) {
    for (const [where, n] of nodes(schema, file)) {
      const values = (n.enum ?? n['x-knownValues']) as unknown[] | undefined;
      if (!values) continue;
      for (const key of ['markdownEnumDescriptions', 'x-markdownEnumDescriptions-fr']) {
        const docs = n[key] as unknown[] | undefined;
        if (!Array.isArray(docs) || docs.length !== values.length || docs.some((d) => typeof d !== 'string' || !d)) problems.push(`${where}: ${key}`);
      }
    }
  }
  assert.deepEqual(problems, []);
});

// ---------- ÈwéBench tests ----------

const EWB = 'ewebench-tests.schema.json';
/**
 * Our own set of ÈwéBench-style tests, one file per category stem, written for these checks (the rule fixtures
 * test also checks their findings against the .expected.json beside each).
 */
const CATEGORY_TESTS = fromRepo('test-fixtures', 'ewebench', 'categories');
const CATEGORIES = [
  'agentic',
  'cultural_knowledge',
  'instruction_following',
  'linguistic_comprehension',
  'multi_turn',
  'reasoning',
  'robustness',
  'style_adaptation',
  'text_generation',
  'translation',
];
/** Optional: a checkout of another set of test files (for instance the public one) to check as well. */
const EXTRA_TESTS = process.env.EWEBENCH_TESTS_DIR;

test('the ÈwéBench test fixtures in the repository validate with no schema error', () => {
  const dir = fromRepo('test-fixtures', 'ewebench', 'valid');
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.json'))) {
    assert.deepEqual(errorsOf(validator(EWB), readJson(path.join(dir, file))), [], file);
  }
});

/** The tests files of a folder (not the findings a fixture expects beside them). */
const testsFiles = (dir: string) =>
  readdirSync(dir)
    .filter((f) => f.endsWith('.json') && !f.endsWith('.expected.json'))
    .sort();

/** Validates every tests file in `dir` and returns the tests it checked. */
function checkTestsFolder(dir: string): Node[] {
  const tests: Node[] = [];
  for (const file of testsFiles(dir)) {
    const value = readJson(path.join(dir, file));
    assert.deepEqual(errorsOf(validator(EWB), value), [], file);
    assert.ok(Array.isArray(value), `${file} is an array of tests`);
    tests.push(...(value as Node[]));
  }
  return tests;
}

test('a set of test files for the ten categories, in every shape the format allows, validates with no schema error', () => {
  assert.deepEqual(
    testsFiles(CATEGORY_TESTS),
    CATEGORIES.map((c) => `${c}.json`),
  );
  const tests = checkTestsFolder(CATEGORY_TESTS);
  assert.ok(tests.length >= 60, `${tests.length} tests checked`);
  // The set covers what the schema must accept, so a schema that refuses any of it fails here.
  const methods = new Set(tests.map((t) => t.eval_method));
  assert.deepEqual([...methods].sort(), ['composite', 'ewe_quality', 'exact_match', 'format', 'keywords', 'multiple_choice']);
  assert.ok(tests.some((t) => Array.isArray(t.messages)) && tests.some((t) => typeof t.system === 'string'), 'multi-turn messages and system prompts');
  const formatKeys = new Set(tests.flatMap((t) => Object.keys((t.expected_format as Node | undefined) ?? {})));
  for (const key of [
    'contains_ewe',
    'min_length',
    'max_length',
    'contains_function_call',
    'markdown_elements',
    'max_sentences',
    'max_word_count',
    'starts_with',
    'list_item_count',
    'numbered_list_items',
    'no_french',
    'must_ask_clarification',
  ]) {
    assert.ok(formatKeys.has(key), `expected_format.${key} appears`);
  }
});

test(
  'the test files of EWEBENCH_TESTS_DIR, when given, validate with no schema error',
  { skip: EXTRA_TESTS && existsSync(EXTRA_TESTS) ? false : 'EWEBENCH_TESTS_DIR names no folder' },
  () => {
    assert.ok(checkTestsFolder(EXTRA_TESTS as string).length > 0);
  },
);

test('a test object is closed: a field outside the format is reported by name', () => {
  const doc = [{ id: 'if_format_01', prompt: 'Ŋlɔ nya aɖe.', eval_method: 'keywords', expected_keywords: ['nya'], max_tokens: 200 }];
  assert.deepEqual(errorsOf(validator(EWB), doc), ['/0 additionalProperties:max_tokens']);
});

test('wrong types and ranges in a test are schema errors, each at its own path', () => {
  const doc = [
    {
      id: 'tg_story_01',
      prompt: 'Gblɔ gli aɖe.',
      eval_method: 'composite',
      expected_keywords: 'gli',
      temperature: 2.5,
      expected_format: { contains_ewe: 'yes', min_length: -1, max_length: 12.5, markdown_elements: ['image', 'bold'], max_sentences: '3' },
    },
    { prompt: 'no id' },
  ];
  assert.deepEqual(errorsOf(validator(EWB), doc), [
    '/0/expected_format/contains_ewe type:boolean',
    '/0/expected_format/markdown_elements/0 enum',
    '/0/expected_format/max_length type:integer',
    '/0/expected_format/max_sentences type:integer',
    '/0/expected_format/min_length minimum',
    '/0/expected_keywords type:array',
    '/0/temperature maximum',
    '/1 required:id',
  ]);
});

test('messages need a known role and string content', () => {
  const doc = [
    { id: 'mt_context_01', eval_method: 'ewe_quality', messages: [{ role: 'bot', content: 'Woé zɔ' }, { role: 'user' }, { role: 'assistant', content: 3 }] },
  ];
  assert.deepEqual(errorsOf(validator(EWB), doc), ['/0/messages/0/role enum', '/0/messages/1 required:content', '/0/messages/2/content type:string']);
});

test('what the validator’s own rules judge is left alone by the schema', () => {
  const doc = [
    { id: 'x_01', prompt: 'a', messages: [{ role: 'user', content: 'b' }] }, // prompt and messages together; no eval_method
    { id: 'x_01', eval_method: 'fuzzy' }, // duplicate id, unknown method, neither prompt nor messages
    { id: 'x_02', prompt: 'a', eval_method: 'exact_match', expected_keywords: ['a'] }, // method without its field
    { id: 'x_03', prompt: 'a', eval_method: 'format', expected_format: { has_pro_con: true, proverb_count: 3 } }, // ignored keys
    {
      id: 'x_04',
      messages: [
        { role: 'assistant', content: 'a' },
        { role: 'system', content: 'b' },
      ],
    }, // bad order
  ];
  assert.deepEqual(errorsOf(validator(EWB), doc), []);
  const method = ((ewebenchTests.definitions.test as Node).properties as Record<string, Node>).eval_method;
  assert.equal(method.enum, undefined);
  assert.deepEqual(method['x-knownValues'], ['exact_match', 'keywords', 'multiple_choice', 'format', 'ewe_quality', 'composite']);
});

// ---------- Rosetta corpus: spec envelope, flat and legacy ----------

const CORPUS = 'rosetta-corpus.schema.json';

const specEntry = (over: Node = {}): Node => ({
  id: 1,
  source: 'Good morning',
  reference: 'Ŋdi na wò',
  segment: 'development',
  difficulty: 1,
  provenance: 'elicited',
  register: 'conversational',
  context: 'greeting',
  ...over,
});

const envelope = (entries: Node[], dataset: Node = {}): Node => ({
  dataset: {
    id: 'eng-ewe-dev-v1',
    version: '1.0',
    language_pair: 'EN→EE',
    source_language: 'en',
    target_language: 'ee',
    created: '2026-05-01',
    license: 'CC-BY-4.0',
    provenance: ['elicited'],
    ...dataset,
  },
  entries,
});

test('a spec corpus with documented and extra entry fields validates', () => {
  const doc = envelope([
    specEntry({ morphological_analysis: 'ŋdi na wò', notes: 'morning greeting', variant_class: 'greeting-time', variants: ['Ŋdi'], reviewer: 'A. K.' }),
  ]);
  assert.deepEqual(errorsOf(validator(CORPUS), doc), []);
});

test('the dataset envelope is closed and typed; entries need every spec field within range', () => {
  const doc = envelope([specEntry({ id: '7', difficulty: 6, segment: 'test', variants: 'Ŋdi' }), { id: 2, source: 'Thank you', reference: 'Akpe' }], {
    created: '01/05/2026',
    provenance: ['elicited', 'crowd'],
    maintainer: 'someone',
  });
  assert.deepEqual(errorsOf(validator(CORPUS), doc), [
    '/dataset additionalProperties:maintainer',
    '/dataset/created format:date',
    '/dataset/provenance/1 enum',
    '/entries/0/difficulty maximum',
    '/entries/0/id type:integer',
    '/entries/0/segment enum',
    '/entries/0/variants type:array',
    '/entries/1 required:context',
    '/entries/1 required:difficulty',
    '/entries/1 required:provenance',
    '/entries/1 required:register',
    '/entries/1 required:segment',
  ]);
  assert.deepEqual(errorsOf(validator(CORPUS), { entries: [] }), ['/ required:dataset']);
});

test('flat and legacy entries accept string ids, legacy names and word difficulties, but keep the enums', () => {
  const flat = [
    { id: 'tatoeba_1', source: 'Hello', target: 'Woezɔ', segment: 'development', difficulty: 2 },
    { index: 3, source_text: 'Thank you', target_expected: 'Akpe', difficulty: 'easy' },
    {},
  ];
  assert.deepEqual(errorsOf(validator(CORPUS, 'flatCorpus'), flat), []);
  const bad = [{ index: 'three', difficulty: true, register: 'slang', provenance: 'web', context: 'chat' }];
  assert.deepEqual(errorsOf(validator(CORPUS, 'flatCorpus'), bad), [
    '/0/context enum',
    '/0/difficulty type:integer,string',
    '/0/index type:integer',
    '/0/provenance enum',
    '/0/register enum',
  ]);
});

test('the corpus fixtures in the repository validate against the shape they are written in', () => {
  assert.deepEqual(errorsOf(validator(CORPUS), readJson(fromRepo('test-fixtures', 'corpus', 'valid', 'ewe-diagnostic.json'))), []);
  assert.deepEqual(
    errorsOf(validator('rosetta-curated-corpus.schema.json'), readJson(fromRepo('test-fixtures', 'corpus', 'valid', 'eng-ewe-curated.json'))),
    [],
  );
});

// ---------- Rosetta curated corpus ----------

test('a curated corpus needs corpus_id and entries; its entries need id and source and stay open', () => {
  const CURATED = 'rosetta-curated-corpus.schema.json';
  const good = {
    corpus_id: 'eng-ewe-dev-v1',
    language_pair: { source: 'eng', target: 'ewe', source_name: 'English', target_name: 'Ewe' },
    provenance: { builder: 'curate.py', license: 'CC-BY-2.0-FR', source_url: 'https://tatoeba.org', pulled: '2026-10-01' },
    entries: [{ id: 'tatoeba_100001', source: 'I am hungry.', target: 'Dɔ le wuyem.', domain: 'daily', difficulty: 2, metadata: { length: 12 }, tags: ['x'] }],
  };
  assert.deepEqual(errorsOf(validator(CURATED), good), []);
  const bad = { version: 1, entries: [{ id: 4.5, reference: 'Akpe', difficulty: 0, provenance: 'tatoeba' }] };
  assert.deepEqual(errorsOf(validator(CURATED), bad), [
    '/ required:corpus_id',
    '/entries/0 required:source',
    '/entries/0/difficulty minimum',
    '/entries/0/id type:string,integer',
    '/entries/0/provenance type:object',
    '/version type:string',
  ]);
});

// ---------- Rosetta run card ----------

const CARD = 'rosetta-run-card.schema.json';
const HEX = 'ee87cb8359d3bd5bd33f009d1c853e049d42cd8b158f98f65f1d7806a6061457';

test('the run card fixture validates, and the root stays open to fields newer harnesses add', () => {
  const card = readJson(fromRepo('test-fixtures', 'runcards', 'valid', 'sample-run-card.json')) as Node;
  assert.deepEqual(errorsOf(validator(CARD), card), []);
  assert.deepEqual(errorsOf(validator(CARD), { ...card, quality_tier: 'functional', run_card_hash: '' }), []);
});

test('tools_enabled is a list of tool names or the boolean the harness writes', () => {
  const base = { model_slug: 'google/gemini-3.1-pro', condition: 'baseline', temperature: 0, scores: {} };
  assert.deepEqual(errorsOf(validator(CARD), { ...base, tools_enabled: false }), []);
  assert.deepEqual(errorsOf(validator(CARD), { ...base, tools_enabled: ['fst_lookup'] }), []);
  assert.deepEqual(errorsOf(validator(CARD), { ...base, tools_enabled: 'yes' }), ['/tools_enabled type:array,boolean']);
  assert.deepEqual(errorsOf(validator(CARD), { ...base, tools_enabled: [1] }), ['/tools_enabled/0 type:string']);
});

test('a run card’s required fields, hashes, dates, enums and score ranges are checked', () => {
  const card = {
    timestamp: 'yesterday',
    condition: 'baseline',
    temperature: 3,
    method_class: 'llm',
    system_prompt_sha256: HEX.toUpperCase(),
    dataset: { id: 'eng-ewe-dev-v1', sha256: 'abc', entry_count: -1 },
    scores: {
      exact_match_rate: 1.5,
      fst_acceptance_rate: null,
      morphological_accuracy: null,
      chrf_plus_plus: 101,
      composite: -0.1,
      total: 2.5,
      by_difficulty: [],
    },
    totals: { total_cost_usd: -1 },
    results: [{ entry_id: 1, fst_accepted: 'yes', entry_chrf: 100, custom: 1 }],
    fingerprint: { hash: HEX.slice(1) },
    run_card_hash: 'not-a-hash',
  };
  assert.deepEqual(errorsOf(validator(CARD), card), [
    '/ required:model_slug',
    '/dataset/entry_count minimum',
    '/dataset/sha256 pattern',
    '/fingerprint required:components',
    '/fingerprint/hash pattern',
    '/method_class enum',
    '/results/0/fst_accepted type:boolean,null',
    '/run_card_hash pattern',
    '/scores/by_difficulty type:object',
    '/scores/chrf_plus_plus maximum',
    '/scores/composite minimum',
    '/scores/exact_match_rate maximum',
    '/scores/total type:integer',
    '/system_prompt_sha256 pattern',
    '/temperature maximum',
    '/timestamp format:date-time',
    '/totals/total_cost_usd minimum',
  ]);
});

test('a fingerprint carries its hash and the components it was computed from, typed like the card’s own fields', () => {
  const components = {
    batch_size: 25,
    condition: 'baseline',
    dataset_sha256: 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
    harness_version: '3.0.0',
    model_slug: 'google/gemini-3.1-pro',
    system_prompt_sha256: 'a17d0bbf66fa1ef8e4fef3db95e67f5bd6b9ee8572349b2e8e1952763a3cceb5',
    temperature: 0.0,
    tools_enabled: false,
  };
  const base = { model_slug: 'google/gemini-3.1-pro', condition: 'baseline', temperature: 0, scores: {} };
  assert.deepEqual(errorsOf(validator(CARD), { ...base, fingerprint: { hash: HEX, components } }), []);
  const bad = { ...components, dataset_sha256: 'sha256:e3b0', temperature: '0.0' };
  assert.deepEqual(errorsOf(validator(CARD), { ...base, fingerprint: { hash: HEX, components: bad } }), [
    '/fingerprint/components/dataset_sha256 pattern',
    '/fingerprint/components/temperature type:number',
  ]);
});
