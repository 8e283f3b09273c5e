import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { propertyRuns } from '../../test/helpers/property';
import { isRunCardValue, readRuns, runCardRangeRefusal } from './read';
import type { Run } from './types';

const dir = 'test-fixtures/runs/';
const load = (name: string): unknown => JSON.parse(readFileSync(dir + name, 'utf8'));

function onlyRun(name: string): Run {
  const read = readRuns(load(name), name);
  assert.ok(read.ok, `${name} is a run`);
  assert.equal(read.runs.length, 1);
  return read.runs[0];
}

test('our ÈwéBench results file: every test with its full response, figures as stated', () => {
  const run = onlyRun('ewebench_deepseek-chat_20261120_091500.json');
  assert.equal(run.kind, 'ewebench');
  assert.equal(run.model, 'deepseek-chat');
  assert.equal(run.provenance.format, 'ewebench-results');
  assert.equal(run.provenance.producer, 'ewebench-studio');
  assert.equal(run.provenance.runId, '20261120_091500');
  assert.equal(run.provenance.status, 'complete');
  assert.equal(run.itemsComplete, true);
  assert.equal(run.items.length, 12);
  const ctx = run.items.find((i) => i.id === 'mt_context_02');
  assert.deepEqual(
    {
      key: ctx?.key,
      group: ctx?.group,
      method: ctx?.method,
      score: ctx?.score,
      passed: ctx?.passed,
      response: ctx?.response,
      complete: ctx?.responseComplete,
      latency: ctx?.latencySeconds,
    },
    {
      key: 'translation/mt_context_02',
      group: 'translation',
      method: 'exact_match',
      score: 1,
      passed: true,
      response: 'Meɖe kuku, na tsi ɖe.',
      complete: true,
      latency: 0.64,
    },
  );
  assert.deepEqual(run.figures.categories, { reasoning: 75, translation: 81.2, cultural_knowledge: 65.4 });
  assert.equal(run.figures.eweScore, 74.4, 'checked by hand in Python: (75·.12 + 81.2·.12 + 65.4·.10) / .34');
  assert.equal(run.figures.total, 12);
  assert.equal(run.figures.passed, 8);
  assert.equal(run.config.temperature, 0.3);
  assert.equal(run.config.endpoint, 'https://api.deepseek.com/chat/completions');
});

test("the ÈwéBench harness's results file: previews only, marked incomplete", () => {
  const run = onlyRun('ewebench_llama3.1_20261122_080000.json');
  assert.equal(run.provenance.producer, 'ewebench-harness');
  assert.equal(run.itemsComplete, false);
  assert.equal(run.items.length, 12);
  assert.ok(run.items.every((i) => !i.responseComplete && i.latencySeconds === null));
  const logic = run.items.find((i) => i.id === 'rs_logic_01');
  assert.equal(logic?.score, 1);
  assert.equal(logic?.passed, true, 'passed is derived from the rounded score, as the harness counts it');
  assert.equal(run.config.temperature, null, 'the harness records no request');
});

test("the ÈwéBench harness's leaderboard.json: one run per row, no items", () => {
  const read = readRuns(load('leaderboard.json'), 'leaderboard.json');
  assert.ok(read.ok);
  assert.equal(read.format, 'ewebench-leaderboard');
  assert.deepEqual(
    read.runs.map((r) => [r.model, r.figures.eweScore, r.figures.total, r.figures.passed, r.provenance.timestamp, r.provenance.index, r.items.length]),
    [
      ['deepseek-chat', 74.4, 12, 8, '2026-11-20', 0, 0],
      ['gemini-2.0-flash', 62, 12, 5, '2026-11-21', 1, 0],
      ['llama3.1', 42.1, 12, 4, '2026-11-22', 2, 0],
    ],
  );
  assert.equal(read.runs[0].provenance.fileName, 'ewebench_deepseek-chat_20261120_091500.json', 'a row names its results file');
  const empty = readRuns({ benchmark: 'ÈwéBench', version: '1.0.0', categories: ['reasoning'], entries: [] }, 'leaderboard.json');
  assert.deepEqual(empty, { ok: true, format: 'ewebench-leaderboard', runs: [] }, 'the published leaderboard has no rows yet');
});

test("mt_eval_harness's report: entries with chrF++, exact match, tiers, errors; composite of what it measured", () => {
  const run = onlyRun('run_20261123_141500_metallama_llama318binstruct_naive_all_b25_d4e5f6_report.json');
  assert.equal(run.kind, 'rosetta');
  assert.equal(run.provenance.format, 'rosetta-report');
  assert.equal(run.provenance.producer, 'mt-eval-harness');
  assert.equal(run.provenance.timestamp, '2026-11-23T14:15:00Z');
  assert.equal(run.provenance.datasetId, 'eng-ewe-dev-v1');
  assert.equal(run.provenance.languagePair, 'English → Ewe');
  assert.equal(run.model, 'meta-llama/llama-3.1-8b-instruct');
  assert.equal(run.config.promptVersion, 'naive');
  assert.equal(run.config.batchSize, 25);
  assert.equal(run.items.length, 24);
  const failed = run.items[7];
  assert.deepEqual([failed.id, failed.numericId, failed.error, failed.score, failed.passed], ['8', true, 'timeout after 60 s', null, null]);
  const first = run.items[0];
  assert.deepEqual([first.tier, first.group, first.reference, first.source], ['1', 'greeting', 'Ŋdi na wò.', 'Good morning.']);
  assert.equal(first.score, (first.chrf as number) / 100);
  assert.equal(run.figures.errors, 1);
  assert.equal(run.figures.total, 23);
  assert.ok(run.figures.composite !== null && run.figures.composite > 0 && run.figures.composite < 1);
});

