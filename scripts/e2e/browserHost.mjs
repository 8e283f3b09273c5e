// The browser build in a browser-hosted VS Code (run.mjs's `browser` phase): code-server with the user setting
// `"extensions.webWorker": true` runs an extension that has only a `browser` entry in the page's web-worker
// extension host, the host vscode.dev and github.dev use. The .vsix installed here is packaged from the same files
// with `main` removed from its manifest, so nothing but dist/browserClient.js (and its worker dist/browserServer.js)
// can run. The checks read what a user sees: our diagnostics in the Problems panel, a hover, a quick fix applied,
// the coverage preview. Then the same timings are taken in both hosts (the desktop .vsix in code-server's Node
// extension host, and the web one): from the workbench shown to the status bar naming an opened tests file, and
// from opening the 2,000-test bench file to its diagnostics in the Problems panel. In the web host, runs go through
// the page's fetch to the local model, which answers as an endpoint open to browsers (CORS), with the key stored
// in SecretStorage through the Store API Key command (the web host reads no environment variable).
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { build } from 'esbuild';
import { root, startFakeModel } from './common.mjs';
import { palette, quickOpen, runFirstTestFromLens } from './uiFlows.mjs';

const BENCH_FILE = 'bench_2000.json';

/** The 2,000-test file of the benchmarks (bench/generate.ts), written into the workspace's tests folder. */
async function writeBenchFile(workspace, run) {
  const outfile = path.join(run, 'generate.cjs');
  await build({ entryPoints: [path.join(root, 'bench', 'generate.ts')], outfile, bundle: true, platform: 'node', format: 'cjs', logLevel: 'warning' });
  const { createRequire } = await import('node:module');
  const { generateTests } = createRequire(import.meta.url)(outfile);
  fs.writeFileSync(path.join(workspace, 'tests', BENCH_FILE), generateTests(2000));
}

const statusItem = (page, text) => page.locator('.statusbar-item', { hasText: text }).first();

/** Opens the workbench on `workspace` and measures: workbench shown → status bar names an opened tests file; bench file opened → its diagnostics listed. */
async function timings(page, host, workspace) {
  await page.goto(`http://${host}/?folder=${encodeURIComponent(workspace)}`, { timeout: 120_000 });
  await page.locator('.monaco-workbench').waitFor({ timeout: 60_000 });
  const shown = Date.now();
  await quickOpen(page, 'duplicates.json');
  await statusItem(page, 'ÈwéBench tests').waitFor({ timeout: 60_000 });
  const readyMs = Date.now() - shown;
  await page.keyboard.press('Control+Shift+M');
  await page.locator('.markers-panel .monaco-list-row', { hasText: 'duplicate-id' }).first().waitFor({ timeout: 60_000 });
  const opened = Date.now();
  await quickOpen(page, BENCH_FILE);
  const benchRow = page.locator('.markers-panel .monaco-list-row', { hasText: BENCH_FILE }).first();
  await benchRow.waitFor({ timeout: 120_000 });
  const diagnosticsMs = Date.now() - opened;
  return { readyMs, diagnosticsMs, benchRow: (await benchRow.textContent())?.replace(/\s+/g, ' ').trim() };
}

/**
 * `ctx`: run.mjs's helpers ({ check, log, tempDir, session, cleanUp, packageVsix, installVsix, buildWorkspace, shot }).
 * Returns the timings of both hosts (also printed by the checks).
 */
