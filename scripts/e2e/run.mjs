// End-to-end tests in a real VS Code, offline: code-server on 127.0.0.1 driven by Debian's Chromium through
// playwright-core (all installed by `npm run e2e:setup`).
//   1. The suite in test/e2e/suite runs inside the extension host, with our extension loaded from this folder
//      as a development extension (what @vscode/test-electron does with a downloaded VS Code).
//   2. The extension is packaged as a .vsix, installed with `code-server --install-extension` as users would,
//      and the UI is checked with Playwright: our diagnostic in the Problems panel, our status bar items, a
//      CodeLens run and a Test Explorer run against the local fake model, the walkthrough.
//   3. An untrusted workspace (Restricted Mode): a run is refused with an explanation and sends nothing.
//   4. The browser build in the web-worker extension host (scripts/e2e/browserHost.mjs), with its timings beside
//      the desktop host's (E2E_BROWSER_HOSTS=web skips the desktop timings).
//   5. The review packet in headless Chromium alone, opened from a file (scripts/e2e/packet.mjs; no code-server).
// Prints `e2e: N passed, M failed` last and exits 1 on any failure. Every code-server runs in its own process
// group, killed on the way out whatever happens (failure, Ctrl+C, the overall time limit).
// Environment: E2E_VERBOSE=1 shows the extension host's log, E2E_KEEP=1 keeps the temporary folders,
// E2E_TIMEOUT_S (default 600, plus 240 with the browser phase) bounds the whole run, E2E_DIR points at another
// setup folder, E2E_ONLY=host,packaged,untrusted,browser,packet runs only the phases named (all by default).
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { buildWorkspace, compileSuite, root, startFakeModel, unlistedSuiteFiles, writeBenchmarkFile } from './common.mjs';
import {
  clickRunInUntrustedWorkspace,
  editInCorpusTable,
  compareFromPalette,
  benchmarkMatrixFromPalette,
  leaderboardFromPalette,
  lensRunInTestExplorer,
  openWalkthrough,
  rateReviewFromKeyboard,
  runFileFromTestExplorer,
  runFirstTestFromLens,
  savedStatesAfterReload,
  typeAndChooseInCorpusTable,
  typeInReviewComment,
  undoInCorpusTable,
} from './uiFlows.mjs';
import { CHROMIUM, CODE_SERVER, E2E, NODE24_BIN, session } from './session.mjs';
import { browserHostPhase } from './browserHost.mjs';
import { packetPhase, packetPhaseMissing } from './packet.mjs';

// Must match test/e2e/fakeModel.ts (E2E_KEY_ENV, E2E_KEY): a stand-in key, never a real one.
const E2E_KEY_ENV = 'EWEBENCH_E2E_KEY';
const E2E_KEY = 'e2e-local-key-7d41c09b';

const VSCE = path.join(E2E, 'driver', 'node_modules', '@vscode', 'vsce', 'vsce');
const ARTIFACTS = path.join(E2E, 'artifacts');
const VERBOSE = Boolean(process.env.E2E_VERBOSE);
const manifest = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
const EXTENSION_ID = `${manifest.publisher}.${manifest.name}`;

const t0 = Date.now();
const log = (message) => console.log(`[e2e ${((Date.now() - t0) / 1000).toFixed(1)}s] ${message}`);
let passed = 0;
let failed = 0;
function check(name, ok, detail = '') {
  if (ok) passed++;
  else failed++;
  console.log(`${ok ? '✔' : '✖'} ${name}${detail ? `\n    ${String(detail).replace(/\n/g, '\n    ')}` : ''}`);
}

// Cleanup runs on every way out; each entry is idempotent.
const cleanups = [];
async function cleanUp() {
  while (cleanups.length)
    await cleanups
      .pop()()
      .catch(() => {});
}
let finishing = false;
async function finish(code) {
  if (finishing) return;
  finishing = true;
  await cleanUp();
  console.log(`e2e: ${passed} passed, ${failed} failed`);
  process.exit(code ?? (failed > 0 || passed === 0 ? 1 : 0));
}
for (const [signal, code] of [
  ['SIGINT', 130],
  ['SIGTERM', 143],
  ['SIGHUP', 129],
]) {
  process.on(signal, () => {
    check(`run interrupted by ${signal}`, false);
    void finish(code);
  });
}
const PHASES = new Set((process.env.E2E_ONLY ?? 'host,packaged,untrusted,browser,packet').split(',').map((p) => p.trim()));
const limitS = Number(process.env.E2E_TIMEOUT_S ?? 600 + (PHASES.has('browser') ? 240 : 0));
setTimeout(() => {
  check(`the whole run finishes within ${limitS} s`, false);
  void finish(1);
}, limitS * 1000).unref();

