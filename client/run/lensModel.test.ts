import { test } from 'node:test';
import assert from 'node:assert/strict';
import { JsonDocument } from '../../core/document/jsonDocument';
import { runnableItems } from '../../core/run/items';
import { corpusRunInfo } from '../../core/run/corpus';
import { entryRecord, testRecord } from '../../core/run/records';
import { entryRequest, testRequest } from '../../core/run/request';
import type { ChatOutcome, RunnableItem } from '../../core/run/types';
import { buildLenses, MAX_LENS_MODELS, type ItemOutcome } from './lensModel';
import { englishL10n } from './l10n';
import { outcomeOf, ResultsIndex, testsFileSummary } from './resultsIndex';

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

test('with two configured models, the file and each test offer a run on all models', () => {
  const { items } = setup();
  const lenses = buildLenses({ uri: 'u', items, outcomes: new Map(), modelCount: 2 }, englishL10n);
  assert.deepEqual(titles(lenses), ['$(run-all) Run all (2)', '$(run-all) All 2 models', '▶ Run', 'Run ×5', '▶ All models', '▶ Run', 'Run ×5', '▶ All models']);
  const all = lenses.filter((l) => l.command === 'ewebench.runOnAllModels');
  assert.deepEqual(all[0].args, [{ uri: 'u' }]);
  assert.deepEqual(all[1].args, [{ uri: 'u', id: 'tr_1', index: 0 }]);
  // One model: nothing to compare, no such lens.
  assert.ok(!buildLenses({ uri: 'u', items, outcomes: new Map(), modelCount: 1 }, englishL10n).some((l) => l.command === 'ewebench.runOnAllModels'));
});

test('results from several models show one compact result per model, by model name, opening the side-by-side details', () => {
  const { items, record } = setup();
  const as = (model: string, r: ReturnType<typeof record>) => ({ ...r, model });
  const failed: ChatOutcome = { ok: false, kind: 'http', error: '500', status: 500, latencyMs: 80, attempts: 1 };
  const modelOutcomes = new Map([
    [
      'tr_1',
      [
        { model: 'llama3.1', outcome: outcomeOf([as('llama3.1', record(items[0], ok('a b c d e f')))]) },
        { model: 'deepseek-chat', outcome: outcomeOf([record(items[0], ok('a b c d e'))]) },
        { model: 'gemini', outcome: outcomeOf([as('gemini', record(items[0], ok('a')))]) },
      ],
    ],
    [
      'tr_2',
      [
        { model: 'b', outcome: outcomeOf([as('b', record(items[1], failed))]) },
        { model: 'a', outcome: outcomeOf([as('a', record(items[1], ok('Ɛ̃')))]) },
      ],
    ],
  ]);
  // The newest single result is still known (outcomes); the per-model lens replaces it.
  const outcomes = new Map<string, ItemOutcome>([['tr_1', outcomeOf([record(items[0], ok('a b c d e'))])]]);
  const lenses = buildLenses({ uri: 'u', items, outcomes, modelOutcomes, modelCount: 3 }, englishL10n);
  const results = lenses.filter((l) => l.command === 'ewebench.showResult');
  assert.deepEqual(titles(results), ['deepseek-chat ✓ 0.833 · gemini ✗ 0.167 · llama3.1 ✓ 1.0', 'a ✓ 1.0 · b ⚠']);
  assert.equal(results[0].tooltip, "Show the models' responses side by side");
  assert.deepEqual(results[0].args, [{ uri: 'u', id: 'tr_1', index: 0 }]);
});

test('a per-model lens marks stale results, counts the models past the bound, and a single model keeps the usual lens', () => {
  const { items, record } = setup();
  const models = Array.from({ length: MAX_LENS_MODELS + 2 }, (_, i) => `m${i}`);
  const perModel = models.map((model, i) => ({
    model,
    outcome: outcomeOf([{ ...record(items[0], ok('a b c d e f'), 0, i === 0 ? 'old' : items[0].hash), model }]),
  }));
  const lens = buildLenses({ uri: 'u', items, outcomes: new Map(), modelOutcomes: new Map([['tr_1', perModel]]) }, englishL10n).find(
    (l) => l.command === 'ewebench.showResult',
  );
  assert.equal(
    lens?.title,
    `${models
      .slice(0, MAX_LENS_MODELS)
      .map((m) => `${m} ✓ 1.0`)
      .join(' · ')} · 2 more (stale)`,
  );
  const one = outcomeOf([record(items[0], ok('a b c d e f'))]);
  const single = buildLenses(
    { uri: 'u', items, outcomes: new Map([['tr_1', one]]), modelOutcomes: new Map([['tr_1', [{ model: 'deepseek-chat', outcome: one }]]]) },
    englishL10n,
  ).find((l) => l.command === 'ewebench.showResult');
  assert.equal(single?.title, '✓ 1.0 · 1.2 s · deepseek-chat');
});

test('the results index keeps each model’s newest result apart', () => {
  const { items, record } = setup();
  const index = new ResultsIndex();
  const at = (model: string, response: string, finishedAt: string) => ({
    ...record(items[0], ok(response)),
    model,
    finished_at: finishedAt,
    run_id: `${model}-${finishedAt}`,
  });
  index.setSource('a', [at('a', 'a', '2026-11-23T10:00:00Z'), at('a', 'a b c d e f', '2026-11-23T11:00:00Z')]);
  index.setSource('b', [at('b', 'a b c', '2026-11-23T10:30:00Z')]);
  const perModel = index.outcomesByModel('tests/translation.json').get('tr_1') ?? [];
  assert.deepEqual(perModel.map((m) => [m.model, m.outcome.record.kind === 'ewebench-test' ? m.outcome.record.score : null]).sort(), [
    ['a', 1],
    ['b', 0.5],
  ]);
  assert.deepEqual([...index.recordsByModel('tests/translation.json', 'tr_1').keys()].sort(), ['a', 'b']);
  // The single newest result across models is still the lens's fallback.
  assert.equal(index.outcomes('tests/translation.json').get('tr_1')?.record.model, 'a');
});
