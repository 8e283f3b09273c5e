import { pick, type Locale, type Params } from '../i18n/locale';
import { decimal, percentText } from '../i18n/number';
import { isObject, setOwn } from '../json';
import { alphaIntervals, pairwiseKappa, rawAgreement, type AlphaInterval, type Level, type RatingMatrix } from '../stats/agreement';
import { DEFAULT_GATE, GATED_TIERS, RATINGS, summarizeReview, tierKey, type GateThreshold, type Rating, type ReviewSummary } from './review';

/**
 * Agreement between the reviewers of one run (issue #34): several review files of the same run card and sample,
 * one per reviewer, read as a matrix of items × reviewers on the §7 scale taken as ordered steps (reject 1,
 * gist 2, acceptable 3, excellent 4). Krippendorff's alpha (ordinal, with nominal and interval beside it) with
 * a seeded percentile bootstrap over items, quadratic-weighted kappa per pair of reviewers, raw agreement,
 * overall and per difficulty tier, and the items the reviewers disagree on most. Pure: the CLI reads the files.
 */

/** The levels reported, the first one being the one the gate reads. */
export const AGREEMENT_LEVELS: readonly Level[] = ['ordinal', 'nominal', 'interval'];
/** The rating scale as numbers: reject 1 … excellent 4. */
export const RATING_STEPS: readonly number[] = RATINGS.map((_, i) => i + 1);

export interface ReviewInput {
  /** How the file is shown to the user. */
  file: string;
  review: unknown;
}

export type AgreementProblem =
  | { kind: 'too-few'; count: number }
  | { kind: 'not-review'; file: string }
  | { kind: 'other-run'; file: string; first: string }
  | { kind: 'other-sample'; file: string; first: string };

export interface AgreementBlock {
  /** Items in this block (in any file). */
  items: number;
  /** Items rated by at least two reviewers: the ones agreement is computed on. */
  paired: number;
  alpha: AlphaInterval[];
  kappa: { a: string; b: string; shared: number; kappa: number }[];
  raw: number;
}

export interface Disagreement {
  entry_id: string | number;
  difficulty: number | string | null;
  /** Each reviewer's rating, null when not rated (or not assigned). */
  ratings: (Rating | null)[];
  /** Steps between the lowest and the highest rating. */
  spread: number;
}

export interface AgreementReport {
  reviewers: string[];
  overall: AgreementBlock;
  by_tier: Record<string, AgreementBlock>;
  /** Items rated differently by at least two reviewers, widest spread first (then in the first file's order). */
  disagreements: Disagreement[];
  bootstrap: { n_bootstrap: number; seed: number; confidence_level: number };
}

export interface AgreementOptions {
  nBootstrap?: number;
  seed?: number;
}

export interface Item {
  entry_id: string | number;
  difficulty: number | string | null;
  ratings: (Rating | null)[];
}

export const idKey = (id: string | number) => `${typeof id}:${String(id)}`;
const isRating = (v: unknown): v is Rating => typeof v === 'string' && (RATINGS as readonly string[]).includes(v);
const step = (r: Rating | null) => (r === null ? null : RATINGS.indexOf(r) + 1);

/** The sample a review file names: the seed and size it was drawn with, and a team file's sample hash. */
export function sampleKey(review: Record<string, unknown>): string {
  const sample = isObject(review.sample) ? review.sample : {};
  // A team's files also name the drawn ids by their hash; a single reviewer's file has none (then it is the seed and size).
  return `${String(sample.seed)}/${String(sample.size)}/${typeof sample.sample_hash === 'string' ? sample.sample_hash : ''}`;
}

/** Reviewer names as shown: the file's `reviewer`, else the file's name; repeated names get " (2)", " (3)". */
export function reviewerNames(inputs: readonly ReviewInput[]): string[] {
  const seen = new Map<string, number>();
  return inputs.map(({ file, review }) => {
    const given = isObject(review) && typeof review.reviewer === 'string' && review.reviewer.trim() !== '' ? review.reviewer.trim() : file;
    const n = (seen.get(given) ?? 0) + 1;
    seen.set(given, n);
    return n === 1 ? given : `${given} (${n})`;
  });
}

