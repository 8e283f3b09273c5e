import { pyFloatRepr } from '../../core/python/json';
import { pyRound } from '../../core/python/round';
import { decimal, localDigits } from '../../core/i18n/number';
import type { L10n } from './l10n';

/** The figures of the pure modules in the user's language (`0,833` in French), through core's one number home. */
const localeOf = (l10n: L10n | undefined) => l10n?.locale ?? 'en';

/** `850 ms` under a second, `1.2 s` above: what a lens has room for. */
export function formatLatency(ms: number, l10n: L10n): string {
  if (!Number.isFinite(ms) || ms < 0) return '';
  return ms < 1000 ? l10n.t('{0} ms', Math.round(ms)) : l10n.t('{0} s', decimal(ms / 1000, 1, localeOf(l10n)));
}

/** A score as the harness writes it: `round(score, 3)` printed by Python (`1.0`, `0.833`). */
export function formatScore(score: number, l10n?: L10n): string {
  return localDigits(pyFloatRepr(pyRound(score, 3)), localeOf(l10n));
}

/** `0.833 ± 0.021`; the standard error is undefined for one scored run, shown as the mean alone. */
export function formatMeanSe(mean: number, standardError: number | null, l10n?: L10n): string {
  return standardError === null ? formatScore(mean, l10n) : `${formatScore(mean, l10n)} ± ${formatScore(standardError, l10n)}`;
}

/** Collapses whitespace and cuts long text for one-line places (lens titles, test messages). */
export function oneLine(text: string, max = 80): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

/** USD with enough digits to see small per-run costs: `$0.0012`, in French `0,0012 $`. */
export function formatCost(usd: number, l10n?: L10n): string {
  const digits = usd >= 1 ? usd.toFixed(2) : usd.toPrecision(2);
  return localeOf(l10n) === 'fr' ? `${localDigits(digits, 'fr')}\u00a0$` : `$${digits}`;
}

/** A figure with `digits` decimals in the user's language. */
export function formatFixed(value: number, digits: number, l10n?: L10n): string {
  return decimal(value, digits, localeOf(l10n));
}
