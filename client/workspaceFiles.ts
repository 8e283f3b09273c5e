import * as vscode from 'vscode';
import type { BaseLanguageClient } from 'vscode-languageclient';
import { SKIPPED_FOLDERS_GLOB } from '../core/workspace/files';
import { FindJsonFilesRequest, ReadFileRequest, type ReadFileResult } from '../protocol/ewebench';

/** The most a server may ask for in one request, whatever it sends. */
const MAX_FIND_RESULTS = 100_000;
const MAX_READ_BYTES = 64 * 1024 * 1024;

/** One file through `workspace.fs`: its text when a regular file of at most `maxBytes`, else its size; null when missing. */
export async function readBounded(uri: vscode.Uri, maxBytes: number): Promise<ReadFileResult> {
  let stat: vscode.FileStat;
  try {
    stat = await vscode.workspace.fs.stat(uri);
  } catch (error) {
    if (error instanceof vscode.FileSystemError && error.code === 'FileNotFound') return null;
    throw error;
  }
  if ((stat.type & vscode.FileType.File) === 0) return null;
  const bound = Math.min(Math.max(0, maxBytes), MAX_READ_BYTES);
  if (stat.size > bound) return { size: stat.size };
  const bytes = await vscode.workspace.fs.readFile(uri);
  // The file may have grown since stat: never hand over more than the bound.
  if (bytes.length > bound) return { size: bytes.length };
  return { text: new TextDecoder().decode(bytes) };
}

/**
 * The browser server's file access (`server/browserFiles.ts`): the web worker has no disk, so it asks here, and
 * VS Code's file system API reaches any workspace (a local folder, github.dev's `vscode-vfs://`, a remote).
 */
export function serveWorkspaceFiles(client: BaseLanguageClient): vscode.Disposable {
  return vscode.Disposable.from(
    client.onRequest(FindJsonFilesRequest, async ({ folderUri, maxResults }, token) => {
      const folder = vscode.Uri.parse(folderUri);
      const limit = Math.min(Math.max(0, Math.floor(maxResults)), MAX_FIND_RESULTS);
      const found = await vscode.workspace.findFiles(new vscode.RelativePattern(folder, '**/*.json'), SKIPPED_FOLDERS_GLOB, limit, token);
      return found.map((uri) => uri.toString());
    }),
    client.onRequest(ReadFileRequest, ({ uri, maxBytes }) => readBounded(vscode.Uri.parse(uri), maxBytes)),
  );
}
