import * as vscode from 'vscode';
import { BrowserMessageReader, BrowserMessageWriter, LanguageClient } from 'vscode-languageclient/browser';
import { activateWith, deactivateClient, type ExtensionApi } from './activate';
import { setLazyModules } from './lazyModules';
import { registerRunFeatures } from './run';
import { webRunPlatform } from './run/webPlatform';
import { serveWorkspaceFiles } from './workspaceFiles';
import { SUITE_ITEM_FILE_GLOB } from '../core/workspace/files';

export type { ActivationTimes, ExtensionApi } from './activate';

/** A web worker, as the message reader and writer take it. */
type Worker = ConstructorParameters<typeof BrowserMessageReader>[0];

/** The browser globals used here (the project compiles against Node's types, which have no DOM). */
interface WebGlobals {
  Worker: new (url: string) => Worker;
  Blob: new (parts: Uint8Array[], options: { type: string }) => object;
  URL: { createObjectURL(blob: object): string };
}

/**
 * The browser entry (`browser`, dist/browserClient.js), for VS Code for the Web and any web worker extension host:
 * the language server runs in a web worker (dist/browserServer.js) and reads workspace files through this client.
 */
export function activate(context: vscode.ExtensionContext): Promise<ExtensionApi> {
  const load = bundleLoader(context);
  setLazyModules({ spreadsheet: () => load('lazySpreadsheet.js'), table: () => load('lazyTable.js'), boards: () => load('lazyBoards.js') });
  return activateWith(context, {
    // Any scheme: a browser's workspace is rarely `file:` (github.dev's `vscode-vfs:`, a remote's `vscode-remote:`).
    documentSelector: [{ language: 'json' }, { language: 'jsonc' }, { pattern: '**/*.json' }, { pattern: SUITE_ITEM_FILE_GLOB }],
    async createClient(name, options) {
      // The host refuses a worker from a `vscode-remote:` URL (an extension installed on a remote or code-server):
      // the script is read through workspace.fs and started from a blob URL, which works from any origin.
      const source = await vscode.workspace.fs.readFile(vscode.Uri.joinPath(context.extensionUri, 'dist', 'browserServer.js'));
      const web = globalThis as unknown as WebGlobals;
      const url = web.URL.createObjectURL(new web.Blob([source], { type: 'text/javascript' }));
      // A new worker on every start (a restart too). The transports are made here: the host's Worker is its own
      // wrapper, which the client's `instanceof Worker` test does not recognise.
      const transports = () => {
        const worker = new web.Worker(url);
        return Promise.resolve({ reader: new BrowserMessageReader(worker), writer: new BrowserMessageWriter(worker) });
      };
      return new LanguageClient('ewebench', name, transports, options);
    },
    // Runs through OpenAI-compatible endpoints that allow CORS, with the browser's fetch and workspace.fs.
    register: (context, documents) => registerRunFeatures(context, webRunPlatform(load), documents),
    connect(context, client) {
      context.subscriptions.push(serveWorkspaceFiles(client));
      explainUnavailableCommands(context);
    },
  });
}

export function deactivate(): Promise<void> {
  return deactivateClient();
}

/**
 * The commands this build does not have answer with a message that says why, never silence (today both builds
 * register every contributed command, runs included; this keeps a command added to the desktop only from failing
 * silently here): every command the manifest contributes that activation did not register. Called once
 * activation has registered its own (they are registered synchronously, before the client is created); an id
 * already registered makes `registerCommand` throw, which is how it is recognised.
 */
function explainUnavailableCommands(context: vscode.ExtensionContext): void {
  const contributed = (context.extension.packageJSON as { contributes?: { commands?: { command: string }[] } }).contributes?.commands ?? [];
  for (const { command } of contributed) {
    let registration: vscode.Disposable;
    try {
      registration = vscode.commands.registerCommand(command, () =>
        vscode.window.showWarningMessage(
          vscode.l10n.t(
            'This command is not available in VS Code for the Web: open this folder in desktop VS Code, or use the ewebench-studio command-line tool.',
          ),
        ),
      );
    } catch {
      continue; // registered by this build
    }
    context.subscriptions.push(registration);
  }
}

/**
 * Loads one of the desktop's lazily loaded CommonJS bundles (built without Node built-ins) the way the web worker
 * extension host loads an extension's `browser` entry: its text through `workspace.fs`, run as a function of
 * `module`, `exports` and `require`, where `require` knows `vscode` only. Each file is loaded once.
 */
function bundleLoader(context: vscode.ExtensionContext): <T>(name: string) => Promise<T> {
  const loaded = new Map<string, Promise<unknown>>();
  const requireInBrowser = (id: string): unknown => {
    if (id === 'vscode') return vscode;
    throw new Error(`${id} is not available in VS Code for the Web`);
  };
  const load = async (name: string): Promise<unknown> => {
    const uri = vscode.Uri.joinPath(context.extensionUri, 'dist', name);
    const source = new TextDecoder().decode(await vscode.workspace.fs.readFile(uri));
    const module: { exports: unknown } = { exports: {} };
    // The host itself evaluates extension code this way; the source URL names the file in stack traces.
    const run = new Function('module', 'exports', 'require', `${source}\n//# sourceURL=${uri.toString(true)}`) as (
      m: typeof module,
      e: unknown,
      r: typeof requireInBrowser,
    ) => void;
    run(module, module.exports, requireInBrowser);
    return module.exports;
  };
  return <T>(name: string) => {
    let promise = loaded.get(name);
    if (!promise) {
      promise = load(name);
      // A failed load (a network error) is tried again next time.
      promise.catch(() => loaded.delete(name));
      loaded.set(name, promise);
    }
    return promise as Promise<T>;
  };
}
