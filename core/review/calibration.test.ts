import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import fc from 'fast-check';
import {
  bestCut,
  bestCutWeighted,
  calibrate,
  calibrationItems,
  calibrationJson,
  entryFigures,
  MIN_RATINGS_PER_TIER,
  type CalibrationItems,
} from './calibration';
import { calibrationText } from './calibrationText';
import { kendallTauB } from '../stats/agreement';
import type { Rating } from './review';
import { fromRepo } from '../../test/helpers/paths';
import { propertyRuns } from '../../test/helpers/property';

interface VectorItem {
  entry_id: string;
  difficulty: number;
  entry_chrf: number;
  exact_match: boolean;
  fst_accepted: boolean | null;
  ratings: (Rating | null)[];
  rating: Rating | null;
  composite: number | null;
  tier: string;
}
interface VectorSet {
  reviewers: string[];
  items: VectorItem[];
  adjudicated: Record<string, Rating>;
  expected: Record<string, unknown> & { bootstrap: { n_bootstrap: number; seed: number } };
}
const vectors = JSON.parse(fs.readFileSync(fromRepo('test-fixtures', 'review', 'calibration.vectors.json'), 'utf8')) as {
  pairs: { x: number[]; y: number[]; tau_b: number | null; cut: { cut: number; j: number; sensitivity: number; specificity: number } | null }[];
  sets: Record<'team' | 'single_fst', VectorSet>;
};

/** The set as the command reads it: one review file per reviewer (every item listed, in the vectors' order) and the card. */
function gathered(set: VectorSet): CalibrationItems {
  const inputs = set.reviewers.map((reviewer, r) => ({
    file: `${reviewer}.json`,
    review: { run_card_hash: 'h', reviewer, items: set.items.map((it) => ({ entry_id: it.entry_id, difficulty: it.difficulty, rating: it.ratings[r] })) },
  }));
  const card = {
    results: set.items.map((it) => ({
      entry_id: it.entry_id,
      predicted: 'p',
      reference: 'r',
      entry_chrf: it.entry_chrf,
      exact_match: it.exact_match,
      fst_accepted: it.fst_accepted,
      error: null,
    })),
  };
  return calibrationItems(inputs, card, new Map(Object.entries(set.adjudicated).map(([id, rating]) => [`string:${id}`, rating])));
}

test("tau-b and the best cut equal the fixtures generator's plain computation, ties and undefined cases included", () => {
  for (const { x, y, tau_b, cut } of vectors.pairs) {
    const tau = kendallTauB(x, y);
    if (tau_b === null) assert.ok(Number.isNaN(tau), `n = ${x.length}: undefined`);
    else assert.equal(tau, tau_b, `n = ${x.length}`);
    assert.deepEqual(
      bestCut(
        x,
        y.map((v) => v >= 3),
      ),
      cut,
      `cut, n = ${x.length}`,
    );
  }
});

for (const name of ['team', 'single_fst'] as const) {
  test(`calibrate equals the reference on the ${name} set: ratings combined, composites and tiers, tau-b with its seeded intervals, shares, cuts`, () => {
    const set = vectors.sets[name];
    const items = gathered(set);
    // Each rated item's rating (adjudicated, else the lower median), composite and tier, as the generator has them.
    const expectedItems = set.items.filter((it) => it.rating !== null);
    assert.deepEqual(
      items.items.map((it) => [it.entry_id, it.rating, it.composite, it.tier]),
      expectedItems.map((it) => [it.entry_id, it.rating, it.composite, it.tier]),
    );
    const { n_bootstrap, seed } = set.expected.bootstrap;
    const report = calibrationJson(calibrate(items, { nBootstrap: n_bootstrap, seed })) as Record<string, unknown>;
    for (const key of ['items', 'unrated', 'basis', 'correlations', 'cut'] as const) assert.deepEqual(report[key], set.expected[key], key);
    assert.deepEqual(
      (report.tiers as Record<string, unknown>[]).map(({ tier, rated, usable, share }) => ({ tier, rated, usable, share })),
      set.expected.tiers,
    );
  });
}

test('the bootstrap intervals are seeded: the same seed gives the same report, another seed other bounds', () => {
  const items = gathered(vectors.sets.team);
  const a = calibrationJson(calibrate(items, { nBootstrap: 100, seed: 3 }));
  assert.deepEqual(calibrationJson(calibrate(items, { nBootstrap: 100, seed: 3 })), a);
  assert.notDeepEqual(calibrationJson(calibrate(items, { nBootstrap: 100, seed: 4 })), a);
});

