import * as vscode from 'vscode';
import type { BaseLanguageClient as LanguageClient } from 'vscode-languageclient';
import { FileInfoRequest, type FileInfo } from '../protocol/ewebench';
import { isJsonDocument } from './jsonDocument';
import { plural } from '../core/i18n/plural';
import { eweKeysHint } from '../core/typing/eweInput';

function kindLabel(info: FileInfo): string {
  switch (info.kind) {
    case 'ewebench-tests':
      return vscode.l10n.t('ÈwéBench tests');
    case 'rosetta-corpus':
      return info.shape && info.shape !== 'envelope' ? vscode.l10n.t('Rosetta corpus ({0})', info.shape) : vscode.l10n.t('Rosetta corpus');
    case 'rosetta-run-card':
      return vscode.l10n.t('Rosetta run card');
    case 'rosetta-review':
      return vscode.l10n.t('Rosetta human review');
    case 'benchmark-matrix':
      return vscode.l10n.t('Benchmark matrix');
    case 'task-suite':
      return vscode.l10n.t('Task suite');
    case 'ewebench-results':
      return vscode.l10n.t('ÈwéBench results');
    case 'unknown':
      return '';
    default: {
      // Every file kind the server can send has its label: a new kind fails to compile here.
      const unhandled: never = info.kind;
      return unhandled;
    }
  }
}

/** Status bar item naming the kind of the active JSON file, as the server classified it. */
export class FileKindStatus implements vscode.Disposable {
  private readonly item = vscode.window.createStatusBarItem('ewebench.fileKind', vscode.StatusBarAlignment.Right, 100);
  private readonly subscriptions: vscode.Disposable[] = [];
  private pending?: NodeJS.Timeout;

  constructor(private readonly client: () => LanguageClient | undefined) {
    this.item.name = vscode.l10n.t('ÈwéBench file kind');
    this.item.command = 'workbench.action.problems.focus';
    this.subscriptions.push(
      vscode.window.onDidChangeActiveTextEditor(() => this.refresh()),
      vscode.languages.onDidChangeDiagnostics((event) => {
        const active = vscode.window.activeTextEditor?.document.uri.toString();
        if (active && event.uris.some((u) => u.toString() === active)) this.refresh();
      }),
    );
  }

  refresh(): void {
    if (this.pending) clearTimeout(this.pending);
    this.pending = setTimeout(() => void this.update(), 50);
  }

  private async update(): Promise<void> {
    const editor = vscode.window.activeTextEditor;
    const client = this.client();
    if (!editor || !client || !client.isRunning() || !isJsonDocument(editor.document)) {
      if (editor) void vscode.commands.executeCommand('setContext', 'ewebench.activeFileKind', '');
      this.item.hide();
      return;
    }
    const info = await client.sendRequest(FileInfoRequest, { uri: editor.document.uri.toString() }).catch(() => null);
    // Menus read the kind: the corpus table's button shows on corpora only.
    void vscode.commands.executeCommand('setContext', 'ewebench.activeFileKind', info?.kind ?? '');
    const label = info ? kindLabel(info) : '';
    if (!info || !label) {
      this.item.hide();
      return;
    }
    this.item.text = `$(beaker) ${label}`;
    const findings = plural(info.problems, vscode.env.language, {
      one: vscode.l10n.t('{0} finding from ÈwéBench Studio. Click to open the Problems panel.', info.problems),
      other: vscode.l10n.t('{0} findings from ÈwéBench Studio. Click to open the Problems panel.', info.problems),
    });
    // The Ewe typing keys, where a linguist looks for what the extension does in this file.
    const typing = vscode.workspace.getConfiguration('ewebench').get<boolean>('eweInput.enable', true);
    this.item.tooltip = typing ? `${findings}\n${vscode.l10n.t('Ewe typing: {0}', eweKeysHint())}` : findings;
    this.item.show();
  }

  dispose(): void {
    if (this.pending) clearTimeout(this.pending);
    this.item.dispose();
    for (const s of this.subscriptions) s.dispose();
  }
}
