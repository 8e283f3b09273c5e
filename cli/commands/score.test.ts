import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { main } from '../main';
import { captureIo } from '../../test/helpers/captureIo';

const fixtures = [
  'test-fixtures/scoring/harness/cultural_knowledge.json',
  'test-fixtures/scoring/harness/multi_turn.json',
  'test-fixtures/scoring/harness/reasoning.json',
];
const responses = 'test-fixtures/scoring/model.responses.json';

function tempDir(files: Record<string, unknown>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ewb-score-'));
  for (const [name, content] of Object.entries(files)) fs.writeFileSync(path.join(dir, name), typeof content === 'string' ? content : JSON.stringify(content));
  return dir;
}

test('json output: every test with category, harness-rounded score, pass and breakdown; categories; ÈwéScore', async () => {
  const io = captureIo();
  assert.equal(await main(['score', ...fixtures, '--responses', responses, '--format', 'json'], io), 0);
  const out = JSON.parse(io.out);
  assert.equal(out.tests.length, 7);
  const festival = out.tests.find((t: { id: string }) => t.id === 'ck_festival_01');
  assert.deepEqual(festival, {
    id: 'ck_festival_01',
    category: 'cultural_knowledge',
    file: 'test-fixtures/scoring/harness/cultural_knowledge.json',
    method: 'keywords',
    score: 1,
    raw_score: 1,
    passed: true,
    breakdown: { method: 'keywords', found: ['Hogbetsotso', 'Aŋlɔ'], missing: [] },
    // The prompt echoed back finds one keyword of two: the floor is 0.5, and 1 is 100 above it.
    floor: 0.5,
    normalised_vs_floor: 100,
  });
  // The numbers harness 1.0.0 reports for these files and responses (CPython 3.11 and 3.12).
  assert.deepEqual(
    out.tests.map((t: { id: string; score: number }) => [t.id, t.score]),
    [
      ['ck_proverb_01', 0.967],
      ['ck_festival_01', 1],
      ['ck_kente_01', 1],
      ['mt_memory_01', 1],
      ['mt_format_01', 1],
      ['reasoning_001', 1],
      ['reasoning_002', 0.8],
    ],
  );
  assert.deepEqual(out.categories, { reasoning: 90, cultural_knowledge: 98.9, multi_turn: 100 });
  assert.equal(out.ewe_score, 95.6);
  assert.equal(out.harness_comparable, true);
  assert.equal(io.err, '');
});

test('text output is a table of tests, then categories, then the ÈwéScore', async () => {
  const io = captureIo();
  assert.equal(await main(['score', ...fixtures, '--responses', responses], io), 0);
  assert.match(io.out, /^TEST\s+CATEGORY\s+METHOD\s+SCORE\s+VS FLOOR\*\s+RESULT$/m);
  assert.match(io.out, /^ck_proverb_01\s+cultural_knowledge\s+composite\s+0\.967\s+87\.5\s+pass$/m);
  assert.match(io.out, /^cultural_knowledge\s+98\.9\s+3\/3\s+10%\s+74\.4\s+95\.7$/m);
  assert.match(io.out, /^ÈwéScore: 95\.6\/100 \(3 of 10 categories\)$/m);
  assert.match(io.out, /^\* not harness figures: FLOOR is what answering nothing earns/m);
  assert.match(io.out, /^ÈwéScore normalised against the floor\*: 89\.5 \(floor 58\.1\)$/m);
});

test('the floor columns sit beside the harness figures and never replace them', async () => {
  const io = captureIo();
  await main(['score', ...fixtures, '--responses', responses, '--format', 'json'], io);
  const out = JSON.parse(io.out);
  // reasoning_002 is ewe_quality: fluent text answering nothing scores 1, so the floor is 1 and nothing is left to normalise.
  const quality = out.tests.find((t: { id: string }) => t.id === 'reasoning_002');
  assert.deepEqual([quality.score, quality.floor, quality.normalised_vs_floor], [0.8, 1, null]);
  assert.equal(out.ewe_score, 95.6);
  assert.deepEqual(out.floor, { categories: { reasoning: 50, cultural_knowledge: 74.4, multi_turn: 50 }, ewe_score: 58.1 });
  assert.deepEqual(out.normalised_vs_floor, { categories: { reasoning: 80, cultural_knowledge: 95.7, multi_turn: 100 }, ewe_score: 89.5 });
});

test('tests without a response did not run: warned about and left out; harness crashes are flagged, exit 1', async () => {
  const dir = tempDir({
    'reasoning.json': [
      { id: 'r1', prompt: 'p', eval_method: 'exact_match', expected: '4' },
      { id: 'r2', prompt: 'p', eval_method: 'exact_match', expected_keywords: ['4'] },
      { id: 'r3', prompt: 'p', eval_method: 'ewe_quality' },
    ],
    'answers.json': { r1: ' 4', r2: '4', stray: 'x' },
  });
  const io = captureIo(dir);
  assert.equal(await main(['score', 'reasoning.json', '--responses', 'answers.json', '--format', 'json'], io), 1);
  const out = JSON.parse(io.out);
  assert.deepEqual(
    out.tests.map((t: { id: string; score: number | null }) => [t.id, t.score]),
    [
      ['r1', 1],
      ['r2', null],
    ],
  );
  assert.equal(out.tests[1].harness_would_crash, true);
  assert.match(out.tests[1].reason, /KeyError: 'expected'/);
  assert.equal(out.harness_would_crash, true);
  assert.match(io.err, /reasoning\.json: no response for test r3; it did not run and is left out/);
  assert.match(io.err, /test r2: the harness would crash/);
  assert.match(io.err, /1 response matches no test: stray/);
  assert.deepEqual(out.categories, { reasoning: 100 });
});

