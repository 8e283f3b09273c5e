import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import { fromRepo } from './helpers/paths';

test('the committed WebAssembly module is what wasm/canonical.ts compiles to', () => {
  const result = spawnSync(process.execPath, [fromRepo('scripts', 'build-wasm.mjs'), '--check'], { cwd: fromRepo(), encoding: 'utf8' });
  assert.equal(result.status, 0, result.stderr);
});

test('only the CLI bundle carries the module: the extension’s bundles take the TypeScript pass', () => {
  // The module's base64 starts with the bytes `\0asm`: "AGFzbQ".
  const carries = (name: string) => /["'`]AGFzbQ/.test(fs.readFileSync(fromRepo('dist', name), 'utf8'));
  assert.equal(carries('cli.js'), true);
  for (const name of ['client.js', 'server.js', 'browserClient.js', 'browserServer.js', 'lazyBoards.js', 'lazyRunner.js', 'lazyNodeRunner.js'])
    assert.equal(carries(name), false, name);
});
