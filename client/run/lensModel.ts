import { plural } from '../../core/i18n/plural';
import { passes } from '../../core/scoring/ewebench/aggregate';
import type { EntryRunRecord, RunnableItem, SuiteItemRunRecord, TestRunRecord } from '../../core/run/types';
import { recordItemHash } from '../../core/run/items';
import { formatCost, formatFixed, formatLatency, formatMeanSe, formatScore, oneLine } from './format';
import { recordError, type L10n } from './l10n';

/**
 * Turns the runnable items of one document and the results known for them into CodeLens titles and commands.
 * Pure: the VS Code provider only maps offsets to ranges. Kept cheap, as it runs on every lens refresh of a
 * 2,000-test file (bench/codelens.ts).
 */

/** Repeats of a test's newest `Run ×K`: the mean and standard error over the runs that were scored. */
export interface RepeatSummary {
  runs: number;
  mean: number;
  standardError: number | null;
  errored: number;
}

/** The newest result of one item: the record shown, and for a repeated run the summary over its repeats. */
export type ItemOutcome =
  | { kind: 'ewebench-test'; record: TestRunRecord; repeat?: RepeatSummary }
  | { kind: 'corpus-entry'; record: EntryRunRecord }
  /** A suite item; `runs`: the records of its newest `Run ×K`, when K > 1. */
  | { kind: 'suite-item'; record: SuiteItemRunRecord; runs?: readonly SuiteItemRunRecord[] };

/** What the top-of-file lens says once the file has results. */
export type FileSummaryView =
  | {
      kind: 'ewebench-tests';
      category: string;
      score: number | null;
      total: number;
      ran: number;
      passed: number;
      errored: number;
      /** False for a file not named after one of the harness's ten categories: a mean score, no ÈwéScore. */
      harnessCategory?: boolean;
    }
  | { kind: 'rosetta-corpus'; composite: number | null; tier: string | null; costUsd: number | null; entries: number; errored: number };

export interface LensModelInput {
  /** The document's URI as a string: passed back in every command's arguments. */
  uri: string;
  items: readonly RunnableItem[];
  /** Newest outcome per item id. */
  outcomes: ReadonlyMap<string, ItemOutcome>;
  summary?: FileSummaryView;
  /** Item ids queued or in flight in a run of this document. */
  running?: ReadonlySet<string>;
  /** A run of this document is under way (offers Cancel at the top). */
  fileRunning?: boolean;
  /** The name of the model a click would run against, for tooltips. */
  modelLabel?: string;
  /** An item's hash (a memo across document versions); `item.hash` when absent. */
  hashOf?: (item: RunnableItem) => string;
  /** How many models are configured: from two on, the lenses offer a run on every one of them. */
  modelCount?: number;
  /**
   * The newest outcome of each model that has one, per item id (`ResultsIndex.outcomesByModel`). An item with
   * results from two or more models shows them in one compact lens instead of the newest result alone.
   */
  modelOutcomes?: ReadonlyMap<string, readonly ModelOutcome[]>;
}

/** One model's newest outcome for an item. */
export interface ModelOutcome {
  model: string;
  outcome: ItemOutcome;
}

/** A compact per-model lens names at most this many models, then says how many more have results. */
export const MAX_LENS_MODELS = 6;

export interface LensSpec {
  /** UTF-16 offset of the item the lens stands above (0 for the file lenses). */
  offset: number;
  title: string;
  tooltip?: string;
  command: string;
  args: unknown[];
}

export interface ItemArgs {
  uri: string;
  id: string;
  index: number;
}

export const RUN_REPEATS = 5;

