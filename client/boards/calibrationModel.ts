import { calibrationCharts } from '../../core/charts/calibration';
import type { Locale } from '../../core/i18n/locale';
import type { CalibrationReport } from '../../core/review/calibration';
import {
  calibrationMessage,
  columns,
  cutRows,
  fixed,
  headerLines,
  methodLine,
  noCutText,
  tauRows,
  tierRows,
  type CalibrationContext,
} from '../../core/review/calibrationText';
import { QUALITY_TIERS } from '../../core/scoring/rosetta/tiers';
import type { BoardPage, BoardTable } from '../../protocol/boards';
import { boardChart } from './chartsModel';

/**
 * The calibration view's page from core's report (`review calibrate` in a board view): the two charts with their
 * numbers, the tau-b, tier and cut tables, and the notes (who rated, how ratings were combined, why no cut, the
 * bootstrap). Every sentence and number comes from core/review/calibrationText.ts, as the CLI prints them. Pure.
 */
export interface CalibrationPageStrings {
  refresh: string;
  exportSvg: string;
}

function table(id: string, title: string, head: readonly string[], rows: readonly string[][]): BoardTable {
  return {
    id,
    title,
    columns: head.map((label, i) => ({ key: `${id}${i}`, label, sortable: false })),
    rows: rows.map((cells) => ({ path: '', cells: cells.map((text, i) => ({ text, ...(i > 0 ? { numeric: true } : {}) })), unranked: false, tie: false })),
    sort: null,
  };
}

export function calibrationPage(report: CalibrationReport, context: CalibrationContext, locale: Locale, strings: CalibrationPageStrings): BoardPage {
  const say = (id: Parameters<typeof calibrationMessage>[1], params?: Parameters<typeof calibrationMessage>[2]) => calibrationMessage(locale, id, params);
  const tables: BoardTable[] = [];
  if (report.items > 0) {
    tables.push(table('tau', say('tauTitle'), columns('tauColumns', report, locale), tauRows(report, locale)));
    tables.push(table('tiers', say('tierTitle'), columns('tierColumns', report, locale), tierRows(report, locale)));
    if (report.cut.kind === 'suggested')
      tables.push(table('cuts', say('cutTitle', { pair: context.pair }), columns('cutColumns', report, locale), cutRows(report.cut.cuts, locale)));
  }
  const why = noCutText(report.cut, locale);
  const deployable = QUALITY_TIERS.find((t) => t.tier === 'deployable')?.min ?? NaN;
  const notes = [...headerLines(report, context, locale), why ?? say('cutCompare', { deployable: fixed(deployable, 2, locale) }), methodLine(report, locale)];
  return {
    title: `${say('title')} · ${context.pair}`,
    charts: report.items > 0 ? calibrationCharts(report, locale).map((chart, i) => boardChart(chart, i === 0 ? 'calibration-tau' : 'calibration-tiers')) : [],
    tables,
    filters: [],
    notes,
    empty: say('noItems'),
    strings: { all: '', sortHint: '', hint: say('viewHint'), open: '', refresh: strings.refresh, exportSvg: strings.exportSvg },
  };
}
