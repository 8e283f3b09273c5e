import { test } from 'node:test';
import assert from 'node:assert/strict';
import { CATEGORIES } from '../scoring/ewebench/categories';
import { testRecord } from './records';
import { testRequest } from './request';
import { dumpsPy } from '../python/json';
import {
  buildResultsReport,
  harnessRunId,
  pythonIsoformat,
  readResultsReport,
  resultsFileName,
  responsePreview,
  resultsReportPyValue,
  serialiseResultsReport,
  type ResultsMeta,
} from './resultsFile';
import type { ChatOutcome, TestRunRecord } from './types';

const usage = { prompt_tokens: 10, completion_tokens: 4, reasoning_tokens: 0, cached_tokens: 0 };
const ok = (text: string): ChatOutcome => ({ ok: true, text, usage, latencyMs: 900, cached: false, attempts: 1 });
const timeout: ChatOutcome = { ok: false, kind: 'timeout', error: 'timeout after 60 s', latencyMs: 60000, attempts: 3 };

function record(category: string, index: number, t: Record<string, unknown>, outcome: ChatOutcome, repeat = 0): TestRunRecord {
  const request = testRequest(t, 'deepseek-chat');
  return testRecord({
    test: t,
    category,
    sourceFile: `tests/${category}.json`,
    testHash: `h${index}`,
    repeat,
    model: 'deepseek-chat',
    origin: 'https://api.deepseek.com',
    request,
    outcome,
    finishedAt: '2026-11-23T10:00:00.000Z',
    index,
  });
}

const kw = (id: string) => ({ id, prompt: 'p', eval_method: 'keywords', expected_keywords: ['a', 'b', 'c', 'd'] });
const meta: ResultsMeta = {
  runId: '20261123_101500',
  model: 'deepseek-chat',
  endpoint: 'https://api.deepseek.com/chat/completions',
  timestamp: '2026-11-23T10:15:00.123000',
  status: 'complete',
  origin: 'https://api.deepseek.com',
  toolVersion: '0.3.0',
};

// translation: 0.75 and 0.25 → mean 0.5 → 50.0; one timeout not scored. reasoning: 1.0 twice (×2) → 100.0.
const records = [
  record('translation', 1, kw('mt_02'), ok('a')),
  record('translation', 0, kw('mt_01'), ok('a b c')),
  record('translation', 2, kw('mt_03'), timeout),
  record('reasoning', 0, { id: 'rs_01', prompt: 'p', eval_method: 'multiple_choice', expected: 'B' }, ok('B'), 1),
  record('reasoning', 0, { id: 'rs_01', prompt: 'p', eval_method: 'multiple_choice', expected: 'B' }, ok('B) yes'), 0),
];

test('the report has the harness’s fields in its order, all ten categories, and its numbers', () => {
  const report = buildResultsReport(records, meta);
  assert.deepEqual(Object.keys(report).slice(0, 9), ['benchmark', 'version', 'run_id', 'model', 'endpoint', 'timestamp', 'ewe_score', 'categories', 'summary']);
  assert.equal(report.benchmark, 'ÈwéBench');
  assert.equal(report.version, '1.0.0');
  assert.deepEqual(
    Object.keys(report.categories),
    CATEGORIES.map((c) => c.stem),
  );
  assert.deepEqual(report.categories.agentic, { score: 0, total: 0, passed: 0, details: [], skipped: true });
  const tr = report.categories.translation;
  assert.equal(tr.score, 50);
  assert.equal(tr.total, 2);
  assert.equal(tr.passed, 1);
  assert.equal(tr.errored, 1);
  assert.equal(tr.skipped, false);
  assert.deepEqual(
    tr.details.map((d) => [d.test_id, d.score]),
    [
      ['mt_01', 0.75],
      ['mt_02', 0.25],
      ['mt_03', null],
    ],
  );
  assert.equal(tr.details[2].error, 'timeout after 60 s');
  assert.equal(report.categories.reasoning.score, 100);
  assert.equal(report.categories.reasoning.total, 2);
  assert.deepEqual(
    report.categories.reasoning.details.map((d) => d.repeat),
    [0, 1],
  );
  // (50.0 × 0.12 + 100.0 × 0.12) / (0.12 + 0.12) = 75.0
  assert.equal(report.ewe_score, 75);
  assert.deepEqual(report.summary, { total_tests: 4, total_passed: 3, categories_evaluated: 2, categories_skipped: 8 });
  assert.deepEqual(report.ewebench_studio, {
    status: 'complete',
    origin: 'https://api.deepseek.com',
    tool_version: '0.3.0',
    errored: 1,
    unscored: 0,
    repeat: 2,
    strict: false,
  });
});

test('a category whose every call failed is skipped as the harness skips an empty one, and stays out of the ÈwéScore', () => {
  const report = buildResultsReport([record('agentic', 0, kw('ag_01'), timeout), record('translation', 0, kw('mt_01'), ok('a b c'))], meta);
  assert.equal(report.categories.agentic.skipped, true);
  assert.equal(report.categories.agentic.errored, 1);
  assert.equal(report.categories.agentic.details.length, 1);
  assert.equal(report.ewe_score, 75);
  assert.equal(report.summary.categories_evaluated, 1);
});

