import * as vscode from 'vscode';
import { plural } from '../../core/i18n/plural';
import { replaceValue } from '../../core/document/jsonEdits';
import { JsonDocument } from '../../core/document/jsonDocument';
import { isObject, type JsonObject } from '../../core/json';
import { drawSample, newReview, RATINGS, REVIEW_LIMITS, reviewableResults, reviewFileNameFor, type Rating } from '../../core/review/review';
import { adjudicationFileNameFor, isAdjudication, isTeamReviewFileName } from '../../core/review/teamFiles';
import { assignmentProblems, assignmentProblemText, teamReviewFileName, teamReviews } from '../../core/review/assignment';
import { hiddenFromReviewer, ratedItem, resumeIndex, sessionItems, type SessionItem } from '../../core/review/session';
import { PyRandom } from '../../core/stats/pyRandom';
import { verifyRunCard } from '../../core/runcard/verify';
import { reviewCardCandidates } from '../../core/review/binding';
import { eweKeysHint } from '../../core/typing/eweInput';
import { classificationOf } from '../run/documentItems';
import { renderReviewHtml } from './reviewHtml';
import { registerReviewPacket } from './packetCommand';
import { registerImportSavedRatings } from './importRatingsCommand';
import { newNonce } from '../nonce';
import type { ReviewHostMessage, ReviewPageItem, ReviewPageMessage, ReviewStrings } from '../../protocol/review';

/**
 * *ÈwéBench: Review Run*: draws a review sample beside a run card (or opens the review given) and shows it one
 * item at a time in a webview rated from the keyboard. Every rating is one minimal edit of the review file
 * through the text document (undo works, the file on disk is saved at once). Thin over core/review.
 */

const decoder = new TextDecoder();

// Test builds only: scripts/build.mjs replaces EWEBENCH_PROBES by true with `--probes` (the e2e suite's build).
declare const EWEBENCH_PROBES: boolean;

/**
 * Answers queued by the e2e suite (test builds only, `ewebench.review.answer`): each prompt of *Review Run* takes
 * the next one instead of showing its box, so the suite goes through the very prompts a user answers.
 */
const scriptedAnswers: (string | undefined)[] = [];

async function input(options: vscode.InputBoxOptions): Promise<string | undefined> {
  if (EWEBENCH_PROBES && scriptedAnswers.length > 0) {
    const answer = scriptedAnswers.shift();
    if (answer !== undefined && options.validateInput && (await options.validateInput(answer))) return undefined;
    return answer;
  }
  return vscode.window.showInputBox(options);
}

async function pick(items: string[], options: vscode.QuickPickOptions): Promise<string | undefined> {
  if (EWEBENCH_PROBES && scriptedAnswers.length > 0) {
    const answer = scriptedAnswers.shift();
    return answer !== undefined && items.includes(answer) ? answer : undefined;
  }
  return vscode.window.showQuickPick(items, options);
}

async function readText(uri: vscode.Uri): Promise<string> {
  const open = vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString());
  return open ? open.getText() : decoder.decode(await vscode.workspace.fs.readFile(uri));
}

async function readJson(uri: vscode.Uri): Promise<unknown> {
  const text = await readText(uri);
  return JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text) as unknown;
}

/** A card whose seals do not hold is never sampled nor reviewed: its review would be bound to no run (Rosetta §7.2). */
async function cardVerifies(uri: vscode.Uri): Promise<boolean> {
  const verification = await readText(uri).then(verifyRunCard, () => 'unreadable' as const);
  if (verification === 'verified') return true;
  void vscode.window.showErrorMessage(
    vscode.l10n.t(
      'This run card does not verify (edited after its run, or without run_card_hash): it is not sampled nor reviewed. Its diagnostics say which seal fails.',
    ),
  );
  return false;
}

async function exists(uri: vscode.Uri): Promise<boolean> {
  try {
    await vscode.workspace.fs.stat(uri);
    return true;
  } catch {
    return false;
  }
}

