import { pick, type Locale } from '../i18n/locale';
import { tierLabel } from '../scoring/rosetta/tiers';
import { BOARD_TEXT } from './leaderboard';
import type { Interval } from './rank';
import { ROSETTA_SORT_KEYS, type RosettaRow } from './rosetta';

/**
 * How a leaderboard's cells read, for every adapter (the CLI's text and HTML, the editor's view): numbers with
 * their digits, intervals, the rank with its tie mark or why a row has none, the tier with its gate, the review.
 */

/** The Rosetta board's columns in order: the fifteen of §9.7, then corpus, language pair, segments and review. */
export const ROSETTA_COLUMNS = [...ROSETTA_SORT_KEYS, 'corpus', 'language_pair', 'segments', 'review'] as const;

export function fmt(value: number | null, digits: number): string {
  return value === null ? '—' : value.toFixed(digits);
}

/** `0.41–0.48`: an interval's bounds. */
export function intervalText(ci: Interval, digits: number): string {
  return `${fmt(ci.lower, digits)}–${fmt(ci.upper, digits)}`;
}

export function withInterval(value: number | null, ci: Interval | null, digits: number): string {
  return ci ? `${fmt(value, digits)} [${intervalText(ci, digits)}]` : fmt(value, digits);
}

/** What a Rosetta row's rank cell says: the rank (with = for a tie) or why there is none. */
export function rankText(row: { rank: number | null; tie: boolean }, reason: string | null = null): string {
  return row.rank === null ? (reason ?? '—') : `${row.rank}${row.tie ? '=' : ''}`;
}

export function rosettaUnrankedReason(row: RosettaRow, locale: Locale): string | null {
  if (row.unranked === 'no-composite') return pick(BOARD_TEXT.noComposite, locale);
  if (row.unranked === 'not-verified') return pick(row.verification === 'unsealed' ? BOARD_TEXT.unsealed : BOARD_TEXT.notVerified, locale);
  return null;
}

export function reviewText(row: RosettaRow, locale: Locale): string {
  if (!row.review) return '—';
  if (!row.review.bound) return pick(BOARD_TEXT.reviewStale, locale);
  const c = row.review.counts;
  return pick(BOARD_TEXT.usable, locale, { rated: c.rated, total: c.total, rate: c.usable_rate === null ? '—' : `${Math.round(c.usable_rate * 1000) / 10}%` });
}

export function tierText(row: RosettaRow, locale: Locale): string {
  const label = tierLabel(row.quality_tier, locale);
  return row.tier_gate === 'not-gated' || row.tier_gate === 'passed' ? label : `${label} (${pick(BOARD_TEXT.unreviewedTier, locale)})`;
}
