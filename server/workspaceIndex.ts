import * as fs from 'node:fs/promises';
import * as path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { classify } from '../core/document/classify';
import { JsonDocument } from '../core/document/jsonDocument';
import type { ExternalIdOccurrence, Id, IdOccurrence } from '../core/rules/ids';
import { IdIndex, MAX_INDEXED_BYTES, sharedIds, type RangeOf } from '../core/rules/idIndex';
import { inSkippedFolder, isJsonFileName, isSkippedFolder } from '../core/workspace/files';

/**
 * The server's I/O around core's `IdIndex`: test ids of every ÈwéBench tests file in the workspace, open or not.
 * Open documents feed it from their analysis on each change; files on disk are read once at start and again
 * when the file watcher reports them.
 */
export class WorkspaceIndex {
  private readonly ids = new IdIndex();
  private roots: string[] = [];
  /** The workspace folders' URIs as the client sent them (the roots are the local ones among them). */
  private folderUris: string[] = [];
  /** How a span becomes the range other files' diagnostics point at (set to the client's position encoding). */
  rangeOf: RangeOf = (doc, span) => doc.lineIndex.rangeOf(span);

  /** Folders that are not local paths (a `file://host/…` share, another scheme) are not walked. */
  setRoots(folderUris: string[]): void {
    this.folderUris = [...new Set(folderUris)];
    this.roots = this.folderUris.map(localPath).filter((p): p is string => p !== undefined);
  }

  /** The workspace folders' URIs. */
  folders(): readonly string[] {
    return this.folderUris;
  }

  /**
   * Folders added and removed after start (`workspace/didChangeWorkspaceFolders`): the roots change, and the files
   * on disk below a removed folder leave the index (open ones stay, as any open file does). Returns the local
   * paths of the added folders, for `scan`, and whether the index lost files.
   */
  changeFolders(added: readonly string[], removed: readonly string[], isOpen: (uri: string) => boolean): { addedRoots: string[]; changed: boolean } {
    const before = new Set(this.roots);
    this.setRoots([...this.folderUris.filter((u) => !removed.includes(u)), ...added]);
    let changed = false;
    for (const uri of this.ids.uris()) {
      if (!isOpen(uri) && !this.onDisk(uri)) changed = this.remove(uri) || changed;
    }
    return { addedRoots: this.roots.filter((r) => !before.has(r)), changed };
  }

  /** The workspace folders as local paths. */
  rootPaths(): readonly string[] {
    return this.roots;
  }

  label(uri: string): string {
    const file = localPath(uri);
    if (file === undefined) return uri;
    const root = this.rootOf(file);
    return (root ? path.relative(root, file) : file).split(path.sep).join('/');
  }

  /**
   * A local file the start-up walk reaches (below a workspace folder, not in a skipped folder): only such files
   * are read from disk and stay indexed once closed, whatever the watcher reports.
   */
  onDisk(uri: string): boolean {
    const file = localPath(uri);
    const root = file === undefined ? undefined : this.rootOf(file);
    return root !== undefined && !inSkippedFolder(path.relative(root, file!));
  }

  /** Records the ids of one file; returns true when its set of ids changed. */
  update(uri: string, doc: JsonDocument, ids: readonly IdOccurrence[]): boolean {
    return this.ids.set(uri, this.label(uri), doc, ids, this.rangeOf);
  }

  remove(uri: string): boolean {
    return this.ids.remove(uri);
  }

  /** Occurrences of `id` in files other than `uri`. */
  elsewhere(uri: string): (id: Id) => ExternalIdOccurrence[] {
    return this.ids.elsewhere(uri);
  }

  /** Reads one file from disk and indexes it (or drops it when it is no longer a tests file). */
  async indexFile(uri: string): Promise<boolean> {
    // Files the walk does not reach (outside the workspace folders, in node_modules…) are indexed only while open.
    const file = this.onDisk(uri) ? localPath(uri) : undefined;
    if (file === undefined) return this.remove(uri);
    let text: string;
    try {
      const stat = await fs.stat(file);
      // The index's own size rule, checked before reading so a large corpus is never read (IdIndex checks the text again).
      if (!stat.isFile() || stat.size > MAX_INDEXED_BYTES) return this.remove(uri);
      text = await fs.readFile(file, 'utf8');
    } catch {
      return this.remove(uri);
    }
    try {
      const doc = new JsonDocument(text);
      const kind = classify(doc.value).kind;
      return kind === 'ewebench-tests' ? this.update(uri, doc, sharedIds(doc, kind)) : this.remove(uri);
    } catch {
      // Whatever a file on disk holds, indexing it must not take the server down.
      return this.remove(uri);
    }
  }

  /**
   * Walks every workspace folder (or the `roots` given, folders just added) once, yielding to the event loop
   * between files so requests stay responsive.
   */
  async scan(isOpen: (uri: string) => boolean, roots: readonly string[] = this.roots): Promise<number> {
    let count = 0;
    for (const root of roots) {
      for await (const file of walk(root)) {
        const uri = pathToFileURL(file).toString();
        if (isOpen(uri)) continue;
        await this.indexFile(uri);
        count++;
        await new Promise((resolve) => setImmediate(resolve));
      }
    }
    return count;
  }

  private rootOf(file: string): string | undefined {
    return this.roots.find((r) => file.startsWith(r + path.sep));
  }
}

async function* walk(dir: string): AsyncGenerator<string> {
  let entries;
  try {
    entries = await fs.readdir(dir, { withFileTypes: true });
  } catch {
    return;
  }
  for (const entry of entries) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!isSkippedFolder(entry.name)) yield* walk(full);
    } else if (isJsonFileName(entry.name) && (entry.isFile() || entry.isSymbolicLink())) {
      // A link to a file is indexed like the file (indexFile reads through it); links to folders are not followed.
      yield full;
    }
  }
}

/** The local path of a `file:` URI, or undefined (another scheme, a host, a malformed escape). */
export function localPath(uri: string): string | undefined {
  if (!uri.startsWith('file:')) return undefined;
  try {
    return fileURLToPath(uri);
  } catch {
    return undefined;
  }
}