function strings(adjudication = false): ReviewStrings {
  const ratings: Record<Rating, string> = {
    reject: vscode.l10n.t('Reject'),
    gist: vscode.l10n.t('Gist'),
    acceptable: vscode.l10n.t('Acceptable'),
    excellent: vscode.l10n.t('Excellent'),
  };
  const hints: Record<Rating, string> = {
    reject: vscode.l10n.t('Unusable: wrong, misleading, or not the language.'),
    gist: vscode.l10n.t('The meaning comes through, the wording is wrong.'),
    acceptable: vscode.l10n.t('Correct, with minor issues.'),
    excellent: vscode.l10n.t('As a human translator would write it.'),
  };
  return {
    title: vscode.l10n.t('Human review'),
    progress: vscode.l10n.t('Item {0} of {1} · {2} rated'),
    source: vscode.l10n.t('Source'),
    reference: vscode.l10n.t('Reference'),
    output: vscode.l10n.t('Model output'),
    difficulty: vscode.l10n.t('difficulty'),
    segment: vscode.l10n.t('segment'),
    entry: vscode.l10n.t('entry'),
    comment: adjudication ? vscode.l10n.t('Reason (an adjudicated rating counts only with one)') : vscode.l10n.t('Comment (optional)'),
    previous: vscode.l10n.t('← Previous'),
    next: vscode.l10n.t('Next →'),
    ratings,
    hints,
    keys: vscode.l10n.t(
      'Keys: 1 reject · 2 gist · 3 acceptable · 4 excellent (then the next item) · ← → previous and next · C comment · Esc leaves the comment.',
    ),
    notFound: vscode.l10n.t('The run card has no output for this entry.'),
    hidden: vscode.l10n.t('This entry is in a secret segment (gold_standard or held_out); its text is not shown.'),
    done: vscode.l10n.t('Every item is rated. The review file is saved.'),
    summary: vscode.l10n.t('Ratings: {0}'),
    typingHint: vscode.l10n.t('Ewe typing: {0}', eweKeysHint()),
  };
}

interface ReviewTarget {
  review: vscode.Uri;
  card: vscode.Uri;
}

/** Asks once whether secret-segment text may be shown, as a run asks before sending it. */
async function secretConsent(count: number): Promise<boolean> {
  const show = vscode.l10n.t('Show them');
  const choice = await vscode.window.showWarningMessage(
    plural(count, vscode.env.language, {
      one: vscode.l10n.t('{0} item is in the gold_standard or held_out segment, whose text is meant to stay with its keepers.', count),
      other: vscode.l10n.t('{0} items are in the gold_standard or held_out segment, whose text is meant to stay with its keepers.', count),
    }),
    { modal: true, detail: vscode.l10n.t('Your answer holds until this review is closed.') },
    show,
  );
  return choice === show;
}

async function askNumber(prompt: string, value: string, min: number, max: number): Promise<number | undefined> {
  const answer = await input({
    prompt,
    value,
    validateInput: (v) =>
      /^\d+$/.test(v.trim()) && Number(v) >= min && Number(v) <= max ? undefined : vscode.l10n.t('A whole number from {0} to {1}.', min, max),
  });
  return answer === undefined ? undefined : Number(answer.trim());
}

