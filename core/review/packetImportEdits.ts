import { replaceValue, type TextEdit } from '../document/jsonEdits';
import { JsonDocument } from '../document/jsonDocument';
import type { ImportedItem } from './packet';

/**
 * The text edits that merge imported ratings (`importRatings`) into the review file: one edit per changed item,
 * written in the file's own style, so the rest of the file is untouched. The CLI applies them to the file's text
 * (`applyTextEdits`), the editor as one undoable edit of the open document. Offsets are into `text`, a leading byte
 * order mark included; the edits do not overlap and are listed from the last to the first. Undefined when the
 * text no longer has an item the import changes.
 */
export function packetImportEdits(text: string, changes: readonly ImportedItem[]): TextEdit[] | undefined {
  const bom = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  const doc = new JsonDocument(bom ? text.slice(1) : text);
  const edits: TextEdit[] = [];
  for (const change of [...changes].sort((a, b) => b.index - a.index)) {
    const edit = replaceValue(doc, ['items', change.index], change.item);
    if (!edit) return undefined;
    edits.push({ start: edit.start + bom, end: edit.end + bom, text: edit.text });
  }
  return edits;
}
