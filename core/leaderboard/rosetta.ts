import { isObject, type JsonObject } from '../json';
import { bindReview } from '../review/binding';
import { reviewGate, summarizeReview, type GateVerdict, type RatingCounts } from '../review/review';
import { teamRatings, type ReviewInput } from '../review/agreement';
import { cardReviewGate } from '../review/team';
import { verifyRunCard, type CardVerification } from '../runcard/verify';
import { analyseRun, type AnalysisInput } from '../scoring/rosetta/analysis';
import { compositeScore } from '../scoring/rosetta/composite';
import { costAdjustedScore } from '../scoring/rosetta/cost';
import { qualityTier, type QualityTier } from '../scoring/rosetta/tiers';
import { assignRanks, type Interval } from './rank';
import { corpusName } from '../runs/read';
import type { Run } from '../runs/types';
import { appendAll } from '../arrays';

/**
 * Rosetta leaderboard rows (spec §9.7) from run cards: one row per card with the fifteen columns, plus what a
 * reader needs to trust them — whether the card's hashes verify, the interval beside each score, the human
 * review's counts where a review of this very card exists, and ties between rows whose intervals overlap.
 * Pure: the adapter reads the files (the card's text and its `<card>.review.json`, when there is one).
 */

/** §9.6 method classes. */
export const METHOD_CLASSES = ['raw-llm', 'coached-llm', 'pipeline', 'custom-plugin', 'api', 'human'] as const;
export type MethodClass = (typeof METHOD_CLASSES)[number];

/** §9.4 verification tiers: who validated the result (independent of the quality tier). */
export const VERIFICATION_TIERS = ['self-benchmarked', 'gds-verified', 'community-validated'] as const;
export type VerificationTier = (typeof VERIFICATION_TIERS)[number];

/** What the adapter hands over for one card. */
export interface CardSource {
  /** As shown to the user (relative path or URI). */
  path: string;
  text: string;
  /** The bytes `text` was decoded from, when the adapter read them and they are well-formed UTF-8 (the seal check reads them). */
  utf8?: Uint8Array;
  /** The parsed `<card>.review.json` beside it, when the adapter found one. */
  review?: unknown;
  /** The team's files beside it (`<card>.review.<reviewer>.json`), parsed, when the adapter found any. */
  team?: ReviewInput[];
  /** The parsed `<card>.adjudication.json` beside it. */
  adjudication?: unknown;
}

/** A review file's counts, with whether it is bound to this card as it is now (the gate's binding: hash and drawn sample). */
export interface ReviewAggregate {
  bound: boolean;
  counts: RatingCounts;
  /** A team review: its reviewers (the files that count) and ordinal alpha with its 95% bootstrap interval. */
  team?: { reviewers: string[]; alpha: number | null; lower: number | null; upper: number | null };
}

export interface RosettaRow {
  path: string;
  /** Position by composite within the row's corpus; null when not ranked (see `unranked`). */
  rank: number | null;
  /**
   * Why a row has no rank: a stored hash does not match the card (`tampered`), the card cannot be hashed
   * (`unreadable`), or it has no composite. An unsealed row (a report, a card without `run_card_hash`) is ranked,
   * marked by its `verification`.
   */
  unranked: null | 'tampered' | 'unreadable' | 'no-composite';
  /** The row's composite interval overlaps a neighbour's in the ranking: the order between them is not established. */
  tie: boolean;
  method: string;
  composite: number | null;
  composite_ci: Interval | null;
  chrf_plus_plus: number | null;
  chrf_ci: Interval | null;
  fst_acceptance_rate: number | null;
  exact_match_rate: number | null;
  exact_match_ci: Interval | null;
  semantic_score: number | null;
  cost_per_entry_usd: number | null;
  /** Mean latency per entry, seconds. */
  speed_seconds: number | null;
  cost_adjusted: number | null;
  method_class: MethodClass | null;
  model: string;
  quality_tier: QualityTier;
  /** The §7.2 gate on the tier: `not-gated` below Deployable; anything but `passed` above it means the tier is a claim without review. */
  tier_gate: GateVerdict['kind'] | 'team-failed';
  verification_tier: VerificationTier;
  /** The card's timestamp (ISO 8601) as written. */
  date: string;
  /** Dataset id and version (`eng-ewe-dev-v1@1.0`): rows are ranked within one corpus. */
  corpus: string;
  language_pair: string;
  /** The segments the card's entries come from, sorted. */
  segments: string[];
  entries: number;
  verification: CardVerification;
  review: ReviewAggregate | null;
}