test('the text is json.dump(indent=2, ensure_ascii=False): floats keep their .0, non-ASCII stays, no key leaks', () => {
  const text = serialiseResultsReport(buildResultsReport(records, meta));
  assert.ok(text.startsWith('{\n  "benchmark": "ÈwéBench",\n  "version": "1.0.0",\n  "run_id": "20261123_101500",'));
  assert.ok(text.includes('\n  "ewe_score": 75.0,\n'));
  assert.ok(text.includes('"agentic": {\n      "score": 0.0,\n      "total": 0,\n      "passed": 0,\n      "details": [],\n      "skipped": true\n    }'));
  assert.ok(text.includes('"score": 50.0,'));
  assert.ok(text.includes('"score": 1.0,'));
  assert.ok(!/Bearer|api[_-]?key/i.test(text));
  assert.ok(!text.endsWith('\n'));
});

test('our files read back to the same records', () => {
  const report = buildResultsReport(records, meta);
  const back = readResultsReport(JSON.parse(serialiseResultsReport(report)));
  assert.ok(back);
  assert.equal(back.meta.harnessOnly, false);
  assert.equal(back.meta.status, 'complete');
  assert.equal(back.meta.eweScore, 75);
  const key = (r: TestRunRecord) => `${r.category}/${r.test_id}/${r.repeat}`;
  const sorted = (list: TestRunRecord[]) => [...list].sort((a, b) => (key(a) < key(b) ? -1 : 1));
  assert.deepEqual(sorted(back.records), sorted(records.map((r) => ({ ...r, run_id: meta.runId }))));
});

test('a plain harness file reads as harness-only records: rounded scores, previews, pass by the harness rule', () => {
  const harness = {
    benchmark: 'ÈwéBench',
    version: '1.0.0',
    run_id: '20260101_120000',
    model: 'gemini-2.0-flash',
    endpoint: 'https://generativelanguage.googleapis.com/v1beta/chat/completions',
    timestamp: '2026-01-01T12:00:00.5',
    ewe_score: 41.2,
    categories: {
      translation: {
        score: 41.2,
        total: 2,
        passed: 1,
        details: [
          { test_id: 'mt_01', score: 0.7, response_preview: 'Ŋdi' },
          { test_id: 'mt_02', score: 0.124, response_preview: '' },
        ],
        skipped: false,
      },
      agentic: { score: 0.0, total: 0, passed: 0, details: [], skipped: true },
    },
    summary: { total_tests: 2, total_passed: 1, categories_evaluated: 1, categories_skipped: 9 },
  };
  const read = readResultsReport(harness);
  assert.ok(read);
  assert.equal(read.meta.harnessOnly, true);
  assert.equal(read.meta.eweScore, 41.2);
  assert.equal(read.records.length, 2);
  const [a, b] = read.records;
  assert.equal(a.harness_only, true);
  assert.equal(a.passed, true);
  assert.equal(b.passed, false);
  assert.equal(a.response, null);
  assert.equal(a.response_preview, 'Ŋdi');
  assert.equal(a.source_file, 'tests/translation.json');
  assert.equal(a.origin, 'https://generativelanguage.googleapis.com');
  assert.deepEqual(a.request.messages, []);
  assert.equal(readResultsReport({ benchmark: 'Other', categories: {} }), undefined);
  assert.equal(readResultsReport([1]), undefined);
});

test('run ids, timestamps and file names as the harness makes them, without folders', () => {
  const d = new Date(2026, 10, 3, 9, 5, 7, 42);
  assert.equal(harnessRunId(d), '20261103_090507');
  assert.equal(pythonIsoformat(d), '2026-11-03T09:05:07.042000');
  assert.equal(pythonIsoformat(new Date(2026, 10, 3, 9, 5, 7, 0)), '2026-11-03T09:05:07');
  assert.equal(resultsFileName('deepseek-chat', '20261103_090507'), 'ewebench_deepseek-chat_20261103_090507.json');
  assert.equal(resultsFileName('google/gemini-2.0-flash', 'r'), 'ewebench_google_gemini-2.0-flash_r.json');
  assert.equal(resultsFileName('a\\b:c*?"<>|', 'r'), 'ewebench_a_b_c_______r.json');
  assert.equal(resultsFileName('..', 'r'), 'ewebench____r.json');
});

test('previews cut at 200 code points, not UTF-16 units', () => {
  const astral = '𝔸'.repeat(250);
  assert.equal([...responsePreview(astral)].length, 200);
  assert.equal(responsePreview('short'), 'short');
});

test('the fast writer gives exactly the Python serialiser’s text, even with marks, NULs and tiny floats in the data', () => {
  const tricky = record(
    'translation',
    3,
    { id: 'x\u0000y', prompt: '"\u0000abc:1.0" \\u0000 \u2028 𝔸', eval_method: 'ewe_quality' },
    ok('"\u0000deadbeef:2.0" ɖ.\n\t'),
  );
  const withCost = { ...tricky, usage: { ...tricky.usage, cost_usd: 0.00001 }, latency_ms: 12.5 };
  const report = buildResultsReport([...records, withCost], meta);
  assert.equal(serialiseResultsReport(report), dumpsPy(resultsReportPyValue(report), { sortKeys: false, ensureAscii: false, indent: 2 }));
  assert.ok(serialiseResultsReport(report).includes('"cost_usd": 1e-05'));
});
