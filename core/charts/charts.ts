import { percentileOfSorted } from '../scoring/rosetta/latency';
import type { Locale } from '../i18n/tag';
import { coord, escapeXml, figure, seriesClass, svgOpen, ticks, type Chart } from './svg';

/**
 * The charts of runs compared (issue #20 §7): grouped bars (score per category per model, chrF++ per difficulty
 * tier), latency distributions (box and whiskers), and quality against cost with its Pareto front. Each returns
 * the SVG and its numbers as a table; the same input gives the same bytes. Labels are the caller's, already in
 * the user's language; every text is escaped.
 */

export interface Series {
  label: string;
  /** One value per group (same order as the groups); null where the series has none. */
  values: (number | null)[];
}

export interface BarChartInput {
  id: string;
  title: string;
  /** The value axis: its name and range (0..max). */
  axis: string;
  max: number;
  decimals: number;
  groups: { key: string; label: string }[];
  series: Series[];
  /** The language of the figures (a decimal comma in French); English when absent. */
  locale?: Locale;
}

const W = 640;

/** Tick labels all with the same decimals: none when every tick is whole, else just enough for the step (at most `most`). */
function decimalsOf(marks: readonly number[], most: number): number {
  for (let d = 0; d < most; d++) if (marks.every((m) => Math.abs(m * 10 ** d - Math.round(m * 10 ** d)) < 1e-9)) return d;
  return most;
}
const LEFT = 48;
const RIGHT = 16;
const TOP = 28;

function legend(labels: readonly string[], y: number): string {
  let x = LEFT;
  return labels
    .map((label, i) => {
      const item = `<rect class="${seriesClass(i)}" x="${x}" y="${y - 9}" width="10" height="10"/><text x="${x + 14}" y="${y}">${escapeXml(label)}</text>`;
      x += 24 + Math.min(200, 7 * Array.from(label).length);
      return item;
    })
    .join('');
}

function valueAxis(max: number, top: number, bottom: number, name: string, decimals: number, locale: Locale): { y: (v: number) => number; svg: string } {
  const marks = ticks(max);
  const top_ = marks[marks.length - 1] || 1;
  const y = (v: number) => bottom - (Math.max(0, Math.min(v, top_)) / top_) * (bottom - top);
  const svg =
    marks
      .map(
        (m) =>
          `<line class="grid" x1="${LEFT}" x2="${W - RIGHT}" y1="${coord(y(m))}" y2="${coord(y(m))}"/><text x="${LEFT - 6}" y="${coord(y(m) + 4)}" text-anchor="end">${figure(m, decimalsOf(marks, decimals), locale)}</text>`,
      )
      .join('') +
    `<line class="axis" x1="${LEFT}" x2="${LEFT}" y1="${top}" y2="${bottom}"/><line class="axis" x1="${LEFT}" x2="${W - RIGHT}" y1="${bottom}" y2="${bottom}"/>` +
    `<text x="${LEFT}" y="${top - 12}">${escapeXml(name)}</text>`;
  return { y, svg };
}

/** Grouped bars: one group per category (or tier), one bar per series (model). */
export function barChart(input: BarChartInput): Chart {
  const locale = input.locale ?? 'en';
  const height = 300;
  const bottom = height - 56;
  const { y, svg: axis } = valueAxis(input.max, TOP + 8, bottom, input.axis, input.decimals, locale);
  const groups = input.groups.length || 1;
  const slot = (W - LEFT - RIGHT) / groups;
  const bar = Math.max(2, (slot * 0.8) / Math.max(1, input.series.length));
  const bars = input.groups
    .map((g, gi) => {
      const x0 = LEFT + gi * slot + slot * 0.1;
      const rects = input.series
        .map((s, si) => {
          const v = s.values[gi];
          if (v === null || v === undefined || !Number.isFinite(v)) return '';
          const top = y(v);
          return `<rect class="${seriesClass(si)}" x="${coord(x0 + si * bar)}" y="${coord(top)}" width="${coord(bar - 1)}" height="${coord(bottom - top)}"><title>${escapeXml(`${s.label} · ${g.label}: ${figure(v, input.decimals, locale)}`)}</title></rect>`;
        })
        .join('');
      return `${rects}<text x="${coord(LEFT + gi * slot + slot / 2)}" y="${bottom + 14}" text-anchor="middle">${escapeXml(g.label)}</text>`;
    })
    .join('');
  const svg = `${svgOpen(W, height, input.title, `${input.axis}: ${input.series.map((s) => s.label).join(', ')}`, input.id)}${axis}${bars}${legend(
    input.series.map((s) => s.label),
    height - 12,
  )}</svg>`;
  return {
    svg,
    table: {
      caption: input.title,
      columns: ['', ...input.series.map((s) => s.label)],
      rows: input.groups.map((g, gi) => [g.label, ...input.series.map((s) => figure(s.values[gi], input.decimals, locale))]),
    },
  };
}

