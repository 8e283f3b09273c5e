import { categoryChart, latencyChartOfRuns, tierChart } from '../../core/charts/fromRuns';
import { chartHtml, escapeXml } from '../../core/charts/svg';
import type { ItemDelta, RunComparison } from '../../core/compare/compare';
import type { DiffPart } from '../../core/compare/diff';
import { pyFixed } from '../../core/python/round';
import type { Run } from '../../core/runs/types';

/** Items of each kind the page lists with their diffs (the JSON output lists them all). */
export const HTML_ITEMS = 200;

const diffHtml = (parts: readonly DiffPart[]) =>
  parts.map((p) => (p.op === 'equal' ? escapeXml(p.text) : p.op === 'delete' ? `<del>${escapeXml(p.text)}</del>` : `<ins>${escapeXml(p.text)}</ins>`)).join('');

const score = (x: number | null) => (x === null ? '—' : pyFixed(x, 3));

function itemRows(items: readonly ItemDelta[]): string {
  return items
    .map(
      (i) =>
        `<tr><th scope="row">${escapeXml(i.id)}</th><td>${escapeXml(i.group)}</td><td>${score(i.a)}</td><td>${score(i.b)}</td><td>${i.delta === null ? '' : pyFixed(i.delta, 3)}</td><td class="diff">${i.diff ? diffHtml(i.diff) : ''}</td></tr>`,
    )
    .join('');
}

/**
 * `compare --format html`: one self-contained page (no script, no remote resource: a CSP that allows only its
 * own style), the metric table, the charts of the two runs with their numbers, and the changed items with their
 * responses diffed. Colours follow the charts' CSS variables.
 */
export function compareHtml(c: RunComparison, runs: readonly [Run, Run]): string {
  const metricRows = c.metrics
    .map((m) => {
      const d = m.scale === 100 ? 2 : 4;
      return `<tr><th scope="row">${escapeXml(m.metric)}</th><td>${pyFixed(m.a, d)}</td><td>${pyFixed(m.b, d)}</td><td>${pyFixed(m.delta, d)}</td><td>[${pyFixed(m.ci_lower, d)}, ${pyFixed(m.ci_upper, d)}]</td><td>${pyFixed(m.p_value, 3)}</td><td>${m.significant ? `yes (${m.winner === 'b' ? 'B' : 'A'} better)` : 'no'}</td></tr>`;
    })
    .join('');
  // A suite's per-task figures are the metrics table itself: no category or tier chart.
  const charts = c.kind === 'ewebench' ? [categoryChart(runs, 'en')] : c.kind === 'rosetta' ? [tierChart(runs, 'en')] : [];
  if (runs.some((r) => r.items.some((e) => e.latencySeconds !== null))) charts.push(latencyChartOfRuns(runs, 'en'));
  const sections = (['regression', 'improvement'] as const)
    .map((kind) => {
      const list = c.items.filter((i) => i.change === kind);
      if (!list.length) return '';
      const more = list.length > HTML_ITEMS ? `<p>… ${list.length - HTML_ITEMS} more (--format json lists them all)</p>` : '';
      return `<h2>${kind === 'regression' ? 'Regressions' : 'Improvements'} (${list.length})</h2><table><thead><tr><th scope="col">item</th><th scope="col">group</th><th scope="col">A</th><th scope="col">B</th><th scope="col">Δ B−A</th><th scope="col">response A → B</th></tr></thead><tbody>${itemRows(list.slice(0, HTML_ITEMS))}</tbody></table>${more}`;
    })
    .join('');
  const ref = (label: string, r: RunComparison['a']) =>
    `<p><strong>${label}</strong> ${escapeXml(r.model)}${r.runId ? ` (run ${escapeXml(r.runId)})` : ''} — ${escapeXml(r.fileName)}</p>`;
  return (
    '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8">' +
    `<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">` +
    `<title>${escapeXml(`Compare ${c.a.model} → ${c.b.model}`)}</title>` +
    '<style>body{font-family:var(--vscode-font-family,sans-serif);color:var(--vscode-foreground,#222);background:var(--vscode-editor-background,#fff);margin:1.5em}' +
    'table{border-collapse:collapse;margin:.5em 0}th,td{border:1px solid #8884;padding:2px 8px;text-align:left}td{font-variant-numeric:tabular-nums}' +
    'figure.ewb-chart{display:flex;flex-wrap:wrap;gap:1em;align-items:flex-start;margin:1em 0}del{background:#f14c4c33}ins{background:#89d18544;text-decoration:none}</style>' +
    '</head><body>' +
    `<h1>Compare two runs</h1>${ref('A', c.a)}${ref('B', c.b)}${c.corpus ? `<p>Corpus: ${escapeXml(c.corpus)}</p>` : ''}<p>${c.paired} paired items (only in A: ${c.onlyA}, only in B: ${c.onlyB}${c.sourceDiffers ? `, same id but another source text: ${c.sourceDiffers}` : ''}); paired bootstrap, ${c.metrics[0]?.n_bootstrap ?? 0} resamples.</p>` +
    `<table><thead><tr><th scope="col">metric</th><th scope="col">A</th><th scope="col">B</th><th scope="col">Δ B−A</th><th scope="col">95% interval</th><th scope="col">p</th><th scope="col">significant</th></tr></thead><tbody>${metricRows}</tbody></table>` +
    charts.map(chartHtml).join('') +
    sections +
    '</body></html>\n'
  );
}
