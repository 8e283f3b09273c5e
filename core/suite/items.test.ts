import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import { TextModel } from '../text/textModel';
import { itemFormatFor, readAlignedLines, readItemFile, type ItemFinding, type ItemReadOptions, type SuiteItem } from './items';
import { fromRepo } from '../../test/helpers/paths';

const fixture = (...parts: string[]) => fs.readFileSync(fromRepo('test-fixtures', 'suite', ...parts), 'utf8');

function read(file: string, options: ItemReadOptions): { items: SuiteItem[]; findings: ItemFinding[]; text: string } {
  const text = fixture(...file.split('/'));
  const format = itemFormatFor(file);
  assert.notEqual(format, 'lines');
  return { ...readItemFile(text, format as Exclude<typeof format, 'lines'>, options), text };
}

/** Findings as `line:col-line:col code` (1-based), the way `validate` prints them, with the text they cover. */
function placed(text: string, findings: readonly ItemFinding[]): string[] {
  const lines = TextModel.from(text);
  return findings.map((f) => {
    const r = lines.rangeOf(f.span);
    return `${r.start.line + 1}:${r.start.character + 1}-${r.end.line + 1}:${r.end.character + 1} ${f.code} ${JSON.stringify(text.slice(f.span.start, f.span.end))}`;
  });
}

const strip = (items: SuiteItem[]) => items.map(({ span: _span, ...rest }) => rest);

test('AfriMMLU’s shape in TSV: choices as a Python list literal, the answer a letter in either case', () => {
  const { items, findings } = read('items/mmlu.tsv', { task: 'multiple_choice' });
  assert.deepEqual(findings, []);
  assert.deepEqual(strip(items), [
    {
      id: '1',
      ordinal: 1,
      task: 'multiple_choice',
      question: 'Dukɔ ka ƒe fiadu nye Lomé?',
      choices: ['Togo', 'Ghana', 'Benin', 'Nigeria'],
      answer: 'A',
      subject: 'geography',
    },
    { id: '2', ordinal: 2, task: 'multiple_choice', question: 'Nu nenie nye 3 kple 4?', choices: ['5', '6', '7', '8'], answer: 'C', subject: 'mathematics' },
    {
      id: '3',
      ordinal: 3,
      task: 'multiple_choice',
      question: 'Nya kae gɔme nye "akpe"?',
      choices: ['thank you', 'hello', 'goodbye', "it's late"],
      answer: 'A',
      subject: 'language',
    },
  ]);
});

test('multiple choice as JSON lines: choices a list, the answer an index', () => {
  const { items, findings } = read('items/mmlu.jsonl', { task: 'multiple_choice' });
  assert.deepEqual(findings, []);
  assert.deepEqual(
    items.map((i) => (i.task === 'multiple_choice' ? [i.id, i.answer, i.choices.length] : null)),
    [
      ['q1', 'A', 4],
      ['q2', 'C', 4],
    ],
  );
});

test('AfriMGSM’s shape: answer_number read as a number (thousands commas too), the reasoning column ignored', () => {
  const { items, findings } = read('items/mgsm.tsv', { task: 'math' });
  assert.deepEqual(findings, []);
  assert.deepEqual(
    items.map((i) => (i.task === 'math' ? i.answer : null)),
    [8, 1000],
  );
});

test('AfriXNLI’s shape in CSV: labels 0, 1, 2 are entailment, neutral, contradiction; quoted cells unquoted', () => {
  const { items, findings } = read('items/xnli.csv', { task: 'nli' });
  assert.deepEqual(findings, []);
  assert.deepEqual(
    items.map((i) => (i.task === 'nli' ? [i.premise, i.hypothesis, i.label] : null)),
    [
      ['Ŋdi sia, Ama yi asime.', 'Ama yi asime.', 'entailment'],
      ['Kofi le xexlẽm.', 'Kofi gblɔ be "agbalẽ" la nyo.', 'neutral'],
      ['Dzo le tɔ dzi.', 'Tsi le tɔ dzi kple dzo.', 'contradiction'],
    ],
  );
});

test('classification with SIB-200’s column names (index_id, category, text) and the suite’s topics', () => {
  const { items, findings } = read('items/topics.csv', { task: 'classification', topics: ['science', 'travel', 'politics', 'sports', 'health'] });
  assert.deepEqual(findings, []);
  assert.deepEqual(
    items.map((i) => (i.task === 'classification' ? [i.id, i.label] : null)),
    [
      ['1', 'sports'],
      ['2', 'health'],
      ['3', 'politics'],
    ],
  );
});

