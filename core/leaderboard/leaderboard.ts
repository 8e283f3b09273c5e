import type { Bilingual } from '../i18n/locale';
import { CATEGORIES } from '../scoring/ewebench/categories';
import { readRuns } from '../runs/read';
import { eweBenchBoard, eweBenchRowOfRun, type EweBenchRow } from './ewebench';
import { rosettaBoard, rosettaRow, rosettaRowOfReport, type BoardOptions, type CardSource, type RosettaRow, type RosettaSortKey } from './rosetta';

/**
 * The leaderboard's entry point for adapters (CLI `leaderboard`, the VS Code view): files in, two ranked boards
 * out. An adapter reads each file's text (and a card's `<card>.review.json` beside it, see `reviewFileNameFor`)
 * and calls `buildLeaderboard`; files that are neither a run card nor an ÈwéBench results file are listed in
 * `ignored`, never dropped silently.
 */

export interface Leaderboard {
  ewebench: EweBenchRow[];
  rosetta: RosettaRow[];
  /** Files that are neither a run card nor a results file (or not JSON). */
  ignored: string[];
}

export interface LeaderboardOptions {
  rosetta?: BoardOptions<RosettaSortKey>;
  ewebench?: BoardOptions<string>;
}

export function buildLeaderboard(sources: readonly CardSource[], options: LeaderboardOptions = {}): Leaderboard {
  const ewe: EweBenchRow[] = [];
  const rosetta: RosettaRow[] = [];
  const ignored: string[] = [];
  for (const source of sources) {
    const card = rosettaRow(source);
    if (card) {
      rosetta.push(card);
      continue;
    }
    let value: unknown;
    try {
      value = JSON.parse(source.text.charCodeAt(0) === 0xfeff ? source.text.slice(1) : source.text);
    } catch {
      ignored.push(source.path);
      continue;
    }
    // Every other run format through the one runs reader: ÈwéBench results files and leaderboard.json rows,
    // mt_eval_harness's reports (listed, never ranked: nothing seals them).
    const read = readRuns(value, source.path);
    if (!read.ok) ignored.push(source.path);
    else if (read.format === 'rosetta-report') rosetta.push(...read.runs.map((run) => rosettaRowOfReport(source.path, run)));
    else if (read.format === 'rosetta-run-card') ignored.push(source.path);
    else ewe.push(...read.runs.map((run) => eweBenchRowOfRun(source.path, run)));
  }
  return { ewebench: eweBenchBoard(ewe, options.ewebench), rosetta: rosettaBoard(rosetta, options.rosetta), ignored };
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
  language_pair: { en: 'Language pair', fr: 'Paire de langues' },
  segments: { en: 'Segments', fr: 'Segments' },
  review: { en: 'Human review', fr: 'Revue humaine' },
  ewe_score: { en: 'ÈwéScore', fr: 'ÈwéScore' },
  tests: { en: 'Tests', fr: 'Tests' },
  ...Object.fromEntries(CATEGORIES.map((c) => [c.stem, c.name])),
};

/** Marks and notes a board shows beside its rows. */
export const BOARD_TEXT = {
  title: { en: 'Leaderboard', fr: 'Classement' },
  ewebenchTitle: { en: 'ÈwéBench', fr: 'ÈwéBench' },
  rosettaTitle: { en: 'Rosetta', fr: 'Rosetta' },
  tie: { en: 'tie: its interval overlaps a neighbour’s', fr: 'ex æquo : son intervalle chevauche celui d’un voisin' },
  notVerified: { en: 'not ranked: its hashes do not verify', fr: 'non classé : ses empreintes ne se vérifient pas' },
  unsealed: { en: 'not ranked: no run_card_hash seals it', fr: 'non classé : aucun run_card_hash ne le scelle' },
  noComposite: { en: 'not ranked: no composite', fr: 'non classé : pas de composite' },
  unreviewedTier: { en: 'claimed without a human review that meets the gate (§7.2)', fr: 'revendiqué sans revue humaine qui franchit le seuil (§7.2)' },
  reviewStale: { en: 'the review rated another version of this card', fr: 'la revue a noté une autre version de cette fiche' },
  usable: { en: '{rated}/{total} rated, {rate} usable', fr: '{rated}/{total} notées, {rate} utilisables' },
  ignored: { en: 'Not a run card or results file: {files}', fr: 'Ni fiche de run ni fichier de résultats : {files}' },
  empty: { en: 'No run card or results file.', fr: 'Aucune fiche de run ni fichier de résultats.' },
  intervalNote: {
    en: 'Intervals: 95% bootstrap (the card’s own, else 1,000 resamples with seed 12345 over its results). Rows marked = tie with a neighbour.',
    fr: 'Intervalles : bootstrap à 95 % (celui de la fiche, sinon 1 000 rééchantillonnages de graine 12345 sur ses résultats). Lignes marquées = : ex æquo avec un voisin.',
  },
} satisfies Record<string, Bilingual>;
