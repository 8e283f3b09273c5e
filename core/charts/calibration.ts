import type { Locale } from '../i18n/locale';
import type { CalibrationReport } from '../review/calibration';
import { calibrationMessage, columns, figureLabel, tauRows, tierRows } from '../review/calibrationText';
import { tierLabel } from '../scoring/rosetta/tiers';
import { barChart } from './charts';
import { coord, escapeXml, figure, seriesClass, svgOpen, type Chart } from './svg';

/**
 * The charts of `review calibrate` (the HTML page and the view): tau-b of each automatic figure with its
 * interval, on the whole −1 … 1 scale with 0 marked, and the share rated usable per §5 tier. Each comes with
 * the report's own numbers as its table, formatted once in calibrationText.ts. Pure strings.
 */

const W = 640;
const LEFT = 170;
const RIGHT = 24;
const TOP = 34;
const ROW = 30;

/** tau-b per figure: a dot at the estimate, a line over its bootstrap interval; no dot where tau-b is undefined. */
export function tauChart(report: CalibrationReport, locale: Locale, id = 'calibration-tau'): Chart {
  const title = calibrationMessage(locale, 'chartTau');
  const rows = report.correlations;
  const height = TOP + ROW * Math.max(1, rows.length) + 30;
  const bottom = height - 24;
  const x = (v: number) => LEFT + ((Math.max(-1, Math.min(1, v)) + 1) / 2) * (W - LEFT - RIGHT);
  const marks = [-1, -0.5, 0, 0.5, 1];
  const grid = marks
    .map(
      (m) =>
        `<line class="${m === 0 ? 'axis' : 'grid'}" x1="${coord(x(m))}" x2="${coord(x(m))}" y1="${TOP - 6}" y2="${bottom}"/><text x="${coord(x(m))}" y="${bottom + 14}" text-anchor="middle">${figure(m, 1)}</text>`,
    )
    .join('');
  const body = rows
    .map((c, i) => {
      const cy = TOP + ROW * i + ROW / 2;
      const label = figureLabel(c.figure, locale);
      let marks = `<text x="${LEFT - 8}" y="${coord(cy + 4)}" text-anchor="end">${escapeXml(label)}</text>`;
      if (Number.isFinite(c.lower) && Number.isFinite(c.upper))
        marks += `<line class="${seriesClass(0)}" x1="${coord(x(c.lower))}" x2="${coord(x(c.upper))}" y1="${coord(cy)}" y2="${coord(cy)}" stroke-width="2"/>`;
      if (Number.isFinite(c.tau_b))
        marks += `<circle class="${seriesClass(0)}" cx="${coord(x(c.tau_b))}" cy="${coord(cy)}" r="4.5"><title>${escapeXml(`${label}: ${figure(c.tau_b, 3)} [${figure(c.lower, 3)}, ${figure(c.upper, 3)}]`)}</title></circle>`;
      return marks;
    })
    .join('');
  return {
    svg: `${svgOpen(W, height, title, `tau-b, ${rows.map((c) => figureLabel(c.figure, locale)).join(', ')}`, id)}<text x="${LEFT}" y="${TOP - 14}">tau-b</text>${grid}${body}</svg>`,
    table: { caption: title, columns: columns('tauColumns', report, locale), rows: tauRows(report, locale) },
  };
}

/** The share rated usable per §5 tier (bars, 0–100%), the counts beside it. */
export function usableShareChart(report: CalibrationReport, locale: Locale, id = 'calibration-tiers'): Chart {
  const title = calibrationMessage(locale, 'chartShare');
  const chart = barChart({
    id,
    title,
    axis: calibrationMessage(locale, 'chartShareAxis'),
    max: 100,
    decimals: 1,
    groups: report.tiers.map((t) => ({ key: t.tier, label: tierLabel(t.tier, locale) })),
    series: [{ label: calibrationMessage(locale, 'chartShareAxis'), values: report.tiers.map((t) => (t.share === null ? null : t.share * 100)) }],
  });
  return { svg: chart.svg, table: { caption: title, columns: columns('tierColumns', report, locale), rows: tierRows(report, locale) } };
}

export function calibrationCharts(report: CalibrationReport, locale: Locale): Chart[] {
  return [tauChart(report, locale), usableShareChart(report, locale)];
}
