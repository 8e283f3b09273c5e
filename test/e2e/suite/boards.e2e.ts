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
  assert.equal(tampered?.[0], 'not ranked: tampered (a stored hash does not match the card)');
  assert.equal(tampered?.[18], 'tampered', 'the seal column');
  assert.equal(rosetta.rows[rosetta.rows.length - 1], tampered, 'an unverifiable card comes after every ranked one');
  // The strong card's review beside it is shown with its counts.
  assert.match(rosetta.rows.find((r) => r[11] === 'strong-model')?.[19] ?? '', /rated, .* usable/);
  await until('the leaderboard tab', () =>
    vscode.window.tabGroups.all.some((g) => g.tabs.some((t) => t.input instanceof vscode.TabInputWebview && t.input.viewType.includes('ewebench.leaderboard'))),
  );
  return `${rosetta.rows[0].slice(0, 3).join(' ')} ${rosetta.rows[0][11]} · ${rosetta.rows.length} cards, ${ewebench.rows.length} results files`;
});

e2eTest('Show Leaderboard on a folder of mt_eval_harness reports ranks them per corpus, marked unsealed (the view reads what the CLI reads)', async () => {
  const folder = workspaceFile('reports');
  const tables = await vscode.commands.executeCommand<ShownTable[]>('ewebench.showLeaderboard', folder, [folder]);
  assert.deepEqual(
    tables.map((t) => t.id),
    ['rosetta'],
  );
  const [rosetta] = tables;
  // Columns: rank 0, composite 2, model 11, corpus 15, seal 18.
  assert.deepEqual(
    rosetta.rows.map((r) => [r[15], r[0], r[11], r[18]]),
    [
      ['eng-ewe-dev-v1', '1=', 'google/gemini-3.5-flash', 'unsealed'],
      ['eng-ewe-dev-v1', '2=', 'openai/gpt-4o-mini', 'unsealed'],
      ['eng-yor-dev-v1', '1', 'google/gemini-3.5-flash', 'unsealed'],
    ],
  );
  // The report's own composite (its interval's estimate), as the report gives it.
  assert.equal(rosetta.rows[0][2], '0.7293');
  return rosetta.rows.map((r) => `${r[15]} ${r[0]} ${r[11]}`).join(' · ');
});

e2eTest('compare of two fixture runs lists the planted regression first, with the metric table and the bootstrap’s verdict', async () => {
  // As the Explorer passes two selected files: A (the baseline) and B.
  const a = workspaceFile('compare/ewebench_deepseek-chat_20261120_091500.json');
  const b = workspaceFile('compare/ewebench_gemini-2.0-flash_20261121_101000.json');
  const tables = await vscode.commands.executeCommand<ShownTable[]>('ewebench.compareRuns', a, [a, b]);
  assert.deepEqual(
    tables.map((t) => t.id),
    ['metrics', 'items'],
  );
  const [metrics, items] = tables;
  assert.deepEqual(items.rows[0].slice(0, 6), ['mt_context_02', 'translation', '1.000', '0.000', '-1.000', 'regression']);
  assert.deepEqual(metrics.rows[0].slice(0, 7), ['ÈwéScore', '74.40', '62.00', '-12.40', '[-33.50, +1.80]', '0.046', 'yes: A better']);
  await until('the compare tab', () =>
    vscode.window.tabGroups.all.some((g) => g.tabs.some((t) => t.input instanceof vscode.TabInputWebview && t.input.viewType.includes('ewebench.compare'))),
  );
  return `${items.rows[0].slice(0, 6).join(' ')} · ÈwéScore Δ ${metrics.rows[0][3]} (p ${metrics.rows[0][5]})`;
});

e2eTest('the items view of two fixture runs puts the items every model passes first, one column per model', async () => {
  const folder = workspaceFile('compare');
  const tables = await vscode.commands.executeCommand<ShownTable[]>('ewebench.showItems', folder, [folder]);
  assert.equal(tables.length, 1);
  const [items] = tables;
  assert.equal(items.rows.length, 12);
  assert.deepEqual(items.rows[0], ['rs_logic_01', 'reasoning', 'multiple_choice', '—', '1.000 ✓', '1.000 ✓', '0.000', 'every run passes']);
  const context = items.rows.find((r) => r[0] === 'mt_context_02');
  assert.deepEqual(context?.slice(4), ['1.000 ✓', '0.000 ✗', '1.000', '']);
  return items.rows[0].join(' ');
});
