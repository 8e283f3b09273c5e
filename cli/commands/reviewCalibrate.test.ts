import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { main } from '../main';
import { captureIo } from '../../test/helpers/captureIo';
import { fromRepo } from '../../test/helpers/paths';
import { sealCard } from '../../test/helpers/sealCard';

interface VectorItem {
  entry_id: string;
  difficulty: number;
  entry_chrf: number;
  exact_match: boolean;
  fst_accepted: boolean | null;
  ratings: (string | null)[];
}
interface Expected {
  correlations: { figure: string; n: number; tau_b: number | null }[];
  tiers: { tier: string; rated: number; usable: number; share: number | null }[];
  cut: {
    kind: string;
    cuts?: { figure: string; n: number; cut: number; j: number; sensitivity: number; specificity: number }[];
    short?: { tier: string; rated: number }[];
  };
}
interface VectorSet {
  reviewers: string[];
  items: VectorItem[];
  expected_without_adjudication: Expected;
}
const vectors = JSON.parse(fs.readFileSync(fromRepo('test-fixtures', 'review', 'calibration.vectors.json'), 'utf8')) as {
  sets: Record<'team' | 'single_fst', VectorSet>;
};

/**
 * A sealed card of the set's outputs (its figures as the generator drew them), a seeded sample of every item
 * drawn for the set's reviewers with `review sample`, and each reviewer's ratings written into their file.
 */
async function reviewed(set: VectorSet): Promise<{ dir: string; files: string[] }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ewb-calibrate-'));
  fs.mkdirSync(path.join(dir, 'cards'));
  const card = {
    run_id: 'r1',
    model_slug: 'example/model',
    dataset: { id: 'eng-ewe-dev', language_pair: 'eng-ewe' },
    scores: { quality_tier: 'functional' },
    results: set.items.map((it) => ({
      entry_id: it.entry_id,
      source: 'x',
      reference: 'y',
      predicted: 'z',
      exact_match: it.exact_match,
      entry_chrf: it.entry_chrf,
      fst_accepted: it.fst_accepted,
      difficulty: it.difficulty,
      error: null,
    })),
  };
  fs.writeFileSync(path.join(dir, 'cards', 'run.json'), sealCard(card));
  const size = String(set.items.length);
  const team = set.reviewers.length > 1;
  const io = captureIo(dir);
  const args = team ? ['--reviewers', set.reviewers.join(',')] : ['--reviewer', set.reviewers[0]];
  assert.equal(await main(['review', 'sample', 'cards/run.json', '--size', size, '--seed', '3', ...args], io), 0, io.err);
  const files = team ? set.reviewers.map((name) => `cards/run.review.${name}.json`) : ['cards/run.review.json'];
  const byId = new Map(set.items.map((it) => [it.entry_id, it]));
  files.forEach((file, r) => {
    const review = JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')) as { items: { entry_id: string; rating: string | null }[] };
    for (const item of review.items) item.rating = byId.get(item.entry_id)!.ratings[r];
    fs.writeFileSync(path.join(dir, file), JSON.stringify(review, null, 2));
  });
  return { dir, files };
}

async function calibrateJson(dir: string, files: string[], ...more: string[]) {
  const io = captureIo(dir);
  assert.equal(await main(['review', 'calibrate', ...files, '--format', 'json', ...more], io), 0, io.err);
  return JSON.parse(io.out) as Expected & {
    language_pair: string;
    reviewers: string[];
    items: number;
    unrated: number;
    basis: Record<string, number>;
    correlations: { figure: string; n: number; tau_b: number | null; lower: number | null; upper: number | null }[];
    bootstrap: { seed: number; n_bootstrap: number };
    rated: unknown[];
  };
}

