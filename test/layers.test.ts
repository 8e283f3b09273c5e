import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { fromRepo } from './helpers/paths';

/**
 * The layer rules (.dependency-cruiser.cjs, run by `npm run lint:layers` in pretest) catch what they are for: a
 * small tree laid out like ours, with planted wrong imports beside allowed ones, cruised with our config and our
 * real `node_modules` (so `vscode` resolves to `@types/vscode` as it does in the repository: the rule once missed
 * that path). Each planted row names the rule it must fail; each allowed row must fail none. To prove a new rule,
 * add a row: every rule of the config must be proven by at least one plant.
 */
interface Plant {
  /** The file planted, relative to the tree's root. */
  file: string;
  /** Its import line. */
  source: string;
  /** The rule it must fail (and the module it is reported against); undefined: allowed, fails no rule. */
  rule?: string;
  to?: string;
}

const PLANTS: Plant[] = [
  // core is pure: no adapter, no protocol, no webview.
  { file: 'core/importsRunner.ts', source: "import { executeRun } from '../runner/execute';", rule: 'core-imports-an-adapter', to: 'runner/execute.ts' },
  { file: 'core/importsServer.ts', source: "import { serve } from '../server/serve';", rule: 'core-imports-an-adapter', to: 'server/serve.ts' },
  { file: 'core/importsClient.ts', source: "import { activate } from '../client/activate';", rule: 'core-imports-an-adapter', to: 'client/activate.ts' },
  { file: 'core/importsCli.ts', source: "import { main } from '../cli/main';", rule: 'core-imports-an-adapter', to: 'cli/main.ts' },
  {
    file: 'core/importsProtocol.ts',
    source: "import type { Request } from '../protocol/ewebench';",
    rule: 'core-imports-an-adapter',
    to: 'protocol/ewebench.ts',
  },
  { file: 'core/importsWebview.ts', source: "import { page } from '../webview/page';", rule: 'core-imports-an-adapter', to: 'webview/page.ts' },
  // core: no vscode (it resolves to node_modules/@types/vscode), no LSP package, not even as types.
  { file: 'core/usesVscode.ts', source: "import * as vscode from 'vscode';", rule: 'core-imports-vscode-or-lsp', to: '@types/vscode' },
  { file: 'core/usesVscodeTypes.ts', source: "import type { Range } from 'vscode';", rule: 'core-imports-vscode-or-lsp', to: '@types/vscode' },
  {
    file: 'core/usesLsp.ts',
    source: "import { createConnection } from 'vscode-languageserver/node';",
    rule: 'core-imports-vscode-or-lsp',
    to: 'vscode-languageserver/',
  },
  {
    file: 'core/usesLspTypes.ts',
    source: "import type { Diagnostic } from 'vscode-languageserver-types';",
    rule: 'core-imports-vscode-or-lsp',
    to: 'vscode-languageserver-types/',
  },
  {
    file: 'core/usesLspDocument.ts',
    source: "import { TextDocument } from 'vscode-languageserver-textdocument';",
    rule: 'core-imports-vscode-or-lsp',
    to: 'vscode-languageserver-textdocument/',
  },
  {
    file: 'core/usesLspClient.ts',
    source: "import { LanguageClient } from 'vscode-languageclient/node';",
    rule: 'core-imports-vscode-or-lsp',
    to: 'vscode-languageclient/',
  },
  {
    file: 'core/usesJsonRpc.ts',
    source: "import { createMessageConnection } from 'vscode-jsonrpc';",
    rule: 'core-imports-vscode-or-lsp',
    to: 'vscode-jsonrpc/',
  },
  // core: no Node built-in, with or without the node: prefix, none excepted.
  { file: 'core/usesFs.ts', source: "import * as fs from 'node:fs';", rule: 'core-imports-a-node-builtin', to: 'fs' },
  { file: 'core/usesPath.ts', source: "import * as p from 'path';", rule: 'core-imports-a-node-builtin', to: 'path' },
  { file: 'core/runcard/hashes.ts', source: "import { createHash } from 'node:crypto';", rule: 'core-imports-a-node-builtin', to: 'crypto' },
  { file: 'core/usesZlib.ts', source: "import * as zlib from 'zlib';", rule: 'core-imports-a-node-builtin', to: 'zlib' },
  { file: 'core/usesWorkers.ts', source: "import { Worker } from 'node:worker_threads';", rule: 'core-imports-a-node-builtin', to: 'worker_threads' },
  // The runner: core only.
  { file: 'runner/importsCli.ts', source: "import { main } from '../cli/main';", rule: 'runner-imports-beyond-core', to: 'cli/main.ts' },
  { file: 'runner/importsServer.ts', source: "import { serve } from '../server/serve';", rule: 'runner-imports-beyond-core', to: 'server/serve.ts' },
  // The CLI: core and the runner.
  { file: 'cli/importsServer.ts', source: "import { serve } from '../server/serve';", rule: 'cli-imports-beyond-core-and-runner', to: 'server/serve.ts' },
  {
    file: 'cli/importsClient.ts',
    source: "import { activate } from '../client/activate';",
    rule: 'cli-imports-beyond-core-and-runner',
    to: 'client/activate.ts',
  },
  // The server: core and the protocol.
  { file: 'server/importsRunner.ts', source: "import { executeRun } from '../runner/execute';", rule: 'server-imports-beyond-core', to: 'runner/execute.ts' },
  { file: 'server/importsClient.ts', source: "import { activate } from '../client/activate';", rule: 'server-imports-beyond-core', to: 'client/activate.ts' },
  // The client: the runner through lazyRunner.ts, as types, or keys.ts; the server only for its node flags.
  { file: 'client/run/eager.ts', source: "import { executeRun } from '../../runner/execute';", rule: 'client-imports-the-runner', to: 'runner/execute.ts' },
  { file: 'client/importsServer.ts', source: "import { serve } from '../server/serve';", rule: 'client-imports-the-server', to: 'server/serve.ts' },
  { file: 'client/importsCli.ts', source: "import { main } from '../cli/main';", rule: 'client-imports-the-server', to: 'cli/main.ts' },
  // The protocol: core's types only.
  { file: 'protocol/importsServer.ts', source: "import { serve } from '../server/serve';", rule: 'protocol-imports-ours', to: 'server/serve.ts' },
  { file: 'protocol/importsCoreCode.ts', source: "import { pure } from '../core/pure';", rule: 'protocol-imports-core-code', to: 'core/pure.ts' },
  // A webview page: core at most; the protocol as types.
  { file: 'webview/importsClient.ts', source: "import { activate } from '../client/activate';", rule: 'webview-imports-an-adapter', to: 'client/activate.ts' },
  {
    file: 'webview/importsProtocolCode.ts',
    source: "import { requests } from '../protocol/ewebench';",
    rule: 'webview-imports-protocol-code',
    to: 'protocol/ewebench.ts',
  },
  // core: every folder and top-level file stands on a floor (scripts/core-floors.cjs; the floors' own rules are
  // proven pair by pair in the test below). The plants above are core files of no floor too: that rule is not
  // counted against them.
  { file: 'core/unplaced/room.ts', source: "import { pure } from '../pure';", rule: 'core-room-without-a-floor', to: 'core/pure.ts' },
  // A cycle.
  { file: 'server/a.ts', source: "import { b } from './b';", rule: 'no-cycles', to: 'server/b.ts' },
  { file: 'server/b.ts', source: "import { a } from './a';" },

  // Allowed: tests import anything; the client's lazy runner, runner types, keys.ts and node flags; the protocol's
  // and a webview's type imports; core's npm packages; the runner's Node.
  { file: 'core/pure.test.ts', source: "import * as fs from 'node:fs';\nimport * as vscode from 'vscode';\nimport { executeRun } from '../runner/execute';" },
  { file: 'core/usesJsonc.ts', source: "import { parseTree } from 'jsonc-parser';" },
  { file: 'client/run/lazyRunner.ts', source: "export { executeRun } from '../../runner/execute';" },
  { file: 'client/run/typesOnly.ts', source: "import type { RunResult } from '../../runner/execute';\nimport { resolveApiKey } from '../../runner/keys';" },
  { file: 'client/flags.ts', source: "import { flags } from '../server/nodeFlags';\nimport * as vscode from 'vscode';" },
  { file: 'protocol/typesOnly.ts', source: "import type { Pure } from '../core/pure';" },
  { file: 'webview/typesOnly.ts', source: "import type { Request } from '../protocol/ewebench';\nimport { pure } from '../core/pure';" },
  { file: 'runner/usesNode.ts', source: "import * as fs from 'node:fs';\nimport { pure } from '../core/pure';" },
];

