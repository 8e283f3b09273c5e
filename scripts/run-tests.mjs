// Runs every compiled test file (out/**/*.test.js) with Node's built-in test runner.
// Node 20's `--test` has no glob support, so the file list is gathered here.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';

function collect(dir, acc) {
  for (const name of readdirSync(dir)) {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) collect(full, acc);
    else if (name.endsWith('.test.js')) acc.push(full);
  }
  return acc;
}

const roots = ['out/core', 'out/server', 'out/cli', 'out/runner', 'out/client', 'out/protocol', 'out/schemas', 'out/test'];
// tsc never deletes what it once wrote: a test whose source was moved or deleted would still run from out/.
const hasSource = (file) => existsSync(file.replace(/^out[\\/]/, '').replace(/\.js$/, '.ts'));
const compiled = roots
  .flatMap((r) => {
    try {
      return collect(r, []);
    } catch {
      return [];
    }
  })
  .sort();
const files = compiled.filter(hasSource);
for (const stale of compiled.filter((f) => !hasSource(f))) console.error(`skipped ${stale}: its source is gone`);
if (files.length === 0) {
  console.error('no compiled tests found: run `npm run compile-tests` first');
  process.exit(1);
}
const filter = process.argv[2];
const selected = filter ? files.filter((f) => f.includes(filter)) : files;
const result = spawnSync(process.execPath, ['--test', '--test-reporter=spec', ...selected], { stdio: 'inherit' });
process.exit(result.status ?? 1);