export function buildLenses(input: LensModelInput, l10n: L10n): LensSpec[] {
  const { uri, items } = input;
  const lenses: LensSpec[] = [];
  if (items.length === 0) return lenses;
  const tests = items[0].kind !== 'corpus-entry';
  // The file's lenses stand on its first line, apart from the first item's own.
  const top = 0;
  if (input.fileRunning) {
    lenses.push({ offset: top, title: l10n.t('$(debug-stop) Cancel run'), command: 'ewebench.cancelRun', args: [{ uri }] });
  } else {
    lenses.push({
      offset: top,
      title: tests ? l10n.t('$(run-all) Run all ({0})', items.length) : l10n.t('$(run-all) Translate all ({0})', items.length),
      tooltip: input.modelLabel ? l10n.t('Run against {0}', input.modelLabel) : undefined,
      command: 'ewebench.runFile',
      args: [{ uri }],
    });
  }
  const allModels = !input.fileRunning && (input.modelCount ?? 0) >= 2;
  if (allModels) {
    lenses.push({
      offset: top,
      title: l10n.t('$(run-all) All {0} models', input.modelCount ?? 0),
      tooltip: tests ? l10n.t('Run every test against each configured model') : l10n.t('Translate every entry with each configured model'),
      command: 'ewebench.runOnAllModels',
      args: [{ uri }],
    });
  }
  if (input.summary) {
    const outside = input.summary.kind === 'ewebench-tests' && input.summary.harnessCategory === false;
    lenses.push({
      offset: top,
      title: summaryTitle(input.summary, l10n),
      ...(outside ? { tooltip: noCategoryTip(l10n) } : {}),
      command: 'ewebench.showEweScore',
      args: [],
    });
  }

  // Titles that do not depend on the item are translated once per call, not once per item.
  const runTitle = l10n.t('▶ Run');
  const repeatTitle = l10n.t('Run ×{0}', RUN_REPEATS);
  const translateTitle = l10n.t('▶ Translate');
  const runningTitle = l10n.t('$(sync~spin) Running…');
  const staleMark = l10n.t('(stale)');
  const staleTip = l10n.t('The item changed after this result: run it again for a current score.');
  const detailsTip = l10n.t('Show the response, the scoring and the request');
  const allModelsTitle = l10n.t('▶ All models');
  const allModelsTip = l10n.t('Run against each of the {0} configured models', input.modelCount ?? 0);
  const compareTip = l10n.t("Show the models' responses side by side");
  const titles = titleCache(l10n);
  const running = input.running;
  for (const item of items) {
    const args = [{ uri, id: item.id, index: item.index } satisfies ItemArgs];
    if (running?.has(item.id)) {
      lenses.push({ offset: item.start, title: runningTitle, command: 'ewebench.cancelRun', args: [{ uri }] });
    } else if (item.kind !== 'corpus-entry') {
      lenses.push({ offset: item.start, title: runTitle, command: 'ewebench.runTest', args });
      lenses.push({ offset: item.start, title: repeatTitle, command: 'ewebench.runTestRepeated', args });
    } else {
      lenses.push({ offset: item.start, title: translateTitle, command: 'ewebench.runTest', args });
    }
    if (allModels && !running?.has(item.id)) {
      lenses.push({ offset: item.start, title: allModelsTitle, tooltip: allModelsTip, command: 'ewebench.runOnAllModels', args });
    }
    const perModel = input.modelOutcomes?.get(item.id);
    if (perModel && perModel.length >= 2) {
      const hash = input.hashOf ? input.hashOf(item) : item.hash;
      const stale = perModel.some(({ outcome }) => outcome.kind === item.kind && recordHash(outcome) !== hash);
      const title = modelsTitle(
        perModel.filter((m) => m.outcome.kind === item.kind),
        l10n,
      );
      lenses.push({
        offset: item.start,
        title: stale ? `${title} ${staleMark}` : title,
        tooltip: stale ? staleTip : compareTip,
        command: 'ewebench.showResult',
        args,
      });
      continue;
    }
    const outcome = input.outcomes.get(item.id);
    if (outcome && outcome.kind === item.kind) {
      const stale = recordHash(outcome) !== (input.hashOf ? input.hashOf(item) : item.hash);
      // A single run's title depends on its record alone, which survives the index's recomputations.
      const key: object = (outcome.kind === 'ewebench-test' && outcome.repeat) || (outcome.kind === 'suite-item' && outcome.runs) ? outcome : outcome.record;
      let title = titles.get(key);
      if (title === undefined) {
        title =
          outcome.kind === 'ewebench-test'
            ? testTitle(outcome.record, outcome.repeat, l10n)
            : outcome.kind === 'suite-item'
              ? suiteTitle(outcome.record, outcome.runs, l10n)
              : entryTitle(outcome.record, l10n);
        titles.set(key, title);
      }
      lenses.push({
        offset: item.start,
        title: stale ? `${title} ${staleMark}` : title,
        tooltip: stale ? staleTip : detailsTip,
        command: 'ewebench.showResult',
        args,
      });
    }
  }
  return lenses;
}

