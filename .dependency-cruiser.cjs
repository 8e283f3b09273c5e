/**
 * The layer rules of ARCHITECTURE.md, checked by dependency-cruiser in `npm run lint:layers` (part of `pretest`,
 * so `npm test` and CI run it). Only source files count: tests (`*.test.ts`, `test/`) may import anything.
 *
 *   core    imports no runner, server, client, cli, protocol or webview; no `vscode` (which resolves to
 *           `node_modules/@types/vscode`), no LSP package, not even as types; no Node built-in at all (core runs in
 *           the browser build's web worker too; hashing is its own pure code, core/hash/sha.ts).
 *   runner  imports core only (plus npm packages and Node).
 *   cli     imports core and runner.
 *   server  imports core and the protocol.
 *   client  imports core and the protocol; the runner only through lazyRunner.ts / lazyNodeRunner.ts (bundled apart, loaded on the first run), as
 *           types, or runner/keys.ts (which imports core only); the server only for its node flags.
 *   protocol (the client–server requests, `protocol/`) imports core's types only.
 *   webview (page scripts bundled for the browser) imports core at most.
 *   And no import cycles.
 */

const NOT_TESTS = ['\\.test\\.ts$', '^test/'];
const SOURCE = (folder) => ({ path: `^${folder}/`, pathNot: NOT_TESTS });

// The floors inside core (scripts/core-floors.cjs): a room imports only rooms on the floors below its own.
const CORE_FLOORS = require('./scripts/core-floors.cjs');
const escapeRe = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const roomPath = (room) => (room.endsWith('.ts') ? `^core/${escapeRe(room)}$` : `^core/${escapeRe(room)}/`);
const coreFloorRules = CORE_FLOORS.flatMap((floor, level) =>
  floor.flatMap((room) => {
    const above = CORE_FLOORS.slice(level)
      .flat()
      .filter((r) => r !== room);
    if (above.length === 0) return [];
    return [
      {
        name: `core-${room.replace(/\.ts$/, '')}-imports-its-floor-or-above`,
        comment: `core/${room} is on floor ${level + 1}: it imports only rooms on the floors below it.`,
        severity: 'error',
        from: { path: roomPath(room), pathNot: NOT_TESTS },
        to: { path: above.map(roomPath) },
      },
    ];
  }),
);
const placedRooms = CORE_FLOORS.flat().map(roomPath);

module.exports = {
  forbidden: [
    {
      name: 'core-imports-an-adapter',
      comment: 'core is pure: it imports no runner, server, client, cli, protocol or webview.',
      severity: 'error',
      from: SOURCE('core'),
      to: { path: '^(runner|server|client|cli|protocol|webview)/' },
    },
    {
      name: 'core-imports-vscode-or-lsp',
      comment: 'core imports neither vscode nor LSP types; the adapters translate.',
      severity: 'error',
      from: SOURCE('core'),
      // `vscode` has no code, only types: it resolves to node_modules/@types/vscode (or stays `vscode` unresolved).
      to: { path: '(^|node_modules/)(@types/)?(vscode|vscode-languageserver[^/]*|vscode-languageclient|vscode-jsonrpc)($|/)' },
    },
    {
      name: 'core-imports-a-node-builtin',
      comment: 'core runs in a browser too: no Node built-in, without exception.',
      severity: 'error',
      from: SOURCE('core'),
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'runner-imports-beyond-core',
      comment: 'The runner imports core only (plus npm packages and Node).',
      severity: 'error',
      from: SOURCE('runner'),
      to: { path: '^(server|client|cli|protocol)/' },
    },
    {
      name: 'cli-imports-beyond-core-and-runner',
      comment: 'The CLI imports core and the runner.',
      severity: 'error',
      from: SOURCE('cli'),
      to: { path: '^(server|client|protocol)/' },
    },
    {
      name: 'server-imports-beyond-core',
      comment: 'The language server imports core (and the shared protocol).',
      severity: 'error',
      from: SOURCE('server'),
      to: { path: '^(runner|client|cli)/' },
    },
    {
      name: 'client-imports-the-runner',
      comment:
        'The client loads the runner on the first run through lazyRunner.ts (and lazyNodeRunner.ts on the desktop); elsewhere only its types, or runner/keys.ts.',
      severity: 'error',
      from: { path: '^client/', pathNot: [...NOT_TESTS, '^client/run/lazy(Node)?Runner\\.ts$'] },
      to: { path: '^runner/', pathNot: '^runner/keys\\.ts$', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'client-imports-the-server',
      comment: 'The client starts the server from its bundle: it shares only its node flags.',
      severity: 'error',
      from: SOURCE('client'),
      to: { path: '^(server|cli)/', pathNot: '^server/nodeFlags\\.(ts|json)$' },
    },
    {
      name: 'protocol-imports-ours',
      comment: 'The protocol module is shared by client and server and depends on neither.',
      severity: 'error',
      from: SOURCE('protocol'),
      to: { path: '^(runner|server|client|cli)/' },
    },
    {
      name: 'protocol-imports-core-code',
      comment: 'The protocol names core types in its payloads, and imports no core code.',
      severity: 'error',
      from: SOURCE('protocol'),
      to: { path: '^core/', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'webview-imports-an-adapter',
      comment: 'A webview page runs in a browser: it may use core, never the runner, server, client or cli.',
      severity: 'error',
      from: SOURCE('webview'),
      to: { path: '^(runner|server|client|cli)/' },
    },
    {
      name: 'webview-imports-protocol-code',
      comment: 'A webview page reads the messages it exchanges with its host from protocol/, as types only.',
      severity: 'error',
      from: SOURCE('webview'),
      to: { path: '^protocol/', dependencyTypesNot: ['type-only'] },
    },
    ...coreFloorRules,
    {
      name: 'core-room-without-a-floor',
      comment: 'Every folder and top-level file of core stands on one of CORE_FLOORS: place a new one there.',
      severity: 'error',
      from: { path: '^core/', pathNot: [...NOT_TESTS, ...placedRooms, '^core/[^/]+\\.json$'] },
      to: {},
    },
    {
      name: 'no-cycles',
      comment: 'No import cycles.',
      severity: 'error',
      from: { pathNot: NOT_TESTS },
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(out|dist|node_modules|\\.e2e)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    detectJSDocImports: false,
    combinedDependencies: false,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.js', '.json', '.d.ts'],
    },
  },
};
