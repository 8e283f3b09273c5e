import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { main } from '../main';
import { captureIo } from '../../test/helpers/captureIo';

const fixtures = ['test-fixtures/ewebench/valid/cultural_knowledge.json', 'test-fixtures/ewebench/valid/multi_turn.json', 'test-fixtures/ewebench/valid/reasoning.json'];
const responses = 'test-fixtures/scoring/model.responses.json';

test('json output has every test with its category, score, pass and breakdown, the categories and the ÈwéScore', async () => {
  const io = captureIo();
  assert.equal(await main(['score', ...fixtures, '--responses', responses, '--format', 'json'], io), 0);
  const out = JSON.parse(io.out);
  assert.equal(out.tests.length, 7);
  const festival = out.tests.find((t: { id: string }) => t.id === 'ck_festival_01');
  assert.deepEqual(festival, { id: 'ck_festival_01', category: 'cultural_knowledge', score: 1, passed: true, breakdown: { method: 'keywords', found: ['Hogbetsotso', 'Aŋlɔ'], missing: [] } });
  assert.deepEqual(out.categories, { cultural_knowledge: 98.9, multi_turn: 100, reasoning: 90 });
  // (90 * 0.12 + 98.9 * 0.1 + 100 * 0.08) / 0.3, in the harness's category order, rounded to 1 decimal
  assert.equal(out.ewe_score, 95.6);
});

test('tests without a response are left out with a warning; crashes are reported, not scored', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ewb-score-'));
  fs.writeFileSync(path.join(dir, 'reasoning.json'), JSON.stringify([
    { id: 'r1', prompt: 'p', eval_method: 'exact_match', expected: '4' },
    { id: 'r2', prompt: 'p', eval_method: 'exact_match' },
    { id: 'r3', prompt: 'p', eval_method: 'ewe_quality' },
  ]));
  fs.writeFileSync(path.join(dir, 'answers.json'), JSON.stringify({ r1: ' 4', r2: '4' }));
  const io = captureIo(dir);
  await main(['score', 'reasoning.json', '--responses', 'answers.json', '--format', 'json'], io);
  const out = JSON.parse(io.out);
  assert.deepEqual(out.tests.map((t: { id: string; score: number | null }) => [t.id, t.score]), [['r1', 1], ['r2', null]]);
  assert.match(io.err, /no response for test r3/);
  assert.match(io.err, /r2: the harness would crash/);
  assert.deepEqual(out.categories, { reasoning: 100 });
});

test('strict mode is labelled as not harness-comparable', async () => {
  const io = captureIo();
  await main(['score', ...fixtures, '--responses', responses, '--strict'], io);
  assert.match(io.out, /strict mode: not comparable with the harness/);
});

test('bad input exits 2 naming the file and line', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ewb-score-'));
  fs.writeFileSync(path.join(dir, 'agentic.json'), '[\n  {"id": "a" "prompt": "x"}\n]');
  fs.writeFileSync(path.join(dir, 'answers.json'), '{}');
  const io = captureIo(dir);
  assert.equal(await main(['score', 'agentic.json', '--responses', 'answers.json'], io), 2);
  assert.match(io.err, /agentic\.json:2:\d+: invalid JSON/);
  assert.equal(await main(['score', 'agentic.json'], captureIo(dir)), 2);
});
