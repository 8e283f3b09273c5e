import type * as vscode from 'vscode';
import { isJsonDocument as isJson } from '../core/workspace/files';

/** The documents the extension reads: core's one rule (JSON languages, or a `.json` name), as the server applies it. */
export function isJsonDocument(doc: vscode.TextDocument): boolean {
  return isJson({ languageId: doc.languageId, uri: doc.uri.path });
}
