import { formatAgreeing, type Locale, type Params } from '../i18n/locale';
import { QUALITY_TIERS, tierLabel } from '../scoring/rosetta/tiers';
import type { CalibrationFigure, CalibrationReport, Cut, CutVerdict, TierShare } from './calibration';

/**
 * Every sentence `review calibrate` and its view say, in English and French, and the text report. The figures
 * are written here once (3 decimals for tau-b, a percent with one decimal for shares, chrF++ with 2 decimals,
 * the composite with 4), so the terminal, the HTML page and the view show the same numbers.
 */
export const CALIBRATION_MESSAGES = {
  title: { en: 'What the ratings say about the metrics', fr: 'Ce que les notes disent des métriques' },
  header: {
    en: '{pair}: {items} rated {items|item|items} ({reviewers}); {unrated} unrated and {unmatched} without an output in the card left out',
    fr: '{pair}\u00a0: {items} {items|élément noté|éléments notés} ({reviewers})\u202f; {unrated} {unrated|non noté|non notés} et {unmatched} sans sortie dans la carte {unmatched|laissé|laissés} de côté',
  },
  oneReviewer: { en: 'one reviewer: {name}', fr: 'un relecteur\u00a0: {name}' },
  reviewers: { en: '{count} {count|reviewer|reviewers}: {names}', fr: '{count} {count|relecteur|relecteurs}\u00a0: {names}' },
  basis: {
    en: 'ratings: {adjudicated} adjudicated, {median} the median of their reviewers (the lower middle one for an even count), {single} from one reviewer',
    fr: 'notes\u00a0: {adjudicated} {adjudicated|arbitrée|arbitrées}, {median} la médiane de leurs relecteurs (la plus basse des deux du milieu pour un nombre pair), {single} d’un seul relecteur',
  },
  noAdjudication: {
    en: 'no adjudication file given: items rated by several reviewers take their median',
    fr: 'aucun fichier d’arbitrage donné\u00a0: les éléments notés par plusieurs relecteurs prennent leur médiane',
  },
  tauTitle: {
    en: 'Kendall’s tau-b between each automatic figure and the rating (reject 1, gist 2, acceptable 3, excellent 4):',
    fr: 'tau-b de Kendall entre chaque mesure automatique et la note (reject 1, gist 2, acceptable 3, excellent 4)\u00a0:',
  },
  tauColumns: { en: 'figure|tau-b|{level}% interval|items', fr: 'mesure|tau-b|intervalle à {level} %|éléments' },
  chrf: { en: 'sentence chrF++', fr: 'chrF++ de la phrase' },
  exact_match: { en: 'exact match', fr: 'correspondance exacte' },
  fst_acceptance: { en: 'FST acceptance', fr: 'acceptation FST' },
  composite: { en: 'composite of the item', fr: 'composite de l’élément' },
  undefined: { en: 'not defined', fr: 'non défini' },
  tierTitle: {
    en: 'Share rated usable (acceptable or excellent) per §5 tier of the item’s composite:',
    fr: 'Part notée utilisable (acceptable ou excellent) par niveau §5 du composite de l’élément\u00a0:',
  },
  tierColumns: { en: 'tier|composite|rated|usable|share', fr: 'niveau|composite|notés|utilisables|part' },
  cutTitle: {
    en: 'Suggested cuts for {pair} (Youden’s J, the cut with the highest balanced accuracy; a suggestion: §5’s tiers are unchanged):',
    fr: 'Seuils suggérés pour {pair} (J de Youden, le seuil de meilleure exactitude équilibrée\u202f; une suggestion\u00a0: les niveaux du §5 restent inchangés)\u00a0:',
  },
  cutHeading: { en: 'Suggested cuts for {pair}', fr: 'Seuils suggérés pour {pair}' },
  cutCriterion: {
    en: 'By Youden’s J, the cut with the highest balanced accuracy. A suggestion for this language pair: §5’s tiers are unchanged.',
    fr: 'Par le J de Youden, le seuil de meilleure exactitude équilibrée. Une suggestion pour cette paire de langues\u00a0: les niveaux du §5 restent inchangés.',
  },
  cutColumns: {
    en: 'figure|usable from|{level}% interval|J|sensitivity|specificity|items',
    fr: 'mesure|utilisable dès|intervalle à {level} %|J|sensibilité|spécificité|éléments',
  },
  cutCompare: {
    en: 'for comparison, §5’s Deployable tier begins at a composite of {deployable}',
    fr: 'pour comparaison, le niveau Déployable du §5 commence à un composite de {deployable}',
  },
  tooFew: {
    en: 'No cut suggested: every §5 tier holding rated items needs {needed} {needed|rating|ratings}, in two tiers or more ({detail})',
    fr: 'Aucun seuil suggéré\u00a0: chaque niveau du §5 qui contient des éléments notés en demande {needed}, dans deux niveaux ou plus ({detail})',
  },
  tierCount: { en: '{tier}: {rated}', fr: '{tier}\u00a0: {rated}' },
  oneTier: { en: 'only {tiers} tier holds rated items', fr: 'un seul niveau ({tiers}) contient des éléments notés' },
  noTier: { en: 'no item has a composite', fr: 'aucun élément n’a de composite' },
  oneClass: {
    en: 'No cut suggested: {usable} of {rated} rated {rated|item is|items are} usable, so there is nothing to separate',
    fr: 'Aucun seuil suggéré\u00a0: {usable} {usable|élément noté|éléments notés} sur {rated} {usable|est utilisable|sont utilisables}, il n’y a donc rien à séparer',
  },
  method: {
    en: '{level}% intervals: percentile bootstrap over items, {n} {n|resample|resamples}, seed {seed}; a cut counts an output as usable when its figure is at or above it',
    fr: 'intervalles à {level} %\u00a0: bootstrap percentile sur les éléments, {n} {n|rééchantillonnage|rééchantillonnages}, graine {seed}\u202f; un seuil compte une sortie comme utilisable quand sa mesure l’atteint',
  },
  chartTau: { en: 'Kendall’s tau-b with the rating', fr: 'tau-b de Kendall avec la note' },
  chartShare: { en: 'Share rated usable per §5 tier', fr: 'Part notée utilisable par niveau §5' },
  chartShareAxis: { en: 'usable (%)', fr: 'utilisable (%)' },
  none: { en: '—', fr: '—' },
  noItems: {
    en: 'No rated item of these files has an output in the card: nothing to set beside the figures.',
    fr: 'Aucun élément noté de ces fichiers n’a de sortie dans la carte\u00a0: rien à mettre en regard des mesures.',
  },
  viewHint: {
    en: 'The ratings set beside the card’s automatic figures. A cut is a suggestion for this language pair: §5’s tiers are unchanged.',
    fr: 'Les notes mises en regard des mesures automatiques de la carte. Un seuil est une suggestion pour cette paire de langues\u00a0: les niveaux du §5 restent inchangés.',
  },
  // Refusals of the command (the files' own problems are `review agreement`'s sentences).
  noFiles: { en: 'calibrate takes one or more review files of one sample', fr: 'calibrate prend un ou plusieurs fichiers de revue d’un même échantillon' },
  noCard: {
    en: '{file}: the run card {card} cannot be read: the automatic figures come from the card the ratings are bound to',
    fr: '{file}\u00a0: la carte de run {card} est illisible\u00a0: les mesures automatiques viennent de la carte à laquelle les notes sont liées',
  },
  unbound: {
    en: '{file}: not a review of the run card {card}: {reason}; its ratings cannot be set beside that card’s figures',
    fr: '{file}\u00a0: pas une revue de la carte de run {card}\u00a0: {reason}\u202f; ses notes ne peuvent être mises en regard des mesures de cette carte',
  },
  unboundView: {
    en: '{file}: not a review of the run card {card} (the Problems view says why, on the file); its ratings cannot be set beside that card’s figures',
    fr: '{file}\u00a0: pas une revue de la carte de run {card} (la vue Problèmes dit pourquoi, sur le fichier)\u202f; ses notes ne peuvent être mises en regard des mesures de cette carte',
  },
} as const;

