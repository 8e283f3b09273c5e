import { test } from 'node:test';
import assert from 'node:assert/strict';
import { JsonDocument } from '../../core/document/jsonDocument';
import { runnableItems } from '../../core/run/items';
import { corpusRunInfo } from '../../core/run/corpus';
import { entryRecord, testRecord } from '../../core/run/records';
import { entryRequest, testRequest } from '../../core/run/request';
import type { ChatOutcome, RunnableItem } from '../../core/run/types';
import { buildLenses, type ItemOutcome } from './lensModel';
import { englishL10n } from './l10n';
import { outcomeOf, testsFileSummary } from './resultsIndex';

const TESTS = JSON.stringify(
  [
    { id: 'tr_1', prompt: 'Ŋlɔ nya siawo.', eval_method: 'keywords', expected_keywords: ['a', 'b', 'c', 'd', 'e', 'f'] },
    { id: 'tr_2', prompt: 'Tia nyaŋuɖoɖo.', eval_method: 'exact_match', expected: 'Ɛ̃' },
  ],
  null,
  2,
);

const ok = (text: string, latencyMs = 1234): ChatOutcome => ({
  ok: true,
  text,
  usage: { prompt_tokens: 10, completion_tokens: 5, reasoning_tokens: 0, cached_tokens: 0 },
  latencyMs,
  cached: false,
  attempts: 1,
});

function setup(text = TESTS) {
  const doc = new JsonDocument(text);
  const items = runnableItems(doc, 'translation');
  const tests = doc.value as unknown[];
  const record = (item: RunnableItem, outcome: ChatOutcome, repeat = 0, hash = item.hash) =>
    testRecord({
      test: tests[item.index],
      category: 'translation',
      sourceFile: 'tests/translation.json',
      testHash: hash,
      repeat,
      model: 'deepseek-chat',
      origin: 'https://api.deepseek.com',
      request: testRequest(tests[item.index], 'deepseek-chat'),
      outcome,
      finishedAt: '2026-11-23T10:00:00.000Z',
      index: item.index,
    });
  return { items, record };
}

const titles = (lenses: { title: string }[]) => lenses.map((l) => l.title);

test('a tests file without results offers Run all, and Run and Run ×5 above each test', () => {
  const { items } = setup();
  const lenses = buildLenses({ uri: 'file:///w/tests/translation.json', items, outcomes: new Map() }, englishL10n);
  assert.deepEqual(titles(lenses), ['$(run-all) Run all (2)', '▶ Run', 'Run ×5', '▶ Run', 'Run ×5']);
  assert.equal(lenses[1].offset, items[0].start);
  assert.deepEqual(lenses[1].args, [{ uri: 'file:///w/tests/translation.json', id: 'tr_1', index: 0 }]);
  assert.equal(lenses[2].command, 'ewebench.runTestRepeated');
});

test('a result shows pass or fail, the harness-rounded score, latency and model, and opens the details', () => {
  const { items, record } = setup();
  const outcomes = new Map<string, ItemOutcome>([
    ['tr_1', outcomeOf([record(items[0], ok('a b c d e'))])],
    ['tr_2', outcomeOf([record(items[1], ok('Nyemenya o', 850))])],
  ]);
  const lenses = buildLenses(
    {
      uri: 'u',
      items,
      outcomes,
      summary: testsFileSummary(
        'translation',
        items,
        [...outcomes.values()].map((o) => o.record),
      ),
    },
    englishL10n,
  );
  const results = lenses.filter((l) => l.command === 'ewebench.showResult');
  assert.deepEqual(titles(results), ['✓ 0.833 · 1.2 s · deepseek-chat', '✗ 0.0 · 850 ms · deepseek-chat']);
  const summary = lenses.find((l) => l.command === 'ewebench.showEweScore');
  assert.equal(summary?.title, 'translation: 41.7/100 · 1/2 passed');
});

test('a failed call shows its cause, never a score, and the file summary counts it as errored', () => {
  const { items, record } = setup();
  const failed: ChatOutcome = { ok: false, kind: 'http', error: '401 from api.deepseek.com', status: 401, latencyMs: 80, attempts: 1 };
  const outcomes = new Map<string, ItemOutcome>([['tr_1', outcomeOf([record(items[0], failed)])]]);
  const lenses = buildLenses(
    {
      uri: 'u',
      items,
      outcomes,
      summary: testsFileSummary(
        'translation',
        items,
        [...outcomes.values()].map((o) => o.record),
      ),
    },
    englishL10n,
  );
  assert.ok(titles(lenses).includes('⚠ error: 401 from api.deepseek.com'));
  assert.ok(titles(lenses).includes('translation: —/100 · 0/1 passed · 1 errored · 1 of 2 run'));
});

