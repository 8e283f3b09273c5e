import { decimal } from '../i18n/number';
import type { Locale } from '../i18n/tag';
/**
 * What every chart shares: text escaping, number formatting that is the same on every machine, the theme (CSS
 * variables with VS Code's chart colours, then fixed fallbacks, so an exported SVG looks right anywhere), and
 * the chart value (the SVG and its numbers as a table). Pure strings: no DOM, no Node API.
 */

/** A chart's numbers, shown beside it (and read by screen readers instead of the picture). */
export interface ChartTable {
  caption: string;
  columns: string[];
  /** Cells as shown: numbers already formatted, '' where there is no value. */
  rows: string[][];
}

export interface Chart {
  /** A standalone `<svg>` element (its own `<style>`), safe to inline in a page or save as a file. */
  svg: string;
  table: ChartTable;
}

/** `&`, `<`, `>`, `"` and `'` as entities: any text (a model name, a test id) is safe in content and attributes. */
export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&${{ '&': 'amp', '<': 'lt', '>': 'gt', '"': 'quot', "'": '#39' }[c]};`);
}

/** A coordinate with at most 2 decimals and no `-0`: the same text on every run. */
export function coord(x: number): string {
  const r = Math.round(x * 100) / 100;
  return Object.is(r, -0) ? '0' : String(r);
}

/** A figure as shown in labels and tables: fixed decimals (a decimal comma in French), '' when absent. */
export function figure(x: number | null | undefined, decimals: number, locale: Locale = 'en'): string {
  return x === null || x === undefined || !Number.isFinite(x) ? '' : decimal(x, decimals, locale);
}

/** Series colours: VS Code's chart colours when hosted in a webview, fixed ones elsewhere. */
const SERIES = [
  ['--vscode-charts-blue', '#3794ff'],
  ['--vscode-charts-orange', '#d18616'],
  ['--vscode-charts-green', '#89d185'],
  ['--vscode-charts-purple', '#b180d7'],
  ['--vscode-charts-red', '#f14c4c'],
  ['--vscode-charts-yellow', '#cca700'],
] as const;

export const SERIES_COUNT = SERIES.length;

/** The chart's style sheet: every colour through a variable a page can set (`--ewb-chart-*`), then VS Code's. */
export function chartStyle(): string {
  const series = SERIES.map(
    ([vscode, fallback], i) =>
      `.s${i}{fill:var(--ewb-chart-series-${i},var(${vscode},${fallback}));stroke:var(--ewb-chart-series-${i},var(${vscode},${fallback}))}`,
  ).join('');
  return (
    '<style>' +
    'text{font:11px var(--vscode-font-family,sans-serif);fill:var(--ewb-chart-text,var(--vscode-foreground,#333))}' +
    '.axis{stroke:var(--ewb-chart-axis,var(--vscode-charts-lines,#888));stroke-width:1;fill:none}' +
    '.grid{stroke:var(--ewb-chart-grid,var(--vscode-charts-lines,#888));stroke-opacity:.25;stroke-width:1}' +
    '.front{fill:none;stroke-width:1.5;stroke-dasharray:4 3}' +
    '.box{fill-opacity:.35;stroke-width:1}' +
    series +
    '</style>'
  );
}

/** The class of series `i` (colours repeat past the palette). */
export const seriesClass = (i: number) => `s${i % SERIES.length}`;

/**
 * The opening tag: a fixed view box, an accessible name and description (`id` keeps their ids unique when a
 * page shows several charts).
 */
export function svgOpen(width: number, height: number, title: string, description: string, id: string): string {
  const safe = escapeXml(id);
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}" role="img" aria-labelledby="${safe}-t ${safe}-d">` +
    `<title id="${safe}-t">${escapeXml(title)}</title><desc id="${safe}-d">${escapeXml(description)}</desc>${chartStyle()}`
  );
}

/** Round ticks from 0 to `max` (about five). */
export function ticks(max: number): number[] {
  if (!(max > 0)) return [0];
  const raw = max / 5;
  const magnitude = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 2.5, 5, 10].map((m) => m * magnitude).find((s) => s >= raw) ?? raw;
  const out: number[] = [];
  for (let v = 0; v <= max + step / 1e9; v += step) out.push(Math.round(v * 1e9) / 1e9);
  if (out[out.length - 1] < max) out.push(Math.round((out[out.length - 1] + step) * 1e9) / 1e9);
  return out;
}

/**
 * A chart as a page fragment: the SVG in a `<figure>`, its numbers in a `<table>` beside it (caption, header
 * row, one row per group), every text escaped. For the CLI's html output and any webview.
 */
export function chartHtml(chart: Chart): string {
  const head = chart.table.columns.map((c) => `<th scope="col">${escapeXml(c)}</th>`).join('');
  const rows = chart.table.rows
    .map((r) => `<tr>${r.map((cell, i) => (i === 0 ? `<th scope="row">${escapeXml(cell)}</th>` : `<td>${escapeXml(cell)}</td>`)).join('')}</tr>`)
    .join('');
  return `<figure class="ewb-chart">${chart.svg}<table><caption>${escapeXml(chart.table.caption)}</caption><thead><tr>${head}</tr></thead><tbody>${rows}</tbody></table></figure>`;
}
