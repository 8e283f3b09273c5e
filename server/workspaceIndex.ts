import { classify } from '../core/document/classify';
import { JsonDocument } from '../core/document/jsonDocument';
import type { ExternalIdOccurrence, Id, IdOccurrence } from '../core/rules/ids';
import { IdIndex, indexable, MAX_INDEXED_BYTES, sharedIds, type RangeOf } from '../core/rules/idIndex';
import { inSkippedFolder } from '../core/workspace/files';
import type { WorkspaceFiles } from './host';
import type { FileConsumer } from './workspaceWalk';

/**
 * The server's I/O around core's `IdIndex`: test ids of every ÈwéBench tests file in the workspace, open or not.
 * Open documents feed it from their analysis on each change; files on disk are read by the one walk
 * (`WorkspaceWalk`, which hands each text to this index and to the runs) at start, and again when the file watcher
 * reports them or an open one closes.
 */
export class WorkspaceIndex implements FileConsumer {
  private readonly ids = new IdIndex();
  private roots: string[] = [];

  /** The largest file read from disk for the index (a larger one is a corpus or data: no shared ids). */
  readonly maxBytes = MAX_INDEXED_BYTES;

  constructor(
    private readonly files: WorkspaceFiles,
    /** Open documents: their analysis feeds the index, so the disk is not read for them. */
    private readonly isOpen: (uri: string) => boolean = () => false,
  ) {}

  /** Whether the walk reads `uri` for the index: not while it is open. */
  wants(uri: string): boolean {
    return !this.isOpen(uri);
  }

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
   * the walk (`WorkspaceWalk.scan`), and whether the index lost files.
   */
  changeFolders(added: readonly string[], removed: readonly string[]): { addedRoots: string[]; changed: boolean } {
    const before = new Set(this.roots);
    this.setRoots([...this.roots.filter((u) => !removed.includes(u)), ...added]);
    let changed = false;
    for (const uri of this.ids.uris()) {
      if (!this.isOpen(uri) && !this.onDisk(uri)) changed = this.remove(uri) || changed;
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

  /**
   * A file's text as read from disk by the walk (`workspaceWalk.ts`), or undefined (gone, unreadable, larger than
   * `maxBytes`, not reached by the walk): indexed when it is a tests file, else dropped. True when the ids changed.
   */
  take(uri: string, text: string | undefined): boolean {
    // The index's own size rule: a larger file never reaches the parse (IdIndex checks the text again).
    if (text === undefined || !indexable(text)) return this.remove(uri);
    try {
      const doc = new JsonDocument(text);
      const kind = classify(doc.value).kind;
      return kind === 'ewebench-tests' ? this.update(uri, doc, sharedIds(doc, kind)) : this.remove(uri);
    } catch {
      // Whatever a file on disk holds, indexing it must not take the server down.
      return this.remove(uri);
    }
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
