import type * as vscode from 'vscode';
import type { ResponseCache } from '../../runner/cache';
import type { BrowserFetch } from '../../runner/provider';
import type { RunStorage } from '../../runner/run/storage';
import type * as LazyRunner from './lazyRunner';

/** dist/lazyRunner.js: the run and the provider, free of Node, loaded on the first run by both builds. */
export type RunnerModule = typeof LazyRunner;

/**
 * What runs need from the build they run in. The desktop (`nodePlatform.ts`) gives the local disk (a lock file,
 * the journal, atomic writes), the response cache and the environment's keys; the browser (`webPlatform.ts`) gives
 * `workspace.fs` (each file written whole once, no journal), no cache, no environment, and its own `fetch`.
 */
export interface RunPlatform {
  runner(): Promise<RunnerModule>;
  storage(): Promise<RunStorage>;
  /** The response cache, or undefined where there is none (the browser). */
  cache(): Promise<ResponseCache | undefined>;
  /** Empties the response cache; false where there is none. */
  clearCache(): Promise<boolean>;
  /** A file or folder as the runner names it (a path on the desktop, a URI in the browser), and back. */
  location(uri: vscode.Uri): string;
  uriOf(location: string): vscode.Uri;
  /** Where keys named by environment variables are read (empty in the browser). */
  readonly env: Readonly<Record<string, string | undefined>>;
  /** Set in the browser: requests go through its fetch, and a refusal of another origin is reported as CORS. */
  readonly browser?: BrowserFetch;
}
