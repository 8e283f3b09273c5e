import type { Bilingual } from '../i18n/locale';
import { CATEGORIES } from '../scoring/ewebench/categories';
import { isObject } from '../json';
import { isRunCardValue, readRuns, runCardRangeRefusal } from '../runs/read';
import { eweBenchBoard, eweBenchRowOfRun, type EweBenchRow } from './ewebench';
import { suiteBoard, suiteRowOfRun, type SuiteRow } from './suite';
import { rosettaBoard, rosettaRow, rosettaRowOfReport, type BoardOptions, type CardSource, type RosettaRow, type RosettaSortKey } from './rosetta';
import { appendAll } from '../arrays';

/**
 * The leaderboard's entry point for adapters (CLI `leaderboard`, the VS Code view): files in, two ranked boards
 * out. An adapter reads each file's text (and a card's `<card>.review.json` beside it, see `reviewFileNameFor`)
 * and calls `buildLeaderboard`; files that are neither a run card nor an ÈwéBench results file are listed in
 * `ignored`, never dropped silently.
 */

export interface Leaderboard {
  ewebench: EweBenchRow[];
  rosetta: RosettaRow[];
  /** Task suite runs (their results files), ranked within each suite by SEA-HELM's overall score. */
  suite: SuiteRow[];
  /** Files that are neither a run card nor a results file (or not JSON). */
  ignored: string[];
  /** Runs refused as invalid input (a score out of its range), with why. */
  refused: { path: string; reason: string }[];
}

export interface LeaderboardOptions {
  rosetta?: BoardOptions<RosettaSortKey>;
  ewebench?: BoardOptions<string>;
}

