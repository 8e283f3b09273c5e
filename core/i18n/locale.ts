/**
 * The two UI languages. Every user-facing string in core/ is keyed by message id and written in both;
 * anything that is not French falls back to English.
 */
import { numberText } from './number';
import { isSingular } from './plural';
import { toLocale, type Locale } from './tag';

export { toLocale, type Locale };

export type Params = Record<string, string | number>;

/**
 * A message in both languages; `{name}` placeholders are filled from params, and `{name|one|other}` is the word
 * that agrees with the number `name` (`{count|entry|entries}`, `{count|entrée|entrées}`), by core/i18n/plural.
 */
export interface Bilingual {
  en: string;
  fr: string;
}

export function format(template: string, params: Params = {}): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => (key in params ? String(params[key]) : whole));
}

/**
 * `message` in `locale`, its placeholders filled; a number among the params reads as the locale writes it
 * (`0,5` in French), through `numberText`, the one home of figures.
 */
export function pick(message: Bilingual, locale: Locale, params?: Params): string {
  const template = params ? agree(message[locale] ?? message.en, params, locale) : (message[locale] ?? message.en);
  return format(template, params && localParams(params, locale));
}

/** `template` with `{name|one|other}` agreeing with its numbers and placeholders filled, numbers written as given (ids, seeds). */
export function formatAgreeing(template: string, params: Params, locale: Locale): string {
  return format(agree(template, params, locale), params);
}

/** `{name|one|other}`: the form the number `name` takes in `locale` (left as written when `name` is no number). */
function agree(template: string, params: Params, locale: Locale): string {
  return template.replace(/\{(\w+)\|([^|{}]*)\|([^|{}]*)\}/g, (whole, key: string, one: string, other: string) => {
    const value = params[key];
    return typeof value === 'number' ? (isSingular(value, locale) ? one : other) : whole;
  });
}

function localParams(params: Params, locale: Locale): Params {
  if (locale === 'en') return params;
  const out: Params = {};
  for (const [key, value] of Object.entries(params)) out[key] = typeof value === 'number' ? numberText(value, locale) : value;
  return out;
}
