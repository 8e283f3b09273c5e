import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { sealCard } from '../../test/helpers/sealCard';
import { propertyRuns } from '../../test/helpers/property';
import { PyRandom } from '../stats/pyRandom';
import { teamReviewFileName, teamReviews } from './assignment';
import { drawSample, newReview, RATINGS, reviewableResults, type Rating, type ReviewFile } from './review';
import { cardReviewGate, cardReviewPassed, isTeamReviewFileName, readTeam, teamFilesBeside } from './team';
import { DEFAULT_TEAM_GATE, type ReviewInput } from './agreement';
import { newAdjudication, readAdjudication, disputedItems } from './adjudication';

function cardText(tier = 'deployable', n = 60): string {
  return sealCard({
    run_id: 'r1',
    model_slug: 'example/model',
    dataset: { id: 'eng-ewe' },
    scores: { quality_tier: tier },
    results: Array.from({ length: n }, (_, i) => ({
      entry_id: `e${i}`,
      source: 's',
      reference: 'r',
      predicted: `p${i}`,
      difficulty: (i % 3) + 1,
      segment: 'development',
      error: null,
    })),
  });
}

const truth = (id: string | number): Rating => RATINGS[[3, 3, 2, 3, 2, 3, 3, 2][Number(String(id).slice(1)) % 8]];

/** The team's files of a card, drawn as `review sample --reviewers` draws them, each rated by `rate`. */
function team(text: string, reviewers: string[], overlap: number, rate: (reviewer: string, id: string | number) => Rating | null = (_, id) => truth(id)) {
  const card = JSON.parse(text) as Record<string, unknown>;
  const drawn = drawSample(reviewableResults(card), { size: 24, seed: 5, random: new PyRandom(5), allowSecretSegments: false });
  const files = teamReviews(
    drawn,
    { runCardPath: 'run.json', card, created: '2026-11-28T00:00:00Z', seed: 5, size: 24 },
    { reviewers, overlap, hideReference: false },
  );
  return files.map((f): ReviewInput & { review: ReviewFile } => ({
    file: teamReviewFileName('run.json', f.reviewer),
    review: { ...f, items: f.items.map((it) => ({ ...it, rating: rate(f.reviewer, it.entry_id) })) },
  }));
}

/** The team gate's verdict on a gated claim (the test fails otherwise). */
function gateOf(verdict: ReturnType<typeof cardReviewGate>) {
  if (verdict.kind !== 'team' || verdict.gate.kind === 'not-gated') throw new Error(`not a team's gated verdict: ${verdict.kind}`);
  return verdict.gate;
}

test('two and three reviewers who agree pass the team gate; each condition that fails says so with its figures', () => {
  const text = cardText();
  const card = JSON.parse(text) as unknown;
  const two = team(text, ['ama', 'kofi'], 2);
  const passed = cardReviewGate(text, card, { team: two });
  assert.equal(passed.kind, 'team');
  assert.ok(cardReviewPassed(passed), JSON.stringify(passed.kind === 'team' && passed.gate));
  const three = team(text, ['ama', 'kofi', 'yao'], 2);
  const verdict3 = cardReviewGate(text, card, { team: three });
  assert.ok(verdict3.kind === 'team' && verdict3.reading.counted.length === 3 && cardReviewPassed(verdict3));
  // Three reviewers per item asked of a team that rated each item twice.
  const few = cardReviewGate(text, card, { team: three }, { ...DEFAULT_TEAM_GATE, minReviewers: 3 });
  assert.ok(few.kind === 'team' && few.gate.kind === 'failed');
  assert.deepEqual(few.gate.kind === 'failed' && few.gate.failures, [{ kind: 'few-reviewers', items: 24, fewest: 2, needed: 3 }]);
  // Kofi rates the other way round: alpha's lower bound falls below the floor.
  const split = team(text, ['ama', 'kofi'], 2, (r, id) => (r === 'kofi' ? RATINGS[3 - RATINGS.indexOf(truth(id))] : truth(id)));
  const low = cardReviewGate(text, card, { team: split });
  assert.ok(low.kind === 'team' && low.gate.kind === 'failed');
  const failure = low.gate.kind === 'failed' ? low.gate.failures.find((f) => f.kind === 'low-agreement') : undefined;
  assert.ok(failure && failure.kind === 'low-agreement' && failure.lower < 0.667 && failure.needed === 0.667);
  // A lower floor lets the same figures pass that condition.
  const lenient = cardReviewGate(text, card, { team: two }, { ...DEFAULT_TEAM_GATE, minAlphaLower: 0 });
  assert.ok(cardReviewPassed(lenient));
});

