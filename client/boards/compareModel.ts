import { suiteMetricLabel, type ItemChange, type MetricComparison, type RunComparison } from '../../core/compare/compare';
import type { DiffPart } from '../../core/compare/diff';
import { pyFixed } from '../../core/python/round';
import { CATEGORIES } from '../../core/scoring/ewebench/categories';
import type { Locale } from '../../core/i18n/locale';
import type { BoardCell, BoardPage, BoardRow } from '../../protocol/boards';
import { plural } from '../../core/i18n/plural';
import type { L10n } from '../run/l10n';

/**
 * The compare view's page from core's `compareRuns`: the metric table (A, B, the delta, its 95% interval from
 * the paired bootstrap, the p-value, "significant" only when the bootstrap says so) and the items in core's
 * order (regressions first), each changed item's responses diffed. Pure; the panel reads the two runs.
 */

export interface CompareState {
  /** Which items to list: '' for all, else one `ItemChange`. */
  change: string;
}

export const CHANGES: readonly ItemChange[] = ['regression', 'improvement', 'unchanged', 'unscored', 'only-a', 'only-b'];

/** The items listed at most (the counts above say how many there are): a 20,000-entry run stays a page. */
export const MAX_LISTED_ITEMS = 2000;

function changeLabel(change: ItemChange, l10n: L10n): string {
  switch (change) {
    case 'regression':
      return l10n.t('regression');
    case 'improvement':
      return l10n.t('improvement');
    case 'unchanged':
      return l10n.t('unchanged');
    case 'unscored':
      return l10n.t('unscored (a failed call)');
    case 'only-a':
      return l10n.t('only in A');
    case 'only-b':
      return l10n.t('only in B');
  }
}

function metricLabel(metric: string, locale: Locale, l10n: L10n): string {
  if (metric === 'ewe_score') return 'ÈwéScore';
  if (metric === 'corpus_chrf') return 'chrF++';
  if (metric === 'exact_match_rate') return l10n.t('exact match');
  if (metric === 'composite') return l10n.t('composite');
  const suite = suiteMetricLabel(metric, locale);
  if (suite !== null) return suite;
  const stem = metric.replace(/^category:/, '');
  const category = CATEGORIES.find((c) => c.stem === stem);
  return category ? `· ${category.name[locale]}` : stem;
}

const digits = (m: MetricComparison) => (m.scale === 100 ? 2 : 4);
const signed = (x: number, d: number) => (x > 0 ? '+' : '') + pyFixed(x, d);
const score = (x: number | null) => (x === null ? '—' : pyFixed(x, 3));

function metricRow(m: MetricComparison, locale: Locale, l10n: L10n): BoardRow {
  const d = digits(m);
  const significant = m.significant ? (m.winner === 'b' ? l10n.t('yes: B better') : l10n.t('yes: A better')) : l10n.t('no');
  const cells: BoardCell[] = [
    { text: metricLabel(m.metric, locale, l10n) },
    { text: pyFixed(m.a, d), numeric: true },
    { text: pyFixed(m.b, d), numeric: true },
    { text: signed(m.delta, d), numeric: true },
    { text: `[${signed(m.ci_lower, d)}, ${signed(m.ci_upper, d)}]`, numeric: true },
    { text: pyFixed(m.p_value, 3), numeric: true },
    { text: significant },
    { text: String(m.n), numeric: true },
  ];
  const tone = m.significant ? (m.winner === 'b' ? 'good' : 'bad') : undefined;
  return { path: '', cells, unranked: false, tie: false, ...(tone ? { tone } : {}) };
}

function diffCell(diff: DiffPart[] | null, responseB: string | null): BoardCell {
  if (!diff) return { text: responseB ?? '—' };
  return { text: diff.map((p) => p.text).join(''), parts: diff.map((p) => ({ op: p.op, text: p.text })) };
}

export interface CompareStrings {
  all: string;
  hint: string;
  filterChange: string;
  refresh: string;
}

