import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { drawSample, newReview, reviewableResults } from '../../../core/review/review';
import { PyRandom } from '../../../core/stats/pyRandom';
import { e2eTest, workspaceFile } from './harness';

e2eTest('Make Review Packet writes one self-contained page of the review’s items, naming no model', async () => {
  const card = workspaceFile('cards/packet_card.json');
  await vscode.workspace.fs.copy(workspaceFile('cards/review_card.json'), card, { overwrite: true });
  const value = JSON.parse(new TextDecoder().decode(await vscode.workspace.fs.readFile(card))) as Record<string, unknown>;
  // The seeded sample, as `review sample` draws it: only a review bound to its card is packed.
  const results = reviewableResults(value);
  const drawn = drawSample(results, { size: results.length, seed: 3, random: new PyRandom(3), allowSecretSegments: false });
  const review = newReview(drawn, {
    runCardPath: 'packet_card.json',
    card: value,
    reviewer: 'Ama',
    created: '2026-11-28T06:00:00Z',
    seed: 3,
    size: results.length,
  });
  const reviewUri = workspaceFile('cards/packet_card.review.json');
  await vscode.workspace.fs.writeFile(reviewUri, new TextEncoder().encode(JSON.stringify(review, null, 2)));
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