function parse(text: string): unknown {
  try {
    return JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * Whether a parsed file is one the leaderboard ranks (a run card, an ÈwéBench results file or leaderboard, an
 * mt_eval_harness report) or refuses (one of those with a score out of range): the one test the CLI and the
 * editor's view both apply, so the view reads what the CLI reads.
 */
export function isLeaderboardSource(value: unknown): boolean {
  const read = readRuns(value, '');
  return read.ok || read.reason === 'out-of-range' || (isObject(value) && isObject(value.scores) && ('run_card_hash' in value || 'fingerprint' in value));
}

/** The rows read so far, before ranking: `addLeaderboardSource` for each file, then `rankLeaderboard`. */
export interface LeaderboardRows {
  ewebench: EweBenchRow[];
  rosetta: RosettaRow[];
  suite: SuiteRow[];
  ignored: string[];
  refused: Leaderboard['refused'];
}

export function emptyLeaderboardRows(): LeaderboardRows {
  return { ewebench: [], rosetta: [], suite: [], ignored: [], refused: [] };
}

/**
 * One file's rows added to `rows` (or its path to `ignored`/`refused`). An adapter reading many files adds each
 * as it is read and lets its text go: the board holds rows, not texts.
 */
export function addLeaderboardSource(rows: LeaderboardRows, source: CardSource): void {
  const value = parse(source.text);
  if (value === undefined) {
    rows.ignored.push(source.path);
    return;
  }
  // A run card: its row is made from the card itself (seals checked); of the runs reader only its range rule, which
  // refuses a card whose figures are not scores (the run it would build is not needed).
  if (isRunCardValue(value)) {
    const refused = runCardRangeRefusal(value);
    const card = refused === null ? rosettaRow(source, value) : undefined;
    if (refused !== null) rows.refused.push({ path: source.path, reason: refused });
    else if (card) rows.rosetta.push(card);
    else rows.ignored.push(source.path);
    return;
  }
  // Every other run format through the one runs reader: ÈwéBench results files and leaderboard.json rows,
  // mt_eval_harness's reports (ranked, marked unsealed), task suite results.
  const read = readRuns(value, source.path);
  if (!read.ok && read.reason === 'out-of-range') {
    rows.refused.push({ path: source.path, reason: read.detail });
    return;
  }
  const card = rosettaRow(source, value);
  if (card) rows.rosetta.push(card);
  else if (!read.ok || read.format === 'rosetta-run-card') rows.ignored.push(source.path);
  else if (read.format === 'rosetta-report')
    appendAll(
      rows.rosetta,
      read.runs.map((run) => rosettaRowOfReport(source.path, run)),
    );
  else if (read.format === 'suite-results')
    appendAll(
      rows.suite,
      read.runs.flatMap((run) => suiteRowOfRun(source.path, run) ?? []),
    );
  else
    appendAll(
      rows.ewebench,
      read.runs.map((run) => eweBenchRowOfRun(source.path, run)),
    );
}

/** The boards of the rows read: each ranked (and filtered, sorted) as `options` asks. */
export function rankLeaderboard(rows: LeaderboardRows, options: LeaderboardOptions = {}): Leaderboard {
  return {
    ewebench: eweBenchBoard(rows.ewebench, options.ewebench),
    rosetta: rosettaBoard(rows.rosetta, options.rosetta),
    suite: suiteBoard(rows.suite),
    ignored: rows.ignored,
    refused: rows.refused,
  };
}

export function buildLeaderboard(sources: readonly CardSource[], options: LeaderboardOptions = {}): Leaderboard {
  const rows = emptyLeaderboardRows();
  for (const source of sources) addLeaderboardSource(rows, source);
  return rankLeaderboard(rows, options);
}

/** Column headings in both languages (the CLI's text and HTML, the editor's view). */
export const COLUMN_LABELS: Record<string, Bilingual> = {
  rank: { en: 'Rank', fr: 'Rang' },
  method: { en: 'Method', fr: 'Méthode' },
  composite: { en: 'Composite', fr: 'Composite' },
  chrf_plus_plus: { en: 'chrF++', fr: 'chrF++' },
  fst_acceptance_rate: { en: 'FST acceptance', fr: 'Acceptation FST' },
  exact_match_rate: { en: 'Exact match', fr: 'Correspondance exacte' },
  semantic_score: { en: 'Semantic', fr: 'Sémantique' },
  cost_per_entry_usd: { en: 'Cost/entry (USD)', fr: 'Coût/entrée (USD)' },
  speed_seconds: { en: 'Speed (s/entry)', fr: 'Vitesse (s/entrée)' },
  cost_adjusted: { en: 'Cost-adjusted', fr: 'Ajusté au coût' },
  method_class: { en: 'Method class', fr: 'Classe de méthode' },
  model: { en: 'Model', fr: 'Modèle' },
  quality_tier: { en: 'Quality tier', fr: 'Niveau de qualité' },
  verification_tier: { en: 'Verification tier', fr: 'Niveau de vérification' },
  date: { en: 'Date', fr: 'Date' },
  corpus: { en: 'Corpus', fr: 'Corpus' },
  suite: { en: 'Suite', fr: 'Suite' },
  overall: { en: 'Overall ± SE', fr: 'Global ± ET' },
  runs: { en: 'Runs', fr: 'Runs' },
  items: { en: 'Items', fr: 'Items' },
  language_pair: { en: 'Language pair', fr: 'Paire de langues' },
  segments: { en: 'Segments', fr: 'Segments' },
  seal: { en: 'Seal', fr: 'Sceau' },
  review: { en: 'Human review', fr: 'Revue humaine' },
  ewe_score: { en: 'ÈwéScore', fr: 'ÈwéScore' },
  tests: { en: 'Tests', fr: 'Tests' },
  ...Object.fromEntries(CATEGORIES.map((c) => [c.stem, c.name])),
};

/** The CLI text report's short column headings (its tables must fit 160 columns). */
export const TEXT_HEADINGS = {
  overall: { en: 'overall ± SE', fr: 'global ± ET' },
  runs: { en: 'runs', fr: 'runs' },
  items: { en: 'items', fr: 'items' },
  rank: { en: 'rank', fr: 'rang' },
  model: { en: 'model', fr: 'modèle' },
  eweScore: { en: 'ÈwéScore [95%]', fr: 'ÈwéScore [95 %]' },
  tests: { en: 'tests', fr: 'tests' },
  date: { en: 'date', fr: 'date' },
  file: { en: 'file', fr: 'fichier' },
  note: { en: 'note', fr: 'note' },
  composite: { en: 'composite [95%]', fr: 'composite [95 %]' },
  chrf: { en: 'chrF++ [95%]', fr: 'chrF++ [95 %]' },
  exact: { en: 'exact [95%]', fr: 'exact [95 %]' },
  fst: { en: 'FST', fr: 'FST' },
  semantic: { en: 'semantic', fr: 'sémantique' },
  cost: { en: 'cost/entry', fr: 'coût/entrée' },
  speed: { en: 's/entry', fr: 's/entrée' },
  costAdjusted: { en: 'cost-adj', fr: 'ajusté coût' },
  seal: { en: 'seal', fr: 'sceau' },
  method: { en: 'method', fr: 'méthode' },
  class: { en: 'class', fr: 'classe' },
  tier: { en: 'tier', fr: 'niveau' },
  verification: { en: 'verification', fr: 'vérification' },
  review: { en: 'review', fr: 'revue' },
} satisfies Record<string, Bilingual>;

/** Marks and notes a board shows beside its rows. */
export const BOARD_TEXT = {
  title: { en: 'Leaderboard', fr: 'Classement' },
  ewebenchTitle: { en: 'ÈwéBench', fr: 'ÈwéBench' },
  rosettaTitle: { en: 'Rosetta', fr: 'Rosetta' },
  tie: { en: 'tie: its interval overlaps a neighbour’s', fr: 'ex æquo\u00a0: son intervalle chevauche celui d’un voisin' },
  tampered: {
    en: 'not ranked: tampered (a stored hash does not match the card)',
    fr: 'non classé\u00a0: altéré (une empreinte stockée ne correspond pas au contenu)',
  },
  unreadable: { en: 'not ranked: its hashes cannot be computed', fr: 'non classé\u00a0: ses empreintes ne peuvent être calculées' },
  sealVerified: { en: 'sealed', fr: 'scellé' },
  sealUnsealed: { en: 'unsealed', fr: 'non scellé' },
  sealTampered: { en: 'tampered', fr: 'altéré' },
  sealUnreadable: { en: 'unreadable', fr: 'illisible' },
  unsealedNote: {
    en: 'unsealed: nothing seals the file (a harness report, a card without run_card_hash): ranked, but a change to it cannot be detected',
    fr: 'non scellé\u00a0: rien ne scelle le fichier (un rapport du harnais, une fiche sans run_card_hash)\u00a0: classé, mais une modification passerait inaperçue',
  },
  perCorpus: {
    en: 'Ranked within each corpus: composites of different corpora do not compare.',
    fr: 'Classement par corpus\u00a0: les composites de corpus différents ne se comparent pas.',
  },
  corpusHeading: { en: 'Corpus {corpus} ({pair}): {n} {n|run|runs}', fr: 'Corpus {corpus} ({pair})\u00a0: {n} {n|exécution|exécutions}' },
  eweBenchHeading: { en: 'ÈwéBench (ÈwéScore [95% interval])', fr: 'ÈwéBench (ÈwéScore [intervalle à 95 %])' },
  rosettaHeading: { en: 'Rosetta (§9.7; scores [95% interval])', fr: 'Rosetta (§9.7\u202f; scores [intervalle à 95 %])' },
  eweScoreMismatch: {
    en: 'declared ÈwéScore {declared}, its categories give {recomputed}: ranked by {recomputed}',
    fr: 'ÈwéScore déclaré {declared}, ses catégories donnent {recomputed}\u00a0: classé selon {recomputed}',
  },
  refused: { en: 'Refused (invalid input): {file}: {reason}', fr: 'Refusé (entrée invalide)\u00a0: {file}\u00a0: {reason}' },
  noComposite: { en: 'not ranked: no composite', fr: 'non classé\u00a0: pas de composite' },
  unreviewedTier: { en: 'claimed without a human review that meets the gate (§7.2)', fr: 'revendiqué sans revue humaine qui franchit le seuil (§7.2)' },
  reviewStale: { en: 'the review rated another version of this card', fr: 'la revue a noté une autre version de cette fiche' },
  usable: { en: '{rated}/{total} rated, {rate} usable', fr: '{rated}/{total} notées, {rate} utilisables' },
  teamReview: {
    en: '{reviewers}: alpha {alpha} [{lower}, {upper}]; {usable}',
    fr: '{reviewers}\u00a0: alpha {alpha} [{lower}\u202f; {upper}]\u202f; {usable}',
  },
  ignored: { en: 'Not a run card or results file: {files}', fr: 'Ni fiche d’exécution ni fichier de résultats\u00a0: {files}' },
  empty: { en: 'No run card, report or results file.', fr: 'Aucune fiche d’exécution, rapport ni fichier de résultats.' },
  suiteHeading: {
    en: 'Task suites (SEA-HELM overall score ± standard error over runs; 0 = chance, 100 = all right)',
    fr: 'Suites de tâches (score global SEA-HELM ± erreur type sur les exécutions\u202f; 0 = hasard, 100 = tout juste)',
  },
  suiteGroup: { en: 'Suite {suite}: {n} {n|run|runs}', fr: 'Suite {suite}\u00a0: {n} {n|exécution|exécutions}' },
  suiteNote: {
    en: 'Ranked within each suite; rows marked = tie with a neighbour (their overall ± 1.96 standard errors overlap). Task columns: each task’s score, normalised by chance.',
    fr: 'Classement par suite\u202f; lignes marquées =\u00a0: ex æquo avec un voisin (leurs scores globaux ± 1,96 erreur type se chevauchent). Colonnes des tâches\u00a0: le score de chaque tâche, normalisé par le hasard.',
  },
  intervalNote: {
    en: 'Intervals: 95% bootstrap (the card’s own, else 1,000 resamples with seed 12345 over its results). Rows marked = tie with a neighbour.',
    fr: 'Intervalles\u00a0: bootstrap à 95 % (celui de la fiche, sinon 1 000 rééchantillonnages de graine 12345 sur ses résultats). Lignes marquées =\u00a0: ex æquo avec un voisin.',
  },
} satisfies Record<string, Bilingual>;
