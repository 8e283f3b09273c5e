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
  const title = await until('the review counts in the lens', async () =>
    (await lensTitles(card)).find((t) => /Human review \(a single review\): 2\/3/.test(t)),
  );
  assert.match(title, /excellent 1/);
  assert.match(title, /50% usable/);
});

e2eTest(
  'Review Run with two reviewers: one file each, each rated in the review view, and the card shows their agreement',
  async () => {
    const card = workspaceFile('cards/team_card.json');
    await vscode.workspace.fs.copy(workspaceFile('cards/review_card.json'), card, { overwrite: true });
    for (const name of ['team_card.review.ama.json', 'team_card.review.kofi.json'])
      await vscode.workspace.fs.delete(workspaceFile(`cards/${name}`)).then(undefined, () => undefined);
    // The prompts a user answers: size 3, seed 1, reviewers "ama, kofi", each item rated by both; Ama opens hers.
    await vscode.commands.executeCommand('ewebench.review.answer', ['3', '1', 'ama, kofi', '2', 'ama']);
    const amaKey = await vscode.commands.executeCommand<string>('ewebench.reviewRun', card);
    assert.match(amaKey, /team_card\.review\.ama\.json$/);
    const decoder = new TextDecoder();
    const read = async (name: string) =>
      JSON.parse(decoder.decode(await vscode.workspace.fs.readFile(workspaceFile(`cards/${name}`)))) as {
        reviewer: string;
        assignment: { reviewers: string[]; overlap: number };
        items: { entry_id: number; rating: string | null }[];
      };
    const kofiFile = await read('team_card.review.kofi.json');
    assert.deepEqual(kofiFile.assignment.reviewers, ['ama', 'kofi'], 'one file per reviewer, both written at once');
    // Both rate the same way (each item by its entry): excellent, gist, reject.
    const ratingOf = (id: number) => ['excellent', 'gist', 'reject'][(id - 1) % 3];
    const rateAll = async (key: string, file: string) => {
      const { items } = await read(file);
      for (let index = 0; index < items.length; index++)
        assert.ok(await vscode.commands.executeCommand('ewebench.review.send', key, { type: 'rate', index, rating: ratingOf(items[index].entry_id) }));
      await until(`${file} rated`, async () => (await read(file)).items.every((i) => i.rating === ratingOf(i.entry_id)), 20_000);
    };
    await rateAll(amaKey, 'team_card.review.ama.json');
    // Kofi opens his own file: Review Run on the card offers the team's files.
    await vscode.commands.executeCommand('ewebench.review.answer', ['team_card.review.kofi.json']);
    const kofiKey = await vscode.commands.executeCommand<string>('ewebench.reviewRun', card);
    assert.match(kofiKey, /team_card\.review\.kofi\.json$/);
    await rateAll(kofiKey, 'team_card.review.kofi.json');
    // The card's lens: the team, and alpha (they agree on every item).
    await vscode.window.showTextDocument(card);
    const title = await until('the team review in the lens', async () => (await lensTitles(card)).find((t) => /Team review: ama, kofi/.test(t)), 30_000);
    assert.match(title, /α 1\.000/);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  },
  120_000,
);