const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const str = (v: unknown): string => (typeof v === 'string' ? v : '');

function languagePair(dataset: JsonObject): string {
  const pair = dataset.language_pair;
  if (typeof pair === 'string') return pair;
  if (isObject(pair)) return [pair.source_name ?? pair.source, pair.target_name ?? pair.target].map(str).join(' → ');
  const names = [str(dataset.source_lang), str(dataset.target_lang)];
  return names.some(Boolean) ? names.join(' → ') : '';
}

function intervalOf(cis: unknown, key: string): Interval | null {
  const c = isObject(cis) ? cis[key] : undefined;
  if (!isObject(c)) return null;
  const lower = num(c.ci_lower);
  const upper = num(c.ci_upper);
  return lower === null || upper === null ? null : { lower, upper, source: 'card' };
}

/** The card's results as the harness's analysis reads them. */
function analysisInputs(results: unknown[]): AnalysisInput[] {
  return results.filter(isObject).map((r, i) => ({
    id: typeof r.entry_id === 'string' || typeof r.entry_id === 'number' ? r.entry_id : i,
    expected: str(r.reference),
    predicted: str(r.predicted),
    segment: typeof r.segment === 'string' ? r.segment : null,
    difficulty: typeof r.difficulty === 'number' || typeof r.difficulty === 'string' ? r.difficulty : null,
    error: typeof r.error === 'string' && r.error !== '' ? r.error : null,
  }));
}

/**
 * Intervals from the card (`scores.confidence_intervals`, the harness's bootstrap) or, for a card without them,
 * the same bootstrap over its results (seed 12345, 1,000 resamples). The composite's interval is bootstrapped
 * only when the card's composite is the one its results give (chrF++ and exact match): a composite with other
 * metrics in it (FST, semantic) gets none rather than a wrong one.
 */
function intervals(scores: JsonObject, results: unknown[], composite: number | null): Pick<RosettaRow, 'composite_ci' | 'chrf_ci' | 'exact_match_ci'> {
  const cis = scores.confidence_intervals;
  if (isObject(cis))
    return { composite_ci: intervalOf(cis, 'composite_score'), chrf_ci: intervalOf(cis, 'corpus_chrf'), exact_match_ci: intervalOf(cis, 'exact_match_rate') };
  const inputs = analysisInputs(results);
  if (!inputs.length) return { composite_ci: null, chrf_ci: null, exact_match_ci: null };
  // Only the overall intervals are shown: the per-tier ones (five more bootstraps) are not computed.
  const overall = analyseRun(inputs, { confidenceIntervals: true, intervalsByTier: false }).overall;
  const mine = overall.confidence_intervals ?? {};
  const boot = (key: string): Interval | null => {
    const c = mine[key];
    return c ? { lower: c.ci_lower, upper: c.ci_upper, source: 'bootstrap' } : null;
  };
  return {
    composite_ci: composite !== null && overall.composite === composite ? boot('composite_score') : null,
    chrf_ci: boot('corpus_chrf'),
    exact_match_ci: boot('exact_match_rate'),
  };
}

function segmentsOf(card: JsonObject, results: unknown[]): string[] {
  const set = new Set<string>();
  if (isObject(card.by_segment)) for (const k of Object.keys(card.by_segment)) set.add(k);
  if (!set.size) for (const r of results) if (isObject(r) && typeof r.segment === 'string') set.add(r.segment);
  return [...set].sort();
}

function methodClassOf(card: JsonObject): MethodClass | null {
  const methodCard = isObject(card.method_card) ? card.method_card : {};
  const declared = card.method_class ?? methodCard.method_class;
  if (typeof declared === 'string' && (METHOD_CLASSES as readonly string[]).includes(declared)) return declared as MethodClass;
  // Our runner makes one plain request per entry or batch, no coaching, no tools: §9.6's raw-llm.
  if (isObject(card.ewebench_studio) && card.coaching_data_sha256 == null && card.tools_enabled !== true) return 'raw-llm';
  return null;
}