/** A card given: its review beside it, drawn now when there is none. A review given: the card it names. */
async function resolveTarget(uri: vscode.Uri): Promise<ReviewTarget | undefined> {
  const value = await readJson(uri);
  const kind = classificationOf(uri, value).kind;
  if ((kind === 'rosetta-review' || isAdjudication(value)) && isObject(value)) {
    // The card it names, else the card it sits beside (a review moved beside its card), as validate reads it.
    const candidates = reviewCardCandidates(uri.path.split('/').pop() ?? '', value.run_card).map((p) => vscode.Uri.joinPath(uri, '..', p));
    for (const card of candidates) if (await exists(card)) return { review: uri, card };
    if (candidates.length > 0) return { review: uri, card: candidates[0] };
  }
  if (kind !== 'rosetta-run-card' || !isObject(value)) {
    void vscode.window.showErrorMessage(vscode.l10n.t('{0} is neither a Rosetta run card nor a review file.', uri.path.split('/').pop() ?? ''));
    return undefined;
  }
  const cardName = uri.path.split('/').pop() ?? 'run.json';
  const name = reviewFileNameFor(cardName);
  const review = vscode.Uri.joinPath(uri, '..', name);
  if (await exists(review)) return { review, card: uri };
  // A team's files (and an adjudication) beside the card: the reviewer picks theirs.
  const team = await teamFilesBeside(uri, cardName);
  if (team.length > 0) {
    const chosen = await pick(team, { placeHolder: vscode.l10n.t('Whose review to open?') });
    return chosen === undefined ? undefined : { review: vscode.Uri.joinPath(uri, '..', chosen), card: uri };
  }
  if (!(await cardVerifies(uri))) return undefined;
  const results = reviewableResults(value);
  if (results.length === 0) {
    void vscode.window.showErrorMessage(vscode.l10n.t('This run card has no output to review.'));
    return undefined;
  }
  const size = await askNumber(
    vscode.l10n.t('How many outputs to review ({0} available), stratified by difficulty tier?', results.length),
    String(Math.min(30, results.length)),
    REVIEW_LIMITS.size.min,
    Math.min(results.length, REVIEW_LIMITS.size.max),
  );
  if (size === undefined) return undefined;
  const seed = await askNumber(
    vscode.l10n.t('Seed of the sample (recorded in the review, so the same sample can be drawn again)'),
    String(Math.floor(Math.random() * 1_000_000)),
    REVIEW_LIMITS.seed.min,
    REVIEW_LIMITS.seed.max,
  );
  if (seed === undefined) return undefined;
  const locale = vscode.env.language.startsWith('fr') ? 'fr' : 'en';
  const reviewersText = await input({
    prompt: vscode.l10n.t('Reviewers, separated by commas (one file each); leave empty to review alone'),
    validateInput: (v) => {
      const names = splitNames(v);
      const problems = names.length === 0 ? [] : assignmentProblems(names, names.length);
      return problems.length === 0 ? undefined : assignmentProblemText(problems[0], locale);
    },
  });
  if (reviewersText === undefined) return undefined;
  const reviewers = splitNames(reviewersText);
  // Secret-segment entries are drawn like any other; whether their text is shown is asked when the review opens.
  const drawn = drawSample(results, { size, seed, random: new PyRandom(seed), allowSecretSegments: true });
  const created = new Date().toISOString().replace(/\.\d{3}Z$/, 'Z');
  if (reviewers.length > 0) {
    const overlap = await askNumber(
      vscode.l10n.t('How many reviewers rate each item (1 to {0})?', reviewers.length),
      String(reviewers.length),
      1,
      reviewers.length,
    );
    if (overlap === undefined) return undefined;
    const files = reviewers.map((r) => vscode.Uri.joinPath(uri, '..', teamReviewFileName(cardName, r)));
    for (const f of files)
      if (await exists(f)) {
        void vscode.window.showErrorMessage(vscode.l10n.t('{0}: a review is already there; its ratings would be lost.', f.path.split('/').pop() ?? ''));
        return undefined;
      }
    const reviews = teamReviews(drawn, { runCardPath: cardName, card: value, created, seed, size }, { reviewers, overlap, hideReference: false });
    for (let i = 0; i < reviews.length; i++)
      await vscode.workspace.fs.writeFile(
        files[i],
        new TextEncoder().encode(JSON.stringify({ $schema: 'https://ewebench.studio/schemas/review.schema.json', ...reviews[i] }, null, 2) + '\n'),
      );
    // Each reviewer opens their own file: the first one now when alone at this machine, else the one picked.
    const chosen = reviewers.length === 1 ? reviewers[0] : await pick(reviewers, { placeHolder: vscode.l10n.t('Whose review to open now?') });
    return chosen === undefined ? undefined : { review: files[reviewers.indexOf(chosen)], card: uri };
  }
  const reviewer = await input({ prompt: vscode.l10n.t('Your name or handle, recorded as the reviewer (optional)') });
  if (reviewer === undefined) return undefined;
  const file = newReview(drawn, {
    runCardPath: cardName,
    card: value,
    reviewer,
    created,
    seed,
    size,
  });
  const text = JSON.stringify({ $schema: 'https://ewebench.studio/schemas/review.schema.json', ...file }, null, 2) + '\n';
  await vscode.workspace.fs.writeFile(review, new TextEncoder().encode(text));
  return { review, card: uri };
}