export function checkReviews(inputs: readonly ReviewInput[]): AgreementProblem[] {
  if (inputs.length < 2) return [{ kind: 'too-few', count: inputs.length }];
  const problems: AgreementProblem[] = [];
  const first = inputs[0];
  for (const { file, review } of inputs) {
    if (!isObject(review) || !Array.isArray(review.items) || typeof review.run_card_hash !== 'string') {
      problems.push({ kind: 'not-review', file });
      continue;
    }
    if (!isObject(first.review) || file === first.file) continue;
    if (review.run_card_hash !== first.review.run_card_hash) problems.push({ kind: 'other-run', file, first: first.file });
    else if (sampleKey(review) !== sampleKey(first.review)) problems.push({ kind: 'other-sample', file, first: first.file });
  }
  return problems;
}

/** Every item of any file, in the order first seen, with each reviewer's rating (a repeated entry keeps its first). */
export function collect(inputs: readonly ReviewInput[]): Item[] {
  const items = new Map<string, Item>();
  inputs.forEach(({ review }, r) => {
    const list = isObject(review) && Array.isArray(review.items) ? review.items : [];
    for (const raw of list) {
      if (!isObject(raw) || (typeof raw.entry_id !== 'string' && typeof raw.entry_id !== 'number')) continue;
      const key = idKey(raw.entry_id);
      let item = items.get(key);
      if (!item) {
        const difficulty = typeof raw.difficulty === 'number' || typeof raw.difficulty === 'string' ? raw.difficulty : null;
        item = { entry_id: raw.entry_id, difficulty, ratings: inputs.map(() => null) };
        items.set(key, item);
      }
      if (item.ratings[r] === null && isRating(raw.rating)) item.ratings[r] = raw.rating;
    }
  });
  return [...items.values()];
}

function block(items: readonly Item[], reviewers: readonly string[], options: AgreementOptions): AgreementBlock {
  const matrix: RatingMatrix = items.map((it) => it.ratings.map(step));
  return {
    items: items.length,
    paired: matrix.filter((row) => row.filter((v) => v !== null).length >= 2).length,
    alpha: alphaIntervals(matrix, AGREEMENT_LEVELS, options),
    kappa: pairwiseKappa(matrix, reviewers.length, RATING_STEPS).map((p) => ({ a: reviewers[p.a], b: reviewers[p.b], shared: p.shared, kappa: p.kappa })),
    raw: rawAgreement(matrix),
  };
}

/** Numeric tiers in order, then labels, `unknown` last (as the review summary lists them). */
function compareTiers(a: string, b: string): number {
  const rank = (t: string) => (t === 'unknown' ? 2 : Number.isFinite(Number(t)) ? 0 : 1);
  return rank(a) - rank(b) || (rank(a) === 0 ? Number(a) - Number(b) : a < b ? -1 : a > b ? 1 : 0);
}

/** The agreement report of reviews that `checkReviews` found consistent. */
export function reviewAgreement(inputs: readonly ReviewInput[], options: AgreementOptions = {}): AgreementReport {
  const reviewers = reviewerNames(inputs);
  const items = collect(inputs);
  const tiers = new Map<string, Item[]>();
  for (const it of items) {
    const key = tierKey(it.difficulty);
    const list = tiers.get(key);
    if (list) list.push(it);
    else tiers.set(key, [it]);
  }
  const by_tier: Record<string, AgreementBlock> = {};
  for (const key of [...tiers.keys()].sort(compareTiers)) setOwn(by_tier, key, block(tiers.get(key)!, reviewers, options));
  const disagreements: Disagreement[] = [];
  for (const it of items) {
    const steps = it.ratings.map(step).filter((v): v is number => v !== null);
    if (steps.length < 2) continue;
    const spread = Math.max(...steps) - Math.min(...steps);
    if (spread > 0) disagreements.push({ entry_id: it.entry_id, difficulty: it.difficulty, ratings: it.ratings, spread });
  }
  // Stable sort: equal spreads keep the first file's order.
  disagreements.sort((a, b) => b.spread - a.spread);
  const overall = block(items, reviewers, options);
  const first = overall.alpha[0];
  return {
    reviewers,
    overall,
    by_tier,
    disagreements,
    bootstrap: { n_bootstrap: first.nBootstrap, seed: first.seed, confidence_level: first.confidenceLevel },
  };
}