function verificationTierOf(card: JsonObject): VerificationTier {
  const declared = card.verification_tier;
  return typeof declared === 'string' && (VERIFICATION_TIERS as readonly string[]).includes(declared) ? (declared as VerificationTier) : 'self-benchmarked';
}

function reviewOf(cardText: string, card: JsonObject, review: unknown, verification: CardVerification): ReviewAggregate | null {
  if (!isObject(review) || !Array.isArray(review.items)) return null;
  // Bound as the gate binds it: the card verifies, and the review is its seeded sample, each item once (core/review/binding.ts).
  // The seals were just checked on this text: their verdict is passed on, not recomputed.
  return { bound: bindReview(cardText, review, card, verification).kind === 'bound', counts: summarizeReview(review).overall };
}

const finite = (v: number | undefined) => (v === undefined || Number.isNaN(v) ? null : v);

/**
 * A team's review of the card, when any of its files beside it counts (core/review/team.ts, with the gate's
 * default thresholds): the team ratings' counts (adjudicated, else the median), its reviewers and alpha, and the
 * gate on the tier the composite gives.
 */
function teamOf(
  cardText: string,
  card: JsonObject,
  tier: QualityTier,
  source: CardSource,
): { review: ReviewAggregate; gate: RosettaRow['tier_gate'] } | undefined {
  if (!source.team || source.team.length === 0) return undefined;
  const verdict = cardReviewGate(
    cardText,
    { ...card, scores: { ...(isObject(card.scores) ? card.scores : {}), quality_tier: tier } },
    {
      team: source.team,
      adjudication: source.adjudication,
    },
  );
  if (verdict.kind !== 'team') return undefined;
  const alpha = verdict.report.overall.alpha.find((a) => a.level === 'ordinal');
  const ratings = teamRatings(verdict.reading.counted, verdict.adjudication?.decisions);
  return {
    review: {
      bound: true,
      counts: summarizeReview({ items: ratings.map((r) => ({ difficulty: r.difficulty, rating: r.rating })) }).overall,
      team: {
        reviewers: verdict.reading.counted.map((i) => String((i.review as { reviewer: unknown }).reviewer)),
        alpha: finite(alpha?.alpha),
        lower: finite(alpha?.lower),
        upper: finite(alpha?.upper),
      },
    },
    gate: verdict.gate.kind === 'failed' ? 'team-failed' : verdict.gate.kind,
  };
}

/** Why a row is not ranked: a seal that fails or cannot be checked, or no composite; an unsealed row is ranked. */
function unrankedOf(verification: CardVerification, composite: number | null): RosettaRow['unranked'] {
  if (verification === 'mismatch') return 'tampered';
  if (verification === 'unreadable') return 'unreadable';
  return composite === null ? 'no-composite' : null;
}

/**
 * One card's row, unranked; undefined when the text is not a run card. `parsed` is the text's `JSON.parse`
 * (BOM left out) when the caller has it already, spared a second parse.
 */
