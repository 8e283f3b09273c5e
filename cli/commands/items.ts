import { counted } from '../../core/i18n/plural';
import { analyseItems, itemCellText, runsByCorpus, type ItemAnalysis } from '../../core/compare/items';
import { pyFixed } from '../../core/python/round';
import { displayPath, formatOption, parseArgs } from '../files';
import { fitTable, terminalSafe, terminalSafeJson, wrapLines } from '../format/text';
import { UsageError, type CliIo } from '../io';
import { loadRuns } from '../runs';

export const usage =
  'items PATH... [--format text|json] [--corpus ID]   each test or corpus entry against every run of one corpus: scores, spread, items that do not separate models';

const cellText = itemCellText;

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
  const runs = analysis.columns.map((col) => `${wrapLines(`  ${col.label}: ${col.fileName}`)}\n`).join('');
  return (
    `runs:\n${runs}\n` +
    // Within 160 columns: the item, group and note columns wrap; with too many runs for that, one record per item.
    fitTable([header, ...rows], { wrap: header.map((_, i) => i < 2 || i === header.length - 1) }) +
    `\n${counted(analysis.rows.length, 'item', 'items')}: ${c.separates} separate the runs, ${c['all-pass']} every run passes, ${c['all-fail']} every run fails` +
    (c['too-few'] ? `, ${c['too-few']} scored by fewer than two runs` : '') +
    '\n'
  );
}

export async function run(args: string[], io: CliIo): Promise<number> {
  const { positional, values } = parseArgs(args, { values: ['format', 'corpus'] });
  const format = formatOption(values.format, ['text', 'json']);
  if (positional.length === 0) throw new UsageError('no PATH given');
  const { runs, problems } = loadRuns(positional, io);
  for (const p of problems) io.stderr(`${terminalSafe(displayPath(p.file, io.cwd))}: ${terminalSafe(p.message)}\n`);
  if (runs.length === 0) {
    io.stderr('no run found in the paths given\n');
    return 2;
  }
  // One corpus per matrix: entries of different corpora share ids but not sentences.
  const groups = runsByCorpus(runs);
  const corpus = values.corpus?.[0] ?? (groups.size === 1 ? [...groups.keys()][0] : undefined);
  if (corpus === undefined || !groups.has(corpus)) {
    const known = [...groups.keys()].map(terminalSafe).join(', ');
    io.stderr(
      corpus === undefined
        ? `the runs are of ${groups.size} corpora (${known}): runs of different corpora do not share items; pick one with --corpus ID\n`
        : `no run of the corpus ${terminalSafe(corpus)} (the runs are of ${known})\n`,
    );
    return 2;
  }
  const analysis = analyseItems(groups.get(corpus) ?? []);
  if (format === 'json') io.stdout(terminalSafeJson(JSON.stringify(analysis, null, 2)) + '\n');
  else io.stdout(itemsText(analysis));
  return problems.length ? 2 : 0;
}
