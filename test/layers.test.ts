import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { fromRepo } from './helpers/paths';

/**
 * The layer rules (.dependency-cruiser.cjs, run by `npm run lint:layers` in pretest) catch what they are for: a
 * small tree laid out like ours, with planted wrong imports beside allowed ones, cruised with our config.
 */
const tree: Record<string, string> = {
  'tsconfig.json': JSON.stringify({ compilerOptions: { module: 'node16', moduleResolution: 'node16', strict: true } }),
  'runner/execute.ts': "import { pure } from '../core/pure';\nexport const executeRun = () => pure;\nexport type RunResult = number;\n",
  'runner/keys.ts': "export const resolveApiKey = () => '';\n",
  'core/pure.ts': 'export const pure = 1;\n',
  // Planted: core importing the runner, core importing Node built-ins (crypto too: the old exceptions are gone).
  'core/wrongDirection.ts': "import { executeRun } from '../runner/execute';\nexport const w = executeRun;\n",
  'core/usesFs.ts': "import * as fs from 'node:fs';\nexport const f = fs;\n",
  'core/usesPath.ts': "import * as p from 'path';\nexport const q = p;\n",
  'core/runcard/hashes.ts': "import { createHash } from 'node:crypto';\nimport * as zlib from 'node:zlib';\nexport const h = [createHash, zlib];\n",
  'core/run/canonicalJson.ts': "import * as crypto from 'node:crypto';\nexport const c = crypto;\n",
  'core/pure.test.ts': "import * as fs from 'node:fs';\nimport { executeRun } from '../runner/execute';\nexport const t = [fs, executeRun];\n",
  // The client: the runner through lazyRunner.ts, as types, or keys.ts is fine; a value import elsewhere is not.
  'client/run/lazyRunner.ts': "export { executeRun } from '../../runner/execute';\n",
  'client/run/typesOnly.ts':
    "import type { RunResult } from '../../runner/execute';\nimport { resolveApiKey } from '../../runner/keys';\nexport const r: RunResult[] = [];\nexport const k = resolveApiKey;\n",
  'client/run/eager.ts': "import { executeRun } from '../../runner/execute';\nexport const e = executeRun;\n",
  // A cycle.
  'server/a.ts': "import { b } from './b';\nexport const a = () => b;\n",
  'server/b.ts': "import { a } from './a';\nexport const b = () => a;\n",
};

