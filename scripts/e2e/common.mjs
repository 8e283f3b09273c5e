// Pieces shared by the two ways of running the end-to-end suite (run.mjs with code-server, test-electron.mjs):
// compiling the suite and laying out the workspace folder VS Code opens.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const suiteDir = path.join(root, 'test', 'e2e', 'suite');

/** Every *.e2e.ts must be imported by index.ts, or its tests would silently never run. */
export function unlistedSuiteFiles() {
  const index = fs.readFileSync(path.join(suiteDir, 'index.ts'), 'utf8');
  return fs
    .readdirSync(suiteDir)
    .filter((name) => name.endsWith('.e2e.ts'))
    .filter((name) => !index.includes(`'./${name.replace(/\.ts$/, '')}'`));
}

/** Bundles test/e2e/suite into one CommonJS file; `vscode` is provided by the extension host. */
export async function compileSuite(outfile) {
  await build({
    entryPoints: [path.join(suiteDir, 'index.ts')],
    outfile,
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'cjs',
    external: ['vscode'],
    sourcemap: 'inline',
    logLevel: 'warning',
  });
  return outfile;
}

/**
 * Fills `dir` with the workspace the suite expects: test/e2e/workspace (the suite's own files, ids prefixed
 * e2e_ so they never collide with a fixture's) and, under fixtures/, the top-level invalid ÈwéBench fixtures,
 * which the suite compares with their .expected.json. Only that folder's files go in, as the CLI fixture test
 * validates them together: cross-file duplicate ids are the same in both places.
 */
export function buildWorkspace(dir) {
  fs.cpSync(path.join(root, 'test', 'e2e', 'workspace'), dir, { recursive: true });
  const fixtures = path.join(root, 'test-fixtures', 'ewebench', 'invalid');
  fs.mkdirSync(path.join(dir, 'fixtures'), { recursive: true });
  for (const entry of fs.readdirSync(fixtures, { withFileTypes: true })) {
    if (entry.isFile() && entry.name.endsWith('.json') && !entry.name.endsWith('.expected.json')) {
      fs.copyFileSync(path.join(fixtures, entry.name), path.join(dir, 'fixtures', entry.name));
    }
  }
  return dir;
}

/**
 * Starts the fake model of test/e2e/fakeModel.ts (the local OpenAI-compatible server on 127.0.0.1) from a Node
 * script: the TypeScript is bundled once into `outDir` and required.
 */
/** `options.cors`: the server answers as an endpoint open to browsers (the browser host's runs). */
export async function startFakeModel(outDir, options = {}) {
  const outfile = path.join(outDir, 'fake-model.cjs');
  await build({
    entryPoints: [path.join(root, 'test', 'e2e', 'fakeModel.ts')],
    outfile,
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'cjs',
    logLevel: 'warning',
  });
  const { createRequire } = await import('node:module');
  const fake = createRequire(import.meta.url)(outfile);
  const server = await fake.startE2eModel(options);
  return {
    server,
    settings: { 'ewebench.models': fake.e2eModelSetting(server.baseUrl), 'ewebench.currentModel': 'Fake Ewe model' },
    keyEnv: { [fake.E2E_KEY_ENV]: fake.E2E_KEY },
    key: fake.E2E_KEY,
    model: fake.E2E_MODEL,
    // The user lets the stand-in key go to the local server (a user setting: a workspace cannot grant this).
    userSettings: { 'ewebench.run.keyOrigins': { [fake.E2E_KEY_ENV]: [new URL(server.baseUrl).origin] } },
  };
}

/**
 * Writes bench_e2e.json into the workspace: a benchmark of the two fake models (the second knows nothing) at one
 * temperature on corpus.json, sent to the fake server with the stand-in key's variable. Its port is known only
 * once the server runs, so the file is written then. Returns its name.
 */
export function writeBenchmarkFile(workspace, fake) {
  const [keyEnv] = Object.keys(fake.keyEnv);
  const base = { base_url: fake.server.baseUrl, api_key_env: keyEnv, price: { input_per_million: 0.5, output_per_million: 1.5 } };
  const benchmark = {
    benchmark_version: 1,
    name: 'e2e matrix',
    axes: {
      models: [
        { ...base, model: 'fake-ewe-model' },
        { ...base, model: 'fake-ewe-model-b', price: { input_per_million: 0.1, output_per_million: 0.2 } },
      ],
      temperatures: [0],
    },
    targets: [{ corpus: 'corpus.json' }],
    batch_size: 1,
  };
  fs.writeFileSync(path.join(workspace, 'bench_e2e.json'), JSON.stringify(benchmark, null, 2));
  return 'bench_e2e.json';
}
