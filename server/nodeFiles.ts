import * as fs from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { isJsonFileName, isSkippedFolder } from '../core/workspace/files';
import type { FileRead, WorkspaceFiles } from './host';

/** The local path of a `file:` URI, or undefined (another scheme, a host, a malformed escape). */
export function localPath(uri: string): string | undefined {
  if (!uri.startsWith('file:')) return undefined;
  try {
    return fileURLToPath(uri);
  } catch {
    return undefined;
  }
}

async function* walk(dir: string): AsyncGenerator<string> {
  let entries;
  try {
    entries = await fs.promises.readdir(dir, { withFileTypes: true });
  } catch {
    return;
  }
  for (const entry of entries) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!isSkippedFolder(entry.name)) yield* walk(full);
    } else if (isJsonFileName(entry.name) && (entry.isFile() || entry.isSymbolicLink())) {
      // A link to a file is indexed like the file (read follows it); links to folders are not followed.
      yield pathToFileURL(full).toString();
    }
  }
}

/**
 * A file's text when it is a regular file of at most `maxBytes`; otherwise its size. Read through one handle, so
 * a file that grows between the size check and the read is still cut at the bound.
 */
async function readBounded(file: string, maxBytes: number): Promise<FileRead> {
  let handle: fs.promises.FileHandle;
  try {
    handle = await fs.promises.open(file, 'r');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  try {
    const stat = await handle.stat();
    if (!stat.isFile()) return undefined;
    if (stat.size > maxBytes) return { size: stat.size };
    // Sized for the file as it is now, grown (up to one byte past the bound) only if it grows while being read.
    let buffer = Buffer.alloc(stat.size + 1);
    let length = 0;
    for (let n = -1; n !== 0; length += n) {
      if (length === buffer.length) {
        if (length > maxBytes) break;
        const larger = Buffer.alloc(Math.min(2 * buffer.length, maxBytes + 1));
        buffer.copy(larger, 0, 0, length);
        buffer = larger;
      }
      n = (await handle.read(buffer, length, buffer.length - length, length)).bytesRead;
    }
    if (length > maxBytes) return { size: length };
    return { text: buffer.toString('utf8', 0, length) };
  } finally {
    await handle.close();
  }
}

/** The desktop's files: the server reads the local disk itself; folders that are not local paths are not walked. */
export const nodeFiles: WorkspaceFiles = {
  walk(folderUri) {
    const root = localPath(folderUri);
    return root === undefined ? (async function* () {})() : walk(root);
  },
  relative(folderUri, uri) {
    const root = localPath(folderUri);
    const file = localPath(uri);
    if (root === undefined || file === undefined || !file.startsWith(root + path.sep)) return undefined;
    return path.relative(root, file).split(path.sep).join('/');
  },
  displayName: (uri) => localPath(uri)?.split(path.sep).join('/') ?? uri,
  read(uri, maxBytes) {
    const file = localPath(uri);
    return file === undefined ? Promise.resolve(undefined) : readBounded(file, maxBytes);
  },
};
