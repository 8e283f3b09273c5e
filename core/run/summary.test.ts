import { test } from 'node:test';
import assert from 'node:assert/strict';
import { corpusRunInfo } from './corpus';
import { entryRecord, testRecord } from './records';
import { entryRequest, testRequest } from './request';
import { buildResultsReport } from './resultsFile';
import { latestResults, resultKey, summariseEntryRecords, summariseTestRecords } from './summary';
import type { ChatOutcome, TestRunRecord } from './types';

const usage = { prompt_tokens: 1, completion_tokens: 1, reasoning_tokens: 0, cached_tokens: 0 };
const ok = (text: string): ChatOutcome => ({ ok: true, text, usage, latencyMs: 100, cached: false, attempts: 1 });
const failed: ChatOutcome = { ok: false, kind: 'network', error: 'connection reset by 127.0.0.1:8000', latencyMs: 5, attempts: 1 };
const kw = (id: string) => ({ id, prompt: 'p', eval_method: 'keywords', expected_keywords: ['a', 'b', 'c', 'd'] });

function rec(
  category: string,
  id: string,
  text: string | null,
  opts: { repeat?: number; at?: string; hash?: string; runId?: string; model?: string; index?: number } = {},
): TestRunRecord {
  const t = kw(id);
  return testRecord({
    test: t,
    category,
    sourceFile: `tests/${category}.json`,
    testHash: opts.hash ?? 'h1',
    repeat: opts.repeat ?? 0,
    model: opts.model ?? 'm',
    origin: 'http://127.0.0.1:8000',
    request: testRequest(t, opts.model ?? 'm'),
    outcome: text === null ? failed : ok(text),
    finishedAt: opts.at ?? '2026-11-23T10:00:00.000Z',
    index: opts.index ?? 0,
    ...(opts.runId ? { runId: opts.runId } : {}),
  });
}

test('category scores, passes, errors and the ÈwéScore match the results file', () => {
  const records = [
    rec('translation', 'a', 'a b c', { index: 0 }),
    rec('translation', 'b', 'a', { index: 1 }),
    rec('translation', 'c', null, { index: 2 }),
    rec('agentic', 'x', 'a b c d'),
  ];
  const s = summariseTestRecords(records);
  assert.deepEqual(Object.keys(s.categories), ['translation', 'agentic']);
  assert.deepEqual(s.categories.translation, { score: 50, total: 2, passed: 1, errored: 1, unscored: 0 });
  assert.deepEqual(s.categories.agentic, { score: 100, total: 1, passed: 1, errored: 0, unscored: 0 });
  const report = buildResultsReport(records, { runId: 'r', model: 'm', endpoint: 'e', timestamp: 't', status: 'complete', origin: 'o' });
  assert.equal(s.eweScore, report.ewe_score);
  assert.equal(s.categories.translation.score, report.categories.translation.score);
  assert.equal(s.errored, 1);
});

test('nothing scored: no ÈwéScore rather than a 0', () => {
  const s = summariseTestRecords([rec('translation', 'a', null)]);
  assert.equal(s.eweScore, null);
  assert.equal(s.categories.translation.score, null);
  assert.equal(summariseTestRecords([]).eweScore, null);
});

test('latest result per file and id; the repeats of its run summarised as mean ± standard error', () => {
  const records = [
    rec('translation', 'a', 'a', { at: '2026-11-23T09:00:00Z' }),
    rec('translation', 'a', 'a b', { at: '2026-11-23T10:00:03Z', repeat: 0, runId: 'r2' }),
    rec('translation', 'a', 'a b c d', { at: '2026-11-23T10:00:01Z', repeat: 1, runId: 'r2' }),
    rec('translation', 'a', 'a b c', { at: '2026-11-23T10:00:02Z', repeat: 2, runId: 'r2' }),
    rec('translation', 'b', 'a', { at: '2026-11-23T08:00:00Z' }),
  ];
  const latest = latestResults(records);
  const a = latest.get(resultKey('tests/translation.json', 'a'));
  assert.ok(a);
  assert.equal(a.latest.repeat, 0);
  assert.deepEqual(
    a.runs.map((r) => r.repeat),
    [0, 1, 2],
  );
  assert.equal(a.summary?.runs, 3);
  assert.equal(a.summary?.mean, 0.75);
  // scores 0.5, 1, 0.75: sd 0.25, SE 0.25/√3
  assert.ok(Math.abs((a.summary?.standardError ?? 0) - 0.25 / Math.sqrt(3)) < 1e-12);
  const b = latest.get(resultKey('tests/translation.json', 'b'));
  assert.deepEqual(b?.runs.length, 1);
  assert.equal(b?.summary?.standardError, null);
});

