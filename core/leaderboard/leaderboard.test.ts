import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { fromRepo } from '../../test/helpers/paths';
import { JsonDocument } from '../document/jsonDocument';
import { verifyRunCard } from '../runcard/verify';
import { validateDocument } from '../validate';
import { eweScoreInterval } from './ewebench';
import { buildLeaderboard } from './leaderboard';
import { assignRanks, overlaps } from './rank';
import { rosettaBoard, rosettaRow, type CardSource } from './rosetta';

const folder = fromRepo('test-fixtures', 'leaderboard');
const read = (name: string) => fs.readFileSync(path.join(folder, name), 'utf8');

function sources(): CardSource[] {
  // The `.expected.json` files beside them are the validator's findings on each (test/rules/fixtures.test.ts).
  const isData = (f: string) => f.endsWith('.json') && !f.endsWith('.expected.json');
  const names = fs.readdirSync(folder).filter((f) => isData(f) && !f.endsWith('.review.json'));
  const out: CardSource[] = names.map((name) => {
    const review = name.replace(/\.json$/, '.review.json');
    return { path: name, text: read(name), ...(fs.existsSync(path.join(folder, review)) ? { review: JSON.parse(read(review)) as unknown } : {}) };
  });
  for (const name of fs.readdirSync(path.join(folder, 'ewebench')).filter(isData))
    out.push({ path: `ewebench/${name}`, text: read(path.join('ewebench', name)) });
  return out;
}

test('the fixture cards: four verify, the tampered one does not (and the validator says why)', () => {
  assert.equal(verifyRunCard(read('rosetta_strong.json')), 'verified');
  assert.equal(verifyRunCard(read('rosetta_close.json')), 'verified');
  assert.equal(verifyRunCard(read('rosetta_weak.json')), 'verified');
  assert.equal(verifyRunCard(read('rosetta_gold.json')), 'verified');
  assert.equal(verifyRunCard(read('rosetta_tampered.json')), 'mismatch');
  assert.equal(verifyRunCard('{"scores": {}, "fingerprint": {}}'), 'unsealed');
  assert.equal(verifyRunCard('not json'), 'unreadable');
  const codes = validateDocument(new JsonDocument(read('rosetta_tampered.json')), { locale: 'en' }).findings.map((f) => f.code);
  assert.ok(codes.includes('run-card-hash-mismatch'), codes.join());
});

test('§9.7 fields of a row read from the card', () => {
  const row = rosettaRow({ path: 'rosetta_strong.json', text: read('rosetta_strong.json') });
  assert.ok(row);
  const card = JSON.parse(read('rosetta_strong.json')) as {
    scores: Record<string, number>;
    totals: Record<string, number>;
    timestamp: string;
    model_slug: string;
    condition: string;
  };
  assert.equal(row.method, card.condition);
  assert.equal(row.composite, card.scores.composite);
  assert.equal(row.chrf_plus_plus, card.scores.chrf_plus_plus);
  assert.equal(row.fst_acceptance_rate, null);
  assert.equal(row.exact_match_rate, card.scores.exact_match_rate);
  assert.equal(row.semantic_score, null);
  assert.equal(row.cost_per_entry_usd, card.totals.cost_per_entry_usd);
  assert.equal(row.speed_seconds, card.scores.avg_latency_seconds);
  assert.equal(row.cost_adjusted, card.scores.cost_adjusted);
  assert.equal(row.method_class, 'raw-llm');
  assert.equal(row.model, 'strong-model');
  assert.equal(row.quality_tier, 'deployable');
  assert.equal(row.verification_tier, 'self-benchmarked');
  assert.equal(row.date, card.timestamp);
  assert.equal(row.corpus, 'eng-ewe-synthetic@1.0');
  assert.equal(row.language_pair, 'English → Ewe');
  assert.deepEqual(row.segments, ['development']);
  assert.equal(row.verification, 'verified');
  assert.deepEqual(row.composite_ci && [row.composite_ci.lower, row.composite_ci.upper, row.composite_ci.source], [0.6731, 0.9008, 'card']);
  // Without its review, a Deployable card's tier is a claim the §7.2 gate has not confirmed.
  assert.equal(row.tier_gate, 'no-review');
});

