import type { Locale } from '../i18n/locale';
import { msg } from '../rules/messages';
import type { Breakdown, EweQualityBreakdown, FormatBreakdown, KeywordsBreakdown } from '../scoring/ewebench/breakdown';
import { pyRound } from '../python/round';
import { pyIncludes, pyLower, PyNeedles } from '../python/str';

/** A score as findings and reports show it: the harness's 3-decimal rounding. */
export function shownScore(score: number): string {
  return String(pyRound(score, 3));
}

const quote = (s: string) => `“${s}”`;
/** Up to four items quoted, then how many there are in all: messages stay short when a file has hundreds. */
const list = (items: readonly string[]) => items.slice(0, 4).map(quote).join(', ') + (items.length > 4 ? ` … (${items.length})` : '');

const WORD_SEPARATORS = /[^\p{L}\p{M}\p{N}]+/u;

/** The word of `text` a keyword was found inside, when it is not the whole word (so `le` → `mele`). */
export function enclosingWord(text: string, keyword: string): string | undefined {
  const needle = pyLower(keyword);
  if (!needle) return undefined;
  for (const word of text.split(WORD_SEPARATORS)) {
    const lower = pyLower(word);
    if (pyIncludes(lower, needle)) return lower === needle ? undefined : word;
  }
  return undefined;
}

/**
 * `keywords.map((k) => enclosingWord(text, k))`, in one pass over the text's words for a long list: one search per
 * keyword over a text as long as the list (the bare-keywords baseline) made the audit quadratic in the keywords.
 */
export function enclosingWords(text: string, keywords: readonly string[]): (string | undefined)[] {
  if (keywords.length <= 16) return keywords.map((k) => enclosingWord(text, k));
  const needles = keywords.map(pyLower);
  const out: (string | undefined)[] = keywords.map(() => undefined);
  const assigned = needles.map((n) => n.length === 0);
  let remaining = assigned.filter((a) => !a).length;
  const matcher = new PyNeedles(needles);
  for (const word of text.split(WORD_SEPARATORS)) {
    if (remaining === 0) break;
    const lower = pyLower(word);
    matcher.forEachIn(lower, (i) => {
      if (assigned[i]) return;
      assigned[i] = true;
      remaining--;
      // The first word that holds the keyword decides, as in enclosingWord: none when it is the keyword itself.
      if (lower !== needles[i]) out[i] = word;
    });
  }
  return out;
}

function keywordsPart(b: KeywordsBreakdown, text: string, locale: Locale): string | undefined {
  if (b.found.length === 0) return undefined;
  const inside = enclosingWords(text, b.found).filter((w): w is string => w !== undefined);
  return msg(locale, 'weakPartKeywords', {
    keywords: list(b.found),
    inside: inside.length ? msg(locale, 'weakPartInside', { words: list([...new Set(inside)]) }) : '',
  });
}

function formatPart(b: FormatBreakdown, locale: Locale): string | undefined {
  const met = b.checks.filter((c) => c.passed > 0).map((c) => `\`${c.key}\``);
  return met.length ? msg(locale, 'weakPartFormat', { checks: met.join(', ') }) : undefined;
}

function qualityPart(b: EweQualityBreakdown, score: number, locale: Locale): string | undefined {
  const terms: string[] = [];
  if (b.specialChars.points) terms.push(msg(locale, 'weakTermSpecials', { letters: b.specialChars.found.join(' ') }));
  if (b.commonWords.points) terms.push(msg(locale, 'weakTermCommon', { words: list(b.commonWords.words) }));
  if (b.sentence.points) terms.push(msg(locale, 'weakTermPeriod'));
  if (b.length.points) terms.push(msg(locale, 'weakTermLength'));
  return terms.length ? msg(locale, 'weakPartQuality', { score: shownScore(score), terms: terms.join(', ') }) : undefined;
}

/**
 * The part of the method that let a baseline through, in words: which keywords matched (and inside which
 * ordinary words), which format checks it meets, which ewe_quality terms it earns, why the letter matched.
 */
export function explainPass(breakdown: Breakdown, text: string, locale: Locale): string {
  switch (breakdown.method) {
    case 'exact_match':
      return msg(locale, 'weakPartExact');
    case 'multiple_choice': {
      if (breakdown.inFirstFive) return msg(locale, 'weakPartChoiceFirstFive', { letter: breakdown.letter });
      const hit = breakdown.patterns.find((p) => p.matched);
      return hit ? msg(locale, 'weakPartChoicePattern', { pattern: `\`${hit.pattern}\`` }) : '';
    }
    case 'keywords':
      return keywordsPart(breakdown, text, locale) ?? '';
    case 'format':
      return formatPart(breakdown, locale) ?? '';
    case 'ewe_quality':
      return qualityPart(breakdown, Math.max(0, Math.min(1, breakdown.sum)), locale) ?? '';
    case 'composite': {
      const { parts } = breakdown;
      const head = msg(locale, 'weakPartComposite', {
        keywords: shownScore(parts.keywords),
        quality: shownScore(parts.eweQuality),
        format: shownScore(parts.format),
      });
      const details = [
        keywordsPart(breakdown.keywords, text, locale),
        qualityPart(breakdown.eweQuality, parts.eweQuality, locale),
        formatPart(breakdown.format, locale),
      ];
      return [head, ...details.filter((d): d is string => d !== undefined)].join(' ');
    }
  }
}
