// Bundles the entry points (extension client, its lazily loaded runner, language server, CLI) with esbuild,
// minified; `scripts/bundle-sizes.mjs` then holds each bundle to its size budget.
//   --probes          keeps the test probes (EWEBENCH_PROBES: the corpus table's figures and send command): the build
//                     scripts/e2e/run.mjs installs; never packaged
//   --outdir DIR      writes the bundles there instead of dist/ (test/probes.test.ts builds the packaged bundles aside)
//   --only a.js,b.js  builds only the bundles named (by their file name)
import * as esbuild from 'esbuild';
import * as path from 'node:path';

const args = process.argv.slice(2);
const option = (name) => {
  const at = args.indexOf(name);
  return at >= 0 ? args[at + 1] : undefined;
};
const probes = args.includes('--probes');
const outdir = option('--outdir') ?? 'dist';
const only = option('--only')?.split(',');

/** One bundle, unless --only leaves it out; written into --outdir. */
function build(options) {
  const name = path.basename(options.outfile);
  if (only && !only.includes(name)) return Promise.resolve();
  return esbuild.build({ ...options, outfile: path.join(outdir, name) });
}

// The canonical pass's fast path (core/python/canonicalWasm.ts and its WebAssembly module) goes into the CLI only:
// in the extension's bundles it is a function that always declines, and their seal checks (one card at a time as it
// is edited, a board in the editor) take the TypeScript pass; the module and its glue in five bundles of the .vsix
// would not fit #23's 1.5 MB.
const withoutWasm = {
  name: 'without-wasm',
  setup(b) {
    b.onResolve({ filter: /\/canonicalWasm$/ }, () => ({ path: 'canonicalWasm', namespace: 'without-wasm' }));
    b.onLoad({ filter: /.*/, namespace: 'without-wasm' }, () => ({ contents: 'export const canonicalFast = () => undefined;', loader: 'ts' }));
  },
};

const common = {
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'cjs',
  plugins: [withoutWasm],
  // Minified (the extension loads and parses less at activation and on each server start); source maps beside each
  // bundle, never packaged (.vscodeignore), read its stack traces. Names are not kept (no code reads a function's or
  // a class's name): the .vsix carries both builds within 1.5 MB, and the CLI starts sooner (a leaderboard of
  // thousands of cards is timed from the process's start).
  minify: true,
  keepNames: false,
  sourcemap: true,
  logLevel: 'warning',
  // jsonc-parser's UMD build loads its parts with a dynamic require that a bundle cannot follow; its ESM build bundles.
  mainFields: ['module', 'main'],
  // The test probes exist only in the build that asks for them: false elsewhere, and their code is dropped.
  define: { EWEBENCH_PROBES: probes ? 'true' : 'false' },
};

// The client loads the runner (and the OpenAI SDK inside it) only when a run starts: it stays a separate bundle,
// required from dist/client.js as ./lazyRunner.js, so activation does not parse it.
const lazyRunner = {
  name: 'lazy-runner',
  setup(b) {
    // Written as a path to the source (`./corpus/lazySpreadsheet.js`), required as the sibling bundle (`./lazySpreadsheet.js`).
    b.onResolve({ filter: /(^|\/)lazy\w+\.js$/ }, (args) => ({ path: `./${args.path.split('/').pop()}`, external: true }));
  },
};

const browser = { platform: 'browser', target: 'es2022', mainFields: ['browser', 'module', 'main'], supported: { 'dynamic-import': false } };

await Promise.all([
  build({
    ...common,
    entryPoints: ['client/extension.ts'],
    outfile: 'dist/client.js',
    external: ['vscode'],
    plugins: [lazyRunner, withoutWasm],
    // A dynamic import() becomes a plain require() of the sibling bundle, which VS Code's extension host resolves.
    supported: { 'dynamic-import': false },
  }),
  // The run and the OpenAI SDK, for both builds: platform browser, so a Node built-in reached from it fails the build.
  build({ ...common, ...browser, format: 'cjs', entryPoints: ['client/run/lazyRunner.ts'], outfile: 'dist/lazyRunner.js' }),
  // What desktop runs add: the local disk's storage (lock file, journal, atomic writes) and the response cache.
  build({ ...common, entryPoints: ['client/run/lazyNodeRunner.ts'], outfile: 'dist/lazyNodeRunner.js' }),
  // Spreadsheet import/export (the validator and papaparse): loaded on the first use of its commands.
  build({ ...common, entryPoints: ['client/corpus/lazySpreadsheet.ts'], outfile: 'dist/lazySpreadsheet.js', external: ['vscode'] }),
  // The corpus table's model (cell rules, schema lookup): loaded when a table first opens.
  build({ ...common, entryPoints: ['client/corpusTable/lazyTable.ts'], outfile: 'dist/lazyTable.js', external: ['vscode'] }),
  // The board views' model (leaderboard, hash checks, intervals): loaded when a board view first opens.
  build({ ...common, entryPoints: ['client/boards/lazyBoards.ts'], outfile: 'dist/lazyBoards.js', external: ['vscode'] }),
  build({ ...common, entryPoints: ['server/nodeMain.ts'], outfile: 'dist/server.js' }),
  build({ ...common, plugins: [], entryPoints: ['cli/bin.ts'], outfile: 'dist/cli.js' }),
  // The corpus table's page runs in a webview (a browser): its own bundle, with no Node built-in to reach.
  build({ ...common, platform: 'browser', target: 'es2022', format: 'iife', entryPoints: ['webview/corpusTable/main.ts'], outfile: 'dist/corpusTable.js' }),
  // The browser entry (package.json `browser`, VS Code for the Web): the client in the web worker extension host and
  // the language server in a web worker of its own. Platform `browser`: a Node built-in reached from either fails
  // the build (no polyfill). The lazily loaded bundles are the desktop's own files, loaded by the browser entry.
  build({
    ...common,
    ...browser,
    format: 'cjs',
    entryPoints: ['client/browserExtension.ts'],
    outfile: 'dist/browserClient.js',
    external: ['vscode'],
    plugins: [lazyRunner, withoutWasm],
  }),
  build({ ...common, ...browser, format: 'iife', entryPoints: ['server/browserMain.ts'], outfile: 'dist/browserServer.js' }),
  // The coverage preview's page runs in a webview (a browser): its own bundle, with no Node built-in to reach.
  build({ ...common, platform: 'browser', target: 'es2022', format: 'iife', entryPoints: ['webview/coverage/main.ts'], outfile: 'dist/coverageView.js' }),
  // The review page runs in a webview (a browser): its own bundle, with no Node built-in to reach.
  build({ ...common, platform: 'browser', target: 'es2022', format: 'iife', entryPoints: ['webview/review/main.ts'], outfile: 'dist/reviewView.js' }),
  // The review packet's page script: inlined by `review packet` (and its command) into one HTML file opened from disk.
  build({
    ...common,
    platform: 'browser',
    target: 'es2020',
    format: 'iife',
    sourcemap: false,
    entryPoints: ['webview/packet/main.ts'],
    outfile: 'dist/reviewPacket.js',
  }),
  // The board views' page (leaderboard and the other ranked tables) runs in a webview: its own browser bundle.
  build({ ...common, platform: 'browser', target: 'es2022', format: 'iife', entryPoints: ['webview/boards/main.ts'], outfile: 'dist/boardsView.js' }),
]);
