import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { main } from '../main';
import { captureIo } from '../../test/helpers/captureIo';
import { sealCard } from '../../test/helpers/sealCard';

function cardWith(n: number, tier: string): Record<string, unknown> {
  return {
    run_id: 'r1',
    model_slug: 'example/model',
    dataset: { id: 'eng-ewe' },
    scores: { quality_tier: tier },
    results: Array.from({ length: n }, (_, i) => ({
      entry_id: `e${i}`,
      source: 'x',
      reference: 'y',
      predicted: 'z',
      difficulty: (i % 3) + 1,
      segment: i === 0 ? 'gold_standard' : 'development',
      error: null,
    })),
  };
}

function folder(card: Record<string, unknown>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ewb-review-'));
  fs.mkdirSync(path.join(dir, 'cards'));
  fs.writeFileSync(path.join(dir, 'cards', 'run.json'), sealCard(card));
  return dir;
}

test('review sample writes a review beside the card: seeded, stratified, reproducible, secret segments left out', async () => {
  const dir = folder(cardWith(30, 'deployable'));
  const io = captureIo(dir);
  assert.equal(await main(['review', 'sample', 'cards/run.json', '--size', '9', '--seed', '42', '--reviewer', 'Ama'], io), 0, io.err);
  assert.match(io.out, /cards\/run\.review\.json: 9 of 29 outputs drawn \(seed 42; per difficulty tier 1: 3, 2: 3, 3: 3\)/);
  assert.match(io.out, /1 entry of secret segments left out/);
  const review = JSON.parse(fs.readFileSync(path.join(dir, 'cards', 'run.review.json'), 'utf8'));
  assert.equal(review.run_card, 'run.json');
  assert.equal(review.run_card_hash, JSON.parse(fs.readFileSync(path.join(dir, 'cards', 'run.json'), 'utf8')).run_card_hash);
  assert.equal(review.reviewer, 'Ama');
  assert.deepEqual(review.sample.seed, 42);
  assert.equal(review.items.length, 9);
  assert.ok(review.items.every((i: { rating: unknown }) => i.rating === null));
  // The same seed again draws the same items; an existing review is never overwritten.
  const again = captureIo(dir);
  assert.equal(await main(['review', 'sample', 'cards/run.json', '--size', '9', '--seed', '42', '--out', 'other.json'], again), 0, again.err);
  assert.deepEqual(JSON.parse(fs.readFileSync(path.join(dir, 'other.json'), 'utf8')).items, review.items);
  assert.equal(JSON.parse(fs.readFileSync(path.join(dir, 'other.json'), 'utf8')).run_card, 'cards/run.json');
  const refused = captureIo(dir);
  assert.equal(await main(['review', 'sample', 'cards/run.json', '--size', '9', '--seed', '1'], refused), 2);
  assert.match(refused.err, /already there/);
});