test('ranking: by composite within a corpus, overlapping intervals are ties, the tampered card is listed but not ranked', () => {
  const board = buildLeaderboard(sources());
  assert.deepEqual(board.ignored, []);
  const synthetic = board.rosetta.filter((r) => r.corpus === 'eng-ewe-synthetic@1.0');
  assert.deepEqual(
    synthetic.map((r) => [r.model, r.rank, r.tie, r.unranked]),
    [
      ['close-model', 1, true, null],
      ['strong-model', 2, true, null],
      ['weak-model', 3, false, null],
      // Its edited composite (0.99) would have put it first.
      ['tampered-model', null, false, 'tampered'],
    ],
  );
  const gold = board.rosetta.filter((r) => r.corpus === 'eng-ewe-gold@1.0');
  assert.deepEqual(
    gold.map((r) => [r.model, r.rank]),
    [['strong-model', 1]],
  );
  // The review beside the strong card is bound to it and passes the gate: 16 of 20 usable.
  const strong = synthetic[1];
  assert.equal(strong.review?.bound, true);
  assert.equal(strong.review?.counts.rated, 20);
  assert.equal(strong.review?.counts.usable_rate, 0.8);
  assert.equal(strong.tier_gate, 'passed');
  assert.equal(synthetic[0].tier_gate, 'no-review');
});

test('filters by corpus, segment and language pair; sorting keeps the composite rank', () => {
  const rows = buildLeaderboard(sources()).rosetta;
  assert.deepEqual(
    rosettaBoard(rows, { filter: { segment: 'gold_standard' } }).map((r) => r.model),
    ['strong-model'],
  );
  assert.equal(rosettaBoard(rows, { filter: { corpus: 'eng-ewe-synthetic' } }).length, 4);
  assert.equal(rosettaBoard(rows, { filter: { languagePair: 'ewe' } }).length, 5);
  assert.equal(rosettaBoard(rows, { filter: { languagePair: 'yoruba' } }).length, 0);
  const byCost = rosettaBoard(rows, { filter: { corpus: 'eng-ewe-synthetic@1.0' }, sort: 'cost_per_entry_usd' });
  assert.deepEqual(
    byCost.map((r) => [r.model, r.rank]),
    [
      ['weak-model', 3],
      ['close-model', 1],
      ['tampered-model', null],
      ['strong-model', 2],
    ],
  );
  const bySpeedDown = rosettaBoard(rows, { filter: { corpus: 'eng-ewe-synthetic@1.0' }, sort: 'speed_seconds', descending: true });
  assert.equal(bySpeedDown[0].model, 'strong-model');
});

test('a review of another version of the card is shown as such and does not pass the gate', () => {
  const review = JSON.parse(read('rosetta_strong.review.json')) as Record<string, unknown>;
  const row = rosettaRow({ path: 'x.json', text: read('rosetta_strong.json'), review: { ...review, run_card_hash: 'f'.repeat(64) } });
  assert.equal(row?.review?.bound, false);
  assert.equal(row?.tier_gate, 'no-review');
});

test('a card without intervals gets them bootstrapped from its results (the harness seed), the composite only when its results give it', () => {
  const card = JSON.parse(read('rosetta_weak.json')) as { scores: Record<string, unknown> };
  const expected = card.scores.confidence_intervals as Record<string, { ci_lower: number; ci_upper: number }>;
  delete card.scores.confidence_intervals;
  const row = rosettaRow({ path: 'x.json', text: JSON.stringify(card) });
  assert.deepEqual(row?.chrf_ci, { lower: expected.corpus_chrf.ci_lower, upper: expected.corpus_chrf.ci_upper, source: 'bootstrap' });
  assert.deepEqual(row?.composite_ci, { lower: expected.composite_score.ci_lower, upper: expected.composite_score.ci_upper, source: 'bootstrap' });
  // Edited JSON breaks the seal: tampered, not ranked.
  assert.equal(row?.unranked, 'tampered');
  card.scores.composite = 0.5;
  assert.equal(rosettaRow({ path: 'x.json', text: JSON.stringify(card) })?.composite_ci, null);
});