test('scores are reported rounded like the harness (0.0625 -> 0.062) with the exact raw score beside them', async () => {
  const keywords = Array.from({ length: 16 }, (_, i) => `kw${i}`);
  const dir = tempDir({ 'agentic.json': [{ id: 'a1', prompt: 'p', eval_method: 'keywords', expected_keywords: keywords }], 'answers.json': { a1: 'kw0' } });
  const io = captureIo(dir);
  await main(['score', 'agentic.json', '--responses', 'answers.json', '--format', 'json'], io);
  const out = JSON.parse(io.out);
  assert.deepEqual([out.tests[0].score, out.tests[0].raw_score], [0.062, 0.0625]);
  assert.deepEqual(out.categories, { agentic: 6.2 }); // 6.25 rounds half to even
});

test('a test without an id is looked up as <category>_<index>, like the harness labels it', async () => {
  const dir = tempDir({ 'robustness.json': [{ prompt: 'p', eval_method: 'exact_match', expected: 'ee' }], 'answers.json': { robustness_0: 'EE' } });
  const io = captureIo(dir);
  await main(['score', 'robustness.json', '--responses', 'answers.json', '--format', 'json'], io);
  assert.equal(JSON.parse(io.out).tests[0].id, 'robustness_0');
});

test('strict mode is labelled as not harness-comparable and scores the extra keys', async () => {
  const dir = tempDir({
    'instruction_following.json': [{ id: 'if1', prompt: 'p', eval_method: 'format', expected_format: { contains_ewe: true, max_sentences: 1 } }],
    'answers.json': { if1: 'Mele nyuie. Akpe.' },
  });
  const harness = captureIo(dir);
  await main(['score', 'instruction_following.json', '--responses', 'answers.json', '--format', 'json'], harness);
  assert.equal(JSON.parse(harness.out).tests[0].score, 1);
  const strict = captureIo(dir);
  await main(['score', 'instruction_following.json', '--responses', 'answers.json', '--format', 'json', '--strict'], strict);
  const out = JSON.parse(strict.out);
  assert.deepEqual([out.tests[0].score, out.strict, out.harness_comparable], [0.5, true, false]);
  const text = captureIo(dir);
  await main(['score', 'instruction_following.json', '--responses', 'answers.json', '--strict'], text);
  assert.match(text.out, /strict mode: not comparable with the harness/);
});

test('--python 3.11 reproduces the one-by-one sum() of older Pythons', async () => {
  // Seven categories whose rounded scores put the ÈwéScore on a tie that the two sums break differently.
  const scores: Record<string, number> = {
    linguistic_comprehension: 0.771,
    reasoning: 0.234,
    cultural_knowledge: 0.507,
    instruction_following: 0.73,
    multi_turn: 0.567,
    agentic: 0.908,
    robustness: 0.227,
  };
  const files: Record<string, unknown> = { 'answers.json': {} };
  const answers: Record<string, string> = {};
  for (const [category, share] of Object.entries(scores)) {
    // 1000 keywords of which share * 1000 are found gives exactly that category score.
    const kws = Array.from({ length: 1000 }, (_, i) => `${category}${String(i).padStart(4, '0')}`);
    files[`${category}.json`] = [{ id: category, prompt: 'p', expected_keywords: kws }];
    answers[category] = kws.slice(0, Math.round(share * 1000)).join(' ');
  }
  files['answers.json'] = answers;
  const dir = tempDir(files);
  const args = ['score', ...Object.keys(scores).map((c) => `${c}.json`), '--responses', 'answers.json', '--format', 'json'];
  const current = captureIo(dir);
  await main(args, current);
  const out = JSON.parse(current.out);
  assert.equal(out.categories.linguistic_comprehension, 77.1);
  assert.equal(out.ewe_score, 58.3);
  const older = captureIo(dir);
  await main([...args, '--python', '3.11'], older);
  assert.equal(JSON.parse(older.out).ewe_score, 58.4);
  assert.equal(await main([...args, '--python', 'three'], captureIo(dir)), 2);
});

test('bad input exits 2 naming the file (and line for invalid JSON)', async () => {
  const dir = tempDir({ 'agentic.json': '[\n  {"id": "a" "prompt": "x"}\n]', 'answers.json': '{}', 'object.json': '{"id": "x"}', 'list.json': '[]' });
  const invalid = captureIo(dir);
  assert.equal(await main(['score', 'agentic.json', '--responses', 'answers.json'], invalid), 2);
  assert.match(invalid.err, /agentic\.json:2:\d+: invalid JSON/);
  const missing = captureIo(dir);
  assert.equal(await main(['score', 'nowhere.json', '--responses', 'answers.json'], missing), 2);
  assert.match(missing.err, /nowhere\.json: cannot read/);
  const notArray = captureIo(dir);
  assert.equal(await main(['score', 'object.json', '--responses', 'answers.json'], notArray), 2);
  assert.match(notArray.err, /object\.json: expected a JSON array of tests/);
  const badResponses = captureIo(dir);
  assert.equal(await main(['score', 'list.json', '--responses', 'list.json'], badResponses), 2);
  assert.match(badResponses.err, /list\.json: expected a JSON object mapping each test id/);
  assert.equal(await main(['score', 'list.json'], captureIo(dir)), 2);
});