export type CalibrationMessage = keyof typeof CALIBRATION_MESSAGES;

export function calibrationMessage(locale: Locale, id: CalibrationMessage, params?: Params): string {
  return formatAgreeing(CALIBRATION_MESSAGES[id][locale], params ?? {}, locale);
}

const decimal = (text: string, locale: Locale) => (locale === 'fr' ? text.replace('.', ',') : text);

/** tau-b and J: 3 decimals; NaN is "not defined". */
export function fixed(value: number, digits: number, locale: Locale): string {
  return Number.isFinite(value) ? decimal(value.toFixed(digits), locale) : calibrationMessage(locale, 'undefined');
}

export function percentText(value: number | null, locale: Locale): string {
  if (value === null || !Number.isFinite(value)) return calibrationMessage(locale, 'none');
  const text = decimal((Math.round(value * 1000) / 10).toFixed(1), locale);
  return locale === 'fr' ? `${text} %` : `${text}%`;
}

export function intervalText(lower: number, upper: number, digits: number, locale: Locale): string {
  if (!Number.isFinite(lower) || !Number.isFinite(upper)) return calibrationMessage(locale, 'undefined');
  return locale === 'fr'
    ? `[${fixed(lower, digits, locale)} ; ${fixed(upper, digits, locale)}]`
    : `[${fixed(lower, digits, locale)}, ${fixed(upper, digits, locale)}]`;
}

export const figureLabel = (figure: CalibrationFigure, locale: Locale) => calibrationMessage(locale, figure);

/** Digits a cut on this figure is shown with: chrF++ on its 0–100 scale, the composite on 0–1. */
export const cutDigits = (cut: Pick<Cut, 'figure'>) => (cut.figure === 'chrf' ? 2 : 4);

export function tierRange(t: TierShare, locale: Locale): string {
  return t.min === null || t.max === null ? calibrationMessage(locale, 'none') : `${fixed(t.min, 2, locale)}–${fixed(t.max, 2, locale)}`;
}

