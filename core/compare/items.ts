import { pyFixed } from '../python/round';
import type { Run, RunItem, RunKind } from '../runs/types';

/**
 * Item analysis: each test or corpus entry against every run given (one column per run: a model, or a model
 * twice when two of its runs are given), with its score per run, the spread between runs, and whether the item
 * tells the runs apart at all. Pure; linear in the items of all runs.
 *
 * Repeats (`Run ×K`) of one item in one run count as one cell: the mean of the scored repeats, and a pass rate.
 * An item "does not separate" the runs when at least two runs scored it and every one of them passed every
 * repeat (`all-pass`), or none passed any (`all-fail`): such an item adds the same to every model's score.
 */

/** One run as a column of the analysis. */
export interface ItemColumn {
  /** What to show: the model, with the run id when the same model appears twice. */
  label: string;
  model: string;
  runId: string | null;
  fileName: string;
  kind: RunKind;
}

/** One item in one run. */
export interface ItemCell {
  /** Mean of the scored repeats (0..1); null when none was scored (failed calls, or not recorded). */
  score: number | null;
  /** Share of the scored repeats that passed (a test) or matched exactly (an entry); null when none was scored. */
  passRate: number | null;
  /** Repeats scored, and repeats whose call failed. */
  scored: number;
  errors: number;
  /** The first repeat's response, as the file has it (the ÈwéBench harness keeps only a preview). */
  response: string | null;
}

export type Separation =
  /** The runs' verdicts differ. */
  | 'separates'
  /** Every run that scored it passed every repeat. */
  | 'all-pass'
  /** No run that scored it passed any repeat. */
  | 'all-fail'
  /** Fewer than two runs scored it: nothing to compare. */
  | 'too-few';

export interface ItemRow {
  /** `kind` + the item's key: ÈwéBench tests and corpus entries never pair with each other. */
  key: string;
  kind: RunKind;
  id: string;
  /** Category (tests) or domain (entries). */
  group: string;
  method: string | null;
  tier: string | null;
  /** One cell per column, null when that run does not have the item. */
  cells: (ItemCell | null)[];
  /** Highest minus lowest score among the runs that scored it; null under two scores. */
  spread: number | null;
  mean: number | null;
  separation: Separation;
}

export interface ItemAnalysis {
  columns: ItemColumn[];
  /** In first-seen order (the first run's file order, then items only later runs have). */
  rows: ItemRow[];
  counts: Record<Separation, number>;
}

/** Each run's column: its model, with its run id (or file) when the same model appears twice. */
export function columnsOf(runs: readonly Run[]): ItemColumn[] {
  const models = new Map<string, number>();
  for (const r of runs) models.set(r.model, (models.get(r.model) ?? 0) + 1);
  return runs.map((r) => {
    const twice = (models.get(r.model) ?? 0) > 1;
    const tag = r.provenance.runId ?? r.provenance.fileName;
    return { label: twice ? `${r.model} (${tag})` : r.model, model: r.model, runId: r.provenance.runId, fileName: r.provenance.fileName, kind: r.kind };
  });
}

interface Accumulator {
  sum: number;
  scored: number;
  passes: number;
  verdicts: number;
  errors: number;
  response: string | null;
}

function cellOf(a: Accumulator): ItemCell {
  return {
    score: a.scored ? a.sum / a.scored : null,
    passRate: a.verdicts ? a.passes / a.verdicts : null,
    scored: a.scored,
    errors: a.errors,
    response: a.response,
  };
}

/** Separation of one row from its cells' pass rates. */
export function separationOf(cells: readonly (ItemCell | null)[]): Separation {
  const rates = cells.flatMap((c) => (c && c.passRate !== null ? [c.passRate] : []));
  if (rates.length < 2) return 'too-few';
  if (rates.every((r) => r === 1)) return 'all-pass';
  if (rates.every((r) => r === 0)) return 'all-fail';
  return 'separates';
}

export function analyseItems(runs: readonly Run[]): ItemAnalysis {
  const columns = columnsOf(runs);
  const rows = new Map<string, { first: RunItem; kind: RunKind; acc: (Accumulator | null)[] }>();
  runs.forEach((run, col) => {
    for (const item of run.items) {
      const key = `${run.kind}:${item.key}`;
      let row = rows.get(key);
      if (!row) {
        row = { first: item, kind: run.kind, acc: new Array<Accumulator | null>(runs.length).fill(null) };
        rows.set(key, row);
      }
      const a = (row.acc[col] ??= { sum: 0, scored: 0, passes: 0, verdicts: 0, errors: 0, response: null });
      if (a.response === null && item.response !== null) a.response = item.response;
      if (item.error !== null) a.errors++;
      if (item.score !== null) {
        a.sum += item.score;
        a.scored++;
      }
      if (item.passed !== null) {
        a.verdicts++;
        if (item.passed) a.passes++;
      }
    }
  });
  const counts: Record<Separation, number> = { separates: 0, 'all-pass': 0, 'all-fail': 0, 'too-few': 0 };
  const out: ItemRow[] = [];
  for (const [key, { first, kind, acc }] of rows) {
    const cells = acc.map((a) => (a ? cellOf(a) : null));
    const scores = cells.flatMap((c) => (c && c.score !== null ? [c.score] : []));
    const separation = separationOf(cells);
    counts[separation]++;
    out.push({
      key,
      kind,
      id: first.id,
      group: first.group,
      method: first.method,
      tier: first.tier,
      cells,
      spread: scores.length >= 2 ? Math.max(...scores) - Math.min(...scores) : null,
      mean: scores.length ? scores.reduce((s, x) => s + x, 0) / scores.length : null,
      separation,
    });
  }
  return { columns, rows: out, counts };
}

/** The corpus (Rosetta) or benchmark version (ÈwéBench) a run is of, as items are grouped: never two in one matrix. */
export function corpusOfRun(run: Run): string {
  return run.provenance.datasetId ?? (run.kind === 'ewebench' ? 'ÈwéBench' : '?');
}

/** Runs grouped by `corpusOfRun`, corpora in code-point order, each group's runs in the order given. */
export function runsByCorpus(runs: readonly Run[]): Map<string, Run[]> {
  const groups = new Map<string, Run[]>();
  for (const run of runs) {
    const corpus = corpusOfRun(run);
    const list = groups.get(corpus);
    if (list) list.push(run);
    else groups.set(corpus, [run]);
  }
  return new Map([...groups].sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0)));
}

/** How a cell reads in the CLI and the editor's view: the score to 3 decimals, ✓ / ✗ (or the pass rate over repeats). */
export function itemCellText(c: ItemCell | null): string {
  if (!c) return '—';
  if (c.score === null) return c.errors ? 'error' : '?';
  const mark = c.passRate === null ? '' : c.passRate === 1 ? ' ✓' : c.passRate === 0 ? ' ✗' : ` ${Math.round(c.passRate * 100)}%`;
  return `${pyFixed(c.score, 3)}${mark}`;
}

/** The rows an item view or the CLI shows first: those that do not separate, then by spread, smallest first. */
export function rowsByInformation(rows: readonly ItemRow[]): ItemRow[] {
  const rank = (s: Separation) => (s === 'all-pass' || s === 'all-fail' ? 0 : s === 'separates' ? 1 : 2);
  return rows
    .map((row, index) => ({ row, index }))
    .sort((a, b) => rank(a.row.separation) - rank(b.row.separation) || (a.row.spread ?? Infinity) - (b.row.spread ?? Infinity) || a.index - b.index)
    .map((x) => x.row);
}