const splitNames = (text: string) =>
  text
    .split(',')
    .map((n) => n.trim())
    .filter((n) => n !== '');

/** The team's review files beside a card, then its adjudication, by name. */
async function teamFilesBeside(cardUri: vscode.Uri, cardName: string): Promise<string[]> {
  let entries: [string, vscode.FileType][];
  try {
    entries = await vscode.workspace.fs.readDirectory(vscode.Uri.joinPath(cardUri, '..'));
  } catch {
    return [];
  }
  const names = entries.filter(([n, type]) => type === vscode.FileType.File && isTeamReviewFileName(cardName, n)).map(([n]) => n);
  const adjudication = adjudicationFileNameFor(cardName);
  if (entries.some(([n]) => n === adjudication)) names.push(adjudication);
  return names.sort();
}

/** One open review: the panel, the review's text document, and what the reviewer may see. */
class ReviewSession {
  private items: SessionItem[] = [];
  private showSecret = false;
  private writing: Promise<void> = Promise.resolve();
  /** An adjudication file, opened like a review: its comment is the adjudicator's reason. */
  private adjudication = false;
  private dataset = '';
  private model = '';

  constructor(
    readonly target: ReviewTarget,
    readonly panel: vscode.WebviewPanel,
    private readonly scriptUri: vscode.Uri,
  ) {}

  async start(): Promise<boolean> {
    const [review, card] = await Promise.all([readJson(this.target.review), readJson(this.target.card).catch(() => undefined)]);
    if (!isObject(card) || !isObject(review) || card.run_card_hash !== review.run_card_hash) {
      void vscode.window.showErrorMessage(
        vscode.l10n.t('The run card this review names is missing or is another run (its run_card_hash differs): draw a new sample.'),
      );
      return false;
    }
    if (!(await cardVerifies(this.target.card))) return false;
    this.items = sessionItems(review, card);
    const secret = this.items.filter((i) => i.secret).length;
    if (secret > 0) this.showSecret = await secretConsent(secret);
    this.dataset = isObject(card.dataset) && typeof card.dataset.id === 'string' ? card.dataset.id : '';
    // A team reviewer rates outputs, not a model: their file says the model's name is hidden from them (and an
    // adjudicator decides between the team's ratings of outputs, not of a model).
    this.model = typeof card.model_slug === 'string' && !hiddenFromReviewer(review).includes('model') && !isAdjudication(review) ? card.model_slug : '';
    const webview = this.panel.webview;
    webview.html = renderReviewHtml({
      nonce: newNonce(),
      cspSource: webview.cspSource,
      scriptUri: webview.asWebviewUri(this.scriptUri).toString(),
      lang: vscode.env.language,
    });
    this.adjudication = isAdjudication(review);
    webview.onDidReceiveMessage((message: ReviewPageMessage) => this.handle(message));
    return true;
  }

  /** A message of the page (or, in test builds, of the e2e suite through `ewebench.review.send`). */
  handle(message: ReviewPageMessage): void {
    if (message.type === 'ready') {
      void this.panel.webview.postMessage({
        type: 'show',
        items: this.items.map((i) => this.view(i)),
        index: resumeIndex(this.items),
        strings: strings(this.adjudication),
        eweTyping: vscode.workspace.getConfiguration('ewebench').get<boolean>('eweInput.enable', true),
        dataset: this.dataset,
        model: this.model,
      } satisfies ReviewHostMessage);
    } else if (message.type === 'rate' && typeof message.index === 'number' && (RATINGS as readonly string[]).includes(message.rating ?? '')) {
      this.change(message.index, { rating: message.rating as Rating });
    } else if (message.type === 'comment' && typeof message.index === 'number' && typeof message.comment === 'string') {
      this.change(message.index, { comment: message.comment });
    }
  }