function tempDir(prefix) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  if (!process.env.E2E_KEEP) cleanups.push(async () => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

const { startCodeServer, openBrowser, codeServerEnv } = session({ cleanups, extraEnv: { [E2E_KEY_ENV]: E2E_KEY } });

const shot = (page, name) =>
  page.screenshot({ path: path.join(ARTIFACTS, name) }).then(
    () => log(`screenshot ${path.relative(root, path.join(ARTIFACTS, name))}`),
    () => {},
  );

/**
 * How long the extension host suite may take: 360 s, or `E2E_HOST_LIMIT_S` (the benches run longer). The corpus
 * table's figure opens five cold 7.5 MB copies (both orders against the text editor, and VS Code's Open With…), which
 * on a busy 2-core machine alone can take minutes.
 */
const HOST_LIMIT_S = Number(process.env.E2E_HOST_LIMIT_S) || 360;

/** Phase 1: test/e2e/suite inside the extension host, this folder as the development extension. */
async function extensionHostSuite() {
  const run = tempDir('ewb-e2e-host-');
  const suite = await compileSuite(path.join(E2E, 'suite', 'index.js'));
  const workspace = buildWorkspace(path.join(run, 'workspace'));
  const server = await startCodeServer(run);
  const { page } = await openBrowser(run);
  let exit;
  const exited = new Promise((resolve) => (exit = resolve));
  const results = [];
  // The smoke-test driver forwards the extension host's console here, and its exit code to codeAutomationExit.
  await page.exposeFunction('codeAutomationLog', (type, args) => {
    for (const arg of args ?? []) {
      const text = String(arg);
      if (VERBOSE) console.log(`  [host ${type}] ${text.slice(0, 800)}`);
      for (const line of text.split('\n')) if (/^[✔✖] /.test(line) || (/^ {4}\S/.test(line) && results.length)) results.push(line);
    }
  });
  await page.exposeFunction('codeAutomationExit', (code) => exit(code));
  const payload = JSON.stringify([
    ['extensionDevelopmentPath', `vscode-remote://${server.host}${root}`],
    ['extensionTestsPath', `vscode-remote://${server.host}${suite}`],
  ]);
  log('extension host suite: loading the workbench');
  await page.goto(`http://${server.host}/?folder=${encodeURIComponent(workspace)}&payload=${encodeURIComponent(payload)}`, { timeout: 120_000 });
  const code = await Promise.race([exited, new Promise((r) => setTimeout(() => r(`none within ${HOST_LIMIT_S} s`), HOST_LIMIT_S * 1000))]);
  for (const line of results) {
    console.log(line);
    if (line.startsWith('✔ ')) passed++;
    else if (line.startsWith('✖ ')) failed++;
  }
  if (code !== 0) await shot(page, 'extension-host-failure.png');
  if (typeof code !== 'number' || (code !== 0 && !results.some((l) => l.startsWith('✖ ')))) {
    check('the extension host suite runs to the end', false, `exit: ${code}\n${server.output().slice(-2500)}`);
  } else if (code === 0 && !results.some((l) => l.startsWith('✔ '))) {
    check('the extension host suite reports its results', false, 'exit 0 but no result line reached the runner (E2E_VERBOSE=1 shows the host log)');
  }
  log(`extension host suite: exit ${code}`);
  await cleanUp();
}

// Folders vsce would walk (it globs the whole tree before applying .vscodeignore: ~9 s over .e2e's code-server)
// although .vscodeignore keeps none of them; packaging a copy without them gives the same .vsix in a second.
const NOT_PACKAGED = new Set(['.git', 'node_modules', '.e2e', 'out', '.bench-data']);

/** `editManifest`: changes the staged package.json before packaging (the browser phase removes `main`). */
function packageVsix(run, env, editManifest) {
  const stage = path.join(run, 'package-source');
  fs.cpSync(root, stage, { recursive: true, filter: (src) => !NOT_PACKAGED.has(path.relative(root, src).split(path.sep)[0]) });
  if (editManifest) {
    const staged = JSON.parse(fs.readFileSync(path.join(stage, 'package.json'), 'utf8'));
    editManifest(staged);
    fs.writeFileSync(path.join(stage, 'package.json'), JSON.stringify(staged, null, 2));
  }
  const vsix = path.join(run, `${manifest.name}-${manifest.version}.vsix`);
  execFileSync(
    path.join(NODE24_BIN, 'node'),
    [VSCE, 'package', '--no-dependencies', '--allow-missing-repository', '--skip-license', '--no-rewrite-relative-links', '--out', vsix],
    { cwd: stage, env, stdio: ['ignore', VERBOSE ? 'inherit' : 'pipe', 'inherit'] },
  );
  fs.rmSync(stage, { recursive: true, force: true });
  return vsix;
}

/** Installs a .vsix into the run's fresh extensions folder as users do; returns the installed extension's folder (undefined if missing). */
function installVsix(run, env, vsix) {
  execFileSync(CODE_SERVER, ['--extensions-dir', path.join(run, 'extensions'), '--user-data-dir', path.join(run, 'user-data'), '--install-extension', vsix], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const installed = fs.readdirSync(path.join(run, 'extensions')).find((d) => d.toLowerCase() === `${EXTENSION_ID}-${manifest.version}`.toLowerCase());
  return installed && path.join(run, 'extensions', installed);
}

/** Phase 2: package the .vsix, install it into a fresh extensions folder, check what users see. */
async function packagedExtensionUi() {
  const run = tempDir('ewb-e2e-vsix-');
  const env = codeServerEnv(run);
  const vsix = packageVsix(run, env);
  check('vsce packages the extension', fs.statSync(vsix).size > 0, `${path.basename(vsix)}, ${(fs.statSync(vsix).size / 1024).toFixed(0)} KiB`);
  const installed = installVsix(run, env, vsix);
  check(
    'code-server installs the .vsix',
    Boolean(installed) && fs.existsSync(path.join(installed, 'dist', 'server.js')) && fs.existsSync(path.join(installed, 'dist', 'browserServer.js')),
    installed ? path.basename(installed) : 'not in the extensions folder',
  );
  log('packaged extension: loading the workbench');
  const workspace = buildWorkspace(path.join(run, 'workspace'));
  // The local fake model (127.0.0.1) the run checks talk to, configured as a workspace would configure it.
  const fake = await startFakeModel(run);
  cleanups.push(() => fake.server.stop());
  fs.mkdirSync(path.join(workspace, '.vscode'), { recursive: true });
  fs.writeFileSync(path.join(workspace, '.vscode', 'settings.json'), JSON.stringify(fake.settings, null, 2));
  writeBenchmarkFile(workspace, fake);
  const server = await startCodeServer(run, fake.userSettings);
  const { page } = await openBrowser(run);
  if (VERBOSE) page.on('console', (m) => m.type() === 'error' && console.log(`  [browser] ${m.text().slice(0, 300)}`));
  const statusItem = async (text) => {
    const item = page.locator('.statusbar-item', { hasText: text }).first();
    await item.waitFor({ timeout: 30_000 });
    return (await item.textContent())?.trim();
  };
  const tableOriginal = fs.readFileSync(path.join(workspace, 'table.json'), 'utf8');
  const steps = [
    [
      'the workbench opens tests/duplicates.json from the Explorer',
      async () => {
        await page.goto(`http://${server.host}/?folder=${encodeURIComponent(workspace)}`, { timeout: 120_000 });
        await page.locator('.monaco-workbench').waitFor({ timeout: 60_000 });
        // As a user would: the folder row, then the file row, then the editor tab.
        await page.locator('.explorer-folders-view .monaco-list-row[aria-label="tests"]').first().click({ timeout: 30_000 });
        await page.locator('.explorer-folders-view .monaco-list-row', { hasText: 'duplicates.json' }).first().click({ timeout: 30_000 });
        await page.locator('.tab', { hasText: 'duplicates.json' }).first().waitFor({ timeout: 30_000 });
      },
    ],
    [
      'the Problems panel lists our two duplicate-id diagnostics with source and position',
      async () => {
        await page.keyboard.press('Control+Shift+M');
        const problems = page.locator('.markers-panel .monaco-list-row', { hasText: 'duplicate-id' });
        await problems.nth(1).waitFor({ timeout: 60_000 });
        const rows = (await problems.allTextContents()).map((t) => t.replace(/\s+/g, ' ').trim());
        // A row reads: message, source, code, position ("…ewebench(duplicate-id) [Ln 3, Col 11]" on screen).
        const ours = (line) => rows.some((r) => new RegExp(`ewebench\\W*duplicate-id\\W*\\[Ln ${line}, Col 11\\]`).test(r));
        const ok = rows.length === 2 && ours(3) && ours(9);
        if (!ok) throw new Error(`rows: ${rows.join(' || ')}`);
        return rows.join('\n');
      },
    ],
    ['the status bar names the kind of the active file', () => statusItem('ÈwéBench tests')],
    ['the status bar shows the Ewe letter coverage of the file opened first', () => statusItem(/Ewe \d\/7/)],
    [
      'the coverage command, run from the Command Palette, renders its preview page (scripts allowed by its CSP)',
      async () => {
        await page.keyboard.press('F1');
        await page.keyboard.type('Show Ewe Character Coverage');
        await page.locator('.quick-input-list .monaco-list-row', { hasText: 'Show Ewe Character Coverage' }).first().waitFor({ timeout: 15_000 });
        await page.keyboard.press('Enter');
        // A webview is an iframe holding the page's own iframe; the title is written by the page's script.
        const title = page.frameLocator('iframe.webview').frameLocator('iframe#active-frame').locator('#title');
        await title.filter({ hasText: 'duplicates.json' }).waitFor({ timeout: 30_000 });
        return (await title.textContent())?.trim();
      },
    ],
    ['a click on ▶ Run in a CodeLens runs the test against the local model and the lens shows its score', () => runFirstTestFromLens(page)],
    ["that lens run shows in the Test Explorer's results like a run started there; no .github tests file is listed", () => lensRunInTestExplorer(page)],
    [
      'the Test Explorer runs a file against the local model and shows its passed and failed tests',
      async () => {
        const states = await runFileFromTestExplorer(page);
        const expected = ['e2e_run_pass passed', 'e2e_run_fail failed', 'e2e_run_partial passed'];
        if (expected.some((e) => !states.includes(e))) throw new Error(`states: ${states.join(', ')}`);
        return states.join(', ');
      },
    ],
    [
      'after a reload, the Test Explorer shows the saved results of those tests (results files are the source of truth)',
      async () => {
        const states = await savedStatesAfterReload(page);
        const expected = ['e2e_run_pass passed', 'e2e_run_fail failed', 'e2e_run_partial passed'];
        if (expected.some((e) => !states.includes(e))) throw new Error(`states: ${states.join(', ')}`);
        return states.join(', ');
      },
    ],
    [
      'a review drawn from the Command Palette is rated from the keyboard (3, 4, 1) and the review file on disk holds the ratings',
      async () => {
        const said = await rateReviewFromKeyboard(page);
        const file = path.join(workspace, 'cards', 'review_card.review.json');
        let ratings = [];
        for (let i = 0; i < 50; i++) {
          try {
            ratings = JSON.parse(fs.readFileSync(file, 'utf8')).items.map((item) => item.rating);
          } catch {
            ratings = [];
          }
          if (ratings.length === 3 && ratings.every((r) => r !== null)) break;
          await page.waitForTimeout(200);
        }
        if (ratings.join(',') !== 'acceptable,excellent,reject') throw new Error(`ratings on disk: ${ratings.join(',') || 'none'} (page: ${said})`);
        return `${said} · on disk: ${ratings.join(', ')}`;
      },
    ],
    ["Ewe keys typed at 0 ms between them in the review's comment: ;D;e;n reads Ɖɛŋ", () => typeInReviewComment(page)],
    [
      'the corpus table opens from the editor title of a corpus; a value typed in a cell with Ewe keys changes the file at that value only',
      () => editInCorpusTable(page, workspace),
    ],
    ['Ctrl+Z in the corpus table undoes that edit (the saved file is the original again)', () => undoInCorpusTable(page, workspace, tableOriginal)],
    [
      "the corpus table's search box and cells compose ;D;e;n typed at 0 ms between keys; a register cell is chosen from the spec's list",
      () => typeAndChooseInCorpusTable(page),
    ],
    [
      'the leaderboard opens from the Command Palette on the fixture cards: the expected first row, the tampered card not ranked, a header sorted from the keyboard',
      async () => {
        const { first, tampered, sortedFirst } = await leaderboardFromPalette(page);
        // eng-ewe-dev-v1 sorts before eng-ewe-synthetic (boards/): its best row is the harness report of
        // google/gemini-3.5-flash (reports/, composite 0.7293 as the report states it), tied with the next (1=).
        // The page shows the Model column second, right after the rank (then method, composite, …).
        if (!first[0]?.startsWith('1') || first[1] !== 'google/gemini-3.5-flash' || !first[3]?.startsWith('0.7293'))
          throw new Error(`first row: ${first.join(' | ')}`);
        if (!tampered[0]?.startsWith('not ranked') || tampered[1] !== 'tampered-model') throw new Error(`tampered row: ${tampered.join(' | ')}`);
        // By composite, highest first: the tampered card's claimed 0.9900 (listed, still not ranked).
        if (!sortedFirst[3]?.startsWith('0.9900') || !sortedFirst[0]?.startsWith('not ranked')) throw new Error(`sorted: ${sortedFirst.join(' | ')}`);
        return `${first.slice(0, 4).join(' ')} · tampered: ${tampered[0]}`;
      },
    ],
    [
      'two runs compared from the Command Palette (A, then B picked) list the planted regression first',
      async () => {
        const first = await compareFromPalette(page);
        if (first[0] !== 'mt_context_02' || first[5] !== 'regression') throw new Error(`first item: ${first.join(' | ')}`);
        return first.slice(0, 6).join(' ');
      },
    ],
    [
      // After the leaderboard: the cards the cells write would join it.
      'Run Benchmark from the Command Palette (2 models × 1 temperature): the modal estimate pressed, the matrix view lists both cells run, with its Pareto chart',
      async () => {
        const { estimate, rows, charts } = await benchmarkMatrixFromPalette(page);
        if (!/Run 2 of the 2 cells/.test(estimate) || !/estimated cost \$/.test(estimate)) throw new Error(`modal: ${estimate}`);
        const models = rows.map((r) => r[1]).sort();
        if (rows.length !== 2 || models.join() !== 'fake-ewe-model,fake-ewe-model-b' || rows.some((r) => r[2] !== 'ran'))
          throw new Error(`rows: ${rows.map((r) => r.join(' | ')).join(' || ')}`);
        if (charts < 1) throw new Error('no Pareto chart');
        return `${rows.map((r) => r.join(' ')).join(' · ')} · ${charts} chart(s)`;
      },
    ],
    [
      'the walkthrough opens from the Command Palette with its four steps',
      async () => {
        const steps = await openWalkthrough(page);
        const expected = ['Choose a model and store its key', 'Open a tests file', 'Run a test', 'Check Ewe letter coverage'];
        if (expected.some((e) => !steps.includes(e))) throw new Error(`steps: ${steps.join(' | ')}`);
        return steps.join(' | ');
      },
    ],
  ];
  for (const [name, run] of steps) {
    try {
      check(name, true, (await run()) ?? '');
    } catch (error) {
      check(name, false, error.message.split('\n')[0]);
      await shot(page, `packaged-failure-${steps.findIndex(([n]) => n === name) + 1}.png`);
      if (name === steps[0][0]) break;
      // What a failed step left open (an input box over the tabs, a modal dialog) must not fail the steps after it.
      for (let i = 0; i < 3; i++) {
        await page.keyboard.press('Escape').catch(() => undefined);
        await page.waitForTimeout(200);
      }
    }
  }
  await shot(page, 'packaged-extension.png');
  if (VERBOSE && failed) console.log(server.output().slice(-2500));
  await cleanUp();
}

/** Phase 3: an untrusted workspace (Restricted Mode): a click on ▶ Run explains why and sends nothing. */
async function untrustedWorkspace() {
  const run = tempDir('ewb-e2e-untrusted-');
  const workspace = buildWorkspace(path.join(run, 'workspace'));
  const fake = await startFakeModel(run);
  cleanups.push(() => fake.server.stop());
  fs.mkdirSync(path.join(workspace, '.vscode'), { recursive: true });
  fs.writeFileSync(path.join(workspace, '.vscode', 'settings.json'), JSON.stringify(fake.settings, null, 2));
  const untrusted = session({ cleanups, extraEnv: fake.keyEnv, workspaceTrust: true });
  const server = await untrusted.startCodeServer(run, fake.userSettings);
  const { page } = await untrusted.openBrowser(run);
  log('untrusted workspace: loading the workbench');
  const payload = JSON.stringify([['extensionDevelopmentPath', `vscode-remote://${server.host}${root}`]]);
  try {
    await page.goto(`http://${server.host}/?folder=${encodeURIComponent(workspace)}&payload=${encodeURIComponent(payload)}`, { timeout: 120_000 });
    await page.locator('.monaco-workbench').waitFor({ timeout: 60_000 });
    const message = await clickRunInUntrustedWorkspace(page);
    const sent = fake.server.requests.length;
    check(
      'in an untrusted workspace a click on ▶ Run explains why and sends nothing to the model',
      /not trusted/.test(message) && sent === 0,
      `${message} · ${sent} request(s) received`,
    );
  } catch (error) {
    check('in an untrusted workspace a click on ▶ Run explains why and sends nothing to the model', false, error.message.split('\n')[0]);
    await shot(page, 'untrusted-failure.png');
  }
  await cleanUp();
}

try {
  // The packet phase needs Chromium and the driver only; every other phase needs code-server too.
  const codeServerPhases = [...PHASES].some((p) => p !== 'packet');
  const missing = [
    ...(codeServerPhases
      ? [
          [CODE_SERVER, 'code-server'],
          [path.join(NODE24_BIN, 'node'), 'Node 24'],
          [VSCE, '@vscode/vsce'],
          [CHROMIUM ?? '/usr/bin/chromium', 'chromium'],
        ]
          .filter(([file]) => !fs.existsSync(file))
          .map(([, what]) => what)
      : []),
    ...(PHASES.has('packet') ? packetPhaseMissing() : []),
  ];
  if (missing.length) throw new Error(`not installed: ${[...new Set(missing)].join(', ')}; run \`npm run e2e:setup\` first`);
  const unlisted = unlistedSuiteFiles();
  if (unlisted.length) throw new Error(`test/e2e/suite/index.ts does not import ${unlisted.join(', ')}`);
  // Screenshots of an earlier run would mislead: start empty.
  fs.rmSync(ARTIFACTS, { recursive: true, force: true });
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  // The test build: with the probes the suite reads (the corpus table's figures and its send command), which
  // `npm run build` and `npm run package` leave out; `npm run build` afterwards restores the packaged bundles.
  execFileSync(process.execPath, [path.join(root, 'scripts', 'build.mjs'), '--probes'], { cwd: root, stdio: ['ignore', 'inherit', 'inherit'] });
  log('extension built (dist/)');
  if (PHASES.has('host')) await extensionHostSuite();
  if (PHASES.has('packaged')) await packagedExtensionUi();
  if (PHASES.has('untrusted')) await untrustedWorkspace();
  if (PHASES.has('browser'))
    await browserHostPhase({
      check,
      log,
      tempDir,
      session: () => session({ cleanups }),
      cleanUp,
      packageVsix,
      installVsix,
      buildWorkspace,
      shot,
    });
  if (PHASES.has('packet')) {
    await packetPhase({ check, log, tempDir, cleanups, shot });
    await cleanUp();
  }
} catch (error) {
  check('end-to-end run', false, error.stack ?? String(error));
}
await finish();
