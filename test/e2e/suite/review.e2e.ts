import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { e2eTest, until, workspaceFile } from './harness';

const lensTitles = async (uri: vscode.Uri) =>
  ((await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', uri)) ?? []).map((l) => l.command?.title ?? '');

e2eTest('a run card shows a lens to review it, then the counts of the review beside it', async () => {
  const card = workspaceFile('cards/lens_card.json');
  await vscode.workspace.fs.copy(workspaceFile('cards/review_card.json'), card, { overwrite: true });
  await vscode.window.showTextDocument(card);
  await until('the review lens', async () => (await lensTitles(card)).some((t) => /Review this run/.test(t)));
  const value = JSON.parse(new TextDecoder().decode(await vscode.workspace.fs.readFile(card))) as {
    run_card_hash: string;
    results: { entry_id: number; difficulty: number; error: unknown }[];
  };
  const items = value.results
    .filter((r) => r.error === null)
    .map((r, i) => ({ entry_id: r.entry_id, difficulty: r.difficulty, segment: 'development', rating: i === 0 ? 'excellent' : i === 1 ? 'gist' : null }));
  const review = {
    review_version: 1,
    run_card: 'lens_card.json',
    run_card_hash: value.run_card_hash,
    reviewer: 'e2e',
    created: '2026-11-25T10:00:00Z',
    sample: { seed: 1, size: items.length, strata: 'difficulty', population: items.length, per_tier: {} },
    items,
  };
  await vscode.workspace.fs.writeFile(workspaceFile('cards/lens_card.review.json'), new TextEncoder().encode(JSON.stringify(review, null, 2)));
  const title = await until('the review counts in the lens', async () => (await lensTitles(card)).find((t) => /Human review: 2\/3/.test(t)));
  assert.match(title, /excellent 1/);
  assert.match(title, /50% usable/);
});
