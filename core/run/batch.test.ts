import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import { batchUserMessage, chunk, corpusRequest, groupIntoBatches, naiveSystemPrompt, parseNumberedResponse, splitBatchOutcome, systemMessage } from './batch';
import { corpusRunInfo } from './corpus';
import { fromRepo } from '../../test/helpers/paths';

const parseCases = (
  JSON.parse(fs.readFileSync(fromRepo('test-fixtures/rosetta/parse-numbered.vectors.json'), 'utf8')) as {
    cases: { content: string; expected: number; parsed: string[] }[];
  }
).cases;

test("parse_numbered_response: numbered lines, the plain-line fallback and [PARSE_ERROR] padding as Python's re gives them", () => {
  for (const c of parseCases) assert.deepEqual(parseNumberedResponse(c.content, c.expected), c.parsed, JSON.stringify(c.content));
});

test('the naive prompt names the languages, or takes the generic wording without a target', () => {
  assert.equal(
    naiveSystemPrompt('English', 'Ewe'),
    'You are a translator. Translate the given English text to Ewe. Output ONLY the translation, nothing else. No explanations, no notes.',
  );
  assert.equal(
    naiveSystemPrompt(null, 'Ewe'),
    'You are a translator. Translate the given source text to Ewe. Output ONLY the translation, nothing else. No explanations, no notes.',
  );
  assert.equal(
    naiveSystemPrompt('English', null),
    'You are a translator. Translate the given text to the target language. Output ONLY the translation, nothing else. No explanations, no notes.',
  );
});

test('OpenRouter gets one cached text part; the other providers the same text as a string', () => {
  assert.deepEqual(systemMessage('P', 'openrouter'), { role: 'system', content: [{ type: 'text', text: 'P', cache_control: { type: 'ephemeral' } }] });
  assert.deepEqual(systemMessage('P', 'plain'), { role: 'system', content: 'P' });
});

test('a batch is one numbered user message; batch size 1 sends the source alone; a last chunk of one stays numbered', () => {
  assert.equal(
    batchUserMessage(['a', 'b'], null),
    'Translate each of these 2 phrases to the target language.\n\n1. a\n2. b\n\nReply with EXACTLY 2 numbered lines. Each line: just the number and the translation. No explanations, no extra text.',
  );
  const info = corpusRunInfo({ dataset: { id: 'd', source_language: 'en', target_language: 'ee' }, entries: [{ id: 1, source: 'Hi.', reference: 'x' }] });
  const setup = { model: 'm', temperature: 0, promptVersion: 'naive' as const, style: 'plain' as const };
  assert.equal(corpusRequest(info.entries, info, { ...setup, batchSize: 1 }).messages[1].content, 'Hi.');
  assert.match(String(corpusRequest(info.entries, info, { ...setup, batchSize: 25 }).messages[1].content), /^Translate each of these 1 phrases to Ewe\./);
});

test('chunks and batch groups: consecutive slices per group, items without a group alone, in first-seen order', () => {
  assert.deepEqual(chunk([1, 2, 3, 4, 5], 2), [[1, 2], [3, 4], [5]]);
  const items = [
    { g: 'a', v: 1 },
    { g: undefined, v: 2 },
    { g: 'a', v: 3 },
    { g: 'b', v: 4 },
    { g: 'a', v: 5 },
  ];
  assert.deepEqual(
    groupIntoBatches(items, (i) => i.g, 2).map((b) => b.map((i) => i.v)),
    [[1, 3], [5], [2], [4]],
  );
});

test('a batch outcome is split evenly: usage and latency divided, failures shared', () => {
  const usage = { prompt_tokens: 90, completion_tokens: 30, reasoning_tokens: 0, cached_tokens: 9, cost_usd: 0.003 };
  const parts = splitBatchOutcome({ ok: true, text: '1. a\n2. b\n3. c', usage, latencyMs: 3000, cached: false, attempts: 1 }, 3);
  assert.deepEqual(
    parts.map((p) => (p.ok ? [p.text, p.usage.prompt_tokens, p.usage.cached_tokens, p.latencyMs] : [])),
    [
      ['a', 30, 3, 1000],
      ['b', 30, 3, 1000],
      ['c', 30, 3, 1000],
    ],
  );
  const failed = splitBatchOutcome({ ok: false, kind: 'http', status: 500, error: '500', latencyMs: 200, attempts: 1 }, 2);
  assert.deepEqual(
    failed.map((f) => [f.ok, f.latencyMs]),
    [
      [false, 100],
      [false, 100],
    ],
  );
});
