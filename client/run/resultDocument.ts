import * as vscode from 'vscode';
import { userL10n } from './userL10n';
import { outcomeOf } from './resultsIndex';
import { renderResultDetails } from './resultDetails';
import type { ResultsStore } from './resultsStore';

export const RESULT_SCHEME = 'ewebench-result';

/** `ewebench-result:/translation.json/tr_001.txt?{"file":…,"id":…}`: the title names the item; the query locates it. */
export function resultUri(sourceFile: string, id: string): vscode.Uri {
  const name = `${sourceFile.split('/').pop() ?? sourceFile} · ${id.replace(/[/\\]/g, '_')}.txt`;
  return vscode.Uri.from({ scheme: RESULT_SCHEME, path: `/${name}`, query: JSON.stringify({ file: sourceFile, id }) });
}

/**
 * Read-only plain-text documents with a result's details. Plain text is the point: a response is shown as
 * the model wrote it, never interpreted as markdown or HTML. Open documents follow new results.
 */
export class ResultDocumentProvider implements vscode.TextDocumentContentProvider, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<vscode.Uri>();
  readonly onDidChange = this.changed.event;
  private readonly subscription: vscode.Disposable;

  constructor(private readonly results: ResultsStore) {
    this.subscription = results.onDidChange(() => {
      for (const doc of vscode.workspace.textDocuments) if (doc.uri.scheme === RESULT_SCHEME) this.changed.fire(doc.uri);
    });
  }

  provideTextDocumentContent(uri: vscode.Uri): string {
    let where: { file?: unknown; id?: unknown };
    try {
      where = JSON.parse(uri.query) as { file?: unknown; id?: unknown };
    } catch {
      return '';
    }
    if (typeof where.file !== 'string' || typeof where.id !== 'string') return '';
    const records = this.results.index.records(where.file, where.id);
    const outcome = records.length ? outcomeOf(records) : undefined;
    return renderResultDetails(records, userL10n, outcome?.kind === 'ewebench-test' ? outcome.repeat : undefined);
  }

  dispose(): void {
    this.changed.dispose();
    this.subscription.dispose();
  }
}
