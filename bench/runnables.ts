/**
 * Runnable items (what the CodeLens and the Test Explorer list): `runnableItems` on a 2,000-test file and a
 * 20,000-entry corpus, from a fresh JsonDocument each time (parse + one scan of the items array + a hash per
 * item), printed as a ratio to JSON.parse of the same text. Run: `npm run bench:runnables`.
 */
import { JsonDocument } from '../core/document/jsonDocument';
import { runnableItems } from '../core/run/items';
import { generateCorpus, generateTests } from './generate';
import { fmt, median, ratio, timeRuns } from './stats';

const RUNS = Number(process.env.BENCH_RUNS ?? 21);

function measure(label: string, text: string, category?: string): void {
  const parse = median(timeRuns(RUNS, () => JSON.parse(text)));
  let count = 0;
  const whole = median(timeRuns(RUNS, () => (count = runnableItems(new JsonDocument(text), category).length)));
  const doc = new JsonDocument(text);
  const itemsOnly = median(timeRuns(RUNS, () => runnableItems(doc, category)));
  // What a stale check over every item costs on top (hashes are lazy; a real file hashes only items with results).
  const hashedAll = median(timeRuns(RUNS, () => runnableItems(doc, category).forEach((i) => i.hash)));
  console.log(
    `${label}: ${count} items, ${(text.length / 1e6).toFixed(1)} MB — JSON.parse ${fmt(parse)}; parse + items ${fmt(whole)} (${ratio(whole, parse)}); ` +
      `items on a parsed document ${fmt(itemsOnly)} (${ratio(itemsOnly, parse)}); every hash read too ${fmt(hashedAll)} (${ratio(hashedAll, parse)})`,
  );
}

measure('2,000 tests', generateTests(2000), 'translation');
measure('20,000-entry corpus', generateCorpus(20000));

// What the runner pays each time it rewrites its outputs: the results file of 2,000 test runs and the run card
// of 2,000 translated entries, built and serialised from records.
import { testRecord } from '../core/run/records';
import { entryRecord } from '../core/run/records';
import { corpusRunInfo } from '../core/run/corpus';
import { entryRequest, testRequest } from '../core/run/request';
import { buildResultsReport, serialiseResultsReport } from '../core/run/resultsFile';
import { buildRunCard } from '../core/run/runCard';
import type { ChatOutcome } from '../core/run/types';

function outputs(): void {
  const usage = { prompt_tokens: 40, completion_tokens: 20, reasoning_tokens: 0, cached_tokens: 0, cost_usd: 0.00001 };
  const answer = (text: string): ChatOutcome => ({ ok: true, text, usage, latencyMs: 800, cached: false, attempts: 1 });
  const testsText = generateTests(2000);
  const tests = JSON.parse(testsText) as Record<string, unknown>[];
  const testRecords = tests.map((t, index) =>
    testRecord({
      test: t,
      category: 'translation',
      sourceFile: 'tests/translation.json',
      testHash: 'h',
      repeat: 0,
      model: 'm',
      origin: 'o',
      request: testRequest(t, 'm'),
      outcome: answer(String(t.prompt).slice(0, 120)),
      finishedAt: 't',
      index,
    }),
  );
  const meta = { runId: 'r', model: 'm', endpoint: 'e', timestamp: 't', status: 'complete' as const, origin: 'o' };
  const parse = median(timeRuns(RUNS, () => JSON.parse(testsText)));
  const results = median(timeRuns(RUNS, () => serialiseResultsReport(buildResultsReport(testRecords, meta))));
  const corpus = corpusRunInfo(JSON.parse(generateCorpus(2000)));
  const entryRecords = corpus.entries.map((entry) =>
    entryRecord({
      entry,
      sourceFile: 'c.json',
      entryHash: 'h',
      repeat: 0,
      model: 'm',
      origin: 'o',
      request: entryRequest(entry, corpus, 'm'),
      outcome: answer(entry.reference.slice(0, 60)),
      finishedAt: 't',
    }),
  );
  const cardMeta = {
    timestamp: 't',
    elapsedSeconds: 1,
    modelSlug: 'm',
    condition: 'baseline',
    temperature: 0,
    systemPrompt: 'p',
    batchSize: 1,
    corpus,
    datasetSha256: '0'.repeat(64),
    toolVersion: '0',
  };
  const card = median(timeRuns(Math.min(RUNS, 7), () => buildRunCard(entryRecords, cardMeta)));
  console.log(
    `results file, 2,000 test runs: ${fmt(results)} (${ratio(results, parse)} of JSON.parse of the tests file); run card, 2,000 entries: ${fmt(card)}`,
  );
}

outputs();
