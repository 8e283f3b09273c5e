import type { Position, Span, TextRange } from '../../core/text/lineIndex';

/**
 * The flat line table the server kept before the text model (`core/text/textModel.ts`): one array of line starts
 * per text. Kept for tests only, as the oracle the model's positions are checked against.
 */
export class LineIndex {
  private readonly starts: number[];

  constructor(private readonly text: string) {
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
