import * as vscode from 'vscode';
import { runMessage } from '../../core/i18n/runMessages';
import type { RunStorage } from '../../runner/run/storage';
import type { RunnerModule, RunPlatform } from './platform';

/** The browser globals used here (the project compiles against Node's types, which have no DOM). */
interface WebGlobals {
  fetch: typeof fetch;
  location?: { origin?: string };
  crypto: { getRandomValues(bytes: Uint8Array): Uint8Array };
}

/** Output folders a run of this window is writing (the browser has no lock file: one extension host, one set). */
const writing = new Set<string>();

/**
 * Where a run writes in VS Code for the Web: through `workspace.fs` (any scheme: `vscode-vfs:` on github.dev),
 * each results file and run card written whole, once, at the end of the run. No journal (a run there does not
 * resume) and no cross-process lock: the folder is claimed within this extension host only.
 */
export const webRunStorage: RunStorage = {
  lock(outDir) {
    if (writing.has(outDir)) throw new Error(vscode.l10n.t('Another run in this window is writing to {0}: wait for it to end.', outDir));
    writing.add(outDir);
    return () => writing.delete(outDir);
  },
  join: (dir, name) => vscode.Uri.joinPath(vscode.Uri.parse(dir), name).toString(),
  async writeFile(file, text, inputs) {
    const uri = vscode.Uri.parse(file);
    const input = inputs?.find((i) => vscode.Uri.parse(i).toString() === uri.toString());
    // The runner's English sentence, shown in the user's language like every run error (client/run/l10n.ts).
    if (input) throw new Error(runMessage('en', 'writeOverInput', { file, input }));
    try {
      await vscode.workspace.fs.createDirectory(vscode.Uri.joinPath(uri, '..'));
      await vscode.workspace.fs.writeFile(uri, new TextEncoder().encode(text));
    } catch (error) {
      throw new Error(vscode.l10n.t('Cannot write {0}: {1}', file, error instanceof Error ? error.message : String(error)), { cause: error });
    }
  },
  randomHex(count) {
    const bytes = (globalThis as unknown as WebGlobals).crypto.getRandomValues(new Uint8Array(count));
    return [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
  },
};

/**
 * Runs in VS Code for the Web: the runner loaded like the desktop's lazy bundles (`load`), requests through the
 * browser's fetch (the endpoint must allow CORS), keys from SecretStorage only, no response cache.
 */
export function webRunPlatform(load: <T>(name: string) => Promise<T>): RunPlatform {
  const web = globalThis as unknown as WebGlobals;
  return {
    runner: () => load<RunnerModule>('lazyRunner.js'),
    storage: () => Promise.resolve(webRunStorage),
    cache: () => Promise.resolve(undefined),
    clearCache: () => Promise.resolve(false),
    location: (uri) => uri.toString(),
    uriOf: (location) => vscode.Uri.parse(location),
    env: {},
    browser: { fetch: (input, init) => web.fetch(input, init), pageOrigin: web.location?.origin },
  };
}
