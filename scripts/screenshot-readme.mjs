// Makes the README's screenshots of running tests: a CodeLens score and the Test Explorer, taken in a real
// VS Code (code-server + Chromium, installed by `npm run e2e:setup`) with this folder as the development
// extension, against the local fake model of test/e2e/fakeModel.ts (127.0.0.1, known answers).
// Writes docs/codelens-score.png, docs/test-explorer.png, docs/corpus-table.png (and the table's flows:
// docs/corpus-table-toolbar.png, docs/corpus-table-typing-hint.png, docs/corpus-table-enum-list.png,
// docs/corpus-import-preview.png), docs/review.png, docs/leaderboard.png, docs/compare.png and
// docs/benchmark-matrix.png; a team's review (#34): docs/review-team-lens.png, docs/calibration.png and
// docs/review-packet.png; a task suite's item file (#35): docs/suite-items.png.
// Run: `npm run screenshots`.
import { execFileSync } from 'node:child_process';
import { pathToFileURL } from 'node:url';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { buildWorkspace, root, startFakeModel, writeBenchmarkFile } from './e2e/common.mjs';
import { session } from './e2e/session.mjs';
import {
  benchmarkMatrixFromPalette,
  compareFromPalette,
  corpusTableFrame,
  editInCorpusTable,
  palette,
  leaderboardFromPalette,
  quickOpen,
  rateReviewFromKeyboard,
  runFileFromTestExplorer,
  runFirstTestFromLens,
  webviewFrame,
} from './e2e/uiFlows.mjs';

/** A picture of the page, or of the part of it `box` (a frame's element box, in page coordinates) with a margin. */
async function shot(page, name, box) {
  const viewport = page.viewportSize();
  const clip = box && {
    x: Math.max(0, box.x - 8),
    y: Math.max(0, box.y - 8),
    width: Math.min(viewport.width - Math.max(0, box.x - 8), box.width + 16),
    height: Math.min(viewport.height - Math.max(0, box.y - 8), box.height + 16),
  };
  await page.screenshot({ path: path.join(root, 'docs', name), ...(clip ? { clip } : {}) });
  return name;
}

/**
 * On the open corpus table of table.json: the toolbar (Export/Import), the typing hint under the search box after
 * `;D;e;n`, a register cell's list of values, and the preview of an update from a sheet with two references
 * changed, opened from the toolbar's Import button. Leaves the table and the file as they were.
 */
async function tableFlowShots(page, workspace) {
  const written = [];
  const frame = await corpusTableFrame(page);
  await frame.locator('#exportSheet').waitFor({ timeout: 15_000 });
  const toolbar = await frame.locator('#exportSheet').evaluate((b) => {
    const r = b.parentElement.getBoundingClientRect();
    return { x: r.x, y: r.y, width: r.width, height: r.height };
  });
  const frameBox = await (await frame.frameElement()).boundingBox();
  const inPage = (r) => ({ x: frameBox.x + r.x, y: frameBox.y + r.y, width: r.width, height: r.height });
  written.push(await shot(page, 'corpus-table-toolbar.png', inPage({ ...toolbar, height: toolbar.height })));

  // The typing hint: the keys, shown while the search box has the focus.
  const search = frame.locator('#search');
  await search.click();
  await page.keyboard.type(';D;e;n', { delay: 0 });
  await frame.locator('#hint:not([hidden])').waitFor({ timeout: 15_000 });
  await page.waitForTimeout(300);
  written.push(await shot(page, 'corpus-table-typing-hint.png'));
  await page.keyboard.press('Control+End');
  await page.keyboard.press('Control+Shift+Home');
  await page.keyboard.press('Backspace');
  await frame.locator('#rows [data-entry="0"]').waitFor({ timeout: 15_000 });

  // An enum cell: Enter on a register cell opens its list. A native list's popup is drawn outside the page, where
  // a screenshot does not reach, so the picture shows the same options as an open list box.
  const register = frame.locator('#rows [data-entry="0"] [data-field="register"]');
  await register.click();
  await frame.locator('#grid:focus').waitFor({ timeout: 15_000 });
  await page.keyboard.press('Enter');
  const list = frame.locator('#rows select');
  await list.waitFor({ timeout: 15_000 });
  await list.evaluate((select) => {
    select.size = Math.min(select.options.length + select.querySelectorAll('optgroup').length, 10);
    // Drawn over the rows below, opening leftwards from the last column.
    Object.assign(select.style, { position: 'absolute', right: '0', height: 'auto', zIndex: '5', minWidth: '14em' });
    for (let node = select.parentElement; node && node.id !== 'grid'; node = node.parentElement)
      Object.assign(node.style, { overflow: 'visible', zIndex: '5' });
  });
  await page.waitForTimeout(300);
  written.push(await shot(page, 'corpus-table-enum-list.png'));
  await page.keyboard.press('Escape');

  // An update from a sheet, on the workspace's valid corpus (table.json is planted with problems): its own
  // entries with two references changed, chosen through its table's Import button.
  await palette(page, 'View: Close All Editors');
  await quickOpen(page, 'corpus.json');
  await page.locator('.editor-actions .action-item a[aria-label*="Open Corpus as Table"]').first().click();
  const corpusFrame = await corpusTableFrame(page);
  const file = path.join(workspace, 'corpus.json');
  const entries = JSON.parse(fs.readFileSync(file, 'utf8')).entries;
  const columns = [...new Set(entries.flatMap((e) => Object.keys(e)))];
  const changed = new Map([
    [0, 'Ŋdi nyuie loo.'],
    [2, 'Akpe na wò ŋutɔ.'],
  ]);
  const rows = entries.map((e, i) => columns.map((c) => (c === 'reference' && changed.has(i) ? changed.get(i) : String(e[c] ?? ''))).join('\t'));
  const sheet = path.join(workspace, 'corpus-fixed.tsv');
  fs.writeFileSync(sheet, [columns.join('\t'), ...rows].join('\n') + '\n');
  await corpusFrame.locator('#importSheet').click();
  // VS Code's own file dialog in the browser: its path box takes the sheet's path.
  const pathBox = page.locator('.quick-input-widget input');
  await pathBox.waitFor({ timeout: 30_000 });
  await pathBox.fill(sheet);
  await page.waitForTimeout(500);
  await page.keyboard.press('Enter');
  await page.locator('.quick-input-list .monaco-list-row', { hasText: '→' }).first().waitFor({ timeout: 30_000 });
  await page.mouse.move(5, 5);
  await page.waitForTimeout(500);
  written.push(await shot(page, 'corpus-import-preview.png'));
  await page.keyboard.press('Escape');
  fs.rmSync(sheet, { force: true });
  return written.join(', ');
}

