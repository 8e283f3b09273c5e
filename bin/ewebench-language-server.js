#!/usr/bin/env node
'use strict';
// Starts the ÈwéBench language server for any LSP client (Neovim, Helix, Emacs, Zed…). The server speaks LSP over
// stdio unless the client names another transport, so editors can launch it with no arguments.
const TRANSPORTS = ['--stdio', '--node-ipc', '--socket', '--pipe'];
const args = process.argv.slice(2);
if (args.includes('--help') || args.includes('-h')) {
  process.stdout.write(
    'Usage: ewebench-language-server [--stdio | --node-ipc | --socket=PORT | --pipe=NAME]\n' +
      'Starts the ÈwéBench Studio language server (LSP over stdio by default).\n',
  );
  process.exit(0);
}
if (args.includes('--version')) {
  process.stdout.write(`${require('../package.json').version}\n`);
  process.exit(0);
}
if (!args.some((arg) => TRANSPORTS.some((t) => arg === t || arg.startsWith(`${t}=`)))) process.argv.push('--stdio');
require('../dist/server.js');