function cruise(): string[] {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ewb-layers-'));
  try {
    for (const [file, text] of Object.entries(tree)) {
      fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
      fs.writeFileSync(path.join(dir, file), text);
    }
    const bin = fromRepo('node_modules', 'dependency-cruiser', 'bin', 'dependency-cruise.mjs');
    const result = spawnSync(
      process.execPath,
      [bin, '--config', fromRepo('.dependency-cruiser.cjs'), '--output-type', 'json', 'core', 'runner', 'client', 'server'],
      { cwd: dir, encoding: 'utf8' },
    );
    const report = JSON.parse(result.stdout) as { summary: { violations: { rule: { name: string }; from: string; to: string }[] } };
    return report.summary.violations.map((v) => `${v.rule.name}: ${v.from} → ${v.to}`).sort();
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

test('the layer check fails on a wrong-direction import, a new Node built-in in core, an eager runner import in the client and a cycle, and on nothing else', () => {
  const violations = cruise();
  const expected = [
    'client-imports-the-runner: client/run/eager.ts → runner/execute.ts',
    'core-imports-a-node-builtin: core/run/canonicalJson.ts → crypto',
    'core-imports-a-node-builtin: core/runcard/hashes.ts → crypto',
    'core-imports-a-node-builtin: core/runcard/hashes.ts → zlib',
    'core-imports-a-node-builtin: core/usesFs.ts → fs',
    'core-imports-a-node-builtin: core/usesPath.ts → path',
    'core-imports-an-adapter: core/wrongDirection.ts → runner/execute.ts',
  ];
  for (const line of expected) assert.ok(violations.includes(line), `${line} not reported; got:\n${violations.join('\n')}`);
  assert.ok(
    violations.some((v) => v.startsWith('no-cycles: server/a.ts')),
    violations.join('\n'),
  );
  assert.deepEqual(
    violations.filter((v) => !v.startsWith('no-cycles') && !v.startsWith('core-room-without-a-floor') && !expected.includes(v)),
    [],
    'allowed imports (tests, lazyRunner, types, keys) pass',
  );
});

/** The floors inside core, as the layer check reads them. */
// eslint-disable-next-line @typescript-eslint/no-require-imports
const CORE_FLOORS = require(fromRepo('scripts', 'core-floors.cjs')) as string[][];

/** A room's module in a planted tree: its one file, or a file inside its folder. */
const moduleOf = (room: string): string => (room.endsWith('.ts') ? `core/${room}` : `core/${room}/m.ts`);

function cruiseTree(files: Record<string, string>, folders: string[]): string[] {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ewb-floors-'));
  try {
    for (const [file, text] of Object.entries(files)) {
      fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
      fs.writeFileSync(path.join(dir, file), text);
    }
    const bin = fromRepo('node_modules', 'dependency-cruiser', 'bin', 'dependency-cruise.mjs');
    const result = spawnSync(process.execPath, [bin, '--config', fromRepo('.dependency-cruiser.cjs'), '--output-type', 'json', ...folders], {
      cwd: dir,
      encoding: 'utf8',
    });
    const report = JSON.parse(result.stdout) as { summary: { violations: { rule: { name: string }; from: string; to: string }[] } };
    return report.summary.violations.map((v) => `${v.rule.name}: ${v.from} → ${v.to}`).sort();
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** An import statement from `from`'s module to `to`'s, relative as the code writes it. */
function importLine(from: string, to: string, name: string): string {
  let spec = path.posix.relative(path.posix.dirname(moduleOf(from)), moduleOf(to)).replace(/\.ts$/, '');
  if (!spec.startsWith('.')) spec = `./${spec}`;
  return `import { x as ${name} } from '${spec}';\nexport const use${name} = ${name};\n`;
}

test('inside core, an import down a floor passes, and one beside or up fails naming its rule, for every pair of rooms', () => {
  const rooms = CORE_FLOORS.flat();
  const floorOf = new Map(CORE_FLOORS.flatMap((floor, level) => floor.map((room) => [room, level] as const)));
  const files: Record<string, string> = {
    'tsconfig.json': JSON.stringify({ compilerOptions: { module: 'node16', moduleResolution: 'node16', strict: true } }),
  };
  const expected: string[] = [];
  const ruleOf = (room: string) => `core-${room.replace(/\.ts$/, '')}-imports-its-floor-or-above`;
  for (const room of rooms) {
    const others = rooms.filter((other) => other !== room);
    const isUp = (other: string) => (floorOf.get(other) ?? 0) >= (floorOf.get(room) ?? 0);
    if (room.endsWith('.ts')) {
      // A top-level file of core: the file itself imports every other room.
      files[moduleOf(room)] = 'export const x = 1;\n' + others.map((other, i) => importLine(room, other, `t${i}`)).join('');
      for (const other of others.filter(isUp)) expected.push(`${ruleOf(room)}: ${moduleOf(room)} → ${moduleOf(other)}`);
    } else {
      // A folder: one planted file beside its module for each other room.
      files[moduleOf(room)] = 'export const x = 1;\n';
      others.forEach((other, i) => {
        const plant = `core/${room}/to${i}.ts`;
        files[plant] = importLine(room, other, `v${i}`);
        if (isUp(other)) expected.push(`${ruleOf(room)}: ${plant} → ${moduleOf(other)}`);
      });
    }
  }
  // A folder no floor names is refused as soon as it imports anything.
  files['core/unplaced/a.ts'] = "import { x } from '../json';\nexport const y = x;\n";
  expected.push('core-room-without-a-floor: core/unplaced/a.ts → core/json.ts');
  const violations = cruiseTree(files, ['core']).filter((v) => !v.startsWith('no-cycles'));
  assert.deepEqual(violations, expected.sort());
  assert.ok(expected.length > rooms.length * 4, `every room plants imports up (${expected.length} expected violations)`);
});