test("review calibrate on two reviewers' files: tau-b, the usable shares and the cuts equal the generator's reference (JSON)", async () => {
  const set = vectors.sets.team;
  const { dir, files } = await reviewed(set);
  const out = await calibrateJson(dir, files, '--seed', '11');
  const want = set.expected_without_adjudication;
  assert.deepEqual(
    out.correlations.map(({ figure, n, tau_b }) => ({ figure, n, tau_b })),
    want.correlations,
  );
  assert.deepEqual(
    out.tiers.map(({ tier, rated, usable, share }) => ({ tier, rated, usable, share })),
    want.tiers,
  );
  assert.equal(out.cut.kind, 'suggested');
  assert.deepEqual(
    out.cut.cuts!.map(({ figure, n, cut, j, sensitivity, specificity }) => ({ figure, n, cut, j, sensitivity, specificity })),
    want.cut.cuts,
  );
  assert.deepEqual([out.language_pair, out.reviewers, out.items, out.unrated], ['eng-ewe', ['ama', 'kofi'], 203, 1]);
  const given = set.items.map((it) => it.ratings.filter((r) => r !== null).length);
  assert.deepEqual(out.basis, { adjudicated: 0, median: given.filter((g) => g > 1).length, single: given.filter((g) => g === 1).length });
  assert.equal(out.rated.length, 203);
  assert.deepEqual(out.bootstrap, { n_bootstrap: 1000, seed: 11, confidence_level: 0.95 });
  for (const c of out.correlations) assert.ok(c.lower !== null && c.upper !== null && c.lower <= c.tau_b! && c.tau_b! <= c.upper, c.figure);
  // Seeded: the same seed prints the same report, file order aside from the reviewers' names.
  assert.deepEqual(await calibrateJson(dir, files, '--seed', '11'), out);
});