// SCREENSHOTS_ONLY=lens,explorer,review,table,boards,team,suite takes only those parts (all by default), e.g. to
// redo one picture on a busy machine.
const ONLY = new Set((process.env.SCREENSHOTS_ONLY ?? 'lens,explorer,review,table,boards,team,suite').split(',').map((p) => p.trim()));

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
  const team = ONLY.has('team') ? prepareTeam(workspace, run) : undefined;
  if (ONLY.has('suite')) prepareSuite(workspace);
  const server = await startCodeServer(run, fake.userSettings);
  const { context, page } = await openBrowser(run);
  const payload = JSON.stringify([['extensionDevelopmentPath', `vscode-remote://${server.host}${root}`]]);
  await page.goto(`http://${server.host}/?folder=${encodeURIComponent(workspace)}&payload=${encodeURIComponent(payload)}`, { timeout: 180_000 });
  await page.locator('.monaco-workbench').waitFor({ timeout: 180_000 });

  if (ONLY.has('lens')) await lensShot(page);
  if (ONLY.has('explorer')) {
    await quickOpen(page, 'run_e2e.json');
    console.log(`Test Explorer: ${(await runFileFromTestExplorer(page)).join(', ')}`);
    await page.mouse.move(5, 5);
    await page.waitForTimeout(500);
    await page.screenshot({ path: path.join(root, 'docs', 'test-explorer.png') });
    // The Test Results panel made room for the Test Explorer; the next two pages want the height.
    await page.keyboard.press('Control+J');
  }
  if (ONLY.has('review')) {
    // A review of a run card, three items rated from the keyboard; the page as the reviewer sees it then.
    console.log(`review: ${await rateReviewFromKeyboard(page)}`);
    await page.keyboard.press('Control+B');
    await page.waitForTimeout(800);
    await page.screenshot({ path: path.join(root, 'docs', 'review.png') });
  }
  if (ONLY.has('table')) {
    // The corpus table, as a user opens it from the editor title of a corpus, after one cell typed with Ewe keys
    // (its flow starts from an open tab: alone, this part opens the corpus first).
    if ((await page.locator('.tabs-container .tab').count()) === 0) await quickOpen(page, 'table.json');
    console.log(`corpus table: ${await editInCorpusTable(page, workspace)}`);
    await page.keyboard.press('Control+B');
    await page.waitForTimeout(800);
    await page.screenshot({ path: path.join(root, 'docs', 'corpus-table.png') });
    // #32's flows on the same table, the side bar still closed: the toolbar's export and import buttons, the Ewe
    // keys' hint while typing in the search box, an enum cell's list, and an update's preview from a sheet.
    console.log(`table flows: ${await tableFlowShots(page, workspace)}`);
    await page.keyboard.press('Control+B');
  }
  if (ONLY.has('boards')) await boardShots(page);
  if (ONLY.has('team')) await teamShots(page, context, team);
  if (ONLY.has('suite')) await suiteShot(page);
  console.log(`wrote the screenshots of ${[...ONLY].join(', ')} in docs/`);
} catch (error) {
  console.error(error.stack ?? String(error));
  code = 1;
} finally {
  await cleanUp();
}
process.exit(code);

