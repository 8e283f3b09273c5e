// The end-to-end suite (test/e2e/suite) through @vscode/test-electron, the ecosystem's usual runner, for
// contributors whose machine can download VS Code: `node scripts/e2e/test-electron.mjs` (VSCODE_VERSION picks a
// version; default: the latest stable).
//
// NOT USED on the project's machines or in CI: they have no internet access, and test-electron downloads
// VS Code and Electron. There, `npm run test:e2e` (scripts/e2e/run.mjs) runs the same suite in code-server.
// Both runners compile the suite and lay out the workspace the same way (scripts/e2e/common.mjs).
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { runTests } from '@vscode/test-electron';
import { buildWorkspace, compileSuite, root, unlistedSuiteFiles } from './common.mjs';

const unlisted = unlistedSuiteFiles();
if (unlisted.length) {
  console.error(`test/e2e/suite/index.ts does not import ${unlisted.join(', ')}`);
  process.exit(1);
}
// The test build, with the probes the suite reads (PROBES).
execFileSync(process.execPath, [path.join(root, 'scripts', 'build.mjs'), '--probes'], { cwd: root, stdio: 'inherit' });
const suite = await compileSuite(path.join(root, '.e2e', 'suite', 'index.js'));
const run = fs.mkdtempSync(path.join(os.tmpdir(), 'ewb-e2e-electron-'));
const workspace = buildWorkspace(path.join(run, 'workspace'));
let code = 0;
try {
  await runTests({
    version: process.env.VSCODE_VERSION ?? 'stable',
    // Downloads land in .e2e/ (ignored by git) rather than .vscode-test/.
    cachePath: path.join(root, '.e2e', 'vscode-test'),
    extensionDevelopmentPath: root,
    extensionTestsPath: suite,
    launchArgs: [
      workspace,
      '--disable-extensions',
      '--disable-workspace-trust',
      '--skip-welcome',
      '--user-data-dir',
      path.join(run, 'user-data'),
      '--extensions-dir',
      path.join(run, 'extensions'),
    ],
  });
} catch (error) {
  console.error(`e2e (test-electron): ${error instanceof Error ? error.message : error}`);
  code = 1;
} finally {
  fs.rmSync(run, { recursive: true, force: true });
}
process.exit(code);
