import { ErrorCodes, ResponseError } from 'vscode-languageserver';
import type { Position, TextRange } from '../core/text/lineIndex';
import type { Locale } from '../core/i18n/locale';
import { msg } from '../core/rules/messages';

/**
 * Positions on the wire count characters in the encoding the client and server agreed on; the core (the text
 * model, jsonc-parser, the documents) counts UTF-16 code units. Every position that crosses the wire goes through here.
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

/** Anything that gives a line's text (the core's text model, an open document): UTF-8 columns are counted on it. */
export interface LineTexts {
  lineText(line: number): string;
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

  /** A core (UTF-16) position of a text (read line by line through `lines`) as the client counts it. */
  toWire(lines: LineTexts, position: Position): Position {
    if (this.encoding === 'utf-16') return position;
    return { line: position.line, character: utf8Column(lines.lineText(position.line), 0, position.character) };
  }

  /** A client position in a text as the core counts it. */
  fromWire(lines: LineTexts, position: Position): Position {
    this.checkPosition(position);
    if (this.encoding === 'utf-16') return position;
    return { line: position.line, character: utf16Column(lines.lineText(position.line), 0, position.character) };
  }

  rangeToWire(lines: LineTexts, range: TextRange): TextRange {
    if (this.encoding === 'utf-16') return range;
    return { start: this.toWire(lines, range.start), end: this.toWire(lines, range.end) };
  }

  rangeFromWire(lines: LineTexts, range: TextRange): TextRange {
    this.checkRange(range);
    if (this.encoding === 'utf-16') return range;
    return { start: this.fromWire(lines, range.start), end: this.fromWire(lines, range.end) };
  }
}
