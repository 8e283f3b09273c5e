// Developer helper: bundle one or more *.test.ts files with esbuild and run them with node --test,
// without compiling the whole project (handy while other parts of the tree are mid-edit).
import { build } from 'esbuild';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, basename } from 'node:path';
import { spawnSync } from 'node:child_process';

const inputs = process.argv.slice(2);
if (inputs.length === 0) {
  console.error('usage: node scripts/test-one.mjs FILE.test.ts...');
  process.exit(2);
}
const dir = mkdtempSync(join(tmpdir(), 'ewb-test-'));
const outs = [];
for (const input of inputs) {
  const outfile = join(dir, outs.length + '-' + basename(input).replace(/\.ts$/, '.js'));
  await build({
    entryPoints: [input],
    outfile,
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'cjs',
    sourcemap: 'inline',
    external: ['vscode'],
    mainFields: ['module', 'main'],
    logLevel: 'warning',
  });
  outs.push(outfile);
}
const r = spawnSync(process.execPath, ['--enable-source-maps', '--test', '--test-reporter=spec', ...outs], {
  stdio: 'inherit',
  env: { ...process.env, EWB_REPO_ROOT: process.cwd() },
});
process.exit(r.status ?? 1);
