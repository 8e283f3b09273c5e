import { calibrationCharts } from '../../core/charts/calibration';
import { chartHtml, escapeXml } from '../../core/charts/svg';
import type { Locale } from '../../core/i18n/locale';
import type { CalibrationReport } from '../../core/review/calibration';
import { calibrationMessage, columns, cutRows, headerLines, methodLine, noCutText, type CalibrationContext } from '../../core/review/calibrationText';
import { fixed } from '../../core/review/calibrationText';
import { QUALITY_TIERS } from '../../core/scoring/rosetta/tiers';

function table(head: readonly string[], rows: readonly (readonly string[])[]): string {
  const th = head.map((c) => `<th scope="col">${escapeXml(c)}</th>`).join('');
  const body = rows
    .map((r) => `<tr>${r.map((c, i) => (i === 0 ? `<th scope="row">${escapeXml(c)}</th>` : `<td>${escapeXml(c)}</td>`)).join('')}</tr>`)
    .join('');
  return `<table><thead><tr>${th}</tr></thead><tbody>${body}</tbody></table>`;
}

/**
 * `review calibrate --format html`: one self-contained page (no script, nothing from the network: a CSP that
 * allows only its own style), in the user's language: who rated what, the two charts each with its numbers
 * beside it (tau-b with intervals, the usable share per §5 tier), and the suggested cuts or why there are none.
 */
export function calibrationHtml(report: CalibrationReport, context: CalibrationContext, locale: Locale): string {
  const say = (id: Parameters<typeof calibrationMessage>[1], params?: Parameters<typeof calibrationMessage>[2]) =>
    escapeXml(calibrationMessage(locale, id, params));
  const why = noCutText(report.cut, locale);
  const deployable = QUALITY_TIERS.find((t) => t.tier === 'deployable')?.min ?? NaN;
  const cuts =
    `<h2>${say('cutHeading', { pair: context.pair })}</h2>` +
    (report.cut.kind === 'suggested'
      ? `<p>${say('cutCriterion')}</p>${table(columns('cutColumns', report, locale), cutRows(report.cut.cuts, locale))}<p>${say('cutCompare', { deployable: fixed(deployable, 2, locale) })}</p>`
      : `<p class="none">${escapeXml(why ?? '')}</p>`);
  const title = calibrationMessage(locale, 'title');
  return (
    `<!DOCTYPE html><html lang="${locale}"><head><meta charset="utf-8">` +
    `<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">` +
    `<meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<title>${escapeXml(`${title} · ${context.pair}`)}</title>` +
    '<style>body{font-family:var(--vscode-font-family,sans-serif);color:var(--vscode-foreground,#222);background:var(--vscode-editor-background,#fff);margin:1.5em}' +
    'table{border-collapse:collapse;margin:.5em 0}th,td{border:1px solid #8884;padding:2px 8px;text-align:left}td{font-variant-numeric:tabular-nums}' +
    'figure.ewb-chart{display:flex;flex-wrap:wrap;gap:1em;align-items:flex-start;margin:1em 0}figure.ewb-chart svg{max-width:100%;height:auto}caption{text-align:left;font-weight:600}.none{font-style:italic}</style>' +
    '</head><body>' +
    `<h1>${escapeXml(title)}</h1>` +
    headerLines(report, context, locale)
      .map((l) => `<p>${escapeXml(l)}</p>`)
      .join('') +
    calibrationCharts(report, locale).map(chartHtml).join('') +
    cuts +
    `<p>${escapeXml(methodLine(report, locale))}</p>` +
    '</body></html>\n'
  );
}
