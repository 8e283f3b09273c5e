/**
 * How a number reads in each UI language: the one home for every figure a user sees (messages, hovers, lenses,
 * boards, the CLI's text). The digits are the ones `toFixed` (or the caller's own rounding, e.g. Python's `round`)
 * gives, so a score reads digit for digit the same in English and French; the locale's decimal separator, from
 * Intl.NumberFormat, replaces the point: `0.4123` is `0,4123` in French.
 * No digit grouping: an id, a line or a count reads the same in both languages.
 */
import type { Locale } from './tag';

const TAGS: Record<Locale, string> = { en: 'en-US', fr: 'fr-FR' };

const separators = new Map<Locale, string>();

/** The locale's decimal separator, read once from Intl.NumberFormat. */
function decimalSeparator(locale: Locale): string {
  let found = separators.get(locale);
  if (found === undefined) {
    found = new Intl.NumberFormat(TAGS[locale] ?? TAGS.en).formatToParts(1.5).find((p) => p.type === 'decimal')?.value ?? '.';
    separators.set(locale, found);
  }
  return found;
}

/**
 * A number already written with JavaScript's digits (`-12.5`, `1.2e+21`, `0.00088`) with the locale's decimal
 * separator. Anything else in the text is kept.
 */
export function localDigits(text: string, locale: Locale): string {
  if (locale === 'en') return text;
  const separator = decimalSeparator(locale);
  return text.replace(/(\d)\.(?=\d)/g, `$1${separator}`);
}

/** `value` with exactly `digits` decimals, with the locale's separator; never `-0.0`. */
export function decimal(value: number, digits: number, locale: Locale): string {
  if (!Number.isFinite(value)) return String(value);
  const text = value.toFixed(digits);
  return localDigits(/^-0(\.0*)?$/.test(text) ? text.slice(1) : text, locale);
}

/** `value` as JavaScript writes it (the shortest text that reads back the same), with the locale's separator. */
export function numberText(value: number, locale: Locale): string {
  return localDigits(String(value), locale);
}

/** A percentage (`percent` already ×100) with `digits` decimals: `41.2%` in English, `41,2 %` (no-break space) in French. */
export function percentText(percent: number, digits: number, locale: Locale): string {
  const text = decimal(percent, digits, locale);
  return locale === 'fr' ? `${text}\u00a0%` : `${text}%`;
}