test('our run card and the harness’s: the same entries; the harness’s card is told apart by its producer', () => {
  const ours = onlyRun('run-card.gpt-4o-mini.json');
  const theirs = onlyRun('run-card.harness.json');
  assert.equal(ours.provenance.format, 'rosetta-run-card');
  assert.equal(ours.provenance.producer, 'ewebench-studio');
  assert.equal(theirs.provenance.producer, 'mt-eval-harness');
  assert.equal(theirs.provenance.harnessVersion, '3.0.0');
  assert.match(theirs.provenance.runCardHash ?? '', /^[0-9a-f]{64}$/);
  assert.match(theirs.provenance.fingerprint ?? '', /^[0-9a-f]{64}$/);
  assert.deepEqual(
    theirs.items.map((i) => [i.key, i.chrf, i.exactMatch]),
    ours.items.map((i) => [i.key, i.chrf, i.exactMatch]),
  );
  assert.equal(ours.figures.corpusChrf, theirs.figures.corpusChrf);
  assert.equal(ours.config.condition, 'baseline');
  assert.equal(ours.config.temperature, 0);
  assert.ok(ours.figures.medianLatencySeconds !== null);
  assert.ok('corpus_chrf' in ours.figures.intervals);
});

test('what is not a run says why', () => {
  const tests = readRuns([{ id: 'rs_logic_01', prompt: 'x', eval_method: 'exact_match', expected: 'a' }], 'tests/reasoning.json');
  assert.deepEqual(tests, { ok: false, reason: 'tests-or-corpus', detail: 'an ÈwéBench tests file, not a run' });
  const corpus = readRuns({ dataset: { id: 'x' }, entries: [{ id: 1, source: 'a', reference: 'b' }] }, 'c.json');
  assert.equal(corpus.ok ? 'run' : corpus.reason, 'tests-or-corpus');
  assert.equal(readRuns('text', 'x.json').ok ? 'run' : 'not', 'not');
  const other = readRuns({ name: 'package' }, 'package.json');
  assert.equal(other.ok ? 'run' : other.reason, 'unknown-shape');
  const broken = readRuns({ run_card_hash: 'x' }, 'card.json');
  assert.equal(broken.ok ? 'run' : broken.reason, 'malformed');
});

test('a run card’s range refusal without the run is readRuns’ own, on arbitrary cards and near-cards', () => {
  const figure = fc.oneof(fc.double(), fc.integer({ min: -5, max: 150 }), fc.constantFrom(null, '12', 1e308, -0, 100, 0));
  const result = fc.oneof(
    fc.record(
      {
        entry_id: fc.oneof(fc.integer({ min: -3, max: 2 ** 53 + 2 }), fc.string({ maxLength: 3 }), fc.constantFrom(null, true, [1])),
        entry_chrf: figure,
        error: fc.oneof(fc.constantFrom(null, '', 'timeout'), fc.integer()),
        exact_match: fc.boolean(),
      },
      { requiredKeys: [] },
    ),
    fc.constantFrom(null, 3, 'x', [] as unknown[]),
  );
  const value = fc.record(
    {
      run_card_hash: fc.constantFrom('', 'ab'),
      fingerprint: fc.constant({ hash: 'x' }),
      scores: fc.oneof(fc.record({ chrf_plus_plus: figure, exact_match_rate: figure, composite: figure }, { requiredKeys: [] }), fc.constantFrom(null, 1)),
      results: fc.oneof(fc.array(result, { maxLength: 6 }), fc.constantFrom(null, {})),
      benchmark: fc.constantFrom('ÈwéBench', 'other'),
      categories: fc.constantFrom({}, [], null),
      overall: fc.constantFrom({}, null),
      entries: fc.constantFrom([], null),
      config: fc.constantFrom({}, null),
    },
    { requiredKeys: [] },
  );
  let cards = 0;
  let refused = 0;
  fc.assert(
    fc.property(value, (v) => {
      const read = readRuns(v, 'card.json');
      // The branch: a value read as a run card is one isRunCardValue names, and no other.
      assert.equal(isRunCardValue(v) || !(read.ok && read.format === 'rosetta-run-card'), true);
      if (!isRunCardValue(v)) return;
      if (read.ok) assert.equal(read.format, 'rosetta-run-card');
      cards++;
      const plain = !read.ok && read.reason === 'out-of-range' ? read.detail : null;
      if (plain !== null) refused++;
      assert.equal(runCardRangeRefusal(v), plain);
    }),
    propertyRuns(3000),
  );
  assert.ok(cards > 500 && refused > 100, `${cards} cards, ${refused} refused`);
});
