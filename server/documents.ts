import type { TextDocumentContentChangeEvent, TextDocumentsConfiguration } from 'vscode-languageserver';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { TextEdit } from '../core/document/edit';
import type { Position, TextRange } from '../core/text/lineIndex';
import { TextModel } from '../core/text/textModel';
import { isInvalidParams, type PositionCodec } from './positionEncoding';

/**
 * An open document whose text is a `TextModel` (`core/text/textModel.ts`): an edit makes the next version in
 * O(log n + edit) and shares the rest, where `TextDocument` (vscode-languageserver-textdocument) rebuilt the whole
 * text and its line table on every keystroke. It answers as `TextDocument` does (positions clamped before a line
 * break), so the handlers read it the same way; the analysis reads its model directly, so the flat text is built
 * only when something asks for all of it (`getText()`), once per version.
 */
export class ModelDocument implements TextDocument {
  constructor(
    readonly uri: string,
    readonly languageId: string,
    readonly version: number,
    readonly model: TextModel,
  ) {}

  get lineCount(): number {
    return this.model.lineCount;
  }

  getText(range?: TextRange): string {
    return range ? this.model.slice(this.offsetAt(range.start), this.offsetAt(range.end)) : this.model.toString();
  }

  /** The position of an offset; an offset inside a line break stands before it. */
  positionAt(offset: number): Position {
    const clamped = Math.max(0, Math.min(offset, this.model.length));
    const line = this.model.lineAt(clamped);
    return { line, character: Math.min(clamped, this.model.lineEnd(line)) - this.model.lineStart(line) };
  }

  /** The offset of a position; a character past the line's end stops before its line break. */
  offsetAt(position: Position): number {
    if (position.line >= this.model.lineCount) return this.model.length;
    if (position.line < 0) return 0;
    const start = this.model.lineStart(position.line);
    if (position.character <= 0) return start;
    return Math.min(start + position.character, this.model.lineEnd(position.line));
  }

  /** A line's range without its line break (the last line's past the end). */
  getLineRange(line: number): TextRange {
    const last = this.model.lineCount - 1;
    if (line < 0) return { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };
    const n = Math.min(line, last);
    const start = this.model.lineStart(n);
    return { start: { line: n, character: 0 }, end: { line: n, character: (line > last ? this.model.length : this.model.lineEnd(n)) - start } };
  }

  /** The line break that ends a line (empty for the last line and out of range). */
  getEOLCharacters(line: number): string {
    if (line < 0 || line + 1 >= this.model.lineCount) return '';
    return this.model.slice(this.model.lineEnd(line), this.model.lineStart(line + 1));
  }

  /** The text of a line without its line break (the codec counts UTF-8 columns on it). */
  lineText(line: number): string {
    return this.model.lineText(line);
  }
}

/**
 * What the documents report with each change: the edits in UTF-16 offsets of the text each applies to, or
 * undefined when a change without a range replaced the whole text.
 */
export type EditsListener = (uri: string, from: number, to: number, edits: TextEdit[] | undefined) => void;

/**
 * The `TextDocuments` configuration for `ModelDocument`s. Each change's range is checked, converted from the
 * client's encoding (on the text the previous change left) and applied to the model; the edits go to `edited`
 * (the analysis follows them incrementally). A change with a malformed range cannot be applied: the whole
 * notification is `refused` (logged) and the text stays as it was, at the new version.
 */
export function documentsConfiguration(
  codec: PositionCodec,
  edited: EditsListener = () => undefined,
  refused: (error: unknown) => void = () => undefined,
): TextDocumentsConfiguration<ModelDocument> {
  return {
    create: (uri, languageId, version, content) => new ModelDocument(uri, languageId, version, TextModel.from(content)),
    update: (document, changes, version) => {
      try {
        changes.forEach((change, i) => 'range' in change && codec.checkRange(change.range, `contentChanges[${i}].range`));
      } catch (error) {
        if (!isInvalidParams(error)) throw error;
        refused(error);
        edited(document.uri, document.version, version, []);
        return new ModelDocument(document.uri, document.languageId, version, document.model);
      }
      const { model, edits } = applyChanges(codec, document, changes);
      edited(document.uri, document.version, version, edits);
      return new ModelDocument(document.uri, document.languageId, version, model);
    },
  };
}

/** The model after `changes`, each converted on the text the previous one left, and the edits in UTF-16. */
function applyChanges(
  codec: PositionCodec,
  document: ModelDocument,
  changes: TextDocumentContentChangeEvent[],
): { model: TextModel; edits: TextEdit[] | undefined } {
  let current = document;
  let edits: TextEdit[] | undefined = [];
  for (const change of changes) {
    if (!('range' in change)) {
      edits = undefined;
      current = new ModelDocument(document.uri, document.languageId, document.version, TextModel.from(change.text));
      continue;
    }
    const range = codec.rangeFromWire(current, change.range);
    // A range whose end comes before its start is read the other way round, as `TextDocument.update` does.
    const a = current.offsetAt(range.start);
    const b = current.offsetAt(range.end);
    const start = Math.min(a, b);
    const end = Math.max(a, b);
    edits?.push({ start, end, text: change.text });
    current = new ModelDocument(document.uri, document.languageId, document.version, current.model.edit(start, end, change.text));
  }
  return { model: current.model, edits };
}
