// What a user does in the workbench to run tests, written once for the end-to-end UI checks (run.mjs) and the
// README screenshots (scripts/screenshot-readme.mjs). Each flow returns what it read from the screen.
import fs from 'node:fs';
import path from 'node:path';

/** Opens a workspace file with Quick Open, as a user types its name. */
export async function quickOpen(page, name) {
  await page.keyboard.press('Control+P');
  await page.keyboard.type(name);
  await page.locator('.quick-input-list .monaco-list-row', { hasText: name }).first().waitFor({ timeout: 60_000 });
  await page.keyboard.press('Enter');
  // Its tab the active one (not merely open): a command run next acts on the active editor.
  await page.locator('.tab.active', { hasText: name }).first().waitFor({ timeout: 60_000 });
}

/** Runs a command from the Command Palette by its title. */
export async function palette(page, title) {
  await page.keyboard.press('F1');
  await page.keyboard.type(title);
  await page.locator('.quick-input-list .monaco-list-row', { hasText: title }).first().waitFor({ timeout: 60_000 });
  await page.keyboard.press('Enter');
}

const lensRows = (page) => page.locator('.monaco-editor .codelens-decoration');

/** Clicks `▶ Run` above the first test of tests/run_e2e.json and waits for its score in the lens. */
export async function runFirstTestFromLens(page) {
  await quickOpen(page, 'run_e2e.json');
  const run = page.locator('.monaco-editor .codelens-decoration a', { hasText: '▶ Run' }).first();
  await run.waitFor({ timeout: 30_000 });
  await run.click();
  const scored = lensRows(page)
    .filter({ hasText: /✓ 1\.0 · \d+ ms · fake-ewe-model/ })
    .first();
  await scored.waitFor({ timeout: 30_000 });
  return (await scored.textContent())?.trim();
}

/**
 * Opens the Testing view after a lens run and reads it: the results summary at its top counts the lens run
 * (it says "No test results yet." when no run was reported), and no file of a skipped folder (.github) is listed.
 */
export async function lensRunInTestExplorer(page) {
  await palette(page, 'View: Show Testing');
  await page.locator('.test-explorer .monaco-list-row', { hasText: 'tests/run_e2e.json' }).first().waitFor({ timeout: 30_000 });
  const summary = page.locator('.test-explorer .result-summary-container');
  await summary.waitFor({ timeout: 15_000 });
  let text = '';
  for (let i = 0; i < 50; i++) {
    // Its parts (state, passed/total, duration) one by one: their text runs together ("1/11.0ms").
    text = (await summary.evaluate((el) => [...(el.querySelector('.result-summary')?.children ?? [])].map((c) => c.textContent?.trim()).filter(Boolean))).join(
      ' · ',
    );
    if (text.split(' · ').includes('1/1')) break;
    await page.waitForTimeout(200);
  }
  if (!text.split(' · ').includes('1/1')) throw new Error(`the Testing view's results summary reads "${text}"`);
  // Discovery lists the other files once the view has opened: wait for one of them before looking for .github.
  await page.locator('.test-explorer .monaco-list-row', { hasText: 'tests/duplicates.json' }).first().waitFor({ timeout: 30_000 });
  const rows = (await page.locator('.test-explorer .monaco-list-row').allTextContents()).map((t) => t.replace(/\s+/g, ' ').trim());
  if (rows.some((r) => r.includes('.github'))) throw new Error(`a .github file is listed: ${rows.join(' | ')}`);
  return `results summary "${text}"; listed: ${rows.join(' | ')}`;
}

/** Reads the states of the three e2e_run_ tests in the Test Explorer once none is pending (about 30 s at most). */
async function settledStates(page, what) {
  const children = page.locator('.test-explorer .monaco-list-row', { hasText: 'e2e_run_' });
  const states = async () =>
    children.evaluateAll((rows) =>
      rows.map(
        (r) =>
          `${r.querySelector('.label')?.firstChild?.textContent?.trim()} ${/testing-(passed|failed|errored)-icon/.exec(r.querySelector('.computed-state')?.className ?? '')?.[1] ?? 'pending'}`,
      ),
    );
  for (let i = 0; i < 100; i++) {
    const now = await states();
    if (now.length === 3 && now.every((s) => !s.endsWith('pending'))) return now;
    await page.waitForTimeout(300);
  }
  throw new Error(`${what}: ${(await states()).join(', ')}`);
}

