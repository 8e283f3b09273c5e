import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { readRuns } from '../runs/read';
import type { Run, RunItem } from '../runs/types';
import { analyseItems, rowsByInformation, separationOf } from './items';
import { separationFindings, MAX_SEPARATION_FINDINGS } from './separation';
import { classify } from '../document/classify';

const runsOf = (...names: string[]): Run[] =>
  names.flatMap((name) => {
    const read = readRuns(JSON.parse(readFileSync('test-fixtures/runs/' + name, 'utf8')), name);
    assert.ok(read.ok);
    return read.runs;
  });
const ewe = () =>
  runsOf('ewebench_deepseek-chat_20261120_091500.json', 'ewebench_gemini-2.0-flash_20261121_101000.json', 'ewebench_llama3.1_20261122_080000.json');

test('each test against three models: score per model, spread, and the two tests that separate nothing', () => {
  const a = analyseItems(ewe());
  assert.deepEqual(
    a.columns.map((c) => c.label),
    ['deepseek-chat', 'gemini-2.0-flash', 'llama3.1'],
  );
  assert.equal(a.rows.length, 12);
  assert.deepEqual(a.counts, { separates: 10, 'all-pass': 1, 'all-fail': 1, 'too-few': 0 });
  const byId = new Map(a.rows.map((r) => [r.id, r]));
  assert.equal(byId.get('rs_logic_01')?.separation, 'all-pass');
  assert.equal(byId.get('ck_proverb_03')?.separation, 'all-fail');
  const market = byId.get('mt_market_03');
  assert.deepEqual(
    market?.cells.map((c) => c?.score),
    [0.75, 0.5, 0.25],
  );
  assert.equal(market?.spread, 0.5);
  assert.equal(market?.mean, 0.5);
  assert.equal(market?.group, 'translation');
  assert.equal(market?.method, 'keywords', 'the method comes from the first run that states it');
  assert.deepEqual(
    rowsByInformation(a.rows)
      .slice(0, 3)
      .map((r) => r.id),
    ['rs_logic_01', 'ck_proverb_03', 'mt_family_04'],
    'the items that separate nothing first, then the smallest spread',
  );
});

const item = (key: string, score: number | null, passed: boolean | null, repeat = 0, error: string | null = null): RunItem => ({
  key,
  id: key,
  numericId: false,
  group: 'g',
  method: null,
  tier: null,
  segment: null,
  repeat,
  score,
  passed,
  response: null,
  responseComplete: false,
  reference: null,
  source: null,
  chrf: null,
  exactMatch: null,
  error,
  latencySeconds: null,
  costUsd: null,
});
const runWith = (model: string, items: RunItem[]): Run => {
  const [base] = ewe();
  return { ...base, model, items, provenance: { ...base.provenance, runId: `${model}-run` } };
};

test('repeats are one cell: mean score and pass rate; a failed call is counted, never a 0', () => {
  const a = analyseItems([
    runWith('m1', [item('t', 1, true, 0), item('t', 0.5, false, 1), item('u', null, null, 0, 'timeout')]),
    runWith('m2', [item('t', 1, true), item('u', 1, true)]),
  ]);
  const [t, u] = a.rows;
  assert.deepEqual(t.cells[0], { score: 0.75, passRate: 0.5, scored: 2, errors: 0, response: null });
  assert.equal(t.separation, 'separates', 'a model that passes half its repeats is not "every model passes"');
  assert.deepEqual([u.cells[0]?.score, u.cells[0]?.errors, u.separation, u.spread], [null, 1, 'too-few', null]);
});

test('the same model twice is two columns, told apart by run id', () => {
  const a = analyseItems([
    runWith('m', [item('t', 1, true)]),
    { ...runWith('m', [item('t', 1, true)]), provenance: { ...runWith('m', []).provenance, runId: 'later' } },
  ]);
  assert.deepEqual(
    a.columns.map((c) => c.label),
    ['m (m-run)', 'm (later)'],
  );
  assert.equal(a.rows[0].separation, 'all-pass');
});

test('separationOf needs two verdicts', () => {
  assert.equal(separationOf([null, { score: 1, passRate: 1, scored: 1, errors: 0, response: null }]), 'too-few');
  assert.equal(separationOf([]), 'too-few');
});

test('no-separation findings on the tests file, anchored on each id, in English and French', () => {
  const tests = [
    { id: 'rs_logic_01', prompt: 'x', eval_method: 'multiple_choice', expected: 'B' },
    { id: 'rs_count_02', prompt: 'y', eval_method: 'multiple_choice', expected: 'C' },
  ];
  const a = analyseItems(ewe());
  const en = separationFindings(tests, classify(tests), 'reasoning', a, 'en');
  assert.deepEqual(
    en.map((f) => [f.code, f.at]),
    [['no-separation', { path: [0, 'id'] }]],
  );
  assert.equal(en[0].message, 'Does not separate models: all 3 runs pass it (deepseek-chat, gemini-2.0-flash, llama3.1), so it adds the same to every score.');
  assert.match(
    separationFindings(tests, classify(tests), 'reasoning', a, 'fr')[0].message,
    /^Ne départage pas les modèles\u00a0: les 3 exécutions le réussissent tous/,
  );
  assert.deepEqual(separationFindings(tests, classify(tests), 'translation', a, 'en'), [], 'another category: other tests');
  const one = analyseItems(ewe().slice(0, 1));
  assert.deepEqual(separationFindings(tests, classify(tests), 'reasoning', one, 'en'), [], 'one run separates nothing and says nothing');
});

test('no-separation on corpus entries, and a bound per file', () => {
  const n = MAX_SEPARATION_FINDINGS + 5;
  const entries = Array.from({ length: n }, (_, i) => ({ id: i + 1, source: 's', reference: 'r' }));
  const items = entries.map((e) => item(String(e.id), 1, true));
  const runs = [runWith('m1', items), runWith('m2', items)].map((r) => ({ ...r, kind: 'rosetta' as const }));
  const corpus = { dataset: { id: 'd' }, entries };
  const found = separationFindings(corpus, classify(corpus), '', analyseItems(runs), 'en');
  assert.equal(found.length, MAX_SEPARATION_FINDINGS + 1);
  assert.deepEqual(found[0].at, { path: ['entries', 0, 'id'] });
  assert.match(found.at(-1)?.message ?? '', /^5 more items that do not separate models/);
});

test('one model run twice agrees with itself: no no-separation finding compares it with itself', () => {
  const entries = [{ id: 1, source: 's', reference: 'r' }];
  const items = entries.map((e) => item(String(e.id), 1, true));
  const corpus = { dataset: { id: 'd' }, entries };
  const same = [runWith('m1', items), runWith('m1', items)].map((r, i) => ({
    ...r,
    kind: 'rosetta' as const,
    provenance: { ...r.provenance, runId: `r${i}` },
  }));
  assert.deepEqual(separationFindings(corpus, classify(corpus), '', analyseItems(same), 'en'), []);
  const three = [...same, { ...runWith('m2', items), kind: 'rosetta' as const }];
  const found = separationFindings(corpus, classify(corpus), '', analyseItems(three), 'en');
  assert.equal(found.length, 1);
  assert.match(found[0].message, /all 3 runs pass it \(m1, m2\)/);
});