/** Every sentence `review agreement` says, in English and French. */
export const AGREEMENT_MESSAGES = {
  tooFew: {
    en: 'agreement needs the review files of at least two reviewers ({count} given)',
    fr: 'l’accord demande les fichiers de revue d’au moins deux relecteurs ({count} {count|donné|donnés})',
  },
  notReview: {
    en: '{file}: not a review file (no items or no run_card_hash)',
    fr: '{file}\u00a0: pas un fichier de revue (pas d’items ou pas de run_card_hash)',
  },
  otherRun: {
    en: '{file}: reviews another run than {first} (its run_card_hash differs): agreement compares ratings of the same outputs',
    fr: '{file}\u00a0: revoit une autre exécution que {first} (son run_card_hash diffère)\u00a0: l’accord compare des notes des mêmes sorties',
  },
  otherSample: {
    en: '{file}: rates another sample than {first} (its seed or size differs): draw the reviewers’ files from one sample',
    fr: '{file}\u00a0: note un autre échantillon que {first} (sa graine ou sa taille diffère)\u00a0: tirez les fichiers des relecteurs d’un même échantillon',
  },
  header: {
    en: '{count} reviewers ({names}) · {items} {items|item|items}, {paired} rated by two or more',
    fr: '{count} relecteurs ({names}) · {items} {items|item|items}, {paired} {paired|noté|notés} par deux ou plus',
  },
  overall: { en: 'overall', fr: 'ensemble' },
  block: { en: '{title}: {figures}', fr: '{title}\u00a0: {figures}' },
  tier: { en: 'difficulty {tier}', fr: 'difficulté {tier}' },
  alpha: { en: 'alpha {level} {value} [{lower}, {upper}]', fr: 'alpha {level} {value} [{lower}\u202f; {upper}]' },
  raw: { en: 'raw agreement {value}', fr: 'accord brut {value}' },
  pairedItems: { en: '{paired} of {items} {items|item|items} rated twice or more', fr: '{paired} sur {items} {items|item noté|items notés} deux fois ou plus' },
  kappa: { en: 'quadratic kappa: {pairs}', fr: 'kappa quadratique\u00a0: {pairs}' },
  kappaPair: { en: '{a}–{b} {value} ({shared} {shared|item|items})', fr: '{a}–{b} {value} ({shared} {shared|item|items})' },
  undefined: { en: 'not defined', fr: 'non défini' },
  nominal: { en: 'nominal', fr: 'nominal' },
  ordinal: { en: 'ordinal', fr: 'ordinal' },
  interval: { en: 'interval', fr: 'intervalle' },
  ratio: { en: 'ratio', fr: 'ratio' },
  widest: { en: 'widest disagreement first:', fr: 'plus grands désaccords d’abord\u00a0:' },
  noDisagreement: {
    en: 'every item rated twice or more got the same rating from each reviewer',
    fr: 'chaque item noté deux fois ou plus a reçu la même note de chaque relecteur',
  },
  disagreement: {
    en: 'entry {id} (difficulty {tier}): {ratings} — {spread} {spread|step|steps} apart',
    fr: 'entrée {id} (difficulté {tier})\u00a0: {ratings} — {spread} {spread|cran|crans} d’écart',
  },
  notRated: { en: '—', fr: '—' },
  more: { en: '… and {count} more (--format json lists every one)', fr: '… et {count} de plus (--format json les liste tous)' },
  gatePassed: {
    en: '§7.2 gate for the {tier} claim: passed (every item rated by enough reviewers, agreement and usable share high enough; {decided})',
    fr: 'seuil §7.2 pour le niveau {tier}\u00a0: atteint (chaque élément noté par assez de relecteurs, accord et part utilisable suffisants\u202f; {decided})',
  },
  decided: {
    en: 'team ratings: {adjudicated} adjudicated, {median} by the reviewers’ median, {unrated} unrated',
    fr: 'notes de l’équipe\u00a0: {adjudicated} {adjudicated|arbitrée|arbitrées}, {median} par la médiane des relecteurs, {unrated} {unrated|non notée|non notées}',
  },
  gateFailed: { en: '§7.2 gate for the {tier} claim: not met: {why}', fr: 'seuil §7.2 pour le niveau {tier}\u00a0: non atteint\u00a0: {why}' },
  gateUnrated: { en: '{count} {count|item|items} rated by no one', fr: '{count} {count|élément noté|éléments notés} par personne' },
  gateFewReviewers: {
    en: '{items} {items|item has|items have} fewer than {needed} {needed|reviewer|reviewers} (the fewest: {fewest})',
    fr: '{items} {items|élément a|éléments ont} moins de {needed} {needed|relecteur|relecteurs} (le moins\u00a0: {fewest})',
  },
  gateLowAgreement: {
    en: 'ordinal alpha {alpha} has a lower bound {lower}, below {needed}',
    fr: 'l’alpha ordinal {alpha} a une borne basse {lower}, sous {needed}',
  },
  gateTooFew: { en: '{rated} {rated|item|items} rated, {needed} needed', fr: '{rated} {rated|élément noté|éléments notés}, {needed} requis' },
  gateNotUsable: {
    en: '{usable} usable (by the team ratings: adjudicated, else the median), {needed} needed',
    fr: '{usable} utilisables (selon les notes de l’équipe\u00a0: arbitrées, sinon la médiane), {needed} requis',
  },
  singleReview: {
    en: 'a single review: one reviewer rated these items; a team’s §7.2 gate needs at least {needed} {needed|reviewer|reviewers} per item (review sample --reviewers, then review agreement)',
    fr: 'une revue unique\u00a0: un seul relecteur a noté ces éléments\u202f; le seuil §7.2 d’une équipe demande au moins {needed} {needed|relecteur|relecteurs} par élément (review sample --reviewers, puis review agreement)',
  },
  teamShare: {
    en: '{reviewer}’s share of a team review ({reviewers}; {overlap} per item): review agreement compares the files and gives the team’s gate',
    fr: 'la part de {reviewer} d’une revue en équipe ({reviewers}\u202f; {overlap} par élément)\u00a0: review agreement compare les fichiers et donne le seuil de l’équipe',
  },
  method: {
    en: '{level}% intervals: percentile bootstrap over items, {n} {n|resample|resamples}, seed {seed}; ratings as steps reject 1, gist 2, acceptable 3, excellent 4',
    fr: 'intervalles à {level} %\u00a0: bootstrap percentile sur les items, {n} {n|rééchantillonnage|rééchantillonnages}, graine {seed}\u202f; notes en crans reject 1, gist 2, acceptable 3, excellent 4',
  },
} as const;

