/**
 * Appends `more` to `into` one by one. `into.push(...more)` passes each item as an argument, and a call takes
 * only so many: past some 100,000 items (a corpus of a million entries' findings, a board of 200,000 cards) it
 * throws a RangeError ("Maximum call stack size exceeded"). The same holds for `Math.max(...items)`: use a loop.
 */
export function appendAll<T>(into: T[], more: readonly T[]): void {
  for (const item of more) into.push(item);
}