/** The CodeLens scores of tests/run_e2e.json: one test run from its lens, then the whole file. */
async function lensShot(page) {
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
}

async function boardShots(page) {
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
}

/** The CLI as a user runs it in the workspace (the bundle `scripts/build.mjs` has just written). */
function cli(cwd, ...args) {
  return execFileSync(process.execPath, [path.join(root, 'dist', 'cli.js'), ...args], { cwd, encoding: 'utf8', env: { ...process.env, LANG: 'en_US.UTF-8' } });
}

/**
 * A team's review of a run card, made before VS Code opens as the team would make it: the strong fixture card
 * copied to cards/team_card.json, `review sample --reviewers ama,kofi` (20 outputs, both reviewers on every item),
 * Kofi's review packet written outside the workspace while his file is still unrated, then both files rated: Ama
 * as the fixture review of the same sample (seed 7, size 20), Kofi the same but one step apart on two items.
 */
function prepareTeam(workspace, run) {
  const cards = path.join(workspace, 'cards');
  fs.copyFileSync(path.join(workspace, 'boards', 'rosetta_strong.json'), path.join(cards, 'team_card.json'));
  cli(cards, 'review', 'sample', 'team_card.json', '--size', '20', '--seed', '7', '--reviewers', 'ama,kofi');
  const packet = path.join(run, 'kofi packet.html');
  cli(cards, 'review', 'packet', 'team_card.review.kofi.json', '--out', packet);
  const fixture = JSON.parse(fs.readFileSync(path.join(workspace, 'boards', 'rosetta_strong.review.json'), 'utf8'));
  const ama = new Map(fixture.items.map((i) => [i.entry_id, i.rating]));
  const kofi = new Map([...ama, [13, 'acceptable'], [30, 'acceptable']]);
  for (const [name, ratings] of [
    ['ama', ama],
    ['kofi', kofi],
  ]) {
    const file = path.join(cards, `team_card.review.${name}.json`);
    const review = JSON.parse(fs.readFileSync(file, 'utf8'));
    for (const item of review.items) {
      if (!ratings.has(item.entry_id)) throw new Error(`entry ${item.entry_id} of ${file} is not in the fixture review's sample`);
      item.rating = ratings.get(item.entry_id);
      item.rated_at = '2026-11-27T10:00:00Z';
    }
    fs.writeFileSync(file, JSON.stringify(review, null, 2) + '\n');
  }
  return { packet };
}

/**
 * The team's pictures: the card's lens (the reviewers, ordinal alpha with its interval, the §7.2 gate), the
 * calibration view of the two files chosen from the Command Palette's sample list, and Kofi's review packet opened
 * from disk in a phone-wide page of the same Chromium, item 1 rated with a key and shown again.
 */