export async function browserHostPhase(ctx) {
  const { check, log, tempDir, session, cleanUp, packageVsix, installVsix, buildWorkspace, shot } = ctx;
  const figures = {};
  // E2E_BROWSER_HOSTS=web skips the desktop timings while working on the web build.
  for (const kind of (process.env.E2E_BROWSER_HOSTS ?? 'desktop,web').split(',')) {
    const run = tempDir(`ewb-e2e-${kind}-`);
    const { startCodeServer, openBrowser, codeServerEnv } = session();
    const env = codeServerEnv(run);
    // The web copy: the manifest without `main`, so only the browser entry can run (any host, any setting).
    const vsix = packageVsix(run, env, kind === 'web' ? (manifest) => delete manifest.main : undefined);
    if (kind === 'desktop') {
      // One package carries both builds: within 1.5 MB as vsce counts (MiB).
      const bytes = fs.statSync(vsix).size;
      check('the .vsix with both entries stays within 1.5 MB', bytes <= 1.5 * 1024 * 1024, `${bytes} bytes, ${(bytes / 1024 / 1024).toFixed(2)} MB`);
    }
    const installed = installVsix(run, env, vsix);
    const workspace = buildWorkspace(path.join(run, 'workspace'));
    await writeBenchFile(workspace, run);
    // The local model, open to browsers; configured without a key variable: the web host's key is the stored one.
    const fake = kind === 'web' ? await startFakeModel(run, { cors: '*' }) : undefined;
    if (fake) {
      const models = [{ label: 'Fake Ewe model', provider: 'custom', model: fake.model, baseUrl: fake.server.baseUrl }];
      fs.mkdirSync(path.join(workspace, '.vscode'), { recursive: true });
      fs.writeFileSync(
        path.join(workspace, '.vscode', 'settings.json'),
        JSON.stringify({ 'ewebench.models': models, 'ewebench.currentModel': 'Fake Ewe model' }, null, 2),
      );
    }
    const server = await startCodeServer(run, kind === 'web' ? { 'extensions.webWorker': true } : {});
    const { page } = await openBrowser(run);
    // The web-worker extension host logs to the page's console (E2E_VERBOSE=1 prints it).
    if (process.env.E2E_VERBOSE) page.on('console', (m) => console.log(`  [${kind} page ${m.type()}] ${m.text().slice(0, 400)}`));
    log(`${kind} host: loading the workbench`);
    try {
      if (kind === 'web') {
        const manifest = JSON.parse(fs.readFileSync(path.join(installed, 'package.json'), 'utf8'));
        check('the web copy of the .vsix has a browser entry and no main', !manifest.main && manifest.browser === './dist/browserClient.js', manifest.browser);
      }
      const t = await timings(page, server.host, workspace);
      figures[kind] = t;
      check(
        `${kind} host: an opened tests file is named in the status bar, and the 2,000-test file's diagnostics reach the Problems panel`,
        /weak-test|\d/.test(t.benchRow ?? ''),
        `workbench shown → status bar ${t.readyMs} ms; bench file opened → diagnostics listed ${t.diagnosticsMs} ms (${t.benchRow})`,
      );
      if (kind === 'web') await webChecks(page, workspace, check, shot);
      if (fake) await webRunChecks(page, workspace, fake, check, shot);
    } catch (error) {
      check(`${kind} host: the extension serves the workspace`, false, error.message.split('\n')[0]);
      await shot(page, `${kind}-host-failure.png`);
    }
    await fake?.server.stop();
    await cleanUp();
  }
  if (figures.desktop && figures.web) {
    const ratio = (a, b) => (a / b).toFixed(2);
    log(
      `browser host / desktop host (same machine, same run): status bar ${figures.web.readyMs}/${figures.desktop.readyMs} ms = ${ratio(figures.web.readyMs, figures.desktop.readyMs)}x; ` +
        `2,000-test diagnostics ${figures.web.diagnosticsMs}/${figures.desktop.diagnosticsMs} ms = ${ratio(figures.web.diagnosticsMs, figures.desktop.diagnosticsMs)}x`,
    );
  }
  return figures;
}

