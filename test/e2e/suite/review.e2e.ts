import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { drawSample, newReview, reviewableResults } from '../../../core/review/review';
import { PyRandom } from '../../../core/stats/pyRandom';
import { e2eTest, until, workspaceFile } from './harness';

const lensTitles = async (uri: vscode.Uri) =>
  ((await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', uri)) ?? []).map((l) => l.command?.title ?? '');

e2eTest('a run card shows a lens to review it, then the counts of the review beside it', async () => {
  const card = workspaceFile('cards/lens_card.json');
  await vscode.workspace.fs.copy(workspaceFile('cards/review_card.json'), card, { overwrite: true });
  await vscode.window.showTextDocument(card);
  await until('the review lens', async () => (await lensTitles(card)).some((t) => /Review this run/.test(t)));
  const value = JSON.parse(new TextDecoder().decode(await vscode.workspace.fs.readFile(card))) as Record<string, unknown>;
  // The seeded sample, as `review sample` draws it: only such a review is a review of the card (Rosetta §7.2).
  const results = reviewableResults(value);
  const drawn = drawSample(results, { size: results.length, seed: 1, random: new PyRandom(1), allowSecretSegments: true });
  const sampled = newReview(drawn, {
    runCardPath: 'lens_card.json',
    card: value,
    reviewer: 'e2e',
    created: '2026-11-25T10:00:00Z',
    seed: 1,
    size: results.length,
  });
  const review = { ...sampled, items: sampled.items.map((item, i) => ({ ...item, rating: i === 0 ? 'excellent' : i === 1 ? 'gist' : null })) };
  await vscode.workspace.fs.writeFile(workspaceFile('cards/lens_card.review.json'), new TextEncoder().encode(JSON.stringify(review, null, 2)));
  const title = await until('the review counts in the lens', async () => (await lensTitles(card)).find((t) => /Human review: 2\/3/.test(t)));
  assert.match(title, /excellent 1/);
  assert.match(title, /50% usable/);
});
