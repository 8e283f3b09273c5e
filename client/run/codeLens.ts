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
 * A file with more items than this gets the lenses of the lines its editors show (and `LENS_MARGIN_LINES` either
 * side) and its file-level lenses, asked again as the view scrolls: VS Code takes every lens a provider returns
 * across the process boundary on each request, and 20,000 of them kept the extension host busy while typing.
 */
export const LENS_WINDOW_ITEMS = 1000;
export const LENS_MARGIN_LINES = 300;

/**
 * CodeLens above each test and corpus entry (run, run ×5, translate, the newest result) and at the top of the
 * file (run all, the category score). Titles come from the pure `buildLenses`; this maps offsets to ranges.
 */
export class RunCodeLensProvider implements vscode.CodeLensProvider, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChangeCodeLenses = this.changed.event;
  private timer?: NodeJS.Timeout;
  private readonly subscriptions: vscode.Disposable[];
  /** The lines whose lenses each big file was last given (its lenses cover these lines only). */
  private readonly windows = new Map<string, { from: number; to: number }>();

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
      vscode.workspace.onDidCloseTextDocument((d) => this.windows.delete(d.uri.toString())),
      // A big file's lenses follow the view: scrolling past the lines they cover asks for the new ones.
      vscode.window.onDidChangeTextEditorVisibleRanges((e) => {
        const lines = this.windows.get(e.textEditor.document.uri.toString());
        if (lines && e.visibleRanges.some((r) => r.start.line < lines.from || r.end.line > lines.to)) this.refresh();
      }),
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
    const window = this.lensWindow(document, parsed.items.length);
    const shown = window ? specs.filter((s) => s.offset === 0 || (s.offset >= window.start && s.offset <= window.end)) : specs;
    return shown.map((s) => {
      const at = document.positionAt(s.offset);
      return new vscode.CodeLens(new vscode.Range(at, at), {
        title: s.title,
        command: s.command,
        arguments: s.args,
        ...(s.tooltip ? { tooltip: s.tooltip } : {}),
      });
    });
  }

  /**
   * For a file of more than `LENS_WINDOW_ITEMS` items shown in an editor: the offsets of the lines its editors
   * show, `LENS_MARGIN_LINES` either side (remembered, so scrolling past them asks again). Undefined: every lens.
   */
  private lensWindow(document: vscode.TextDocument, itemCount: number): { start: number; end: number } | undefined {
    const key = document.uri.toString();
    const ranges = vscode.window.visibleTextEditors.filter((e) => e.document === document).flatMap((e) => e.visibleRanges);
    if (itemCount <= LENS_WINDOW_ITEMS || ranges.length === 0) {
      this.windows.delete(key);
      return undefined;
    }
    const from = Math.max(0, Math.min(...ranges.map((r) => r.start.line)) - LENS_MARGIN_LINES);
    const to = Math.min(document.lineCount - 1, Math.max(...ranges.map((r) => r.end.line)) + LENS_MARGIN_LINES);
    this.windows.set(key, { from, to });
    return { start: document.offsetAt(new vscode.Position(from, 0)), end: document.offsetAt(document.lineAt(to).range.end) };
  }

  dispose(): void {
    if (this.timer) clearTimeout(this.timer);
    for (const s of this.subscriptions) s.dispose();
  }
}