test('no file beside the card can forge a reviewer: a copy renamed, a copy under another file name, a file of another card', () => {
  const text = cardText();
  const card = JSON.parse(text) as unknown;
  const [ama, kofi] = team(text, ['ama', 'kofi'], 1);
  // With overlap 1 each item has one reviewer: the gate fails on reviewers per item.
  const alone = cardReviewGate(text, card, { team: [ama, kofi] });
  assert.ok(alone.kind === 'team' && alone.gate.kind === 'failed' && alone.gate.failures.some((f) => f.kind === 'few-reviewers'));
  // Ama's file copied as a second reviewer's (same items, same order), the name changed: not that reviewer's share.
  const renamed = { file: 'run.review.kofi.json', review: { ...ama.review, reviewer: 'kofi' } };
  const copied = { file: 'run.review.ama2.json', review: ama.review };
  const otherCard = cardText('deployable', 61);
  const foreign = {
    file: 'run.review.yao.json',
    review: { ...ama.review, reviewer: 'yao', run_card_hash: (JSON.parse(otherCard) as { run_card_hash: string }).run_card_hash },
  };
  const reading = readTeam(text, card, [ama, renamed, copied, foreign]);
  assert.deepEqual(
    reading.counted.map((c) => c.file),
    ['run.review.ama.json'],
  );
  assert.deepEqual(
    reading.ignored.map((i) => [i.file, i.why.kind]),
    [
      ['run.review.kofi.json', 'unbound'],
      ['run.review.yao.json', 'unbound'],
      ['run.review.ama2.json', 'repeated-reviewer'],
    ],
  );
  const forged = cardReviewGate(text, card, { team: [ama, renamed, copied, foreign] });
  assert.ok(forged.kind === 'team' && !cardReviewPassed(forged));
  // A full team of overlap 2 where one file is replaced by a renamed copy of the other: one reviewer per item.
  const [a2, k2] = team(text, ['ama', 'kofi'], 2);
  assert.ok(cardReviewPassed(cardReviewGate(text, card, { team: [a2, k2] })));
  const swapped = cardReviewGate(text, card, { team: [a2, { file: k2.file, review: { ...a2.review, reviewer: 'kofi' } }] });
  assert.ok(swapped.kind === 'team' && !cardReviewPassed(swapped));
});

test('a single review shows its summary, marked single, and passes only when one reviewer per item is enough', () => {
  const text = cardText();
  const card = JSON.parse(text) as Record<string, unknown>;
  const drawn = drawSample(reviewableResults(card), { size: 24, seed: 3, random: new PyRandom(3), allowSecretSegments: false });
  const single = newReview(drawn, { runCardPath: 'run.json', card, reviewer: 'ama', created: 'x', seed: 3, size: 24 });
  const rated = { ...single, items: single.items.map((i) => ({ ...i, rating: 'excellent' as const })) };
  const short = cardReviewGate(text, card, { single: rated, team: [] });
  assert.equal(short.kind, 'single-short');
  assert.ok(short.kind === 'single-short' && short.summary.overall.rated === 24 && short.needed === 2);
  const one = cardReviewGate(text, card, { single: rated, team: [] }, { ...DEFAULT_TEAM_GATE, minReviewers: 1 });
  assert.ok(one.kind === 'single' && cardReviewPassed(one));
  assert.equal(cardReviewGate(text, card, { team: [] }).kind, 'no-review');
  assert.equal(cardReviewGate(cardText('functional'), JSON.parse(cardText('functional')), { team: [] }).kind, 'not-gated');
});

