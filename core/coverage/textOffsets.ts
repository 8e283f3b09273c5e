import type { Span } from '../text/lineIndex';

/**
 * Maps indices in a decoded JSON string to offsets in the document text. `valueSpan` covers the quoted string
 * as written; escapes (`\u00d0`, `\n`, surrogate pairs) make the two differ.
 */
export function stringOffsets(text: { slice(start: number, end: number): string }, valueSpan: Span): (index: number, length?: number) => Span {
  const rawStart = valueSpan.start + 1;
  const raw = text.slice(rawStart, valueSpan.end - 1);
  if (!raw.includes('\\')) return (index, length = 1) => ({ start: rawStart + index, end: rawStart + index + length });
  // starts[i] is the raw offset of decoded code unit i; one extra entry marks the end.
  const starts: number[] = [];
  for (let i = 0; i < raw.length;) {
    if (raw[i] !== '\\') {
      starts.push(i);
      i++;
    } else if (raw[i + 1] === 'u') {
      starts.push(i);
      i += 6;
    } else {
      starts.push(i);
      i += 2;
    }
  }
  starts.push(raw.length);
  return (index, length = 1) => ({ start: rawStart + starts[index], end: rawStart + starts[Math.min(index + length, starts.length - 1)] });
}
