import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { drawSample, newReview, reviewableResults } from '../../../core/review/review';
import { PyRandom } from '../../../core/stats/pyRandom';
import { packetBinding } from '../../../core/review/packet';
import { savedRatings } from '../../../core/review/packetFormat';
import { e2eTest, workspaceFile } from './harness';

/**
 * `cards/<name>.json`, a copy of the fixture card, and its seeded review by `reviewer` written beside it, as
 * `review sample` draws it: only a review bound to its card is packed or imported into.
 */
async function seededReview(name: string, reviewer: string, seed: number) {
  const card = workspaceFile(`cards/${name}.json`);
  await vscode.workspace.fs.copy(workspaceFile('cards/review_card.json'), card, { overwrite: true });
  const value = JSON.parse(new TextDecoder().decode(await vscode.workspace.fs.readFile(card))) as Record<string, unknown>;
  const results = reviewableResults(value);
  const drawn = drawSample(results, { size: results.length, seed, random: new PyRandom(seed), allowSecretSegments: false });
  const review = newReview(drawn, { runCardPath: `${name}.json`, card: value, reviewer, created: '2026-11-28T06:00:00Z', seed, size: results.length });
  const reviewUri = workspaceFile(`cards/${name}.review.json`);
  const reviewText = JSON.stringify(review, null, 2) + '\n';
  await vscode.workspace.fs.writeFile(reviewUri, new TextEncoder().encode(reviewText));
  return { review, reviewUri, reviewText };
}

e2eTest('Make Review Packet writes one self-contained page of the review’s items, naming no model', async () => {
  const { review, reviewUri } = await seededReview('packet_card', 'Ama', 3);
  const target = workspaceFile('cards/packet_card.packet.html');
  const written = await vscode.commands.executeCommand<vscode.Uri | undefined>('ewebench.reviewPacket', reviewUri, target);
  assert.equal(written?.toString(), target.toString());
  const html = new TextDecoder().decode(await vscode.workspace.fs.readFile(target));
  assert.match(html, /<meta http-equiv="Content-Security-Policy" content="default-src 'none'; script-src 'sha256-/);
  assert.doesNotMatch(html, /\s(src|href)=/);
  assert.doesNotMatch(html, /gemini|google\//i);
  const data = JSON.parse(/<script type="application\/json" id="packet-data">([\s\S]*?)<\/script>/.exec(html)![1]) as { items: { entry_id: unknown }[] };
  assert.deepEqual(
    data.items.map((i) => i.entry_id),
    review.items.map((i) => i.entry_id),
  );
});

e2eTest('Import Saved Ratings merges a packet’s saved ratings into the review as one edit, and refuses ratings altered after saving', async () => {
  const { review, reviewUri, reviewText } = await seededReview('import_card', 'Kofi', 5);
  const binding = packetBinding(review);
  assert.ok(!('missing' in binding));
  const ratings = review.items.map((item, i) => ({
    entry_id: item.entry_id,
    rating: i === 0 ? ('excellent' as const) : null,
    comment: i === 0 ? 'Ɖɛŋ nyuie' : '',
    rated_at: i === 0 ? '2026-11-28T09:00:00Z' : null,
  }));
  const write = async (name: string, saved: unknown) => {
    const uri = workspaceFile(`cards/${name}`);
    await vscode.workspace.fs.writeFile(uri, new TextEncoder().encode(JSON.stringify(saved)));
    return uri;
  };
  // Forged the cheapest way: a rating changed by hand, the hash left as it was.
  const honest = savedRatings(binding, ratings);
  const forged = await write('kofi.forged.json', { ...honest, ratings: honest.ratings.map((r, i) => (i === 0 ? { ...r, rating: 'reject' } : r)) });
  assert.equal(await vscode.commands.executeCommand<boolean>('ewebench.reviewImport', reviewUri, forged), false);
  assert.equal(new TextDecoder().decode(await vscode.workspace.fs.readFile(reviewUri)), reviewText);

  assert.equal(await vscode.commands.executeCommand<boolean>('ewebench.reviewImport', reviewUri, await write('kofi.ratings.json', honest)), true);
  const after = new TextDecoder().decode(await vscode.workspace.fs.readFile(reviewUri));
  const merged = JSON.parse(after) as { items: { rating: unknown; comment: unknown; rated_at: unknown }[] };
  assert.deepEqual(
    { rating: merged.items[0].rating, comment: merged.items[0].comment, rated_at: merged.items[0].rated_at },
    { rating: 'excellent', comment: 'Ɖɛŋ nyuie', rated_at: '2026-11-28T09:00:00Z' },
  );
  assert.deepEqual(merged.items.slice(1), JSON.parse(reviewText).items.slice(1));
  // The rest of the file keeps its bytes: only the first item's lines differ.
  assert.equal(
    after.slice(after.indexOf('"entry_id"', after.indexOf('"entry_id"') + 1)),
    reviewText.slice(reviewText.indexOf('"entry_id"', reviewText.indexOf('"entry_id"') + 1)),
  );
});
