import * as fs from 'node:fs';
import * as vscode from 'vscode';
import type { MatrixRow } from '../../core/bench/matrix';
import type { BenchCell, BenchmarkModel } from '../../core/bench/plan';
import { toLocale } from '../../core/i18n/locale';
import { plural } from '../../core/i18n/plural';
import { money } from '../../core/leaderboard/format';
import type { ModelConfig } from '../../core/run/types';
import { BoardPanel, shownTables } from '../boards/boardPanel';
import type { MatrixMode, MatrixStrings } from '../boards/matrixModel';
import { lazyModules } from '../lazyModules';
import type { RunLogger } from '../../runner/log';
import { ModelUnavailable, type ModelService, type ReadyModel } from './models';
import { readRunSettings } from './runService';

/**
 * *ÈwéBench: Run Benchmark* and *ÈwéBench: Show Benchmark Matrix* (desktop: the cells run through the Node
 * runner): the benchmark file planned and its finished cells found by `runner/bench.ts` (the CLI's `bench` calls
 * the same functions), the estimate confirmed in a modal before anything is sent, the cells run one after another
 * with progress and Cancel, and the matrix view (a board view) showing quality, cost, speed and the Pareto front.
 */

export interface BenchmarkDeps {
  models: ModelService;
  logger: RunLogger;
  cacheDir: string;
}

function strings(): MatrixStrings {
  return {
    all: vscode.l10n.t('All'),
    hint: vscode.l10n.t('One row per cell of the matrix. ↑ ↓ move between rows, Enter opens the cell’s card or results file.'),
    refresh: vscode.l10n.t('Refresh'),
    exportSvg: vscode.l10n.t('Export SVG…'),
  };
}

function benchmarkUri(arg: unknown): vscode.Uri | undefined {
  if (arg instanceof vscode.Uri) return arg;
  return vscode.window.activeTextEditor?.document.uri;
}

/** A benchmark's model as the model service takes it (the same fields the CLI turns into flags). */
export function modelConfigOf(m: BenchmarkModel): ModelConfig {
  return {
    provider: (m.preset ?? 'custom') as ModelConfig['provider'],
    model: m.model,
    ...(m.base_url ? { baseUrl: m.base_url } : {}),
    ...(m.api_key_env ? { apiKeyEnv: m.api_key_env } : {}),
  };
}

const display = (full: string) => vscode.workspace.asRelativePath(full, false);

/** The benchmark read, checked and planned; undefined (the user told why) when it cannot be. */
async function load(uri: vscode.Uri) {
  const lazy = await import('./lazyNodeRunner.js');
  const text = new TextDecoder().decode(await vscode.workspace.fs.readFile(uri));
  // The language server validates the file against benchmark.schema.json: its errors stop the run (the plan
  // below also refuses what it cannot use, the file open or not).
  let value: unknown;
  try {
    value = lazy.parseJsonText(text);
  } catch {
    value = undefined;
  }
  const errors = vscode.languages.getDiagnostics(uri).filter((d) => d.severity === vscode.DiagnosticSeverity.Error);
  if (typeof value !== 'object' || value === null || !('benchmark_version' in value)) {
    void vscode.window.showErrorMessage(vscode.l10n.t('{0} is not a benchmark file (it needs benchmark_version and axes).', display(uri.fsPath)));
    return undefined;
  }
  if (errors.length) {
    void vscode.window.showErrorMessage(vscode.l10n.t('{0} has errors: see the Problems view.', display(uri.fsPath)));
    return undefined;
  }
  // A matrix too large to plan is said in the user's language, also when the file is not open (no diagnostics).
  const tooLarge = lazy.benchSizeProblem(value, toLocale(vscode.env.language));
  if (tooLarge) {
    void vscode.window.showErrorMessage(vscode.l10n.t('The benchmark cannot be planned: {0}', tooLarge));
    return undefined;
  }
  try {
    return { lazy, loaded: lazy.loadBenchmark(uri.fsPath, text, (full) => fs.readFileSync(full, 'utf8'), display) };
  } catch (error) {
    void vscode.window.showErrorMessage(vscode.l10n.t('The benchmark cannot be planned: {0}', error instanceof Error ? error.message : String(error)));
    return undefined;
  }
}

