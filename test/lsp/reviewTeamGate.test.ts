import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { PublishDiagnosticsParams } from 'vscode-languageserver-protocol/node';
import { teamReviewFileName, teamReviews } from '../../core/review/assignment';
import { drawSample, newReview, RATINGS, reviewableResults } from '../../core/review/review';
import { PyRandom } from '../../core/stats/pyRandom';
import { VSCODE_CLIENT } from '../helpers/clientProfiles';
import { TestLspClient } from '../helpers/lspClient';
import { sealCard } from '../helpers/sealCard';

/** The §7.2 gate with a team, in the editor: the server finds the team's files beside an open card on disk. */
function deployableCard(): string {
  return sealCard({
    run_id: 'r1',
    model_slug: 'm',
    dataset: { id: 'd' },
    scores: { quality_tier: 'deployable' },
    results: Array.from({ length: 30 }, (_, i) => ({
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

const truth = (id: string | number) => RATINGS[[3, 3, 2, 3, 2, 3, 3, 2][Number(String(id).slice(1)) % 8]];

function teamFiles(cardText: string, reviewers: string[]) {
  const card = JSON.parse(cardText) as Record<string, unknown>;
  const drawn = drawSample(reviewableResults(card), { size: 24, seed: 3, random: new PyRandom(3), allowSecretSegments: false });
  return teamReviews(
    drawn,
    { runCardPath: 'run.json', card, created: '2026-11-28T00:00:00Z', seed: 3, size: 24 },
    { reviewers, overlap: reviewers.length, hideReference: false },
  ).map((f) => ({ ...f, items: f.items.map((it) => ({ ...it, rating: truth(it.entry_id) })) }));
}

const gateMessage = (d: PublishDiagnosticsParams) => {
  const message = d.diagnostics.find((x) => x.code === 'review-gate')?.message;
  return typeof message === 'string' ? message : (message?.value ?? '');
};
const hasGate = (d: PublishDiagnosticsParams) => d.diagnostics.some((x) => x.code === 'review-gate');

test("the editor's review-gate reads the team's files beside a card: agreement passes, a forged copy does not count, a single review is marked single", async () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'ewb-team-gate-'));
  const cardFile = path.join(root, 'run.json');
  const text = deployableCard();
  fs.writeFileSync(cardFile, text);
  // A single review, rated: shown as a single review by the default gate (two reviewers per item).
  const card = JSON.parse(text) as Record<string, unknown>;
  const single = newReview(drawSample(reviewableResults(card), { size: 24, seed: 3, random: new PyRandom(3), allowSecretSegments: false }), {
    runCardPath: 'run.json',
    card,
    reviewer: 'ama',
    created: '2026-11-28T00:00:00Z',
    seed: 3,
    size: 24,
  });
  fs.writeFileSync(path.join(root, 'run.review.json'), JSON.stringify({ ...single, items: single.items.map((i) => ({ ...i, rating: 'excellent' })) }));
  const uri = pathToFileURL(cardFile).href;
  const client = new TestLspClient();
  try {
    await client.initialize({ rootUri: pathToFileURL(root).href, capabilities: VSCODE_CLIENT, locale: 'en' });
    client.open(uri, text);
    const alone = await client.waitForDiagnostics(uri, (d) => /single review/.test(gateMessage(d)));
    assert.match(gateMessage(alone), /on a single review \(`run\.review\.json`: 24\/24 rated, 100% usable\): the gate asks at least 2 reviewers per item/);
    // The team's two files, written on disk: they count, and agree.
    const [ama, kofi] = teamFiles(text, ['ama', 'kofi']);
    const amaFile = path.join(root, teamReviewFileName('run.json', 'ama'));
    const kofiFile = path.join(root, teamReviewFileName('run.json', 'kofi'));
    fs.writeFileSync(amaFile, JSON.stringify(ama, null, 2));
    fs.writeFileSync(kofiFile, JSON.stringify(kofi, null, 2));
    await client.watching;
    client.fileChangedOnDisk(pathToFileURL(amaFile).href);
    client.fileChangedOnDisk(pathToFileURL(kofiFile).href);
    await client.waitForDiagnostics(uri, (d) => !hasGate(d));
    // Kofi's file replaced by Ama's with the name changed: it does not count, and the gate says so.
    fs.writeFileSync(kofiFile, JSON.stringify({ ...ama, reviewer: 'kofi' }, null, 2));
    client.fileChangedOnDisk(pathToFileURL(kofiFile).href);
    // The server may publish once while the changed file is still being read; the gate settles on naming it.
    const forged = await client.waitForDiagnostics(uri, (d) => hasGate(d) && /does not count/.test(gateMessage(d)));
    assert.match(gateMessage(forged), /its team review \(1 reviewer: ama\) does not meet the gate/);
    assert.match(gateMessage(forged), /24 items have fewer than 2 reviewers \(the fewest: 1\)/);
    assert.match(gateMessage(forged), /`run\.review\.kofi\.json` does not count/);
  } finally {
    await client.shutdown();
    fs.rmSync(root, { recursive: true, force: true });
  }
});

test('ewebench.review.minReviewers and minAlpha reach the server: the same team fails a stricter gate, with the figures', async () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'ewb-team-gate-'));
  const cardFile = path.join(root, 'run.json');
  const text = deployableCard();
  fs.writeFileSync(cardFile, text);
  for (const f of teamFiles(text, ['ama', 'kofi'])) fs.writeFileSync(path.join(root, teamReviewFileName('run.json', f.reviewer)), JSON.stringify(f, null, 2));
  const uri = pathToFileURL(cardFile).href;
  const client = new TestLspClient();
  try {
    await client.initialize({
      rootUri: pathToFileURL(root).href,
      capabilities: VSCODE_CLIENT,
      locale: 'fr',
      settings: { ewebench: { review: { minReviewers: 3, minAlpha: 0.9 } } },
    });
    client.open(uri, text);
    const strict = await client.waitForDiagnostics(uri, hasGate);
    assert.match(gateMessage(strict), /la revue de son équipe \(2 relecteurs\u00a0: ama, kofi\) n’atteint pas le seuil/);
    assert.match(gateMessage(strict), /24 éléments ont moins de 3 relecteurs \(le moins\u00a0: 2\)/);
  } finally {
    await client.shutdown();
    fs.rmSync(root, { recursive: true, force: true });
  }
});
