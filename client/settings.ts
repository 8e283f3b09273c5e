import * as vscode from 'vscode';

/**
 * The `ewebench.*` settings the server needs, plus whether the built-in JSON support already reports syntax errors.
 * Plain data: configuration values are proxies, which a web worker's postMessage cannot clone.
 */
export function readServerSettings() {
  const config = vscode.workspace.getConfiguration('ewebench');
  const builtinJsonValidates = vscode.workspace.getConfiguration('json').get<boolean>('validate.enable', true);
  return {
    enable: config.get<boolean>('enable', true),
    fileKinds: JSON.parse(JSON.stringify(config.get<Record<string, string[]>>('fileKinds', {}))) as Record<string, string[]>,
    reportSyntaxErrors: !builtinJsonValidates,
  };
}
