import { describeLimit, withinLimit, type NumberLimit } from '../core/spec/limits';
import { UsageError } from './io';

/**
 * A numeric flag's value, checked against its limit (core/spec/limits.ts): plain decimal digits only (no `5e7`,
 * `0x10`, `Infinity` or empty value), inside the range. A bad value is a usage error naming the flag, the value
 * and the range (exit 2). `fallback` when the flag is absent.
 */
export function numberFlag(name: string, raw: string | undefined, limit: NumberLimit, fallback: number): number;
export function numberFlag(name: string, raw: string | undefined, limit: NumberLimit): number | undefined;
export function numberFlag(name: string, raw: string | undefined, limit: NumberLimit, fallback?: number): number | undefined {
  if (raw === undefined) return fallback;
  const pattern = limit.integer ? /^\d+$/ : /^\d+(\.\d+)?$/;
  const value = Number(raw);
  if (!pattern.test(raw.trim()) || !withinLimit(value, limit)) throw new UsageError(`--${name} ${JSON.stringify(raw)}: must be ${describeLimit(limit)}`);
  return value;
}
