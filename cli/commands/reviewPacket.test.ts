import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { main } from '../main';
import { captureIo } from '../../test/helpers/captureIo';
import { sealCard } from '../../test/helpers/sealCard';
import { savedRatings, type PacketData, type SavedRating } from '../../core/review/packetFormat';

// `review packet` and `review import` through the CLI's entry. The page's own behaviour (keys, typing, storage,
// the download) is tested in headless Chromium by scripts/e2e/run.mjs (E2E_ONLY=packet); here the saved file is
// made with the function the page calls, core/review/packetFormat's `savedRatings`.

function card(n: number, seed = ''): Record<string, unknown> {
  return {
    run_id: 'run-with-secret-model-name',
    model_slug: 'acme/secret-model-name',
    dataset: { id: 'eng-ewe' },
    scores: { quality_tier: 'deployable', chrf_plus_plus: 61.25 },
    results: Array.from({ length: n }, (_, i) => ({
      entry_id: `e${i}`,
      source: `SOURCE-${i}${seed}`,
      reference: `REFERENCE-${i}`,
      predicted: `OUTPUT-${i}`,
      difficulty: (i % 3) + 1,
      segment: i === 0 ? 'gold_standard' : 'development',
      error: null,
    })),
  };
}

function folder(c: Record<string, unknown>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ewb-packet-'));
  fs.mkdirSync(path.join(dir, 'cards'));
  fs.writeFileSync(path.join(dir, 'cards', 'run.json'), sealCard(c));
  return dir;
}

async function cli(dir: string, ...args: string[]): Promise<{ code: number; out: string; err: string }> {
  const io = captureIo(dir);
  const code = await main(args, io);
  return { code, out: io.out, err: io.err };
}

async function team(dir: string, ...more: string[]): Promise<void> {
  const r = await cli(dir, 'review', 'sample', 'cards/run.json', '--size', '12', '--seed', '7', '--reviewers', 'Ama,Kofi', '--overlap', '2', ...more);
  assert.equal(r.code, 0, r.err);
}

function dataOf(html: string): PacketData {
  const json = /<script type="application\/json" id="packet-data">([\s\S]*?)<\/script>/.exec(html)![1];
  return JSON.parse(json) as PacketData;
}

/** What the page saves after rating every item (the page calls the same function). */
function savedFrom(data: PacketData, rate: (i: number) => SavedRating['rating'] = (i) => (['reject', 'gist', 'acceptable', 'excellent'] as const)[i % 4]) {
  return savedRatings(
    data.binding,
    data.items.map((item, i) => ({
      entry_id: item.entry_id,
      rating: item.shown ? rate(i) : null,
      comment: i === 0 ? 'Ɖɛŋ' : '',
      rated_at: '2026-11-28T06:00:00Z',
    })),
  );
}

test('review packet writes one self-contained page: strict CSP by hash, no network, the items in the reviewer’s order, nothing hidden shown', async () => {
  const dir = folder(card(40));
  await team(dir, '--hide-reference');
  const r = await cli(dir, 'review', 'packet', 'cards/run.review.Ama.json', '--out', 'packets/ama.html');
  assert.equal(r.code, 0, r.err);
  assert.match(r.out, /packets\/ama\.html: a review packet of 12 items for Ama/);
  const html = fs.readFileSync(path.join(dir, 'packets', 'ama.html'), 'utf8');
  const csp = /http-equiv="Content-Security-Policy" content="([^"]+)"/.exec(html)![1];
  assert.match(csp, /^default-src 'none'; script-src 'sha256-[A-Za-z0-9+/]+=*'; style-src 'sha256-[A-Za-z0-9+/]+=*'; base-uri 'none'; form-action 'none'$/);
  // The one executable script and the one style are exactly what the policy's hashes allow.
  const scripts = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1]);
  assert.equal(scripts.length, 1);
  const style = /<style>([\s\S]*?)<\/style>/.exec(html)![1];
  const b64 = (t: string) => createHash('sha256').update(t, 'utf8').digest('base64');
  assert.ok(csp.includes(`script-src 'sha256-${b64(scripts[0])}'`));
  assert.ok(csp.includes(`style-src 'sha256-${b64(style)}'`));
  // Nothing loads from anywhere: no src, no href, no remote URL.
  assert.doesNotMatch(html, /\s(src|href)=/);
  assert.doesNotMatch(html, /https?:\/\/|\/\/[a-z0-9.-]+\.[a-z]{2,}\//i);
  assert.match(html, /<meta name="viewport" content="width=device-width, initial-scale=1">/);
  // Blind: neither the model, the run id, the scores nor the card's path; the hidden reference stays hidden.
  for (const secret of ['secret-model-name', 'run-with-secret', 'deployable', '61.25', 'run.json', 'REFERENCE-']) assert.ok(!html.includes(secret), secret);
  const review = JSON.parse(fs.readFileSync(path.join(dir, 'cards', 'run.review.Ama.json'), 'utf8'));
  const data = dataOf(html);
  assert.deepEqual(
    data.items.map((i) => i.entry_id),
    review.items.map((i: { entry_id: string }) => i.entry_id),
  );
  assert.ok(data.items.every((i) => i.referenceHidden && i.reference === '' && i.shown && i.predicted.startsWith('OUTPUT-')));
  assert.equal(data.binding.reviewer, 'Ama');
  assert.equal(data.binding.sample_hash, review.sample.sample_hash);
  assert.equal(data.locale, 'en');
});

