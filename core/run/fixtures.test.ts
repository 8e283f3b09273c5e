import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import { fromRepo } from '../../test/helpers/paths';
import { JsonDocument } from '../document/jsonDocument';
import { validateDocument } from '../validate';
import { readResultsReport, serialiseResultsReport, buildResultsReport } from './resultsFile';

const folder = fromRepo('test-fixtures', 'results', 'valid');
const read = (name: string) => fs.readFileSync(`${folder}/${name}`, 'utf8');

test('the results fixtures (one ours, one as the harness writes) are results files with no finding', () => {
  for (const name of fs.readdirSync(folder).filter((f) => f.endsWith('.json'))) {
    const result = validateDocument(new JsonDocument(read(name)), { locale: 'en' });
    assert.equal(result.classification.kind, 'ewebench-results', name);
    assert.deepEqual(result.findings, [], name);
  }
});

test('a harness-written file reads as harness-only records with its numbers', () => {
  const read1 = readResultsReport(JSON.parse(read('ewebench_gemini-2.0-flash_20260315_142233.json')));
  assert.ok(read1);
  assert.equal(read1.meta.harnessOnly, true);
  assert.equal(read1.meta.eweScore, 55.7);
  assert.deepEqual(
    read1.records.map((r) => [r.category, r.test_id, r.rounded_score, r.passed]),
    [
      ['linguistic_comprehension', 'lc_grammar_01', 1, true],
      ['linguistic_comprehension', 'lc_vocab_02', 0.333, false],
      ['linguistic_comprehension', 'lc_tone_03', 0.85, true],
      ['cultural_knowledge', 'ck_proverb_01', 0.6, false],
      ['cultural_knowledge', 'ck_history_02', 0, false],
    ],
  );
  assert.ok(read1.records.every((r) => r.harness_only === true));
});

test('our fixture reads back and rebuilds to the same text, byte for byte', () => {
  const text = read('ewebench_deepseek-chat_20261123_101500.json');
  const back = readResultsReport(JSON.parse(text));
  assert.ok(back);
  assert.equal(back.meta.harnessOnly, false);
  const meta = {
    runId: back.meta.runId,
    model: back.meta.model,
    endpoint: back.meta.endpoint,
    timestamp: back.meta.timestamp,
    status: back.meta.status ?? 'complete',
    origin: back.meta.origin ?? '',
    toolVersion: back.meta.toolVersion ?? undefined,
  };
  assert.equal(serialiseResultsReport(buildResultsReport(back.records, meta)), text);
});
