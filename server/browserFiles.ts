import type { Connection } from 'vscode-languageserver';
import { FindJsonFilesRequest, ReadFileRequest } from '../protocol/ewebench';
import type { WorkspaceFiles } from './host';

/** At most this many JSON files of one workspace folder are indexed in a browser (findFiles needs a bound). */
export const MAX_FOUND_FILES = 20_000;

/** `uri`'s '/'-separated decoded path below `folderUri` (same scheme and authority), or undefined. */
export function relativeUri(folderUri: string, uri: string): string | undefined {
  const folder = folderUri.replace(/\/+$/, '');
  if (!uri.startsWith(folder + '/')) return undefined;
  try {
    return uri
      .slice(folder.length + 1)
      .split('/')
      .map((segment) => decodeURIComponent(segment))
      .join('/');
  } catch {
    return undefined;
  }
}

/**
 * A browser's files: the web worker has no disk, so the client finds and reads them through VS Code's file
 * system API (`client/workspaceFiles.ts`) and answers these requests; any scheme VS Code can read works.
 */
export function clientFiles(connection: () => Connection): WorkspaceFiles {
  return {
    async *walk(folderUri) {
      const found = await connection().sendRequest(FindJsonFilesRequest, { folderUri, maxResults: MAX_FOUND_FILES });
      if (found.length >= MAX_FOUND_FILES) {
        connection().console.warn(
          `ewebench: ${folderUri} has more than ${MAX_FOUND_FILES} JSON files; the first ${MAX_FOUND_FILES} are indexed for cross-file ids`,
        );
      }
      yield* found;
    },
    relative: relativeUri,
    displayName: (uri) => uri,
    async read(uri, maxBytes) {
      return (await connection().sendRequest(ReadFileRequest, { uri, maxBytes })) ?? undefined;
    },
  };
}