async function showMatrix(context: vscode.ExtensionContext, uri: vscode.Uri, name: string, rows: MatrixRow[], mode: MatrixMode) {
  const boards = await lazyModules().boards();
  let shown = rows;
  let shownMode = mode;
  const files = new Map(rows.flatMap((r) => (r.figures ? [[r.figures.file, r.figures.file] as const] : [])));
  const view = await BoardPanel.show(context, 'ewebench.benchmarkMatrix', vscode.l10n.t('Benchmark matrix'), {
    page: () => Promise.resolve(boards.matrixPage(name, shown, shownMode, vscode.l10n, strings())),
    open: async (path) => {
      const folder = vscode.workspace.getWorkspaceFolder(uri)?.uri;
      if (files.has(path) && folder)
        await vscode.window.showTextDocument(vscode.Uri.joinPath(folder, path), { viewColumn: vscode.ViewColumn.Beside, preview: true });
    },
    refresh: async () => {
      const again = await load(uri);
      if (!again) return;
      shown = again.lazy.finishedMatrix(again.loaded, display);
      shownMode = 'opened';
      for (const r of shown) if (r.figures) files.set(r.figures.file, r.figures.file);
    },
  });
  return shownTables(view.lastPage);
}

function estimateSentence(e: {
  cells: number;
  requests: number;
  promptTokens: number;
  completionTokens: number;
  costUsd: number | null;
  unpriced: string[];
}): string {
  const cost = e.costUsd === null ? vscode.l10n.t('unknown') : money(e.costUsd, toLocale(vscode.env.language));
  const language = vscode.env.language;
  const prompt = plural(e.promptTokens, language, {
    one: vscode.l10n.t('{0} prompt token', e.promptTokens),
    other: vscode.l10n.t('{0} prompt tokens', e.promptTokens),
  });
  const completion = plural(e.completionTokens, language, {
    one: vscode.l10n.t('{0} completion token', e.completionTokens),
    other: vscode.l10n.t('{0} completion tokens', e.completionTokens),
  });
  const base = plural(e.requests, language, {
    one: vscode.l10n.t('{0} request, about {1} and {2} (4 characters a token), estimated cost {3}.', e.requests, prompt, completion, cost),
    other: vscode.l10n.t('{0} requests, about {1} and {2} (4 characters a token), estimated cost {3}.', e.requests, prompt, completion, cost),
  });
  return e.unpriced.length ? `${base} ${vscode.l10n.t('Models without a declared price are not in the cost: {0}.', e.unpriced.join(', '))}` : base;
}