test('translation from two columns, and from FLORES-style aligned line files', () => {
  const { items, findings } = read('items/translation.tsv', { task: 'translation' });
  assert.deepEqual(findings, []);
  assert.deepEqual(
    items.map((i) => (i.task === 'translation' ? [i.id, i.source, i.target] : null)),
    [
      ['t1', 'Ŋdi na wò!', 'Good morning!'],
      ['t2', 'Akpe na wò ŋutɔ.', 'Thank you very much.'],
    ],
  );
  const aligned = readAlignedLines(fixture('items', 'flores', 'ewe_Latn.dev'), fixture('items', 'flores', 'eng_Latn.dev'));
  assert.deepEqual([aligned.sourceFindings, aligned.targetFindings], [[], []]);
  assert.deepEqual(
    aligned.items.map((i) => (i.task === 'translation' ? [i.id, i.source, i.target] : null)),
    [
      ['1', 'Ŋdi na wò!', 'Good morning!'],
      ['2', 'Akpe na wò ŋutɔ.', 'Thank you very much.'],
      ['3', 'Meyi afeme.', 'I am going home.'],
    ],
  );
});

test('columns mapped as corpus import --map maps them: a column named otherwise, a column ignored', () => {
  const text = 'Nya\tTiatia\tŊuɖoɖo\tanswer\nA?\t["x", "y"]\tB\tignored\n';
  const { items, findings } = readItemFile(text, 'tsv', { task: 'multiple_choice', map: { Nya: 'question', Tiatia: 'choices', Ŋuɖoɖo: 'answer', answer: '' } });
  assert.deepEqual(findings, []);
  assert.deepEqual(strip(items), [{ id: '1', ordinal: 1, task: 'multiple_choice', question: 'A?', choices: ['x', 'y'], answer: 'B' }]);
});

test('TSV item problems point at their cells: answer outside the choices, a list that stops parsing, an empty question, a duplicate id', () => {
  const { items, findings, text } = read('bad/mmlu.tsv', { task: 'multiple_choice' });
  assert.deepEqual(
    items.map((i) => i.id),
    ['m1'],
  );
  assert.deepEqual(placed(text, findings), [
    '2:48-2:49 item-answer "E"',
    // The list stops at the second string, which follows the first with no comma: that quote is the range.
    '3:38-3:39 item-choices "\'"',
    '4:4-4:4 item-empty ""',
    '5:1-5:3 duplicate-id "m1"',
  ]);
  assert.match(findings[0].message, /answer "E" of item m1 is not one of its choices \(A–D\)/);
  assert.deepEqual(
    placed(
      text,
      findings[3].related!.map((r) => ({ code: 'duplicate-id', message: r.message, span: r.span })),
    ),
    ['2:1-2:3 duplicate-id "m1"'],
  );
});

test('a label outside the suite’s topics is reported at its CSV cell', () => {
  const { findings, text } = read('bad/topics.csv', { task: 'classification', topics: ['sports', 'health', 'politics', 'science', 'travel'] });
  assert.deepEqual(placed(text, findings), ['3:3-3:10 item-answer "weather"']);
});

test('JSONL item problems point at the key’s value or the line', () => {
  const { findings, text } = read('bad/mmlu.jsonl', { task: 'multiple_choice' });
  assert.deepEqual(placed(text, findings), ['1:62-1:63 item-answer "5"', '2:40-2:48 item-choices "\\"[\'x\', \\""', '3:1-3:9 invalid-json "not json"']);
});

test('a missing column is one finding on the header, naming the names that would do', () => {
  const { items, findings } = readItemFile('id,text\n1,Bɔlƒoƒo.\n', 'csv', { task: 'classification' });
  assert.deepEqual(items, []);
  assert.deepEqual(
    findings.map((f) => [f.code, f.span, f.message]),
    [
      [
        'item-missing-field',
        { start: 0, end: 7 },
        'A classification item file needs a "label" column (or category, topic); map another column to it with "map" in the suite file.',
      ],
    ],
  );
});

test('aligned files of different lengths: the extra line in one, the last line in the other', () => {
  const src = fixture('bad', 'flores.src');
  const tgt = fixture('bad', 'flores.tgt');
  const r = readAlignedLines(src, tgt);
  assert.deepEqual(placed(src, r.sourceFindings), ['3:1-3:12 item-alignment "Meyi afeme."']);
  assert.deepEqual(placed(tgt, r.targetFindings), ['2:1-2:8 item-alignment "Thanks."']);
  assert.equal(r.items.length, 2);
});
