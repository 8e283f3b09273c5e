import {
  COMPARE_LIMITS,
  CompareError,
  compareRuns,
  significantRegressions,
  suiteMetricLabel,
  type ItemDelta,
  type MetricComparison,
  type RunComparison,
} from '../../core/compare/compare';
import { counted } from '../../core/i18n/plural';
import type { DiffPart } from '../../core/compare/diff';
import type { Run } from '../../core/runs/types';
import { pyFixed } from '../../core/python/round';
import { numberFlag } from '../flags';
import { displayPath, formatOption, parseArgs } from '../files';
import { firstLine, MAX_LINE, terminalSafe, terminalSafeJson, textTable, wrapLines } from '../format/text';
import { UsageError, type CliIo } from '../io';
import { loadRuns } from '../runs';
import { compareHtml } from '../format/compareHtml';

export const usage =
  'compare A B [--format text|json|html] [--fail-on-regression DELTA] [--resamples N] [--seed S]   two runs of the same tests, corpus or task suite: per-item deltas, paired bootstrap per metric (per task for a suite: accuracy, chrF++)';

/** Items of each kind the text output lists (JSON lists them all). */
export const TEXT_ITEMS = 25;

const METRIC_NAMES: Record<string, string> = { ewe_score: 'ÈwéScore', corpus_chrf: 'chrF++', exact_match_rate: 'exact match', composite: 'composite' };
/** A suite task's metric reads `<task> accuracy %` or `<task> chrF++`; a category's is indented under the ÈwéScore. */
const metricName = (m: string) => METRIC_NAMES[m] ?? suiteMetricLabel(m, 'en') ?? m.replace(/^category:/, '  ');

function figure(m: MetricComparison, x: number): string {
  return pyFixed(x, m.scale === 100 ? 2 : 4);
}

function signed(m: MetricComparison, x: number): string {
  return (x > 0 ? '+' : '') + figure(m, x);
}

function metricsTable(c: RunComparison): string {
  const rows = c.metrics.map((m) => [
    metricName(m.metric),
    figure(m, m.a),
    figure(m, m.b),
    signed(m, m.delta),
    `[${signed(m, m.ci_lower)}, ${signed(m, m.ci_upper)}]`,
    pyFixed(m.p_value, 3),
    m.significant ? `yes (${m.winner === 'b' ? 'B' : 'A'} better)` : 'no',
    String(m.n),
  ]);
  return textTable([['metric', 'A', 'B', 'Δ B−A', '95% interval', 'p', 'significant', 'items'], ...rows]);
}

const verdict = (rate: number | null) => (rate === null ? '' : rate === 1 ? ' ✓' : rate === 0 ? ' ✗' : ` ${Math.round(rate * 100)}%`);
const score = (x: number | null, rate: number | null) => (x === null ? '—' : pyFixed(x, 3) + verdict(rate));

/** `[-removed-]{+added+}` in the style of `git diff --word-diff`, on one line, cut like a table cell. */
export function diffText(parts: readonly DiffPart[]): string {
  const text = parts.map((p) => (p.op === 'equal' ? p.text : p.op === 'delete' ? `[-${p.text}-]` : `{+${p.text}+}`)).join('');
  // Cut after escaping, so the line under its 6-space indent stays within the 160 columns of the text output.
  return firstLine(terminalSafe(text.replace(/\r\n|[\n\r\u2028\u2029\u0085]/g, ' ')), MAX_LINE - 6);
}

function itemLines(items: readonly ItemDelta[]): string {
  return items
    .map((i) => {
      const head = `  ${terminalSafe(i.id)}${i.group ? ` (${terminalSafe(i.group)})` : ''}  ${score(i.a, i.passedA)} → ${score(i.b, i.passedB)}${i.delta === null ? '' : `  (${i.delta > 0 ? '+' : ''}${pyFixed(i.delta, 3)})`}`;
      return i.diff ? `${head}\n      ${diffText(i.diff)}` : head;
    })
    .join('\n');
}

export function compareText(c: RunComparison, io: Pick<CliIo, 'cwd'>): string {
  const ref = (r: RunComparison['a']) =>
    `${terminalSafe(r.model)}${r.runId ? ` (run ${terminalSafe(r.runId)})` : ''}  ${terminalSafe(displayPath(r.fileName, io.cwd))}`;
  const out = [
    `A: ${ref(c.a)}`,
    `B: ${ref(c.b)}`,
    ...(c.corpus ? [`${c.kind === 'suite' ? 'suite' : 'corpus'}: ${terminalSafe(c.corpus)}`] : []),
    `paired items: ${c.paired} (same id${c.kind === 'rosetta' ? ' and source text' : ''}); left out: ${c.onlyA} only in A, ${c.onlyB} only in B` +
      (c.kind === 'rosetta' ? `, ${c.sourceDiffers} with the same id but another source text` : ''),
    `paired bootstrap, ${counted(c.metrics[0]?.n_bootstrap ?? 0, 'resample', 'resamples')}`,
    '',
    metricsTable(c).trimEnd(),
    '',
    `items: ${counted(c.counts.regression, 'regression', 'regressions')}, ${counted(c.counts.improvement, 'improvement', 'improvements')}, ${c.counts.unchanged} unchanged, ${c.counts.unscored} unscored (a failed call)`,
  ];
  for (const kind of ['regression', 'improvement'] as const) {
    const list = c.items.filter((i) => i.change === kind);
    if (!list.length) continue;
    out.push('', `${kind === 'regression' ? 'regressions' : 'improvements'}:`, itemLines(list.slice(0, TEXT_ITEMS)));
    if (list.length > TEXT_ITEMS) out.push(`  … ${list.length - TEXT_ITEMS} more (--format json lists them all)`);
  }
  // Every line within 160 columns: a long id, model or path wraps (the lines are already terminal-safe).
  return wrapLines(out.join('\n'), MAX_LINE) + '\n';
}

