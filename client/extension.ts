import { createHash } from 'node:crypto';
import * as path from 'node:path';
import type * as vscode from 'vscode';
import { LanguageClient, TransportKind, type ServerOptions } from 'vscode-languageclient/node';
import { activateWith, deactivateClient, type ExtensionApi } from './activate';
import { registerRunFeatures } from './run';
import { registerBenchmarkCommands } from './run/benchmarkCommand';
import { nodeRunPlatform } from './run/nodePlatform';
import { SERVER_NODE_FLAGS } from '../server/nodeFlags';
import { SUITE_ITEM_FILE_GLOB } from '../core/workspace/files';
import { useSha256Provider } from '../core/hash/sha';

export type { ActivationTimes, ExtensionApi } from './activate';

/** The desktop entry (`main`, dist/client.js): the language server is a Node process over stdio, and runs are here. */
export function activate(context: vscode.ExtensionContext): Promise<ExtensionApi> {
  // Node's native SHA-256 for core's hashes (a card's seals in the review panel): same bytes as core's plain one.
  useSha256Provider((input) => createHash('sha256').update(input).digest());
  return activateWith(context, {
    documentSelector: [
      { scheme: 'file', language: 'json' },
      { scheme: 'untitled', language: 'json' },
      { scheme: 'file', language: 'jsonc' },
      // A `.json` file open in another language: core's isJsonDocument reads it, so the server must receive it.
      { scheme: 'file', pattern: '**/*.json' },
      // Task suites' item files: the server checks those a suite names (and no other).
      { scheme: 'file', pattern: SUITE_ITEM_FILE_GLOB },
    ],
    async createClient(name, options) {
      const serverModule = context.asAbsolutePath(path.join('dist', 'server.js'));
      const serverOptions: ServerOptions = {
        run: { module: serverModule, transport: TransportKind.stdio, options: { execArgv: [...SERVER_NODE_FLAGS] } },
        debug: { module: serverModule, transport: TransportKind.stdio, options: { execArgv: [...SERVER_NODE_FLAGS, '--nolazy', '--inspect=6011'] } },
      };
      return new LanguageClient('ewebench', name, serverOptions, options);
    },
    register: (context, documents) => {
      const platform = nodeRunPlatform(context);
      const { models, logger } = registerRunFeatures(context, platform, documents);
      // Desktop only: the matrix's cell loop reads and writes the disk (the browser build says so when asked).
      registerBenchmarkCommands(context, { models, logger, cacheDir: platform.cacheDir });
    },
  });
}

export function deactivate(): Promise<void> {
  return deactivateClient();
}