export interface LatencyInput {
  id: string;
  title: string;
  axis: string;
  /** Column names of the table: count, min, p25, median, p75, p95, max. */
  columns: [string, string, string, string, string, string, string];
  series: { label: string; seconds: readonly number[] }[];
  /** The language of the figures (a decimal comma in French); English when absent. */
  locale?: Locale;
}

/** Latency distribution per series: a box from the 25th to the 75th percentile, the median, whiskers to p95 and the maximum marked. */
export function latencyChart(input: LatencyInput): Chart {
  const locale = input.locale ?? 'en';
  const stats = input.series.map((s) => {
    const sorted = s.seconds.filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
    if (!sorted.length) return null;
    const q = (p: number) => percentileOfSorted(sorted, p);
    return { count: sorted.length, min: sorted[0], p25: q(25), median: q(50), p75: q(75), p95: q(95), max: sorted[sorted.length - 1] };
  });
  const max = Math.max(0, ...stats.map((s) => s?.max ?? 0));
  const height = 60 + 34 * Math.max(1, input.series.length);
  const left = 140;
  const marks = ticks(max);
  const top = marks[marks.length - 1] || 1;
  const x = (v: number) => left + (v / top) * (W - left - RIGHT);
  const bottom = height - 24;
  const grid =
    marks
      .map(
        (m) =>
          `<line class="grid" x1="${coord(x(m))}" x2="${coord(x(m))}" y1="${TOP}" y2="${bottom}"/><text x="${coord(x(m))}" y="${bottom + 14}" text-anchor="middle">${figure(m, decimalsOf(marks, 2), locale)}</text>`,
      )
      .join('') + `<text x="${left}" y="${TOP - 10}">${escapeXml(input.axis)}</text>`;
  const rows = input.series
    .map((s, i) => {
      const st = stats[i];
      const cy = TOP + 17 + 34 * i;
      const label = `<text x="${left - 8}" y="${cy + 4}" text-anchor="end">${escapeXml(s.label)}</text>`;
      if (!st) return label;
      const c = seriesClass(i);
      return (
        label +
        `<line class="${c}" x1="${coord(x(st.min))}" x2="${coord(x(st.p95))}" y1="${cy}" y2="${cy}"/>` +
        `<rect class="${c} box" x="${coord(x(st.p25))}" y="${cy - 9}" width="${coord(Math.max(1, x(st.p75) - x(st.p25)))}" height="18"><title>${escapeXml(`${s.label}: median ${figure(st.median, 3, locale)} s`)}</title></rect>` +
        `<line class="${c}" x1="${coord(x(st.median))}" x2="${coord(x(st.median))}" y1="${cy - 9}" y2="${cy + 9}" stroke-width="2"/>` +
        `<circle class="${c}" cx="${coord(x(st.max))}" cy="${cy}" r="2.5"/>`
      );
    })
    .join('');
  return {
    svg: `${svgOpen(W, height, input.title, input.axis, input.id)}${grid}<line class="axis" x1="${left}" x2="${W - RIGHT}" y1="${bottom}" y2="${bottom}"/>${rows}</svg>`,
    table: {
      caption: input.title,
      columns: ['', ...input.columns],
      rows: input.series.map((s, i) => {
        const st = stats[i];
        return [
          s.label,
          String(st?.count ?? 0),
          ...(st ? [st.min, st.p25, st.median, st.p75, st.p95, st.max].map((v) => figure(v, 3, locale)) : ['', '', '', '', '', '']),
        ];
      }),
    },
  };
}

