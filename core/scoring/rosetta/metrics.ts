import { pyRound } from '../../python/round';
import { pyLower, pySplit, pyStrip } from '../../python/str';
import { isPythonSpace } from '../../python/whitespace';

/**
 * The harness's `normalize_text` (mt_eval_harness `tester.py`): NFC, then Python's `strip()` and `lower()`,
 * then whitespace runs collapsed to one space (`" ".join(s.split())`, Python's whitespace set). `lower()` is
 * JavaScript's `toLowerCase` (both apply Unicode's full mappings, final sigma included); they differ only for
 * letters newer than the Python's Unicode tables (3.11 has Unicode 14).
 */
export function normalizeText(text: string): string {
  return pySplit(pyLower(pyStrip(text.normalize('NFC')))).join(' ');
}

/**
 * Exact match as the harness decides it: the normalised texts are equal and the normalised prediction is not
 * empty (an empty answer never matches, not even an empty reference). Every exact-match count (entry records,
 * tiers, composite, card, lens, summary, `score`, the audit's copy check) goes through this function.
 */
export function harnessExactMatch(predicted: string, reference: string): boolean {
  // Token by token, stopping at the first difference: the same answer as comparing `normalizeText` of both,
  // since NFC and lower() never create, remove or cross whitespace (a whitespace character composes with
  // nothing, and it ends final-sigma contexts), so normalising each whitespace-separated token alone gives the
  // same tokens. Two long texts that differ early cost what their first tokens cost.
  let i = 0;
  let j = 0;
  let tokens = 0;
  for (;;) {
    while (i < predicted.length && isPythonSpace(predicted.charCodeAt(i))) i++;
    while (j < reference.length && isPythonSpace(reference.charCodeAt(j))) j++;
    const endP = i >= predicted.length;
    const endR = j >= reference.length;
    if (endP || endR) return endP && endR && tokens > 0;
    let ei = i;
    while (ei < predicted.length && !isPythonSpace(predicted.charCodeAt(ei))) ei++;
    let ej = j;
    while (ej < reference.length && !isPythonSpace(reference.charCodeAt(ej))) ej++;
    const a = predicted.slice(i, ei);
    const b = reference.slice(j, ej);
    if (a !== b && pyLower(a.normalize('NFC')) !== pyLower(b.normalize('NFC'))) return false;
    tokens++;
    i = ei;
    j = ej;
  }
}

export interface ExactMatchSummary {
  total: number;
  exact_matches: number;
  /** exact_matches / total rounded to 4 decimals as the harness writes rates; 0 for no entries. */
  exact_match_rate: number;
}

/**
 * Exact matches over a run. A failed entry (prediction null) counts in the total and never matches, so the
 * rate is over every entry evaluated, as `scores.exact_match_rate = exact_matches / total` in a run card.
 */
export function exactMatchSummary(pairs: readonly { predicted: string | null; reference: string }[]): ExactMatchSummary {
  let matches = 0;
  for (const { predicted, reference } of pairs) if (predicted !== null && harnessExactMatch(predicted, reference)) matches++;
  return { total: pairs.length, exact_matches: matches, exact_match_rate: pairs.length ? pyRound(matches / pairs.length, 4) : 0 };
}
