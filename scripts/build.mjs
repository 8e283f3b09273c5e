// Bundles the entry points (extension client, its lazily loaded runner, language server, CLI) with esbuild,
// minified; `scripts/bundle-sizes.mjs` then holds each bundle to its size budget.
import { build } from 'esbuild';

const common = {
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'cjs',
  // Minified (the extension loads and parses less at activation and on each server start), names kept so stack
  // traces and error names stay readable; source maps beside each bundle, never packaged (.vscodeignore).
  minify: true,
  keepNames: true,
  sourcemap: true,
  logLevel: 'warning',
  // jsonc-parser's UMD build loads its parts with a dynamic require that a bundle cannot follow; its ESM build bundles.
  mainFields: ['module', 'main'],
};

// The client loads the runner (and the OpenAI SDK inside it) only when a run starts: it stays a separate bundle,
// required from dist/client.js as ./lazyRunner.js, so activation does not parse it.
const lazyRunner = {
  name: 'lazy-runner',
  setup(b) {
    b.onResolve({ filter: /^\.\/lazy\w+\.js$/ }, (args) => ({ path: args.path, external: true }));
  },
};

await Promise.all([
  build({
    ...common,
    entryPoints: ['client/extension.ts'],
    outfile: 'dist/client.js',
    external: ['vscode'],
    plugins: [lazyRunner],
    // A dynamic import() becomes a plain require() of the sibling bundle, which VS Code's extension host resolves.
    supported: { 'dynamic-import': false },
  }),
  build({ ...common, entryPoints: ['client/run/lazyRunner.ts'], outfile: 'dist/lazyRunner.js' }),
  // Spreadsheet import/export (the validator and papaparse): loaded on the first use of its commands.
  build({ ...common, entryPoints: ['client/corpus/lazySpreadsheet.ts'], outfile: 'dist/lazySpreadsheet.js', external: ['vscode'] }),
  // The corpus table's model (cell rules, schema lookup): loaded when a table first opens.
  build({ ...common, entryPoints: ['client/corpusTable/lazyTable.ts'], outfile: 'dist/lazyTable.js', external: ['vscode'] }),
  build({ ...common, entryPoints: ['server/server.ts'], outfile: 'dist/server.js' }),
  build({ ...common, entryPoints: ['cli/bin.ts'], outfile: 'dist/cli.js' }),
  // The corpus table's page runs in a webview (a browser): its own bundle, with no Node built-in to reach.
  build({ ...common, platform: 'browser', target: 'es2022', format: 'iife', entryPoints: ['webview/corpusTable/main.ts'], outfile: 'dist/corpusTable.js' }),
  // The coverage preview's page runs in a webview (a browser): its own bundle, with no Node built-in to reach.
  build({ ...common, platform: 'browser', target: 'es2022', format: 'iife', entryPoints: ['webview/coverage/main.ts'], outfile: 'dist/coverageView.js' }),
  // The review page runs in a webview (a browser): its own bundle, with no Node built-in to reach.
  build({ ...common, platform: 'browser', target: 'es2022', format: 'iife', entryPoints: ['webview/review/main.ts'], outfile: 'dist/reviewView.js' }),
]);