/** Runs tests/run_e2e.json from the Test Explorer and reads each test's state from the tree. */
export async function runFileFromTestExplorer(page) {
  await palette(page, 'View: Show Testing');
  const row = page.locator('.test-explorer .monaco-list-row', { hasText: 'tests/run_e2e.json' }).first();
  await row.waitFor({ timeout: 30_000 });
  await row.hover();
  await row.locator('.action-label.codicon-testing-run-icon').click();
  if (await row.locator('.monaco-tl-twistie.collapsed').count()) await row.locator('.monaco-tl-twistie').click();
  return settledStates(page, 'test states');
}

/**
 * Reloads the window (the Test Explorer's own run results are gone then), expands tests/run_e2e.json in the Test
 * Explorer and reads the states it shows from the saved results files alone.
 */
export async function savedStatesAfterReload(page) {
  await palette(page, 'Developer: Reload Window');
  await page.locator('.monaco-workbench').waitFor({ timeout: 60_000 });
  // The reloaded window may restore a focused terminal (which keeps F1), and the Testing view's command exists only
  // once our extension has activated again: focus the editor and retry the palette until the command is there.
  const editor = page.locator('.monaco-editor .view-lines').first();
  await editor.waitFor({ timeout: 60_000 });
  for (let attempt = 0; ; attempt++) {
    await editor.click();
    await page.keyboard.press('F1');
    await page.keyboard.type('View: Show Testing');
    const row = page.locator('.quick-input-list .monaco-list-row', { hasText: 'View: Show Testing' }).first();
    try {
      await row.waitFor({ timeout: 3000 });
      await page.keyboard.press('Enter');
      break;
    } catch (error) {
      await page.keyboard.press('Escape');
      if (attempt >= 15) throw error;
      await page.waitForTimeout(2000);
    }
  }
  const row = page.locator('.test-explorer .monaco-list-row', { hasText: 'tests/run_e2e.json' }).first();
  await row.waitFor({ timeout: 60_000 });
  if (await row.locator('.monaco-tl-twistie.collapsed').count()) await row.locator('.monaco-tl-twistie').click();
  return settledStates(page, 'test states after reload');
}

/** Opens our walkthrough from the Command Palette and reads its step titles. */
export async function openWalkthrough(page) {
  await palette(page, 'Welcome: Open Walkthrough');
  await page.locator('.quick-input-list .monaco-list-row', { hasText: 'Get started with ÈwéBench Studio' }).first().waitFor({ timeout: 15_000 });
  await page.keyboard.type('ÈwéBench');
  await page.locator('.quick-input-list .monaco-list-row', { hasText: 'Get started with ÈwéBench Studio' }).first().click();
  const steps = page.locator('.getting-started-step .step-title');
  await steps.first().waitFor({ timeout: 30_000 });
  return (await steps.allTextContents()).map((t) => t.trim()).filter(Boolean);
}

/** In Restricted Mode: clicks ▶ Run above the first test and returns the notification that answers. */
export async function clickRunInUntrustedWorkspace(page) {
  await quickOpen(page, 'run_e2e.json');
  const run = page.locator('.monaco-editor .codelens-decoration a', { hasText: '▶ Run' }).first();
  await run.waitFor({ timeout: 30_000 });
  await run.click();
  // A moment for the answer, and for a request that should not exist to reach the server.
  await page.waitForTimeout(2000);
  // The toast may already be tucked into the notification center: read it there.
  await palette(page, 'Notifications: Show Notifications');
  const item = page.locator('.notifications-center .notification-list-item-message', { hasText: 'not trusted' }).first();
  await item.waitFor({ timeout: 15_000 });
  return (await item.textContent())?.trim() ?? '';
}

/** The frame of the webview whose page holds `selector` (webviews are iframes inside iframes). */
export async function webviewFrame(page, selector, timeoutMs = 30_000) {
  const start = Date.now();
  for (;;) {
    for (const frame of page.frames()) {
      if (
        await frame
          .locator(selector)
          .count()
          .catch(() => 0)
      )
        return frame;
    }
    if (Date.now() - start > timeoutMs) throw new Error(`no webview shows ${selector}`);
    await page.waitForTimeout(250);
  }
}

/**
 * Draws a review of cards/review_card.json from the Command Palette (the three input boxes answered as a user
 * would), then rates its items from the keyboard: 3, 4, 1. Returns what the page says once they are rated.
 */
