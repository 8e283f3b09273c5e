import * as fs from 'node:fs';
import { counted } from '../../core/i18n/plural';
import * as path from 'node:path';
import { pick, toLocale, type Locale } from '../../core/i18n/locale';
import { EWEBENCH_SORT_KEYS, type EweBenchRow } from '../../core/leaderboard/ewebench';
import { methodClassLabel, money, sealText, verificationTierLabel } from '../../core/leaderboard/format';
import { tierLabel } from '../../core/scoring/rosetta/tiers';
import {
  addLeaderboardSource,
  BOARD_TEXT,
  emptyLeaderboardRows,
  rankLeaderboard,
  TEXT_HEADINGS,
  type Leaderboard,
  type LeaderboardRows,
} from '../../core/leaderboard/leaderboard';
import type { SuiteRow } from '../../core/leaderboard/suite';
import { ROSETTA_SORT_KEYS, type CardSource, type RosettaRow, type RosettaSortKey } from '../../core/leaderboard/rosetta';
import { reviewFileNameFor } from '../../core/review/review';
import { teamFilesBeside } from '../../core/review/team';
import { CATEGORIES } from '../../core/scoring/ewebench/categories';
import { displayPath, expandJsonPaths, formatOption, neighboursOf, parseArgs, readTextAndUtf8 } from '../files';
import { fmt, leaderboardHtml, rankText, reviewText, rosettaUnrankedReason, withInterval } from '../format/leaderboardHtml';
import { fitTable, terminalSafeJson, terminalSafeLines, wrapLines } from '../format/text';
import { UsageError, type CliIo } from '../io';
import { writeFileAtomic } from '../../runner/outputs';

export const usage =
  'leaderboard PATH... [--format text|json|html] [--corpus ID] [--segment NAME] [--pair TEXT] [--sort COLUMN] [--ascending|--descending] [--lang en|fr] [--out FILE]   rank run cards (Rosetta §9.7), ÈwéBench results files and task suite runs (SEA-HELM overall score ± standard error)';

/** A review file: a single review, a team reviewer's file or an adjudication (`<card>.review[.<name>].json`, `<card>.adjudication.json`). */
const isReviewFile = (file: string) => /\.(review(\.[^/\\]+)?|adjudication)\.json$/i.test(file);

/**
 * Each card or results file read and added to the board's rows one at a time (its text let go once its row is
 * made), with a card's review beside it (`<card>.review.json`) or its team's files, when there are.
 */
async function rowsOf(files: readonly string[], io: CliIo): Promise<LeaderboardRows> {
  const rows = emptyLeaderboardRows();
  // Each folder is listed once, kept to the names a review, a team review or an adjudication can have
  // (`*.review.*`, `*.adjudication.json`): listing it again per card made a folder of N cards cost N² names.
  const listings = new Map<string, { names: readonly string[]; reviews: ReadonlySet<string> | undefined }>();
  for (const file of files) {
    const neighbours = neighboursOf(file);
    const dir = path.dirname(file);
    let listing = listings.get(dir);
    if (listing === undefined) {
      const all = listFolder(dir);
      const names = (all ?? []).filter((name) => name.includes('.review.') || name.endsWith('.adjudication.json'));
      // A card's own review is looked for only when the folder lists its name (case and Unicode normalisation aside:
      // some disks ignore them); a folder that cannot be listed has each card's review read as before.
      listing = { names, reviews: all && new Set(all.filter((name) => /\.review\./i.test(name)).map(foldName)) };
      listings.set(dir, listing);
    }
    const { team, adjudication } = await teamFilesBeside(path.basename(file), listing.names, (name) => neighbours.read(name));
    const reviewName = reviewFileNameFor(path.basename(file));
    const reviewText = listing.reviews && !listing.reviews.has(foldName(reviewName)) ? undefined : neighbours.read(reviewName);
    // The card itself is read last: its bytes are a view the next read reuses, and its row is made before any other.
    const { text, utf8 } = readTextAndUtf8(file, io);
    const source: CardSource = { path: displayPath(file, io.cwd), text };
    if (utf8) source.utf8 = utf8;
    if (team.length > 0) source.team = team;
    if (adjudication !== undefined) source.adjudication = adjudication;
    if (reviewText !== undefined) {
      try {
        source.review = JSON.parse(reviewText) as unknown;
      } catch {
        // A review that is not JSON is no review: the validator reports it on the file itself.
      }
    }
    addLeaderboardSource(rows, source);
  }
  return rows;
}

/** A file name as a disk that ignores case and Unicode normalisation compares it. */
const foldName = (name: string) => name.normalize('NFC').toLowerCase();

/** A folder's names, or undefined when it cannot be listed. */
function listFolder(dir: string): string[] | undefined {
  try {
    return fs.readdirSync(dir);
  } catch {
    return undefined;
  }
}

