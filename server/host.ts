import type { Connection, ConnectionOptions, Disposable } from 'vscode-languageserver';

/** What reading one file gave: its text, its size when over the bound (nothing more was read), or nothing: no such file. */
export type FileRead = { text: string } | { size: number } | undefined;

/**
 * The files of the workspace, as the language server sees them. On the desktop the server reads the disk itself
 * (`nodeHost.ts`); in a browser's web worker it asks the client, which finds and reads them through
 * `vscode.workspace.findFiles` / `workspace.fs`, so virtual file systems (github.dev, remotes) work (`browserHost.ts`).
 * Every URI is a workspace URI string as the client sends them.
 */
export interface WorkspaceFiles {
  /** The JSON files below a workspace folder that a walk reaches (core's skip list applied), as URIs; none for a folder it cannot walk. */
  walk(folderUri: string): AsyncIterable<string>;
  /** `uri`'s path below `folderUri` ('/'-separated, decoded), or undefined when it is not below it. */
  relative(folderUri: string, uri: string): string | undefined;
  /** How a file outside every workspace folder is named in messages (a local path on the desktop). */
  displayName(uri: string): string;
  /** A regular file's text when it has at most `maxBytes` bytes, else its size; undefined when there is no such file. Throws on other failures. */
  read(uri: string, maxBytes: number): Promise<FileRead>;
}

/** Everything the shared wiring (`server.ts`) needs from the world it runs in: Node with stdio, or a browser's web worker. */
export interface ServerHost {
  /** The connection to the client, with the wiring's options (its message strategy). */
  connect(options: ConnectionOptions): Connection;
  files: WorkspaceFiles;
  /** Runs `callback` on a later turn of the event loop, after the messages already waiting (Node's setImmediate). */
  nextTurn(callback: () => void): Disposable;
  /** Registers the last-resort handler of errors no guard caught. */
  onUncaught(report: (error: unknown) => void): void;
  /** A full garbage collection, where the runtime offers one (node's `--expose-gc`). */
  gc: (() => void) | undefined;
  /** The page the diagnostics' code links point into (docs/diagnostics.md), unless the client names one (`initializationOptions.readmeUri`, named when it was the README). */
  readmeUri: string | undefined;
}

let current: ServerHost | undefined;

/** Called once by an entry module (`nodeMain.ts`, `browserMain.ts`) before it loads the wiring. */
export function setServerHost(host: ServerHost): void {
  current = host;
}

export function serverHost(): ServerHost {
  if (!current) throw new Error('the language server was loaded without a host: start it through nodeMain.ts or browserMain.ts');
  return current;
}