export async function rateReviewFromKeyboard(page) {
  await quickOpen(page, 'review_card.json');
  // The extension host knows the card is the active editor once our status bar names its kind: the command
  // reviews the active editor's file, and asks for one with a file dialog when there is none.
  await page.locator('.statusbar-item', { hasText: 'Rosetta run card' }).first().waitFor({ timeout: 15_000 });
  await palette(page, 'Review Run');
  // Each box is answered only once its own prompt shows: the widget is reused from box to box, and on a loaded
  // machine an answer typed too early went into the box before (a seed of 42 where the size was asked: refused,
  // and that box stayed open over the tabs for every later step).
  const widget = page.locator('.quick-input-widget');
  const input = widget.locator('input').first();
  for (const [prompt, answer] of [
    ['How many outputs to review', '3'],
    ['Seed of the sample', '42'],
    // Alone: no team (an empty list of reviewers).
    ['Reviewers, separated by commas', ''],
    ['recorded as the reviewer', 'e2e reviewer'],
  ]) {
    await widget.filter({ hasText: prompt }).waitFor({ timeout: 30_000 });
    await input.fill(answer);
    if ((await input.inputValue()) !== answer) throw new Error(`the input box for "${prompt}" holds ${JSON.stringify(await input.inputValue())}`);
    await page.keyboard.press('Enter');
    await widget.filter({ hasText: prompt }).waitFor({ state: 'hidden', timeout: 15_000 });
  }
  const frame = await webviewFrame(page, '#rate-excellent');
  await frame.locator('#progress', { hasText: /1\D+3/ }).waitFor({ timeout: 15_000 });
  await frame.locator('#card').click();
  for (const key of ['3', '4', '1']) {
    await page.keyboard.press(key);
    await page.waitForTimeout(300);
  }
  await frame.locator('#status').filter({ hasText: /\S/ }).waitFor({ timeout: 15_000 });
  return (await frame.locator('#progress').textContent())?.trim();
}

/** The frame of the corpus table's page, once it shows rows. */
export const corpusTableFrame = (page) => webviewFrame(page, '#grid[role=grid] [role=row][aria-rowindex="2"]');

/** The file's text on disk once the page's Ctrl+S has saved it. */
async function savedText(page, file, test) {
  await page.keyboard.press('Control+S');
  for (let tries = 0; tries < 60; tries++) {
    const text = fs.readFileSync(file, 'utf8');
    if (test(text)) return text;
    await page.waitForTimeout(250);
  }
  return fs.readFileSync(file, 'utf8');
}

/**
 * Opens table.json, clicks the editor title's table button, edits the reference of entry 2 with the keyboard
 * (Enter, select all, type with Ewe keys `;D` and `e;'`, Enter), saves with Ctrl+S in the page and reads the
 * file: it must be the original with that one value changed. Returns the grid's row count and the cell's text.
 */
export async function editInCorpusTable(page, workspace) {
  const file = path.join(workspace, 'table.json');
  const original = fs.readFileSync(file, 'utf8');
  // A webview opened by an earlier step may hold the keyboard (and keep Ctrl+P): a click on a tab gives it back.
  await page.locator('.tabs-container .tab').first().click();
  await quickOpen(page, 'table.json');
  const button = page.locator('.editor-actions .action-item a[aria-label*="Open Corpus as Table"]').first();
  await button.waitFor({ timeout: 30_000 });
  await button.click();
  const frame = await corpusTableFrame(page);
  const rowCount = await frame.locator('#grid').getAttribute('aria-rowcount');
  const cell = frame.locator('#rows [data-entry="1"] [data-field="reference"]');
  await cell.click();
  // The page's grid holds the keyboard once the click has reached it through the webview's two frames.
  await frame.locator('#grid:focus').waitFor({ timeout: 15_000 });
  await page.keyboard.press('Enter');
  const input = frame.locator('#rows input');
  await input.waitFor({ timeout: 15_000 });
  await page.keyboard.press('Control+End');
  await page.keyboard.press('Control+Shift+Home');
  await page.keyboard.type(";De;' nyuie");
  const typed = await input.inputValue();
  if (typed !== 'Ɖé nyuie') throw new Error(`the cell editor holds ${JSON.stringify(typed)}`);
  await page.keyboard.press('Enter');
  const expected = original.replace('"Woezɔ."', '"Ɖé nyuie"');
  const saved = await savedText(page, file, (text) => text === expected);
  if (saved !== expected) {
    const message = await frame.locator('#message').textContent();
    const version = await frame.locator('#grid').getAttribute('data-version');
    throw new Error(
      `table.json on disk is not the original with that one value changed (page message: ${message || 'none'}, page version ${version}): ${saved.slice(500, 800)}`,
    );
  }
  return `aria-rowcount ${rowCount}, cell now "${(await cell.textContent())?.trim()}", the file differs from the original at that value only`;
}