export function comparePage(c: RunComparison, state: CompareState, locale: Locale, l10n: L10n, strings: CompareStrings): BoardPage {
  const listed = c.items.filter((i) => !state.change || i.change === state.change);
  const items: BoardRow[] = listed.slice(0, MAX_LISTED_ITEMS).map((i) => ({
    path: '',
    cells: [
      { text: i.id },
      { text: i.group },
      { text: score(i.a), numeric: true },
      { text: score(i.b), numeric: true },
      { text: i.delta === null ? '—' : signed(i.delta, 3), numeric: true },
      { text: changeLabel(i.change, l10n) },
      diffCell(i.diff, i.responseB),
    ],
    unranked: false,
    tie: false,
    ...(i.change === 'regression' ? { tone: 'bad' as const } : i.change === 'improvement' ? { tone: 'good' as const } : {}),
  }));
  const ref = (r: RunComparison['a']) => `${r.model}${r.runId ? ` (${r.runId})` : ''} · ${r.fileName}`;
  const n = c.metrics[0]?.n_bootstrap ?? 0;
  const notes = [
    `A: ${ref(c.a)}`,
    `B: ${ref(c.b)}`,
    ...(c.corpus ? [l10n.t('Corpus: {0}', c.corpus)] : []),
    l10n.t(
      '{0} ({1} only in A, {2} only in B); paired bootstrap over {3}, as mt_eval_harness computes it.',
      plural(c.paired, l10n.locale, { one: l10n.t('{0} paired item', c.paired), other: l10n.t('{0} paired items', c.paired) }),
      c.onlyA,
      c.onlyB,
      plural(n, l10n.locale, { one: l10n.t('{0} resample', n), other: l10n.t('{0} resamples', n) }),
    ),
    ...(c.sourceDiffers
      ? [
          plural(c.sourceDiffers, l10n.locale, {
            one: l10n.t('{0} item with the same id but another source text in A and B: not the same item, left out.', c.sourceDiffers),
            other: l10n.t('{0} items with the same id but another source text in A and B: not the same items, left out.', c.sourceDiffers),
          }),
        ]
      : []),
    l10n.t(
      'Regressions: {0}, improvements: {1}, unchanged: {2}, unscored: {3}.',
      c.counts.regression,
      c.counts.improvement,
      c.counts.unchanged,
      c.counts.unscored,
    ),
  ];
  if (listed.length > MAX_LISTED_ITEMS) notes.push(l10n.t('The first {0} of {1} items are listed.', MAX_LISTED_ITEMS, listed.length));
  return {
    title: l10n.t('Compare {0} with {1}', c.a.model, c.b.model),
    tables: [
      {
        id: 'metrics',
        title: l10n.t('Metrics (B − A)'),
        columns: [l10n.t('Metric'), 'A', 'B', 'Δ B−A', l10n.t('95% interval'), 'p', l10n.t('Significant'), l10n.t('Items')].map((label, i) => ({
          key: `m${i}`,
          label,
          sortable: false,
        })),
        rows: c.metrics.map((m) => metricRow(m, locale, l10n)),
        sort: null,
      },
      {
        id: 'items',
        title: l10n.t('Items, regressions first'),
        columns: [l10n.t('Item'), l10n.t('Group'), 'A', 'B', 'Δ', l10n.t('Change'), l10n.t('Response: A → B')].map((label, i) => ({
          key: `i${i}`,
          label,
          sortable: false,
        })),
        rows: items,
        sort: null,
      },
    ],
    filters: [
      {
        key: 'change',
        label: strings.filterChange,
        options: CHANGES.filter((k) => c.counts[k] > 0),
        optionLabels: Object.fromEntries(CHANGES.map((k) => [k, changeLabel(k, l10n)])),
        value: state.change,
      },
    ],
    notes,
    empty: l10n.t('The two runs have no item in common.'),
    strings: { all: strings.all, sortHint: '', hint: strings.hint, open: '', refresh: strings.refresh },
  };
}