test('review summary counts the ratings per tier and says whether the §7.2 gate is met; validate reports the gate on the card', async () => {
  const dir = folder(cardWith(30, 'deployable'));
  assert.equal(await main(['review', 'sample', 'cards/run.json', '--size', '24', '--seed', '5'], captureIo(dir)), 0);
  const file = path.join(dir, 'cards', 'run.review.json');
  // One reviewer per item allowed: a single review's own conditions (the default asks two, see below).
  const validateCard = async (minReviewers = '1') => {
    const io = captureIo(dir);
    await main(['validate', 'cards', '--format', 'json', '--min-reviewers', minReviewers], io);
    return (JSON.parse(io.out) as { file: string; diagnostics: { code: string }[] }[]).flatMap((r) =>
      r.diagnostics.map((d) => `${path.basename(r.file)}:${d.code}`),
    );
  };
  assert.ok((await validateCard()).includes('run.json:review-gate'), 'no rating yet: the gate is not met');
  const review = JSON.parse(fs.readFileSync(file, 'utf8'));
  review.items.forEach((item: { rating: string }, i: number) => (item.rating = i < 20 ? 'excellent' : 'gist'));
  fs.writeFileSync(file, JSON.stringify(review, null, 2));
  const io = captureIo(dir);
  assert.equal(await main(['review', 'summary', 'cards/run.review.json', '--format', 'json', '--min-reviewers', '1'], io), 0, io.err);
  const out = JSON.parse(io.out);
  assert.equal(out.binding, 'bound');
  assert.deepEqual(
    { rated: out.overall.rated, excellent: out.overall.excellent, gist: out.overall.gist, usable: out.overall.usable_rate },
    { rated: 24, excellent: 20, gist: 4, usable: 0.8333 },
  );
  assert.deepEqual(Object.keys(out.by_tier), ['1', '2', '3']);
  assert.equal(out.gate.verdict, 'passed');
  assert.ok(!(await validateCard()).some((d) => d.endsWith('review-gate')));
  // By default the gate asks two reviewers per item: the single review still shows its summary, marked single.
  assert.ok((await validateCard('2')).includes('run.json:review-gate'));
  const byDefault = captureIo(dir);
  assert.equal(await main(['review', 'summary', 'cards/run.review.json', '--format', 'json'], byDefault), 0);
  assert.equal(JSON.parse(byDefault.out).gate.verdict, 'single-review');
  const shortText = captureIo(dir);
  assert.equal(await main(['review', 'summary', 'cards/run.review.json'], shortText), 0);
  assert.match(shortText.out, /24\/24 rated .* 83\.3% usable/);
  assert.match(shortText.out, /§7\.2 gate: not met for the card's deployable claim: a single review, and the gate asks 2 reviewers per item/);
  const text = captureIo(dir);
  assert.equal(await main(['review', 'summary', 'cards/run.review.json', '--min-reviewers', '1'], text), 0);
  assert.match(text.out, /24\/24 rated · reject 0 · gist 4 · acceptable 0 · excellent 20 · 83\.3% usable/);
  assert.match(text.out, /§7\.2 gate: passed/);
  assert.match(shortText.out, /a single review: one reviewer rated these items; a team’s §7\.2 gate needs at least 2 reviewers per item/);
  assert.equal(out.single_review, true);
});

test('a review whose card changed is reported by summary (exit 1) and by validate on the review', async () => {
  const dir = folder(cardWith(10, 'functional'));
  assert.equal(await main(['review', 'sample', 'cards/run.json', '--size', '3', '--seed', '1'], captureIo(dir)), 0);
  // Another run: the card written again (one output changed) and sealed again.
  const other = cardWith(10, 'functional');
  (other.results as { predicted: string }[])[0].predicted = 'w';
  fs.writeFileSync(path.join(dir, 'cards', 'run.json'), sealCard(other));
  const io = captureIo(dir);
  assert.equal(await main(['review', 'summary', 'cards/run.review.json'], io), 1);
  assert.match(io.out, /not a review of the run card run\.json: it rated the run sealed \w{12}, this card is sealed \w{12}/);
  const v = captureIo(dir);
  assert.equal(await main(['validate', 'cards/run.review.json'], v), 1);
  assert.match(v.out, /error review-card/);
});

test('review flags are checked: size and seed are whole numbers in range', async () => {
  const dir = folder(cardWith(5, 'functional'));
  for (const args of [
    ['--size', '0', '--seed', '1'],
    ['--size', '1e9', '--seed', '1'],
    ['--size', '3'],
    ['--size', '3', '--seed', '-2'],
  ]) {
    const io = captureIo(dir);
    assert.equal(await main(['review', 'sample', 'cards/run.json', ...args], io), 2, args.join(' '));
    assert.match(io.err, /--(size|seed)/);
  }
});

interface ReviewJson {
  run_card: string;
  run_card_hash: string;
  sample: { seed: number; size: number; per_tier: Record<string, number>; population: number };
  items: { entry_id: string; difficulty: number; rating: string | null }[];
}

/** A Deployable card, its seeded sample drawn by `review sample` and every item rated excellent: the gate passes. */
async function passingReview(): Promise<{ dir: string; review: ReviewJson; reviewFile: string }> {
  const dir = folder(cardWith(60, 'deployable'));
  const drew = captureIo(dir);
  assert.equal(await main(['review', 'sample', 'cards/run.json', '--size', '24', '--seed', '5'], drew), 0, drew.err);
  const reviewFile = path.join(dir, 'cards', 'run.review.json');
  const review = JSON.parse(fs.readFileSync(reviewFile, 'utf8')) as ReviewJson;
  for (const item of review.items) item.rating = 'excellent';
  fs.writeFileSync(reviewFile, JSON.stringify(review, null, 2));
  return { dir, review, reviewFile };
}

async function gateCodes(dir: string, locale = 'en_GB.UTF-8'): Promise<{ codes: string[]; messages: string[] }> {
  const io = captureIo(dir);
  const lang = process.env.LANG;
  process.env.LANG = locale;
  try {
    // One reviewer per item allowed: these tests hold a single review to its own conditions.
    await main(['validate', 'cards', '--format', 'json', '--min-reviewers', '1'], io);
  } finally {
    process.env.LANG = lang;
  }
  const reports = JSON.parse(io.out) as { file: string; diagnostics: { code: string; message: string }[] }[];
  const all = reports.flatMap((r) => r.diagnostics.map((d) => ({ at: `${path.basename(r.file)}:${d.code}`, message: d.message })));
  return { codes: all.map((d) => d.at), messages: all.filter((d) => d.at.endsWith(':review-gate')).map((d) => d.message) };
}

async function summaryOf(dir: string, file = 'cards/run.review.json') {
  const io = captureIo(dir);
  const code = await main(['review', 'summary', file, '--min-reviewers', '1'], io);
  const json = captureIo(dir);
  await main(['review', 'summary', file, '--format', 'json', '--min-reviewers', '1'], json);
  return { code, out: io.out, json: JSON.parse(json.out) as { binding: string; gate: { verdict: string } | null } };
}

test('the §7.2 gate holds only for the seeded sample: each forged review of a drawn sample fails, and says why', async (t) => {
  const { dir, review, reviewFile } = await passingReview();
  const genuine = await summaryOf(dir);
  assert.equal(genuine.code, 0);
  assert.equal(genuine.json.gate?.verdict, 'passed');
  assert.match(genuine.out, /§7\.2 gate: passed/);
  assert.deepEqual(
    (await gateCodes(dir)).codes.filter((c) => /review-(gate|card)$/.test(c)),
    [],
    'the genuine review passes validate',
  );

  const forge = async (name: string, forged: unknown, why: RegExp) => {
    await t.test(name, async () => {
      fs.writeFileSync(reviewFile, JSON.stringify(forged, null, 2));
      const s = await summaryOf(dir);
      assert.notEqual(s.json.gate?.verdict, 'passed', `${name}: summary`);
      assert.doesNotMatch(s.out, /gate: passed/);
      const v = await gateCodes(dir);
      assert.ok(v.codes.includes('run.json:review-gate'), `${name}: validate on the card: ${v.codes.join(', ')}`);
      assert.match(v.messages.join('\n'), why);
      const fr = await gateCodes(dir, 'fr_FR.UTF-8');
      assert.match(fr.messages.join('\n'), /revendique le niveau deployable/);
    });
  };
  const drawnIds = new Set(review.items.map((i) => i.entry_id));
  await forge('one entry listed twenty times, all excellent', { ...review, items: Array.from({ length: 20 }, () => review.items[0]) }, /listed 20 times/);
  // Twenty-four outputs picked by hand (those the draw left out), in the drawn tiers, with the header made to fit.
  const card = JSON.parse(fs.readFileSync(path.join(dir, 'cards', 'run.json'), 'utf8')) as {
    results: { entry_id: string; difficulty: number; segment: string }[];
  };
  const picked = card.results.filter((r) => !drawnIds.has(r.entry_id) && r.segment !== 'gold_standard').slice(0, 24);
  const perTier: Record<string, number> = {};
  for (const r of picked) perTier[r.difficulty] = (perTier[r.difficulty] ?? 0) + 1;
  await forge(
    'hand-picked outputs with a made-up per_tier',
    {
      ...review,
      sample: { ...review.sample, per_tier: perTier },
      items: picked.map((r) => ({ entry_id: r.entry_id, difficulty: r.difficulty, segment: r.segment, rating: 'excellent' })),
    },
    /not the sample seed 5 and size 24 draw from this card \(.*was not drawn/,
  );
  await forge(
    'the drawn items with a made-up per_tier',
    { ...review, sample: { ...review.sample, per_tier: { '1': 24 } } },
    /`sample\.per_tier` differs from the draw/,
  );
  await forge('the drawn items with another seed written in', { ...review, sample: { ...review.sample, seed: 6 } }, /not the sample seed 6/);
  await forge(
    'an item moved to another difficulty tier',
    { ...review, items: review.items.map((i, n) => (n === 0 ? { ...i, difficulty: i.difficulty === 1 ? 3 : 1 } : i)) },
    /in tier \d, not \d/,
  );
  await forge('half the drawn items left out', { ...review, items: review.items.slice(0, 12) }, /12 drawn entries missing/);
  await forge(
    'ratings edited to a value that is not a rating',
    { ...review, items: review.items.map((i, n) => (n < 3 ? { ...i, rating: 'great' } : i)) },
    /3 items of its review are not rated yet/,
  );
  await forge(
    'the seal of the card copied into a review of other items',
    { ...review, items: review.items.map((i) => ({ ...i, entry_id: `${i.entry_id}x` })) },
    /was not drawn/,
  );
  fs.writeFileSync(reviewFile, JSON.stringify(review, null, 2));
  assert.equal((await summaryOf(dir)).json.gate?.verdict, 'passed', 'the genuine review, written back, passes again');
});

test('a card edited after its run keeps its old run_card_hash in vain: never sampled, its review never bound or gated', async () => {
  const { dir } = await passingReview();
  const cardFile = path.join(dir, 'cards', 'run.json');
  const card = JSON.parse(fs.readFileSync(cardFile, 'utf8')) as { results: { predicted: string }[] };
  for (const r of card.results) r.predicted = 'a better output';
  fs.writeFileSync(cardFile, JSON.stringify(card, null, 2));
  const again = captureIo(dir);
  assert.equal(await main(['review', 'sample', 'cards/run.json', '--size', '5', '--seed', '1', '--out', 'again.json'], again), 2);
  assert.match(again.err, /does not verify/);
  assert.ok(!fs.existsSync(path.join(dir, 'again.json')));
  const s = await summaryOf(dir);
  assert.equal(s.code, 1);
  assert.equal(s.json.binding, 'card-unverified');
  assert.equal(s.json.gate, null);
  assert.match(s.out, /this card does not verify/);
  const v = await gateCodes(dir);
  assert.ok(v.codes.includes('run.json:run-card-hash-mismatch'));
  assert.ok(v.codes.includes('run.json:review-gate'));
  assert.ok(v.codes.includes('run.review.json:review-card'));
  assert.match(v.messages.join('\n'), /does not verify/);
});

test("a review moved beside another card does not open that card's gate", async () => {
  const { dir, reviewFile } = await passingReview();
  const other = cardWith(60, 'deployable');
  (other.results as { predicted: string }[])[3].predicted = 'another model';
  fs.writeFileSync(path.join(dir, 'cards', 'other.json'), sealCard(other));
  fs.copyFileSync(reviewFile, path.join(dir, 'cards', 'other.review.json'));
  const v = await gateCodes(dir);
  assert.ok(v.codes.includes('other.json:review-gate'), v.codes.join(', '));
  assert.ok(!v.codes.includes('run.json:review-gate'));
  assert.match(v.messages.join('\n'), /it rated the run sealed \w{12}, this card is sealed \w{12}/);
});

test('review summary falls back to the card it sits beside, and exits 1 when no card can be read', async () => {
  const dir = folder(cardWith(30, 'deployable'));
  // Drawn into the folder above the card, then moved beside it: its run_card path no longer reads from there.
  assert.equal(await main(['review', 'sample', 'cards/run.json', '--size', '4', '--seed', '2', '--out', 'drawn.json'], captureIo(dir)), 0);
  const moved = path.join(dir, 'cards', 'run.review.json');
  fs.renameSync(path.join(dir, 'drawn.json'), moved);
  assert.equal(JSON.parse(fs.readFileSync(moved, 'utf8')).run_card, 'cards/run.json');
  const bound = await summaryOf(dir);
  assert.equal(bound.code, 0, bound.out);
  assert.equal(bound.json.binding, 'bound');
  // The run written again: the card beside it is another run, said and exit 1 (not a "cannot read" warning).
  const other = cardWith(30, 'deployable');
  (other.results as { predicted: string }[])[1].predicted = 'w';
  fs.writeFileSync(path.join(dir, 'cards', 'run.json'), sealCard(other));
  const changed = await summaryOf(dir);
  assert.equal(changed.code, 1);
  assert.equal(changed.json.binding, 'card-changed');
  assert.match(changed.out, /not a review of the run card run\.json: it rated the run sealed/);
  const v = captureIo(dir);
  assert.equal(await main(['validate', 'cards/run.review.json'], v), 1);
  assert.match(v.out, /error review-card/);
  fs.rmSync(path.join(dir, 'cards', 'run.json'));
  const missing = await summaryOf(dir);
  assert.equal(missing.code, 1);
  assert.equal(missing.json.binding, 'card-missing');
  assert.match(missing.out, /cannot be read/);
});

test('review agreement compares the files of two and three reviewers of one sample: text, JSON, French, refusals', async () => {
  const dir = folder(cardWith(30, 'deployable'));
  const ratingsBy: Record<string, string[]> = {
    ama: ['excellent', 'acceptable', 'gist', 'reject', 'acceptable', 'excellent', 'gist', 'acceptable', 'excellent'],
    kofi: ['excellent', 'gist', 'gist', 'reject', 'excellent', 'excellent', 'reject', 'acceptable', 'acceptable'],
    yao: ['acceptable', 'acceptable', 'gist', 'gist', 'reject', 'excellent', 'gist', 'acceptable', 'excellent'],
  };
  for (const name of Object.keys(ratingsBy)) {
    const drew = captureIo(dir);
    assert.equal(
      await main(['review', 'sample', 'cards/run.json', '--size', '9', '--seed', '42', '--reviewer', name, '--out', `${name}.json`], drew),
      0,
      drew.err,
    );
    const file = path.join(dir, `${name}.json`);
    const review = JSON.parse(fs.readFileSync(file, 'utf8')) as ReviewJson;
    review.items.forEach((item, i) => (item.rating = ratingsBy[name][i]));
    fs.writeFileSync(file, JSON.stringify(review, null, 2));
  }
  const two = captureIo(dir);
  assert.equal(await main(['review', 'agreement', 'ama.json', 'kofi.json', '--format', 'json', '--seed', '7'], two), 0, two.err);
  const report = JSON.parse(two.out) as {
    reviewers: string[];
    overall: {
      items: number;
      paired: number;
      alpha: { level: string; alpha: number; lower: number; upper: number }[];
      kappa: { a: string; b: string; shared: number }[];
    };
    by_tier: Record<string, unknown>;
    disagreements: { spread: number }[];
    bootstrap: { seed: number; n_bootstrap: number };
  };
  assert.deepEqual(report.reviewers, ['ama', 'kofi']);
  assert.deepEqual([report.overall.items, report.overall.paired], [9, 9]);
  assert.deepEqual(
    report.overall.alpha.map((a) => a.level),
    ['ordinal', 'nominal', 'interval'],
  );
  assert.deepEqual(
    report.overall.kappa.map((k) => [k.a, k.b, k.shared]),
    [['ama', 'kofi', 9]],
  );
  assert.deepEqual(Object.keys(report.by_tier), ['1', '2', '3']);
  assert.deepEqual(
    report.disagreements.map((d) => d.spread),
    [1, 1, 1, 1],
  );
  assert.deepEqual(report.bootstrap, { n_bootstrap: 1000, seed: 7, confidence_level: 0.95 });
  const again = captureIo(dir);
  assert.equal(await main(['review', 'agreement', 'ama.json', 'kofi.json', '--format', 'json', '--seed', '7'], again), 0);
  assert.equal(again.out, two.out, 'the same seed gives the same intervals');

  const three = captureIo(dir);
  assert.equal(await main(['review', 'agreement', 'ama.json', 'kofi.json', 'yao.json'], three), 0, three.err);
  assert.match(three.out, /^3 reviewers \(ama, kofi, yao\) · 9 items, 9 rated by two or more$/m);
  assert.match(
    three.out,
    /^overall: alpha ordinal -?\d\.\d{3} \[-?\d\.\d{3}, -?\d\.\d{3}\] · alpha nominal .* · alpha interval .* · raw agreement \d+\.\d% · 9 of 9 items/m,
  );
  assert.match(three.out, /quadratic kappa: ama–kofi -?\d\.\d{3} \(9 items\) · ama–yao .* · kofi–yao /);
  assert.match(three.out, /^difficulty 1: /m);
  assert.match(three.out, /widest disagreement first:\n {2}entry e\d+ \(difficulty \d\): ama acceptable · kofi excellent · yao reject — 3 steps apart/);

  const lang = process.env.LANG;
  process.env.LANG = 'fr_FR.UTF-8';
  try {
    const fr = captureIo(dir);
    assert.equal(await main(['review', 'agreement', 'ama.json', 'kofi.json', 'yao.json'], fr), 0);
    assert.match(fr.out, /^3 relecteurs \(ama, kofi, yao\)/);
    assert.match(fr.out, /plus grands désaccords d’abord/);
    assert.match(fr.out, /bootstrap percentile sur les items, 1000 rééchantillonnages, graine 12345/);
  } finally {
    if (lang === undefined) delete process.env.LANG;
    else process.env.LANG = lang;
  }

  // Another sample, and a single file, are refused.
  assert.equal(await main(['review', 'sample', 'cards/run.json', '--size', '9', '--seed', '43', '--out', 'other.json'], captureIo(dir)), 0);
  const refused = captureIo(dir);
  assert.equal(await main(['review', 'agreement', 'ama.json', 'other.json'], refused), 2);
  assert.match(refused.err, /other\.json: rates another sample than ama\.json/);
  const alone = captureIo(dir);
  assert.equal(await main(['review', 'agreement', 'ama.json'], alone), 2);
  assert.match(alone.err, /at least two reviewers \(1 given\)/);
});

interface TeamReviewJson extends ReviewJson {
  reviewer: string;
  model_slug: string | null;
  run_id: string | null;
  sample: ReviewJson['sample'] & { sample_hash: string };
  assignment: { reviewers: string[]; overlap: number; order_seed: number; hidden: string[] };
}

test('review sample --reviewers writes one file per reviewer: each bound to the card and the sample, overlap K, own order, nothing of the model', async () => {
  const dir = folder(cardWith(30, 'deployable'));
  const drew = captureIo(dir);
  assert.equal(
    await main(
      ['review', 'sample', 'cards/run.json', '--size', '12', '--seed', '42', '--reviewers', 'ama,kofi,yao', '--overlap', '2', '--hide-reference'],
      drew,
    ),
    0,
    drew.err,
  );
  assert.match(
    drew.out,
    /12 of 29 outputs drawn \(seed 42; per difficulty tier 1: 4, 2: 4, 3: 4\); 3 reviewers, each item rated by 2; the reference is hidden/,
  );
  assert.match(drew.out, /cards\/run\.review\.ama\.json: ama, 8 items in their own order/);
  const read = (name: string) => JSON.parse(fs.readFileSync(path.join(dir, 'cards', `run.review.${name}.json`), 'utf8')) as TeamReviewJson;
  const files = ['ama', 'kofi', 'yao'].map(read);
  const single = captureIo(dir);
  assert.equal(await main(['review', 'sample', 'cards/run.json', '--size', '12', '--seed', '42', '--out', 'single.json'], single), 0);
  const whole = (JSON.parse(fs.readFileSync(path.join(dir, 'single.json'), 'utf8')) as ReviewJson).items.map((i) => i.entry_id);
  for (const f of files) {
    assert.equal(f.model_slug, null);
    assert.equal(f.run_id, null);
    assert.deepEqual(f.assignment.hidden, ['model', 'scores', 'other_ratings', 'reference']);
    assert.deepEqual([f.assignment.reviewers, f.assignment.overlap], [['ama', 'kofi', 'yao'], 2]);
    assert.equal(f.sample.sample_hash, files[0].sample.sample_hash);
    assert.equal(f.items.length, 8);
    assert.ok(f.items.every((i) => i.rating === null && whole.includes(i.entry_id)));
  }
  // Every drawn item is in exactly two files; no two reviewers see the same sequence.
  for (const id of whole) assert.equal(files.filter((f) => f.items.some((i) => i.entry_id === id)).length, 2, id);
  const orders = files.map((f) => f.items.map((i) => i.entry_id).join(' '));
  assert.equal(new Set(orders).size, 3);

  // Each file validates as a review of the card; a file with another reviewer's item does not.
  const validate = async (file: string) => {
    const io = captureIo(dir);
    await main(['validate', file, '--format', 'json'], io);
    return (JSON.parse(io.out) as { diagnostics: { code: string; message: string }[] }[]).flatMap((r) => r.diagnostics);
  };
  for (const name of ['ama', 'kofi', 'yao']) assert.deepEqual(await validate(`cards/run.review.${name}.json`), [], name);
  const forged = read('ama');
  const notAma = whole.find((id) => !forged.items.some((i) => i.entry_id === id))!;
  forged.items[0].entry_id = notAma;
  fs.writeFileSync(path.join(dir, 'cards', 'run.review.ama.json'), JSON.stringify(forged, null, 2));
  assert.ok((await validate('cards/run.review.ama.json')).some((d) => d.code === 'review-card'));
  const wrongSeed = read('kofi');
  wrongSeed.assignment.order_seed += 1;
  fs.writeFileSync(path.join(dir, 'cards', 'run.review.kofi.json'), JSON.stringify(wrongSeed, null, 2));
  assert.ok((await validate('cards/run.review.kofi.json')).some((d) => d.code === 'review-card' && /`assignment` does not hold/.test(d.message)));

  // Drawing again for the same names refuses before writing anything.
  const again = captureIo(dir);
  assert.equal(await main(['review', 'sample', 'cards/run.json', '--size', '12', '--seed', '42', '--reviewers', 'zoe,yao'], again), 2);
  assert.match(again.err, /run\.review\.yao\.json: a review is already there/);
  assert.ok(!fs.existsSync(path.join(dir, 'cards', 'run.review.zoe.json')));
});

test('review sample --reviewers without --overlap gives every item to every reviewer; bad lists are refused', async () => {
  const dir = folder(cardWith(12, 'functional'));
  const drew = captureIo(dir);
  assert.equal(await main(['review', 'sample', 'cards/run.json', '--size', '6', '--seed', '1', '--reviewers', 'ama,kofi'], drew), 0, drew.err);
  const read = (name: string) => JSON.parse(fs.readFileSync(path.join(dir, 'cards', `run.review.${name}.json`), 'utf8')) as TeamReviewJson;
  const [ama, kofi] = [read('ama'), read('kofi')];
  assert.equal(ama.items.length, 6);
  assert.deepEqual(ama.items.map((i) => i.entry_id).sort(), kofi.items.map((i) => i.entry_id).sort());
  assert.deepEqual(ama.assignment.hidden, ['model', 'scores', 'other_ratings']);
  // Rated, the two files compare with review agreement.
  for (const [name, file] of [
    ['ama', ama],
    ['kofi', kofi],
  ] as const) {
    for (const item of file.items) item.rating = Number(item.entry_id.slice(1)) % 2 ? 'excellent' : 'gist';
    fs.writeFileSync(path.join(dir, 'cards', `run.review.${name}.json`), JSON.stringify(file, null, 2));
  }
  const summary = captureIo(dir);
  assert.equal(await main(['review', 'summary', 'cards/run.review.ama.json'], summary), 0, summary.err);
  assert.match(summary.out, /6\/6 rated/);
  assert.match(summary.out, /ama’s share of a team review \(ama, kofi; 2 per item\): review agreement compares the files/);
  assert.doesNotMatch(summary.out, /a single review/);
  const agree = captureIo(dir);
  assert.equal(await main(['review', 'agreement', 'cards/run.review.ama.json', 'cards/run.review.kofi.json'], agree), 0, agree.err);
  assert.match(agree.out, /raw agreement 100\.0%/);
  for (const args of [
    ['--reviewers', 'ama,ama'],
    ['--reviewers', 'ama,../kofi'],
    ['--reviewers', 'ama,kofi', '--overlap', '3'],
    ['--reviewers', 'ama,kofi', '--out', 'x.json'],
    ['--overlap', '2'],
  ]) {
    const io = captureIo(dir);
    assert.equal(await main(['review', 'sample', 'cards/run.json', '--size', '6', '--seed', '2', ...args], io), 2, args.join(' '));
    assert.match(io.err, /--(reviewers|overlap)/);
  }
});

test('review agreement says whether the team passes the §7.2 gate, and which condition fails with its figures', async () => {
  const dir = folder(cardWith(60, 'deployable'));
  assert.equal(
    await main(['review', 'sample', 'cards/run.json', '--size', '24', '--seed', '3', '--reviewers', 'ama,kofi,yao', '--overlap', '2'], captureIo(dir)),
    0,
  );
  const file = (name: string) => path.join(dir, 'cards', `run.review.${name}.json`);
  const rate = (name: string, rating: (id: string) => string) => {
    const review = JSON.parse(fs.readFileSync(file(name), 'utf8')) as TeamReviewJson;
    for (const item of review.items) item.rating = rating(item.entry_id);
    fs.writeFileSync(file(name), JSON.stringify(review, null, 2));
  };
  const steps = ['reject', 'gist', 'acceptable', 'excellent'];
  const truth = (id: string) => steps[[3, 3, 2, 3, 1, 0, 3, 2][Number(id.slice(1)) % 8]];
  for (const name of ['ama', 'kofi', 'yao']) rate(name, truth);
  const files = ['cards/run.review.ama.json', 'cards/run.review.kofi.json', 'cards/run.review.yao.json'];
  const agreed = captureIo(dir);
  assert.equal(await main(['review', 'agreement', ...files], agreed), 0, agreed.err);
  assert.match(agreed.out, /§7\.2 gate for the deployable claim: passed/);
  const json = captureIo(dir);
  assert.equal(await main(['review', 'agreement', ...files, '--format', 'json'], json), 0);
  assert.deepEqual(JSON.parse(json.out).gate, { verdict: 'passed', minRated: 20, minUsableRate: 0.7, minReviewers: 2, minAlphaLower: 0.667 });

  // Two of the three files: the items Yao shared with only one of them have one reviewer.
  const two = captureIo(dir);
  assert.equal(await main(['review', 'agreement', ...files.slice(0, 2)], two), 0);
  assert.match(two.out, /§7\.2 gate for the deployable claim: not met: 16 items have fewer than 2 reviewers \(the fewest: 1\)/);

  // Yao rates the opposite way: agreement falls, with the figures.
  rate('yao', (id) => steps[3 - steps.indexOf(truth(id))]);
  const split = captureIo(dir);
  assert.equal(await main(['review', 'agreement', ...files], split), 0);
  assert.match(split.out, /not met: ordinal alpha -?\d\.\d{3} has a lower bound -?\d\.\d{3}, below 0\.667/);

  // A file that no longer binds to the card: said, and no gate.
  const forged = JSON.parse(fs.readFileSync(file('kofi'), 'utf8')) as TeamReviewJson;
  forged.assignment.order_seed += 1;
  fs.writeFileSync(file('kofi'), JSON.stringify(forged, null, 2));
  const unbound = captureIo(dir);
  assert.equal(await main(['review', 'agreement', ...files], unbound), 1);
  assert.match(unbound.out, /cards\/run\.review\.kofi\.json: .*`assignment` does not hold/);
  assert.doesNotMatch(unbound.out, /§7\.2 gate/);
});
