import { benchSizeProblem } from './benchmarkSize';
import type { Locale } from '../i18n/locale';
import type { Finding } from './finding';

/**
 * A benchmark file's own rule beyond its schema: a matrix whose axes multiply into more cells than a benchmark
 * may hold (`MAX_BENCH_CELLS`) is an error on its `axes`, said before any run plans it (the plan refuses it too).
 */
export function benchmarkSizeFindings(value: unknown, locale: Locale): Finding[] {
  const problem = benchSizeProblem(value, locale);
  return problem ? [{ code: 'benchmark-too-large', message: problem, at: { path: ['axes'] } }] : [];
}
