import * as fs from 'node:fs';
import * as path from 'node:path';
import { isObject, type JsonObject } from '../../core/json';
import { toLocale } from '../../core/i18n/locale';
import {
  ADJUDICATION_THRESHOLD,
  DEFAULT_ADJUDICATION_THRESHOLD,
  adjudicationFileNameFor,
  adjudicationLines,
  adjudicationMessage,
  disputedItems,
  newAdjudication,
  readAdjudication,
  type AdjudicationReading,
} from '../../core/review/adjudication';
import { agreementProblemText, checkReviews, type ReviewInput } from '../../core/review/agreement';
import { assignmentProblemText, assignmentProblems } from '../../core/review/assignment';
import { bindReview, reviewCardText } from '../../core/review/binding';
import { unboundReason } from '../../core/rules/review';
import { displayPath, neighboursOf, parseArgs, readJsonFile } from '../files';
import { numberFlag } from '../flags';
import { terminalSafe } from '../format/text';
import { UsageError, type CliIo } from '../io';
import { writeFileAtomic } from '../../runner/outputs';

/** The synopsis `review adjudicate` adds to `review`'s usage. */
export const ADJUDICATE_USAGE = 'review adjudicate REVIEW.json REVIEW.json... --adjudicator NAME [--out ADJ.json] [--threshold K]';

/**
 * The card a team's files rate, read as `validate` reads it, and why each file that is not bound to it is not.
 * Undefined card: it cannot be read.
 */
export function teamCard(files: readonly string[], inputs: readonly ReviewInput[], io: CliIo): { cardFile?: string; cardText?: string; unbound: string[] } {
  const locale = toLocale(process.env.LANG);
  const firstFile = path.resolve(io.cwd, files[0]);
  const first = inputs[0].review as JsonObject;
  const found = reviewCardText(path.basename(firstFile), first.run_card, neighboursOf(firstFile).read);
  if (!found) return { unbound: [] };
  const unbound: string[] = [];
  inputs.forEach((input) => {
    const bound = bindReview(found.text, input.review);
    if (bound.kind !== 'bound') unbound.push(`${input.file}: ${unboundReason(bound, locale)}`);
  });
  return { cardFile: path.resolve(path.dirname(firstFile), found.path), cardText: found.text, unbound };
}

/** `review adjudicate`: the items a team disputes, in a file for the adjudicator, bound to the team's card and sample. */
export async function adjudicate(args: string[], io: CliIo): Promise<number> {
  const { positional, values } = parseArgs(args, { values: ['adjudicator', 'out', 'threshold'] });
  const locale = toLocale(process.env.LANG);
  const adjudicator = values.adjudicator?.[0];
  if (adjudicator === undefined) throw new UsageError('--adjudicator is required');
  const nameProblems = assignmentProblems([adjudicator], 1);
  if (nameProblems.length > 0) throw new UsageError(terminalSafe(assignmentProblemText(nameProblems[0], locale).replace('--reviewers', '--adjudicator')));
  const threshold = numberFlag('threshold', values.threshold?.[0], ADJUDICATION_THRESHOLD, DEFAULT_ADJUDICATION_THRESHOLD);
  const inputs = positional.map((file) => ({ file: displayPath(path.resolve(io.cwd, file), io.cwd), review: readJsonFile(file, io) }));
  const problems = checkReviews(inputs);
  if (problems.length > 0) {
    for (const p of problems) io.stderr(terminalSafe(agreementProblemText(p, locale)) + '\n');
    return 2;
  }
  const card = teamCard(positional, inputs, io);
  if (card.cardFile === undefined) {
    io.stderr(`${terminalSafe(inputs[0].file)}: the run card it names cannot be read: an adjudication is bound to a card (no file written)\n`);
    return 2;
  }
  if (card.unbound.length > 0) {
    for (const line of card.unbound) io.stderr(terminalSafe(line) + '\n');
    return 2;
  }
  const show = (f: string) => terminalSafe(displayPath(f, io.cwd));
  const out = path.resolve(io.cwd, values.out?.[0] ?? path.join(path.dirname(card.cardFile), adjudicationFileNameFor(path.basename(card.cardFile))));
  if (disputedItems(inputs, threshold).length === 0) {
    io.stdout(adjudicationMessage(locale, 'none', { threshold }) + '\n');
    return 0;
  }
  if (fs.existsSync(out)) {
    io.stderr(adjudicationMessage(locale, 'exists', { file: show(out) }) + '\n');
    return 2;
  }
  const file = newAdjudication(inputs, {
    adjudicator,
    created: new Date().toISOString().replace(/\.\d{3}Z$/, 'Z'),
    threshold,
    runCardPath: path.relative(path.dirname(out), card.cardFile).split(path.sep).join('/'),
  });
  writeFileAtomic(out, JSON.stringify(file, null, 2) + '\n', { inputs: [card.cardFile, ...positional.map((f) => path.resolve(io.cwd, f))], show });
  io.stdout(
    terminalSafe(
      adjudicationMessage(locale, 'written', { file: show(out), count: file.items.length, adjudicator, threshold, reviewers: file.reviewers.join(', ') }),
    ) + '\n',
  );
  return 0;
}

/**
 * The adjudication `review agreement` reads: `--adjudication FILE`, else `<card>.adjudication.json` beside the
 * card when there is one; undefined when none. A file given that cannot be read is an error.
 */
export function agreementAdjudication(
  given: string | undefined,
  cardFile: string | undefined,
  inputs: readonly ReviewInput[],
  io: CliIo,
): { file: string; reading: AdjudicationReading } | undefined {
  let file: string | undefined;
  if (given !== undefined) file = path.resolve(io.cwd, given);
  else if (cardFile !== undefined) {
    const beside = path.join(path.dirname(cardFile), adjudicationFileNameFor(path.basename(cardFile)));
    if (fs.existsSync(beside)) file = beside;
  }
  if (file === undefined) return undefined;
  const value = readJsonFile(file, io);
  return { file: displayPath(file, io.cwd), reading: readAdjudication(isObject(value) ? value : undefined, inputs) };
}

export function adjudicationText(found: { file: string; reading: AdjudicationReading }): string {
  return adjudicationLines(found.file, found.reading, toLocale(process.env.LANG)).map(terminalSafe).join('\n') + '\n';
}
