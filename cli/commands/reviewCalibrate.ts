import * as path from 'node:path';
import { isObject } from '../../core/json';
import { toLocale } from '../../core/i18n/locale';
import { agreementProblemText, checkReviews, reviewerNames, type ReviewInput } from '../../core/review/agreement';
import { bindReview, reviewCardText } from '../../core/review/binding';
import { calibrate, calibrationItems, calibrationJson } from '../../core/review/calibration';
import { calibrationMessage, calibrationText, type CalibrationContext } from '../../core/review/calibrationText';
import { REVIEW_LIMITS } from '../../core/review/review';
import { unboundReason } from '../../core/rules/review';
import { agreementAdjudication, adjudicationText } from './reviewAdjudicate';
import { displayPath, formatOption, neighboursOf, parseArgs, readJsonFile } from '../files';
import { numberFlag } from '../flags';
import { calibrationHtml } from '../format/calibrationHtml';
import { terminalSafe, textTable } from '../format/text';
import { UsageError, type CliIo } from '../io';

/** `review calibrate`'s synopsis, part of `review`'s usage. */
export const calibrateUsage = 'review calibrate REVIEW.json... [--format text|json|html] [--seed S] [--adjudication ADJ.json]';

/** The language pair a card names: `dataset.language_pair`, else the dataset's id, else the run's. */
function languagePair(card: unknown): string {
  const dataset = isObject(card) && isObject(card.dataset) ? card.dataset : {};
  for (const v of [dataset.language_pair, dataset.id, isObject(card) ? card.run_id : undefined]) if (typeof v === 'string' && v.trim() !== '') return v;
  return '?';
}

/**
 * `review calibrate FILES...`: the ratings of one sample (one reviewer's file or a team's) set beside the
 * automatic figures of the card they are bound to (core/review/calibration.ts). Every file must be a review of
 * that card (bound as for the §7.2 gate): ratings of other outputs would say nothing about these figures.
 */
export async function calibrateCommand(args: string[], io: CliIo): Promise<number> {
  const { positional, values } = parseArgs(args, { values: ['format', 'seed', 'adjudication'] });
  const format = formatOption(values.format, ['text', 'json', 'html']);
  const seed = values.seed === undefined ? undefined : numberFlag('seed', values.seed[0], REVIEW_LIMITS.seed, 0);
  const locale = toLocale((io.env ?? process.env).LANG);
  if (positional.length === 0) throw new UsageError(calibrationMessage(locale, 'noFiles'));
  const inputs: ReviewInput[] = positional.map((file) => ({ file: displayPath(path.resolve(io.cwd, file), io.cwd), review: readJsonFile(file, io) }));
  const problems = checkReviews(inputs).filter((p) => p.kind !== 'too-few');
  if (problems.length > 0) {
    for (const p of problems) io.stderr(terminalSafe(agreementProblemText(p, locale)) + '\n');
    return 2;
  }
  const firstFile = path.resolve(io.cwd, positional[0]);
  const first = inputs[0].review as Record<string, unknown>;
  const found = reviewCardText(path.basename(firstFile), first.run_card, neighboursOf(firstFile).read);
  if (!found) {
    io.stderr(terminalSafe(calibrationMessage(locale, 'noCard', { file: inputs[0].file, card: String(first.run_card ?? '?') })) + '\n');
    return 2;
  }
  let refused = false;
  for (const input of inputs) {
    const bound = bindReview(found.text, input.review);
    if (bound.kind === 'bound') continue;
    refused = true;
    io.stderr(terminalSafe(calibrationMessage(locale, 'unbound', { file: input.file, card: found.path, reason: unboundReason(bound, locale) })) + '\n');
  }
  if (refused) return 2;
  const card = JSON.parse(found.text) as unknown;
  // The adjudication given, else the one beside the card (as `review agreement` reads it): its ratings replace the
  // median of the items it decides.
  const adjudication = agreementAdjudication(values.adjudication?.[0], path.resolve(path.dirname(firstFile), found.path), inputs, io);
  if (adjudication?.reading.problem) {
    io.stderr(adjudicationText(adjudication));
    return 2;
  }
  const gathered = calibrationItems(inputs, card, adjudication?.reading.decisions);
  const report = calibrate(gathered, { seed });
  const context: CalibrationContext = { pair: languagePair(card), reviewers: reviewerNames(inputs), adjudication: adjudication !== undefined };
  if (format === 'json')
    io.stdout(
      JSON.stringify(
        calibrationJson(report, {
          run_card: found.path,
          language_pair: context.pair,
          reviewers: context.reviewers,
          adjudication: adjudication
            ? { file: adjudication.file, adjudicator: adjudication.reading.adjudicator, decided: adjudication.reading.decisions.size }
            : null,
          rated: gathered.items,
        }),
        null,
        2,
      ) + '\n',
    );
  else if (format === 'html') io.stdout(calibrationHtml(report, context, locale));
  else io.stdout(calibrationText(report, context, locale, textTable, terminalSafe));
  return 0;
}
