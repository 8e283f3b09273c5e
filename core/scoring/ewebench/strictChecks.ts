import { pyLen, pyLower, pySplit, pyStrip } from '../../python/str';
import { isPythonSpace } from '../../python/whitespace';
import { hasWholeWord } from './eweQuality';
import type { StrictOnlyFormatKey } from './tables';

/**
 * What strict mode makes of the `expected_format` keys real test files carry but the harness never reads.
 * Each is the plain reading of its name, defined here once:
 * - max_sentences N: at most N sentences. A sentence ends at a run of . ! ? … followed by whitespace or the
 *   end of the text (so "1.5" and "www.x" do not split); empty pieces are not sentences.
 * - max_word_count N: at most N words, words being Python's `str.split()` pieces.
 * - starts_with S: the response, after leading whitespace, markdown marks (# * _ >) and opening quotes,
 *   begins with S; case-insensitive, both sides NFC so precomposed and decomposed letters agree.
 * - list_item_count N: exactly N list items, bulleted (- * + •) or numbered (1. or 1)), one per line.
 * - numbered_list_items N: exactly N numbered items ("1." or "1)" at the start of a line).
 * - no_french true: none of the French function words that are not also Ewe words (les des un une est sont
 *   pour dans avec cette voici; le la de du are Ewe too) occurs as a whole word. `false` asks for nothing,
 *   so it is not scored.
 * A value of the wrong type fails its check with a note rather than guessing.
 */

export type StrictOutcome = { passed: boolean; observed?: number | string | string[]; note?: string } | 'not-scored';

const LIST_ITEM = /^[ \t]*(?:[-*+•]|\d+[.)])[ \t\u00a0]/u;
const NUMBERED_ITEM = /^[ \t]*\d+[.)][ \t\u00a0]/u;
const LEADING_DECORATION = /^[#*_>"'«“‘„\s]+/u;
const FRENCH_NOT_EWE = ['les', 'des', 'un', 'une', 'est', 'sont', 'pour', 'dans', 'avec', 'cette', 'voici'] as const;

const isSentenceMark = (c: string) => c === '.' || c === '!' || c === '?' || c === '…';

/** Sentences as defined above (whitespace being Python's). */
export function sentenceCount(response: string): number {
  let count = 0;
  let pieceHasText = false;
  for (let i = 0; i < response.length; i++) {
    const c = response[i];
    if (isSentenceMark(c)) {
      let end = i;
      while (end + 1 < response.length && isSentenceMark(response[end + 1])) end++;
      if (end + 1 === response.length || isPythonSpace(response.charCodeAt(end + 1))) {
        if (pieceHasText) count++;
        pieceHasText = false;
      } else pieceHasText = true;
      i = end;
    } else if (!isPythonSpace(response.charCodeAt(i))) pieceHasText = true;
  }
  return pieceHasText ? count + 1 : count;
}

/** Lines as Python's multiline `^` sees them (split at "\n" only), without a trailing "\r". */
function lines(response: string): string[] {
  return response.split('\n').map((line) => (line.endsWith('\r') ? line.slice(0, -1) : line));
}

export function listItemCount(response: string): number {
  return lines(response).filter((line) => LIST_ITEM.test(line)).length;
}

export function numberedItemCount(response: string): number {
  return lines(response).filter((line) => NUMBERED_ITEM.test(line)).length;
}

function stripDecoration(response: string): string {
  let start = 0;
  while (start < response.length && isPythonSpace(response.charCodeAt(start))) start++;
  return response.slice(start).replace(LEADING_DECORATION, '');
}

const wrongType = (expected: string): StrictOutcome => ({ passed: false, note: `value must be ${expected}` });

export const STRICT_CHECKS: Readonly<Record<StrictOnlyFormatKey, (value: unknown, response: string) => StrictOutcome>> = {
  max_sentences: (value, response) => {
    if (typeof value !== 'number') return wrongType('a number');
    const n = sentenceCount(response);
    return { passed: n <= value, observed: n };
  },
  max_word_count: (value, response) => {
    if (typeof value !== 'number') return wrongType('a number');
    const n = pySplit(response).length;
    return { passed: n <= value, observed: n };
  },
  starts_with: (value, response) => {
    if (typeof value !== 'string') return wrongType('a string');
    const want = pyLower(pyStrip(value).normalize('NFC'));
    const opening = pyLower(stripDecoration(response).normalize('NFC'));
    return {
      passed: opening.startsWith(want),
      observed: Array.from(opening)
        .slice(0, Math.max(pyLen(want), 1))
        .join(''),
    };
  },
  list_item_count: (value, response) => {
    if (typeof value !== 'number') return wrongType('a number');
    const n = listItemCount(response);
    return { passed: n === value, observed: n };
  },
  numbered_list_items: (value, response) => {
    if (typeof value !== 'number') return wrongType('a number');
    const n = numberedItemCount(response);
    return { passed: n === value, observed: n };
  },
  no_french: (value, response) => {
    if (value === false) return 'not-scored';
    if (value !== true) return wrongType('true or false');
    const lower = pyLower(response);
    const found = FRENCH_NOT_EWE.filter((w) => hasWholeWord(lower, w));
    return { passed: found.length === 0, observed: found };
  },
};
