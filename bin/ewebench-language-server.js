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

// The server runs with the V8 flags every launcher gives it (server/nodeFlags.ts says why). An editor starts this
// script with a plain `node`, so the flags are added by starting the server once more with them, on the same
// stdio; with --node-ipc the channel belongs to this process, so the server runs here without them.
const flags = require('../server/nodeFlags.json');
const server = require.resolve('../dist/server.js');
if (flags.every((flag) => process.execArgv.includes(flag)) || process.argv.includes('--node-ipc')) {
  require(server);
} else {
  const { spawn } = require('node:child_process');
  const child = spawn(process.execPath, [...process.execArgv, ...flags, server, ...process.argv.slice(2)], { stdio: 'inherit' });
  const forward = (signal) => child.kill(signal);
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, forward);
  child.on('error', (error) => {
    process.stderr.write(`ewebench-language-server: ${error.message}\n`);
    process.exit(1);
  });
  // End as the server ended: with its exit code, or by the same signal.
  child.on('exit', (code, signal) => {
    if (signal) {
      for (const s of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.removeListener(s, forward);
      process.kill(process.pid, signal);
    } else process.exit(code ?? 0);
  });
}