function recordHash(outcome: ItemOutcome): string {
  return recordItemHash(outcome.record);
}

/**
 * One compact result per model, by model name: `deepseek-chat ✓ 0.833 · gemini ✗ 0.2 · llama3.1 ✓ 1.0` for
 * tests (the mean over a `Run ×K`), `m chrF++ 54.2 · n chrF++ 100.0 =` for corpus entries (`=` an exact match);
 * `⚠` a failed call, `—` an answer the harness cannot score. Past `MAX_LENS_MODELS` models, how many more.
 */
export function modelsTitle(perModel: readonly ModelOutcome[], l10n: L10n): string {
  const sorted = [...perModel].sort((a, b) => (a.model < b.model ? -1 : a.model > b.model ? 1 : 0));
  const parts = sorted.slice(0, MAX_LENS_MODELS).map(({ model, outcome }) => `${oneLine(model, 40)} ${compactResult(outcome, l10n)}`);
  if (sorted.length > MAX_LENS_MODELS) parts.push(l10n.t('{0} more', sorted.length - MAX_LENS_MODELS));
  return parts.join(' · ');
}

function compactResult(outcome: ItemOutcome, l10n: L10n): string {
  if (outcome.kind === 'suite-item') {
    const r = outcome.record;
    if (r.error !== null) return '⚠';
    if (outcome.runs) return `${suiteRight(outcome.runs)}/${outcome.runs.length}`;
    return r.task === 'translation' ? `chrF++ ${formatFixed(r.score ?? 0, 1, l10n)}` : `${r.correct ? '✓' : '✗'} ${oneLine(r.extracted ?? '∅', 20)}`;
  }
  if (outcome.kind === 'corpus-entry') {
    const r = outcome.record;
    return r.error !== null ? '⚠' : `chrF++ ${formatFixed(r.entry_chrf, 1, l10n)}${r.exact_match ? ' =' : ''}`;
  }
  const { record, repeat } = outcome;
  if (repeat && repeat.runs > 1) {
    if (repeat.runs === repeat.errored) return '⚠';
    return `${passes(repeat.mean) ? '✓' : '✗'} ${formatScore(repeat.mean, l10n)} (×${repeat.runs})`;
  }
  if (record.error !== null) return '⚠';
  if (record.score === null) return '—';
  return `${record.passed ? '✓' : '✗'} ${formatScore(record.score, l10n)}`;
}

/**
 * Result titles per outcome object: the results index hands out the same outcome objects until its records
 * change, so a refresh (every few records during a run) formats only what is new.
 */
const titleCaches = new WeakMap<L10n, WeakMap<object, string>>();
function titleCache(l10n: L10n): WeakMap<object, string> {
  let cache = titleCaches.get(l10n);
  if (!cache) titleCaches.set(l10n, (cache = new WeakMap()));
  return cache;
}

/** The latency, or `cached` for an answer the response cache gave (its time says nothing about the model). */
function timing(cached: boolean, ms: number, l10n: L10n): string {
  return cached ? l10n.t('cached') : formatLatency(ms, l10n);
}

function errorTitle(error: string, l10n: L10n): string {
  return l10n.t('⚠ error: {0}', oneLine(error, 70));
}

function testTitle(record: TestRunRecord, repeat: RepeatSummary | undefined, l10n: L10n): string {
  if (repeat && repeat.runs > 1) {
    if (repeat.runs === repeat.errored) return errorTitle(record.error !== null ? recordError(record, l10n) : l10n.t('every run failed'), l10n);
    const mark = passes(repeat.mean) ? '✓' : '✗';
    const errored = repeat.errored > 0 ? ` · ${l10n.t('{0} errored', repeat.errored)}` : '';
    return `${mark} ${formatMeanSe(repeat.mean, repeat.standardError, l10n)} (×${repeat.runs})${errored} · ${record.model}`;
  }
  if (record.error !== null) return errorTitle(recordError(record, l10n), l10n);
  if (record.score === null) return l10n.t('⚠ not scored: {0}', oneLine(record.reason ?? '', 70));
  return `${record.passed ? '✓' : '✗'} ${formatScore(record.score, l10n)} · ${timing(record.cached, record.latency_ms, l10n)} · ${record.model}`;
}

