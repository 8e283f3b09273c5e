import { test } from 'node:test';
import assert from 'node:assert/strict';
import { SCHEMAS, type JsonSchema } from '../schemas/registry';
import fc from 'fast-check';
import { HARNESS_REGISTERS, isSecretSegment, namesSecretSegment, normaliseSegmentName, OPEN_SEGMENTS, SPEC_REGISTERS } from './corpusTables';
import { propertyRuns } from '../../test/helpers/property';
import { corpusFindings } from '../rules/corpus';

/** The `register` enum of a schema's entry definition, wherever the schema keeps it. */
function registerEnum(schema: JsonSchema): unknown[] {
  const found: unknown[][] = [];
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) node.forEach(walk);
    else if (node && typeof node === 'object') {
      for (const [key, value] of Object.entries(node)) {
        if (key === 'register' && value && typeof value === 'object' && Array.isArray((value as JsonSchema).enum))
          found.push((value as JsonSchema).enum as unknown[]);
        else walk(value);
      }
    }
  };
  walk(schema);
  assert.ok(found.length > 0, 'no register enum found');
  return found[0];
}

test('the register tables and the schemas list the same registers', () => {
  assert.deepEqual(registerEnum(SCHEMAS['rosetta-corpus'] as JsonSchema), [...SPEC_REGISTERS]);
  assert.deepEqual(registerEnum(SCHEMAS['rosetta-curated-corpus'] as JsonSchema), [...SPEC_REGISTERS, ...Object.keys(HARNESS_REGISTERS)]);
});

const curated = (registers: string[]) => ({
  corpus_id: 'c',
  entries: registers.map((register, i) => ({ id: `e${i}`, source: 's', reference: 'r', difficulty: (i % 5) + 1, register })),
});

test('a harness register in a curated corpus is information and counts as its nearest spec register', () => {
  const findings = corpusFindings(curated(['functional', 'conversational', 'literary']), 'curated', ['entries'], 'en');
  const harness = findings.filter((f) => f.code === 'harness-register');
  assert.deepEqual(
    harness.map((f) => ('path' in f.at ? f.at.path : undefined)),
    [
      ['entries', 0, 'register'],
      ['entries', 2, 'register'],
    ],
  );
  assert.match(harness[0].message, /`functional`.*nearest spec register is `technical`/);
  assert.equal(
    findings.some((f) => f.code === 'register-coverage' || f.code === 'invalid-value'),
    false,
  );
});

test('a harness register the spec maps to the only other register still leaves one register', () => {
  // persuasive counts as conversational: one register in all.
  const findings = corpusFindings(curated(['persuasive', 'conversational', 'conversational']), 'curated', ['entries'], 'fr');
  const coverage = findings.find((f) => f.code === 'register-coverage');
  assert.ok(coverage);
  assert.match(coverage.message, /conversational seulement/);
});

test('an invalid register never counts toward register coverage', () => {
  const envelope = {
    dataset: {
      id: 'd',
      version: '1',
      language_pair: 'eng-ewe',
      source_language: 'eng',
      target_language: 'ewe',
      created: '2026-01-01',
      license: 'CC0',
      provenance: ['elicited'],
    },
    entries: ['conversational', 'slang', 'functional'].map((register, i) => ({
      id: i + 1,
      source: 's',
      reference: 'r',
      segment: 'development',
      difficulty: (i % 5) + 1,
      provenance: 'elicited',
      register,
      context: 'greeting',
    })),
  };
  const findings = corpusFindings(envelope, 'envelope', ['entries'], 'en');
  assert.equal(findings.filter((f) => f.code === 'invalid-value').length, 2);
  assert.ok(findings.some((f) => f.code === 'register-coverage'));
  assert.equal(
    findings.some((f) => f.code === 'harness-register'),
    false,
  );
});

test('the secret-segment rule reads a secret name after normalising case, surrounding space and - / _ / space', () => {
  for (const name of ['held_out', 'Held_Out', 'held-out', 'held_out ', ' HELD OUT', 'held - out', 'gold_standard', 'Gold-Standard', 'GOLD STANDARD'])
    assert.equal(namesSecretSegment(name), true, name);
  for (const name of ['dev', 'development', 'heldout', 'diagnostic', '', null, 3]) assert.equal(namesSecretSegment(name), false, String(name));
  assert.equal(normaliseSegmentName('  Held--Out '), 'held_out');
});

test('a segment is secret unless it is exactly development or diagnostic (fail closed), or absent', () => {
  for (const name of ['development', 'diagnostic', undefined, null]) assert.equal(isSecretSegment(name), false, String(name));
  const lookAlikes = [
    'gold_standard\u200b',
    'goldstandard',
    '\uff47\uff4f\uff4c\uff44_standard',
    '',
    ' development',
    'Development',
    'dev',
    'diagnostic\u0000',
    3,
    true,
    {},
    [],
  ];
  for (const name of lookAlikes) assert.equal(isSecretSegment(name), true, JSON.stringify(name));
  fc.assert(
    fc.property(
      fc.oneof(
        fc.string(),
        fc.string({ unit: 'binary' }),
        fc.constantFrom(...OPEN_SEGMENTS).map((s) => s + '\u200b'),
      ),
      (name) => {
        assert.equal(isSecretSegment(name), !OPEN_SEGMENTS.includes(name));
        // What the rule calls secret is secret here too.
        if (namesSecretSegment(name)) assert.equal(isSecretSegment(name), true);
      },
    ),
    propertyRuns(500),
  );
});
