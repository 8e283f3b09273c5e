import * as path from 'node:path';
import * as vscode from 'vscode';
import { LanguageClient, TransportKind, type LanguageClientOptions, type ServerOptions } from 'vscode-languageclient/node';
import { CoverageRequest } from '../protocol/ewebench';
import { registerCoveragePreview, type PreviewCounts } from './coverage/panel';
import { CorpusTableProvider } from './corpusTable/provider';
import { FileKindStatus } from './fileKindStatus';
import { registerRunFeatures } from './run';
import { readServerSettings, settingsMiddleware } from './settings';
import { registerEweInput } from './typing/eweInput';
import { registerReview } from './review/reviewPanel';
import { registerReviewLens } from './review/cardLens';
import { registerSpreadsheetCommands } from './corpus/spreadsheetCommands';
import { SERVER_NODE_FLAGS } from '../server/nodeFlags';

let client: LanguageClient | undefined;

/** Thin adapter: start the language server over stdio, pass settings, and wire commands and the status bar. */
export interface ActivationTimes {
  /** From the call of activate to every command, provider and view registered (before the server starts). */
  registeredMs: number;
  /** Until the language server answered its start. */
  serverStartedMs: number;
}

/**
 * What activate returns, read by the end-to-end suite with `extension.exports`: its own timings, which the run
 * reports, and what the coverage preview did (pages written and loaded, updates rendered in place).
 */
export interface ExtensionApi {
  activation: ActivationTimes;
  coveragePreview: Readonly<PreviewCounts>;
}

export async function activate(context: vscode.ExtensionContext): Promise<ExtensionApi> {
  const started = performance.now();
  const serverModule = context.asAbsolutePath(path.join('dist', 'server.js'));
  const serverOptions: ServerOptions = {
    run: { module: serverModule, transport: TransportKind.stdio, options: { execArgv: [...SERVER_NODE_FLAGS] } },
    debug: { module: serverModule, transport: TransportKind.stdio, options: { execArgv: [...SERVER_NODE_FLAGS, '--nolazy', '--inspect=6011'] } },
  };
  const clientOptions: LanguageClientOptions = {
    documentSelector: [
      { scheme: 'file', language: 'json' },
      { scheme: 'untitled', language: 'json' },
      { scheme: 'file', language: 'jsonc' },
      // A `.json` file open in another language: core's isJsonDocument reads it, so the server must receive it.
      { scheme: 'file', pattern: '**/*.json' },
    ],
    // No `synchronize.fileEvents`: the server registers its own `**/*.json` watcher (dynamic registration, which
    // this client supports), as it does in every editor; both would report each change twice.
    initializationOptions: { settings: readServerSettings() },
    // The server asks for each workspace folder's settings (`workspace/configuration` with its scopeUri).
    middleware: { workspace: settingsMiddleware },
  };
  client = new LanguageClient('ewebench', vscode.l10n.t('ÈwéBench Studio'), serverOptions, clientOptions);
  const status = new FileKindStatus(() => client);
  const coverage = registerCoveragePreview(context, async (uri) =>
    client?.isRunning() ? ((await client.sendRequest(CoverageRequest, { uri: uri.toString() })) ?? undefined) : undefined,
  );
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
  registerEweInput(context);
  context.subscriptions.push(CorpusTableProvider.register(context));
  registerReview(context);
  registerReviewLens(context);
  registerSpreadsheetCommands(context);
  const registeredMs = performance.now() - started;
  await client.start();
  status.refresh();
  coverage.refresh();
  return { activation: { registeredMs, serverStartedMs: performance.now() - started }, coveragePreview: coverage.counts };
}

export async function deactivate(): Promise<void> {
  await client?.stop();
  client = undefined;
}