/**
 * Ewe typing at 0 ms between keys in the table's page, and a list for an enum cell: `;D;e;n` typed at once in
 * the search box and in a cell's editor (then Escape: nothing written) must read Ɖɛŋ; Enter on a register
 * cell opens a list holding the spec's registers. Returns what it read.
 */
export async function typeAndChooseInCorpusTable(page) {
  const frame = await corpusTableFrame(page);
  const search = frame.locator('#search');
  await search.click();
  await page.keyboard.type(';D;e;n', { delay: 0 });
  const searched = await search.inputValue();
  if (searched !== 'Ɖɛŋ') throw new Error(`the search box holds ${JSON.stringify(searched)}`);
  const hint = (await frame.locator('#hint').textContent())?.trim() ?? '';
  if (!hint.includes(';d ɖ')) throw new Error(`no typing hint while the search box has the focus: ${JSON.stringify(hint)}`);
  await page.keyboard.press('Control+End');
  await page.keyboard.press('Control+Shift+Home');
  await page.keyboard.press('Backspace');
  await frame.locator('#rows [data-entry="0"]').waitFor({ timeout: 15_000 });
  const cell = frame.locator('#rows [data-entry="0"] [data-field="source"]');
  await cell.click();
  await frame.locator('#grid:focus').waitFor({ timeout: 15_000 });
  await page.keyboard.press('Enter');
  const input = frame.locator('#rows input');
  await input.waitFor({ timeout: 15_000 });
  await page.keyboard.press('Control+End');
  await page.keyboard.press('Control+Shift+Home');
  await page.keyboard.type(';D;e;n', { delay: 0 });
  const typed = await input.inputValue();
  await page.keyboard.press('Escape');
  if (typed !== 'Ɖɛŋ') throw new Error(`the cell editor holds ${JSON.stringify(typed)}`);
  const register = frame.locator('#rows [data-entry="0"] [data-field="register"]');
  await register.click();
  await frame.locator('#grid:focus').waitFor({ timeout: 15_000 });
  await page.keyboard.press('Enter');
  const list = frame.locator('#rows select');
  await list.waitFor({ timeout: 15_000 });
  const options = (await list.locator('option').allTextContents()).map((t) => t.trim());
  await page.keyboard.press('Escape');
  for (const value of ['conversational', 'formal', 'technical', 'ceremonial', 'educational'])
    if (!options.includes(value)) throw new Error(`the register list offers ${options.join(', ')}`);
  return `search and cell read Ɖɛŋ; the register list offers ${options.join(', ')}`;
}

/** `;D;e;n` typed at 0 ms between keys in the review's comment reads Ɖɛŋ (cleared again afterwards). */
export async function typeInReviewComment(page) {
  const frame = await webviewFrame(page, '#comment');
  const comment = frame.locator('#comment');
  await comment.click();
  await page.keyboard.type(';D;e;n', { delay: 0 });
  const typed = await comment.inputValue();
  await page.keyboard.press('Control+End');
  await page.keyboard.press('Control+Shift+Home');
  await page.keyboard.press('Backspace');
  await page.keyboard.press('Escape');
  if (typed !== 'Ɖɛŋ') throw new Error(`the comment holds ${JSON.stringify(typed)}`);
  return 'the comment read Ɖɛŋ';
}

/** Ctrl+Z pressed in the table's page undoes its last edit: saved, the file is the original again. */
export async function undoInCorpusTable(page, workspace, original) {
  const file = path.join(workspace, 'table.json');
  const frame = await corpusTableFrame(page);
  await frame.locator('#grid').focus();
  await page.keyboard.press('Control+Z');
  await page.waitForTimeout(500);
  const saved = await savedText(page, file, (text) => text === original);
  if (saved !== original) throw new Error('the saved file still holds the edit');
  return 'saved after Ctrl+Z, table.json is byte for byte the original';
}

