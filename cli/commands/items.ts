import { analyseItems, type ItemAnalysis, type ItemCell } from '../../core/compare/items';
import { pyFixed } from '../../core/python/round';
import { displayPath, formatOption, parseArgs } from '../files';
import { terminalSafe, terminalSafeJson, textTable } from '../format/text';
import { UsageError, type CliIo } from '../io';
import { loadRuns } from '../runs';

export const usage =
  'items PATH... [--format text|json]   each test or corpus entry against every run given: scores, spread, items that do not separate models';

const cellText = (c: ItemCell | null): string => {
  if (!c) return '—';
  if (c.score === null) return c.errors ? 'error' : '?';
  const mark = c.passRate === null ? '' : c.passRate === 1 ? ' ✓' : c.passRate === 0 ? ' ✗' : ` ${Math.round(c.passRate * 100)}%`;
  return `${pyFixed(c.score, 3)}${mark}`;
};

const SEPARATION_TEXT = { separates: '', 'all-pass': 'all pass', 'all-fail': 'all fail', 'too-few': '' } as const;

export function itemsText(analysis: ItemAnalysis): string {
  const header = ['item', 'group', ...analysis.columns.map((c) => c.label), 'spread', 'note'];
  const rows = analysis.rows.map((r) => [
    r.id,
    r.group,
    ...r.cells.map(cellText),
    r.spread === null ? '' : pyFixed(r.spread, 3),
    SEPARATION_TEXT[r.separation],
  ]);
  const c = analysis.counts;
  const runs = analysis.columns.map((col) => `  ${terminalSafe(col.label)}: ${terminalSafe(col.fileName)}\n`).join('');
  return (
    `runs:\n${runs}\n` +
    textTable([header, ...rows]) +
    `\n${analysis.rows.length} item(s): ${c.separates} separate the runs, ${c['all-pass']} every run passes, ${c['all-fail']} every run fails` +
    (c['too-few'] ? `, ${c['too-few']} scored by fewer than two runs` : '') +
    '\n'
  );
}

export async function run(args: string[], io: CliIo): Promise<number> {
  const { positional, values } = parseArgs(args, { values: ['format'] });
  const format = formatOption(values.format, ['text', 'json']);
  if (positional.length === 0) throw new UsageError('no PATH given');
  const { runs, problems } = loadRuns(positional, io);
  for (const p of problems) io.stderr(`${terminalSafe(displayPath(p.file, io.cwd))}: ${terminalSafe(p.message)}\n`);
  if (runs.length === 0) {
    io.stderr('no run found in the paths given\n');
    return 2;
  }
  const analysis = analyseItems(runs);
  if (format === 'json') io.stdout(terminalSafeJson(JSON.stringify(analysis, null, 2)) + '\n');
  else io.stdout(itemsText(analysis));
  return problems.length ? 2 : 0;
}
