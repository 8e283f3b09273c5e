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

/** Converts offsets to positions with a table of line starts built once per text. */
export class LineIndex {
  private readonly starts: number[];

  constructor(
    private readonly text: string,
    shiftedStarts?: number[],
  ) {
    if (shiftedStarts) {
      this.starts = shiftedStarts;
      return;
    }
    const starts = [0];
    if (text.indexOf('\r') < 0) {
      // The common case: indexOf runs natively, several times faster than a loop over every character.
      for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
    } else {
      for (let i = 0; i < text.length; i++) {
        const c = text.charCodeAt(i);
        if (c === 10) starts.push(i + 1);
        else if (c === 13) {
          if (text.charCodeAt(i + 1) === 10) i++;
          starts.push(i + 1);
        }
      }
    }
    this.starts = starts;
  }

  /**
   * The index of `newText`, which is this text with [start, end) replaced by `inserted`: line starts before the
   * edit are kept, those after it shifted. Undefined when a carriage return is involved (a full scan decides).
   */
  afterEdit(start: number, end: number, inserted: string, newText: string): LineIndex | undefined {
    if (inserted.includes('\r') || this.text.charCodeAt(start - 1) === 13 || this.text.charCodeAt(end) === 13 || this.text.slice(start, end).includes('\r'))
      return undefined;
    const delta = inserted.length - (end - start);
    const starts: number[] = [];
    let i = 0;
    for (; i < this.starts.length && this.starts[i] <= start; i++) starts.push(this.starts[i]);
    for (let nl = inserted.indexOf('\n'); nl >= 0; nl = inserted.indexOf('\n', nl + 1)) starts.push(start + nl + 1);
    for (; i < this.starts.length; i++) if (this.starts[i] > end) starts.push(this.starts[i] + delta);
    return new LineIndex(newText, starts);
  }

  get lineCount(): number {
    return this.starts.length;
  }

  positionAt(offset: number): Position {
    const clamped = Math.max(0, Math.min(offset, this.text.length));
    let lo = 0;
    let hi = this.starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.starts[mid] <= clamped) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo, character: clamped - this.starts[lo] };
  }

  offsetAt(position: Position): number {
    if (position.line >= this.starts.length) return this.text.length;
    if (position.line < 0) return 0;
    const lineStart = this.starts[position.line];
    const next = position.line + 1 < this.starts.length ? this.starts[position.line + 1] : this.text.length;
    return Math.min(lineStart + Math.max(0, position.character), next);
  }

  rangeOf(span: Span): TextRange {
    return { start: this.positionAt(span.start), end: this.positionAt(span.end) };
  }
}
