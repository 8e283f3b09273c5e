import { pyRound } from '../../python/round';

/**
 * Per-entry latency statistics for a run card (spec §3.6). The percentile is numpy's default
 * (`np.percentile(x, q)`, method "linear", Hyndman & Fan type 7), which the Python harness most likely uses:
 * position (n - 1) × q/100 in the sorted values, linear interpolation between the two neighbours. The
 * interpolation is written the way numpy evaluates it (from the upper neighbour when the fraction is ≥ 0.5),
 * so results agree to the last bit, e.g. the 95th percentile of [1, 2, 3, 4] is 3.8499999999999996.
 */
export interface LatencySummary {
  /** Mean: the sum in input order divided by the count (Python's `sum(x) / len(x)`). */
  avg_latency_seconds: number | null;
  /** Middle value, or the mean of the two middle values (`statistics.median`, `np.median`). */
  median_latency_seconds: number | null;
  p95_latency_seconds: number | null;
}

/** q-th percentile (0–100) of values already sorted ascending; throws on an empty array or q out of range. */
export function percentileOfSorted(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) throw new RangeError('percentile of no values');
  if (!(q >= 0 && q <= 100)) throw new RangeError(`percentile must be within 0–100, got ${q}`);
  const position = (sorted.length - 1) * (q / 100);
  const below = Math.floor(position);
  if (below >= sorted.length - 1) return sorted[sorted.length - 1];
  const a = sorted[below];
  const b = sorted[below + 1];
  const t = position - below;
  const gap = b - a;
  return t >= 0.5 ? b - gap * (1 - t) : a + gap * t;
}

export function percentile(values: readonly number[], q: number): number {
  return percentileOfSorted(
    [...values].sort((x, y) => x - y),
    q,
  );
}

function medianOfSorted(sorted: readonly number[]): number {
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

export function median(values: readonly number[]): number {
  if (values.length === 0) throw new RangeError('median of no values');
  return medianOfSorted([...values].sort((x, y) => x - y));
}

/** Mean, median and p95 of the latencies given; all null when there are none. Non-finite values throw. */
export function latencySummary(latencies: readonly number[]): LatencySummary {
  if (latencies.length === 0) return { avg_latency_seconds: null, median_latency_seconds: null, p95_latency_seconds: null };
  let sum = 0;
  for (const x of latencies) {
    if (!Number.isFinite(x)) throw new RangeError(`latency is not a finite number: ${x}`);
    sum += x;
  }
  const sorted = [...latencies].sort((x, y) => x - y);
  return {
    avg_latency_seconds: sum / latencies.length,
    median_latency_seconds: medianOfSorted(sorted),
    p95_latency_seconds: percentileOfSorted(sorted, 95),
  };
}

/**
 * Latency figures exactly as mt_eval_harness's publisher writes them into a run card (`publish.py`): over the
 * entries without an error, sorted; the mean, the element at index n // 2 as the median (the upper middle for
 * an even count, not the mean of the two), and the element at index min(int(n × 0.95), n - 1) as the 95th
 * percentile; each rounded to 3 decimals (Python rounding). All null when no entry succeeded. `latencySummary`
 * above is numpy's interpolated definition, for figures computed from scratch.
 */
export function harnessLatencySummary(latencies: readonly number[]): LatencySummary {
  const n = latencies.length;
  if (n === 0) return { avg_latency_seconds: null, median_latency_seconds: null, p95_latency_seconds: null };
  const sorted = [...latencies].sort((x, y) => x - y);
  let sum = 0;
  for (const x of sorted) {
    if (!Number.isFinite(x)) throw new RangeError(`latency is not a finite number: ${x}`);
    sum += x;
  }
  return {
    avg_latency_seconds: pyRound(sum / n, 3),
    median_latency_seconds: pyRound(sorted[n >> 1], 3),
    p95_latency_seconds: pyRound(sorted[Math.min(Math.floor(n * 0.95), n - 1)], 3),
  };
}