/** Short headings of the ten categories in the text table (a legend under it names them). */
const CATEGORY_CODES: Record<string, string> = {
  linguistic_comprehension: 'LC',
  text_generation: 'TG',
  reasoning: 'RS',
  translation: 'TR',
  cultural_knowledge: 'CK',
  instruction_following: 'IF',
  multi_turn: 'MT',
  agentic: 'AG',
  style_adaptation: 'SA',
  robustness: 'RB',
};

function eweBenchText(rows: readonly EweBenchRow[], locale: Locale): string[] {
  const h = (key: keyof typeof TEXT_HEADINGS) => pick(TEXT_HEADINGS[key], locale);
  const out = [pick(BOARD_TEXT.eweBenchHeading, locale)];
  const table = [
    [h('rank'), h('model'), h('eweScore'), ...CATEGORIES.map((c) => CATEGORY_CODES[c.stem] ?? c.stem), h('tests'), h('date'), h('file'), h('note')],
    ...rows.map((r) => [
      rankText(r),
      r.model,
      withInterval(r.ewe_score, r.ewe_score_ci, 1, locale),
      ...CATEGORIES.map((c) => fmt(r.categories[c.stem], 1, locale)),
      String(r.tests),
      shortDate(r.date),
      r.path,
      r.ewe_score_mismatch ? `≠ ${fmt(r.declared_ewe_score, 1, locale)}` : '',
    ]),
  ];
  const wrap = table[0].map((_, i) => i === 1 || i >= 2 + CATEGORIES.length + 1);
  out.push(fitTable(table, { wrap }).trimEnd());
  for (const r of rows.filter((row) => row.ewe_score_mismatch))
    out.push(
      wrapLines(
        `≠ ${r.path}: ${pick(BOARD_TEXT.eweScoreMismatch, locale, { declared: fmt(r.declared_ewe_score, 1, locale), recomputed: fmt(r.ewe_score, 1, locale) })}`,
      ),
    );
  out.push(wrapLines(CATEGORIES.map((c) => `${CATEGORY_CODES[c.stem]} ${c.stem}`).join(' · ')));
  return out;
}

/** A date as read: `2026-11-23 10:16` from an ISO 8601 timestamp (the JSON keeps it as written). */
const shortDate = (iso: string) => (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(iso) ? `${iso.slice(0, 10)} ${iso.slice(11, 16)}` : iso);

function rosettaText(rows: readonly RosettaRow[], locale: Locale): string[] {
  const h = (key: keyof typeof TEXT_HEADINGS) => pick(TEXT_HEADINGS[key], locale);
  const out = [pick(BOARD_TEXT.rosettaHeading, locale), wrapLines(pick(BOARD_TEXT.perCorpus, locale))];
  const corpora = [...new Set(rows.map((r) => r.corpus))];
  for (const corpus of corpora) {
    const members = rows.filter((r) => r.corpus === corpus);
    const pairs = [...new Set(members.map((r) => r.language_pair).filter(Boolean))].join(', ') || '—';
    out.push('', wrapLines(pick(BOARD_TEXT.corpusHeading, locale, { corpus: corpus || '—', pair: pairs, n: members.length })));
    // FST and semantic columns only where some run of this corpus has them (the JSON always has both).
    const fst = members.some((r) => r.fst_acceptance_rate !== null);
    const semantic = members.some((r) => r.semantic_score !== null);
    const scores = [
      [
        h('rank'),
        h('model'),
        h('composite'),
        h('chrf'),
        h('exact'),
        ...(fst ? [h('fst')] : []),
        ...(semantic ? [h('semantic')] : []),
        h('cost'),
        h('speed'),
        h('costAdjusted'),
        h('seal'),
      ],
      ...members.map((r) => [
        rankText(r),
        r.model,
        withInterval(r.composite, r.composite_ci, 4, locale),
        withInterval(r.chrf_plus_plus, r.chrf_ci, 2, locale),
        withInterval(r.exact_match_rate, r.exact_match_ci, 4, locale),
        ...(fst ? [fmt(r.fst_acceptance_rate, 4, locale)] : []),
        ...(semantic ? [fmt(r.semantic_score, 4, locale)] : []),
        money(r.cost_per_entry_usd, locale),
        fmt(r.speed_seconds, 2, locale),
        fmt(r.cost_adjusted, 4, locale),
        sealText(r, locale),
      ]),
    ];
    out.push(fitTable(scores, { wrap: scores[0].map((_, i) => i === 1) }).trimEnd());
    const gated = (r: RosettaRow) => r.tier_gate !== 'not-gated' && r.tier_gate !== 'passed';
    const about = [
      [h('rank'), h('model'), h('method'), h('class'), h('tier'), h('verification'), h('date'), h('review'), h('file')],
      ...members.map((r) => [
        rankText(r),
        r.model,
        r.method,
        methodClassLabel(r.method_class, locale),
        tierLabel(r.quality_tier, locale) + (gated(r) ? '*' : ''),
        verificationTierLabel(r.verification_tier, locale),
        shortDate(r.date),
        reviewText(r, locale),
        r.path,
      ]),
    ];
    out.push(fitTable(about, { wrap: about[0].map((_, i) => i === 1 || i === 2 || i >= 7) }).trimEnd());
    if (members.some(gated)) out.push(wrapLines(`* ${pick(BOARD_TEXT.unreviewedTier, locale)}`));
    const reasons = [...new Set(members.map((r) => rosettaUnrankedReason(r, locale)).filter((x): x is string => x !== null))];
    for (const reason of reasons) out.push(wrapLines(`— ${reason}`));
    if (members.some((r) => r.verification === 'unsealed')) out.push(wrapLines(pick(BOARD_TEXT.unsealedNote, locale)));
  }
  return out;
}

