/** Small timing helpers shared by the benchmark scripts (they print figures; nothing here asserts). */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** Nearest-rank percentile, the usual choice for latency figures. */
export function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
  return sorted[rank - 1];
}

/** Warm-up runs before timing: a language server validates the same code paths again and again. */
export const WARM_UPS = 10;

/** Runs `fn` `runs` times after the warm-ups and returns each run's milliseconds. */
export function timeRuns(runs: number, fn: () => void): number[] {
  for (let i = 0; i < WARM_UPS; i++) fn();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = process.hrtime.bigint();
    fn();
    times.push(Number(process.hrtime.bigint() - t0) / 1e6);
  }
  return times;
}

export const fmt = (ms: number) => `${ms.toFixed(1)} ms`;
export const ratio = (a: number, b: number) => `${(a / b).toFixed(2)}x`;
