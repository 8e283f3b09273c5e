import * as vscode from 'vscode';

/** The `ewebench.*` settings the server needs, plus whether the built-in JSON support already reports syntax errors. */
export function readServerSettings() {
  const config = vscode.workspace.getConfiguration('ewebench');
  const builtinJsonValidates = vscode.workspace.getConfiguration('json').get<boolean>('validate.enable', true);
  return {
    enable: config.get<boolean>('enable', true),
    fileKinds: config.get<Record<string, string[]>>('fileKinds', {}),
    reportSyntaxErrors: !builtinJsonValidates,
  };
}