test('ÈwéBench rows: ÈwéScore and the ten categories, an interval from the per-test scores, ranked', () => {
  const board = buildLeaderboard(sources()).ewebench;
  assert.deepEqual(
    board.map((r) => [r.model, r.rank, r.ewe_score]),
    [
      ['deepseek-chat', 1, 87.5],
      ['gemini-2.0-flash', 2, 55.7],
    ],
  );
  assert.equal(Object.keys(board[0].categories).length, 10);
  assert.equal(board[0].categories.reasoning, 100);
  assert.equal(board[0].categories.linguistic_comprehension, null);
  const ci = board[0].ewe_score_ci;
  assert.ok(ci && ci.lower <= 87.5 && 87.5 <= ci.upper, JSON.stringify(ci));
  assert.equal(board[0].tie, overlaps(board[0].ewe_score_ci!, board[1].ewe_score_ci!));
  assert.deepEqual(buildLeaderboard([{ path: 'x.json', text: '{"benchmark": "other"}' }]).ignored, ['x.json']);
  // Same tests, same interval (seeded).
  const tests = [
    { category: 'reasoning', score: 1 },
    { category: 'reasoning', score: 0 },
    { category: 'translation', score: 0.5 },
  ];
  assert.deepEqual(eweScoreInterval(tests), eweScoreInterval(tests));
  assert.equal(eweScoreInterval(tests.slice(0, 1)), null);
});

test('competition ranks: equal scores share a rank and tie; disjoint intervals do not', () => {
  const rows = [
    { id: 'a', s: 0.5, rank: null, tie: false },
    { id: 'b', s: 0.7, rank: null, tie: false },
    { id: 'c', s: 0.5, rank: null, tie: false },
    { id: 'd', s: 0.1, rank: null, tie: false },
  ];
  const ranked = assignRanks(
    rows,
    (r) => r.s,
    (r) => ({ lower: r.s - 0.01, upper: r.s + 0.01, source: 'card' }),
    (a, b) => (a.id < b.id ? -1 : 1),
  );
  assert.deepEqual(
    ranked.map((r) => [r.id, r.rank, r.tie]),
    [
      ['b', 1, false],
      ['a', 2, true],
      ['c', 2, true],
      ['d', 4, false],
    ],
  );
});

test("the harness's leaderboard.json and mt_eval_harness's reports through the runs reader: rows, a report ranked and marked unsealed", () => {
  const runs = fromRepo('test-fixtures', 'runs');
  const names = ['leaderboard.json', 'run_20261123_140000_openai_gpt4omini_naive_all_b25_a1b2c3_report.json', 'run-card.harness.json'];
  const board = buildLeaderboard(names.map((name) => ({ path: name, text: fs.readFileSync(path.join(runs, name), 'utf8') })));
  assert.deepEqual(
    board.ewebench.map((r) => [r.path, r.model, r.rank, r.ewe_score, r.ewe_score_ci]),
    [
      ['leaderboard.json#0', 'deepseek-chat', 1, 74.4, null],
      ['leaderboard.json#1', 'gemini-2.0-flash', 2, 62, null],
      ['leaderboard.json#2', 'llama3.1', 3, 42.1, null],
    ],
  );
  const report = board.rosetta.find((r) => r.path.endsWith('_report.json'));
  assert.equal(report?.verification, 'unsealed');
  assert.equal(report?.unranked, null);
  assert.equal(report?.rank, 1, 'the only run of its corpus');
  assert.equal(typeof report?.composite, 'number', 'the composite of the chrF++ and exact match it states');
  assert.ok(board.rosetta.some((r) => r.path === 'run-card.harness.json'));
});