test('review packet leaves a secret segment’s text out without --allow-secret-segments, and writes French when LANG is French', async () => {
  const dir = folder(card(30));
  assert.equal((await cli(dir, 'review', 'sample', 'cards/run.json', '--size', '30', '--seed', '3', '--allow-secret-segments', '--reviewer', 'Ama')).code, 0);
  const r = await cli(dir, 'review', 'packet', 'cards/run.review.json', '--out', 'p.html');
  assert.equal(r.code, 0, r.err);
  assert.match(r.out, /\n {2}1 entry of secret segments left out/);
  const html = fs.readFileSync(path.join(dir, 'p.html'), 'utf8');
  assert.ok(!html.includes('SOURCE-0"') && !html.includes('OUTPUT-0"'));
  const secret = dataOf(html).items.find((i) => i.entry_id === 'e0')!;
  assert.deepEqual({ shown: secret.shown, why: secret.why, source: secret.source }, { shown: false, why: 'secret', source: '' });
  const lang = process.env.LANG;
  process.env.LANG = 'fr_FR.UTF-8';
  try {
    const fr = await cli(dir, 'review', 'packet', 'cards/run.review.json', '--out', 'p.fr.html', '--allow-secret-segments');
    assert.equal(fr.code, 0, fr.err);
    assert.match(fr.out, /un dossier de revue de 30 éléments pour Ama/);
  } finally {
    if (lang === undefined) delete process.env.LANG;
    else process.env.LANG = lang;
  }
  const frHtml = fs.readFileSync(path.join(dir, 'p.fr.html'), 'utf8');
  assert.match(frHtml, /<html lang="fr">/);
  assert.equal(dataOf(frHtml).strings.save, 'Enregistrer les notes');
  assert.equal(dataOf(frHtml).items.find((i) => i.entry_id === 'e0')!.source, 'SOURCE-0');
});

test('review packet refuses a review that is not its card’s seeded sample', async () => {
  const dir = folder(card(30));
  await team(dir);
  const file = path.join(dir, 'cards', 'run.review.Ama.json');
  const review = JSON.parse(fs.readFileSync(file, 'utf8'));
  review.items.pop();
  fs.writeFileSync(file, JSON.stringify(review, null, 2));
  const r = await cli(dir, 'review', 'packet', 'cards/run.review.Ama.json', '--out', 'p.html');
  assert.equal(r.code, 2);
  assert.match(r.err, /cards\/run\.review\.Ama\.json: not a review of the run card run\.json: .*no packet made/);
  assert.ok(!fs.existsSync(path.join(dir, 'p.html')));
});

test('review packet will not write over its inputs: the review file or its card', async () => {
  const dir = folder(card(30));
  await team(dir);
  for (const input of ['cards/run.review.Ama.json', 'cards/run.json']) {
    const before = fs.readFileSync(path.join(dir, input));
    const r = await cli(dir, 'review', 'packet', 'cards/run.review.Ama.json', '--out', input);
    assert.equal(r.code, 2, input);
    assert.match(r.err, new RegExp(input.replace(/\./g, '\\.')));
    assert.ok(fs.readFileSync(path.join(dir, input)).equals(before), input);
  }
});

test('review import merges saved ratings into the review file in place: mode kept, through a symlink, other fields untouched', async () => {
  const dir = folder(card(40));
  await team(dir);
  assert.equal((await cli(dir, 'review', 'packet', 'cards/run.review.Ama.json', '--out', 'ama.html')).code, 0);
  const data = dataOf(fs.readFileSync(path.join(dir, 'ama.html'), 'utf8'));
  fs.writeFileSync(path.join(dir, 'ratings.json'), JSON.stringify(savedFrom(data), null, 2));
  const real = path.join(dir, 'cards', 'run.review.Ama.json');
  fs.chmodSync(real, 0o600);
  fs.symlinkSync(real, path.join(dir, 'link.json'));
  const before = JSON.parse(fs.readFileSync(real, 'utf8'));
  const r = await cli(dir, 'review', 'import', 'ratings.json', '--into', 'link.json');
  assert.equal(r.code, 0, r.err);
  assert.match(r.out, /link\.json: 12 items updated from ratings\.json \(12 of 12 rated\)/);
  assert.ok(fs.lstatSync(path.join(dir, 'link.json')).isSymbolicLink());
  assert.equal(fs.statSync(real).mode & 0o777, 0o600);
  const after = JSON.parse(fs.readFileSync(real, 'utf8'));
  assert.deepEqual(
    after.items.map((i: { rating: string }) => i.rating),
    before.items.map((_: unknown, i: number) => ['reject', 'gist', 'acceptable', 'excellent'][i % 4]),
  );
  assert.equal(after.items[0].comment, 'Ɖɛŋ');
  assert.equal(after.items[0].rated_at, '2026-11-28T06:00:00Z');
  assert.deepEqual({ ...after, items: null }, { ...before, items: null });
  // The merged file is still a review of the card, now rated.
  const summary = await cli(dir, 'review', 'summary', 'cards/run.review.Ama.json', '--format', 'json');
  assert.equal(JSON.parse(summary.out).binding, 'bound');
  assert.equal(JSON.parse(summary.out).overall.rated, 12);
  // Importing the same file again changes nothing.
  const again = await cli(dir, 'review', 'import', 'ratings.json', '--into', 'cards/run.review.Ama.json');
  assert.equal(again.code, 0, again.err);
  assert.match(again.out, /0 items updated/);
});

