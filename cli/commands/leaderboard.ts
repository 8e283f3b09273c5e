import * as path from 'node:path';
import { pick, toLocale } from '../../core/i18n/locale';
import { EWEBENCH_SORT_KEYS } from '../../core/leaderboard/ewebench';
import { BOARD_TEXT, buildLeaderboard, type Leaderboard } from '../../core/leaderboard/leaderboard';
import { ROSETTA_SORT_KEYS, type CardSource, type RosettaSortKey } from '../../core/leaderboard/rosetta';
import { reviewFileNameFor } from '../../core/review/review';
import { CATEGORIES } from '../../core/scoring/ewebench/categories';
import { displayPath, expandJsonPaths, formatOption, neighboursOf, parseArgs, readText } from '../files';
import { fmt, leaderboardHtml, rankText, reviewText, rosettaUnrankedReason, tierText, withInterval } from '../format/leaderboardHtml';
import { terminalSafeJson, terminalSafeLines, textTable } from '../format/text';
import { UsageError, type CliIo } from '../io';
import { writeFileAtomic } from '../../runner/outputs';

export const usage =
  'leaderboard PATH... [--format text|json|html] [--corpus ID] [--segment NAME] [--pair TEXT] [--sort COLUMN] [--ascending|--descending] [--lang en|fr] [--out FILE]   rank run cards (Rosetta §9.7) and ÈwéBench results files';

const isReviewFile = (file: string) => /\.review\.json$/i.test(file);

/** Each card or results file as text, with a card's review beside it (`<card>.review.json`) when there is one. */
function sourcesOf(files: readonly string[], io: CliIo): CardSource[] {
  return files.map((file) => {
    const text = readText(file, io);
    const source: CardSource = { path: displayPath(file, io.cwd), text };
    const reviewText = neighboursOf(file).read(reviewFileNameFor(path.basename(file)));
    if (reviewText !== undefined) {
      try {
        source.review = JSON.parse(reviewText) as unknown;
      } catch {
        // A review that is not JSON is no review: the validator reports it on the file itself.
      }
    }
    return source;
  });
}

function textReport(board: Leaderboard): string {
  const out: string[] = [];
  const en = 'en';
  if (board.ewebench.length) {
    out.push('ÈwéBench (ÈwéScore [95% interval])');
    out.push(
      textTable([
        ['rank', 'model', 'ÈwéScore', ...CATEGORIES.map((c) => c.stem), 'tests', 'date', 'file'],
        ...board.ewebench.map((r) => [
          rankText(r),
          r.model,
          withInterval(r.ewe_score, r.ewe_score_ci, 1),
          ...CATEGORIES.map((c) => fmt(r.categories[c.stem], 1)),
          String(r.tests),
          r.date,
          r.path,
        ]),
      ]),
    );
  }
  if (board.rosetta.length) {
    out.push('Rosetta (§9.7; scores [95% interval])');
    out.push(
      textTable([
        [
          'rank',
          'method',
          'composite',
          'chrF++',
          'FST',
          'exact',
          'semantic',
          'cost/entry',
          's/entry',
          'cost-adj',
          'class',
          'model',
          'tier',
          'verification',
          'date',
          'corpus',
          'pair',
          'review',
          'file',
        ],
        ...board.rosetta.map((r) => [
          rankText(r, rosettaUnrankedReason(r, en)),
          r.method,
          withInterval(r.composite, r.composite_ci, 4),
          withInterval(r.chrf_plus_plus, r.chrf_ci, 2),
          fmt(r.fst_acceptance_rate, 4),
          withInterval(r.exact_match_rate, r.exact_match_ci, 4),
          fmt(r.semantic_score, 4),
          r.cost_per_entry_usd === null ? '—' : String(r.cost_per_entry_usd),
          fmt(r.speed_seconds, 3),
          fmt(r.cost_adjusted, 4),
          r.method_class ?? '—',
          r.model,
          tierText(r, en),
          r.verification_tier,
          r.date,
          r.corpus,
          r.language_pair,
          reviewText(r, en),
          r.path,
        ]),
      ]),
    );
  }
  if (!board.ewebench.length && !board.rosetta.length) out.push(pick(BOARD_TEXT.empty, en));
  else out.push(pick(BOARD_TEXT.intervalNote, en));
  if (board.ignored.length) out.push(terminalSafeLines(pick(BOARD_TEXT.ignored, en, { files: board.ignored.join(', ') })));
  return out.join('\n') + '\n';
}

/** `leaderboard PATH...`: run cards and results files ranked; unverifiable cards listed, marked, never ranked. */
export async function run(args: string[], io: CliIo): Promise<number> {
  const { positional, values, flags } = parseArgs(args, {
    values: ['format', 'corpus', 'segment', 'pair', 'sort', 'lang', 'out'],
    booleans: ['ascending', 'descending'],
  });
  const format = formatOption(values.format, ['text', 'json', 'html']);
  if (flags.has('ascending') && flags.has('descending')) throw new UsageError('--ascending and --descending together');
  const sort = values.sort?.[0];
  const known = [...new Set<string>([...ROSETTA_SORT_KEYS, ...EWEBENCH_SORT_KEYS])];
  if (sort !== undefined && !known.includes(sort)) throw new UsageError(`--sort must be one of ${known.join(', ')}`);
  const lang = values.lang?.[0];
  if (lang !== undefined && lang !== 'en' && lang !== 'fr') throw new UsageError('--lang must be en or fr');
  const descending = flags.has('descending') ? true : flags.has('ascending') ? false : undefined;
  const read = expandJsonPaths(positional, io.cwd);
  const files = read.filter((f) => !isReviewFile(f));
  const board = buildLeaderboard(sourcesOf(files, io), {
    rosetta: {
      filter: {
        ...(values.corpus ? { corpus: values.corpus[0] } : {}),
        ...(values.segment ? { segment: values.segment[0] } : {}),
        ...(values.pair ? { languagePair: values.pair[0] } : {}),
      },
      ...(sort && (ROSETTA_SORT_KEYS as readonly string[]).includes(sort) ? { sort: sort as RosettaSortKey } : {}),
      ...(descending !== undefined ? { descending } : {}),
    },
    ewebench: { ...(sort && (EWEBENCH_SORT_KEYS as readonly string[]).includes(sort) ? { sort } : {}), ...(descending !== undefined ? { descending } : {}) },
  });
  const text =
    format === 'json'
      ? terminalSafeJson(JSON.stringify(board, null, 2)) + '\n'
      : format === 'html'
        ? leaderboardHtml(board, toLocale(lang ?? 'en'))
        : textReport(board);
  const out = values.out?.[0];
  if (out) {
    const full = path.resolve(io.cwd, out);
    writeFileAtomic(full, text, {
      inputs: [...read, ...positional.map((p) => path.resolve(io.cwd, p))],
      show: (f) => displayPath(f, io.cwd),
    });
    io.stdout(`${terminalSafeLines(displayPath(full, io.cwd))}: ${board.rosetta.length} run card(s), ${board.ewebench.length} results file(s)\n`);
  } else io.stdout(text);
  return board.rosetta.length || board.ewebench.length ? 0 : 1;
}