/**
 * Opens the leaderboard from the Command Palette over the whole workspace and reads its Rosetta table: the
 * first row's cells, the tampered card's rank cell, and the sort of the composite column after a keyboard
 * press on its header (Enter on the focused button). Returns them as text.
 */
export async function leaderboardFromPalette(page) {
  // A webview opened by an earlier step may hold the keyboard (and keep F1): a click on a tab gives it back.
  await page.locator('.tabs-container .tab').first().click();
  await palette(page, 'Show Leaderboard');
  const frame = await webviewFrame(page, '#table-rosetta tbody tr');
  const cells = async (row) => (await row.locator('td').allTextContents()).map((t) => t.trim());
  const first = await cells(frame.locator('#table-rosetta tbody tr').first());
  const tampered = await cells(frame.locator('#table-rosetta tbody tr', { hasText: 'tampered-model' }).first());
  const header = frame.locator('#table-rosetta th button', { hasText: 'Composite' });
  await header.focus();
  await page.keyboard.press('Enter');
  await frame.locator('#table-rosetta th[aria-sort="descending"]', { hasText: 'Composite' }).waitFor({ timeout: 15_000 });
  const sortedFirst = await cells(frame.locator('#table-rosetta tbody tr').first());
  return { first, tampered, sortedFirst };
}

/**
 * Compares the two fixture runs of compare/ from the Command Palette, picking A then B in the quick picks as a
 * user would, and returns the first row of the page's items table.
 */
export async function compareFromPalette(page) {
  await page.locator('.tabs-container .tab').first().click();
  await palette(page, 'Compare Two Runs');
  // Each pick is answered once its own title shows (the widget is reused from pick to pick: see rateReviewFromKeyboard).
  const widget = page.locator('.quick-input-widget');
  const input = widget.locator('input').first();
  for (const [title, name] of [
    ['the baseline (A)', 'compare/ewebench_deepseek-chat'],
    ['(B)', 'compare/ewebench_gemini-2.0-flash'],
  ]) {
    await widget.filter({ hasText: title }).waitFor({ timeout: 30_000 });
    await input.fill(name);
    await page
      .locator('.quick-input-list .monaco-list-row', { hasText: name.split('/')[1] })
      .first()
      .waitFor({ timeout: 30_000 });
    await page.keyboard.press('Enter');
    await widget.filter({ hasText: title }).waitFor({ state: 'hidden', timeout: 15_000 });
  }
  const frame = await webviewFrame(page, '#table-items tbody tr');
  return (await frame.locator('#table-items tbody tr').first().locator('td').allTextContents()).map((t) => t.trim());
}

/**
 * Runs bench_e2e.json from the Command Palette: presses the modal's Run button after reading its estimate, then
 * reads the matrix view's rows once both cells have run (cell, model, outcome, quality) and counts its charts.
 */
export async function benchmarkMatrixFromPalette(page) {
  await page.locator('.tabs-container .tab').first().click();
  await quickOpen(page, 'bench_e2e.json');
  // The command is offered in the palette only while a JSON text editor has the focus; a webview beside it (the
  // corpus table of an earlier step) may have kept it: a click in the file's text gives it to the editor.
  await page.locator('.editor-group-container.active .monaco-editor .view-lines', { hasText: 'benchmark_version' }).first().click();
  await palette(page, 'Run Benchmark');
  const dialog = page.locator('.monaco-dialog-box');
  const button = dialog.locator('.dialog-buttons .monaco-button', { hasText: 'Run 2 cells' });
  await button.waitFor({ timeout: 30_000 });
  const estimate = ((await dialog.textContent()) ?? '').replace(/\s+/g, ' ').trim();
  await button.click();
  const frame = await webviewFrame(page, '#table-matrix tbody tr', 90_000);
  const rows = frame.locator('#table-matrix tbody tr');
  await frame.locator('#table-matrix tbody tr', { hasText: 'fake-ewe-model-b' }).first().waitFor({ timeout: 30_000 });
  const cells = [];
  for (let i = 0; i < (await rows.count()); i++) {
    const row = (await rows.nth(i).locator('td').allTextContents()).map((t) => t.trim());
    cells.push([row[0], row[1], row[6], row[7], row[13]]);
  }
  return { estimate, rows: cells, charts: await frame.locator('figure.chart svg').count() };
}