test('a result for another version of the test is marked stale', () => {
  const { items, record } = setup();
  const outcomes = new Map<string, ItemOutcome>([['tr_1', outcomeOf([record(items[0], ok('a b c d e f'), 0, 'another-hash')])]]);
  const result = buildLenses({ uri: 'u', items, outcomes }, englishL10n).find((l) => l.command === 'ewebench.showResult');
  assert.equal(result?.title, '✓ 1.0 · 1.2 s · deepseek-chat (stale)');
});

test('Run ×5 shows the mean and its standard error over the runs', () => {
  const { items, record } = setup();
  const responses = ['a b c d e f', 'a b c', 'a b c d e f', 'a b c', 'a b c d e f'];
  const outcome = outcomeOf(responses.map((r, i) => record(items[0], ok(r), i)));
  const result = buildLenses({ uri: 'u', items, outcomes: new Map([['tr_1', outcome]]) }, englishL10n).find((l) => l.command === 'ewebench.showResult');
  // scores 1, 0.5, 1, 0.5, 1: mean 0.8, sample sd √0.075, SE √0.075/√5 = 0.1224…
  assert.equal(result?.title, '✓ 0.8 ± 0.122 (×5) · deepseek-chat');
});

test('items in flight show as running and the top lens offers Cancel', () => {
  const { items } = setup();
  const lenses = buildLenses({ uri: 'u', items, outcomes: new Map(), running: new Set(['tr_2']), fileRunning: true }, englishL10n);
  assert.deepEqual(titles(lenses), ['$(debug-stop) Cancel run', '▶ Run', 'Run ×5', '$(sync~spin) Running…']);
});

test('a corpus entry offers Translate, then shows sentence chrF++ and exact match', () => {
  const text = JSON.stringify({ dataset: { id: 'd', language_pair: 'fr>ee' }, entries: [{ id: 1, source: 'Bonjour', reference: 'Ŋdi nyuie' }] });
  const doc = new JsonDocument(text);
  const items = runnableItems(doc, 'corpus');
  const info = corpusRunInfo(doc.value, 'corpus');
  const entry = info.entries[0];
  const before = buildLenses({ uri: 'u', items, outcomes: new Map() }, englishL10n);
  assert.deepEqual(titles(before), ['$(run-all) Translate all (1)', '▶ Translate']);
  const rec = entryRecord({
    entry,
    sourceFile: 'corpus.json',
    entryHash: items[0].hash,
    repeat: 0,
    model: 'm',
    origin: 'http://127.0.0.1:1',
    request: entryRequest(entry, info, 'm'),
    outcome: ok('Ŋdi nyuie', 900),
    finishedAt: '2026-11-23T10:00:00Z',
  });
  const after = buildLenses({ uri: 'u', items, outcomes: new Map([['1', outcomeOf([rec])]]) }, englishL10n);
  assert.equal(after[after.length - 1].title, 'chrF++ 100.0 · exact ✓ · 900 ms · m');
});

test('a tests file outside the ten categories: its mean score, no ÈwéScore, and a tooltip saying why and how to give it a category', () => {
  const { items, record } = setup();
  const outcomes = new Map<string, ItemOutcome>([['tr_1', outcomeOf([record(items[0], ok('a b c d e'))])]]);
  const runs = [...outcomes.values()].map((o) => ({ ...o.record, category: 'tests' }));
  const summary = buildLenses({ uri: 'u', items, outcomes, summary: testsFileSummary('tests', items, runs) }, englishL10n).find(
    (l) => l.command === 'ewebench.showEweScore',
  );
  assert.equal(summary?.title, 'tests: mean 83.3/100 · no ÈwéScore · 1/1 passed · 1 of 2 run');
  assert.match(summary?.tooltip ?? '', /not named after one of the ten ÈwéBench categories.*tests\/<category>\.json/);
  const inCategory = buildLenses(
    {
      uri: 'u',
      items,
      outcomes,
      summary: testsFileSummary(
        'translation',
        items,
        [...outcomes.values()].map((o) => o.record),
      ),
    },
    englishL10n,
  ).find((l) => l.command === 'ewebench.showEweScore');
  assert.equal(inCategory?.tooltip, undefined);
});
