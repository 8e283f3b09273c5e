import { corpusChrf } from '../chrf';
import { pyRound } from '../../python/round';
import { compositeScore, type CompositeResult } from './composite';
import { latencySummary, type LatencySummary } from './latency';
import { harnessExactMatch } from './metrics';

/**
 * `scores.by_difficulty` and `scores.by_provenance` (spec §3.4) worked out from the per-entry results of a run
 * card (§3.7). Every field is optional here because cards in the wild omit some; each figure says what it
 * was computed from.
 */
export interface RosettaEntryResult {
  entry_id?: number | string;
  predicted?: string | null;
  reference?: string | null;
  exact_match?: boolean | null;
  /** Sentence-level chrF++, 0–100. */
  entry_chrf?: number | null;
  fst_accepted?: boolean | null;
  difficulty?: number | string | null;
  provenance?: string | null;
  latency_seconds?: number | null;
  error?: string | null;
}

export interface GroupSummary {
  /** The difficulty tier or provenance tag, as text ("1"…"5", "textbook"). */
  key: string;
  count: number;
  /** Entries with a non-empty `error`. */
  errors: number;
  /**
   * The recorded `exact_match` when it is a boolean, else worked out (`harnessExactMatch`) from predicted and reference;
   * an entry with neither does not match.
   */
  exact_matches: number;
  /** exact_matches / count, 4 decimals. */
  exact_match_rate: number;
  /** How many entries carry a numeric `entry_chrf`. */
  chrf_entries: number;
  /** Mean of the recorded sentence chrF++ values, 4 decimals; null when none is recorded. */
  mean_entry_chrf: number | null;
  /**
   * Corpus-level chrF++ of the group (0–100, sacrebleu's way: statistics summed, F computed once), the scale
   * the composite takes; a failed entry scores as an empty prediction. Null unless every entry has a reference.
   */
  chrf_plus_plus: number | null;
  fst_accepted: number;
  /** Entries with a boolean `fst_accepted` (null means no analyser ran). */
  fst_checked: number;
  /** fst_accepted / fst_checked, 4 decimals; null when no entry was checked. */
  fst_acceptance_rate: number | null;
  /**
   * The composite over what per-entry results can give (exact match, chrF++ — corpus-level when available,
   * else the mean sentence score — and FST acceptance). Semantic score and the other run-level metrics are
   * not per entry, so this is comparable between groups, not with the run's own composite.
   */
  composite: CompositeResult;
  chrf_source: 'corpus' | 'mean_entry' | null;
  latency: LatencySummary;
}

export interface GroupBreakdown {
  /** Difficulty tiers in numeric order (legacy easy/medium/hard after them), other keys in code-point order. */
  groups: GroupSummary[];
  /** Entries the key function gave no group. */
  unassigned: number;
}

/** Summary of one set of results (a group, or the whole run). */
export function groupSummary(key: string, results: readonly RosettaEntryResult[]): GroupSummary {
  let errors = 0;
  let matches = 0;
  let chrfSum = 0;
  let chrfEntries = 0;
  let fstAccepted = 0;
  let fstChecked = 0;
  const latencies: number[] = [];
  for (const r of results) {
    if (typeof r.error === 'string' && r.error !== '') errors++;
    if (
      typeof r.exact_match === 'boolean'
        ? r.exact_match
        : typeof r.predicted === 'string' && typeof r.reference === 'string' && harnessExactMatch(r.predicted, r.reference)
    )
      matches++;
    if (typeof r.entry_chrf === 'number' && Number.isFinite(r.entry_chrf)) {
      chrfSum += r.entry_chrf;
      chrfEntries++;
    }
    if (typeof r.fst_accepted === 'boolean') {
      fstChecked++;
      if (r.fst_accepted) fstAccepted++;
    }
    if (typeof r.latency_seconds === 'number' && Number.isFinite(r.latency_seconds)) latencies.push(r.latency_seconds);
  }
  const count = results.length;
  const exactRate = count ? pyRound(matches / count, 4) : 0;
  const meanEntryChrf = chrfEntries ? pyRound(chrfSum / chrfEntries, 4) : null;
  const fstRate = fstChecked ? pyRound(fstAccepted / fstChecked, 4) : null;
  const references = results.map((r) => r.reference);
  const corpus =
    count > 0 && references.every((ref): ref is string => typeof ref === 'string')
      ? corpusChrf(
          results.map((r) => (typeof r.predicted === 'string' ? r.predicted : '')),
          [references],
        ).score
      : null;
  const chrfForComposite = corpus ?? meanEntryChrf;
  return {
    key,
    count,
    errors,
    exact_matches: matches,
    exact_match_rate: exactRate,
    chrf_entries: chrfEntries,
    mean_entry_chrf: meanEntryChrf,
    chrf_plus_plus: corpus,
    fst_accepted: fstAccepted,
    fst_checked: fstChecked,
    fst_acceptance_rate: fstRate,
    composite: compositeScore({
      exact_match_rate: count ? exactRate : null,
      chrf_plus_plus: chrfForComposite,
      fst_acceptance_rate: fstRate,
    }),
    chrf_source: corpus !== null ? 'corpus' : meanEntryChrf !== null ? 'mean_entry' : null,
    latency: latencySummary(latencies),
  };
}

