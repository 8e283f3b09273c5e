import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { fromRepo } from './helpers/paths';

/** What only the test build may carry: the corpus table's send command and the names of its timing figures. */
const PROBE_NAMES = [
  'ewebench.corpusTable.send',
  'resolvedAt',
  'openMs',
  'readyMs',
  'navigateMs',
  'pageMs',
  'readyLagMs',
  'paintedLagMs',
  'viewMs',
  'drawMs',
  'ownEditMs',
  'applyMs',
];
/** The bundles the probes live in (the desktop and web clients, the table's page). */
const BUNDLES = ['client.js', 'browserClient.js', 'corpusTable.js'];

/** Runs scripts/build.mjs (the build `npm run package` ships) into a temporary folder; returns each bundle's text. */
function buildAside(flags: string[]): Map<string, string> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ewb-probes-'));
  try {
    const result = spawnSync(process.execPath, [fromRepo('scripts', 'build.mjs'), '--outdir', dir, '--only', BUNDLES.join(','), ...flags], {
      cwd: fromRepo(),
      encoding: 'utf8',
    });
    assert.equal(result.status, 0, result.stdout + result.stderr);
    return new Map(BUNDLES.map((name) => [name, fs.readFileSync(path.join(dir, name), 'utf8')]));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

test('the packaged bundles carry neither the corpus table send command nor its timing figures', () => {
  for (const [name, text] of buildAside([])) {
    for (const probe of PROBE_NAMES) assert.ok(!text.includes(probe), `${name} contains ${probe}`);
  }
});

test('the test build (--probes, as the end-to-end suite builds) keeps the send command and the figures', () => {
  const bundles = buildAside(['--probes']);
  for (const probe of ['ewebench.corpusTable.send', 'openMs', 'paintedLagMs', 'ownEditMs']) assert.ok(bundles.get('client.js')?.includes(probe), probe);
  for (const probe of ['pageMs', 'drawMs']) assert.ok(bundles.get('corpusTable.js')?.includes(probe), probe);
});
