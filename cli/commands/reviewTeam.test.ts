import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { main } from '../main';
import { captureIo } from '../../test/helpers/captureIo';
import { sealCard } from '../../test/helpers/sealCard';

/** The team review through the CLI (issue #34): the gate on the card from the team's files, adjudication, the board. */

function cardWith(n: number, tier: string, predicted = 'z'): Record<string, unknown> {
  return {
    run_id: 'r1',
    model_slug: 'example/model',
    dataset: { id: 'eng-ewe' },
    scores: { quality_tier: tier },
    results: Array.from({ length: n }, (_, i) => ({
      entry_id: `e${i}`,
      source: 'x',
      reference: 'y',
      predicted: `${predicted}${i}`,
      difficulty: (i % 3) + 1,
      segment: 'development',
      error: null,
    })),
  };
}

interface TeamItem {
  entry_id: string;
  rating: string | null;
  comment?: string;
}
interface TeamFile {
  reviewer: string;
  run_card_hash: string;
  items: TeamItem[];
}

const STEPS = ['reject', 'gist', 'acceptable', 'excellent'];
const truth = (id: string) => STEPS[[3, 3, 2, 3, 2, 3, 3, 2][Number(id.slice(1)) % 8]];

/** A Deployable card and its team's files (`review sample --reviewers`), each rated by `rate`. */
async function teamFolder(reviewers: string[], rate: (reviewer: string, id: string) => string = (_, id) => truth(id)) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ewb-team-'));
  fs.mkdirSync(path.join(dir, 'cards'));
  fs.writeFileSync(path.join(dir, 'cards', 'run.json'), sealCard(cardWith(60, 'deployable')));
  const drew = captureIo(dir);
  assert.equal(await main(['review', 'sample', 'cards/run.json', '--size', '24', '--seed', '3', '--reviewers', reviewers.join(',')], drew), 0, drew.err);
  const file = (name: string) => path.join(dir, 'cards', `run.review.${name}.json`);
  const read = (name: string) => JSON.parse(fs.readFileSync(file(name), 'utf8')) as TeamFile;
  for (const name of reviewers) {
    const review = read(name);
    for (const item of review.items) item.rating = rate(name, item.entry_id);
    fs.writeFileSync(file(name), JSON.stringify(review, null, 2));
  }
  return { dir, file, read, files: reviewers.map((n) => `cards/run.review.${n}.json`) };
}

async function validateGate(dir: string, args: string[] = [], lang = 'en_GB.UTF-8'): Promise<string[]> {
  const io = captureIo(dir);
  const before = process.env.LANG;
  process.env.LANG = lang;
  try {
    await main(['validate', 'cards', '--format', 'json', ...args], io);
  } finally {
    process.env.LANG = before;
  }
  const reports = JSON.parse(io.out) as { file: string; diagnostics: { code: string; message: string }[] }[];
  return reports.filter((r) => r.file.endsWith('run.json')).flatMap((r) => r.diagnostics.filter((d) => d.code === 'review-gate').map((d) => d.message));
}

test('validate reads the team files beside the card: two reviewers who agree pass; each failing condition is named with its figures', async () => {
  const { dir, file, read } = await teamFolder(['ama', 'kofi']);
  assert.deepEqual(await validateGate(dir), [], 'two agreeing reviewers pass the gate');
  const [few] = await validateGate(dir, ['--min-reviewers', '3']);
  assert.match(
    few,
    /its team review \(2 reviewers: ama, kofi\) does not meet the gate \(Rosetta §7\.2\): 24 items have fewer than 3 reviewers \(the fewest: 2\)/,
  );
  const [fr] = await validateGate(dir, ['--min-reviewers', '3'], 'fr_FR.UTF-8');
  assert.match(
    fr,
    /la revue de son équipe \(2 relecteurs\u00a0: ama, kofi\) n’atteint pas le seuil \(Rosetta §7\.2\)\u00a0: 24 éléments ont moins de 3 relecteurs/,
  );
  // Kofi rates the other way round: alpha's lower bound, with its figures.
  const kofi = read('kofi');
  for (const item of kofi.items) item.rating = STEPS[3 - STEPS.indexOf(truth(item.entry_id))];
  fs.writeFileSync(file('kofi'), JSON.stringify(kofi, null, 2));
  const [low] = await validateGate(dir);
  assert.match(low, /ordinal alpha -?\d\.\d{3} has a lower bound -?\d\.\d{3}, below 0\.667/);
  const [lower] = await validateGate(dir, ['--min-alpha', '0.9']);
  assert.match(lower, /below 0\.900/);
  const bad = captureIo(dir);
  assert.equal(await main(['validate', 'cards', '--min-alpha', '1.5'], bad), 2, 'a bad flag is a usage error');
  assert.match(bad.err, /--min-alpha "1\.5": must be a number from 0 to 1/);
});

