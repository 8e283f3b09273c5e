import { pyStrip } from '../python/str';

/**
 * Final answers of the reasoning prompts (`Response format: <reasoning> #### <letter|number>`, see prompts.ts).
 *
 * Strict reading, the reference's: `response.split("####")`, the last part, Python-stripped; it counts only
 * when that text is exactly an answer (an option letter as given, or one number). Tolerant reading, for
 * models that ignore the format: the last standalone option letter or the last number, looked for in the text
 * after the marker when there is some, else in the whole response. Every result says which reading produced
 * it, so a score can be reported strict-only, or with fallbacks counted separately — never silently mixed.
 */
export type ExtractionMethod = 'strict' | 'fallback' | 'none';

export interface Extraction<T> {
  value: T | null;
  method: ExtractionMethod;
  /** What the reference compares: the stripped text after the last marker; null when there is no marker. */
  afterMarker: string | null;
}

export const ANSWER_MARKER = '####';

/** The stripped text after the last `####`, or null when the response has none. */
export function textAfterMarker(response: string): string | null {
  const parts = response.split(ANSWER_MARKER);
  return parts.length > 1 ? pyStrip(parts[parts.length - 1]) : null;
}

/** Where the tolerant reading looks: the answer the model declared if any, else everything it wrote. */
function tolerantScope(response: string, afterMarker: string | null): string {
  return afterMarker !== null && afterMarker !== '' ? afterMarker : response;
}

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Markdown and punctuation models wrap a one-letter answer in: "**B**", "(c)", "B.", "`A`". */
const DECORATION = /^[\s*_`"'([{]+|[\s*_`"')\]}.:;,!]+$/gu;

export const DEFAULT_OPTIONS: readonly string[] = ['A', 'B', 'C', 'D'];

/**
 * A multiple-choice letter among `options` (A–D unless given). The tolerant reading accepts a decorated or
 * lower-case single letter after the marker, else the last option letter standing alone in capitals: not
 * inside a word and not carrying a combining mark ("A" in "Abla" or "Á" does not count). Lower-case letters
 * are not searched in running text, where Ewe "a" and English "a" are words.
 */
export function extractLetter(response: string, options: readonly string[] = DEFAULT_OPTIONS): Extraction<string> {
  if (options.length === 0) throw new RangeError('extractLetter needs at least one option');
  const afterMarker = textAfterMarker(response);
  if (afterMarker !== null && options.includes(afterMarker)) return { value: afterMarker, method: 'strict', afterMarker };

  const byUpper = new Map(options.map((o) => [o.toUpperCase(), o]));
  if (afterMarker !== null && afterMarker !== '') {
    const bare = afterMarker.replace(DECORATION, '').toUpperCase();
    const option = byUpper.get(bare);
    if (option !== undefined) return { value: option, method: 'fallback', afterMarker };
  }
  const alternatives = [...byUpper.keys()]
    .sort((a, b) => b.length - a.length)
    .map(escapeRegExp)
    .join('|');
  const standalone = new RegExp(`(?<![\\p{L}\\p{N}\\p{M}])(${alternatives})(?![\\p{L}\\p{N}\\p{M}])`, 'gu');
  let last: string | undefined;
  for (const m of tolerantScope(response, afterMarker).matchAll(standalone)) last = m[1];
  return last === undefined ? { value: null, method: 'none', afterMarker } : { value: byUpper.get(last) ?? last, method: 'fallback', afterMarker };
}

/**
 * How to read "." and "," in numbers. `auto` follows English usage, except that a comma which cannot be a
 * thousands separator is a decimal comma ("3,5", "0,25", "12,5"); "1,234" is 1234 and "1.234" is 1.234.
 * Pass `,` for French-style text (Togo, Bénin), where "1.234" and "1 234" are 1234 and "3,5" is 3.5.
 */
export type DecimalSeparator = '.' | ',' | 'auto';

/** Spaces used to group thousands: ordinary, no-break, narrow no-break (French typography). */
const GROUP_SPACE = /[ \u00a0\u202f]/g;

/**
 * One number written in full: optional sign (including U+2212 minus), digits, thousands groups of three
 * separated by ",", "." or a space, and at most one decimal separator. Null for anything else, including
 * grouping that is not in threes ("1,23,456") or text around the number.
 */
export function parseNumber(text: string, decimal: DecimalSeparator = 'auto'): number | null {
  const m = /^([-+\u2212]?)(\d[\d., \u00a0\u202f]*)$/u.exec(pyStrip(text));
  if (!m) return null;
  const negative = m[1] === '-' || m[1] === '\u2212';
  const body = m[2].replace(GROUP_SPACE, ' ');
  if (!/\d$/.test(body) || /[., ]{2}/.test(body)) return null;

  let point: '.' | ',' | null;
  const hasDot = body.includes('.');
  const hasComma = body.includes(',');
  if (decimal !== 'auto') point = body.includes(decimal) ? decimal : null;
  else if (hasDot && hasComma) point = body.lastIndexOf('.') > body.lastIndexOf(',') ? '.' : ',';
  else if (hasDot) point = body.indexOf('.') === body.lastIndexOf('.') ? '.' : null;
  else if (hasComma) point = body.indexOf(',') === body.lastIndexOf(',') && !/^[1-9]\d{0,2},\d{3}$/.test(body) ? ',' : null;
  else point = null;

  let integer = body;
  let fraction = '';
  if (point !== null) {
    const at = body.lastIndexOf(point);
    integer = body.slice(0, at);
    fraction = body.slice(at + 1);
    if (!/^\d+$/.test(fraction)) return null;
  }
  if (!/^\d+$/.test(integer)) {
    // Thousands grouping: one kind of separator, a first group of 1–3 digits not starting with 0, then threes.
    const separators = new Set(integer.replace(/\d/g, ''));
    if (separators.size !== 1) return null;
    const [sep] = separators;
    if (!new RegExp(`^[1-9]\\d{0,2}(?:${escapeRegExp(sep)}\\d{3})+$`).test(integer)) return null;
    integer = integer.split(sep).join('');
  }
  const value = Number(`${integer}${fraction ? `.${fraction}` : ''}`);
  if (!Number.isFinite(value)) return null;
  return negative && value !== 0 ? -value : value;
}

/**
 * Number-like runs in text: a sign only where it cannot be a hyphen ("2-3" holds 2 and 3), separators only
 * between digits, a space only before exactly three digits ("1 234" but not "12 kple 3").
 */
const NUMBER_RUN = /(?:(?<![\p{L}\p{N}])[-+\u2212])?\d+(?:(?:[.,]|[ \u00a0\u202f](?=\d{3}(?!\d)))\d+)*/gu;

/** The numbers a run of text holds, last-resort splitting a run that does not parse at its spaces. */
function numbersIn(text: string, decimal: DecimalSeparator): number[] {
  const out: number[] = [];
  for (const [run] of text.matchAll(NUMBER_RUN)) {
    const whole = parseNumber(run, decimal);
    if (whole !== null) {
      out.push(whole);
      continue;
    }
    for (const piece of run.split(GROUP_SPACE)) {
      const value = parseNumber(piece, decimal);
      if (value !== null) out.push(value);
    }
  }
  return out;
}

/** A numeric answer: strict when the text after the last marker is one number, else the last number found. */
export function extractNumber(response: string, decimal: DecimalSeparator = 'auto'): Extraction<number> {
  const afterMarker = textAfterMarker(response);
  if (afterMarker !== null) {
    const strict = parseNumber(afterMarker, decimal);
    if (strict !== null) return { value: strict, method: 'strict', afterMarker };
  }
  const found = numbersIn(tolerantScope(response, afterMarker), decimal);
  return found.length ? { value: found[found.length - 1], method: 'fallback', afterMarker } : { value: null, method: 'none', afterMarker };
}

export interface ExtractionTally {
  total: number;
  strict: number;
  fallback: number;
  none: number;
  strictCorrect: number;
  fallbackCorrect: number;
  /** Correct strict answers over all items: what the reference would score. */
  strictAccuracy: number;
  /** Correct strict or fallback answers over all items: the score if format slips were forgiven. */
  tolerantAccuracy: number;
}

/** Accuracy with and without fallbacks, side by side; 0 for no items. Answers compare with `===`. */
export function tallyExtractions<T>(items: readonly { extraction: Extraction<T>; gold: T }[]): ExtractionTally {
  const t = { total: items.length, strict: 0, fallback: 0, none: 0, strictCorrect: 0, fallbackCorrect: 0 };
  for (const { extraction, gold } of items) {
    t[extraction.method]++;
    const correct = extraction.value !== null && extraction.value === gold;
    if (correct && extraction.method === 'strict') t.strictCorrect++;
    if (correct && extraction.method === 'fallback') t.fallbackCorrect++;
  }
  return {
    ...t,
    strictAccuracy: t.total ? t.strictCorrect / t.total : 0,
    tolerantAccuracy: t.total ? (t.strictCorrect + t.fallbackCorrect) / t.total : 0,
  };
}
