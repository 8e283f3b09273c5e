import { pick, type Bilingual, type Locale } from '../i18n/locale';
import { localDigits } from '../i18n/number';
import { tierLabel } from '../scoring/rosetta/tiers';
import { BOARD_TEXT } from './leaderboard';
import type { Interval } from './rank';
import { ROSETTA_SORT_KEYS, type MethodClass, type RosettaRow, type VerificationTier } from './rosetta';

/**
 * How a leaderboard's cells read, for every adapter (the CLI's text and HTML, the editor's view): numbers with
 * their digits, intervals, the rank with its tie mark or why a row has none, the tier with its gate, the review.
 */

/** The Rosetta board's columns in order: the fifteen of §9.7, then corpus, language pair, segments and review. */
export const ROSETTA_COLUMNS = [...ROSETTA_SORT_KEYS, 'corpus', 'language_pair', 'segments', 'seal', 'review'] as const;

/** From this magnitude on, a figure is written with an exponent (three significant digits), never as 20 digits. */
const EXPONENT_FROM = 1e9;

/**
 * A figure rounded for reading (the JSON output keeps it exact): `digits` decimals, an exponent beyond a billion,
 * the French decimal comma in French; `—` for none (or a value that is not finite).
 */
export function fmt(value: number | null, digits: number, locale: Locale = 'en'): string {
  if (value === null || !Number.isFinite(value)) return '—';
  const text = Math.abs(value) >= EXPONENT_FROM ? value.toExponential(2) : value.toFixed(digits);
  return localDigits(text === '-0' || /^-0\.0*$/.test(text) ? text.slice(1) : text, locale);
}

/**
 * An amount in US dollars as money: cents from a cent up (`$1.25`), two significant digits below a cent (a cost
 * per entry: `$0.00088`, not `0.0008829787234042554`), an exponent beyond a billion; `0,00088 $` in French.
 */
export function money(usd: number | null, locale: Locale = 'en'): string {
  if (usd === null || !Number.isFinite(usd)) return '—';
  const size = Math.abs(usd);
  const text = size === 0 ? '0' : size >= EXPONENT_FROM ? usd.toExponential(2) : size >= 0.01 ? usd.toFixed(2) : usd.toPrecision(2);
  const shown = localDigits(text, locale);
  return locale === 'fr' ? `${shown} $` : shown.startsWith('-') ? `-$${shown.slice(1)}` : `$${shown}`;
}

/** `0.41–0.48`: an interval's bounds. */
export function intervalText(ci: Interval, digits: number, locale: Locale = 'en'): string {
  return `${fmt(ci.lower, digits, locale)}–${fmt(ci.upper, digits, locale)}`;
}

export function withInterval(value: number | null, ci: Interval | null, digits: number, locale: Locale = 'en'): string {
  return ci ? `${fmt(value, digits, locale)} [${intervalText(ci, digits, locale)}]` : fmt(value, digits, locale);
}

/** What a Rosetta row's rank cell says: the rank (with = for a tie) or why there is none. */
export function rankText(row: { rank: number | null; tie: boolean }, reason: string | null = null): string {
  return row.rank === null ? (reason ?? '—') : `${row.rank}${row.tie ? '=' : ''}`;
}

export function rosettaUnrankedReason(row: RosettaRow, locale: Locale): string | null {
  if (row.unranked === 'no-composite') return pick(BOARD_TEXT.noComposite, locale);
  if (row.unranked === 'tampered') return pick(BOARD_TEXT.tampered, locale);
  if (row.unranked === 'unreadable') return pick(BOARD_TEXT.unreadable, locale);
  return null;
}

/** What a row's seal column says: sealed, unsealed (ranked, marked), tampered or unreadable (not ranked). */
export function sealText(row: RosettaRow, locale: Locale): string {
  const text = {
    verified: BOARD_TEXT.sealVerified,
    unsealed: BOARD_TEXT.sealUnsealed,
    mismatch: BOARD_TEXT.sealTampered,
    unreadable: BOARD_TEXT.sealUnreadable,
  };
  return pick(text[row.verification], locale);
}

export function reviewText(row: RosettaRow, locale: Locale): string {
  if (!row.review) return '—';
  if (!row.review.bound) return pick(BOARD_TEXT.reviewStale, locale);
  const c = row.review.counts;
  const usable = pick(BOARD_TEXT.usable, locale, {
    rated: c.rated,
    total: c.total,
    rate: c.usable_rate === null ? '—' : `${Math.round(c.usable_rate * 1000) / 10}%`,
  });
  const team = row.review.team;
  if (!team) return usable;
  const figure = (v: number | null) => (v === null ? '—' : locale === 'fr' ? v.toFixed(3).replace('.', ',') : v.toFixed(3));
  return pick(BOARD_TEXT.teamReview, locale, {
    reviewers: team.reviewers.join(', '),
    alpha: figure(team.alpha),
    lower: figure(team.lower),
    upper: figure(team.upper),
    usable,
  });
}

export function tierText(row: RosettaRow, locale: Locale): string {
  const label = tierLabel(row.quality_tier, locale);
  return row.tier_gate === 'not-gated' || row.tier_gate === 'passed' ? label : `${label} (${pick(BOARD_TEXT.unreviewedTier, locale)})`;
}

/** §9.6's method classes as a reader sees them: the spec's names in English, words in French (the JSON keeps the names). */
const METHOD_CLASS_LABELS: Record<MethodClass, Bilingual> = {
  'raw-llm': { en: 'raw-llm', fr: 'LLM brut' },
  'coached-llm': { en: 'coached-llm', fr: 'LLM guidé' },
  pipeline: { en: 'pipeline', fr: 'chaîne de traitement' },
  'custom-plugin': { en: 'custom-plugin', fr: 'extension sur mesure' },
  api: { en: 'api', fr: 'API' },
  human: { en: 'human', fr: 'humain' },
};

/** The verification tiers as a reader sees them (the JSON keeps the spec's names). */
const VERIFICATION_TIER_LABELS: Record<VerificationTier, Bilingual> = {
  'self-benchmarked': { en: 'self-benchmarked', fr: 'auto-évalué' },
  'gds-verified': { en: 'gds-verified', fr: 'vérifié GDS' },
  'community-validated': { en: 'community-validated', fr: 'validé par la communauté' },
};

export function methodClassLabel(value: MethodClass | null, locale: Locale): string {
  return value === null ? '—' : Object.hasOwn(METHOD_CLASS_LABELS, value) ? pick(METHOD_CLASS_LABELS[value], locale) : value;
}

export function verificationTierLabel(value: VerificationTier, locale: Locale): string {
  return Object.hasOwn(VERIFICATION_TIER_LABELS, value) ? pick(VERIFICATION_TIER_LABELS[value], locale) : value;
}
