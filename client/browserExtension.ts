import * as vscode from 'vscode';
import { LanguageClient } from 'vscode-languageclient/browser';
import { activateWith, deactivateClient, type ExtensionApi } from './activate';
import { serveWorkspaceFiles } from './workspaceFiles';

export type { ActivationTimes, ExtensionApi } from './activate';

/** The constructor of a web worker (the project compiles against Node's types, which have no DOM). */
type WorkerConstructor = new (url: string) => ConstructorParameters<typeof LanguageClient>[3];

/**
 * The browser entry (`browser`, dist/browserClient.js), for VS Code for the Web and any web worker extension host:
 * the language server runs in a web worker (dist/browserServer.js) and reads workspace files through this client.
 */
export function activate(context: vscode.ExtensionContext): Promise<ExtensionApi> {
  return activateWith(context, {
    // Any scheme: a browser's workspace is rarely `file:` (github.dev's `vscode-vfs:`, a remote's `vscode-remote:`).
    documentSelector: [{ language: 'json' }, { language: 'jsonc' }, { pattern: '**/*.json' }],
    createClient(name, options) {
      const serverMain = vscode.Uri.joinPath(context.extensionUri, 'dist', 'browserServer.js');
      const Worker = (globalThis as unknown as { Worker: WorkerConstructor }).Worker;
      return new LanguageClient('ewebench', name, options, new Worker(serverMain.toString(true)));
    },
    register(context, client) {
      context.subscriptions.push(serveWorkspaceFiles(client));
      void explainUnavailableCommands(context);
    },
  });
}

export function deactivate(): Promise<void> {
  return deactivateClient();
}

/**
 * The commands this build does not have (runs against models, their results and keys) answer with a message that
 * says why, never silence: every command the manifest contributes that nothing registered during activation.
 */
async function explainUnavailableCommands(context: vscode.ExtensionContext): Promise<void> {
  // Activation registers its commands synchronously; this runs after it (getCommands answers on a later turn).
  const registered = new Set(await vscode.commands.getCommands(true));
  const contributed = (context.extension.packageJSON as { contributes?: { commands?: { command: string }[] } }).contributes?.commands ?? [];
  for (const { command } of contributed) {
    if (registered.has(command)) continue;
    context.subscriptions.push(
      vscode.commands.registerCommand(command, () =>
        vscode.window.showWarningMessage(
          vscode.l10n.t(
            'Runs against models are not available in VS Code for the Web yet: open this folder in desktop VS Code, or use the ewebench-studio command-line tool.',
          ),
        ),
      ),
    );
  }
}