  /** Every rating and comment asked so far is written (the e2e suite waits on it). */
  written(): Promise<void> {
    return this.writing;
  }

  private view(item: SessionItem): ReviewPageItem {
    const hidden = item.secret && !this.showSecret;
    return { ...item, hidden, ...(hidden ? { source: '', reference: '', predicted: '' } : {}) };
  }

  /** Writes one item back, in order: each change is one edit of the review's text, saved at once. */
  private change(index: number, change: { rating?: Rating; comment?: string }): void {
    const item = this.items[index];
    if (!item || (item.secret && !this.showSecret)) return;
    this.writing = this.writing
      .then(async () => {
        const document = await vscode.workspace.openTextDocument(this.target.review);
        const doc = new JsonDocument(document.getText());
        const next: JsonObject | undefined = ratedItem(doc.value, index, change, new Date().toISOString().replace(/\.\d{3}Z$/, 'Z'));
        const edit = next && replaceValue(doc, ['items', index], next);
        if (!edit) return;
        const workspaceEdit = new vscode.WorkspaceEdit();
        workspaceEdit.replace(document.uri, new vscode.Range(document.positionAt(edit.start), document.positionAt(edit.end)), edit.text);
        if (!(await vscode.workspace.applyEdit(workspaceEdit))) throw new Error('the edit was refused');
        await document.save();
        if (change.rating !== undefined) item.rating = change.rating;
        if (change.comment !== undefined) item.comment = change.comment;
      })
      .catch((error: unknown) => {
        void vscode.window.showErrorMessage(
          vscode.l10n.t(
            'The rating could not be written to {0}: {1}',
            this.target.review.path.split('/').pop() ?? '',
            error instanceof Error ? error.message : String(error),
          ),
        );
      });
  }
}

export function registerReview(context: vscode.ExtensionContext): void {
  const sessions = new Map<string, ReviewSession>();
  const scriptUri = vscode.Uri.joinPath(context.extensionUri, 'dist', 'reviewView.js');
  context.subscriptions.push(
    vscode.commands.registerCommand('ewebench.reviewRun', async (uri?: vscode.Uri) => {
      const given = uri instanceof vscode.Uri ? uri : vscode.window.activeTextEditor?.document.uri;
      const picked =
        given ?? (await vscode.window.showOpenDialog({ canSelectMany: false, filters: { JSON: ['json'] }, openLabel: vscode.l10n.t('Review this run') }))?.[0];
      if (!picked) return undefined;
      const target = await resolveTarget(picked);
      if (!target) return undefined;
      const key = target.review.toString();
      const open = sessions.get(key);
      if (open) {
        open.panel.reveal();
        return key;
      }
      const panel = vscode.window.createWebviewPanel(
        'ewebench.review',
        vscode.l10n.t('Review: {0}', target.review.path.split('/').pop() ?? ''),
        vscode.ViewColumn.Active,
        {
          enableScripts: true,
          localResourceRoots: [vscode.Uri.joinPath(context.extensionUri, 'dist')],
          retainContextWhenHidden: true,
        },
      );
      const session = new ReviewSession(target, panel, scriptUri);
      sessions.set(key, session);
      panel.onDidDispose(() => sessions.delete(key));
      if (!(await session.start())) panel.dispose();
      return key;
    }),
    // Test builds only (EWEBENCH_PROBES): answers for *Review Run*'s prompts, and the page's own messages sent to
    // the review open on a file (`review` is the key Review Run returns); the answer waits for the writes.
    EWEBENCH_PROBES
      ? vscode.commands.registerCommand('ewebench.review.answer', (answers: (string | undefined)[]) => {
          scriptedAnswers.splice(0, scriptedAnswers.length, ...answers);
        })
      : new vscode.Disposable(() => undefined),
    EWEBENCH_PROBES
      ? vscode.commands.registerCommand('ewebench.review.send', async (review: string, message: ReviewPageMessage) => {
          const session = sessions.get(review);
          if (!session) return false;
          session.handle(message);
          await session.written();
          return true;
        })
      : new vscode.Disposable(() => undefined),
  );
  registerReviewPacket(context);
  registerImportSavedRatings(context);
}
