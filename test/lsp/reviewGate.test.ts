import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { PublishDiagnosticsParams } from 'vscode-languageserver-protocol/node';
import { drawSample, newReview, reviewableResults } from '../../core/review/review';
import { PyRandom } from '../../core/stats/pyRandom';
import { VSCODE_CLIENT } from '../helpers/clientProfiles';
import { TestLspClient } from '../helpers/lspClient';
import { sealCard } from '../helpers/sealCard';

/** The §7.2 gate in the editor: the server reads the review beside an open card (and the card beside an open review). */
function deployableCard(predicted = 'p'): string {
  return sealCard({
    run_id: 'r1',
    model_slug: 'm',
    dataset: { id: 'd' },
    scores: { quality_tier: 'deployable' },
    results: Array.from({ length: 30 }, (_, i) => ({
      entry_id: `e${i}`,
      source: 's',
      reference: 'r',
      predicted: `${predicted}${i}`,
      difficulty: (i % 3) + 1,
      segment: 'development',
      error: null,
    })),
  });
}

function ratedReview(cardText: string): Record<string, unknown> & { items: Record<string, unknown>[] } {
  const card = JSON.parse(cardText) as Record<string, unknown>;
  const drawn = drawSample(reviewableResults(card), { size: 24, seed: 3, random: new PyRandom(3), allowSecretSegments: false });
  const review = newReview(drawn, { runCardPath: 'run.json', card, reviewer: '', created: '2026-11-28T00:00:00Z', seed: 3, size: 24 });
  return { ...review, items: review.items.map((item) => ({ ...item, rating: 'excellent' })) };
}

/** The message of the first diagnostic with `code` (a string: the server sends plain messages). */
const messageOf = (d: PublishDiagnosticsParams, code: string) => {
  const message = d.diagnostics.find((x) => x.code === code)?.message;
  return typeof message === 'string' ? message : (message?.value ?? '');
};
const hasCode = (code: string) => (d: PublishDiagnosticsParams) => d.diagnostics.some((x) => x.code === code);
const lacks = (code: string) => (d: PublishDiagnosticsParams) => !hasCode(code)(d);

async function changedOnDisk(client: TestLspClient, file: string): Promise<void> {
  await client.watching;
  assert.ok(client.fileChangedOnDisk(pathToFileURL(file).href), 'the server watches JSON files');
}

test('the editor reports review-gate on a Deployable card without its review, and follows the review file on disk', async () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'ewb-gate-'));
  const cardFile = path.join(root, 'run.json');
  const reviewFile = path.join(root, 'run.review.json');
  const text = deployableCard();
  fs.writeFileSync(cardFile, text);
  const uri = pathToFileURL(cardFile).href;
  const client = new TestLspClient();
  try {
    // One reviewer per item allowed (`ewebench.review.minReviewers` 1): the single review's own conditions.
    await client.initialize({
      rootUri: pathToFileURL(root).href,
      capabilities: VSCODE_CLIENT,
      locale: 'en',
      settings: { ewebench: { review: { minReviewers: 1 } } },
    });
    client.open(uri, text);
    const missing = await client.waitForDiagnostics(uri, hasCode('review-gate'));
    assert.match(messageOf(missing, 'review-gate'), /no review `run\.review\.json` beside it/);
    // The genuine review, rated, saved beside it: the gate is met.
    const review = ratedReview(text);
    fs.writeFileSync(reviewFile, JSON.stringify(review, null, 2));
    await changedOnDisk(client, reviewFile);
    await client.waitForDiagnostics(uri, lacks('review-gate'));
    // Forged on disk (one item twenty times): the gate fails again, and says why.
    fs.writeFileSync(reviewFile, JSON.stringify({ ...review, items: Array.from({ length: 20 }, () => review.items[0]) }, null, 2));
    await changedOnDisk(client, reviewFile);
    const forged = await client.waitForDiagnostics(uri, hasCode('review-gate'));
    assert.match(messageOf(forged, 'review-gate'), /listed 20 times/);
    // The review deleted: no review again.
    fs.rmSync(reviewFile);
    await changedOnDisk(client, reviewFile);
    const gone = await client.waitForDiagnostics(uri, (d) => hasCode('review-gate')(d) && /no review/.test(JSON.stringify(d.diagnostics)));
    assert.ok(gone);
  } finally {
    await client.shutdown();
    fs.rmSync(root, { recursive: true, force: true });
  }
});

test('the editor reports review-card on an open review whose card was run again, when the card changes on disk', async () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'ewb-gate-'));
  const cardFile = path.join(root, 'run.json');
  const reviewFile = path.join(root, 'run.review.json');
  const text = deployableCard();
  fs.writeFileSync(cardFile, text);
  const reviewText = JSON.stringify(ratedReview(text), null, 2);
  fs.writeFileSync(reviewFile, reviewText);
  const uri = pathToFileURL(reviewFile).href;
  const client = new TestLspClient();
  try {
    await client.initialize({ rootUri: pathToFileURL(root).href, capabilities: VSCODE_CLIENT, locale: 'fr' });
    client.open(uri, reviewText);
    // Analysed before and after the card is read: no finding either way.
    await client.waitForDiagnostics(uri);
    await new Promise((r) => setTimeout(r, 300));
    assert.deepEqual(
      client.latest(uri)?.filter((d) => d.code === 'review-card'),
      [],
    );
    fs.writeFileSync(cardFile, deployableCard('q'));
    await changedOnDisk(client, cardFile);
    const changed = await client.waitForDiagnostics(uri, hasCode('review-card'));
    assert.match(messageOf(changed, 'review-card'), /Cette revue a noté l’exécution scellée/);
  } finally {
    await client.shutdown();
    fs.rmSync(root, { recursive: true, force: true });
  }
});
