/**
 * The bounds of a run's numbers, one table for the CLI's flags, the editor's settings (package.json repeats
 * them as `minimum`/`maximum`; a test keeps the two equal) and the runner's own check. Past them a run would
 * exhaust memory (`--repeat 5e7`), never start a call (a timeout of 0) or never give up on one (1e12 s).
 */
export interface NumberLimit {
  min: number;
  max: number;
  /** Whole numbers only. */
  integer: boolean;
  /** How the value is said in a message: `a whole number`, `a number of seconds`. */
  noun: string;
}

export const RUN_LIMITS = {
  repeat: { min: 1, max: 100, integer: true, noun: 'a whole number' },
  concurrency: { min: 1, max: 64, integer: true, noun: 'a whole number' },
  timeoutSeconds: { min: 0.1, max: 3600, integer: false, noun: 'a number of seconds' },
  retries: { min: 0, max: 10, integer: true, noun: 'a whole number' },
  maxRetryWaitSeconds: { min: 0, max: 3600, integer: false, noun: 'a number of seconds' },
  maxResponseMiB: { min: 0.001, max: 1024, integer: false, noun: 'a number of MiB' },
  batchSize: { min: 1, max: 1000, integer: true, noun: 'a whole number' },
} as const satisfies Record<string, NumberLimit>;

export type RunLimitName = keyof typeof RUN_LIMITS;

/** True when `value` is a finite number inside the limit (and whole when it must be). */
export function withinLimit(value: unknown, limit: NumberLimit): value is number {
  return typeof value === 'number' && Number.isFinite(value) && value >= limit.min && value <= limit.max && (!limit.integer || Number.isInteger(value));
}

/** `a whole number from 1 to 100`: the allowed range in words, for usage errors and warnings. */
export function describeLimit(limit: NumberLimit): string {
  return `${limit.noun} from ${limit.min} to ${limit.max}`;
}
