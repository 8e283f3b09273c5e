import * as vscode from 'vscode';
import type { ExportOptions, ImportOptions } from './lazySpreadsheet';

/** The spreadsheet commands, registered at activation; their code (validator, papaparse) loads on first use. */
export function registerSpreadsheetCommands(context: vscode.ExtensionContext): void {
  context.subscriptions.push(
    vscode.commands.registerCommand('ewebench.exportCorpus', async (uri?: vscode.Uri, options?: ExportOptions) =>
      (await import('./lazySpreadsheet.js')).exportCorpus(uri, options),
    ),
    vscode.commands.registerCommand('ewebench.importCorpus', async (uri?: vscode.Uri, options?: ImportOptions) =>
      (await import('./lazySpreadsheet.js')).importEntries(uri, options),
    ),
  );
}
