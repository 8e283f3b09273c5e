import { plural } from '../../core/i18n/plural';
import type { MatrixRow } from '../../core/bench/matrix';
import { paretoChart } from '../../core/charts/charts';
import type { BoardCell, BoardChart, BoardPage, BoardRow } from '../../protocol/boards';
import type { L10n } from '../run/l10n';
import { boardChart } from './chartsModel';

/**
 * The matrix view's page (Rosetta §6.1) from core's matrix rows: one row per cell with its outcome, quality,
 * cost and speed, the cells on the Pareto front starred, and per target the chart of quality against cost per
 * item (core/charts' Pareto rule, the same one that starred the rows) with its numbers beside it. Pure; the
 * command plans, runs and reads the cells.
 */

export interface MatrixStrings {
  all: string;
  hint: string;
  refresh: string;
  exportSvg: string;
}

/** How the view names where a cell's figures come from. */
export type MatrixMode = 'ran' | 'opened';

function outcomeText(row: MatrixRow, mode: MatrixMode, l10n: L10n): string {
  switch (row.outcome) {
    case 'ran':
      return l10n.t('ran');
    case 'skipped':
      // Opened on a file: the figures are read from a finished card; in a run, the cell was skipped for it.
      return mode === 'opened' ? l10n.t('done') : l10n.t('skipped (verified card)');
    case 'failed':
      return l10n.t('failed');
    case 'not-run':
      return l10n.t('not run');
  }
}

const fixed = (n: number | null | undefined, d: number) => (n === null || n === undefined || !Number.isFinite(n) ? '—' : n.toFixed(d));
const usd = (n: number | null) => (n === null ? '—' : `$${n < 0.01 ? n.toPrecision(2) : n.toFixed(2)}`);

function verificationText(row: MatrixRow, l10n: L10n): string {
  const f = row.figures;
  if (!f) return '—';
  if (f.verification === null) return l10n.t('no seal (results file)');
  if (f.verification === 'verified') return l10n.t('verified');
  return l10n.t('does not verify ({0})', f.verification);
}

function rowOf(row: MatrixRow, mode: MatrixMode, l10n: L10n): BoardRow {
  const f = row.figures;
  const free = Object.entries(row.free)
    .map(([k, v]) => `${k}=${String(v)}`)
    .join(' ');
  const cells: BoardCell[] = [
    { text: row.cell },
    { text: row.model },
    { text: row.temperature === null ? '—' : String(row.temperature), numeric: true },
    { text: row.prompt_version ?? '—' },
    { text: free || '—' },
    { text: row.target },
    { text: outcomeText(row, mode, l10n) },
    {
      text: fixed(f?.quality, 4),
      numeric: true,
      ...(f?.quality !== null && f?.quality !== undefined ? { heat: f.quality } : {}),
      ...(f ? { title: f.qualityMetric === 'composite' ? l10n.t('composite') : l10n.t('ÈwéScore / 100') } : {}),
    },
    { text: f ? usd(f.costUsd) : '—', numeric: true, ...(f?.costSource === 'tokens × price' ? { title: l10n.t('tokens × the declared price') } : {}) },
    { text: f?.costPerItemUsd === null || !f ? '—' : f.costPerItemUsd.toPrecision(3), numeric: true },
    { text: fixed(f?.avgLatencySeconds, 3), numeric: true },
    { text: f ? String(f.promptTokens + f.completionTokens) : '—', numeric: true },
    { text: verificationText(row, l10n) },
    { text: row.pareto ? '★' : '', ...(row.pareto ? { title: l10n.t('On the Pareto front of quality against cost per item') } : {}) },
  ];
  const usable = f !== null && (f.verification === null || f.verification === 'verified');
  return {
    path: f?.file ?? '',
    cells,
    unranked: f !== null && !usable,
    tie: false,
    ...(row.outcome === 'failed' ? { tone: 'bad' as const } : {}),
  };
}

/** One chart of quality against cost per item per target (quality compares only on one target). */
export function matrixCharts(rows: readonly MatrixRow[], l10n: L10n): BoardChart[] {
  const targets = [...new Set(rows.map((r) => r.target))];
  return targets.flatMap((target, k) => {
    const points = rows
      .filter((r) => r.target === target && r.figures !== null && (r.figures.verification === null || r.figures.verification === 'verified'))
      .flatMap((r) => {
        const f = r.figures;
        return f && f.quality !== null && f.costPerItemUsd !== null ? [{ label: r.cell, quality: f.quality, cost: f.costPerItemUsd }] : [];
      });
    if (!points.length) return [];
    const id = targets.length > 1 ? `pareto-${k + 1}` : 'pareto';
    const chart = paretoChart({
      id,
      title: l10n.t('Quality against cost per item: {0} (Pareto front dashed)', target),
      costAxis: l10n.t('cost per item (USD)'),
      qualityAxis: l10n.t('quality (composite or ÈwéScore / 100)'),
      columns: [l10n.t('cost per item (USD)'), l10n.t('quality'), l10n.t('on the front')],
      yes: l10n.t('yes'),
      no: l10n.t('no'),
      costDecimals: 6,
      qualityDecimals: 4,
      points,
    });
    return [boardChart(chart, id)];
  });
}

export function matrixPage(name: string, rows: readonly MatrixRow[], mode: MatrixMode, l10n: L10n, strings: MatrixStrings): BoardPage {
  const columns = [
    ['cell', l10n.t('Cell')],
    ['model', l10n.t('Model')],
    ['temperature', l10n.t('Temperature')],
    ['prompt', l10n.t('Prompt')],
    ['free', l10n.t('Other axes')],
    ['target', l10n.t('Target')],
    ['outcome', l10n.t('Outcome')],
    ['quality', l10n.t('Quality')],
    ['cost', l10n.t('Cost')],
    ['costPerItem', l10n.t('Cost per item')],
    ['speed', l10n.t('Seconds per item')],
    ['tokens', l10n.t('Tokens')],
    ['verified', l10n.t('Card')],
    ['pareto', l10n.t('Pareto')],
  ].map(([key, label]) => ({ key, label, sortable: false }));
  const done = rows.filter((r) => r.figures !== null).length;
  return {
    title: l10n.t('Benchmark matrix: {0}', name),
    charts: matrixCharts(rows, l10n),
    tables: [
      {
        id: 'matrix',
        title: l10n.t(
          '{0}, {1} with results',
          plural(rows.length, l10n.locale, { one: l10n.t('{0} cell', rows.length), other: l10n.t('{0} cells', rows.length) }),
          done,
        ),
        columns,
        rows: rows.map((r) => rowOf(r, mode, l10n)),
        sort: null,
      },
    ],
    filters: [],
    notes: [l10n.t('★ = on the Pareto front of quality against cost per item, per target. Quality is the composite (corpora) or the ÈwéScore / 100 (tests).')],
    empty: l10n.t('The benchmark has no cells.'),
    strings: { all: strings.all, sortHint: '', hint: strings.hint, open: l10n.t('Enter opens'), refresh: strings.refresh, exportSvg: strings.exportSvg },
  };
}
