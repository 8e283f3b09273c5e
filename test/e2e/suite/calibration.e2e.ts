import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { e2eTest, until, workspaceFile } from './harness';

interface ShownTable {
  id: string;
  rows: string[][];
}

e2eTest(
  'the calibration view opens on a review chosen in the Explorer: tau-b per figure and the usable share per §5 tier, as the CLI prints them',
  async () => {
    const review = workspaceFile('boards/rosetta_strong.review.json');
    const tables = await vscode.commands.executeCommand<ShownTable[]>('ewebench.calibrateReview', review, [review]);
    // 20 ratings: too few per tier for a cut, so no cut table (the reason is among the notes).
    assert.deepEqual(
      tables.map((t) => t.id),
      ['tau', 'tiers'],
    );
    const [tau, tiers] = tables;
    assert.deepEqual(tau.rows[0], ['sentence chrF++', '0.058', '[-0.311, 0.421]', '20']);
    assert.deepEqual(tiers.rows[4], ['Fluent', '0.85–1.00', '15', '12', '80.0%']);
    await until('the calibration tab', () =>
      vscode.window.tabGroups.all.some((g) =>
        g.tabs.some((t) => t.input instanceof vscode.TabInputWebview && t.input.viewType.includes('ewebench.calibration')),
      ),
    );
    return `tau-b ${tau.rows.map((r) => `${r[0]} ${r[1]}`).join(' · ')}; Fluent ${tiers.rows[4][4]} usable`;
  },
);
