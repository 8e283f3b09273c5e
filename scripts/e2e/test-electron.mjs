// The same extension-host suite through @vscode/test-electron, which downloads VS Code: for contributors with a
// network. These machines have none, so CI uses scripts/e2e/run.mjs (code-server) instead.
import * as path from 'node:path';
import * as fs from 'node:fs';
import * as os from 'node:os';
import { build } from 'esbuild';
import { runTests } from '@vscode/test-electron';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..', '..');
const suite = path.join(root, '.e2e', 'suite', 'index.js');
await build({ entryPoints: [path.join(root, 'test', 'e2e', 'suite', 'index.ts')], outfile: suite, bundle: true, platform: 'node', format: 'cjs', external: ['vscode'] });
const workspace = fs.mkdtempSync(path.join(os.tmpdir(), 'ewb-electron-'));
fs.cpSync(path.join(root, 'test', 'e2e', 'workspace'), workspace, { recursive: true });
await runTests({ extensionDevelopmentPath: root, extensionTestsPath: suite, launchArgs: [workspace, '--disable-extensions'] });
