import { pyStrip } from '../text/python';

/**
 * Final answers of the prompt framework's reasoning tasks (`<reasoning> #### <answer>`). The strict reading is
 * the reference's: split on "####" and take what follows the last marker. Without a marker, a tolerant reading
 * looks for the last standalone option letter or the last number; it is labelled `fallback` so it is never
 * mixed silently with strict results.
 */
export type ExtractionMethod = 'strict' | 'fallback' | 'none';

export interface Extraction<T> {
  value: T | null;
  method: ExtractionMethod;
}

const MARKER = '####';

function afterMarker(response: string): string | undefined {
  const parts = response.split(MARKER);
  return parts.length > 1 ? pyStrip(parts[parts.length - 1]) : undefined;
}

/** A multiple-choice letter among `options` (default A–D). */
export function extractLetter(response: string, options: readonly string[] = ['A', 'B', 'C', 'D']): Extraction<string> {
  const upper = options.map((o) => o.toUpperCase());
  const strict = afterMarker(response);
  if (strict !== undefined) {
    const letter = strict.replace(/^[([]|[)\].:]$/g, '').toUpperCase();
    return upper.includes(letter) ? { value: letter, method: 'strict' } : { value: null, method: 'none' };
  }
  // Last letter that stands alone: not inside a word ("A" in "Abla" does not count).
  const pattern = new RegExp(`(?<![\\p{L}\\p{N}])(${upper.map(escape).join('|')})(?![\\p{L}\\p{N}])`, 'gu');
  let last: string | null = null;
  for (const m of response.toUpperCase().matchAll(pattern)) last = m[1];
  return last ? { value: last, method: 'fallback' } : { value: null, method: 'none' };
}

function escape(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * Reads a number written with thousands separators (`1,234`, `1 234`, `1.234.567`) or a decimal comma (`3,5`).
 * A single separator followed by exactly three digits is read as thousands, as in "1,234".
 */
export function parseNumber(text: string): number | null {
  const cleaned = text.trim().replace(/[\u00a0\u202f ]/g, ' ');
  if (!/^[-+−]?\d[\d., ]*$/.test(cleaned)) return null;
  let s = cleaned.replace(/^−/, '-').replace(/ /g, '');
  const commas = (s.match(/,/g) ?? []).length;
  const dots = (s.match(/\./g) ?? []).length;
  if (commas && dots) {
    // The later separator is the decimal one: 1,234.5 or 1.234,5
    s = s.lastIndexOf(',') > s.lastIndexOf('.') ? s.replace(/\./g, '').replace(',', '.') : s.replace(/,/g, '');
  } else if (commas > 1 || (commas === 1 && /,\d{3}$/.test(s))) s = s.replace(/,/g, '');
  else if (commas === 1) s = s.replace(',', '.');
  else if (dots > 1) s = s.replace(/\./g, '');
  const value = Number(s);
  return Number.isFinite(value) ? value : null;
}

const NUMBER = /[-+−]?\d(?:[\d,.\u00a0\u202f]*\d)?/gu;

export function extractNumber(response: string): Extraction<number> {
  const strict = afterMarker(response);
  if (strict !== undefined) {
    const first = strict.match(NUMBER)?.[0];
    const value = first === undefined ? null : parseNumber(first);
    return value === null ? { value: null, method: 'none' } : { value, method: 'strict' };
  }
  const all = response.match(NUMBER);
  const value = all ? parseNumber(all[all.length - 1]) : null;
  return value === null ? { value: null, method: 'none' } : { value, method: 'fallback' };
}