/** The modules the plants import, each exporting what they name. */
const TARGETS: Record<string, string> = {
  'tsconfig.json': JSON.stringify({ compilerOptions: { module: 'node16', moduleResolution: 'node16', strict: true } }),
  'core/pure.ts': 'export const pure = 1;\nexport type Pure = number;\n',
  'runner/execute.ts': 'export const executeRun = () => 1;\nexport type RunResult = number;\n',
  'runner/keys.ts': "export const resolveApiKey = () => '';\n",
  'server/serve.ts': 'export const serve = 1;\n',
  'server/nodeFlags.ts': 'export const flags = [];\n',
  'client/activate.ts': 'export const activate = 1;\n',
  'cli/main.ts': 'export const main = 1;\n',
  'protocol/ewebench.ts': 'export const requests = 1;\nexport type Request = number;\n',
  'webview/page.ts': 'export const page = 1;\n',
};

interface Violation {
  rule: string;
  from: string;
  to: string;
}

/** Cruises a planted tree (file path → text) with our config and our node_modules, over the folders named. */
function cruiseTree(files: Record<string, string>, folders = ['core', 'runner', 'client', 'server', 'cli', 'protocol', 'webview']): Violation[] {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ewb-layers-'));
  try {
    for (const [file, text] of Object.entries(files)) {
      fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
      fs.writeFileSync(path.join(dir, file), text);
    }
    // Our node_modules, so that packages resolve as they do in the repository (vscode → @types/vscode).
    fs.symlinkSync(fromRepo('node_modules'), path.join(dir, 'node_modules'), 'dir');
    const bin = fromRepo('node_modules', 'dependency-cruiser', 'bin', 'dependency-cruise.mjs');
    const result = spawnSync(process.execPath, [bin, '--config', fromRepo('.dependency-cruiser.cjs'), '--output-type', 'json', ...folders], {
      cwd: dir,
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    });
    const report = JSON.parse(result.stdout) as { summary: { violations: { rule: { name: string }; from: string; to: string }[] } };
    return report.summary.violations.map((v) => ({ rule: v.rule.name, from: v.from, to: v.to }));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

function cruise(): Violation[] {
  const files: Record<string, string> = { ...TARGETS };
  for (const plant of PLANTS) files[plant.file] = `${plant.source}\nexport const planted = 1;\n`;
  return cruiseTree(files);
}

/** Where a planted core file stands is its own rule, proven by its own row: not counted against other rows. */
const UNPLACED = 'core-room-without-a-floor';

const shown = (violations: readonly Violation[]): string => violations.map((v) => `${v.rule}: ${v.from} → ${v.to}`).join('\n') || '(none)';

test('the layer check fails each planted import on its rule, and allowed imports on none', async (t) => {
  const violations = cruise();
  for (const plant of PLANTS) {
    await t.test(`${plant.file}: ${plant.source.split('\n')[0]} ${plant.rule ? `fails ${plant.rule}` : 'passes'}`, () => {
      const own = violations.filter(
        (v) => v.from === plant.file && (plant.rule !== 'no-cycles' || v.rule === 'no-cycles') && (plant.rule === UNPLACED || v.rule !== UNPLACED),
      );
      if (!plant.rule) {
        assert.deepEqual(
          own.filter((v) => v.rule !== 'no-cycles'),
          [],
          `an allowed import was reported:\n${shown(own)}`,
        );
        return;
      }
      const to = plant.to ?? '';
      assert.ok(
        own.some((v) => v.rule === plant.rule && v.to.includes(to)),
        `${plant.file} → ${to} not reported as ${plant.rule}; reported:\n${shown(violations)}`,
      );
      assert.deepEqual(
        own.filter((v) => v.rule !== plant.rule),
        [],
        'and on no other rule',
      );
    });
  }
});

test('every layer rule of the config is proven by a planted import', () => {
  const names = [...fs.readFileSync(fromRepo('.dependency-cruiser.cjs'), 'utf8').matchAll(/^\s+name: '([^']+)',$/gm)].map((m) => m[1]);
  assert.ok(names.length >= 13, `rules read from the config: ${names.join(', ')}`);
  const proven = new Set(PLANTS.map((p) => p.rule));
  assert.deepEqual(
    names.filter((name) => !proven.has(name)),
    [],
    'a rule with no planted import in PLANTS',
  );
});

/** The floors inside core, as the layer check reads them. */
// eslint-disable-next-line @typescript-eslint/no-require-imports
const CORE_FLOORS = require(fromRepo('scripts', 'core-floors.cjs')) as string[][];

/** A room's module in a planted tree: its one file, or a file inside its folder. */
const moduleOf = (room: string): string => (room.endsWith('.ts') ? `core/${room}` : `core/${room}/m.ts`);

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
  const violations = cruiseTree(files, ['core'])
    .map((v) => `${v.rule}: ${v.from} → ${v.to}`)
    .filter((v) => !v.startsWith('no-cycles'))
    .sort();
  assert.deepEqual(violations, expected.sort());
  assert.ok(expected.length > rooms.length * 4, `every room plants imports up (${expected.length} expected violations)`);
});

test('every folder and top-level file of core stands on a floor', () => {
  const placed = new Set(CORE_FLOORS.flat());
  const rooms = fs
    .readdirSync(fromRepo('core'), { withFileTypes: true })
    .filter((d) => d.isDirectory() || (d.name.endsWith('.ts') && !d.name.endsWith('.test.ts')))
    .map((d) => d.name);
  assert.deepEqual(
    rooms.filter((room) => !placed.has(room)),
    [],
    'core rooms missing from scripts/core-floors.cjs',
  );
  assert.deepEqual(
    [...placed].filter((room) => !rooms.includes(room)),
    [],
    'floors naming a room core does not have',
  );
});