test('review import refuses, changing nothing, ratings edited by hand, another reviewer’s, another sample’s, another card’s, and a file that is not saved ratings', async () => {
  const dir = folder(card(40));
  await team(dir);
  assert.equal((await cli(dir, 'review', 'packet', 'cards/run.review.Kofi.json', '--out', 'kofi.html')).code, 0);
  assert.equal((await cli(dir, 'review', 'packet', 'cards/run.review.Ama.json', '--out', 'ama.html')).code, 0);
  const ama = savedFrom(dataOf(fs.readFileSync(path.join(dir, 'ama.html'), 'utf8')));
  const target = path.join(dir, 'cards', 'run.review.Ama.json');
  const bytes = fs.readFileSync(target);
  const refused = async (name: string, saved: unknown, pattern: RegExp) => {
    fs.writeFileSync(path.join(dir, name), typeof saved === 'string' ? saved : JSON.stringify(saved, null, 2));
    const r = await cli(dir, 'review', 'import', name, '--into', 'cards/run.review.Ama.json');
    assert.equal(r.code, 2, `${name}: ${r.out}`);
    assert.match(r.err, pattern, name);
    assert.ok(fs.readFileSync(target).equals(bytes), `${name}: the review file is untouched`);
  };
  // One rating changed by hand in the downloaded file.
  const edited = JSON.parse(JSON.stringify(ama));
  edited.ratings[3].rating = edited.ratings[3].rating === 'excellent' ? 'reject' : 'excellent';
  await refused('edited.json', edited, /^edited\.json: ratings_hash: the ratings were changed after they were saved/m);
  // A comment changed by hand too.
  const comment = JSON.parse(JSON.stringify(ama));
  comment.ratings[0].comment = 'changed';
  await refused('comment.json', comment, /comment\.json: ratings_hash:/);
  // Kofi's packet into Ama's file.
  await refused(
    'kofi.json',
    savedFrom(dataOf(fs.readFileSync(path.join(dir, 'kofi.html'), 'utf8'))),
    /kofi\.json: binding\.reviewer: these ratings are "Kofi"’s, and cards\/run\.review\.Ama\.json is "Ama"’s/,
  );
  // A packet of another sample of the same card (another seed), by a reviewer of the same name.
  const other = folder(card(40));
  fs.copyFileSync(path.join(dir, 'cards', 'run.json'), path.join(other, 'cards', 'run.json'));
  assert.equal((await cli(other, 'review', 'sample', 'cards/run.json', '--size', '12', '--seed', '8', '--reviewers', 'Ama,Kofi', '--overlap', '2')).code, 0);
  assert.equal((await cli(other, 'review', 'packet', 'cards/run.review.Ama.json', '--out', 'ama.html')).code, 0);
  await refused(
    'sample.json',
    savedFrom(dataOf(fs.readFileSync(path.join(other, 'ama.html'), 'utf8'))),
    /sample\.json: binding\.seed: these ratings are of another sample/,
  );
  // A packet of another run card (another seal), same seed, size and reviewers.
  const third = folder(card(40, '-other-run'));
  await team(third);
  assert.equal((await cli(third, 'review', 'packet', 'cards/run.review.Ama.json', '--out', 'ama.html')).code, 0);
  await refused(
    'card.json',
    savedFrom(dataOf(fs.readFileSync(path.join(third, 'ama.html'), 'utf8'))),
    /card\.json: binding\.run_card_hash: these ratings are of another run card/,
  );
  // Not saved ratings at all; not JSON.
  await refused('review.json', JSON.parse(bytes.toString('utf8')), /review\.json: format: not ratings saved from a review packet/);
  await refused('broken.json', '{"format": ', /broken\.json: not valid JSON/);
  // A rating that is not one of the four: named by its field (values are checked before the hash).
  const bad = JSON.parse(JSON.stringify(ama));
  bad.ratings[2].rating = 'great';
  await refused('bad.json', bad, /bad\.json: ratings\[2\]\.rating: one of reject, gist, acceptable, excellent, or null/);
});
