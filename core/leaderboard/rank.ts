/**
 * Ranking shared by the ÈwéBench and Rosetta boards: competition ranks by score (equal scores share a rank:
 * 1, 2, 2, 4), and ties where the score intervals of neighbouring rows overlap, so a board never suggests an
 * order the data does not establish.
 */

/** A score's interval: from the file (the harness's bootstrap it recorded) or bootstrapped here from its items. */
export interface Interval {
  lower: number;
  upper: number;
  source: 'card' | 'results' | 'bootstrap' | 'standard-error';
}

export interface Rankable {
  rank: number | null;
  tie: boolean;
}

/** Whether two intervals share a point (closed intervals). */
export function overlaps(a: Interval, b: Interval): boolean {
  return a.lower <= b.upper && b.lower <= a.upper;
}

/**
 * Sorts rows by score (highest first; `tieBreak` orders equal scores), gives each its competition rank, and marks
 * `tie` on a row whose interval overlaps the row above or below it. Rows without an interval tie only on equal
 * scores. Mutates the rows' `rank` and `tie`; returns them in rank order.
 */
export function assignRanks<R extends Rankable>(
  rows: readonly R[],
  score: (r: R) => number | null,
  interval: (r: R) => Interval | null,
  tieBreak: (a: R, b: R) => number,
): R[] {
  const sorted = [...rows].sort((a, b) => (score(b) ?? -Infinity) - (score(a) ?? -Infinity) || tieBreak(a, b));
  sorted.forEach((row, i) => {
    const previous = sorted[i - 1];
    row.rank = previous && score(previous) === score(row) ? (previous.rank ?? i + 1) : i + 1;
    row.tie = false;
  });
  for (let i = 1; i < sorted.length; i++) {
    const a = sorted[i - 1];
    const b = sorted[i];
    const ia = interval(a);
    const ib = interval(b);
    if (score(a) === score(b) || (ia && ib && overlaps(ia, ib))) a.tie = b.tie = true;
  }
  return sorted;
}
