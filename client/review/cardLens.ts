import * as vscode from 'vscode';
import { isObject } from '../../core/json';
import { bindReview } from '../../core/review/binding';
import { DEFAULT_GATE, reviewFileNameFor, reviewGate, summarizeReview, type RatingCounts } from '../../core/review/review';
import type { ReviewInput } from '../../core/review/agreement';
import { adjudicationFileNameFor, isTeamReviewFileName, MAX_TEAM_FILES } from '../../core/review/teamFiles';
import type { CardReviewVerdict } from '../../core/review/team';
import { setting } from '../config';
import { lazyModules } from '../lazyModules';
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
    const cardName = document.uri.path.split('/').pop() ?? '';
    const reviewUri = vscode.Uri.joinPath(document.uri, '..', reviewFileNameFor(cardName));
    const command = (title: string, tooltip?: string): vscode.CodeLens =>
      new vscode.CodeLens(top, { title, command: 'ewebench.reviewRun', arguments: [document.uri], ...(tooltip ? { tooltip } : {}) });
    const [review, team, adjudication] = await Promise.all([
      readJson(reviewUri),
      teamFiles(document.uri, cardName),
      readJson(vscode.Uri.joinPath(document.uri, '..', adjudicationFileNameFor(cardName))),
    ]);
    if (review === undefined && team.length === 0) return [command(vscode.l10n.t('$(checklist) Review this run (Rosetta §7.3)'))];
    const text = document.getText();
    let card: unknown;
    try {
      card = JSON.parse(text) as unknown;
    } catch {
      return [];
    }
    if (!isObject(card)) return [];
    if (team.length > 0) {
      // The team gate (alpha's bootstrap) is loaded with the boards' bundle, on the first card that has a team.
      const lazy = await lazyModules().boards();
      const threshold = {
        ...lazy.DEFAULT_TEAM_GATE,
        minReviewers: Number(setting('review.minReviewers', document.uri)),
        minAlphaLower: Number(setting('review.minAlpha', document.uri)),
      };
      const verdict = lazy.cardReviewGate(text, card, { single: review, team, adjudication }, threshold);
      if (verdict.kind === 'team') return [teamLens(verdict, command, lazy)];
      if (review === undefined) return [command(vscode.l10n.t('$(warning) The team review files beside this card are not reviews of it: see Problems'))];
    }
    if (!isObject(review)) return [];
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
    // A single review meets the gate only when one reviewer per item is enough (ewebench.review.minReviewers).
    const short = gate.kind !== 'not-gated' && Number(setting('review.minReviewers', document.uri)) > 1;
    const verdict = gate.kind === 'not-gated' ? '' : gate.kind === 'passed' && !short ? vscode.l10n.t('§7.2 gate met') : vscode.l10n.t('§7.2 gate not met');
    const perTier = Object.entries(summary.by_tier)
      .map(([tier, c]) => `${vscode.l10n.t('difficulty')} ${tier}: ${counts(c)}`)
      .join('\n');
    return [
      command(
        `$(checklist) ${labelled(`${vscode.l10n.t('Human review')} (${vscode.l10n.t('a single review')})`, vscode.l10n)} ${counts(summary.overall)}${verdict ? ` · ${verdict}` : ''}`,
        perTier,
      ),
    ];
  }
}

async function readJson(uri: vscode.Uri): Promise<unknown> {
  try {
    const text = decoder.decode(await vscode.workspace.fs.readFile(uri));
    return JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text) as unknown;
  } catch {
    return undefined;
  }
}

/** The team review files beside a card (`<card>.review.<reviewer>.json`), parsed. */
async function teamFiles(cardUri: vscode.Uri, cardName: string): Promise<ReviewInput[]> {
  let entries: [string, vscode.FileType][];
  try {
    entries = await vscode.workspace.fs.readDirectory(vscode.Uri.joinPath(cardUri, '..'));
  } catch {
    return [];
  }
  const names = entries
    .filter(([name, type]) => type === vscode.FileType.File && isTeamReviewFileName(cardName, name))
    .map(([name]) => name)
    .sort()
    .slice(0, MAX_TEAM_FILES);
  const read = await Promise.all(names.map(async (file) => ({ file, review: await readJson(vscode.Uri.joinPath(cardUri, '..', file)) })));
  return read.filter((r) => r.review !== undefined);
}

const figure = (v: number) => (Number.isNaN(v) ? '—' : v.toFixed(3));

/** A team's lens: its reviewers, ordinal alpha with its interval, the team ratings' counts and the gate with why. */
function teamLens(
  verdict: Extract<CardReviewVerdict, { kind: 'team' }>,
  command: (title: string, tooltip?: string) => vscode.CodeLens,
  lazy: Pick<Awaited<ReturnType<ReturnType<typeof lazyModules>['boards']>>, 'cardReviewPassed' | 'teamGateReasons'>,
): vscode.CodeLens {
  const names = verdict.reading.counted.map((i) => String((i.review as { reviewer: unknown }).reviewer));
  const alpha = verdict.report.overall.alpha.find((a) => a.level === 'ordinal');
  const combined = verdict.gate.kind === 'not-gated' ? undefined : verdict.gate.combined;
  const gate = verdict.gate.kind === 'not-gated' ? '' : lazy.cardReviewPassed(verdict) ? vscode.l10n.t('§7.2 gate met') : vscode.l10n.t('§7.2 gate not met');
  const why = verdict.gate.kind === 'failed' ? lazy.teamGateReasons(verdict.gate.failures, vscode.env.language.startsWith('fr') ? 'fr' : 'en').join('\n') : '';
  const decided =
    verdict.gate.kind === 'not-gated' ? '' : vscode.l10n.t('{0} adjudicated, {1} by the median', verdict.gate.decided.adjudicated, verdict.gate.decided.median);
  const title = [
    `$(organization) ${vscode.l10n.t('Team review')}: ${names.join(', ')}`,
    alpha ? `α ${figure(alpha.alpha)} [${figure(alpha.lower)}, ${figure(alpha.upper)}]` : '',
    combined ? counts(combined.overall) : '',
    gate,
  ]
    .filter((p) => p !== '')
    .join(' · ');
  return command(title, [decided, why].filter((p) => p !== '').join('\n'));
}

export function registerReviewLens(context: vscode.ExtensionContext): ReviewLensProvider {
  const provider = new ReviewLensProvider();
  // The single review, a team's files and the adjudication beside a card.
  const watcher = vscode.workspace.createFileSystemWatcher('**/*.{review.json,review.*.json,adjudication.json}');
  context.subscriptions.push(
    vscode.languages.registerCodeLensProvider([{ language: 'json' }, { pattern: '**/*.json' }], provider),
    watcher,
    watcher.onDidChange(() => provider.refresh()),
    watcher.onDidCreate(() => provider.refresh()),
    watcher.onDidDelete(() => provider.refresh()),
  );
  return provider;
}
