import { classify, type FileKind } from '../document/classify';
import type { JsonDocument } from '../document/jsonDocument';
import type { Span, TextRange } from '../text/lineIndex';
import { fitsUtf8 } from '../text/utf8';
import { collectIds, idKey, type ExternalIdOccurrence, type Id, type IdOccurrence } from './ids';
import { appendAll } from '../arrays';

/**
 * Tests files are small (the largest public one is well under 1 MB); a JSON file larger than this is a corpus or
 * data, which has no workspace-wide ids, so neither the CLI nor the server reads it into the cross-file index.
 */
export const MAX_INDEXED_BYTES = 8 * 1024 * 1024;

/** Whether a text is small enough to index: its UTF-8 size (what the file takes on disk) is at most MAX_INDEXED_BYTES. */
export function indexable(text: string): boolean {
  return fitsUtf8(text, MAX_INDEXED_BYTES);
}

/** The ids a file shares with the others: a tests file's test ids. Corpus ids are unique per corpus only. */
export function sharedIds(doc: JsonDocument, kind: FileKind = classify(doc.value).kind): IdOccurrence[] {
  return kind === 'ewebench-tests' ? collectIds(doc.value, []) : [];
}

/** How an id's span becomes the range other files point at (the server converts to the client's encoding). */
export type RangeOf = (doc: JsonDocument, span: Span) => TextRange;
const utf16Range: RangeOf = (doc, span) => doc.lineIndex.rangeOf(span);

/** An id of one file that other files hold too. */
export interface CrossFileDuplicate {
  id: Id;
  here: ExternalIdOccurrence[];
  elsewhere: ExternalIdOccurrence[];
}

interface FileIds {
  id: Map<string, Id>;
  /** idKey → occurrences in this file, in file order, each with its range. */
  occurrences: Map<string, ExternalIdOccurrence[]>;
}

/**
 * The cross-file id index: which file holds which test ids, and where. Pure: the CLI fills it from the files it
 * was given, the language server from the disk and its open documents; both ask it the same questions, so they
 * report the same duplicates for the same files. Files are visited in URI order, whatever order they came in.
 */
export class IdIndex {
  private readonly files = new Map<string, FileIds>();
  /** The URIs in order, rebuilt only after a file was added or removed. */
  private sorted: string[] | undefined;

  /**
   * Records (or replaces) a file's ids, located in `doc`; returns true when the set of ids it holds changed. A
   * text too large to be a tests file (`indexable`) holds none.
   */
  set(uri: string, label: string, doc: JsonDocument, ids: readonly IdOccurrence[], rangeOf: RangeOf = utf16Range): boolean {
    // The length decides most texts without the flat text (an edited document's is built only when needed).
    if (doc.length > MAX_INDEXED_BYTES || (doc.length * 3 > MAX_INDEXED_BYTES && !indexable(doc.text))) return this.remove(uri);
    const before = this.files.get(uri);
    const occurrences = new Map<string, ExternalIdOccurrence[]>();
    const idOf = new Map<string, Id>();
    for (const occ of ids) {
      const span = doc.locate(occ.path);
      if (!span) continue;
      const key = idKey(occ.id);
      const entry = { uri, label, range: rangeOf(doc, span) };
      const list = occurrences.get(key);
      if (list) list.push(entry);
      else {
        occurrences.set(key, [entry]);
        idOf.set(key, occ.id);
      }
    }
    if (occurrences.size === 0) this.remove(uri);
    else {
      if (!before) this.sorted = undefined;
      this.files.set(uri, { id: idOf, occurrences });
    }
    return !sameKeys(before?.occurrences, occurrences);
  }

  /** Forgets a file; returns true when it held ids. */
  remove(uri: string): boolean {
    if (!this.files.delete(uri)) return false;
    this.sorted = undefined;
    return true;
  }

  has(uri: string): boolean {
    return this.files.has(uri);
  }

  /** The indexed files, in URI order. */
  uris(): readonly string[] {
    return (this.sorted ??= [...this.files.keys()].sort(compare));
  }

  /** Occurrences of `id` in files other than `uri` (files in URI order, each file's in its order): the rules' `externalIds`. */
  elsewhere(uri: string): (id: Id) => ExternalIdOccurrence[] {
    return (id) => {
      const key = idKey(id);
      const out: ExternalIdOccurrence[] = [];
      for (const other of this.uris()) {
        if (other === uri) continue;
        const list = this.files.get(other)?.occurrences.get(key);
        if (list) appendAll(out, list);
      }
      return out;
    };
  }

  /** The ids of `uri` that other files hold too, in the order `uri` first uses them. */
  duplicatesOf(uri: string): CrossFileDuplicate[] {
    const file = this.files.get(uri);
    if (!file) return [];
    const elsewhere = this.elsewhere(uri);
    const out: CrossFileDuplicate[] = [];
    for (const [key, here] of file.occurrences) {
      const id = file.id.get(key)!;
      const others = elsewhere(id);
      if (others.length) out.push({ id, here, elsewhere: others });
    }
    return out;
  }
}

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

function sameKeys(a: Map<string, unknown> | undefined, b: Map<string, unknown>): boolean {
  if (!a) return b.size === 0;
  if (a.size !== b.size) return false;
  for (const key of a.keys()) if (!b.has(key)) return false;
  return true;
}