test('adjudication lists the items two steps apart or more (configurable), and its ratings with a reason replace the median', () => {
  const text = cardText();
  const card = JSON.parse(text) as unknown;
  // Kofi rates some items reject where Ama says excellent (3 steps), some gist where Ama says acceptable (1 step).
  const ids = (n: number) => Number(String(n).slice(1));
  const files = team(text, ['ama', 'kofi'], 2, (r, id) => {
    if (r === 'ama') return 'excellent';
    const i = ids(id as number);
    return i % 4 === 0 ? 'reject' : i % 4 === 1 ? 'acceptable' : 'excellent';
  });
  const far = disputedItems(files, 2);
  assert.ok(far.length > 0 && far.every((d) => d.spread === 3 && d.ratings.ama === 'excellent' && d.ratings.kofi === 'reject'));
  assert.ok(disputedItems(files, 1).length > far.length);
  const adjudication = newAdjudication(files, { adjudicator: 'efua', created: 'x', threshold: 2, runCardPath: 'run.json' });
  assert.equal(adjudication.items.length, far.length);
  assert.equal(adjudication.run_card_hash, (card as { run_card_hash: string }).run_card_hash);
  assert.equal(adjudication.sample.sample_hash, files[0].review.sample.sample_hash);
  // The median of excellent and reject is reject (the more cautious middle): the usable share falls.
  const before = cardReviewGate(text, card, { team: files });
  assert.ok(before.kind === 'team' && before.gate.kind !== 'not-gated' && before.gate.decided.adjudicated === 0);
  // The adjudicator says excellent, with a reason, for all but one (no reason: it does not count).
  const decided = {
    ...adjudication,
    items: adjudication.items.map((it, i) => ({ ...it, rating: 'excellent', comment: i === 0 ? '' : 'the output is right; kofi misread the source' })),
  };
  const reading = readAdjudication(decided, files);
  assert.equal(reading.decisions.size, far.length - 1);
  assert.deepEqual(reading.ignored, [{ entry_id: far[0].entry_id, why: 'no-reason' }]);
  assert.equal(reading.pending, 1);
  const after = gateOf(cardReviewGate(text, card, { team: files, adjudication: decided }));
  assert.equal(after.decided.adjudicated, far.length - 1);
  assert.ok(after.combined.overall.usable_rate! > gateOf(before).combined.overall.usable_rate!);
  // An adjudication cannot re-rate what the team agrees on, nor be one of another run or sample.
  const agreed = files[0].review.items.find((i) => !far.some((d) => d.entry_id === i.entry_id))!;
  const overreach = { ...decided, items: [...decided.items, { ...decided.items[1], entry_id: agreed.entry_id, rating: 'reject' }] };
  assert.deepEqual(readAdjudication(overreach, files).ignored.at(-1), { entry_id: agreed.entry_id, why: 'not-disputed' });
  assert.equal(readAdjudication({ ...decided, run_card_hash: 'f'.repeat(64) }, files).problem?.kind, 'other-run');
  assert.equal(readAdjudication({ ...decided, sample: { ...decided.sample, seed: 6 } }, files).problem?.kind, 'other-sample');
  assert.equal(readAdjudication({ ...decided, threshold: 7 }, files).problem?.kind, 'threshold');
  const refused = cardReviewGate(text, card, { team: files, adjudication: { ...decided, run_card_hash: 'f'.repeat(64) } });
  assert.ok(refused.kind === 'team' && refused.gate.kind !== 'not-gated' && refused.gate.decided.adjudicated === 0);
});

test("a team file's name is recognised beside its card only, and the files beside a card are read in name order", async () => {
  fc.assert(
    fc.property(fc.stringMatching(/^[a-z][a-z0-9_-]{0,20}$/), fc.stringMatching(/^[a-z][a-z0-9]{0,10}$/), (name, card) => {
      assert.ok(isTeamReviewFileName(`${card}.json`, teamReviewFileName(`${card}.json`, name)));
      assert.ok(!isTeamReviewFileName(`${card}.json`, `${card}.review.json`));
      assert.ok(!isTeamReviewFileName(`${card}x.json`, teamReviewFileName(`${card}.json`, name)));
    }),
    propertyRuns(200),
  );
  const read = await teamFilesBeside(
    'run.json',
    ['run.review.kofi.json', 'run.json', 'run.review.json', 'run.review.ama.json', 'run.adjudication.json'],
    (n) => (n === 'run.review.kofi.json' ? 'not json' : JSON.stringify({ name: n })),
  );
  assert.deepEqual(read, { team: [{ file: 'run.review.ama.json', review: { name: 'run.review.ama.json' } }], adjudication: { name: 'run.adjudication.json' } });
});

test('an adjudication read from any JSON never throws, and decides only items the team disputes, each with a reason', () => {
  const text = cardText();
  const files = team(text, ['ama', 'kofi'], 2, (r, id) => (r === 'kofi' && Number(String(id).slice(1)) % 3 === 0 ? 'reject' : 'excellent'));
  const base = newAdjudication(files, { adjudicator: 'efua', created: 'x', threshold: 2, runCardPath: 'run.json' });
  const disputed = new Set(disputedItems(files, 2).map((d) => String(d.entry_id)));
  const item = fc.record({
    entry_id: fc.oneof(fc.constantFrom(...files[0].review.items.map((i) => i.entry_id)), fc.string(), fc.integer()),
    rating: fc.oneof(fc.constantFrom(...RATINGS), fc.constant(null), fc.string()),
    comment: fc.oneof(fc.string(), fc.constant(''), fc.constant(3)),
  });
  fc.assert(
    fc.property(fc.array(item, { maxLength: 30 }), fc.anything(), (items, junk) => {
      const reading = readAdjudication({ ...base, items }, files);
      assert.equal(reading.problem, undefined);
      for (const d of reading.decided) assert.ok(disputed.has(String(d.entry_id)), `decided ${String(d.entry_id)}, not disputed`);
      assert.equal(reading.decided.length, reading.decisions.size);
      readAdjudication(junk, files);
    }),
    propertyRuns(300),
  );
});