export type AgreementMessage = keyof typeof AGREEMENT_MESSAGES;

export function agreementMessage(locale: Locale, id: AgreementMessage, params?: Params): string {
  return pick(AGREEMENT_MESSAGES[id], locale, params);
}

export function agreementProblemText(problem: AgreementProblem, locale: Locale): string {
  switch (problem.kind) {
    case 'too-few':
      return agreementMessage(locale, 'tooFew', { count: problem.count });
    case 'not-review':
      return agreementMessage(locale, 'notReview', { file: problem.file });
    case 'other-run':
      return agreementMessage(locale, 'otherRun', { file: problem.file, first: problem.first });
    case 'other-sample':
      return agreementMessage(locale, 'otherSample', { file: problem.file, first: problem.first });
  }
}

/** Disagreements shown in the text report; JSON lists all. */
export const SHOWN_DISAGREEMENTS = 20;

function figure(value: number, locale: Locale): string {
  if (Number.isNaN(value)) return agreementMessage(locale, 'undefined');
  return decimal(value, 3, locale);
}

function percent(value: number, locale: Locale): string {
  if (Number.isNaN(value)) return agreementMessage(locale, 'undefined');
  return percentText(Math.round(value * 1000) / 10, 1, locale);
}

function blockLines(title: string, b: AgreementBlock, locale: Locale): string[] {
  const alphas = b.alpha.map((a) =>
    Number.isNaN(a.alpha)
      ? `alpha ${agreementMessage(locale, a.level)} ${agreementMessage(locale, 'undefined')}`
      : agreementMessage(locale, 'alpha', {
          level: agreementMessage(locale, a.level),
          value: figure(a.alpha, locale),
          lower: figure(a.lower, locale),
          upper: figure(a.upper, locale),
        }),
  );
  const pairs = b.kappa.map((k) => agreementMessage(locale, 'kappaPair', { a: k.a, b: k.b, value: figure(k.kappa, locale), shared: k.shared }));
  return [
    agreementMessage(locale, 'block', {
      title,
      figures: [
        ...alphas,
        agreementMessage(locale, 'raw', { value: percent(b.raw, locale) }),
        agreementMessage(locale, 'pairedItems', { paired: b.paired, items: b.items }),
      ].join(' · '),
    }),
    `  ${agreementMessage(locale, 'kappa', { pairs: pairs.join(' · ') })}`,
  ];
}

