import type { TextEdit } from './edit';
import type { Span } from '../text/lineIndex';

/**
 * Offsets between a text and the text a sequence of edits made of it (each edit in the offsets of the text the
 * previous one left, as the client sends them). An offset maps only where the character at it is the same one on
 * both sides: an offset inside or touching an edited range maps to nothing, as the answers read there may have
 * changed.
 */
export class EditMap {
  private readonly edits: readonly TextEdit[];
  /** The ranges of the old text the edits replaced (each widened to the earlier edits it overlaps), in edit order. */
  readonly changed: readonly Span[];

  constructor(edits: readonly TextEdit[]) {
    this.edits = edits;
    this.changed = edits.map((edit, i) => ({ start: backward(edits, i, edit.start, 'start'), end: backward(edits, i, edit.end, 'end') }));
  }

  /** No edit: every offset maps to itself. */
  get identity(): boolean {
    return this.edits.length === 0;
  }

  /** Where an offset of the new text was in the old one; undefined when it lies in or touches text an edit put there. */
  toOld(offset: number): number | undefined {
    let o = offset;
    for (let i = this.edits.length - 1; i >= 0; i--) {
      const e = this.edits[i];
      const insertedEnd = e.start + e.text.length;
      if (o > insertedEnd) o -= e.text.length - (e.end - e.start);
      else if (o >= e.start) return undefined;
    }
    return o;
  }

  /** Where an offset of the old text is in the new one; undefined when it lies in or touches a range an edit replaced. */
  toNew(offset: number): number | undefined {
    let o = offset;
    for (const e of this.edits) {
      if (o > e.end) o += e.text.length - (e.end - e.start);
      else if (o >= e.start) return undefined;
    }
    return o;
  }

  /** Whether an edit replaced or touched anything in [start, end] of the old text. */
  touches(span: Span): boolean {
    return this.changed.some((c) => c.start <= span.end && span.start <= c.end);
  }

  /** A span of the old text in the new one when no edit touched it (its text is the same), else undefined. */
  spanToNew(span: Span): Span | undefined {
    if (this.touches(span)) return undefined;
    const start = this.toNew(span.start);
    const end = this.toNew(span.end);
    return start === undefined || end === undefined ? undefined : { start, end };
  }
}

/**
 * An offset of the text edit `i` applies to, in the offsets of the original text: text an earlier edit inserted
 * stands for the whole range that edit replaced (its start for a range's start, its end for a range's end).
 */
function backward(edits: readonly TextEdit[], i: number, offset: number, side: 'start' | 'end'): number {
  let o = offset;
  for (let j = i - 1; j >= 0; j--) {
    const e = edits[j];
    const insertedEnd = e.start + e.text.length;
    if (o > insertedEnd) o -= e.text.length - (e.end - e.start);
    else if (o >= e.start) o = side === 'start' ? e.start : e.end;
  }
  return o;
}