/** Items per piece of the JSON output: each piece a young string (V8 keeps one over 128 KiB among large objects, freed only by a full collection). */
const ITEMS_PER_PIECE = 50;
const ITEMS_MARKER = '\u0000items\u0000';

/**
 * `JSON.stringify(c, null, 2) + '\n'` in pieces: the comparison without its items, then its items fifty at a
 * time, so the whole text (hundreds of megabytes for 200,000 items) is never one string. The same bytes: each
 * item is stringified as the whole would write it at its depth (a JSON string holds no raw line break, so the
 * indent goes after each one).
 */
export function* comparisonJson(c: RunComparison): Generator<string> {
  const head = JSON.stringify({ ...c, items: ITEMS_MARKER }, null, 2);
  const marker = `"items": ${JSON.stringify(ITEMS_MARKER)}`;
  const at = head.indexOf(marker);
  // A model name or path holding the marker itself: the plain way.
  if (!c.items.length || at < 0 || head.indexOf(marker, at + 1) >= 0) {
    yield JSON.stringify(c, null, 2) + '\n';
    return;
  }
  yield head.slice(0, at) + '"items": [\n';
  for (let from = 0; from < c.items.length; from += ITEMS_PER_PIECE) {
    const to = Math.min(c.items.length, from + ITEMS_PER_PIECE);
    const lines: string[] = [];
    for (let k = from; k < to; k++) lines.push('    ' + JSON.stringify(c.items[k], null, 2).replace(/\n/g, '\n    ') + (k + 1 < c.items.length ? ',\n' : '\n'));
    yield lines.join('');
  }
  yield '  ]' + head.slice(at + marker.length) + '\n';
}

export async function run(args: string[], io: CliIo): Promise<number> {
  const { positional, values } = parseArgs(args, { values: ['format', 'fail-on-regression', 'resamples', 'seed'] });
  const format = formatOption(values.format, ['text', 'json', 'html']);
  if (positional.length !== 2) throw new UsageError('compare takes two runs: A (the baseline) and B');
  const gate = numberFlag('fail-on-regression', values['fail-on-regression']?.[0], COMPARE_LIMITS.failOnRegression);
  const nBootstrap = numberFlag('resamples', values.resamples?.[0], COMPARE_LIMITS.resamples);
  const seed = numberFlag('seed', values.seed?.[0], COMPARE_LIMITS.seed);
  const { runs, problems } = loadRuns(positional, io, { inPieces: true });
  for (const p of problems) io.stderr(`${terminalSafe(displayPath(p.file, io.cwd))}: ${terminalSafe(p.message)}\n`);
  if (problems.length) return 2;
  if (runs.length !== 2) {
    io.stderr(`expected two runs, found ${runs.length} in the files given (a leaderboard holds several: compare two results files or run cards)\n`);
    return 2;
  }
  let comparison: RunComparison;
  try {
    comparison = compareRuns(runs[0], runs[1], { nBootstrap, seed });
  } catch (error) {
    if (!(error instanceof CompareError)) throw error;
    io.stderr(`${terminalSafe(error.message)}\n`);
    return 2;
  }
  // Only the HTML page reads the runs again: the other formats let their items go before writing.
  const pair: [Run, Run] | null = format === 'html' ? [runs[0], runs[1]] : null;
  runs.length = 0;
  if (format === 'json') for (const piece of comparisonJson(comparison)) io.stdout(terminalSafeJson(piece));
  else if (pair) io.stdout(compareHtml(comparison, pair));
  else io.stdout(compareText(comparison, io));
  if (gate === undefined) return 0;
  const failed = significantRegressions(comparison, gate);
  for (const m of failed)
    io.stderr(
      `regression: ${metricName(m.metric).trim()} ${signed(m, m.delta)} (p ${pyFixed(m.p_value, 3)}), more than ${gate} of its scale (${pyFixed(gate * m.scale, m.scale === 100 ? 2 : 4)})\n`,
    );
  return failed.length ? 1 : 0;
}
