import * as vscode from 'vscode';
import { adjudicationFileNameFor } from '../../core/review/teamFiles';
import { plural } from '../../core/i18n/plural';
import { toLocale } from '../../core/i18n/locale';
import { isObject } from '../../core/json';
import type { ReviewInput } from '../../core/review/agreement';
import type { CalibrationReport } from '../../core/review/calibration';
import type { CalibrationContext } from '../../core/review/calibrationText';
import { SKIPPED_FOLDERS_GLOB } from '../../core/workspace/files';
import { BoardPanel, shownTables } from './boardPanel';
import { BOARD_LIMITS, givenUris, parseJson, readIfSmall } from './leaderboardPanel';
import { lazyModules } from '../lazyModules';

/**
 * *ÈwéBench: Calibrate the Metrics Against the Ratings*: the review files of one sample (those selected in the
 * Explorer, else one sample picked among the workspace's reviews) set beside the automatic figures of the card
 * they are bound to, by core's calibration (as `review calibrate`), in a board view: tau-b per figure with its
 * interval, the usable share per §5 tier, the suggested cuts or why there are none. Files are read through
 * `workspace.fs` (both builds); the statistics load with the boards' lazy bundle.
 */

type Lazy = Awaited<ReturnType<ReturnType<typeof lazyModules>['boards']>>;

interface ReviewFile {
  uri: vscode.Uri;
  path: string;
  review: Record<string, unknown>;
}

async function readReview(uri: vscode.Uri): Promise<ReviewFile | string> {
  const path = vscode.workspace.asRelativePath(uri, false);
  const text = await readIfSmall(uri);
  const review = text === undefined ? undefined : parseJson(text);
  if (!isObject(review) || !Array.isArray(review.items) || typeof review.run_card_hash !== 'string')
    return vscode.l10n.t('{0} is not a review file (no items or no run_card_hash).', path);
  return { uri, path, review };
}

/** The workspace's review files grouped by sample (the card's seal, the seed, the size, a team's sample hash). */
async function pickSample(lazy: Lazy): Promise<ReviewFile[] | undefined> {
  const uris = await vscode.workspace.findFiles('**/*.review*.json', SKIPPED_FOLDERS_GLOB, BOARD_LIMITS.files);
  const groups = new Map<string, ReviewFile[]>();
  for (const uri of uris) {
    const file = await readReview(uri);
    if (typeof file === 'string') continue;
    const key = `${String(file.review.run_card_hash)}|${lazy.sampleKey(file.review)}`;
    groups.set(key, [...(groups.get(key) ?? []), file]);
  }
  if (groups.size === 0) {
    void vscode.window.showInformationMessage(vscode.l10n.t('No review file in this workspace: draw a sample with ÈwéBench: Review Run first.'));
    return undefined;
  }
  const choices = [...groups.values()]
    .map((files) => files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0)))
    .sort((a, b) => (a[0].path < b[0].path ? -1 : 1))
    .map((files) => ({
      label: files.map((f) => f.path).join(', '),
      description: plural(files.length, vscode.env.language, {
        one: vscode.l10n.t('{0} file of one sample', files.length),
        other: vscode.l10n.t('{0} files of one sample', files.length),
      }),
      files,
    }));
  if (choices.length === 1) return choices[0].files;
  const picked = await vscode.window.showQuickPick(choices, { title: vscode.l10n.t('Calibrate the metrics against the ratings of which sample?') });
  return picked?.files;
}

/** The report of the files, or the sentence that says why there is none (another sample, no card, not bound). */
async function report(lazy: Lazy, files: readonly ReviewFile[]): Promise<{ report: CalibrationReport; context: CalibrationContext } | string> {
  const locale = toLocale(vscode.env.language);
  const inputs: ReviewInput[] = files.map((f) => ({ file: f.path, review: f.review }));
  const problem = lazy.checkReviews(inputs).find((p) => p.kind !== 'too-few');
  if (problem) return lazy.agreementProblemText(problem, locale);
  const first = files[0];
  const folder = vscode.Uri.joinPath(first.uri, '..');
  let card: { path: string; text: string } | undefined;
  for (const candidate of lazy.reviewCardCandidates(first.uri.path.split('/').pop() ?? '', first.review.run_card)) {
    const text = await readIfSmall(vscode.Uri.joinPath(folder, candidate));
    if (text !== undefined) {
      card = { path: candidate, text };
      break;
    }
  }
  if (!card) return lazy.calibrationMessage(locale, 'noCard', { file: first.path, card: String(first.review.run_card ?? '?') });
  for (const input of inputs) {
    const bound = lazy.bindReview(card.text, input.review);
    // Why not is the review file's diagnostic (the server's binding check, in the Problems view): not loaded here.
    if (bound.kind !== 'bound') return lazy.calibrationMessage(locale, 'unboundView', { file: input.file, card: card.path });
  }
  const parsed = parseJson(card.text);
  const dataset = isObject(parsed) && isObject(parsed.dataset) ? parsed.dataset : {};
  const pair = [dataset.language_pair, dataset.id].find((v): v is string => typeof v === 'string' && v.trim() !== '') ?? card.path;
  // The team's adjudication beside the card, as the gate and `review agreement` read it: its ratings replace the
  // median of the items it decides; one of another run or sample decides nothing.
  const cardName = card.path.split('/').pop() ?? card.path;
  const adjudicationText = await readIfSmall(vscode.Uri.joinPath(folder, card.path, '..', adjudicationFileNameFor(cardName)));
  const reading = adjudicationText === undefined ? undefined : lazy.readAdjudication(parseJson(adjudicationText), inputs);
  const decisions = reading && !reading.problem ? reading.decisions : undefined;
  return {
    report: lazy.calibrate(lazy.calibrationItems(inputs, parsed, decisions)),
    context: { pair, reviewers: lazy.reviewerNames(inputs), adjudication: decisions !== undefined },
  };
}

export function registerCalibration(context: vscode.ExtensionContext): void {
  context.subscriptions.push(
    vscode.commands.registerCommand('ewebench.calibrateReview', async (uri?: unknown, uris?: unknown) => {
      const lazy = await lazyModules().boards();
      const given = givenUris(uri, uris);
      let files: ReviewFile[] | undefined;
      if (given?.length) {
        const read = await Promise.all(given.map(readReview));
        const problem = read.find((r): r is string => typeof r === 'string');
        if (problem) {
          void vscode.window.showErrorMessage(problem);
          return [];
        }
        files = read as ReviewFile[];
      } else files = await pickSample(lazy);
      if (!files) return [];
      let shown = await report(lazy, files);
      if (typeof shown === 'string') {
        void vscode.window.showErrorMessage(shown);
        return [];
      }
      const view = await BoardPanel.show(context, 'ewebench.calibration', vscode.l10n.t('Calibration'), {
        page: () => {
          const { report: r, context: c } = shown as Exclude<typeof shown, string>;
          return Promise.resolve(
            lazy.calibrationPage(r, c, toLocale(vscode.env.language), { refresh: vscode.l10n.t('Refresh'), exportSvg: vscode.l10n.t('Export SVG…') }),
          );
        },
        refresh: async () => {
          const again = await Promise.all(files.map((f) => readReview(f.uri)));
          if (again.some((r) => typeof r === 'string')) return;
          const next = await report(lazy, again as ReviewFile[]);
          if (typeof next === 'string') void vscode.window.showErrorMessage(next);
          else shown = next;
        },
      });
      return shownTables(view.lastPage);
    }),
  );
}
