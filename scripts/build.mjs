// Bundles the three entry points (extension client, language server, CLI) with esbuild.
import { build } from 'esbuild';

const common = {
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'cjs',
  sourcemap: true,
  logLevel: 'warning',
  // jsonc-parser's UMD build loads its parts with a dynamic require that a bundle cannot follow; its ESM build bundles.
  mainFields: ['module', 'main'],
};

await Promise.all([
  build({ ...common, entryPoints: ['client/extension.ts'], outfile: 'dist/client.js', external: ['vscode'] }),
  build({ ...common, entryPoints: ['server/server.ts'], outfile: 'dist/server.js' }),
  build({ ...common, entryPoints: ['cli/bin.ts'], outfile: 'dist/cli.js' }),
]);
