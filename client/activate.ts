import * as vscode from 'vscode';
import type { BaseLanguageClient, DocumentSelector, LanguageClientOptions } from 'vscode-languageclient';
import { CoverageRequest, SuiteItemFilesChangedNotification, SuiteItemFilesRequest } from '../protocol/ewebench';
import { suiteItemFiles } from './run/suiteItemFiles';
import { registerCoveragePreview, type PreviewCounts } from './coverage/panel';
import { CorpusTableProvider } from './corpusTable/provider';
import { DocumentModels } from './run/documentItems';
import { FileKindStatus } from './fileKindStatus';
import { readServerSettings, settingsMiddleware } from './settings';
import { registerEweInput } from './typing/eweInput';
import { registerReview } from './review/reviewPanel';
import { registerReviewLens } from './review/cardLens';
import { registerLeaderboard } from './boards/leaderboardPanel';
import { registerCompare } from './boards/comparePanel';
import { registerItems } from './boards/itemsPanel';
import { registerCalibration } from './boards/calibrationPanel';
import { registerSpreadsheetCommands } from './corpus/spreadsheetCommands';

/** Thin adapter: start the language server, pass settings, and wire commands and the status bar. */
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
  /** The language server's log, one for the whole activation: the client writes to it across restarts. */
  serverLog: vscode.OutputChannel;
}

/**
 * What differs between the desktop entry (`extension.ts`, Node: the server as a child process over stdio) and
 * the browser entry (`browserExtension.ts`, a web worker extension host: the server in a web worker).
 */
export interface ClientPlatform {
  /** The documents the server receives (the desktop: local files; the browser: any scheme VS Code reads). */
  documentSelector: DocumentSelector;
  /** Creates the language client and its server (the browser reads the server's script first). */
  createClient(name: string, options: LanguageClientOptions): Promise<BaseLanguageClient>;
  /** Registers the platform's own commands and views, with the shared ones (runs on the desktop; what the browser lacks). */
  register(context: vscode.ExtensionContext, documents: DocumentModels): void;
  /** Wires the client before it starts (the browser answers the server's file requests). */
  connect?(context: vscode.ExtensionContext, client: BaseLanguageClient): void;
}

let client: BaseLanguageClient | undefined;

/** The activation both entries share. */
export async function activateWith(context: vscode.ExtensionContext, platform: ClientPlatform): Promise<ExtensionApi> {
  const started = performance.now();
  const name = vscode.l10n.t('ÈwéBench Studio');
  // The extension owns the server's log, in both hosts: a client that makes its own disposes it on stop, and the
  // browser host then loses it on *Restart Language Server* (the next start makes another). One channel, kept.
  const serverLog = vscode.window.createOutputChannel(name, { log: true });
  context.subscriptions.push(serverLog);
  const clientOptions: LanguageClientOptions = {
    documentSelector: platform.documentSelector,
    outputChannel: serverLog,
    // No `synchronize.fileEvents`: the server registers its own `**/*.json` watcher (dynamic registration, which
    // this client supports), as it does in every editor; both would report each change twice.
    // The page the diagnostics' code links open, docs/diagnostics.md as installed with the extension (the browser server has no path of its own).
    initializationOptions: { settings: readServerSettings(), readmeUri: vscode.Uri.joinPath(context.extensionUri, 'docs', 'diagnostics.md').toString() },
    // The server asks for each workspace folder's settings (`workspace/configuration` with its scopeUri).
    middleware: { workspace: settingsMiddleware },
  };
  const created = platform.createClient(name, clientOptions);
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
      await client?.stop();
      await client?.start();
      status.refresh();
      coverage.refresh();
    }),
    vscode.commands.registerCommand('ewebench.showOutput', () => serverLog.show()),
    coverage,
  );
  // One model of each open document, shared by the lenses, the Test Explorer, runs and the corpus table.
  const documents = new DocumentModels();
  context.subscriptions.push(documents);
  platform.register(context, documents);
  registerEweInput(context);
  context.subscriptions.push(CorpusTableProvider.register(context, documents));
  registerReview(context);
  registerLeaderboard(context);
  registerCompare(context);
  registerItems(context);
  registerCalibration(context);
  registerReviewLens(context);
  registerSpreadsheetCommands(context);
  const registeredMs = performance.now() - started;
  client = await created;
  platform.connect?.(context, client);
  // The suites' item files the server registered: asked once it is up, and again whenever it says they changed.
  const askSuites = (): void => {
    const running = client;
    if (running?.isRunning()) void suiteItemFiles.refresh(() => running.sendRequest(SuiteItemFilesRequest));
  };
  context.subscriptions.push(suiteItemFiles, client.onNotification(SuiteItemFilesChangedNotification, askSuites));
  await client.start();
  askSuites();
  status.refresh();
  coverage.refresh();
  return { activation: { registeredMs, serverStartedMs: performance.now() - started }, coveragePreview: coverage.counts, serverLog };
}

export async function deactivateClient(): Promise<void> {
  await client?.stop();
  client = undefined;
}
