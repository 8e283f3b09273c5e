import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { RunPlatform } from './platform';

/** Runs in desktop VS Code: the local disk, the response cache in the extension's storage, keys from the environment too. */
export function nodeRunPlatform(context: vscode.ExtensionContext): RunPlatform & { cacheDir: string } {
  const cacheDir = path.join(context.globalStorageUri.fsPath, 'responses');
  // Required as the sibling bundles (dist/lazyRunner.js, dist/lazyNodeRunner.js) on the first run.
  const node = () => import('./lazyNodeRunner.js');
  return {
    cacheDir,
    runner: () => import('./lazyRunner.js'),
    storage: async () => (await node()).nodeRunStorage,
    cache: async () => new (await node()).ResponseCache(cacheDir),
    async clearCache() {
      await fs.promises.rm(cacheDir, { recursive: true, force: true });
      return true;
    },
    location: (uri) => uri.fsPath,
    uriOf: (file) => vscode.Uri.file(file),
    env: process.env,
  };
}