export function rosettaRow(source: CardSource, parsed?: unknown): RosettaRow | undefined {
  let card: unknown = parsed;
  if (card === undefined)
    try {
      card = JSON.parse(source.text.charCodeAt(0) === 0xfeff ? source.text.slice(1) : source.text);
    } catch {
      return undefined;
    }
  if (!isObject(card) || !isObject(card.scores) || !('run_card_hash' in card || 'fingerprint' in card)) return undefined;
  const scores = card.scores;
  const totals = isObject(card.totals) ? card.totals : {};
  const dataset = isObject(card.dataset) ? card.dataset : {};
  const results = Array.isArray(card.results) ? card.results : [];
  const methodCard = isObject(card.method_card) ? card.method_card : {};
  const composite = num(scores.composite);
  const costPerEntry = num(totals.cost_per_entry_usd);
  const tier = qualityTier(composite);
  // The seals are checked once, and the verdict serves the row and the review's binding alike.
  const verification = verifyRunCard(source.text, source.utf8);
  const team = teamOf(source.text, card, tier, source);
  const review = team?.review ?? reviewOf(source.text, card, source.review, verification);
  return {
    path: source.path,
    rank: null,
    unranked: unrankedOf(verification, composite),
    tie: false,
    method: str(methodCard.name) || str(card.condition) || str(card.run_id),
    composite,
    ...intervals(scores, results, composite),
    chrf_plus_plus: num(scores.chrf_plus_plus),
    fst_acceptance_rate: num(scores.fst_acceptance_rate),
    exact_match_rate: num(scores.exact_match_rate),
    semantic_score: num(scores.semantic_score),
    cost_per_entry_usd: costPerEntry,
    speed_seconds: num(scores.avg_latency_seconds),
    cost_adjusted: num(scores.cost_adjusted) ?? costAdjustedScore(composite, costPerEntry),
    method_class: methodClassOf(card),
    model: str(card.model_slug),
    quality_tier: tier,
    // The tier is recomputed from the composite (a card cannot claim a tier its score does not reach).
    tier_gate: team?.gate ?? reviewGate({ scores: { quality_tier: tier } }, review?.bound ? source.review : undefined).kind,
    verification_tier: verificationTierOf(card),
    date: str(card.timestamp),
    corpus: (corpusName(str(dataset.id)) ?? '') + (typeof dataset.version === 'string' && dataset.version ? `@${dataset.version}` : ''),
    language_pair: languagePair(dataset),
    segments: segmentsOf(card, results),
    entries: num(dataset.entry_count) ?? num(scores.total) ?? results.length,
    verification,
    review,
  };
}

/**
 * A row for mt_eval_harness's `*_report.json` (through the runs reader): its figures and stated intervals as the
 * report gives them (its own composite, see `readRuns`), ranked beside the cards of its corpus and marked
 * `verification: 'unsealed'`, since nothing seals a report.
 */
export function rosettaRowOfReport(path: string, run: Run): RosettaRow {
  const f = run.figures;
  // A report states chrF++ and exact match, not the composite: the one composite rule (Profile B) over them.
  const composite =
    f.composite ??
    (f.corpusChrf !== null && f.exactMatchRate !== null
      ? compositeScore({ chrf_plus_plus: f.corpusChrf, exact_match_rate: f.exactMatchRate }).composite
      : null);
  const ci = (key: string): Interval | null => (f.intervals[key] ? { ...f.intervals[key], source: 'card' } : null);
  const segments = [...new Set(run.items.map((i) => i.segment).filter((x): x is string => x !== null))].sort();
  return {
    path,
    rank: null,
    unranked: composite === null ? 'no-composite' : null,
    tie: false,
    method: run.config.condition ?? run.config.promptVersion ?? run.provenance.runId ?? '',
    composite,
    composite_ci: ci('composite_score'),
    chrf_plus_plus: f.corpusChrf,
    chrf_ci: ci('corpus_chrf'),
    fst_acceptance_rate: null,
    exact_match_rate: f.exactMatchRate,
    exact_match_ci: ci('exact_match_rate'),
    semantic_score: null,
    cost_per_entry_usd: f.costPerEntryUsd,
    speed_seconds: f.avgLatencySeconds,
    cost_adjusted: costAdjustedScore(composite, f.costPerEntryUsd),
    method_class: null,
    model: run.model,
    quality_tier: qualityTier(composite),
    tier_gate: reviewGate({ scores: { quality_tier: qualityTier(composite) } }, undefined).kind,
    verification_tier: 'self-benchmarked',
    date: run.provenance.timestamp ?? '',
    corpus: run.provenance.datasetId ?? '',
    language_pair: run.provenance.languagePair ?? '',
    segments,
    entries: run.items.length,
    verification: 'unsealed',
    review: null,
  };
}

/** Columns a Rosetta board sorts by (the rank stays the composite's). */
export const ROSETTA_SORT_KEYS = [
  'rank',
  'method',
  'composite',
  'chrf_plus_plus',
  'fst_acceptance_rate',
  'exact_match_rate',
  'semantic_score',
  'cost_per_entry_usd',
  'speed_seconds',
  'cost_adjusted',
  'method_class',
  'model',
  'quality_tier',
  'verification_tier',
  'date',
] as const;
export type RosettaSortKey = (typeof ROSETTA_SORT_KEYS)[number];