/** The text report; `safe` makes a name or id from a file safe for a terminal. */
export function agreementText(report: AgreementReport, locale: Locale, safe: (s: string) => string = (s) => s): string {
  const names = report.reviewers.map(safe);
  const lines = [
    agreementMessage(locale, 'header', { count: names.length, names: names.join(', '), items: report.overall.items, paired: report.overall.paired }),
    ...blockLines(agreementMessage(locale, 'overall'), report.overall, locale),
  ];
  for (const [tier, b] of Object.entries(report.by_tier)) lines.push(...blockLines(agreementMessage(locale, 'tier', { tier: safe(tier) }), b, locale));
  if (report.disagreements.length === 0) lines.push(agreementMessage(locale, 'noDisagreement'));
  else {
    lines.push(agreementMessage(locale, 'widest'));
    for (const d of report.disagreements.slice(0, SHOWN_DISAGREEMENTS)) {
      const ratings = d.ratings.map((r, i) => `${names[i]} ${r ?? agreementMessage(locale, 'notRated')}`).join(' · ');
      lines.push(
        `  ${agreementMessage(locale, 'disagreement', { id: safe(String(d.entry_id)), tier: safe(tierKey(d.difficulty)), ratings, spread: d.spread })}`,
      );
    }
    if (report.disagreements.length > SHOWN_DISAGREEMENTS)
      lines.push(`  ${agreementMessage(locale, 'more', { count: report.disagreements.length - SHOWN_DISAGREEMENTS })}`);
  }
  lines.push(
    agreementMessage(locale, 'method', {
      level: Math.round(report.bootstrap.confidence_level * 100),
      n: report.bootstrap.n_bootstrap,
      seed: report.bootstrap.seed,
    }),
  );
  return lines.join('\n') + '\n';
}

/** The JSON report: undefined figures (NaN) written as null. */
export function agreementJson(report: AgreementReport): unknown {
  return JSON.parse(JSON.stringify(report, (_key, value: unknown) => (typeof value === 'number' && !Number.isFinite(value) ? null : value))) as unknown;
}

/** The §7.2 gate for a team: every item rated by enough reviewers, who agree enough, and enough usable outputs. */
export interface TeamGateThreshold extends GateThreshold {
  /** Reviewers per item, at least. */
  minReviewers: number;
  /** The lower bound of ordinal alpha's interval, at least (Krippendorff: 0.667 for tentative conclusions). */
  minAlphaLower: number;
}

export const DEFAULT_TEAM_GATE: TeamGateThreshold = { ...DEFAULT_GATE, minReviewers: 2, minAlphaLower: 0.667 };

export type TeamGateFailure =
  | { kind: 'unrated'; unrated: number }
  /** `items` items have fewer than `needed` ratings, the fewest being `fewest`. */
  | { kind: 'few-reviewers'; items: number; fewest: number; needed: number }
  | { kind: 'low-agreement'; alpha: number; lower: number; needed: number }
  | { kind: 'too-few'; rated: number; needed: number }
  | { kind: 'not-usable'; usable: number; needed: number };

export type TeamGateVerdict =
  | { kind: 'not-gated' }
  | { kind: 'passed'; tier: string; combined: ReviewSummary; decided: DecidedTotals }
  | { kind: 'failed'; tier: string; failures: TeamGateFailure[]; combined: ReviewSummary; decided: DecidedTotals };

/** How each item's team rating was reached: an adjudicator's rating, else the reviewers' median. */
export type DecidedBy = 'adjudicated' | 'median' | 'unrated';

export interface TeamRating {
  entry_id: string | number;
  difficulty: number | string | null;
  rating: Rating | null;
  by: DecidedBy;
}

export interface DecidedTotals {
  adjudicated: number;
  median: number;
  unrated: number;
}

/**
 * Each item's team rating: the adjudicated rating when `adjudicated` has one for it (adjudication.ts decides which
 * count), else the median of the reviewers' ratings.
 */
export function teamRatings(inputs: readonly ReviewInput[], adjudicated: ReadonlyMap<string, Rating> = new Map()): TeamRating[] {
  return collect(inputs).map((it) => {
    const decided = adjudicated.get(idKey(it.entry_id));
    const median = combined(it.ratings);
    const by: DecidedBy = decided !== undefined ? 'adjudicated' : median !== null ? 'median' : 'unrated';
    return { entry_id: it.entry_id, difficulty: it.difficulty, rating: decided ?? median, by };
  });
}

export function decidedTotals(ratings: readonly TeamRating[]): DecidedTotals {
  const totals: DecidedTotals = { adjudicated: 0, median: 0, unrated: 0 };
  for (const r of ratings) totals[r.by]++;
  return totals;
}

