import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { propertyRuns } from '../../test/helpers/property';
import type { ChatOutcome } from '../run/types';
import { readItemFile } from './items';
import { buildSuiteResults, readSuiteResults, suiteItemRecord, suiteItemRequest } from './runResults';
import { readSuiteResponses } from './results';
import { suiteSpec } from './suite';

const SPEC = suiteSpec({ suite_version: 1, language: 'ewe', tasks: [{ id: 'mgsm', task: 'math', competency: 'NLR', items: 'mgsm.jsonl' }] }).tasks[0];
const ITEMS = readItemFile('{"id": "m1", "question": "Kofi ƒle aŋutiɖe 3, Ama ƒle 4.", "answer_number": 7}\n', 'jsonl', { task: 'math' }).items;

test('a failed call is no score and no answer, never a wrong answer scored 0', () => {
  const failed: ChatOutcome = { ok: false, kind: 'timeout', error: 'timeout after 60 s', latencyMs: 60000, attempts: 1 };
  const task = { spec: SPEC, items: ITEMS };
  const record = suiteItemRecord({
    task: SPEC,
    item: ITEMS[0],
    labels: [],
    sourceFile: 'mgsm.jsonl',
    itemHash: 'h',
    repeat: 0,
    model: 'm',
    origin: 'http://127.0.0.1',
    request: suiteItemRequest(task, ITEMS[0], 'm'),
    outcome: failed,
    finishedAt: '2026-11-28T06:00:00.000Z',
  });
  assert.deepEqual([record.score, record.extracted, record.correct, record.error], [null, null, false, 'timeout after 60 s']);
  // In the results file the failed call is a null response, as `suite score` reads a call that gave none.
  const file = buildSuiteResults([record], 1, { model: 'm', runId: 'r', endpoint: 'e', date: 'd', status: 'complete' });
  assert.deepEqual(readSuiteResponses(file).tasks.get('mgsm')?.get('m1'), [null]);
  assert.deepEqual(readSuiteResults(file), [record]);
});

test('reading a suite results file never throws, and keeps only whole records', () => {
  fc.assert(
    fc.property(fc.jsonValue(), fc.array(fc.jsonValue(), { maxLength: 5 }), (value, records) => {
      const any = readSuiteResults(value);
      assert.ok(any === undefined || Array.isArray(any));
      const read = readSuiteResults({ suite_responses_version: 1, records });
      assert.ok(Array.isArray(read) && read.length === 0);
    }),
    propertyRuns(200),
  );
});