export interface RosettaFilter {
  /** Dataset id, with or without `@version`. */
  corpus?: string;
  /** Keeps cards that evaluated entries of this segment. */
  segment?: string;
  /** Matched against the language pair's text, case-insensitively (`ewe` keeps "English → Ewe"). */
  languagePair?: string;
}

export interface BoardOptions<K extends string> {
  filter?: RosettaFilter;
  sort?: K;
  /** Descending by default for scores, ascending for rank, cost, speed and text columns. */
  descending?: boolean;
}

function matches(row: RosettaRow, filter: RosettaFilter): boolean {
  if (filter.corpus !== undefined && row.corpus !== filter.corpus && row.corpus.split('@')[0] !== filter.corpus) return false;
  if (filter.segment !== undefined && !row.segments.includes(filter.segment)) return false;
  if (filter.languagePair !== undefined && !row.language_pair.toLowerCase().includes(filter.languagePair.toLowerCase())) return false;
  return true;
}

/** Columns read smallest first unless the caller says otherwise (the editor's view flips from here). */
export const ASCENDING_BY_DEFAULT: readonly string[] = ['rank', 'cost_per_entry_usd', 'speed_seconds', 'method', 'method_class', 'model', 'verification_tier'];

/**
 * Compares two rows by one column; nulls always last. Numbers descending unless `ASCENDING_BY_DEFAULT` (or the caller) says otherwise.
 */
export function compareBy<R>(key: keyof R & string, descending?: boolean): (a: R, b: R) => number {
  const down = descending ?? !ASCENDING_BY_DEFAULT.includes(key);
  return (a, b) => {
    const x = a[key] as unknown;
    const y = b[key] as unknown;
    const xn = x === null || x === undefined;
    const yn = y === null || y === undefined;
    if (xn || yn) return xn === yn ? 0 : xn ? 1 : -1;
    const d = typeof x === 'number' && typeof y === 'number' ? x - y : String(x) < String(y) ? -1 : String(x) > String(y) ? 1 : 0;
    return down ? -d : d;
  };
}

/**
 * The board: rows filtered, ranked by composite within each corpus (composites of different corpora do not
 * compare): sealed and unsealed rows with a composite are ranked, unsealed ones marked by their `verification`;
 * tampered and unreadable cards and rows without a composite follow, unranked. Then ordered by the sort column
 * when one is given (the rank column keeps the composite's order).
 */
export function rosettaBoard(rows: readonly RosettaRow[], options: BoardOptions<RosettaSortKey> = {}): RosettaRow[] {
  const kept = rows.filter((r) => matches(r, options.filter ?? {})).map((r) => ({ ...r }));
  const corpora = [...new Set(kept.map((r) => r.corpus))].sort();
  const ordered: RosettaRow[] = [];
  for (const corpus of corpora) {
    const members = kept.filter((r) => r.corpus === corpus);
    const ranked = assignRanks(
      members.filter((r) => r.unranked === null),
      (r) => r.composite,
      (r) => r.composite_ci,
      (a, b) => (b.cost_adjusted ?? -Infinity) - (a.cost_adjusted ?? -Infinity) || (a.path < b.path ? -1 : a.path > b.path ? 1 : 0),
    );
    appendAll(ordered, ranked);
    appendAll(
      ordered,
      members.filter((r) => r.unranked !== null).sort((a, b) => (a.path < b.path ? -1 : 1)),
    );
  }
  if (options.sort && options.sort !== 'rank') return stableSort(ordered, compareBy<RosettaRow>(options.sort, options.descending));
  if (options.sort === 'rank' && options.descending) return ordered.reverse();
  return ordered;
}

export function stableSort<T>(rows: readonly T[], compare: (a: T, b: T) => number): T[] {
  return rows
    .map((row, i) => ({ row, i }))
    .sort((a, b) => compare(a.row, b.row) || a.i - b.i)
    .map((x) => x.row);
}
