import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import { main } from '../main';
import { captureIo } from '../../test/helpers/captureIo';
import { fromRepo } from '../../test/helpers/paths';

const corpus = 'test-fixtures/rosetta/score/score-corpus.json';
const responses = 'test-fixtures/rosetta/score/score-corpus.responses.json';
/** Built from the harness's rules by test-fixtures/rosetta/make_score_expected.py (Python's own random stream). */
const expected = JSON.parse(fs.readFileSync(fromRepo('test-fixtures/rosetta/score/score-corpus.report.vectors.json'), 'utf8')) as {
  overall: Record<string, unknown> & { confidence_intervals: Record<string, unknown>; confidence_intervals_by_tier: Record<string, unknown> };
  by_segment: Record<string, Record<string, unknown>>;
  by_difficulty: Record<string, Record<string, unknown>>;
  by_domain: Record<string, Record<string, unknown>>;
  entries: Record<string, unknown>[];
};

async function scoreJson(): Promise<{
  overall: Record<string, unknown>;
  by_segment: Record<string, Record<string, unknown>>;
  by_difficulty: Record<string, Record<string, unknown>>;
  by_domain: Record<string, Record<string, unknown>>;
  entries: Record<string, unknown>[];
}> {
  const io = captureIo();
  assert.equal(await main(['score', corpus, '--responses', responses, '--format', 'json'], io), 0, io.err);
  return JSON.parse(io.out);
}

const pick = (o: Record<string, unknown>, keys: readonly string[]) => Object.fromEntries(keys.map((k) => [k, o[k]]));

test('score on a corpus: every entry cleaned and judged as the harness does (exact match, chrF++, length ratio)', async () => {
  const out = await scoreJson();
  const keys = Object.keys(expected.entries[0]);
  assert.deepEqual(
    out.entries.map((e) => pick(e, keys)),
    expected.entries,
  );
});

test('score on a corpus: overall figures rounded as the harness rounds them', async () => {
  const { overall } = await scoreJson();
  const keys = [
    'total_entries',
    'error_count',
    'evaluated',
    'exact_match_count',
    'exact_match_rate',
    'miss_count',
    'miss_rate',
    'avg_chrf',
    'corpus_chrf',
    'avg_length_ratio',
  ];
  assert.deepEqual(pick(overall, keys), pick(expected.overall, keys));
  assert.equal(typeof overall.composite, 'number');
  assert.equal(overall.composite_profile, 'B');
});

test("score on a corpus: bootstrap intervals equal Python random's (corpus chrF++, exact match, composite; per tier with seed 12345 + tier)", async () => {
  const { overall } = await scoreJson();
  assert.deepEqual(overall.confidence_intervals, expected.overall.confidence_intervals);
  assert.deepEqual(overall.confidence_intervals_by_tier, expected.overall.confidence_intervals_by_tier);
});

test("score on a corpus: by_segment (first-seen order), by_difficulty and by_domain (sorted) with the harness's group fields", async () => {
  const out = await scoreJson();
  const keys = ['name', 'count', 'exact_match_count', 'miss_count', 'error_count', 'avg_chrf'];
  for (const field of ['by_segment', 'by_difficulty', 'by_domain'] as const) {
    assert.deepEqual(Object.keys(out[field]), Object.keys(expected[field]), field);
    for (const [k, g] of Object.entries(out[field])) assert.deepEqual(pick(g, keys), expected[field][k], `${field}.${k}`);
  }
});

test('score on a corpus, text: scored, errored, exact match and chrF++ with their intervals', async () => {
  const io = captureIo();
  assert.equal(await main(['score', corpus, '--responses', responses], io), 0, io.err);
  assert.match(io.out, /Entries: 36 \(34 scored, 2 errored\)/);
  assert.match(io.out, /Exact match: 18\/34 \(52\.9%\) {2}95% CI \[/);
  assert.match(io.out, /Corpus chrF\+\+: 63\.51 {2}95% CI \[/);
});
