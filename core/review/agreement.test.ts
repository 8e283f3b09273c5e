import { test } from 'node:test';
import assert from 'node:assert/strict';
import { agreementJson, agreementText, checkReviews, reviewAgreement, teamGate, teamGateText, type ReviewInput } from './agreement';
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
  assert.match(fr, /accord brut 100,0\u00a0%/);
  const json = agreementJson(report) as { overall: { alpha: { alpha: unknown }[] } };
  assert.equal(json.overall.alpha[0].alpha, null);
});

test('the team gate passes only with enough reviewers per item, a high enough alpha lower bound, and enough usable by the median', () => {
  const card = { scores: { quality_tier: 'Deployable' } };
  // 24 items on all four steps; Kofi differs from Ama by one step on 2 items, Yao agrees with Ama throughout.
  const base: Rating[] = Array.from({ length: 24 }, (_, i) => RATINGS[i < 4 ? i : i % 6 === 0 ? 1 : 3]);
  const kofiRatings = base.map((r, i) => (i === 5 ? 'excellent' : i === 7 ? 'gist' : r));
  const inputs = (...files: [string, (Rating | null | undefined)[]][]) =>
    files.map(([name, ratings]) => ({ file: `${name}.json`, review: review(name, ratings) }));
  const gateOf = (files: ReviewInput[]) => teamGate(card, files, reviewAgreement(files, { nBootstrap: 200 }));
  const good = inputs(['ama', base], ['kofi', kofiRatings], ['yao', base]);
  const passed = gateOf(good);
  assert.equal(passed.kind, 'passed', JSON.stringify(passed));
  assert.equal(
    teamGateText(passed, 'en'),
    '§7.2 gate for the deployable claim: passed (every item rated by enough reviewers, agreement and usable share high enough; team ratings: 0 adjudicated, 24 by the reviewers’ median, 0 unrated)',
  );
  assert.equal(teamGate({ scores: { quality_tier: 'functional' } }, good, reviewAgreement(good, { nBootstrap: 20 })).kind, 'not-gated');

  // Yao rates only half: those items have one reviewer.
  const half = inputs(
    ['ama', base.map((r, i) => (i < 12 ? r : undefined))],
    ['yao', base.map((r, i) => (i < 12 ? undefined : r))],
    ['kofi', kofiRatings.map((r, i) => (i < 6 ? r : undefined))],
  );
  const few = gateOf(half);
  assert.equal(few.kind, 'failed');
  assert.deepEqual(few.kind === 'failed' && few.failures.find((f) => f.kind === 'few-reviewers'), { kind: 'few-reviewers', items: 18, fewest: 1, needed: 2 });
  assert.match(teamGateText(few, 'en')!, /not met: 18 items have fewer than 2 reviewers \(the fewest: 1\)/);
  assert.match(teamGateText(few, 'fr')!, /non atteint\u00a0: 18 éléments ont moins de 2 relecteurs \(le moins\u00a0: 1\)/);

  // Reviewers who disagree: the lower bound falls below 0.667, and the figures are said.
  const reversed = base.map((r) => RATINGS[3 - RATINGS.indexOf(r)]);
  const split = gateOf(inputs(['ama', base], ['kofi', reversed]));
  assert.equal(split.kind, 'failed');
  const low = split.kind === 'failed' ? split.failures.find((f) => f.kind === 'low-agreement') : undefined;
  assert.ok(low && low.kind === 'low-agreement' && low.lower < 0.667 && low.needed === 0.667);
  assert.match(teamGateText(split, 'en')!, /ordinal alpha -?\d\.\d{3} has a lower bound -?\d\.\d{3}, below 0\.667/);
  assert.match(teamGateText(split, 'fr')!, /l’alpha ordinal -?\d,\d{3} a une borne basse -?\d,\d{3}, sous 0,667/);

  // One reviewer's file alone never passes: every item has one reviewer, and alpha is not defined.
  const single = gateOf(inputs(['ama', base], ['kofi', base.map(() => undefined)]));
  assert.equal(single.kind, 'failed');
  assert.deepEqual(single.kind === 'failed' && single.failures.map((f) => f.kind), ['few-reviewers', 'low-agreement']);
  assert.match(teamGateText(single, 'en')!, /lower bound not defined, below 0\.667/);

  // Enough agreement, too little usable by the median, with unrated items.
  const poor: Rating[] = base.map((_, i) => (i % 4 === 0 ? 'excellent' : 'gist'));
  const unusable = gateOf(inputs(['ama', [...poor.slice(0, 23), null]], ['kofi', [...poor.slice(0, 23), null]]));
  assert.deepEqual(unusable.kind === 'failed' && unusable.failures.map((f) => f.kind), ['unrated', 'few-reviewers', 'not-usable']);
  assert.match(
    teamGateText(unusable, 'en')!,
    /not met: 1 item rated by no one; 1 item has fewer than 2 reviewers \(the fewest: 0\); 26\.1% usable \(by the team ratings: adjudicated, else the median\), 70\.0% needed \(team ratings: 0 adjudicated, 23 by the reviewers’ median, 1 unrated\)$/,
  );
});
