/**
 * The two UI languages, and which one a language tag (VS Code's display language, `LANG`) asks for: French for
 * any `fr…`, English otherwise.
 */
export type Locale = 'en' | 'fr';

export function toLocale(tag: string | undefined | null): Locale {
  return tag && tag.toLowerCase().startsWith('fr') ? 'fr' : 'en';
}