export interface ParetoPoint {
  label: string;
  /** Lower is better (cost per entry, seconds). */
  cost: number;
  /** Higher is better (composite, ÈwéScore). */
  quality: number;
}

/**
 * The points no other point beats on both axes (cheaper or equal and better or equal, one strictly), from the
 * cheapest up: the Pareto front of quality against cost. Indices into `points`; ties keep the first.
 */
export function paretoFront(points: readonly ParetoPoint[]): number[] {
  const order = points
    .map((p, i) => ({ p, i }))
    .filter(({ p }) => Number.isFinite(p.cost) && Number.isFinite(p.quality))
    .sort((a, b) => a.p.cost - b.p.cost || b.p.quality - a.p.quality || a.i - b.i);
  const front: number[] = [];
  let best = -Infinity;
  for (const { p, i } of order) {
    if (p.quality > best) {
      front.push(i);
      best = p.quality;
    }
  }
  return front;
}

export interface ParetoInput {
  id: string;
  title: string;
  costAxis: string;
  qualityAxis: string;
  /** Column names: cost, quality, on the front; and the words for yes and no. */
  columns: [string, string, string];
  yes: string;
  no: string;
  costDecimals: number;
  qualityDecimals: number;
  points: ParetoPoint[];
  /** The language of the figures (a decimal comma in French); English when absent. */
  locale?: Locale;
}

/** Quality against cost, one dot per run, the Pareto front as a dashed line. */
export function paretoChart(input: ParetoInput): Chart {
  const locale = input.locale ?? 'en';
  const height = 320;
  const bottom = height - 40;
  const front = paretoFront(input.points);
  const onFront = new Set(front);
  const valid = input.points.filter((p) => Number.isFinite(p.cost) && Number.isFinite(p.quality));
  const costTicks = ticks(Math.max(0, ...valid.map((p) => p.cost)));
  const costTop = costTicks[costTicks.length - 1] || 1;
  const { y, svg: axis } = valueAxis(Math.max(0, ...valid.map((p) => p.quality)), TOP + 8, bottom, input.qualityAxis, input.qualityDecimals, locale);
  const x = (v: number) => LEFT + (v / costTop) * (W - LEFT - RIGHT - 8);
  const xAxis =
    costTicks
      .map((m) => `<text x="${coord(x(m))}" y="${bottom + 14}" text-anchor="middle">${figure(m, decimalsOf(costTicks, input.costDecimals), locale)}</text>`)
      .join('') + `<text x="${W - RIGHT}" y="${height - 6}" text-anchor="end">${escapeXml(input.costAxis)}</text>`;
  const line =
    front.length > 1
      ? `<polyline class="s0 front" points="${front.map((i) => `${coord(x(input.points[i].cost))},${coord(y(input.points[i].quality))}`).join(' ')}"/>`
      : '';
  const dots = input.points
    .map((p, i) =>
      Number.isFinite(p.cost) && Number.isFinite(p.quality)
        ? `<circle class="${seriesClass(i)}" cx="${coord(x(p.cost))}" cy="${coord(y(p.quality))}" r="${onFront.has(i) ? 5 : 3.5}"><title>${escapeXml(`${p.label}: ${figure(p.quality, input.qualityDecimals, locale)} · ${figure(p.cost, input.costDecimals, locale)}`)}</title></circle><text x="${coord(x(p.cost) + 7)}" y="${coord(y(p.quality) - 6)}">${escapeXml(p.label)}</text>`
        : '',
    )
    .join('');
  return {
    svg: `${svgOpen(W, height, input.title, `${input.qualityAxis} / ${input.costAxis}`, input.id)}${axis}${xAxis}${line}${dots}</svg>`,
    table: {
      caption: input.title,
      columns: ['', ...input.columns],
      rows: input.points.map((p, i) => [
        p.label,
        figure(p.cost, input.costDecimals, locale),
        figure(p.quality, input.qualityDecimals, locale),
        onFront.has(i) ? input.yes : input.no,
      ]),
    },
  };
}
