import { MAX_NEIGHBOUR_BYTES, type Neighbours } from '../core/rules/review';
import type { WorkspaceFiles } from './host';

/**
 * The files beside an open document that its rules read (core's `Neighbours`: a card's `<card>.review.json`, a
 * review's run card), as they are saved on disk. A rule asks synchronously on every analysis, so texts are kept
 * here: the first ask reads the file in the background (through the host, the client's readFile in a browser) and
 * the documents that asked are checked again once it arrives; a watcher event on a kept file reads it again.
 * Keystrokes never read a file: only a first ask and a change on disk do.
 */
export class NeighbourFiles {
  /** Text per neighbour URI (undefined: no such file, or unreadable); absent until read. */
  private readonly texts = new Map<string, string | undefined>();
  /** The open documents that read each neighbour. */
  private readonly readers = new Map<string, Set<string>>();
  private readonly reading = new Set<string>();
  /** Files that changed again while being read: read once more when that read ends, or the old text would stay. */
  private readonly stale = new Set<string>();

  constructor(
    private readonly files: WorkspaceFiles,
    /** Runs background work behind the server's guard. */
    private readonly later: (work: () => Promise<void>) => void,
    /** The documents whose neighbour changed (first read, or changed on disk): they are checked again. */
    private readonly changed: (documentUris: readonly string[]) => void,
    /** The names of the team review files in a document's folder, when known (`TeamFileNames`). */
    private readonly siblings: (documentUri: string) => readonly string[] | undefined = () => [],
  ) {}

  /** What `documentUri`'s rules read beside it. */
  of(documentUri: string): Neighbours {
    const slash = documentUri.lastIndexOf('/');
    return {
      fileName: safeDecode(documentUri.slice(slash + 1)),
      read: (relative) => {
        const uri = resolve(documentUri, relative);
        if (uri === undefined) return undefined;
        this.noteReader(uri, documentUri);
        if (this.texts.has(uri)) return this.texts.get(uri);
        this.fetch(uri);
        return undefined;
      },
      pending: (relative) => {
        const uri = resolve(documentUri, relative);
        return uri !== undefined && !this.texts.has(uri);
      },
      siblings: () => this.siblings(documentUri),
    };
  }

  /** A file changed on disk (a watcher event): read again when an open document reads it. */
  fileChanged(uri: string): void {
    const key = normalise(uri);
    if (this.readers.has(key)) this.fetch(key);
  }

  /** `documentUri` was closed: what only it read is forgotten. */
  forget(documentUri: string): void {
    for (const [uri, readers] of this.readers) {
      readers.delete(documentUri);
      if (readers.size === 0) {
        this.readers.delete(uri);
        this.texts.delete(uri);
      }
    }
  }

  private noteReader(uri: string, documentUri: string): void {
    let readers = this.readers.get(uri);
    if (!readers) this.readers.set(uri, (readers = new Set()));
    readers.add(documentUri);
  }

  private fetch(uri: string): void {
    if (this.reading.has(uri)) {
      this.stale.add(uri);
      return;
    }
    this.reading.add(uri);
    this.later(async () => {
      let text: string | undefined;
      try {
        const read = await this.files.read(uri, MAX_NEIGHBOUR_BYTES);
        if (read && 'text' in read) text = read.text;
      } catch {
        // Unreadable: as good as absent.
      } finally {
        this.reading.delete(uri);
      }
      const again = this.stale.delete(uri);
      const known = this.texts.has(uri);
      const before = this.texts.get(uri);
      // Nobody reads it any more (its documents were closed meanwhile): nothing to keep.
      if (!this.readers.has(uri)) return;
      this.texts.set(uri, text);
      if (!known || before !== text) this.changed([...(this.readers.get(uri) ?? [])]);
      // Changed on disk during this read: one more read, which ends like this one (each change event asks one).
      if (again) this.fetch(uri);
    });
  }
}

function safeDecode(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

/** One spelling per file (clients encode URIs differently: `%3A` or `:`), the key of every map here. */
export function normalise(uri: string): string {
  try {
    return new URL(uri).href;
  } catch {
    return uri;
  }
}

/** `relative` (a '/'-separated path, as a review's `run_card` is written) against the document's URI. */
export function resolve(documentUri: string, relative: string): string | undefined {
  if (relative === '' || relative.includes('\0')) return undefined;
  try {
    const encoded = relative
      .split(/[\\/]/)
      .map((segment) => (segment === '..' || segment === '.' ? segment : encodeURIComponent(segment)))
      .join('/');
    return normalise(new URL(encoded, documentUri).href);
  } catch {
    return undefined;
  }
}
