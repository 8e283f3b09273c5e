import { pyFloatRepr } from '../../core/python/json';
import { pyRound } from '../../core/python/round';
import type { L10n } from './l10n';

/** `850 ms` under a second, `1.2 s` above: what a lens has room for. */
export function formatLatency(ms: number, l10n: L10n): string {
  if (!Number.isFinite(ms) || ms < 0) return '';
  return ms < 1000 ? l10n.t('{0} ms', Math.round(ms)) : l10n.t('{0} s', (ms / 1000).toFixed(1));
}

/** A score as the harness writes it: `round(score, 3)` printed by Python (`1.0`, `0.833`). */
export function formatScore(score: number): string {
  return pyFloatRepr(pyRound(score, 3));
}

/** `0.833 ± 0.021`; the standard error is undefined for one scored run, shown as the mean alone. */
export function formatMeanSe(mean: number, standardError: number | null): string {
  return standardError === null ? formatScore(mean) : `${formatScore(mean)} ± ${formatScore(standardError)}`;
}

/** Collapses whitespace and cuts long text for one-line places (lens titles, test messages). */
export function oneLine(text: string, max = 80): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

/** USD with enough digits to see small per-run costs. */
export function formatCost(usd: number): string {
  return usd >= 1 ? `$${usd.toFixed(2)}` : `$${usd.toPrecision(2)}`;
}
