import { pyRound } from '../../python/round';

/**
 * Cost-adjusted score (Scoring Specification §6.3): composite / log2(1 + cost_per_entry_usd × 1000), rounded to
 * 4 decimals. The ×1000 puts a tenth of a cent per entry at a divisor of exactly 1, so cheaper methods are
 * lifted above their composite and dearer ones pushed below it. Null when either input is null; a run that
 * cost nothing (or reports a non-positive cost) keeps its composite, since the logarithm would be 0 or negative.
 */
export function costAdjustedScore(composite: number | null, costPerEntryUsd: number | null): number | null {
  if (composite === null || costPerEntryUsd === null) return null;
  if (!Number.isFinite(composite) || !Number.isFinite(costPerEntryUsd)) {
    throw new RangeError(`cost-adjusted score needs finite numbers, got composite ${composite} and cost ${costPerEntryUsd}`);
  }
  if (costPerEntryUsd <= 0) return composite;
  return pyRound(composite / Math.log2(1 + costPerEntryUsd * 1000), 4);
}