test('without run ids, a later single run stands alone; repeats group by model and test version', () => {
  const records = [
    rec('translation', 'a', 'a', { at: '2026-11-23T09:00:00Z', repeat: 0 }),
    rec('translation', 'a', 'a b', { at: '2026-11-23T09:00:01Z', repeat: 1 }),
    rec('translation', 'a', 'a b c d', { at: '2026-11-23T11:00:00Z', repeat: 0 }),
  ];
  const a = latestResults(records).get(resultKey('tests/translation.json', 'a'));
  assert.deepEqual(a?.runs.length, 1);
  assert.equal(a?.summary?.mean, 1);
  const older = latestResults(records.slice(0, 2)).get(resultKey('tests/translation.json', 'a'));
  assert.deepEqual(
    older?.runs.map((r) => r.repeat),
    [0, 1],
  );
  assert.equal(latestResults(records, 'other').size, 0);
});

test('a failed latest run has no summary; an entry’s runs summarise its sentence chrF++', () => {
  const a = latestResults([rec('translation', 'a', null)]).get(resultKey('tests/translation.json', 'a'));
  assert.equal(a?.summary, null);
  const corpus = corpusRunInfo([{ id: 7, source: 's', reference: 'Ŋdi na wò.' }]);
  const e = corpus.entries[0];
  const entry = entryRecord({
    entry: e,
    sourceFile: 'c.json',
    entryHash: 'x',
    repeat: 0,
    model: 'm',
    origin: 'o',
    request: entryRequest(e, corpus, 'm'),
    outcome: ok('Ŋdi na wò.'),
    finishedAt: 't',
  });
  const got = latestResults([entry]).get(resultKey('c.json', 7));
  assert.equal(got?.summary?.mean, 100);
});

test('corpus figures as the run card states them; costs only when reported', () => {
  const corpus = corpusRunInfo([
    { id: 1, source: 'a', reference: 'Ŋdi na wò.' },
    { id: 2, source: 'b', reference: 'Tsi le dzadzam.' },
    { id: 3, source: 'c', reference: 'x' },
  ]);
  const outcomes: ChatOutcome[] = [
    { ...ok('Ŋdi na wò.'), usage: { ...usage, cost_usd: 0.001 } } as ChatOutcome,
    { ...ok('Tsi le dza.'), usage: { ...usage, cost_usd: 0.002 }, cached: true } as ChatOutcome,
    failed,
  ];
  const records = corpus.entries.map((e, k) =>
    entryRecord({
      entry: e,
      sourceFile: 'c.json',
      entryHash: 'x',
      repeat: 0,
      model: 'm',
      origin: 'o',
      request: entryRequest(e, corpus, 'm'),
      outcome: outcomes[k],
      finishedAt: 't',
    }),
  );
  const s = summariseEntryRecords(records);
  assert.equal(s.total, 3);
  assert.equal(s.evaluated, 2);
  assert.equal(s.errors, 1);
  assert.equal(s.exactMatches, 1);
  assert.equal(s.exactMatchRate, 0.5);
  assert.ok(s.chrfPlusPlus !== null && s.chrfPlusPlus > 50 && s.chrfPlusPlus < 100);
  assert.equal(s.compositeProfile, 'B');
  assert.equal(s.totalCostUsd, 0.001);
  assert.equal(s.cachedCostUsd, 0.002);
  assert.equal(s.costPerEntryUsd, 0.000333);
  assert.deepEqual(Object.keys(s.tierLabel), ['en', 'fr']);
  const free = summariseEntryRecords(records.map((r) => ({ ...r, usage: { ...usage } })));
  assert.equal(free.totalCostUsd, null);
  assert.equal(free.costPerEntryUsd, null);
  const none = summariseEntryRecords([]);
  assert.equal(none.chrfPlusPlus, null);
  assert.equal(none.tier, 'unscored');
});
