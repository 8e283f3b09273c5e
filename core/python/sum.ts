/**
 * How Python's built-in `sum()` adds floats: from CPython 3.12 on it compensates rounding errors
 * (Neumaier); before, it added one by one. The harness sums the active weights with `sum()`, and the two give
 * different floats for some sets of categories (0.12 + 0.12 + 0.1 + 0.1 is 0.43999999999999995 added one by
 * one), which moves a partial run's ÈwéScore across a rounding tie now and then.
 */
export type PythonSum = 'compensated' | 'sequential';

/** `sum(values)` as the given Python version computes it. */
export function pythonSum(values: readonly number[], mode: PythonSum): number {
  let total = 0;
  let compensation = 0;
  for (const x of values) {
    const t = total + x;
    if (mode === 'compensated') compensation += Math.abs(total) >= Math.abs(x) ? total - t + x : x - t + total;
    total = t;
  }
  return mode === 'compensated' && compensation !== 0 && Number.isFinite(compensation) ? total + compensation : total;
}
