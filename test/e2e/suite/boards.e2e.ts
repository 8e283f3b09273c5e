import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { e2eTest, until, workspaceFile } from './harness';

interface ShownTable {
  id: string;
  rows: string[][];
}

e2eTest('the leaderboard opens on fixture cards with the expected first rows; the tampered card is listed, never ranked', async () => {
  // As the Explorer's context menu passes a folder: the clicked one, and the selection.
  const folder = workspaceFile('boards');
  const tables = await vscode.commands.executeCommand<ShownTable[]>('ewebench.showLeaderboard', folder, [folder]);
  assert.deepEqual(
    tables.map((t) => t.id),
    ['ewebench', 'rosetta'],
  );
  const [ewebench, rosetta] = tables;
  assert.deepEqual(ewebench.rows[0].slice(0, 3), ['1=', 'deepseek-chat', '87.5']);
  assert.deepEqual(rosetta.rows[0].slice(0, 3), ['1=', 'naive', '0.8722']);
  assert.equal(rosetta.rows[0][11], 'close-model');
  const tampered = rosetta.rows.find((r) => r[11] === 'tampered-model');
  assert.equal(tampered?.[0], 'not ranked: its hashes do not verify');
  assert.equal(rosetta.rows[rosetta.rows.length - 1], tampered, 'an unverifiable card comes after every ranked one');
  // The strong card's review beside it is shown with its counts.
  assert.match(rosetta.rows.find((r) => r[11] === 'strong-model')?.[18] ?? '', /rated, .* usable/);
  await until('the leaderboard tab', () =>
    vscode.window.tabGroups.all.some((g) => g.tabs.some((t) => t.input instanceof vscode.TabInputWebview && t.input.viewType.includes('ewebench.leaderboard'))),
  );
  return `${rosetta.rows[0].slice(0, 3).join(' ')} ${rosetta.rows[0][11]} · ${rosetta.rows.length} cards, ${ewebench.rows.length} results files`;
});
