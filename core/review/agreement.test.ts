import { test } from 'node:test';
import assert from 'node:assert/strict';
import { agreementJson, agreementText, checkReviews, reviewAgreement, type ReviewInput } from './agreement';
import { krippendorffAlpha, quadraticKappa } from '../stats/agreement';
import { RATINGS, type Rating } from './review';

const HASH = 'a'.repeat(64);

/** A review file of `ratings` (one per item e0, e1, …; null unrated, undefined left out of this file). */
function review(reviewer: string, ratings: readonly (Rating | null | undefined)[], extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    review_version: 1,
    run_card: 'run.json',
    run_card_hash: HASH,
    reviewer,
    sample: { seed: 3, size: ratings.length, strata: 'difficulty', population: 40, per_tier: {} },
    items: ratings.flatMap((rating, i) => (rating === undefined ? [] : [{ entry_id: `e${i}`, difficulty: (i % 2) + 1, segment: null, rating }])),
    ...extra,
  };
}

const ama: Rating[] = ['excellent', 'acceptable', 'gist', 'reject', 'acceptable', 'excellent', 'gist', 'acceptable'];
const kofi: Rating[] = ['excellent', 'gist', 'gist', 'reject', 'excellent', 'excellent', 'reject', 'acceptable'];
const yao: (Rating | null)[] = ['acceptable', 'acceptable', 'gist', null, 'reject', 'excellent', 'gist', 'acceptable'];
const steps = (r: Rating | null | undefined) => (r === null || r === undefined ? null : RATINGS.indexOf(r) + 1);

test('three reviewers: alpha at three levels, kappa per pair and raw agreement, overall and per difficulty tier', () => {
  const inputs: ReviewInput[] = [
    { file: 'a.json', review: review('Ama', ama) },
    { file: 'k.json', review: review('Kofi', kofi) },
    { file: 'y.json', review: review('Yao', yao) },
  ];
  assert.deepEqual(checkReviews(inputs), []);
  const report = reviewAgreement(inputs, { nBootstrap: 200, seed: 9 });
  assert.deepEqual(report.reviewers, ['Ama', 'Kofi', 'Yao']);
  const matrix = ama.map((_, i) => [steps(ama[i]), steps(kofi[i]), steps(yao[i])]);
  assert.deepEqual(
    report.overall.alpha.map((a) => [a.level, a.alpha]),
    (['ordinal', 'nominal', 'interval'] as const).map((l) => [l, krippendorffAlpha(matrix, l)]),
  );
  for (const a of report.overall.alpha) assert.ok(a.lower <= a.upper && a.seed === 9 && a.nBootstrap === 200);
  assert.deepEqual(report.overall.kappa[0], {
    a: 'Ama',
    b: 'Kofi',
    shared: 8,
    kappa: quadraticKappa(ama.map(steps), kofi.map(steps), [1, 2, 3, 4]),
  });
  assert.equal(report.overall.kappa[1].shared, 7, 'Yao left one item unrated');
  assert.equal(report.overall.items, 8);
  assert.equal(report.overall.paired, 8);
  assert.deepEqual(Object.keys(report.by_tier), ['1', '2']);
  const tier1 = matrix.filter((_, i) => i % 2 === 0);
  assert.equal(report.by_tier['1'].alpha[0].alpha, krippendorffAlpha(tier1, 'ordinal'));
  // e4 spans reject..excellent (3 steps), then e0, e1, e6 one step each, in the files' order.
  assert.deepEqual(
    report.disagreements.map((d) => [d.entry_id, d.spread]),
    [
      ['e4', 3],
      ['e0', 1],
      ['e1', 1],
      ['e6', 1],
    ],
  );
  assert.deepEqual(report.disagreements[0].ratings, ['acceptable', 'excellent', 'reject']);
  // The same seed gives the same report.
  assert.deepEqual(reviewAgreement(inputs, { nBootstrap: 200, seed: 9 }), report);
});

test('two reviewers who split the sample with an overlap: only the shared items count, the others are missing values', () => {
  const first = review('Ama', ['excellent', 'gist', 'reject', 'acceptable', undefined, undefined]);
  const second = review('Kofi', [undefined, undefined, 'reject', 'acceptable', 'gist', 'excellent']);
  const report = reviewAgreement([
    { file: 'a.json', review: first },
    { file: 'k.json', review: second },
  ]);
  assert.equal(report.overall.items, 6);
  assert.equal(report.overall.paired, 2);
  assert.equal(report.overall.raw, 1);
  assert.equal(report.overall.kappa[0].shared, 2);
  assert.deepEqual(report.disagreements, []);
});

test('files of another run or another sample, or fewer than two, are refused with the reason', () => {
  const a = { file: 'a.json', review: review('Ama', ama) };
  assert.deepEqual(checkReviews([a]), [{ kind: 'too-few', count: 1 }]);
  assert.deepEqual(checkReviews([a, { file: 'b.json', review: review('Kofi', kofi, { run_card_hash: 'b'.repeat(64) }) }]), [
    { kind: 'other-run', file: 'b.json', first: 'a.json' },
  ]);
  assert.deepEqual(checkReviews([a, { file: 'c.json', review: review('Kofi', kofi, { sample: { seed: 4, size: 8 } }) }]), [
    { kind: 'other-sample', file: 'c.json', first: 'a.json' },
  ]);
  assert.deepEqual(checkReviews([a, { file: 'd.json', review: [] }]), [{ kind: 'not-review', file: 'd.json' }]);
  const team = (name: string, hash: string) => ({ file: `${name}.json`, review: review(name, ama, { sample: { seed: 3, size: 8, sample_hash: hash } }) });
  assert.deepEqual(checkReviews([team('ama', 'c'.repeat(64)), team('kofi', 'c'.repeat(64))]), []);
  assert.deepEqual(checkReviews([team('ama', 'c'.repeat(64)), team('kofi', 'd'.repeat(64))]), [{ kind: 'other-sample', file: 'kofi.json', first: 'ama.json' }]);
});

test('the text report reads in English and French, undefined figures say so, JSON writes them as null', () => {
  const same: Rating[] = ['gist', 'gist'];
  const report = reviewAgreement(
    [
      { file: 'a.json', review: review('', same) },
      { file: 'b.json', review: review('', same) },
    ],
    { nBootstrap: 20 },
  );
  assert.deepEqual(report.reviewers, ['a.json', 'b.json']);
  const en = agreementText(report, 'en');
  assert.match(en, /^2 reviewers \(a\.json, b\.json\) · 2 items, 2 rated by two or more$/m);
  assert.match(en, /alpha ordinal not defined/);
  assert.match(en, /raw agreement 100\.0%/);
  assert.match(en, /every item rated twice or more got the same rating/);
  assert.match(en, /95% intervals: percentile bootstrap over items, 20 resamples, seed 12345/);
  const fr = agreementText(report, 'fr');
  assert.match(fr, /^2 relecteurs/);
  assert.match(fr, /alpha ordinal non défini/);
  assert.match(fr, /accord brut 100,0 %/);
  const json = agreementJson(report) as { overall: { alpha: { alpha: unknown }[] } };
  assert.equal(json.overall.alpha[0].alpha, null);
});