/** In the web-worker host: the Problems panel, a hover, a quick fix applied and saved, the coverage preview. */
async function webChecks(page, workspace, check, shot) {
  const steps = [
    [
      'web host: the Problems panel lists our two duplicate-id diagnostics of tests/duplicates.json',
      async () => {
        // Its tab is open already (the timings opened it): bring it to the front.
        await page.locator('.tab', { hasText: 'duplicates.json' }).first().click();
        const rows = page.locator('.markers-panel .monaco-list-row', { hasText: 'duplicate-id' });
        await rows.nth(1).waitFor({ timeout: 60_000 });
        const texts = (await rows.allTextContents()).map((t) => t.replace(/\s+/g, ' ').trim());
        if (!texts.some((r) => /ewebench\W*duplicate-id\W*\[Ln 3, Col 11\]/.test(r)) || !texts.some((r) => /\[Ln 9, Col 11\]/.test(r))) {
          throw new Error(`rows: ${texts.join(' || ')}`);
        }
        return texts.join('\n');
      },
    ],
    [
      'web host: hovering "eval_method" shows its documentation',
      async () => {
        await page.locator('.monaco-editor .view-line span', { hasText: '"eval_method"' }).first().hover();
        const hover = page.locator('.monaco-hover-content').filter({ hasText: /\S/ }).first();
        await hover.waitFor({ timeout: 30_000 });
        const text = (await hover.textContent())?.replace(/\s+/g, ' ').trim() ?? '';
        if (!/method|méthode/i.test(text)) throw new Error(`hover: ${text.slice(0, 200)}`);
        await page.keyboard.press('Escape');
        return text.slice(0, 120);
      },
    ],
    [
      "web host: the quick fix for the look-alike 'Ð' on line 10, picked from Ctrl+., changes the saved file",
      async () => {
        await page.keyboard.press('Control+G');
        await page.keyboard.type('10:16');
        await page.keyboard.press('Enter');
        await page.keyboard.press('Control+.');
        const fix = page.locator('.action-widget .monaco-list-row', { hasText: 'Replace look-alike' }).first();
        await fix.waitFor({ timeout: 30_000 });
        await fix.click();
        await page.keyboard.press('Control+S');
        const file = path.join(workspace, 'tests', 'duplicates.json');
        for (let i = 0; i < 50; i++) {
          if (fs.readFileSync(file, 'utf8').includes('"Ɖe wòle Togo?"')) return 'saved: "Ɖe wòle Togo?"';
          await page.waitForTimeout(200);
        }
        throw new Error('the file on disk still has the look-alike');
      },
    ],
    [
      'web host: the coverage command renders its preview page',
      async () => {
        await palette(page, 'Show Ewe Character Coverage');
        const title = page.frameLocator('iframe.webview').frameLocator('iframe#active-frame').locator('#title');
        await title.filter({ hasText: 'duplicates.json' }).waitFor({ timeout: 30_000 });
        return (await title.textContent())?.trim();
      },
    ],
  ];
  for (const [name, step] of steps) {
    try {
      check(name, true, (await step()) ?? '');
    } catch (error) {
      check(name, false, error.message.split('\n')[0]);
      await shot(page, 'web-host-failure.png');
    }
  }
  await shot(page, 'web-host.png');
}

/** Waits up to `ms` for a file of `dir` that `test` accepts; its name, or undefined. */
async function fileIn(page, dir, test, ms) {
  for (let waited = 0; waited < ms; waited += 250) {
    const found = fs.existsSync(dir) ? fs.readdirSync(dir).find(test) : undefined;
    if (found) return found;
    await page.waitForTimeout(250);
  }
  return undefined;
}

/** Gives the keyboard to the text editor: after the coverage preview opened, its webview holds the focus. */
async function focusEditor(page) {
  await page.locator('.editor-group-container .monaco-editor .view-lines').first().click();
}

/**
 * Runs the command labelled `ÈwéBench: {title}` from the palette by clicking its row: Enter takes the first row,
 * and the palette may rank another command first ("Store API Key" also matches "Clear Stored API Key").
 */
async function command(page, title) {
  await focusEditor(page);
  await page.keyboard.press('F1');
  await page.keyboard.type(title);
  const row = page.locator('.quick-input-list .monaco-list-row', { hasText: `ÈwéBench: ${title}` }).first();
  await row.waitFor({ timeout: 15_000 });
  await row.click();
}

/** A notification whose text holds `text`: as a toast, or in the notification center (a toast may hide before it is read). */
async function notification(page, text, timeout) {
  const item = page.locator('.notification-list-item', { hasText: text }).first();
  try {
    await item.waitFor({ timeout });
  } catch {
    await page.locator('.statusbar-item[id="status.notifications"]').first().click();
    await item.waitFor({ timeout: 5_000 });
  }
  return (await item.textContent())?.replace(/\s+/g, ' ').trim().slice(0, 160);
}