test('no file beside the card forges a reviewer: a copy renamed, or a file of another card, does not count and is named', async () => {
  const { dir, file, read } = await teamFolder(['ama', 'kofi']);
  const ama = read('ama');
  // Kofi's file replaced by a copy of Ama's with the name changed: Kofi's share and order are not Ama's.
  fs.writeFileSync(file('kofi'), JSON.stringify({ ...ama, reviewer: 'kofi' }, null, 2));
  const [renamed] = await validateGate(dir);
  assert.match(renamed, /its team review \(1 reviewer: ama\)/);
  assert.match(renamed, /`run\.review\.kofi\.json` does not count: its items are not the sample/);
  // A copy of Ama's file as a third reviewer's: the same reviewer is counted once.
  fs.writeFileSync(file('kofi'), JSON.stringify(read('ama'), null, 2));
  const [copied] = await validateGate(dir);
  assert.match(copied, /`run\.review\.kofi\.json` does not count: ama is already counted/);
  // A file bound to another card's seal.
  const other = JSON.parse(sealCard(cardWith(60, 'deployable', 'w'))) as { run_card_hash: string };
  fs.writeFileSync(file('kofi'), JSON.stringify({ ...ama, reviewer: 'kofi', run_card_hash: other.run_card_hash }, null, 2));
  const [foreign] = await validateGate(dir);
  assert.match(foreign, /`run\.review\.kofi\.json` does not count: it rated the run sealed/);
  // The card stays the authority: with every forged file, the gate is never met.
  for (const message of [renamed, copied, foreign]) assert.match(message, /fewer than 2 reviewers/);
});

