/**
 * The script a translation prompt names for a target language: the one the corpus declares (a script subtag in
 * its language code, `crk-Latn`), else CLDR's likely subtags (`new Intl.Locale(code).maximize().script`), with
 * ISO 639-3 codes first mapped to their 639-1 form where one exists. Unknown: null, and the prompt names no
 * script (never a "Latin" default). Names are CLDR's English ones (`Intl.DisplayNames`). No Node API.
 */

/** ISO 639-3 → 639-1 for languages Rosetta corpora name with three letters (engines differ in mapping these). */
const ISO_639_3_TO_1: Readonly<Record<string, string>> = {
  aka: 'ak',
  amh: 'am',
  ara: 'ar',
  arb: 'ar',
  bam: 'bm',
  ben: 'bn',
  deu: 'de',
  ell: 'el',
  eng: 'en',
  ewe: 'ee',
  fin: 'fi',
  fra: 'fr',
  ful: 'ff',
  hau: 'ha',
  heb: 'he',
  hin: 'hi',
  ibo: 'ig',
  jpn: 'ja',
  kin: 'rw',
  kor: 'ko',
  lin: 'ln',
  lug: 'lg',
  nya: 'ny',
  orm: 'om',
  por: 'pt',
  rus: 'ru',
  sme: 'se',
  sna: 'sn',
  som: 'so',
  spa: 'es',
  swa: 'sw',
  tha: 'th',
  tir: 'ti',
  twi: 'tw',
  wol: 'wo',
  xho: 'xh',
  yor: 'yo',
  zho: 'zh',
  zul: 'zu',
};

/** The ISO 15924 code (`Ethi`), or null when neither the code nor CLDR says. */
export function scriptCode(languageCode: string | null | undefined): string | null {
  if (!languageCode) return null;
  const parts = languageCode.trim().replace(/_/g, '-').split('-');
  const language = parts[0].toLowerCase();
  const declared = parts.slice(1).find((p) => /^[A-Za-z]{4}$/.test(p));
  if (declared) return declared[0].toUpperCase() + declared.slice(1).toLowerCase();
  if (!/^[a-z]{2,3}$/.test(language) || language === 'und') return null;
  try {
    return new Intl.Locale(ISO_639_3_TO_1[language] ?? language).maximize().script ?? null;
  } catch {
    return null;
  }
}

let names: Intl.DisplayNames | undefined;

/** The script's English name for a prompt (`Ethiopic`, `Japanese`, `Latin`), or null when unknown. */
export function scriptName(languageCode: string | null | undefined): string | null {
  const code = scriptCode(languageCode);
  if (!code) return null;
  try {
    names ??= new Intl.DisplayNames(['en'], { type: 'script' });
    const name = names.of(code);
    return name && name !== code && name !== 'Unknown Script' ? name : code;
  } catch {
    return code;
  }
}

let languages: Intl.DisplayNames | undefined;

/** CLDR's English name of a language code (`en` → English, `ewe` → Ewe), or null when CLDR has none. */
export function languageName(languageCode: string | null | undefined): string | null {
  if (!languageCode) return null;
  const code = languageCode.trim().replace(/_/g, '-');
  const language = code.split('-')[0].toLowerCase();
  try {
    languages ??= new Intl.DisplayNames(['en'], { type: 'language', fallback: 'none' });
    return languages.of(ISO_639_3_TO_1[language] ?? language) ?? null;
  } catch {
    return null;
  }
}
