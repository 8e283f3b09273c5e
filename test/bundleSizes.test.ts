import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { fromRepo } from './helpers/paths';

/** Runs scripts/bundle-sizes.mjs (pretest's size budget) on a folder of stand-in bundles of the given KiB. */
function check(kib: Record<string, number>): { status: number | null; out: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ewb-sizes-'));
  try {
    for (const [name, size] of Object.entries(kib)) fs.writeFileSync(path.join(dir, name), Buffer.alloc(size * 1024));
    const result = spawnSync(process.execPath, [fromRepo('scripts', 'bundle-sizes.mjs'), dir], { encoding: 'utf8' });
    return { status: result.status, out: result.stdout + result.stderr };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const small = {
  'client.js': 100,
  'lazyRunner.js': 100,
  'lazyNodeRunner.js': 5,
  'server.js': 100,
  'cli.js': 100,
  'reviewView.js': 5,
  'reviewPacket.js': 5,
  'coverageView.js': 5,
  'lazySpreadsheet.js': 100,
  'lazyTable.js': 100,
  'corpusTable.js': 5,
  'lazyBoards.js': 5,
  'boardsView.js': 5,
  'browserClient.js': 100,
  'browserServer.js': 100,
};

test('the size budget passes bundles within it and prints each size', () => {
  const { status, out } = check(small);
  assert.equal(status, 0, out);
  assert.match(out, /client\.js\s+100 KiB of \d+ KiB/);
});

test('the size budget fails a bundle over it, naming it, and a missing bundle', () => {
  const over = check({ ...small, 'client.js': 5000 });
  assert.equal(over.status, 1);
  assert.match(over.out, /client\.js\s+5000 KiB of \d+ KiB {2}OVER BUDGET/);
  const missing = check({ 'client.js': 100 });
  assert.equal(missing.status, 1);
  assert.match(missing.out, /server\.js is missing/);
});