/**
 * In the web-worker host, runs: the key stored in SecretStorage through the command, a lens run answered by the
 * local model through the page's fetch (a cross-origin request: the server allows CORS), a corpus entry's run card
 * written through workspace.fs and verified by the CLI, and the response cache this build lacks said so.
 */
async function webRunChecks(page, workspace, fake, check, shot) {
  const origin = new URL(fake.server.baseUrl).origin;
  const steps = [
    [
      'web host: Store API Key keeps the key in SecretStorage for the local model',
      async () => {
        await command(page, 'Store API Key').catch((error) => {
          throw new Error(`the palette did not offer Store API Key: ${error.message}`);
        });
        const row = page.locator('.quick-input-list .monaco-list-row', { hasText: origin }).first();
        await row.waitFor({ timeout: 15_000 }).catch(async (error) => {
          const rows = await page.locator('.quick-input-list .monaco-list-row').allTextContents();
          throw new Error(`no row for ${origin} among: ${rows.join(' | ').slice(0, 300)} (${error.message.split('\n')[0]})`);
        });
        await row.click();
        await page.locator('.quick-input-box input[type=password]').waitFor({ timeout: 15_000 });
        await page.keyboard.type(fake.key);
        await page.keyboard.press('Enter');
        return notification(page, 'API key stored for', 15_000);
      },
    ],
    [
      "web host: ▶ Run in a lens sends the test through the browser's fetch to the local model (CORS) and the lens shows its score",
      async () => {
        const lens = await runFirstTestFromLens(page);
        const posts = fake.server.requests.filter((r) => r.method === 'POST');
        if (!posts.length || posts.some((r) => r.headers.authorization !== `Bearer ${fake.key}`))
          throw new Error(`requests: ${posts.length}, keys as sent differ`);
        if (!posts.every((r) => typeof r.headers.origin === 'string')) throw new Error('a request without an Origin header: not the browser fetch');
        const results = path.join(workspace, 'results');
        const file = await fileIn(page, results, (f) => f.startsWith('ewebench_') && f.endsWith('.json'), 15_000);
        if (!file) throw new Error('no results file written in results/');
        return `${lens} · Origin ${posts[0].headers.origin} · ${file}`;
      },
    ],
    [
      'web host: ▶ Translate on a corpus entry writes a run card through workspace.fs that the CLI verifies',
      async () => {
        await quickOpen(page, 'corpus.json');
        const translate = page.locator('.monaco-editor .codelens-decoration a', { hasText: '▶ Translate' }).first();
        await translate.waitFor({ timeout: 30_000 });
        await translate.click();
        const scored = page.locator('.monaco-editor .codelens-decoration', { hasText: /chrF\+\+ 100\.0 · exact ✓/ }).first();
        await scored.waitFor({ timeout: 30_000 });
        const results = path.join(workspace, 'results');
        const card = await fileIn(page, results, (f) => f.startsWith('rosetta_') && f.endsWith('.json'), 30_000);
        if (!card) throw new Error(`no run card in results/: ${fs.existsSync(results) ? fs.readdirSync(results).join(', ') : 'no folder'}`);
        const file = path.join(results, card);
        let output;
        try {
          output = execFileSync(process.execPath, [path.join(root, 'bin', 'ewebench-studio.js'), 'validate', file, '--format', 'json'], { encoding: 'utf8' });
        } catch (error) {
          throw new Error(`validate failed: ${String(error.stdout ?? error.message).slice(0, 400)}`, { cause: error });
        }
        if (/run-card-hash|unsealed|mismatch/.test(output)) throw new Error(`the card does not verify: ${output.slice(0, 400)}`);
        return `${(await scored.textContent())?.trim()} · ${card}: validate exit 0, hashes verified`;
      },
    ],
    [
      'web host: Clear the Response Cache says that VS Code for the Web keeps none (a message, never a silent no-op)',
      async () => {
        await command(page, 'Clear the Response Cache');
        return notification(page, 'keeps no response cache', 15_000);
      },
    ],
  ];
  for (const [name, step] of steps) {
    try {
      check(name, true, (await step()) ?? '');
    } catch (error) {
      check(name, false, error.message.split('\n')[0]);
      await shot(page, 'web-run-failure.png');
    }
  }
}