function suiteText(rows: readonly SuiteRow[], locale: Locale): string[] {
  const h = (key: keyof typeof TEXT_HEADINGS) => pick(TEXT_HEADINGS[key], locale);
  const out = [pick(BOARD_TEXT.suiteHeading, locale)];
  for (const suite of [...new Set(rows.map((r) => r.suite))]) {
    const members = rows.filter((r) => r.suite === suite);
    const tasks = [...new Set(members.flatMap((r) => Object.keys(r.tasks)))];
    out.push('', wrapLines(pick(BOARD_TEXT.suiteGroup, locale, { suite: suite || '—', n: members.length })));
    const table = [
      [h('rank'), h('model'), h('overall'), h('runs'), h('items'), ...tasks, h('file')],
      ...members.map((r) => [
        rankText(r),
        r.model,
        `${fmt(r.overall, 2, locale)} ± ${r.overall_se === null ? '—' : fmt(r.overall_se, 2, locale)}`,
        String(r.runs),
        String(r.items),
        ...tasks.map((t) => (Object.hasOwn(r.tasks, t) ? fmt(r.tasks[t], 2, locale) : '—')),
        r.path,
      ]),
    ];
    out.push(fitTable(table, { wrap: table[0].map((_, i) => i === 1 || i === table[0].length - 1) }).trimEnd());
  }
  out.push('', wrapLines(pick(BOARD_TEXT.suiteNote, locale)));
  return out;
}

/** The text report: per board and corpus, tables that fit 160 columns (numbers rounded for reading; the JSON keeps them). */
export function leaderboardText(board: Leaderboard, locale: Locale): string {
  const out: string[] = [];
  if (board.ewebench.length) out.push(...eweBenchText(board.ewebench, locale));
  if (board.rosetta.length) {
    if (out.length) out.push('');
    out.push(...rosettaText(board.rosetta, locale));
  }
  if (board.ewebench.length || board.rosetta.length) out.push('', wrapLines(pick(BOARD_TEXT.intervalNote, locale)));
  if (board.suite.length) {
    if (out.length) out.push('');
    out.push(...suiteText(board.suite, locale));
  }
  if (!board.ewebench.length && !board.rosetta.length && !board.suite.length) out.push(pick(BOARD_TEXT.empty, locale));
  if (board.ignored.length) out.push(wrapLines(pick(BOARD_TEXT.ignored, locale, { files: board.ignored.join(', ') })));
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
  const board = rankLeaderboard(await rowsOf(files, io), {
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
        ? leaderboardHtml(board, toLocale(lang ?? (io.env ?? process.env).LANG))
        : leaderboardText(board, toLocale(lang ?? (io.env ?? process.env).LANG));
  for (const r of board.refused) io.stderr(wrapLines(pick(BOARD_TEXT.refused, 'en', { file: r.path, reason: r.reason })) + '\n');
  const out = values.out?.[0];
  if (out) {
    const full = path.resolve(io.cwd, out);
    writeFileAtomic(full, text, {
      inputs: [...read, ...positional.map((p) => path.resolve(io.cwd, p))],
      show: (f) => displayPath(f, io.cwd),
    });
    io.stdout(
      `${terminalSafeLines(displayPath(full, io.cwd))}: ${counted(board.rosetta.length, 'run card', 'run cards')}, ${counted(board.ewebench.length, 'results file', 'results files')}${board.suite.length ? `, ${counted(board.suite.length, 'suite run', 'suite runs')}` : ''}\n`,
    );
  } else io.stdout(text);
  // A refused file is invalid input (exit 2) even when the others make a board.
  if (board.refused.length) return 2;
  return board.rosetta.length || board.ewebench.length || board.suite.length ? 0 : 1;
}
