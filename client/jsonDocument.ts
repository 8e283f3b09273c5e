import type * as vscode from 'vscode';

/** The documents the extension reads: JSON, with or without comments (the language server gets the same ones). */
export function isJsonDocument(doc: vscode.TextDocument): boolean {
  return doc.languageId === 'json' || doc.languageId === 'jsonc';
}
