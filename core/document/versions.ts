import { applyEdits, type TextEdit } from './edit';
import { JsonDocument, type JsonPath } from './jsonDocument';
import { TextModel } from '../text/textModel';

/** Past these, the changes waiting for the next parse are dropped and the next version is parsed whole. */
export const MAX_PENDING_EDITS = 1000;
export const MAX_PENDING_TEXT = 1_000_000;

/**
 * One open document's parse across its versions. The editor reports each version's changes (`changed`); the
 * next reader (`at`) gets the parse of the version it asks for, built from the last parse by re-parsing only
 * the items the changes touched when every change stayed inside the items array, else from the whole text.
 * Either way the result equals `new JsonDocument(text)`: a keystroke costs the edited item, not the file.
 */
export class DocumentVersions {
  private last: { version: number; doc: JsonDocument } | undefined;
  /** The changes since `last`, and the version they lead to (undefined: none, or they were dropped). */
  private pending: TextEdit[] = [];
  private pendingTo: number | undefined;
  private pendingText = 0;
  private dropped = false;
  /** How the versions were built: what tests and benches read. */
  readonly counts = { whole: 0, incremental: 0 };

  /**
   * The changes that made `version` from the version before it, in order. Changes of a version the last parse
   * already includes are ignored; a gap in the versions drops the pending changes (the next read parses whole).
   */
  changed(version: number, edits: readonly TextEdit[]): void {
    if (!this.last || version <= (this.pendingTo ?? this.last.version)) return;
    const from = this.pendingTo ?? this.last.version;
    if (this.dropped || version !== from + 1) return this.drop(version);
    for (const edit of edits) this.pendingText += edit.text.length;
    this.pending.push(...edits);
    this.pendingTo = version;
    if (this.pending.length > MAX_PENDING_EDITS || this.pendingText > MAX_PENDING_TEXT) this.drop(version);
  }

  /**
   * The parse of `version`. `text` reads the whole text (called only when it must be parsed whole); `length` is
   * the text's length, checked against an incremental result; `itemsPath` says where the last parse's items are.
   */
  at(version: number, text: () => string, length: number, itemsPath: (doc: JsonDocument) => JsonPath | undefined): JsonDocument {
    const last = this.last;
    if (last && last.version === version) return last.doc;
    let doc: JsonDocument | undefined;
    if (last && !this.dropped && this.pendingTo === version) {
      const path = itemsPath(last.doc);
      doc = path ? applyEdits(last.doc, this.pending, path) : undefined;
      if (doc && doc.length !== length) doc = undefined;
    }
    if (doc) this.counts.incremental++;
    else {
      doc = new JsonDocument(TextModel.from(text()));
      this.counts.whole++;
    }
    this.last = { version, doc };
    this.pending = [];
    this.pendingTo = undefined;
    this.pendingText = 0;
    this.dropped = false;
    return doc;
  }

  private drop(version: number): void {
    this.pending = [];
    this.pendingText = 0;
    this.pendingTo = version;
    this.dropped = true;
  }
}
