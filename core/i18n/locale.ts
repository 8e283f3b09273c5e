/**
 * The two UI languages. Every user-facing string in core/ is keyed by message id and written in both;
 * anything that is not French falls back to English.
 */
export type Locale = 'en' | 'fr';

export function toLocale(tag: string | undefined | null): Locale {
  return tag && tag.toLowerCase().startsWith('fr') ? 'fr' : 'en';
}

export type Params = Record<string, string | number>;

/** A message in both languages; `{name}` placeholders are filled from params. */
export interface Bilingual {
  en: string;
  fr: string;
}

export function format(template: string, params: Params = {}): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => (key in params ? String(params[key]) : whole));
}

export function pick(message: Bilingual, locale: Locale, params?: Params): string {
  return format(message[locale] ?? message.en, params);
}
