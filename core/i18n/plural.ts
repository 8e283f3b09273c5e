/**
 * Singular or plural: the one home for choosing between a message's two forms by its count, in both UI
 * languages. CLDR's rules, through Intl.PluralRules: English says "1 entry" and "0 entries", French says
 * "1 entrée" and "0 entrée" (0 and 1 take the singular); larger French categories ("many") take the plural.
 */
import { toLocale } from './tag';

export interface PluralForms {
  one: string;
  other: string;
}

const rules = new Map<string, Intl.PluralRules>();

/** Whether `count` takes the singular form in `locale` (a VS Code language tag, e.g. `fr`, `en-GB`). */
export function isSingular(count: number, locale: string | undefined): boolean {
  const tag = toLocale(locale);
  let rule = rules.get(tag);
  if (!rule) {
    rule = new Intl.PluralRules(tag);
    rules.set(tag, rule);
  }
  return rule.select(count) === 'one';
}

/** The form of `forms` that `count` takes in `locale`. */
export function plural(count: number, locale: string | undefined, forms: PluralForms): string {
  return isSingular(count, locale) ? forms.one : forms.other;
}

/** `count` and the noun that agrees with it, `1 call` or `3 calls` (English unless `locale` says otherwise). */
export function counted(count: number, one: string, other: string, locale?: string): string {
  return `${count} ${plural(count, locale ?? 'en', { one, other })}`;
}
