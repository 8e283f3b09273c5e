import type { JsonDocument } from '../../core/document/jsonDocument';
import type { RunnableItem } from '../../core/run/types';

/**
 * Item hashes carried across versions of one document. After an edit every item is new to core (a fresh parse),
 * but most item texts are unchanged: their hash is looked up by their text instead of recomputed (canonical
 * JSON + SHA-256), so the stale check of a 2,000-test file costs one hash for the edited test. Keeps the hashes
 * of the current and the previous version only.
 */
export class ItemHashes {
  private previous = new Map<string, string>();
  private current = new Map<string, string>();
  private doc: JsonDocument | undefined;

  /** Starts a new version of the document (its parse: item texts are read from it, the whole text never is). */
  update(doc: JsonDocument): void {
    if (doc === this.doc) return;
    if (this.current.size) this.previous = this.current;
    this.current = new Map();
    this.doc = doc;
  }

  hashOf(item: RunnableItem): string {
    const key = this.doc?.slice(item.start, item.end) ?? '';
    let hash = this.current.get(key);
    if (hash === undefined) {
      hash = this.previous.get(key) ?? item.hash;
      this.current.set(key, hash);
    }
    return hash;
  }
}