/** The lower of the two middle ratings of an item (the median; for an even count, the more cautious one). */
export function combined(ratings: readonly (Rating | null)[]): Rating | null {
  const steps = ratings
    .filter((r): r is Rating => r !== null)
    .map((r) => RATINGS.indexOf(r))
    .sort((a, b) => a - b);
  return steps.length === 0 ? null : RATINGS[steps[(steps.length - 1) >> 1]];
}

/**
 * The team gate on reviews already bound to the card (each file's binding is the caller's check, as for one
 * review): every condition that fails is listed with its figures. The items' ratings are combined by their
 * median for the usable share; alpha is the report's ordinal alpha.
 */
export function teamGate(
  card: unknown,
  inputs: readonly ReviewInput[],
  report: AgreementReport,
  threshold: TeamGateThreshold = DEFAULT_TEAM_GATE,
  adjudicated: ReadonlyMap<string, Rating> = new Map(),
): TeamGateVerdict {
  const scores = isObject(card) && isObject(card.scores) ? card.scores : {};
  const tier = typeof scores.quality_tier === 'string' ? scores.quality_tier.toLowerCase() : '';
  const items = collect(inputs);
  const ratings = teamRatings(inputs, adjudicated);
  const decided = decidedTotals(ratings);
  const combinedSummary = summarizeReview({ items: ratings.map((it) => ({ difficulty: it.difficulty, rating: it.rating })) });
  if (!GATED_TIERS.includes(tier)) return { kind: 'not-gated' };
  const failures: TeamGateFailure[] = [];
  const unrated = items.filter((it) => it.ratings.every((r) => r === null)).length;
  if (unrated > 0) failures.push({ kind: 'unrated', unrated });
  const counts = items.map((it) => it.ratings.filter((r) => r !== null).length);
  const short = counts.filter((c) => c < threshold.minReviewers);
  if (short.length > 0)
    failures.push({ kind: 'few-reviewers', items: short.length, fewest: short.reduce((a, b) => Math.min(a, b)), needed: threshold.minReviewers });
  const alpha = report.overall.alpha.find((a) => a.level === 'ordinal');
  if (alpha && !(alpha.lower >= threshold.minAlphaLower))
    failures.push({ kind: 'low-agreement', alpha: alpha.alpha, lower: alpha.lower, needed: threshold.minAlphaLower });
  if (combinedSummary.overall.rated < threshold.minRated) failures.push({ kind: 'too-few', rated: combinedSummary.overall.rated, needed: threshold.minRated });
  const usable = combinedSummary.overall.usable_rate ?? 0;
  if (usable < threshold.minUsableRate) failures.push({ kind: 'not-usable', usable, needed: threshold.minUsableRate });
  return failures.length === 0
    ? { kind: 'passed', tier, combined: combinedSummary, decided }
    : { kind: 'failed', tier, failures, combined: combinedSummary, decided };
}

/** The gate's verdict as a line of `review agreement`, in English or French, with the figures of each failure. */
export function teamGateText(verdict: TeamGateVerdict, locale: Locale): string | undefined {
  if (verdict.kind === 'not-gated') return undefined;
  const decided = agreementMessage(locale, 'decided', { ...verdict.decided });
  if (verdict.kind === 'passed') return agreementMessage(locale, 'gatePassed', { tier: verdict.tier, decided });
  return agreementMessage(locale, 'gateFailed', { tier: verdict.tier, why: teamGateReasons(verdict.failures, locale).join('; ') + ` (${decided})` });
}

/** Each failed condition of the team gate as a clause with its figures, in English or French. */
export function teamGateReasons(failures: readonly TeamGateFailure[], locale: Locale): string[] {
  return failures.map((f) => {
    switch (f.kind) {
      case 'unrated':
        return agreementMessage(locale, 'gateUnrated', { count: f.unrated });
      case 'few-reviewers':
        return agreementMessage(locale, 'gateFewReviewers', { items: f.items, fewest: f.fewest, needed: f.needed });
      case 'low-agreement':
        return agreementMessage(locale, 'gateLowAgreement', {
          alpha: figure(f.alpha, locale),
          lower: figure(f.lower, locale),
          needed: figure(f.needed, locale),
        });
      case 'too-few':
        return agreementMessage(locale, 'gateTooFew', { rated: f.rated, needed: f.needed });
      case 'not-usable':
        return agreementMessage(locale, 'gateNotUsable', { usable: percent(f.usable, locale), needed: percent(f.needed, locale) });
    }
  });
}
