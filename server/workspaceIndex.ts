import * as fs from 'node:fs/promises';
import * as path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { classify } from '../core/document/classify';
import { JsonDocument } from '../core/document/jsonDocument';
import type { Span, TextRange } from '../core/document/lineIndex';
import { collectIds, idKey, type ExternalIdOccurrence, type Id, type IdOccurrence } from '../core/rules/ids';

const SKIPPED_FOLDERS = new Set(['node_modules', '.git', 'out', 'dist', '.vscode-test', '.e2e']);
/** Test files are small; anything larger is a corpus or data, which has no workspace-wide ids. */
const MAX_INDEXED_BYTES = 8 * 1024 * 1024;

interface FileIds {
  label: string;
  /** idKey → occurrences in this file, each with a resolved range. */
  ids: Map<string, ExternalIdOccurrence[]>;
}

/**
 * Test ids of every ÈwéBench tests file in the workspace, open or not. Open documents feed it from their
 * analysis on each change; files on disk are read once at start and again when the file watcher reports them.
 */
export class WorkspaceIndex {
  private readonly files = new Map<string, FileIds>();
  private roots: string[] = [];
  /** How a span becomes the range other files' diagnostics point at (set to the client's position encoding). */
  rangeOf: (doc: JsonDocument, span: Span) => TextRange = (doc, span) => doc.lineIndex.rangeOf(span);

  /** Folders that are not local paths (a `file://host/…` share, another scheme) are not walked. */
  setRoots(folderUris: string[]): void {
    this.roots = folderUris.map(localPath).filter((p): p is string => p !== undefined);
  }

  /** The workspace folders as local paths. */
  rootPaths(): readonly string[] {
    return this.roots;
  }

  label(uri: string): string {
    const file = localPath(uri);
    if (file === undefined) return uri;
    const root = this.roots.find((r) => file.startsWith(r + path.sep));
    return (root ? path.relative(root, file) : file).split(path.sep).join('/');
  }

  /** A local file below one of the workspace folders: only such files stay indexed once closed. */
  inWorkspace(uri: string): boolean {
    const file = localPath(uri);
    return file !== undefined && this.roots.some((r) => file.startsWith(r + path.sep));
  }

  /** Records the ids of one file; returns true when its set of ids changed. */
  update(uri: string, doc: JsonDocument, ids: readonly IdOccurrence[]): boolean {
    const before = this.files.get(uri);
    const map = new Map<string, ExternalIdOccurrence[]>();
    const label = this.label(uri);
    for (const occ of ids) {
      const span = doc.locate(occ.path);
      if (!span) continue;
      const entry = { uri, label, range: this.rangeOf(doc, span) };
      const key = idKey(occ.id);
      const list = map.get(key);
      if (list) list.push(entry);
      else map.set(key, [entry]);
    }
    if (map.size === 0) this.files.delete(uri);
    else this.files.set(uri, { label, ids: map });
    return !sameKeys(before?.ids, map);
  }

  remove(uri: string): boolean {
    return this.files.delete(uri);
  }

  /** Occurrences of `id` in files other than `uri`. */
  elsewhere(uri: string): (id: Id) => ExternalIdOccurrence[] {
    return (id) => {
      const key = idKey(id);
      const out: ExternalIdOccurrence[] = [];
      for (const [other, file] of this.files) {
        if (other === uri) continue;
        const list = file.ids.get(key);
        if (list) out.push(...list);
      }
      return out;
    };
  }

  /** Reads one file from disk and indexes it (or drops it when it is no longer a tests file). */
  async indexFile(uri: string): Promise<boolean> {
    // Files outside the workspace folders are indexed only while open.
    const file = this.inWorkspace(uri) ? localPath(uri) : undefined;
    if (file === undefined) return this.remove(uri);
    let text: string;
    try {
      const stat = await fs.stat(file);
      if (!stat.isFile() || stat.size > MAX_INDEXED_BYTES) return this.remove(uri);
      text = await fs.readFile(file, 'utf8');
    } catch {
      return this.remove(uri);
    }
    try {
      const doc = new JsonDocument(text);
      if (classify(doc.value).kind !== 'ewebench-tests') return this.remove(uri);
      return this.update(uri, doc, collectIds(doc.value, []));
    } catch {
      // Whatever a file on disk holds, indexing it must not take the server down.
      return this.remove(uri);
    }
  }

  /** Walks every workspace folder once, yielding to the event loop between files so requests stay responsive. */
  async scan(isOpen: (uri: string) => boolean): Promise<number> {
    let count = 0;
    for (const root of this.roots) {
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
      if (!SKIPPED_FOLDERS.has(entry.name) && !entry.name.startsWith('.')) yield* walk(full);
    } else if (entry.name.endsWith('.json') && (entry.isFile() || entry.isSymbolicLink())) {
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

function sameKeys(a: Map<string, unknown> | undefined, b: Map<string, unknown>): boolean {
  if (!a) return b.size === 0;
  if (a.size !== b.size) return false;
  for (const key of a.keys()) if (!b.has(key)) return false;
  return true;
}
