import * as vscode from 'vscode';
import { plural } from '../../core/i18n/plural';
import { toLocale } from '../../core/i18n/locale';
import { isObject } from '../../core/json';
import { bindReview, reviewCardCandidates } from '../../core/review/binding';
import { lazyModules } from '../lazyModules';

/**
 * *ÈwéBench: Make Review Packet*: the `review packet` of the CLI from the editor. The review file's items become
 * one HTML file a speaker opens in any browser, with no VS Code and no network (core/review/packet.ts); the page
 * script is the extension's own dist/reviewPacket.js, read through VS Code's file system (the web build too).
 */

const decoder = new TextDecoder();
const fileName = (uri: vscode.Uri) => uri.path.split('/').pop() ?? '';

async function readText(uri: vscode.Uri): Promise<string | undefined> {
  const open = vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString());
  if (open) return open.getText();
  try {
    return decoder.decode(await vscode.workspace.fs.readFile(uri));
  } catch {
    return undefined;
  }
}

/** `target`: where to write (a test passes it); otherwise a save dialog asks. Returns the file written. */
export async function makeReviewPacket(extensionUri: vscode.Uri, given?: vscode.Uri, target?: vscode.Uri): Promise<vscode.Uri | undefined> {
  const reviewUri =
    given ??
    vscode.window.activeTextEditor?.document.uri ??
    (await vscode.window.showOpenDialog({ canSelectMany: false, filters: { JSON: ['json'] }, openLabel: vscode.l10n.t('Make a packet of this review') }))?.[0];
  if (!reviewUri) return undefined;
  const locale = toLocale(vscode.env.language);
  const text = await readText(reviewUri);
  let review: unknown;
  try {
    review = text === undefined ? undefined : (JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text) as unknown);
  } catch {
    review = undefined;
  }
  if (!isObject(review) || !Array.isArray(review.items)) {
    void vscode.window.showErrorMessage(vscode.l10n.t('{0} is not a review file: no packet made.', fileName(reviewUri)));
    return undefined;
  }
  let card: { uri: vscode.Uri; text: string } | undefined;
  for (const relative of reviewCardCandidates(fileName(reviewUri), review.run_card)) {
    const uri = vscode.Uri.joinPath(reviewUri, '..', relative);
    const cardText = await readText(uri);
    if (cardText !== undefined) {
      card = { uri, text: cardText };
      break;
    }
  }
  if (!card) {
    void vscode.window.showErrorMessage(
      vscode.l10n.t('The run card of {0} cannot be read: a packet needs the texts of its items. No packet made.', fileName(reviewUri)),
    );
    return undefined;
  }
  const bound = bindReview(card.text, review);
  if (bound.kind !== 'bound') {
    void vscode.window.showErrorMessage(
      vscode.l10n.t('{0} is not a review of the run card {1} (its diagnostics say why): no packet made.', fileName(reviewUri), fileName(card.uri)),
    );
    return undefined;
  }
  // Secret segments' texts leave the editor only with consent, as when they are sent to a model.
  // The packet's code (HTML, CSP hashes) loads with the first packet, not at activation (dist/lazyBoards.js).
  const { packetData, packetHtml, secretLeftOut } = await lazyModules().boards();
  const without = packetData(review, bound.card, { locale, allowSecretSegments: false });
  if (!without) return undefined;
  let data = without;
  const secret = secretLeftOut(without);
  if (secret > 0) {
    const include = vscode.l10n.t('Include their texts');
    const leave = vscode.l10n.t('Leave them out');
    const answer = await vscode.window.showWarningMessage(
      plural(secret, vscode.env.language, {
        one: vscode.l10n.t('{0} item of this review is in a secret segment (gold_standard, held_out). Put its text in a file that leaves the editor?', secret),
        other: vscode.l10n.t(
          '{0} items of this review are in secret segments (gold_standard, held_out). Put their texts in a file that leaves the editor?',
          secret,
        ),
      }),
      { modal: true },
      include,
      leave,
    );
    if (answer === undefined) return undefined;
    if (answer === include) data = packetData(review, bound.card, { locale, allowSecretSegments: true }) ?? without;
  }
  const script = decoder.decode(await vscode.workspace.fs.readFile(vscode.Uri.joinPath(extensionUri, 'dist', 'reviewPacket.js')));
  const out =
    target ??
    (await vscode.window.showSaveDialog({
      defaultUri: vscode.Uri.joinPath(reviewUri, '..', fileName(reviewUri).replace(/\.json$/i, '') + '.packet.html'),
      filters: { HTML: ['html'] },
    }));
  if (!out) return undefined;
  if (out.toString() === reviewUri.toString() || out.toString() === card.uri.toString()) {
    void vscode.window.showErrorMessage(vscode.l10n.t('Refused to write {0}: it is an input of the packet; name another file.', fileName(out)));
    return undefined;
  }
  await vscode.workspace.fs.writeFile(out, new TextEncoder().encode(packetHtml(data, script)));
  void vscode.window.showInformationMessage(
    vscode.l10n.t(
      'Review packet written: {0} ({1}). The reviewer opens it in any browser and sends back the file Save ratings gives; ewebench-studio review import merges it.',
      fileName(out),
      plural(data.items.length, vscode.env.language, {
        one: vscode.l10n.t('{0} item', data.items.length),
        other: vscode.l10n.t('{0} items', data.items.length),
      }),
    ),
  );
  return out;
}

export function registerReviewPacket(context: vscode.ExtensionContext): void {
  context.subscriptions.push(
    vscode.commands.registerCommand('ewebench.reviewPacket', (uri?: vscode.Uri, target?: vscode.Uri) =>
      makeReviewPacket(context.extensionUri, uri instanceof vscode.Uri ? uri : undefined, target instanceof vscode.Uri ? target : undefined),
    ),
  );
}
