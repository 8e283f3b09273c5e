import { pyRound } from '../../python/round';

/**
 * Exact match (Rosetta spec §4.1): the prediction "exactly match[es] the reference after Unicode normalization".
 * Both sides are put in NFC because the same Ewe or Cree text reaches us in either form: ò typed as one code
 * point (U+00F2) or as o + U+0300, ŋ́ with its tone mark composed or not, depending on keyboard and tooling.
 * Canonical equivalence is exactly "the same text"; NFKC would go further and fold characters the spec does not
 * call equal (ligatures, superscripts, full-width forms). Nothing else is forgiven: no trimming, no case folding.
 */
export function exactMatchNfc(predicted: string, reference: string): boolean {
  if (predicted === reference) return true;
  // Where the two first differ, two ASCII characters (or the end of one string) settle it without normalising:
  // an ASCII character decomposes to itself and never reorders with a mark, so both NFD forms differ there too.
  let i = 0;
  while (predicted.charCodeAt(i) === reference.charCodeAt(i)) i++;
  if (!(predicted.charCodeAt(i) >= 0x80) && !(reference.charCodeAt(i) >= 0x80)) return false;
  return predicted.normalize('NFC') === reference.normalize('NFC');
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
  for (const { predicted, reference } of pairs) if (predicted !== null && exactMatchNfc(predicted, reference)) matches++;
  return { total: pairs.length, exact_matches: matches, exact_match_rate: pairs.length ? pyRound(matches / pairs.length, 4) : 0 };
}
