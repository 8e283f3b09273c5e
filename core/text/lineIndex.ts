/** Zero-based line and UTF-16 character, as LSP counts them. */
export interface Position {
  line: number;
  character: number;
}

export interface TextRange {
  start: Position;
  end: Position;
}

/** Offset span in the document text (UTF-16 code units, end exclusive). */
export interface Span {
  start: number;
  end: number;
}

/** Offset ↔ position for one text (the text model, `core/text/textModel.ts`, is the one implementation). */
export interface Lines {
  readonly lineCount: number;
  positionAt(offset: number): Position;
  offsetAt(position: Position): number;
  rangeOf(span: Span): TextRange;
  /** The text of a line without its line break (what UTF-8 columns are counted on). */
  lineText(line: number): string;
}