/** The rows of the tables (without header), as the text report, the HTML page and the view show them. */
export function tauRows(report: CalibrationReport, locale: Locale): string[][] {
  return report.correlations.map((c) => [figureLabel(c.figure, locale), fixed(c.tau_b, 3, locale), intervalText(c.lower, c.upper, 3, locale), String(c.n)]);
}

export function tierRows(report: CalibrationReport, locale: Locale): string[][] {
  return report.tiers.map((t) => [tierLabel(t.tier, locale), tierRange(t, locale), String(t.rated), String(t.usable), percentText(t.share, locale)]);
}

export function cutRows(cuts: readonly Cut[], locale: Locale): string[][] {
  return cuts.map((c) => [
    figureLabel(c.figure, locale),
    `≥ ${fixed(c.cut, cutDigits(c), locale)}`,
    intervalText(c.lower, c.upper, cutDigits(c), locale),
    fixed(c.j, 3, locale),
    fixed(c.sensitivity, 3, locale),
    fixed(c.specificity, 3, locale),
    String(c.n),
  ]);
}

/** Why no cut is suggested, or undefined when cuts are. */
export function noCutText(cut: CutVerdict, locale: Locale): string | undefined {
  if (cut.kind === 'suggested') return undefined;
  if (cut.kind === 'one-class') return calibrationMessage(locale, 'oneClass', { usable: cut.usable, rated: cut.rated });
  const detail =
    cut.short.length > 0
      ? cut.short.map((s) => calibrationMessage(locale, 'tierCount', { tier: tierLabel(s.tier, locale), rated: s.rated })).join(', ')
      : cut.tiers === 0
        ? calibrationMessage(locale, 'noTier')
        : calibrationMessage(locale, 'oneTier', { tiers: cut.tiers });
  return calibrationMessage(locale, 'tooFew', { needed: cut.needed, detail });
}

export interface CalibrationContext {
  /** The language pair (the card's `dataset.language_pair`, else its dataset id), shown in the cut's title. */
  pair: string;
  reviewers: readonly string[];
  /** Whether an adjudication file was given. */
  adjudication: boolean;
}

export function headerLines(report: CalibrationReport, context: CalibrationContext, locale: Locale): string[] {
  const reviewers =
    context.reviewers.length === 1
      ? calibrationMessage(locale, 'oneReviewer', { name: context.reviewers[0] })
      : calibrationMessage(locale, 'reviewers', { count: context.reviewers.length, names: context.reviewers.join(', ') });
  const lines = [
    calibrationMessage(locale, 'header', { pair: context.pair, items: report.items, reviewers, unrated: report.unrated, unmatched: report.unmatched }),
    calibrationMessage(locale, 'basis', report.basis),
  ];
  if (!context.adjudication && context.reviewers.length > 1) lines.push(calibrationMessage(locale, 'noAdjudication'));
  return lines;
}

export function methodLine(report: CalibrationReport, locale: Locale): string {
  return calibrationMessage(locale, 'method', {
    level: Math.round(report.bootstrap.confidence_level * 100),
    n: report.bootstrap.n_bootstrap,
    seed: report.bootstrap.seed,
  });
}

const level = (report: CalibrationReport) => Math.round(report.bootstrap.confidence_level * 100);

export function columns(id: 'tauColumns' | 'tierColumns' | 'cutColumns', report: CalibrationReport, locale: Locale): string[] {
  return calibrationMessage(locale, id, { level: level(report) }).split('|');
}

/** The text report; `table` lays rows out in columns, `safe` makes a name from a file safe for a terminal. */
export function calibrationText(
  report: CalibrationReport,
  context: CalibrationContext,
  locale: Locale,
  table: (rows: readonly (readonly string[])[]) => string,
  safe: (s: string) => string = (s) => s,
): string {
  const shown = { ...context, pair: safe(context.pair), reviewers: context.reviewers.map(safe) };
  const indent = (text: string) =>
    text
      .split('\n')
      .filter((l) => l !== '')
      .map((l) => `  ${l}`)
      .join('\n');
  const out = [...headerLines(report, shown, locale)];
  out.push(calibrationMessage(locale, 'tauTitle'), indent(table([columns('tauColumns', report, locale), ...tauRows(report, locale)])));
  out.push(calibrationMessage(locale, 'tierTitle'), indent(table([columns('tierColumns', report, locale), ...tierRows(report, locale)])));
  const why = noCutText(report.cut, locale);
  if (why !== undefined) out.push(why);
  else if (report.cut.kind === 'suggested') {
    out.push(
      calibrationMessage(locale, 'cutTitle', { pair: shown.pair }),
      indent(table([columns('cutColumns', report, locale), ...cutRows(report.cut.cuts, locale)])),
    );
    out.push(`  ${calibrationMessage(locale, 'cutCompare', { deployable: fixed(QUALITY_TIERS.find((t) => t.tier === 'deployable')?.min ?? NaN, 2, locale) })}`);
  }
  out.push(methodLine(report, locale));
  return out.join('\n') + '\n';
}