test('review adjudicate lists the items two steps apart for an adjudicator; agreement then uses the adjudicated rating and says which', async () => {
  // Kofi says reject where Ama says excellent on every fourth item: 3 steps apart.
  const { dir, files } = await teamFolder(['ama', 'kofi'], (r, id) => (r === 'kofi' && Number(id.slice(1)) % 4 === 0 ? 'reject' : truth(id)));
  const adjFile = path.join(dir, 'cards', 'run.adjudication.json');
  const none = captureIo(dir);
  assert.equal(await main(['review', 'adjudicate', ...files], none), 2, 'the adjudicator is required');
  const made = captureIo(dir);
  assert.equal(await main(['review', 'adjudicate', ...files, '--adjudicator', 'efua'], made), 0, made.err);
  const adjudication = JSON.parse(fs.readFileSync(adjFile, 'utf8')) as {
    adjudicator: string;
    threshold: number;
    run_card_hash: string;
    sample: { sample_hash: string };
    items: { entry_id: string; ratings: Record<string, string>; spread: number; rating: string | null; comment: string }[];
  };
  const disputed = adjudication.items.length;
  assert.ok(disputed > 0);
  assert.match(
    made.out,
    new RegExp(`cards/run\\.adjudication\\.json: ${disputed} items for efua to adjudicate \\(ratings 2 steps apart or more, of ama, kofi\\)`),
  );
  assert.equal(adjudication.adjudicator, 'efua');
  assert.equal(adjudication.threshold, 2);
  assert.ok(adjudication.items.every((i) => i.spread >= 2 && i.ratings.kofi === 'reject' && i.rating === null));
  // Written once: a second run would lose the decisions.
  const again = captureIo(dir);
  assert.equal(await main(['review', 'adjudicate', ...files, '--adjudicator', 'efua'], again), 2);
  assert.match(again.err, /an adjudication is already there/);
  // A lower threshold lists more, elsewhere; nothing apart enough writes nothing.
  const wider = captureIo(dir);
  assert.equal(await main(['review', 'adjudicate', ...files, '--adjudicator', 'efua', '--threshold', '1', '--out', 'wide.json'], wider), 0, wider.err);
  assert.ok((JSON.parse(fs.readFileSync(path.join(dir, 'wide.json'), 'utf8')) as { items: unknown[] }).items.length >= disputed);

  // Before the adjudicator decides: the median (the more cautious middle: reject) counts.
  const before = captureIo(dir);
  assert.equal(await main(['review', 'agreement', ...files, '--format', 'json'], before), 0, before.err);
  const b = JSON.parse(before.out) as { decided: { adjudicated: number; median: number }; team_ratings: { entry_id: string; rating: string; by: string }[] };
  assert.deepEqual(b.decided, { adjudicated: 0, median: 24, unrated: 0 });
  // The adjudicator decides each with a reason.
  for (const item of adjudication.items) {
    item.rating = 'excellent';
    item.comment = 'the output is right';
  }
  fs.writeFileSync(adjFile, JSON.stringify(adjudication, null, 2));
  const after = captureIo(dir);
  assert.equal(await main(['review', 'agreement', ...files, '--format', 'json'], after), 0, after.err);
  const a = JSON.parse(after.out) as typeof b & { adjudication: { adjudicator: string; decided: number; pending: number } };
  assert.deepEqual(a.decided, { adjudicated: disputed, median: 24 - disputed, unrated: 0 });
  assert.deepEqual(a.adjudication, { file: 'cards/run.adjudication.json', adjudicator: 'efua', decided: disputed, pending: 0, ignored: [] });
  const first = adjudication.items[0].entry_id;
  const decidedItem = a.team_ratings.find((r) => r.entry_id === first);
  assert.deepEqual([decidedItem?.rating, decidedItem?.by], ['excellent', 'adjudicated']);
  const text = captureIo(dir);
  assert.equal(await main(['review', 'agreement', ...files], text), 0);
  assert.match(text.out, new RegExp(`adjudication by efua: ${disputed} items decided, 0 still to decide`));
  assert.match(text.out, new RegExp(`entry ${first}: excellent \\(adjudicated; the median no longer counts\\)`));
  assert.match(text.out, new RegExp(`team ratings: ${disputed} adjudicated, ${24 - disputed} by the reviewers’ median, 0 unrated`));
  // An adjudication of another run is refused, and counts for nothing.
  fs.writeFileSync(path.join(dir, 'forged.json'), JSON.stringify({ ...adjudication, run_card_hash: 'f'.repeat(64) }));
  const forged = captureIo(dir);
  assert.equal(await main(['review', 'agreement', ...files, '--adjudication', 'forged.json'], forged), 0);
  assert.match(forged.out, /forged\.json: adjudicates another run \(its run_card_hash differs\): it counts for nothing/);
  assert.match(forged.out, /team ratings: 0 adjudicated, 24 by the reviewers’ median/);
});

test('review adjudicate refuses files that are not the same bound sample of one card', async () => {
  const { dir, file, read, files } = await teamFolder(['ama', 'kofi']);
  const kofi = read('kofi');
  fs.writeFileSync(file('kofi'), JSON.stringify({ ...kofi, items: kofi.items.slice(1) }, null, 2));
  const io = captureIo(dir);
  assert.equal(await main(['review', 'adjudicate', ...files, '--adjudicator', 'efua'], io), 2);
  assert.match(io.err, /cards\/run\.review\.kofi\.json: .*\(1 drawn entry missing\)/);
  assert.ok(!fs.existsSync(path.join(dir, 'cards', 'run.adjudication.json')));
  const bad = captureIo(dir);
  assert.equal(await main(['review', 'adjudicate', ...files, '--adjudicator', '../x'], bad), 2);
});

test("the leaderboard's review column shows a team's reviewers and alpha (text and JSON)", async () => {
  const { dir } = await teamFolder(['ama', 'kofi']);
  const json = captureIo(dir);
  assert.equal(await main(['leaderboard', 'cards', '--format', 'json'], json), 0, json.err);
  const board = JSON.parse(json.out) as { rosetta: { review: { team?: { reviewers: string[]; alpha: number | null } } | null }[]; ignored: string[] };
  assert.deepEqual(board.rosetta[0].review?.team?.reviewers, ['ama', 'kofi']);
  assert.equal(typeof board.rosetta[0].review?.team?.alpha, 'number');
  assert.deepEqual(board.ignored, [], 'the team files are read as reviews, not listed as ignored');
  const text = captureIo(dir);
  assert.equal(await main(['leaderboard', 'cards'], text), 0);
  assert.match(text.out, /ama, kofi: alpha \d\.\d{3} \[\d\.\d{3}, \d\.\d{3}\]; 24\/24 rated, \d+(\.\d)?% usable/);
});
