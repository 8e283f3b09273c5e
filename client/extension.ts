import * as path from 'node:path';
import * as vscode from 'vscode';
import { LanguageClient, TransportKind, type LanguageClientOptions, type ServerOptions } from 'vscode-languageclient/node';
import { COVERAGE_REQUEST } from '../server/protocol';
import type { FileCoverageReport } from '../core/coverage/report';
import { registerCoveragePreview } from './coverage/panel';
import { FileKindStatus } from './fileKindStatus';
import { registerRunFeatures } from './run';
import { readServerSettings } from './settings';

let client: LanguageClient | undefined;

/** Thin adapter: start the language server over stdio, pass settings, and wire commands and the status bar. */
export async function activate(context: vscode.ExtensionContext): Promise<void> {
  const serverModule = context.asAbsolutePath(path.join('dist', 'server.js'));
  const serverOptions: ServerOptions = {
    run: { module: serverModule, transport: TransportKind.stdio },
    debug: { module: serverModule, transport: TransportKind.stdio, options: { execArgv: ['--nolazy', '--inspect=6011'] } },
  };
  const clientOptions: LanguageClientOptions = {
    documentSelector: [
      { scheme: 'file', language: 'json' },
      { scheme: 'untitled', language: 'json' },
      { scheme: 'file', language: 'jsonc' },
    ],
    synchronize: { fileEvents: vscode.workspace.createFileSystemWatcher('**/*.json') },
    initializationOptions: { settings: readServerSettings() },
  };
  client = new LanguageClient('ewebench', vscode.l10n.t('ÈwéBench Studio'), serverOptions, clientOptions);
  const status = new FileKindStatus(() => client);
  const coverage = registerCoveragePreview(context, async (uri) => (client?.isRunning() ? (await client.sendRequest<FileCoverageReport | null>(COVERAGE_REQUEST, { uri: uri.toString() })) ?? undefined : undefined));
  context.subscriptions.push(
    status,
    vscode.workspace.onDidChangeConfiguration((event) => {
      if (event.affectsConfiguration('ewebench') || event.affectsConfiguration('json.validate.enable')) {
        void client?.sendNotification('workspace/didChangeConfiguration', { settings: { ewebench: readServerSettings() } });
      }
    }),
    vscode.commands.registerCommand('ewebench.restartServer', async () => {
      await client?.restart();
      status.refresh();
      coverage.refresh();
    }),
    vscode.commands.registerCommand('ewebench.showOutput', () => client?.outputChannel.show()),
    coverage,
  );
  registerRunFeatures(context);
  await client.start();
  status.refresh();
  coverage.refresh();
}

export async function deactivate(): Promise<void> {
  await client?.stop();
  client = undefined;
}
