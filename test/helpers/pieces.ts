/**
 * `text` cut at the given points, each taken modulo the text's length + 1, so a property can cut anywhere: inside a
 * CRLF, a quoted cell, a string, an escape, a number or a surrogate pair. The pieces joined give `text` back.
 */
export function cut(text: string, at: readonly number[]): string[] {
  const points = [...new Set(at.map((p) => p % (text.length + 1)))].sort((a, b) => a - b);
  const out: string[] = [];
  let from = 0;
  for (const p of points) {
    out.push(text.slice(from, p));
    from = p;
  }
  out.push(text.slice(from));
  return out;
}
