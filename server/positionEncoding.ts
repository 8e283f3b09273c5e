import { ErrorCodes, ResponseError, type TextDocumentContentChangeEvent } from 'vscode-languageserver';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { Position, TextRange } from '../core/document/lineIndex';
import type { Locale } from '../core/i18n/locale';
import { msg } from '../core/rules/messages';

/**
 * Positions on the wire count characters in the encoding the client and server agreed on; the core (LineIndex,
 * jsonc-parser, TextDocument) counts UTF-16 code units. Every position that crosses the wire goes through here.
 */
export type PositionEncoding = 'utf-8' | 'utf-16';

/** `utf-16` unless the client offers `utf-8` (UTF-16 is what every client must support; UTF-8 saves it a conversion). */
export function negotiatePositionEncoding(offered: unknown): PositionEncoding {
  return Array.isArray(offered) && offered.includes('utf-8') ? 'utf-8' : 'utf-16';
}

/** LSP's `uinteger`: line and character are whole numbers from 0 to 2^31 - 1. */
export const MAX_UINTEGER = 2 ** 31 - 1;

/** What a malformed value looked like, short enough for an error message. */
function shown(value: unknown): string {
  let text: string;
  try {
    text = JSON.stringify(value) ?? String(value);
  } catch {
    text = String(value);
  }
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}

function isUinteger(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= MAX_UINTEGER;
}

/** A position whose line and character are LSP `uinteger`s; anything else (a string, -1, 1.5, 1e20, missing) is not. */
export function isWirePosition(value: unknown): value is Position {
  return typeof value === 'object' && value !== null && isUinteger((value as Position).line) && isUinteger((value as Position).character);
}

/** The error a request with a malformed position or range is answered with: JSON-RPC InvalidParams (-32602). */
export function invalidParams(locale: Locale, field: string, value: unknown, range = false): ResponseError<void> {
  return new ResponseError(ErrorCodes.InvalidParams, msg(locale, range ? 'invalidRange' : 'invalidPosition', { field, value: shown(value) }));
}

/** Whether a handler's throw is a deliberate InvalidParams answer (the guard passes those on instead of answering neutrally). */
export function isInvalidParams(error: unknown): error is ResponseError<void> {
  return error instanceof ResponseError && error.code === ErrorCodes.InvalidParams;
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
  // Counting from a start that is not an index of the text would never meet a line end.
  if (!Number.isSafeInteger(lineStart) || lineStart < 0) return 0;
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
  if (!Number.isSafeInteger(lineStart) || lineStart < 0) return 0;
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
  /** The language of the errors a malformed position is answered with. */
  locale: Locale = 'en';

  /**
   * A position a client sent, checked before anything counts with it: a line or character that is not a whole
   * number from 0 to 2^31 - 1 throws InvalidParams (`field` names it in the message). Every request position and
   * range goes through here (`fromWire`, `rangeFromWire`, `AnalysisCache.read`), in both encodings.
   */
  checkPosition(value: unknown, field = 'position'): Position {
    if (!isWirePosition(value)) throw invalidParams(this.locale, field, value);
    return value;
  }

  /** A range a client sent: an object with a valid `start` and `end` (see `checkPosition`). */
  checkRange(value: unknown, field = 'range'): TextRange {
    if (typeof value !== 'object' || value === null) throw invalidParams(this.locale, field, value, true);
    const range = value as TextRange;
    this.checkPosition(range.start, `${field}.start`);
    this.checkPosition(range.end, `${field}.end`);
    return range;
  }

  /** A core (UTF-16) position of `text` as the client counts it. */
  toWire(text: string, lines: LineStarts, position: Position): Position {
    if (this.encoding === 'utf-16') return position;
    const start = lines.offsetAt({ line: position.line, character: 0 });
    return { line: position.line, character: utf8Column(text, start, position.character) };
  }

  /** A client position in `text` as the core counts it. */
  fromWire(text: string, lines: LineStarts, position: Position): Position {
    this.checkPosition(position);
    if (this.encoding === 'utf-16') return position;
    const start = lines.offsetAt({ line: position.line, character: 0 });
    return { line: position.line, character: utf16Column(text, start, position.character) };
  }

  rangeToWire(text: string, lines: LineStarts, range: TextRange): TextRange {
    if (this.encoding === 'utf-16') return range;
    return { start: this.toWire(text, lines, range.start), end: this.toWire(text, lines, range.end) };
  }

  rangeFromWire(text: string, lines: LineStarts, range: TextRange): TextRange {
    this.checkRange(range);
    if (this.encoding === 'utf-16') return range;
    return { start: this.fromWire(text, lines, range.start), end: this.fromWire(text, lines, range.end) };
  }

  /**
   * Content changes as the core counts them. Each change's range refers to the text the previous one left, so with
   * several changes they are applied to a scratch copy as they are converted (one change, the usual case, needs none).
   */
  changesFromWire(document: TextDocument, changes: TextDocumentContentChangeEvent[]): TextDocumentContentChangeEvent[] {
    changes.forEach((change, i) => 'range' in change && this.checkRange(change.range, `contentChanges[${i}].range`));
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
   * encoding are converted before `update` (by default `TextDocument.update`) sees them. A change with a malformed
   * range cannot be applied: it is `refused` (logged) and the text stays as it was, at the new version.
   */
  documents(
    update: (document: TextDocument, changes: TextDocumentContentChangeEvent[], version: number) => TextDocument = TextDocument.update,
    refused: (error: unknown) => void = () => undefined,
  ) {
    return {
      create: (uri: string, languageId: string, version: number, content: string) => TextDocument.create(uri, languageId, version, content),
      update: (document: TextDocument, changes: TextDocumentContentChangeEvent[], version: number): TextDocument => {
        let converted: TextDocumentContentChangeEvent[];
        try {
          converted = this.changesFromWire(document, changes);
        } catch (error) {
          if (!isInvalidParams(error)) throw error;
          refused(error);
          return TextDocument.create(document.uri, document.languageId, version, document.getText());
        }
        return update(document, converted, version);
      },
    };
  }
}
