/**
 * A small word diff of two responses, for showing what changed between two runs' answers. Tokens are words and
 * the whitespace between them (so joining the parts gives each text back exactly). The common prefix and suffix
 * are cut first; the middle is an LCS table, bounded: past `MAX_DIFF_CELLS` cells (two long, different texts) the
 * middle is shown as one deletion and one insertion, so the cost stays linear past the bound. Pure.
 */
export type DiffOp = 'equal' | 'delete' | 'insert';

export interface DiffPart {
  op: DiffOp;
  text: string;
}

/** At most this many cells in the LCS table (a 700 × 700-token middle). */
export const MAX_DIFF_CELLS = 500_000;

export function wordTokens(text: string): string[] {
  return text.split(/(\s+)/u).filter((t) => t !== '');
}

function push(parts: DiffPart[], op: DiffOp, text: string): void {
  if (text === '') return;
  const last = parts.at(-1);
  if (last && last.op === op) last.text += text;
  else parts.push({ op, text });
}

/** `a` → `b`: the parts in order; deletions come before insertions at each change. */
export function wordDiff(a: string, b: string): DiffPart[] {
  const x = wordTokens(a);
  const y = wordTokens(b);
  let start = 0;
  while (start < x.length && start < y.length && x[start] === y[start]) start++;
  let endX = x.length;
  let endY = y.length;
  while (endX > start && endY > start && x[endX - 1] === y[endY - 1]) {
    endX--;
    endY--;
  }
  const parts: DiffPart[] = [];
  push(parts, 'equal', x.slice(0, start).join(''));
  const mx = x.slice(start, endX);
  const my = y.slice(start, endY);
  if ((mx.length + 1) * (my.length + 1) > MAX_DIFF_CELLS || mx.length === 0 || my.length === 0) {
    push(parts, 'delete', mx.join(''));
    push(parts, 'insert', my.join(''));
  } else {
    // lcs[i][j]: the longest common subsequence of mx[i..] and my[j..], in one flat array.
    const w = my.length + 1;
    const lcs = new Uint32Array((mx.length + 1) * w);
    for (let i = mx.length - 1; i >= 0; i--)
      for (let j = my.length - 1; j >= 0; j--)
        lcs[i * w + j] = mx[i] === my[j] ? lcs[(i + 1) * w + j + 1] + 1 : Math.max(lcs[(i + 1) * w + j], lcs[i * w + j + 1]);
    let i = 0;
    let j = 0;
    while (i < mx.length && j < my.length) {
      if (mx[i] === my[j]) {
        push(parts, 'equal', mx[i]);
        i++;
        j++;
      } else if (lcs[(i + 1) * w + j] >= lcs[i * w + j + 1]) push(parts, 'delete', mx[i++]);
      else push(parts, 'insert', my[j++]);
    }
    while (i < mx.length) push(parts, 'delete', mx[i++]);
    while (j < my.length) push(parts, 'insert', my[j++]);
  }
  push(parts, 'equal', x.slice(endX).join(''));
  return parts;
}
