// Starting code-server and headless Chromium for the end-to-end checks (scripts/e2e/run.mjs) and the README
// screenshots (scripts/screenshot-*.mjs): each code-server runs in its own process group, stopped by the
// cleanups the caller runs on every way out.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import * as fs from 'node:fs';
import * as net from 'node:net';
import * as path from 'node:path';
import { root } from './common.mjs';

export const E2E = process.env.E2E_DIR ? path.resolve(process.env.E2E_DIR) : path.join(root, '.e2e');
export const NODE24_BIN = path.join(E2E, 'node24', 'package', 'bin');
export const CODE_SERVER = path.join(E2E, 'cs', 'node_modules', '.bin', 'code-server');
export const CHROMIUM = ['/usr/lib/chromium/chromium', '/usr/bin/chromium'].find((p) => fs.existsSync(p));

/**
 * Helpers bound to the caller's cleanup list (each entry an idempotent async function, run last-in first-out)
 * and to extra environment variables for code-server and its extension hosts.
 */
export function session({ cleanups, extraEnv = {}, userSettings = {}, workspaceTrust = false }) {
  function freePort() {
    return new Promise((resolve, reject) => {
      const probe = net.createServer().once('error', reject);
      probe.listen(0, '127.0.0.1', () => {
        const { port } = probe.address();
        probe.close(() => resolve(port));
      });
    });
  }

  const isAlive = (pid) => {
    try {
      process.kill(pid, 0);
      return true;
    } catch {
      return false;
    }
  };

  /** Sends `signal` to the whole process group (code-server, its extension hosts, our language server). */
  function killGroup(pid, signal) {
    try {
      process.kill(-pid, signal);
    } catch {
      /* the group is already gone */
    }
  }

  /** Environment of a code-server process: Node 24 first on PATH, config and caches inside the run folder. */
  function codeServerEnv(run) {
    const xdg = path.join(run, 'xdg');
    return { ...process.env, PATH: `${NODE24_BIN}:${process.env.PATH}`, XDG_CONFIG_HOME: xdg, XDG_DATA_HOME: xdg, XDG_CACHE_HOME: xdg, ...extraEnv };
  }

  /** `moreUserSettings`: user settings of this run only (a local model's origin, known once it listens). */
  async function startCodeServer(run, moreUserSettings = {}) {
    const port = await freePort();
    const userDir = path.join(run, 'user-data', 'User');
    fs.mkdirSync(userDir, { recursive: true });
    fs.writeFileSync(
      path.join(userDir, 'settings.json'),
      JSON.stringify({
        'workbench.startupEditor': 'none',
        'workbench.tips.enabled': false,
        'workbench.secondarySideBar.defaultVisibility': 'hidden',
        'workbench.enableExperiments': false,
        'telemetry.telemetryLevel': 'off',
        'update.mode': 'none',
        'extensions.autoCheckUpdates': false,
        'extensions.autoUpdate': false,
        'chat.disableAIFeatures': true,
        // Workspace trust is off unless a check is about Restricted Mode; then no prompt or banner hides the page.
        'security.workspace.trust.enabled': workspaceTrust,
        'security.workspace.trust.startupPrompt': 'never',
        'security.workspace.trust.banner': 'never',
        'git.enabled': false,
        ...userSettings,
        ...moreUserSettings,
      }),
    );
    // An empty config file, or code-server writes a generated password into ~/.config.
    fs.writeFileSync(path.join(run, 'config.yaml'), '');
    const args = [
      '--config',
      path.join(run, 'config.yaml'),
      '--bind-addr',
      `127.0.0.1:${port}`,
      '--auth',
      'none',
      '--disable-telemetry',
      '--disable-update-check',
      ...(workspaceTrust ? [] : ['--disable-workspace-trust']),
      '--user-data-dir',
      path.join(run, 'user-data'),
      '--extensions-dir',
      path.join(run, 'extensions'),
      '--reconnection-grace-time',
      '10',
      '--vscode-option',
      'enable-smoke-test-driver',
    ];
    const child = spawn(CODE_SERVER, args, { env: codeServerEnv(run), detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    const keep = (chunk) => {
      output = (output + chunk).slice(-20_000);
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    const stop = async () => {
      killGroup(child.pid, 'SIGTERM');
      for (let i = 0; i < 50 && isAlive(-child.pid); i++) await new Promise((r) => setTimeout(r, 100));
      killGroup(child.pid, 'SIGKILL');
    };
    cleanups.push(stop);
    for (let i = 0; i < 120 && child.exitCode === null; i++) {
      try {
        if ((await fetch(`http://127.0.0.1:${port}/healthz`)).ok) return { port, host: `127.0.0.1:${port}`, output: () => output };
      } catch {
        /* not listening yet */
      }
      await new Promise((r) => setTimeout(r, 250));
    }
    throw new Error(`code-server did not answer /healthz (exit ${child.exitCode}):\n${output.slice(-3000)}`);
  }

  async function openBrowser(run) {
    const { chromium } = createRequire(path.join(E2E, 'driver', 'package.json'))('playwright-core');
    const context = await chromium.launchPersistentContext(path.join(run, 'chromium-profile'), {
      executablePath: CHROMIUM,
      headless: true,
      viewport: { width: 1400, height: 900 },
      // Our own signal handlers close the browser and then stop code-server; Playwright's would exit first.
      handleSIGINT: false,
      handleSIGTERM: false,
      handleSIGHUP: false,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--disable-dev-shm-usage',
      ],
    });
    cleanups.push(() => context.close());
    const page = context.pages()[0] ?? (await context.newPage());
    return { context, page };
  }

  return { freePort, startCodeServer, openBrowser, codeServerEnv, killGroup };
}
