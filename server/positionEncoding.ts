import type { TextDocumentContentChangeEvent } from 'vscode-languageserver';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { Position, TextRange } from '../core/document/lineIndex';

/**
 * Positions on the wire count characters in the encoding the client and server agreed on; the core (LineIndex,
 * jsonc-parser, TextDocument) counts UTF-16 code units. Every position that crosses the wire goes through here.
 */
export type PositionEncoding = 'utf-8' | 'utf-16';

/** `utf-16` unless the client offers `utf-8` (UTF-16 is what every client must support; UTF-8 saves it a conversion). */
export function negotiatePositionEncoding(offered: unknown): PositionEncoding {
  return Array.isArray(offered) && offered.includes('utf-8') ? 'utf-8' : 'utf-16';
}

/** Anything that can find the offset of a line start (the core's LineIndex, a TextDocument). */
export interface LineStarts {
  offsetAt(position: Position): number;
}

/** UTF-8 bytes of the code point that starts at `i` and the UTF-16 units it spans (a lone surrogate encodes as U+FFFD). */
function codePointAt(text: string, i: number): { bytes: number; units: number } {
  const c = text.charCodeAt(i);
  if (c < 0x80) return { bytes: 1, units: 1 };
  if (c < 0x800) return { bytes: 2, units: 1 };
  if (c >= 0xd800 && c <= 0xdbff) {
    const next = text.charCodeAt(i + 1);
    if (next >= 0xdc00 && next <= 0xdfff) return { bytes: 4, units: 2 };
  }
  return { bytes: 3, units: 1 };
}

function isLineEnd(c: number): boolean {
  return c === 10 || c === 13 || Number.isNaN(c);
}

/** The UTF-8 column of a UTF-16 column on the line that starts at `lineStart` (clamped to the line's end). */
export function utf8Column(text: string, lineStart: number, utf16Column: number): number {
  let bytes = 0;
  let i = lineStart;
  const end = lineStart + utf16Column;
  while (i < end && !isLineEnd(text.charCodeAt(i))) {
    const cp = codePointAt(text, i);
    // A column inside a surrogate pair counts the whole character: the client cannot point inside it either.
    bytes += cp.bytes;
    i += cp.units;
  }
  return bytes;
}

/** The UTF-16 column of a UTF-8 column; a column inside a character stays before it, past the end goes to the end. */
export function utf16Column(text: string, lineStart: number, utf8Col: number): number {
  let bytes = 0;
  let i = lineStart;
  while (!isLineEnd(text.charCodeAt(i))) {
    const cp = codePointAt(text, i);
    if (bytes + cp.bytes > utf8Col) break;
    bytes += cp.bytes;
    i += cp.units;
  }
  return i - lineStart;
}

/** Converts positions and ranges between the core's UTF-16 and the negotiated wire encoding. */
export class PositionCodec {
  encoding: PositionEncoding = 'utf-16';

  /** A core (UTF-16) position of `text` as the client counts it. */
  toWire(text: string, lines: LineStarts, position: Position): Position {
    if (this.encoding === 'utf-16') return position;
    const start = lines.offsetAt({ line: position.line, character: 0 });
    return { line: position.line, character: utf8Column(text, start, position.character) };
  }

  /** A client position in `text` as the core counts it. */
  fromWire(text: string, lines: LineStarts, position: Position): Position {
    if (this.encoding === 'utf-16') return position;
    const start = lines.offsetAt({ line: position.line, character: 0 });
    return { line: position.line, character: utf16Column(text, start, position.character) };
  }

  rangeToWire(text: string, lines: LineStarts, range: TextRange): TextRange {
    if (this.encoding === 'utf-16') return range;
    return { start: this.toWire(text, lines, range.start), end: this.toWire(text, lines, range.end) };
  }

  rangeFromWire(text: string, lines: LineStarts, range: TextRange): TextRange {
    if (this.encoding === 'utf-16') return range;
    return { start: this.fromWire(text, lines, range.start), end: this.fromWire(text, lines, range.end) };
  }

  /**
   * Content changes as the core counts them. Each change's range refers to the text the previous one left, so with
   * several changes they are applied to a scratch copy as they are converted (one change, the usual case, needs none).
   */
  changesFromWire(document: TextDocument, changes: TextDocumentContentChangeEvent[]): TextDocumentContentChangeEvent[] {
    if (this.encoding === 'utf-16' || !changes.some((c) => 'range' in c)) return changes;
    let scratch = document;
    return changes.map((change, i) => {
      const converted = 'range' in change ? { range: this.rangeFromWire(scratch.getText(), scratch, change.range), text: change.text } : change;
      if (i < changes.length - 1) {
        if (scratch === document) scratch = TextDocument.create(document.uri, document.languageId, document.version, document.getText());
        scratch = TextDocument.update(scratch, [converted], scratch.version);
      }
      return converted;
    });
  }

  /**
   * The `TextDocuments` configuration: `TextDocument.update` applies ranges in UTF-16, so ranges in the client's
   * encoding are converted before `update` (by default `TextDocument.update`) sees them.
   */
  documents(update: (document: TextDocument, changes: TextDocumentContentChangeEvent[], version: number) => TextDocument = TextDocument.update) {
    return {
      create: (uri: string, languageId: string, version: number, content: string) => TextDocument.create(uri, languageId, version, content),
      update: (document: TextDocument, changes: TextDocumentContentChangeEvent[], version: number): TextDocument => update(document, this.changesFromWire(document, changes), version),
    };
  }
}