async function teamShots(page, context, team) {
  await page
    .locator('.tabs-container .tab')
    .first()
    .click()
    .catch(() => {});
  await quickOpen(page, 'team_card.json');
  const lens = page.locator('.monaco-editor .codelens-decoration', { hasText: 'Team review: ama, kofi' }).first();
  await lens.filter({ hasText: '§7.2' }).waitFor({ timeout: 90_000 });
  console.log(`team lens: ${(await lens.textContent())?.trim()}`);
  await page.keyboard.press('Control+B');
  await page.mouse.move(5, 5);
  await page.waitForTimeout(800);
  // The lens and the card's first lines, down to the foot of line 8 (no line cut in half).
  const editor = await page.locator('.editor-group-container').first().boundingBox();
  const eighth = await page
    .locator('.editor-group-container.active .line-numbers', { hasText: /^\s*8\s*$/ })
    .first()
    .boundingBox();
  await page.screenshot({
    path: path.join(root, 'docs', 'review-team-lens.png'),
    clip: { x: editor.x, y: editor.y, width: Math.min(editor.width, 1100), height: Math.round(eighth.y + eighth.height - editor.y + 4) },
  });
  await page.keyboard.press('Control+B');

  await palette(page, 'Calibrate the Metrics Against the Ratings');
  const widget = page.locator('.quick-input-widget');
  await widget.filter({ hasText: 'of which sample' }).waitFor({ timeout: 30_000 });
  await widget.locator('input').first().fill('team_card');
  await page.locator('.quick-input-list .monaco-list-row', { hasText: 'team_card.review.ama.json' }).first().waitFor({ timeout: 30_000 });
  await page.keyboard.press('Enter');
  const frame = await webviewFrame(page, '#table-tau tbody tr', 90_000);
  console.log(`calibration: ${(await frame.locator('#table-tau tbody tr').first().locator('td').allTextContents()).map((t) => t.trim()).join(' ')}`);
  await page.keyboard.press('Control+B');
  await page.mouse.move(5, 5);
  await page.waitForTimeout(1000);
  // The whole page in the picture (its notes name the reviewers under the tables): the window as tall as it needs.
  const viewport = page.viewportSize();
  const overflow = await frame.evaluate(() => globalThis.document.documentElement.scrollHeight - globalThis.innerHeight);
  if (overflow > 0) {
    await page.setViewportSize({ width: viewport.width, height: Math.min(viewport.height + overflow + 16, 2000) });
    await page.waitForTimeout(1500);
  }
  await page.screenshot({ path: path.join(root, 'docs', 'calibration.png') });
  await page.setViewportSize(viewport);
  await page.waitForTimeout(500);
  await page.keyboard.press('Control+B');

  const phone = await context.newPage();
  try {
    await phone.setViewportSize({ width: 420, height: 860 });
    await phone.goto(pathToFileURL(team.packet).href);
    await phone.locator('#progress').filter({ hasText: 'Item 1 of 20' }).waitFor({ timeout: 30_000 });
    await phone.keyboard.press('4');
    await phone.locator('#progress').filter({ hasText: '1 rated' }).waitFor({ timeout: 15_000 });
    await phone.keyboard.press('ArrowLeft');
    await phone.locator('#progress').filter({ hasText: 'Item 1 of 20' }).waitFor({ timeout: 15_000 });
    await phone.waitForTimeout(500);
    console.log(`packet: ${(await phone.locator('#progress').textContent())?.trim()}`);
    await phone.screenshot({ path: path.join(root, 'docs', 'review-packet.png') });
  } finally {
    await phone.close();
  }
}

/** A third item in the suite's item file of this workspace only (the e2e test counts one ▶ Run), which reads. */
function prepareSuite(workspace) {
  fs.appendFileSync(path.join(workspace, 'suite', 'items', 'mmlu_e2e.tsv'), "e2e_q3\tGbe ka wodona le Lomé?\t['Eʋegbe', 'Hausagbe', 'Zulugbe']\tA\n");
}

/**
 * The suite's item file in the editor: ▶ Run on each item that reads, the first run against the fake model (its
 * lens then shows the answer read after #### and ✓), and the bad item's problem (its answer E is not a choice)
 * opened under its row.
 */
async function suiteShot(page) {
  await page
    .locator('.tabs-container .tab')
    .first()
    .click()
    .catch(() => {});
  await quickOpen(page, 'mmlu_e2e.tsv');
  const run = page.locator('.monaco-editor .codelens-decoration a', { hasText: '▶ Run' });
  await run.nth(1).waitFor({ timeout: 90_000 });
  await run.first().click();
  const scored = page.locator('.monaco-editor .codelens-decoration', { hasText: /✓ A · \d+ ms/ }).first();
  await scored.waitFor({ timeout: 60_000 });
  console.log(`suite lens: ${(await scored.textContent())?.trim()}`);
  await page.keyboard.press('Control+B');
  // Go to Next Problem (Alt+F8) from the top of the file: the bad item's message opens under its row, hiding none.
  await page.locator('.editor-group-container.active .monaco-editor .view-lines').first().click();
  await page.keyboard.press('Control+Home');
  await page.keyboard.press('Alt+F8');
  await page.locator('.marker-widget', { hasText: 'not one of its choices' }).first().waitFor({ timeout: 30_000 });
  await page.mouse.move(5, 5);
  await page.waitForTimeout(800);
  const editor = await page.locator('.editor-group-container').first().boundingBox();
  await page.screenshot({
    path: path.join(root, 'docs', 'suite-items.png'),
    clip: { x: editor.x, y: editor.y, width: Math.min(editor.width, 1100), height: 330 },
  });
  await page.keyboard.press('Escape');
  await page.keyboard.press('Control+B');
}