const LEGACY_DIFFICULTY = ['easy', 'medium', 'hard'];

function compareKeys(a: string, b: string): number {
  const na = /^\d+$/.test(a) ? Number(a) : NaN;
  const nb = /^\d+$/.test(b) ? Number(b) : NaN;
  if (!Number.isNaN(na) || !Number.isNaN(nb)) {
    if (Number.isNaN(na)) return 1;
    if (Number.isNaN(nb)) return -1;
    return na - nb;
  }
  const la = LEGACY_DIFFICULTY.indexOf(a);
  const lb = LEGACY_DIFFICULTY.indexOf(b);
  if (la >= 0 || lb >= 0) return la < 0 ? 1 : lb < 0 ? -1 : la - lb;
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Groups results by a key (undefined leaves an entry unassigned) and summarises each group. */
export function breakdown(results: readonly RosettaEntryResult[], keyOf: (r: RosettaEntryResult) => string | undefined): GroupBreakdown {
  const groups = new Map<string, RosettaEntryResult[]>();
  let unassigned = 0;
  for (const r of results) {
    const key = keyOf(r);
    if (key === undefined) {
      unassigned++;
      continue;
    }
    const members = groups.get(key);
    if (members) members.push(r);
    else groups.set(key, [r]);
  }
  const keys = [...groups.keys()].sort(compareKeys);
  return { groups: keys.map((k) => groupSummary(k, groups.get(k) ?? [])), unassigned };
}

function difficultyKey(r: RosettaEntryResult): string | undefined {
  const d = r.difficulty;
  if (typeof d === 'number' && Number.isFinite(d)) return String(d);
  return typeof d === 'string' && d !== '' ? d : undefined;
}

export function byDifficulty(results: readonly RosettaEntryResult[]): GroupBreakdown {
  return breakdown(results, difficultyKey);
}

export function byProvenance(results: readonly RosettaEntryResult[]): GroupBreakdown {
  return breakdown(results, (r) => (typeof r.provenance === 'string' && r.provenance !== '' ? r.provenance : undefined));
}

/**
 * The current harness's three difficulty labels for a spec tier (spec §2.2 note: 1–2 easy, 3 medium, 4–5 hard),
 * so cards from either era can be compared: `breakdown(results, (r) => difficultyBand(r.difficulty))`.
 * Labels pass through; anything else has no band.
 */
export function difficultyBand(difficulty: RosettaEntryResult['difficulty']): 'easy' | 'medium' | 'hard' | undefined {
  if (typeof difficulty === 'string')
    return (LEGACY_DIFFICULTY as readonly string[]).includes(difficulty) ? (difficulty as 'easy' | 'medium' | 'hard') : undefined;
  if (difficulty === 1 || difficulty === 2) return 'easy';
  if (difficulty === 3) return 'medium';
  if (difficulty === 4 || difficulty === 5) return 'hard';
  return undefined;
}
