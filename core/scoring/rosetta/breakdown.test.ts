import { test } from 'node:test';
import assert from 'node:assert/strict';
import { breakdown, byDifficulty, byProvenance, difficultyBand, groupSummary, type RosettaEntryResult } from './breakdown';

const results: RosettaEntryResult[] = [
  // Difficulty 1: both perfect, FST accepts both.
  {
    entry_id: 1,
    predicted: 'Ŋdi nyuie.',
    reference: 'Ŋdi nyuie.',
    exact_match: true,
    entry_chrf: 100,
    fst_accepted: true,
    difficulty: 1,
    provenance: 'textbook',
    latency_seconds: 1,
  },
  {
    entry_id: 2,
    predicted: 'Akpe.',
    reference: 'Akpe.',
    exact_match: true,
    entry_chrf: 100,
    fst_accepted: true,
    difficulty: 1,
    provenance: 'elicited',
    latency_seconds: 2,
  },
  // Difficulty 2: one match worked out (decomposed vs precomposed è), one failure, one recorded match without a
  // reference (so no corpus chrF++ for the group), no FST.
  {
    entry_id: 3,
    predicted: 'Me\u0300do',
    reference: 'M\u00e8do',
    entry_chrf: 50,
    fst_accepted: null,
    difficulty: 2,
    provenance: 'textbook',
    latency_seconds: 4,
  },
  {
    entry_id: 4,
    predicted: null,
    reference: 'Akpe nawo.',
    entry_chrf: 0,
    fst_accepted: null,
    difficulty: 2,
    provenance: 'textbook',
    latency_seconds: 3,
    error: 'timeout',
  },
  { entry_id: 5, predicted: 'Woezɔ', exact_match: true, entry_chrf: 70, difficulty: 2, provenance: 'corpus', latency_seconds: 2 },
  // No difficulty: unassigned in the difficulty breakdown.
  { entry_id: 6, predicted: 'x', reference: 'y', exact_match: false, provenance: 'corpus' },
];

test('a perfect group scores 1 on every count and a composite of 1 under Profile A', () => {
  const [one] = byDifficulty(results).groups;
  assert.equal(one.key, '1');
  assert.equal(one.count, 2);
  assert.equal(one.exact_match_rate, 1);
  assert.equal(one.mean_entry_chrf, 100);
  assert.equal(one.chrf_plus_plus, 100);
  assert.equal(one.chrf_source, 'corpus');
  assert.equal(one.fst_acceptance_rate, 1);
  assert.equal(one.composite.profile, 'A');
  assert.equal(one.composite.composite, 1);
  assert.deepEqual(one.latency, { avg_latency_seconds: 1.5, median_latency_seconds: 1.5, p95_latency_seconds: 1.95 });
});

test('a mixed group: recorded and NFC-computed matches, errors, mean sentence chrF++ standing in for corpus chrF++', () => {
  const b = byDifficulty(results);
  assert.equal(b.unassigned, 1);
  const two = b.groups[1];
  assert.equal(two.key, '2');
  assert.equal(two.count, 3);
  assert.equal(two.errors, 1);
  assert.equal(two.exact_matches, 2);
  assert.equal(two.exact_match_rate, 0.6667);
  assert.equal(two.chrf_entries, 3);
  assert.equal(two.mean_entry_chrf, 40); // (50 + 0 + 70) / 3
  assert.equal(two.chrf_plus_plus, null);
  assert.equal(two.chrf_source, 'mean_entry');
  assert.equal(two.fst_checked, 0);
  assert.equal(two.fst_acceptance_rate, null);
  // Profile B over chrF++ .40 (w .25) and exact .6667 (w .1): .16667 / .35 = .4762
  assert.equal(two.composite.profile, 'B');
  assert.equal(two.composite.composite, 0.4762);
  assert.deepEqual(two.latency, { avg_latency_seconds: 3, median_latency_seconds: 3, p95_latency_seconds: 3.9 });
});

test('provenance groups in code-point order', () => {
  const b = byProvenance(results);
  assert.deepEqual(
    b.groups.map((g) => [g.key, g.count]),
    [
      ['corpus', 2],
      ['elicited', 1],
      ['textbook', 3],
    ],
  );
  assert.equal(b.unassigned, 0);
  assert.equal(b.groups[0].chrf_source, 'mean_entry'); // entry 5 has no reference
});

test('a group where every prediction failed has corpus chrF++ 0 and composite 0', () => {
  const g = groupSummary('all', [
    { predicted: null, reference: 'Akpe.', error: 'HTTP 500' },
    { predicted: null, reference: 'Ŋdi nyuie.', error: 'HTTP 500' },
  ]);
  assert.equal(g.errors, 2);
  assert.equal(g.chrf_plus_plus, 0);
  assert.equal(g.composite.composite, 0);
  assert.equal(g.mean_entry_chrf, null);
});

test('difficulty keys sort numerically, legacy easy/medium/hard after them', () => {
  const keys = ['medium', '10', 'easy', '2', 'hard', 'zeta'];
  const b = breakdown(
    keys.map((k) => ({ difficulty: k })),
    (r) => String(r.difficulty),
  );
  assert.deepEqual(
    b.groups.map((g) => g.key),
    ['2', '10', 'easy', 'medium', 'hard', 'zeta'],
  );
});

test('spec tiers map onto the harness bands 1–2 easy, 3 medium, 4–5 hard', () => {
  assert.deepEqual([1, 2, 3, 4, 5, 6, 'hard', 'tricky', null].map(difficultyBand), [
    'easy',
    'easy',
    'medium',
    'hard',
    'hard',
    undefined,
    'hard',
    undefined,
    undefined,
  ]);
  const b = breakdown(results, (r) => difficultyBand(r.difficulty));
  assert.deepEqual(
    b.groups.map((g) => [g.key, g.count]),
    [['easy', 5]],
  );
});
