import type { Bilingual } from '../i18n/locale';
import { SCHEMAS, type JsonSchema } from './registry';

/** A snippet choice list from the enum of a corpus entry field, so the schema stays the one place for values. */
function choices(field: string): string {
  const entry = ((SCHEMAS['rosetta-corpus'] as JsonSchema).definitions as Record<string, JsonSchema>).entry;
  const values = ((entry.properties as Record<string, JsonSchema>)[field].enum as unknown[]) ?? [];
  return values.join(',');
}

/** Whole-object snippets offered where a new test (one per scoring method) or a new corpus entry can go. */
export interface Snippet {
  label: string;
  target: 'test' | 'entry';
  detail: Bilingual;
  /** LSP snippet syntax: `$1` tab stops, `${1:default}` placeholders, `${1|a,b|}` choices. */
  body: string;
}

const test = (method: string, fields: string[], detail: Bilingual): Snippet => ({
  label: `ewebench: ${method}`,
  target: 'test',
  detail,
  body: [
    '{',
    '\t"id": "${1:category_001}",',
    '\t"prompt": "${2}",',
    `\t"eval_method": "${method}",`,
    ...fields.map((f) => `\t${f},`),
    '\t"description": "${9}"',
    '}',
  ].join('\n'),
});

export const SNIPPETS: readonly Snippet[] = [
  test('exact_match', ['"expected": "${3}"'], { en: 'Test scored by exact match', fr: 'Test noté par correspondance exacte' }),
  test('keywords', ['"expected_keywords": ["${3}"]'], { en: 'Test scored by keywords found', fr: 'Test noté par mots-clés trouvés' }),
  test('multiple_choice', ['"expected": "${3|A,B,C,D|}"'], { en: 'Multiple-choice test', fr: 'Test à choix multiple' }),
  test('format', ['"expected_format": {\n\t\t"contains_ewe": true,\n\t\t"min_length": ${3:50}\n\t}'], {
    en: 'Test scored by format checks',
    fr: 'Test noté par critères de format',
  }),
  test('ewe_quality', [], { en: 'Test scored by the Ewe quality heuristic', fr: 'Test noté par l’heuristique de qualité éwé' }),
  test('composite', ['"expected_keywords": ["${3}"]', '"expected_format": {\n\t\t"contains_ewe": true,\n\t\t"min_length": ${4:50}\n\t}'], {
    en: 'Test scored by keywords, Ewe quality and format',
    fr: 'Test noté par mots-clés, qualité éwé et format',
  }),
  {
    label: 'rosetta: corpus entry',
    target: 'entry',
    detail: { en: 'Rosetta corpus entry with every required field', fr: 'Entrée de corpus Rosetta avec tous les champs obligatoires' },
    body: [
      '{',
      '\t"id": ${1:1},',
      '\t"source": "${2}",',
      '\t"reference": "${3}",',
      `\t"segment": "\${4|${choices('segment')}|}",`,
      '\t"difficulty": ${5|1,2,3,4,5|},',
      `\t"provenance": "\${6|${choices('provenance')}|}",`,
      `\t"register": "\${7|${choices('register')}|}",`,
      `\t"context": "\${8|${choices('context')}|}"`,
      '}',
    ].join('\n'),
  },
];
