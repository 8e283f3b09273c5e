import * as vscode from 'vscode';
import { userL10n } from './userL10n';
import type { DocumentModels } from './documentItems';
import { buildLenses, type FileSummaryView } from './lensModel';
import { modelLabel } from './modelChoice';
import { configuredModels, currentModel } from './models';
import { toLocale } from '../../core/i18n/locale';
import { corpusFileSummary, testsFileSummary } from './resultsIndex';
import { sourceFileOf, type ResultsStore } from './resultsStore';
import type { RunService } from './runService';
import { suiteItemFiles } from './suiteItemFiles';

/** Lenses are rebuilt at most this often while results stream in. */
const REFRESH_MS = 120;

/**
 * CodeLens above each test and corpus entry (run, run ×5, translate, the newest result) and at the top of the
 * file (run all, the category score). Titles come from the pure `buildLenses`; this maps offsets to ranges.
 */
export class RunCodeLensProvider implements vscode.CodeLensProvider, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChangeCodeLenses = this.changed.event;
  private timer?: NodeJS.Timeout;
  private readonly subscriptions: vscode.Disposable[];

  constructor(
    private readonly items: DocumentModels,
    private readonly results: ResultsStore,
    private readonly runs: RunService,
  ) {
    this.subscriptions = [
      this.changed,
      results.onDidChange(() => this.refresh()),
      runs.onDidChangeRunning(() => this.refresh()),
      vscode.workspace.onDidChangeConfiguration((e) => e.affectsConfiguration('ewebench') && this.refresh()),
      // A suite named (or stopped naming) an item file: its lenses come or go.
      suiteItemFiles.onDidChange(() => this.refresh()),
    ];
  }

  /** Throttled: many records arriving together repaint once. */
  refresh(): void {
    if (this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.changed.fire();
    }, REFRESH_MS);
  }

  async provideCodeLenses(document: vscode.TextDocument): Promise<vscode.CodeLens[]> {
    const parsed = this.items.get(document);
    if (!parsed || parsed.items.length === 0) return [];
    await this.results.ready();
    const sourceFile = sourceFileOf(document.uri);
    const outcomes = this.results.index.outcomes(sourceFile);
    const runs = this.results.index.currentRuns(sourceFile, parsed.items);
    const summary: FileSummaryView | undefined =
      parsed.kind === 'ewebench-tests'
        ? testsFileSummary(parsed.category, parsed.items, runs)
        : parsed.kind === 'rosetta-corpus'
          ? corpusFileSummary(runs, toLocale(vscode.env.language))
          : undefined;
    const model = currentModel();
    const running = this.runs.running(document.uri);
    const specs = buildLenses(
      {
        uri: document.uri.toString(),
        items: parsed.items,
        outcomes,
        summary,
        running,
        fileRunning: running !== undefined,
        modelLabel: model ? modelLabel(model) : undefined,
        hashOf: parsed.hashOf,
        modelCount: configuredModels().length,
        modelOutcomes: this.results.index.outcomesByModel(sourceFile),
      },
      userL10n,
    );
    return specs.map((s) => {
      const at = document.positionAt(s.offset);
      return new vscode.CodeLens(new vscode.Range(at, at), {
        title: s.title,
        command: s.command,
        arguments: s.args,
        ...(s.tooltip ? { tooltip: s.tooltip } : {}),
      });
    });
  }

  dispose(): void {
    if (this.timer) clearTimeout(this.timer);
    for (const s of this.subscriptions) s.dispose();
  }
}