function entryTitle(record: EntryRunRecord, l10n: L10n): string {
  if (record.error !== null) return errorTitle(recordError(record, l10n), l10n);
  const exact = record.exact_match ? l10n.t('exact ✓') : l10n.t('exact ✗');
  return `chrF++ ${formatFixed(record.entry_chrf, 1, l10n)} · ${exact} · ${timing(record.cached, record.latency_seconds * 1000, l10n)} · ${record.model}`;
}

/** Runs of a suite item right on the strict reading. */
function suiteRight(runs: readonly SuiteItemRunRecord[]): number {
  return runs.filter((r) => r.error === null && r.correct).length;
}

/**
 * A suite item's verdict: the answer read after `####` and ✓ or ✗ on the strict reading, what was expected when
 * it is wrong (an answer only the fallback reading found is marked so); sentence chrF++ for a translation.
 */
export function suiteVerdict(record: SuiteItemRunRecord, l10n: L10n): string {
  if (record.task === 'translation') return `chrF++ ${(record.score ?? 0).toFixed(1)}`;
  const answer =
    record.extracted === null
      ? l10n.t('no answer after ####')
      : record.method === 'fallback'
        ? l10n.t('{0} (fallback reading)', oneLine(record.extracted, 40))
        : oneLine(record.extracted, 40);
  return record.correct ? `✓ ${answer}` : `✗ ${answer} · ${l10n.t('expected {0}', oneLine(record.expected, 40))}`;
}

function suiteTitle(record: SuiteItemRunRecord, runs: readonly SuiteItemRunRecord[] | undefined, l10n: L10n): string {
  if (runs && runs.length > 1) {
    const errored = runs.filter((r) => r.error !== null).length;
    if (errored === runs.length) return errorTitle(record.error !== null ? recordError(record, l10n) : l10n.t('every run failed'), l10n);
    const scores = runs.filter((r) => r.error === null).map((r) => r.score ?? 0);
    const head =
      record.task === 'translation'
        ? `chrF++ ${(scores.reduce((a, b) => a + b, 0) / scores.length).toFixed(1)}`
        : l10n.t('{0}/{1} right', suiteRight(runs), runs.length);
    return `${head} (×${runs.length})${errored ? ` · ${l10n.t('{0} errored', errored)}` : ''} · ${record.model}`;
  }
  if (record.error !== null) return errorTitle(recordError(record, l10n), l10n);
  return `${suiteVerdict(record, l10n)} · ${timing(record.cached, record.latency_ms, l10n)} · ${record.model}`;
}

/** Why a tests file has no ÈwéScore and how it gets one (lens tooltip, Test Explorer output, the ÈwéScore command). */
export function noCategoryTip(l10n: L10n): string {
  return l10n.t(
    'This file is not named after one of the ten ÈwéBench categories, so it has no ÈwéScore: the harness runs only its ten category files. Name it after a category (tests/<category>.json, e.g. tests/reasoning.json) to count its tests.',
  );
}

function summaryTitle(summary: FileSummaryView, l10n: L10n): string {
  const errored = summary.errored > 0 ? ` · ${l10n.t('{0} errored', summary.errored)}` : '';
  if (summary.kind === 'ewebench-tests') {
    const score = summary.score === null ? '—' : formatFixed(summary.score, 1, l10n);
    const ran = summary.ran < summary.total ? ` · ${l10n.t('{0} of {1} run', summary.ran, summary.total)}` : '';
    // Outside the ten categories the score is the file's mean, and it counts towards no ÈwéScore.
    const head =
      summary.harnessCategory === false
        ? `${l10n.t('{0}: mean {1}/100', summary.category, score)} · ${l10n.t('no ÈwéScore')}`
        : l10n.t('{0}: {1}/100', summary.category, score);
    return `${head} · ${l10n.t('{0}/{1} passed', summary.passed, summary.ran)}${errored}${ran}`;
  }
  const composite = summary.composite === null ? '—' : formatFixed(summary.composite, 3, l10n);
  const parts = [l10n.t('composite {0}', composite)];
  if (summary.tier) parts.push(summary.tier);
  if (summary.costUsd !== null) parts.push(formatCost(summary.costUsd, l10n));
  parts.push(plural(summary.entries, l10n.locale, { one: l10n.t('{0} entry', summary.entries), other: l10n.t('{0} entries', summary.entries) }));
  return parts.join(' · ') + errored;
}
