/**
 * The format-neutral run: what item analysis, compare, the leaderboard and the charts read, whatever file it came
 * from (ours or a reference harness's). Types only; `read.ts` builds them.
 */

/** The file formats a run is read from. */
export type RunFormat =
  /** An ÈwéBench results file (`ewebench_<model>_<run id>.json`): ours or the ÈwéBench harness's. */
  | 'ewebench-results'
  /** The ÈwéBench harness's `leaderboard.json`: one run per entry, figures only. */
  | 'ewebench-leaderboard'
  /** A Rosetta run card (§3): ours or mt_eval_harness's. */
  | 'rosetta-run-card'
  /** mt_eval_harness's `*_report.json` (`tester.py`'s report). */
  | 'rosetta-report'
  /** A task suite's results (`suite run`, `suite score --out`): responses, SEA-HELM scores and item outcomes. */
  | 'suite-results';

/** Who wrote the file. */
export type RunProducer = 'ewebench-studio' | 'ewebench-harness' | 'mt-eval-harness';

/** ÈwéBench runs score tests; Rosetta runs translate corpus entries; suite runs answer a task suite's items k times. */
export type RunKind = 'ewebench' | 'rosetta' | 'suite';

/** One test or corpus entry answered once (a `Run ×K` gives K items with the same key). */
export interface RunItem {
  /**
   * What pairs the same item across runs: `category/test_id` for a test (the harness's results file knows a test
   * by its category and id only), the entry id as text for a corpus entry, `task/item` for a suite item.
   */
  key: string;
  /** The test id or the entry id, as text. */
  id: string;
  /** The file wrote the id as a number (a corpus entry's integer id): the harness sorts such ids as numbers. */
  numericId: boolean;
  /** The test's category (its file stem); the entry's domain, else ''; the suite item's task id. */
  group: string;
  /** The test's scoring method, when the file says; the suite task's kind (`multiple_choice`, `translation`…). */
  method: string | null;
  /** The entry's difficulty tier as text, when it has one. */
  tier: string | null;
  segment: string | null;
  repeat: number;
  /**
   * 0..1: the test's exact score; the entry's chrF++ / 100; a suite item's 1 or 0 (right on the strict reading)
   * or sentence chrF++ / 100 (translation). Null when the call failed or nothing was scored (a suite item without
   * a response is scored 0, as SEA-HELM scores it, with its `error` said).
   */
  score: number | null;
  /** The test passed (`round(score, 3) >= 0.7`); the entry matched exactly; the suite item was right (null for translation). Null when not scored. */
  passed: boolean | null;
  /** The model's answer (the translation for an entry); null when unknown. */
  response: string | null;
  /** False when `response` is only the harness's 200-character preview. */
  responseComplete: boolean;
  /** The corpus reference and source of an entry. */
  reference: string | null;
  source: string | null;
  /** The entry's sentence chrF++ (0..100) and exact match, as the file states them. */
  chrf: number | null;
  exactMatch: boolean | null;
  /** Why the call failed, when it did (never scored as a 0). */
  error: string | null;
  latencySeconds: number | null;
  costUsd: number | null;
}

/** A confidence interval stated by the file. */
export interface StatedInterval {
  lower: number;
  upper: number;
}

/** Aggregate figures as the file states them (never recomputed here; null when the file has none). */
export interface RunFigures {
  /** ÈwéBench: the ÈwéScore (0..100) and each category's score (0..100) among those that ran. */
  eweScore: number | null;
  categories: Record<string, number>;
  /** Rosetta: corpus chrF++ (0..100), exact-match rate (0..1), composite (0..1) and its quality tier. */
  corpusChrf: number | null;
  exactMatchRate: number | null;
  composite: number | null;
  qualityTier: string | null;
  /** Scored tests / evaluated entries, the passed / exactly matched among them, and failed calls. */
  total: number | null;
  passed: number | null;
  errors: number | null;
  totalCostUsd: number | null;
  costPerEntryUsd: number | null;
  avgLatencySeconds: number | null;
  medianLatencySeconds: number | null;
  p95LatencySeconds: number | null;
  /** A suite run's SEA-HELM scores as the file states them; null for other runs. */
  suite: SuiteFigures | null;
  /** Intervals by metric name (`corpus_chrf`, `exact_match_rate`, `composite_score`). */
  intervals: Record<string, StatedInterval>;
  /** Per difficulty tier: the same intervals, when the file has them. */
  intervalsByTier: Record<string, Record<string, StatedInterval>>;
}

/** A SEA-HELM level's score (normalised by chance, 0 = chance, 100 = all right): mean over runs and standard error. */
export interface SuiteLevel {
  mean: number;
  /** Null when the file has none (one run). */
  standardError: number | null;
}

/** A suite run's figures (`core/suite/seahelm.ts` computes them; the reader takes them as stated). */
export interface SuiteFigures {
  /** Runs (k) the scores are over. */
  runs: number;
  overall: SuiteLevel;
  tasks: (SuiteLevel & { id: string; competency: string; language: string })[];
}

/** How the run was made, as far as the file says. */
export interface RunConfig {
  temperature: number | null;
  maxTokens: number | null;
  batchSize: number | null;
  promptVersion: string | null;
  /** The Rosetta card's condition (`baseline`, ...). */
  condition: string | null;
  systemPromptSha256: string | null;
  /** The endpoint, as written (the writers never put a key in it). */
  endpoint: string | null;
}

/** Where the run comes from. */
export interface RunProvenance {
  format: RunFormat;
  producer: RunProducer;
  /** The file name the caller gave (a path or a URI's last part). */
  fileName: string;
  /** Position in the file when one file holds several runs (a leaderboard's entries); else 0. */
  index: number;
  runId: string | null;
  timestamp: string | null;
  status: string | null;
  /** The corpus (Rosetta) or benchmark version (ÈwéBench) the run is over. */
  datasetId: string | null;
  languagePair: string | null;
  harnessVersion: string | null;
  toolVersion: string | null;
  /** A run card's stated hashes (checking them is the leaderboard's job, through core/runcard). */
  runCardHash: string | null;
  fingerprint: string | null;
}

export interface Run {
  kind: RunKind;
  /** The model as the run names it (slug or name). */
  model: string;
  /** The model the API said answered, when recorded. */
  modelId: string | null;
  config: RunConfig;
  /** Every item the file lists, in file order; empty for a leaderboard row. */
  items: RunItem[];
  /** False when the file lists no items (a leaderboard) or only previews of responses (the ÈwéBench harness). */
  itemsComplete: boolean;
  figures: RunFigures;
  provenance: RunProvenance;
}

/** Why a parsed value is not a run. */
export type NotARunReason =
  /** Not a JSON object (an array, a string...): tests files and flat corpora land here. */
  | 'not-an-object'
  /** An ÈwéBench tests file or a corpus, not a run of one. */
  | 'tests-or-corpus'
  /** An object none of the run formats recognises. */
  | 'unknown-shape'
  /** A recognised format whose required parts are missing or of the wrong type. */
  | 'malformed'
  /** A recognised run with a score outside its range (a test score of 1e308): invalid input, never averaged. */
  | 'out-of-range';

export type ReadRunsResult = { ok: true; format: RunFormat; runs: Run[] } | { ok: false; reason: NotARunReason; detail: string };