test('review calibrate prints text and a self-contained HTML page with its charts and their numbers, in English and French', async () => {
  const { dir, files } = await reviewed(vectors.sets.team);
  const text = captureIo(dir);
  assert.equal(await main(['review', 'calibrate', ...files], text), 0, text.err);
  assert.match(text.out, /^eng-ewe: 203 rated items \(2 reviewers: ama, kofi\); 1 unrated and 0 without an output in the card left out/);
  assert.match(text.out, /no adjudication file given: items rated by several reviewers take their median/);
  assert.match(text.out, /sentence chrF\+\+\s+0\.624\s+\[0\.\d{3}, 0\.\d{3}\]\s+203/);
  assert.match(text.out, /Baseline\s+0\.00–0\.30\s+67\s+10\s+14\.9%/);
  assert.match(text.out, /Suggested cuts for eng-ewe \(Youden’s J/);
  assert.match(text.out, /sentence chrF\+\+\s+≥ 67\.00\s+\[\d+\.\d{2}, \d+\.\d{2}\]\s+0\.664/);
  assert.match(text.out, /composite of the item\s+≥ 0\.4786/);
  assert.match(text.out, /§5’s Deployable tier begins at a composite of 0\.70/);
  assert.match(text.out, /95% intervals: percentile bootstrap over items, 1000 resamples, seed 12345/);

  const html = captureIo(dir);
  assert.equal(await main(['review', 'calibrate', ...files, '--format', 'html'], html), 0, html.err);
  assert.match(html.out, /^<!DOCTYPE html><html lang="en">/);
  assert.match(html.out, /content="default-src 'none'; style-src 'unsafe-inline'"/);
  assert.doesNotMatch(html.out, /<script|https?:\/\/(?!www\.w3\.org\/2000\/svg)/, 'no script, nothing from the network');
  assert.equal((html.out.match(/<svg /g) ?? []).length, 2, 'two charts');
  assert.match(html.out, /<figure class="ewb-chart"><svg[\s\S]*?<\/svg><table><caption>Kendall’s tau-b with the rating<\/caption>/);
  assert.match(html.out, /<th scope="row">Baseline<\/th><td>0\.00–0\.30<\/td><td>67<\/td><td>10<\/td><td>14\.9%<\/td>/);
  assert.match(html.out, /<td>≥ 67\.00<\/td>/);

  const fr = captureIo(dir);
  fr.env = { LANG: 'fr_FR.UTF-8' };
  assert.equal(await main(['review', 'calibrate', ...files, '--format', 'html'], fr), 0, fr.err);
  assert.match(fr.out, /<html lang="fr">/);
  assert.match(fr.out, /Seuils suggérés pour eng-ewe/);
  assert.match(fr.out, /<td>14,9 %<\/td>/);
  const frText = captureIo(dir);
  frText.env = { LANG: 'fr_FR.UTF-8' };
  assert.equal(await main(['review', 'calibrate', ...files], frText), 0, frText.err);
  assert.match(frText.out, /chrF\+\+ de la phrase\s+0,624/);
});

test('review calibrate with too few ratings per tier says so instead of a cut; one reviewer and FST acceptance', async () => {
  const set = vectors.sets.single_fst;
  const { dir, files } = await reviewed(set);
  const io = captureIo(dir);
  assert.equal(await main(['review', 'calibrate', ...files], io), 0, io.err);
  assert.match(io.out, /36 rated items \(one reviewer: yao\); 4 unrated/);
  assert.match(
    io.out,
    /No cut suggested: every §5 tier holding rated items needs 30 ratings, in two tiers or more \(Baseline: 12, Functional: 9, Deployable: 10, Fluent: 5\)/,
  );
  assert.doesNotMatch(io.out, /Suggested cuts|no adjudication/);
  assert.match(io.out, /FST acceptance\s+0\.172/);
  const json = await calibrateJson(dir, files);
  assert.deepEqual(json.cut, { kind: 'too-few', needed: 30, short: set.expected_without_adjudication.cut.short, tiers: 4 });
  const html = captureIo(dir);
  assert.equal(await main(['review', 'calibrate', ...files, '--format', 'html'], html), 0, html.err);
  assert.match(html.out, /<p class="none">No cut suggested/);
});

test('review calibrate refuses files of another run, a review whose card is gone, and no file at all', async () => {
  const { dir, files } = await reviewed(vectors.sets.team);
  const other = path.join(dir, 'other.json');
  const review = JSON.parse(fs.readFileSync(path.join(dir, files[1]), 'utf8')) as Record<string, unknown>;
  fs.writeFileSync(other, JSON.stringify({ ...review, run_card_hash: 'f'.repeat(64) }));
  const io = captureIo(dir);
  assert.equal(await main(['review', 'calibrate', files[0], 'other.json'], io), 2);
  assert.match(io.err, /other\.json: reviews another run than cards\/run\.review\.ama\.json/);
  fs.renameSync(path.join(dir, 'cards', 'run.json'), path.join(dir, 'cards', 'gone.json'));
  const gone = captureIo(dir);
  assert.equal(await main(['review', 'calibrate', ...files], gone), 2);
  assert.match(gone.err, /the run card run\.json cannot be read/);
  const none = captureIo(dir);
  assert.equal(await main(['review', 'calibrate'], none), 2);
  assert.match(none.err, /calibrate takes one or more review files/);
  const format = captureIo(dir);
  assert.equal(await main(['review', 'calibrate', ...files, '--format', 'sarif'], format), 2);
});

test('review calibrate refuses a file that is not the seeded sample of the card, and says why', async () => {
  const { dir, files } = await reviewed(vectors.sets.single_fst);
  const file = path.join(dir, files[0]);
  const review = JSON.parse(fs.readFileSync(file, 'utf8')) as { items: unknown[] };
  review.items.push(review.items[0]);
  fs.writeFileSync(file, JSON.stringify(review));
  const io = captureIo(dir);
  assert.equal(await main(['review', 'calibrate', files[0]], io), 2);
  assert.match(io.err, /not a review of the run card run\.json: .*; its ratings cannot be set beside that card’s figures/);
});

test("review calibrate takes the adjudicator's rating for the items they decided, from the file beside the card or --adjudication; one of another run is refused", async () => {
  const { dir, files } = await reviewed(vectors.sets.team);
  const made = captureIo(dir);
  assert.equal(await main(['review', 'adjudicate', ...files, '--adjudicator', 'efua'], made), 0, made.err);
  const adjFile = path.join(dir, 'cards', 'run.adjudication.json');
  const adjudication = JSON.parse(fs.readFileSync(adjFile, 'utf8')) as { items: { rating: string | null; comment: string }[]; run_card_hash: string };
  assert.ok(adjudication.items.length > 0, 'the fixture team disagrees by two steps somewhere');
  for (const item of adjudication.items) Object.assign(item, { rating: 'excellent', comment: 'a speaker read it aloud' });
  fs.writeFileSync(adjFile, JSON.stringify(adjudication, null, 2));

  const beside = await calibrateJson(dir, files);
  assert.equal(beside.basis.adjudicated, adjudication.items.length);
  const given = await calibrateJson(dir, files, '--adjudication', 'cards/run.adjudication.json');
  assert.deepEqual(given, beside);
  const text = captureIo(dir);
  assert.equal(await main(['review', 'calibrate', ...files], text), 0, text.err);
  assert.doesNotMatch(text.out, /no adjudication file given/);

  // Forged: the same decisions bound to another run's card count for nothing, and calibrate says why.
  fs.writeFileSync(adjFile, JSON.stringify({ ...adjudication, run_card_hash: 'sha256:' + '0'.repeat(64) }, null, 2));
  const refused = captureIo(dir);
  assert.equal(await main(['review', 'calibrate', ...files], refused), 2);
  assert.match(refused.err, /adjudication/i);
});
