import { classify } from '../core/document/classify';
import { JsonDocument } from '../core/document/jsonDocument';
import type { ExternalIdOccurrence, Id, IdOccurrence } from '../core/rules/ids';
import { IdIndex, MAX_INDEXED_BYTES, sharedIds, type RangeOf } from '../core/rules/idIndex';
import { inSkippedFolder } from '../core/workspace/files';
import type { WorkspaceFiles } from './host';

/**
 * The server's I/O around core's `IdIndex`: test ids of every ÈwéBench tests file in the workspace, open or not.
 * Open documents feed it from their analysis on each change; files on disk are read once at start and again
 * when the file watcher reports them.
 */
export class WorkspaceIndex {
  private readonly ids = new IdIndex();
  private roots: string[] = [];

  constructor(
    private readonly files: WorkspaceFiles,
    /** Lets requests in between files of the start-up walk. */
    private readonly nextTurn: () => Promise<void>,
  ) {}

  /** How a span becomes the range other files' diagnostics point at (set to the client's position encoding). */
  rangeOf: RangeOf = (doc, span) => doc.lineIndex.rangeOf(span);

  /** The workspace folders' URIs (folders the host cannot walk, such as a `file://host/…` share on the desktop, give no file). */
  setRoots(folderUris: string[]): void {
    this.roots = [...new Set(folderUris)];
  }

  /** The workspace folders' URIs. */
  folders(): readonly string[] {
    return this.roots;
  }

  /**
   * Folders added and removed after start (`workspace/didChangeWorkspaceFolders`): the roots change, and the files
   * below a removed folder leave the index (open ones stay, as any open file does). Returns the added folders, for
   * `scan`, and whether the index lost files.
   */
  changeFolders(added: readonly string[], removed: readonly string[], isOpen: (uri: string) => boolean): { addedRoots: string[]; changed: boolean } {
    const before = new Set(this.roots);
    this.setRoots([...this.roots.filter((u) => !removed.includes(u)), ...added]);
    let changed = false;
    for (const uri of this.ids.uris()) {
      if (!isOpen(uri) && !this.onDisk(uri)) changed = this.remove(uri) || changed;
    }
    return { addedRoots: this.roots.filter((r) => !before.has(r)), changed };
  }

  rootUris(): readonly string[] {
    return this.roots;
  }

  label(uri: string): string {
    return this.below(uri)?.relative ?? this.files.displayName(uri);
  }

  /**
   * A file the start-up walk reaches (below a workspace folder, not in a skipped folder): only such files
   * are read from disk and stay indexed once closed, whatever the watcher reports.
   */
  onDisk(uri: string): boolean {
    const relative = this.below(uri)?.relative;
    return relative !== undefined && !inSkippedFolder(relative);
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
    if (!this.onDisk(uri)) return this.remove(uri);
    let text: string;
    try {
      // The index's own size rule, checked before reading so a large corpus is never read (IdIndex checks the text again).
      const read = await this.files.read(uri, MAX_INDEXED_BYTES);
      if (!read || !('text' in read)) return this.remove(uri);
      text = read.text;
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
      for await (const uri of this.files.walk(root)) {
        if (isOpen(uri)) continue;
        await this.indexFile(uri);
        count++;
        await this.nextTurn();
      }
    }
    return count;
  }

  /** The workspace folder holding `uri`, and its path below it. */
  private below(uri: string): { root: string; relative: string } | undefined {
    for (const root of this.roots) {
      const relative = this.files.relative(root, uri);
      if (relative !== undefined) return { root, relative };
    }
    return undefined;
  }
}
