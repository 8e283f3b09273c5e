// Runs the end-to-end tests in a real VS Code: code-server on 127.0.0.1 driven by Debian's Chromium through
// playwright-core. Phase 1 runs test/e2e/suite inside the extension host (the development extension); phase 2
// packages the .vsix, installs it as a user would, and checks the UI: the Problems panel and the status bar.
// Needs `npm run e2e:setup` first. Prints `e2e: N passed, M failed` and exits non-zero on any failure.
import { spawn, execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as net from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import { createRequire } from 'node:module';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..', '..');
const E2E = path.join(root, '.e2e');
const NODE24 = path.join(E2E, 'node24', 'package', 'bin');
const CODE_SERVER = path.join(E2E, 'cs', 'node_modules', '.bin', 'code-server');
const require = createRequire(path.join(E2E, 'driver', 'package.json'));
const { chromium } = require('playwright-core');
const artifacts = path.join(E2E, 'artifacts');
fs.mkdirSync(artifacts, { recursive: true });

const t0 = Date.now();
const log = (m) => console.log(`[e2e ${((Date.now() - t0) / 1000).toFixed(1)}s] ${m}`);
let passed = 0;
let failed = 0;
const check = (name, ok, detail = '') => {
  if (ok) passed++;
  else failed++;
  console.log(`${ok ? '✔' : '✖'} ${name}${detail ? `\n    ${detail}` : ''}`);
};

function freePort() {
  return new Promise((resolve) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

async function startCodeServer(run, extraArgs = []) {
  const port = await freePort();
  const env = { ...process.env, PATH: `${NODE24}:${process.env.PATH}`, XDG_CONFIG_HOME: path.join(run, 'xdg'), XDG_DATA_HOME: path.join(run, 'xdg'), XDG_CACHE_HOME: path.join(run, 'xdg') };
  const userDir = path.join(run, 'ud', 'User');
  fs.mkdirSync(userDir, { recursive: true });
  fs.writeFileSync(path.join(userDir, 'settings.json'), JSON.stringify({ 'workbench.startupEditor': 'none', 'telemetry.telemetryLevel': 'off', 'update.mode': 'none', 'chat.disableAIFeatures': true, 'workbench.tips.enabled': false, 'security.workspace.trust.enabled': false }));
  fs.writeFileSync(path.join(run, 'config.yaml'), '');
  const child = spawn(CODE_SERVER, ['--config', path.join(run, 'config.yaml'), '--bind-addr', `127.0.0.1:${port}`, '--auth', 'none', '--disable-telemetry', '--disable-update-check', '--disable-workspace-trust', '--user-data-dir', path.join(run, 'ud'), '--extensions-dir', path.join(run, 'ext'), '--reconnection-grace-time', '10', '--vscode-option', 'enable-smoke-test-driver', ...extraArgs], { env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  for (let i = 0; i < 120; i++) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/healthz`);
      if (res.ok) return { port, stop: () => { try { process.kill(-child.pid, 'SIGTERM'); } catch { /* already gone */ } }, output: () => output };
    } catch { /* not up yet */ }
    await new Promise((r) => setTimeout(r, 500));
  }
  try { process.kill(-child.pid, 'SIGTERM'); } catch { /* already gone */ }
  throw new Error(`code-server did not start:\n${output}`);
}

async function browser() {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'ewb-chrome-'));
  const ctx = await chromium.launchPersistentContext(profile, {
    executablePath: fs.existsSync('/usr/lib/chromium/chromium') ? '/usr/lib/chromium/chromium' : '/usr/bin/chromium',
    headless: true,
    viewport: { width: 1400, height: 900 },
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  return { ctx, close: async () => { await ctx.close(); fs.rmSync(profile, { recursive: true, force: true }); } };
}

function workspaceCopy(run) {
  const dir = path.join(run, 'workspace');
  fs.cpSync(path.join(root, 'test', 'e2e', 'workspace'), dir, { recursive: true });
  return dir;
}

async function extensionHostSuite() {
  const run = fs.mkdtempSync(path.join(os.tmpdir(), 'ewb-e2e-'));
  const suite = path.join(E2E, 'suite', 'index.js');
  await build({ entryPoints: [path.join(root, 'test', 'e2e', 'suite', 'index.ts')], outfile: suite, bundle: true, platform: 'node', format: 'cjs', external: ['vscode'], logLevel: 'warning' });
  const workspace = workspaceCopy(run);
  const server = await startCodeServer(run);
  const { ctx, close } = await browser();
  try {
    const page = ctx.pages()[0] ?? (await ctx.newPage());
    let done;
    const exited = new Promise((r) => (done = r));
    const lines = [];
    await page.exposeFunction('codeAutomationLog', (type, args) => {
      for (const a of args ?? []) {
        if (process.env.E2E_VERBOSE) console.log('[host]', type, String(a).slice(0, 500));
        for (const l of String(a).split('\n')) if (/^(✔|✖| {4}|extension host:)/.test(l) && !/^ {4}at /.test(l)) lines.push(l);
      }
    });
    await page.exposeFunction('codeAutomationExit', (code) => done(code));
    const host = `127.0.0.1:${server.port}`;
    const payload = JSON.stringify([['extensionDevelopmentPath', `vscode-remote://${host}${root}`], ['extensionTestsPath', `vscode-remote://${host}${suite}`]]);
    log('extension host suite: starting');
    await page.goto(`http://${host}/?folder=${encodeURIComponent(workspace)}&payload=${encodeURIComponent(payload)}`);
    const code = await Promise.race([exited, new Promise((r) => setTimeout(() => r('timeout'), 180000))]);
    for (const l of lines) console.log(l);
    for (const l of lines) {
      if (l.startsWith('✔')) passed++;
      else if (l.startsWith('✖')) failed++;
    }
    if (code !== 0 && !lines.some((l) => l.startsWith('✖'))) check('extension host suite finished', false, `exit ${code}\n${server.output().slice(-2000)}`);
    log(`extension host suite: exit ${code}`);
  } finally {
    await close();
    server.stop();
  }
}

async function packagedExtensionUi() {
  const run = fs.mkdtempSync(path.join(os.tmpdir(), 'ewb-e2e-ui-'));
  const vsix = path.join(run, 'ewebench-studio.vsix');
  execFileSync(path.join(NODE24, 'node'), [path.join(E2E, 'driver', 'node_modules', '@vscode', 'vsce', 'vsce'), 'package', '--no-dependencies', '--allow-missing-repository', '--skip-license', '--no-rewrite-relative-links', '-o', vsix], { cwd: root, stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, PATH: `${NODE24}:${process.env.PATH}` } });
  check('the extension packages as a .vsix', fs.existsSync(vsix));
  execFileSync(CODE_SERVER, ['--extensions-dir', path.join(run, 'ext'), '--user-data-dir', path.join(run, 'ud'), '--install-extension', vsix], { env: { ...process.env, PATH: `${NODE24}:${process.env.PATH}`, XDG_CONFIG_HOME: path.join(run, 'xdg') }, stdio: 'pipe' });
  check('code-server installs the .vsix', fs.readdirSync(path.join(run, 'ext')).some((d) => d.startsWith('ewebench.ewebench-studio')));
  const workspace = workspaceCopy(run);
  const server = await startCodeServer(run);
  const { ctx, close } = await browser();
  const page = ctx.pages()[0] ?? (await ctx.newPage());
  try {
    await page.goto(`http://127.0.0.1:${server.port}/?folder=${encodeURIComponent(workspace)}`);
    await page.locator('.monaco-workbench').waitFor({ timeout: 60000 });
    await page.locator('.explorer-folders-view .monaco-list-row', { hasText: 'tests' }).first().click();
    const row = page.locator('.explorer-folders-view .monaco-list-row', { hasText: 'duplicates.json' });
    await row.waitFor({ timeout: 30000 });
    await row.click();
    await page.locator('.tab', { hasText: 'duplicates.json' }).waitFor({ timeout: 30000 });
    await page.keyboard.press('Control+Shift+M');
    const problem = page.locator('.markers-panel .monaco-list-row', { hasText: 'Duplicate id' });
    await problem.first().waitFor({ timeout: 60000 });
    check('the Problems panel shows our duplicate-id diagnostic', (await problem.count()) >= 2, (await problem.first().textContent())?.replace(/\s+/g, ' '));
    const status = page.locator('.statusbar-item', { hasText: 'ÈwéBench tests' });
    await status.first().waitFor({ timeout: 30000 });
    check('the status bar names the file kind', true);
    const coverage = page.locator('.statusbar-item', { hasText: /Ewe \d\/7/ });
    await coverage.first().waitFor({ timeout: 30000 });
    check('the status bar shows the Ewe letter coverage', true, (await coverage.first().textContent())?.trim());
    await page.screenshot({ path: path.join(artifacts, 'problems-panel.png') });
  } catch (error) {
    check('packaged extension UI', false, error.message.split('\n')[0]);
    await page.screenshot({ path: path.join(artifacts, 'failure.png') }).catch(() => {});
  } finally {
    await close();
    server.stop();
  }
}

try {
  if (!fs.existsSync(CODE_SERVER)) throw new Error('code-server is not installed: run `npm run e2e:setup` first');
  execFileSync(process.execPath, [path.join(root, 'scripts', 'build.mjs')], { stdio: 'inherit' });
  await extensionHostSuite();
  await packagedExtensionUi();
} catch (error) {
  check('end-to-end run', false, error.stack ?? String(error));
}
console.log(`e2e: ${passed} passed, ${failed} failed`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
