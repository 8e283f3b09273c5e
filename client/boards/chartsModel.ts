import type { Chart } from '../../core/charts/svg';
import { categoryChart, latencyChartOfRuns, paretoChartOfRuns, tierChart } from '../../core/charts/fromRuns';
import type { Locale } from '../../core/i18n/locale';
import type { Run } from '../../core/runs/types';
import type { BoardChart, BoardPage } from '../../protocol/boards';

/**
 * The charts a board view of runs shows above its tables (items, compare): score per category per model for
 * ÈwéBench runs, chrF++ per difficulty tier for Rosetta runs, the latency distribution when the items are timed,
 * and quality against cost with its Pareto front when the runs state both. A chart with nothing to draw is left
 * out. Pure: the figures and words come from core/charts.
 */
export function boardChart(chart: Chart, id: string): BoardChart {
  return { id, svg: chart.svg, table: chart.table, fileName: `${id}.svg` };
}

export function runCharts(runs: readonly Run[], locale: Locale): BoardChart[] {
  const charts: BoardChart[] = [];
  if (runs.some((r) => r.kind === 'ewebench')) charts.push(boardChart(categoryChart(runs, locale), 'categories'));
  if (runs.some((r) => r.kind === 'rosetta')) {
    const tiers = tierChart(runs, locale);
    if (tiers.table.rows.length) charts.push(boardChart(tiers, 'tiers'));
  }
  if (runs.some((r) => r.items.some((e) => e.error === null && e.latencySeconds !== null)))
    charts.push(boardChart(latencyChartOfRuns(runs, locale), 'latency'));
  const pareto = paretoChartOfRuns(runs, locale);
  if (pareto.table.rows.length) charts.push(boardChart(pareto, 'pareto'));
  return charts;
}

/** A board page with charts above its tables and the words of their export button. */
export function withCharts(page: BoardPage, charts: BoardChart[], exportSvg: string): BoardPage {
  return { ...page, charts, strings: { ...page.strings, exportSvg } };
}