/** Runs the benchmark file's pending cells after the user confirms the estimate, then shows the matrix. */
export async function runBenchmark(context: vscode.ExtensionContext, deps: BenchmarkDeps, arg: unknown): Promise<ReturnType<typeof shownTables>> {
  const uri = benchmarkUri(arg);
  if (!uri) {
    void vscode.window.showInformationMessage(vscode.l10n.t('Open a benchmark file first.'));
    return [];
  }
  if (!vscode.workspace.isTrusted) {
    void vscode.window.showWarningMessage(vscode.l10n.t('Restricted mode: nothing is sent to any model until you trust this workspace.'));
    return [];
  }
  const got = await load(uri);
  if (!got) return [];
  const { lazy, loaded } = got;
  const name = loaded.bench.name || display(uri.fsPath);
  const { outcomes, toRun } = lazy.splitCells(loaded, display);
  if (!toRun.length) {
    void vscode.window.showInformationMessage(vscode.l10n.t('Every cell of {0} already has a verified, complete output: nothing to run.', name));
    return showMatrix(context, uri, name, lazy.finishedMatrix(loaded, display), 'ran');
  }
  const settings = readRunSettings();
  if (typeof settings === 'string') {
    void vscode.window.showErrorMessage(settings);
    return [];
  }
  // Every model made ready (key, origin, plain http, consent) before the estimate is shown and anything sent.
  const ready = new Map<string, ReadyModel>();
  for (const cell of toRun) {
    const key = JSON.stringify(cell.model);
    if (ready.has(key)) continue;
    try {
      ready.set(key, await deps.models.ready({ timeoutMs: settings.timeoutSeconds * 1000 }, modelConfigOf(cell.model)));
    } catch (error) {
      if (!(error instanceof ModelUnavailable)) throw error;
      void vscode.window.showErrorMessage(vscode.l10n.t('{0}: {1}', cell.model.model, error.message));
      return [];
    }
  }
  const start = plural(toRun.length, vscode.env.language, {
    one: vscode.l10n.t('Run {0} cell', toRun.length),
    other: vscode.l10n.t('Run {0} cells', toRun.length),
  });
  const answer = await vscode.window.showWarningMessage(
    plural(loaded.plan.cells.length, vscode.env.language, {
      one: vscode.l10n.t('Run the only cell of {0}?', name),
      other: vscode.l10n.t('Run {0} of the {1} cells of {2}?', toRun.length, loaded.plan.cells.length, name),
    }),
    { modal: true, detail: estimateSentence(lazy.estimateOf(loaded.plan, toRun)) },
    start,
  );
  if (answer !== start) return [];
  const rows = await vscode.window.withProgress(
    { location: vscode.ProgressLocation.Notification, title: vscode.l10n.t('Benchmark {0}', name), cancellable: true },
    async (progress, token) => {
      const abort = new AbortController();
      token.onCancellationRequested(() => abort.abort());
      let current = '';
      return lazy.runCells(
        loaded,
        toRun,
        outcomes,
        {
          providerFor: (cell: BenchCell) => {
            const model = ready.get(JSON.stringify(cell.model)) as ReadyModel;
            return { provider: model.provider, model: model.resolved };
          },
          cacheDir: deps.cacheDir,
          allowSecretSegments: false,
          toolVersion: String(context.extension.packageJSON.version ?? ''),
          logger: deps.logger,
          signal: abort.signal,
          onCell: (k, total, cell) => {
            current = vscode.l10n.t('cell {0} of {1}: {2}', k + 1, total, cell.id);
            progress.report({ message: current, increment: k === 0 ? 0 : 100 / total });
          },
          onProgress: (done, total) => progress.report({ message: `${current} · ${done}/${total}` }),
          onError: (cell, message) => deps.logger.error(`benchmark cell ${cell.id}: ${message}`),
        },
        display,
      );
    },
  );
  const failed = rows.filter((r) => r.outcome === 'failed').length;
  if (failed) void vscode.window.showWarningMessage(vscode.l10n.t('Failed cells in {1}: {0}; see the matrix and the ÈwéBench Runs output.', failed, name));
  return showMatrix(context, uri, name, rows, 'ran');
}

/** The matrix of a benchmark file from the cards its cells already wrote; nothing is sent. */
export async function showBenchmarkMatrix(context: vscode.ExtensionContext, arg: unknown): Promise<ReturnType<typeof shownTables>> {
  const uri = benchmarkUri(arg);
  if (!uri) {
    void vscode.window.showInformationMessage(vscode.l10n.t('Open a benchmark file first.'));
    return [];
  }
  const got = await load(uri);
  if (!got) return [];
  return showMatrix(context, uri, got.loaded.bench.name || display(uri.fsPath), got.lazy.finishedMatrix(got.loaded, display), 'opened');
}

export function registerBenchmarkCommands(context: vscode.ExtensionContext, deps: BenchmarkDeps): void {
  context.subscriptions.push(
    vscode.commands.registerCommand('ewebench.runBenchmark', (uri?: unknown) => runBenchmark(context, deps, uri)),
    vscode.commands.registerCommand('ewebench.showBenchmarkMatrix', (uri?: unknown) => showBenchmarkMatrix(context, uri)),
  );
  // The menus show the two commands where they are registered: the desktop build (the cells run through Node).
  void vscode.commands.executeCommand('setContext', 'ewebench.benchmarkCommands', true);
}