test('too few ratings per tier: no cut, the short tiers named; an item no one rated is left out and counted', () => {
  const report = calibrate(gathered(vectors.sets.single_fst), { nBootstrap: 20 });
  assert.equal(report.cut.kind, 'too-few');
  const text = calibrationText(report, { pair: 'eng-ewe', reviewers: ['yao'], adjudication: false }, 'en', (rows) => rows.map((r) => r.join(' | ')).join('\n'));
  assert.match(
    text,
    new RegExp(
      `No cut suggested: every §5 tier holding rated items needs ${MIN_RATINGS_PER_TIER} ratings, in two tiers or more \\(Baseline: 12, Functional: 9, Deployable: 10, Fluent: 5\\)`,
    ),
  );
  assert.doesNotMatch(text, /Suggested cuts/);
  assert.match(text, /36 rated items \(one reviewer: yao\); 4 unrated/);
  const fr = calibrationText(report, { pair: 'eng-ewe', reviewers: ['yao'], adjudication: false }, 'fr', (rows) => rows.map((r) => r.join(' | ')).join('\n'));
  assert.match(fr, /Aucun seuil suggéré/);
  assert.match(fr, /tau-b de Kendall/);
});

test('one class only: every rated item usable gives no cut, and says so', () => {
  const items: CalibrationItems = {
    unrated: 0,
    unmatched: 0,
    items: Array.from({ length: 70 }, (_, i) => ({
      entry_id: i,
      difficulty: 1,
      rating: 'excellent' as Rating,
      basis: 'single' as const,
      ...entryFigures({ entry_chrf: i < 35 ? 20 : 60, exact_match: false }),
    })),
  };
  const report = calibrate(items, { nBootstrap: 10 });
  assert.deepEqual(report.cut, { kind: 'one-class', usable: 70, rated: 70 });
  assert.ok(Number.isNaN(report.correlations[0].tau_b), 'a constant rating: tau-b undefined');
  assert.equal(report.correlations[0].undefined_resamples, 10);
});

test('an item the card has no output for (missing or failed) is left out and counted; figures come from the texts when the card has none', () => {
  const review = {
    run_card_hash: 'h',
    items: [
      { entry_id: 1, rating: 'excellent' },
      { entry_id: 2, rating: 'reject' },
      { entry_id: 3, rating: 'gist' },
      { entry_id: '1', rating: 'gist' },
    ],
  };
  const card = {
    results: [
      { entry_id: 1, predicted: 'Ŋdi nyuie', reference: 'ŋdi  nyuie' },
      { entry_id: 2, predicted: 'x', reference: 'y', error: 'timeout' },
    ],
  };
  const got = calibrationItems([{ file: 'a.json', review }], card);
  assert.equal(got.unmatched, 3, 'a failed entry, an absent one, and a string id that is not the number 1');
  assert.equal(got.items.length, 1);
  assert.equal(got.items[0].exact_match, true, 'the harness rule: case and spaces do not count');
  assert.equal(got.items[0].chrf !== null && got.items[0].chrf > 0, true);
});

test('the best cut by a sweep equals the count at every candidate; weights equal a materialised resample', () => {
  const plain = (x: number[], u: boolean[]) => {
    const p = u.filter(Boolean).length;
    const n = u.length - p;
    if (p === 0 || n === 0) return null;
    let best: { cut: number; j: number; score: number } | null = null;
    for (const t of [...new Set(x)].sort((a, b) => a - b)) {
      const tp = x.filter((v, i) => u[i] && v >= t).length;
      const tn = x.filter((v, i) => !u[i] && v < t).length;
      const j = tp / p + tn / n - 1;
      if (best === null || tp * n + tn * p > best.score) best = { cut: t, j, score: tp * n + tn * p };
    }
    return best;
  };
  fc.assert(
    fc.property(fc.array(fc.tuple(fc.integer({ min: 0, max: 8 }), fc.boolean(), fc.integer({ min: 0, max: 3 })), { maxLength: 40 }), (rows) => {
      const x = rows.map((r) => r[0] / 2);
      const u = rows.map((r) => r[1]);
      const got = bestCut(x, u);
      const want = plain(x, u);
      if (want === null) return assert.equal(got, null);
      assert.ok(got !== null && got.cut === want.cut && Math.abs(got.j - want.j) < 1e-12, `${JSON.stringify(got)} vs ${JSON.stringify(want)}`);
      // Multiplicities as weights: the same cut as the resample written out.
      const times = rows.map((r) => r[2]);
      const order = x.map((_, i) => i).sort((a, b) => x[a] - x[b]);
      const weighted = bestCutWeighted(x, u, order, times);
      const xs = x.flatMap((v, i) => Array<number>(times[i]).fill(v));
      const us = u.flatMap((v, i) => Array<boolean>(times[i]).fill(v));
      const written = plain(xs, us);
      if (written === null) return assert.equal(weighted, null);
      assert.ok(weighted !== null && weighted.cut === written.cut && Math.abs(weighted.j - written.j) < 1e-12);
    }),
    propertyRuns(300),
  );
});
