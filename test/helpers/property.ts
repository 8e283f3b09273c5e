// One seed policy for every property-based test (fast-check): CI runs a fixed seed and a fixed number of runs,
// so a failure there is reproduced by the same command; locally EWEBENCH_PROPERTY_RUNS asks for more runs and
// EWEBENCH_PROPERTY_SEED replays a seed that fast-check printed.
import type { Parameters as FcParameters } from 'fast-check';

/** The seed CI uses for every property (any fixed number would do; this one is just ours). */
export const CI_SEED = 20261128;

function intFromEnv(name: string): number | undefined {
  const raw = process.env[name];
  if (raw === undefined || raw.trim() === '') return undefined;
  const n = Number(raw);
  return Number.isSafeInteger(n) ? n : undefined;
}

/**
 * fast-check parameters for one property: `runs` is the count CI runs (keep `npm test` within its time);
 * locally EWEBENCH_PROPERTY_RUNS multiplies nothing, it replaces the count.
 */
export function propertyRuns<T = unknown>(runs: number): FcParameters<T> {
  const seed = intFromEnv('EWEBENCH_PROPERTY_SEED') ?? (process.env.CI ? CI_SEED : undefined);
  const numRuns = intFromEnv('EWEBENCH_PROPERTY_RUNS') ?? runs;
  return seed === undefined ? { numRuns } : { numRuns, seed };
}
