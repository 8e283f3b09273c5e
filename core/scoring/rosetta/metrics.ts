import { corpusChrf, sentenceChrf } from '../chrf';

/** Exact match after Unicode normalisation (NFC), so precomposed and decomposed accents compare equal. */
export function exactMatchNormalised(predicted: string, reference: string): boolean {
  return predicted.normalize('NFC') === reference.normalize('NFC');
}

export interface EntryResult {
  predicted: string | null;
  reference: string;
  difficulty?: number | string;
  provenance?: string;
  latencySeconds?: number | null;
  error?: string | null;
}

export interface GroupScores {
  total: number;
  exact_matches: number;
  exact_match_rate: number;
  /** Corpus-level chrF++ of the group (0–100). */
  chrf_plus_plus: number;
  errors: number;
}

function groupScores(results: readonly EntryResult[]): GroupScores {
  const preds = results.map((r) => r.predicted ?? '');
  const exact = results.filter((r) => r.predicted !== null && exactMatchNormalised(r.predicted, r.reference)).length;
  return {
    total: results.length,
    exact_matches: exact,
    exact_match_rate: results.length ? exact / results.length : 0,
    chrf_plus_plus: corpusChrf(preds, [results.map((r) => r.reference)]).score,
    errors: results.filter((r) => r.error).length,
  };
}

/** Scores of a whole run and broken down by difficulty tier and by provenance tag. */
export function runScores(results: readonly EntryResult[]) {
  const by = (key: (r: EntryResult) => string | undefined) => {
    const groups = new Map<string, EntryResult[]>();
    for (const r of results) {
      const k = key(r);
      if (k === undefined) continue;
      groups.set(k, [...(groups.get(k) ?? []), r]);
    }
    return Object.fromEntries([...groups].sort(([a], [b]) => a.localeCompare(b)).map(([k, rs]) => [k, groupScores(rs)]));
  };
  return {
    ...groupScores(results),
    entry_chrf: results.map((r) => sentenceChrf(r.predicted ?? '', [r.reference]).score),
    by_difficulty: by((r) => (r.difficulty === undefined ? undefined : String(r.difficulty))),
    by_provenance: by((r) => r.provenance),
    ...latencyStats(results.map((r) => r.latencySeconds).filter((x): x is number => typeof x === 'number')),
  };
}

/**
 * Mean, median and 95th percentile of per-entry latencies; the percentile interpolates linearly between
 * order statistics (numpy's default), null when there is no latency.
 */
export function latencyStats(latencies: readonly number[]): { avg_latency_seconds: number | null; median_latency_seconds: number | null; p95_latency_seconds: number | null } {
  if (latencies.length === 0) return { avg_latency_seconds: null, median_latency_seconds: null, p95_latency_seconds: null };
  const sorted = [...latencies].sort((a, b) => a - b);
  let sum = 0;
  for (const x of latencies) sum += x;
  return { avg_latency_seconds: sum / latencies.length, median_latency_seconds: percentile(sorted, 50), p95_latency_seconds: percentile(sorted, 95) };
}

export function percentile(sorted: readonly number[], p: number): number {
  const rank = ((sorted.length - 1) * p) / 100;
  const low = Math.floor(rank);
  const high = Math.ceil(rank);
  return sorted[low] + (sorted[high] - sorted[low]) * (rank - low);
}
