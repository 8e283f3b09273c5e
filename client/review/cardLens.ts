import * as vscode from 'vscode';
import { isObject } from '../../core/json';
import { bindReview } from '../../core/review/binding';
import { DEFAULT_GATE, reviewFileNameFor, reviewGate, summarizeReview, type RatingCounts } from '../../core/review/review';
import { labelled } from '../run/l10n';

/**
 * A CodeLens at the top of a run card: the human review beside it (`<card>.review.json`) as counts per rating,
 * the usable rate and the §7.2 gate, or an offer to review the run. Per tier on hover (the lens tooltip).
 */

const decoder = new TextDecoder();

/** Lines read at each end of a document to tell a card: its seal sits first (sorted keys) or last (the harness's order). */
const EDGE_LINES = 400;

/** A cheap test on the document's two ends before any parse: a card carries its seal, a review its version. */
function looksLikeCard(document: vscode.TextDocument): boolean {
  const n = document.lineCount;
  const head = document.getText(new vscode.Range(0, 0, Math.min(n, EDGE_LINES), 0));
  const tail = n > EDGE_LINES ? document.getText(new vscode.Range(Math.max(EDGE_LINES, n - EDGE_LINES), 0, n, 0)) : '';
  return (head.includes('"run_card_hash"') || tail.includes('"run_card_hash"')) && !head.includes('"review_version"');
}

function counts(c: RatingCounts): string {
  const usable = c.usable_rate === null ? '' : ` · ${vscode.l10n.t('{0}% usable', Math.round(c.usable_rate * 1000) / 10)}`;
  return `${c.rated}/${c.total} · ${vscode.l10n.t('reject')} ${c.reject} · ${vscode.l10n.t('gist')} ${c.gist} · ${vscode.l10n.t('acceptable')} ${c.acceptable} · ${vscode.l10n.t('excellent')} ${c.excellent}${usable}`;
}

export class ReviewLensProvider implements vscode.CodeLensProvider {
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChangeCodeLenses = this.changed.event;

  /** Review files changed on disk: lenses read them again. */
  refresh(): void {
    this.changed.fire();
  }

  async provideCodeLenses(document: vscode.TextDocument): Promise<vscode.CodeLens[]> {
    if (!looksLikeCard(document)) return [];
    const top = new vscode.Range(0, 0, 0, 0);
    const reviewUri = vscode.Uri.joinPath(document.uri, '..', reviewFileNameFor(document.uri.path.split('/').pop() ?? ''));
    const command = (title: string, tooltip?: string): vscode.CodeLens =>
      new vscode.CodeLens(top, { title, command: 'ewebench.reviewRun', arguments: [document.uri], ...(tooltip ? { tooltip } : {}) });
    let review: unknown;
    try {
      review = JSON.parse(decoder.decode(await vscode.workspace.fs.readFile(reviewUri))) as unknown;
    } catch {
      return [command(vscode.l10n.t('$(checklist) Review this run (Rosetta §7.3)'))];
    }
    const text = document.getText();
    let card: unknown;
    try {
      card = JSON.parse(text) as unknown;
    } catch {
      return [];
    }
    if (!isObject(review) || !isObject(card)) return [];
    // One check with the validator's: the card verifies, the review names its seal and is the seeded sample.
    const binding = bindReview(text, review, card);
    if (binding.kind === 'other-run') {
      return [command(vscode.l10n.t('$(warning) The review beside this card rated another run: review it again'))];
    }
    if (binding.kind !== 'bound') {
      return [command(vscode.l10n.t('$(warning) The review beside this card is not a review of it: see Problems'))];
    }
    const summary = summarizeReview(review);
    const gate = reviewGate(card, review, DEFAULT_GATE);
    const verdict = gate.kind === 'passed' ? vscode.l10n.t('§7.2 gate met') : gate.kind === 'not-gated' ? '' : vscode.l10n.t('§7.2 gate not met');
    const perTier = Object.entries(summary.by_tier)
      .map(([tier, c]) => `${vscode.l10n.t('difficulty')} ${tier}: ${counts(c)}`)
      .join('\n');
    return [
      command(`$(checklist) ${labelled(vscode.l10n.t('Human review'), vscode.l10n)} ${counts(summary.overall)}${verdict ? ` · ${verdict}` : ''}`, perTier),
    ];
  }
}

export function registerReviewLens(context: vscode.ExtensionContext): ReviewLensProvider {
  const provider = new ReviewLensProvider();
  const watcher = vscode.workspace.createFileSystemWatcher('**/*.review.json');
  context.subscriptions.push(
    vscode.languages.registerCodeLensProvider([{ language: 'json' }, { pattern: '**/*.json' }], provider),
    watcher,
    watcher.onDidChange(() => provider.refresh()),
    watcher.onDidCreate(() => provider.refresh()),
    watcher.onDidDelete(() => provider.refresh()),
  );
  return provider;
}
