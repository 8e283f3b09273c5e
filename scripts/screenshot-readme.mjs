// Makes the README's screenshots of running tests: a CodeLens score and the Test Explorer, taken in a real
// VS Code (code-server + Chromium, installed by `npm run e2e:setup`) with this folder as the development
// extension, against the local fake model of test/e2e/fakeModel.ts (127.0.0.1, known answers).
// Writes docs/codelens-score.png, docs/test-explorer.png, docs/corpus-table.png, docs/review.png, docs/leaderboard.png,
// docs/compare.png and docs/benchmark-matrix.png.
// Run: `npm run screenshots`.
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { buildWorkspace, root, startFakeModel, writeBenchmarkFile } from './e2e/common.mjs';
import { session } from './e2e/session.mjs';
import {
  benchmarkMatrixFromPalette,
  compareFromPalette,
  editInCorpusTable,
  leaderboardFromPalette,
  quickOpen,
  rateReviewFromKeyboard,
  runFileFromTestExplorer,
  runFirstTestFromLens,
} from './e2e/uiFlows.mjs';

const cleanups = [];
const cleanUp = async () => {
  while (cleanups.length)
    await cleanups
      .pop()()
      .catch(() => {});
};
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => void cleanUp().then(() => process.exit(1)));

const run = fs.mkdtempSync(path.join(os.tmpdir(), 'ewb-screenshots-'));
cleanups.push(async () => fs.rmSync(run, { recursive: true, force: true }));
let code = 0;
try {
  execFileSync(process.execPath, [path.join(root, 'scripts', 'build.mjs')], { cwd: root, stdio: 'inherit' });
  const fake = await startFakeModel(run);
  cleanups.push(() => fake.server.stop());
  const { startCodeServer, openBrowser } = session({ cleanups, extraEnv: fake.keyEnv, userSettings: { 'editor.minimap.enabled': false } });
  const workspace = buildWorkspace(path.join(run, 'workspace'));
  fs.mkdirSync(path.join(workspace, '.vscode'), { recursive: true });
  // No response cache: every lens shows the model's own latency.
  fs.writeFileSync(path.join(workspace, '.vscode', 'settings.json'), JSON.stringify({ ...fake.settings, 'ewebench.run.cache': false }, null, 2));
  writeBenchmarkFile(workspace, fake);
  const server = await startCodeServer(run, fake.userSettings);
  const { page } = await openBrowser(run);
  const payload = JSON.stringify([['extensionDevelopmentPath', `vscode-remote://${server.host}${root}`]]);
  await page.goto(`http://${server.host}/?folder=${encodeURIComponent(workspace)}&payload=${encodeURIComponent(payload)}`);
  await page.locator('.monaco-workbench').waitFor({ timeout: 60_000 });

  console.log(`lens: ${await runFirstTestFromLens(page)}`);
  // Then the whole file from the lens at the top, so every test shows its score.
  await page.locator('.monaco-editor .codelens-decoration a', { hasText: 'Run all (3)' }).first().click();
  await page.locator('.monaco-editor .codelens-decoration', { hasText: '2/3 passed' }).first().waitFor({ timeout: 30_000 });
  await page.keyboard.press('Control+B'); // side bar closed: the editor alone
  await page.waitForTimeout(500);
  const editor = await page.locator('.editor-group-container').first().boundingBox();
  await page.screenshot({
    path: path.join(root, 'docs', 'codelens-score.png'),
    clip: { x: editor.x, y: editor.y, width: Math.min(editor.width, 900), height: 420 },
  });
  await page.keyboard.press('Control+B');

  await quickOpen(page, 'run_e2e.json');
  console.log(`Test Explorer: ${(await runFileFromTestExplorer(page)).join(', ')}`);
  await page.mouse.move(5, 5);
  await page.waitForTimeout(500);
  await page.screenshot({ path: path.join(root, 'docs', 'test-explorer.png') });

  // The Test Results panel made room for the Test Explorer; the next two pages want the height.
  await page.keyboard.press('Control+J');
  // A review of a run card, three items rated from the keyboard; the page as the reviewer sees it then.
  console.log(`review: ${await rateReviewFromKeyboard(page)}`);
  await page.keyboard.press('Control+B');
  await page.waitForTimeout(800);
  await page.screenshot({ path: path.join(root, 'docs', 'review.png') });
  // The corpus table, as a user opens it from the editor title of a corpus, after one cell typed with Ewe keys.
  console.log(`corpus table: ${await editInCorpusTable(page, workspace)}`);
  await page.keyboard.press('Control+B');
  await page.waitForTimeout(800);
  await page.screenshot({ path: path.join(root, 'docs', 'corpus-table.png') });
  await page.keyboard.press('Control+B');

  // The board views, each with the side bar closed: the leaderboard of the fixture cards, the compare of the two
  // fixture runs (its charts above the tables), then the benchmark matrix run from its file (the modal pressed).
  const board = async (name, flow) => {
    const read = await flow(page);
    await page.keyboard.press('Control+B');
    await page.mouse.move(5, 5);
    await page.waitForTimeout(800);
    await page.screenshot({ path: path.join(root, 'docs', name) });
    await page.keyboard.press('Control+B');
    return read;
  };
  console.log(`leaderboard: ${(await board('leaderboard.png', leaderboardFromPalette)).first.slice(0, 3).join(' ')}`);
  console.log(`compare: ${(await board('compare.png', compareFromPalette)).slice(0, 6).join(' ')}`);
  console.log(`matrix: ${(await board('benchmark-matrix.png', benchmarkMatrixFromPalette)).rows.map((r) => r.join(' ')).join(' · ')}`);

  console.log(
    'wrote docs/codelens-score.png, docs/test-explorer.png, docs/corpus-table.png, docs/review.png, docs/leaderboard.png, docs/compare.png and docs/benchmark-matrix.png',
  );
} catch (error) {
  console.error(error.stack ?? String(error));
  code = 1;
} finally {
  await cleanUp();
}
process.exit(code);
