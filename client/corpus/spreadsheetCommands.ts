import * as vscode from 'vscode';
import type { ExportOptions, ImportOptions } from './lazySpreadsheet';
import { lazyModules } from '../lazyModules';

/** The spreadsheet commands, registered at activation; their code (validator, papaparse) loads on first use. */
export function registerSpreadsheetCommands(context: vscode.ExtensionContext): void {
  context.subscriptions.push(
    vscode.commands.registerCommand('ewebench.exportCorpus', async (uri?: vscode.Uri, options?: ExportOptions) =>
      (await lazyModules().spreadsheet()).exportCorpus(uri, options),
    ),
    vscode.commands.registerCommand('ewebench.importCorpus', async (uri?: vscode.Uri, options?: ImportOptions) => {
      const spreadsheet = await lazyModules().spreadsheet();
      // Column maps are remembered per corpus in the workspace's state.
      spreadsheet.rememberMapsIn(context.workspaceState);
      return spreadsheet.importEntries(uri, options);
    }),
  );
}
