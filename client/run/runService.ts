import * as vscode from 'vscode';
import { runText } from './l10n';
import { errorText } from '../../core/i18n/runMessages';
import { userL10n } from './userL10n';
import { corpusRunInfo, isSecretEntry } from '../../core/run/corpus';
import { RUN_LIMITS, withinLimit } from '../../core/spec/limits';
import type { ModelConfig, RunRecord } from '../../core/run/types';
import { recordItemId } from '../../core/run/items';
import type { RunResult } from '../../runner/execute';
import type { RunLogger } from '../../runner/log';
import { itemsOfText, type DocumentModels } from './documentItems';
import { configuredModels, ModelUnavailable, type ModelService } from './models';
import type { RunPlatform } from './platform';
import { resultsFolderOf, sourceFileOf, type ResultsStore } from './resultsStore';
import { plural } from '../../core/i18n/plural';
import { setting } from '../config';

export interface RunRequest {
  uri: vscode.Uri;
  /** Item ids to run; every item of the file when absent. */
  ids?: readonly string[];
  repeat?: number;
  /** A model other than the current one (a Test Explorer run profile). */
  model?: ModelConfig;
  /** Called for every record as it arrives (the Test Explorer reports from here). */
  onRecord?(record: RunRecord): void;
  /** Cancellation from the caller (the Test Explorer's run); the progress notification adds its own. */
  token?: vscode.CancellationToken;
  /** No notification (the Test Explorer shows its own progress). */
  quiet?: boolean;
  /** The caller reports this run in the Test Explorer itself (a run profile); otherwise the run observer does. */
  reported?: boolean;
}

/** A run as the Test Explorer shows it: each record as it arrives, then the end. */
export interface RunReport {
  /** Cancelled from the Test Explorer's UI. */
  readonly token: vscode.CancellationToken;
  record(record: RunRecord): void;
  /** The run ended (undefined: it stopped with an error). */
  ended(result: RunResult | undefined): void;
}

/**
 * Shows the runs that their caller does not report (a CodeLens, a command) in the Test Explorer and its results
 * history, like one started there: the Test Explorer is the observer.
 */
export interface RunObserver {
  runStarted(run: { uri: vscode.Uri; text: string; ids: readonly string[] | undefined; repeat: number; label: string }): Promise<RunReport | undefined>;
}

/** The numeric run settings, or a message naming the first one outside its range (core/spec/limits.ts). */
export function readRunSettings(): { timeoutSeconds: number; concurrency: number } | string {
  const timeoutSeconds = setting('run.timeoutSeconds');
  const concurrency = setting('run.concurrency');
  for (const [key, value, limit] of [
    ['ewebench.run.timeoutSeconds', timeoutSeconds, RUN_LIMITS.timeoutSeconds],
    ['ewebench.run.concurrency', concurrency, RUN_LIMITS.concurrency],
  ] as const) {
    if (!withinLimit(value, limit)) {
      return limit.integer
        ? vscode.l10n.t('The setting {0} is {1}: it must be a whole number from {2} to {3}.', key, JSON.stringify(value) ?? String(value), limit.min, limit.max)
        : vscode.l10n.t('The setting {0} is {1}: it must be a number from {2} to {3}.', key, JSON.stringify(value) ?? String(value), limit.min, limit.max);
    }
  }
  return { timeoutSeconds: timeoutSeconds as number, concurrency: concurrency as number };
}

interface ActiveRun {
  abort: AbortController;
  ids: Set<string>;
}

/**
 * Runs tests and corpus entries of one file against a model: checks trust and secret segments, gets the
 * provider and its key, then hands the plan to the runner, which journals every result as it arrives and
 * writes the results file or run card. Records reach the results store live, so lenses update during the run.
 */
export class RunService implements vscode.Disposable {
  private readonly active = new Map<string, ActiveRun>();
  private readonly changed = new vscode.EventEmitter<vscode.Uri>();
  /** Fires when a run of a document starts or ends. */
  readonly onDidChangeRunning = this.changed.event;
  private runs = 0;
  private observer: RunObserver | undefined;

  constructor(
    private readonly context: vscode.ExtensionContext,
    private readonly models: ModelService,
    private readonly results: ResultsStore,
    private readonly logger: RunLogger,
    private readonly channel: vscode.LogOutputChannel,
    private readonly platform: RunPlatform,
    private readonly documents: DocumentModels,
  ) {}

  /** Ids queued or in flight for a document (empty when it is not running). */
  running(uri: vscode.Uri): ReadonlySet<string> | undefined {
    return this.active.get(uri.toString())?.ids;
  }

  /** Who reports the runs their caller does not (one observer: the Test Explorer). */
  observe(observer: RunObserver): vscode.Disposable {
    this.observer = observer;
    return { dispose: () => this.observer === observer && (this.observer = undefined) };
  }

  cancel(uri?: vscode.Uri): void {
    for (const [key, run] of this.active) if (!uri || key === uri.toString()) run.abort.abort();
  }

  async run(request: RunRequest): Promise<RunResult | undefined> {
    if (!vscode.workspace.isTrusted) {
      const manage = vscode.l10n.t('Manage Workspace Trust');
      const choice = await vscode.window.showWarningMessage(
        vscode.l10n.t('This workspace is not trusted: ÈwéBench Studio sends nothing to any model in Restricted Mode.'),
        manage,
      );
      if (choice === manage) await vscode.commands.executeCommand('workbench.trust.manage');
      return undefined;
    }
    const key = request.uri.toString();
    if (this.active.has(key)) {
      void vscode.window.showInformationMessage(vscode.l10n.t('A run of this file is already under way.'));
      return undefined;
    }
    const folder = vscode.workspace.getWorkspaceFolder(request.uri);
    if (!folder) {
      void vscode.window.showWarningMessage(vscode.l10n.t('Open the file inside a workspace folder to run it: results are written to its results folder.'));
      return undefined;
    }
    const document = await vscode.workspace.openTextDocument(request.uri);
    const text = document.getText();
    const parsed = this.documents.get(document) ?? itemsOfText(request.uri, text);
    if (parsed.kind !== 'ewebench-tests' && parsed.kind !== 'rosetta-corpus' && parsed.kind !== 'suite-items') {
      void vscode.window.showWarningMessage(vscode.l10n.t('This file is neither an ÈwéBench tests file nor a Rosetta corpus.'));
      return undefined;
    }
    const wanted = request.ids ? new Set(request.ids) : undefined;
    const selected = parsed.items.filter((i) => !wanted || wanted.has(i.id));
    if (selected.length === 0) {
      void vscode.window.showWarningMessage(vscode.l10n.t('Nothing to run here.'));
      return undefined;
    }

    const allowSecretSegments = await this.secretSegmentsConsent(
      parsed,
      selected.map((i) => i.index),
    );
    if (allowSecretSegments === undefined) return undefined;

    // The schema bounds these settings, but a hand-edited settings.json is not checked against it.
    const numbers = readRunSettings();
    if (typeof numbers === 'string') {
      void vscode.window.showErrorMessage(numbers);
      return undefined;
    }
    const timeoutMs = numbers.timeoutSeconds * 1000;
    let ready;
    try {
      ready = await this.models.ready({ timeoutMs }, request.model);
    } catch (error) {
      if (!(error instanceof ModelUnavailable)) throw error;
      const store = vscode.l10n.t('Store API key');
      const select = vscode.l10n.t('Select model');
      const choice = await vscode.window.showErrorMessage(error.message, ...(error.action === 'storeKey' ? [store] : []), select);
      if (choice === store) await vscode.commands.executeCommand('ewebench.storeApiKey');
      else if (choice === select) await vscode.commands.executeCommand('ewebench.selectModel');
      return undefined;
    }

    const abort = new AbortController();
    const active: ActiveRun = { abort, ids: new Set(selected.map((i) => i.id)) };
    this.active.set(key, active);
    void vscode.commands.executeCommand('setContext', 'ewebench.running', true);
    this.changed.fire(request.uri);
    const runKey = `${++this.runs}`;
    const sourceFile = sourceFileOf(request.uri);
    const resolved = ready.resolved;
    // The runner (and the storage and cache of this build) loads with the first run, keeping activation light.
    const [{ executeRunWith }, storage, cache] = await Promise.all([this.platform.runner(), this.platform.storage(), this.platform.cache()]);
    if (!storage.journals) this.channel.info('VS Code for the Web: no response cache and no run journal; the results are written when the run ends.');
    // A lens or command run shows in the Test Explorer like one started there.
    const report = request.reported
      ? undefined
      : await this.observer
          ?.runStarted({ uri: request.uri, text, ids: wanted ? selected.map((i) => i.id) : undefined, repeat: request.repeat ?? 1, label: ready.label })
          .catch((error: unknown) => {
            this.channel.error(`the Test Explorer could not show the run: ${error instanceof Error ? error.message : String(error)}`);
            return undefined;
          });
    const execute = async (progress?: vscode.Progress<{ message?: string; increment?: number }>, token?: vscode.CancellationToken) => {
      token?.onCancellationRequested(() => abort.abort());
      request.token?.onCancellationRequested(() => abort.abort());
      report?.token.onCancellationRequested(() => abort.abort());
      let last = 0;
      return executeRunWith(
        {
          files: [
            {
              path: this.platform.location(request.uri),
              displayPath: sourceFile,
              text,
              ...(wanted ? { ids: selected.map((i) => i.id) } : {}),
              ...(parsed.suite ? { suite: parsed.suite.task } : { kind: parsed.kind === 'suite-items' ? undefined : parsed.kind }),
            },
          ],
          model: resolved,
          repeat: request.repeat ?? 1,
          concurrency: numbers.concurrency,
          // A single entry run from its lens is the harness's single strategy; a file run batches as the setting says.
          batchSize: wanted && selected.length === 1 ? 1 : Math.max(1, setting('run.batchSize')),
          promptVersion: setting('run.promptVersion') === 'multilingual' ? 'multilingual' : 'naive',
          allowSecretSegments,
          useCache: setting('run.cache'),
          outDir: this.platform.location(resultsFolderOf(folder)),
          toolVersion: String(this.context.extension.packageJSON.version ?? ''),
        },
        {
          provider: ready.provider,
          ...(cache ? { cache } : {}),
          logger: this.logger,
          signal: abort.signal,
          onRecord: (record) => {
            const id = recordItemId(record);
            if (record.repeat + 1 >= (request.repeat ?? 1)) active.ids.delete(id);
            this.results.addLive(runKey, record);
            request.onRecord?.(record);
            report?.record(record);
          },
          onProgress: (done, total) => {
            const pct = total ? (done / total) * 100 : 100;
            progress?.report({ message: vscode.l10n.t('{0} of {1} · {2}', done, total, ready.label), increment: pct - last });
            last = pct;
          },
        },
        storage,
      );
    };
    let result: RunResult | undefined;
    try {
      result = request.quiet
        ? await execute()
        : await vscode.window.withProgress(
            {
              location: vscode.ProgressLocation.Notification,
              title: vscode.l10n.t('Running {0} against {1}', request.uri.path.slice(request.uri.path.lastIndexOf('/') + 1), ready.label),
              cancellable: true,
            },
            (progress, token) => execute(progress, token),
          );
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      this.channel.error(`run failed: ${message}`);
      void vscode.window.showErrorMessage(vscode.l10n.t('The run stopped: {0}', errorText(error, userL10n.locale ?? 'en')));
    } finally {
      report?.ended(result);
      this.active.delete(key);
      void vscode.commands.executeCommand('setContext', 'ewebench.running', this.active.size > 0);
      const written = result
        ? [...(result.resultsFile ? [result.resultsFile] : []), ...result.runCardFiles, ...(result.suiteResultsFile ? [result.suiteResultsFile] : [])]
        : [];
      await this.results.endLive(
        runKey,
        written.map((file) => this.platform.uriOf(file)),
      );
      this.changed.fire(request.uri);
    }
    if (result) this.report(result, selected.length === 1 && (request.repeat ?? 1) === 1, request.quiet === true);
    return result;
  }

  /**
   * Runs the same items against every configured model, one model after another (one run writes the results
   * folder at a time; each model's results, journal and cache entries stay its own). Stops at a cancel.
   */
  async runOnAllModels(request: Omit<RunRequest, 'model'>): Promise<RunResult[]> {
    const models = configuredModels();
    if (models.length === 0 || !vscode.workspace.isTrusted) {
      // The single run says what is missing (no model, or trust) and how to fix it.
      const result = await this.run(request);
      return result ? [result] : [];
    }
    const results: RunResult[] = [];
    for (const model of models) {
      if (request.token?.isCancellationRequested) break;
      const result = await this.run({ ...request, model });
      if (result) results.push(result);
      if (result?.cancelled) break;
    }
    return results;
  }

  /**
   * True to send gold_standard / held_out entries for this run, false to skip them, undefined to stop. Asked
   * in a modal for each run that includes them; the `never` setting refuses without asking.
   */
  private async secretSegmentsConsent(parsed: ReturnType<typeof itemsOfText>, indexes: number[]): Promise<boolean | undefined> {
    if (parsed.kind !== 'rosetta-corpus' || !parsed.doc) return false;
    let info;
    try {
      info = corpusRunInfo(parsed.doc.value, parsed.category);
    } catch {
      return false;
    }
    const wanted = new Set(indexes);
    const secret = info.entries.filter((e) => wanted.has(e.index) && isSecretEntry(e));
    if (secret.length === 0) return false;
    const secretSegments = setting('run.secretSegments');
    if (secretSegments === 'never') {
      if (secret.length === indexes.length) {
        void vscode.window.showWarningMessage(
          vscode.l10n.t('These entries are in the gold_standard or held_out segment, which the ewebench.run.secretSegments setting forbids sending.'),
        );
        return undefined;
      }
      return false;
    }
    const send = vscode.l10n.t('Send them for this run');
    const skip = vscode.l10n.t('Skip them');
    const keep = vscode.l10n.t('Do not send them');
    const question = plural(secret.length, vscode.env.language, {
      one: vscode.l10n.t('{0} entry is in the gold_standard or held_out segment. Sending it to a model can leak it into its training data.', secret.length),
      other: vscode.l10n.t(
        '{0} entries are in the gold_standard or held_out segment. Sending them to a model can leak them into its training data.',
        secret.length,
      ),
    });
    // The safe answer comes first, so it is the default button (Enter): skipping them, or when every entry is
    // secret, not running; sending them takes a deliberate choice.
    const choice = await vscode.window.showWarningMessage(
      question,
      { modal: true, detail: vscode.l10n.t('Your answer holds for this run only.') },
      secret.length < indexes.length ? skip : keep,
      send,
    );
    return choice === send ? true : choice === skip ? false : undefined;
  }

  private report(result: RunResult, single: boolean, quiet: boolean): void {
    for (const s of result.skipped) this.channel.warn(`skipped: ${s.reason}`);
    if (quiet) return;
    if (result.cancelled) {
      // What the cancel stopped is not an error: counted apart, and sent by the next run of the same file.
      void vscode.window.showInformationMessage(
        vscode.l10n.t('Run cancelled; results kept: {0}, not run: {1}. Run again to resume.', result.records.length, result.cancelledItems.length),
      );
      return;
    }
    if (result.skipped.length) {
      const log = vscode.l10n.t('Show run log');
      void vscode.window
        .showWarningMessage(
          plural(result.skipped.length, vscode.env.language, {
            one: vscode.l10n.t('{0} item was not run: {1}', result.skipped.length, runText(result.skipped[0].text, userL10n)),
            other: vscode.l10n.t('{0} items were not run: {1}', result.skipped.length, runText(result.skipped[0].text, userL10n)),
          }),
          log,
        )
        .then((c) => c === log && this.channel.show());
    }
    if (single) return; // the lens shows the result
    const tests = result.records.filter((r) => r.kind !== 'corpus-entry');
    const passed = tests.filter((r) => (r.kind === 'ewebench-test' && r.passed) || (r.kind === 'suite-item' && r.correct)).length;
    const count = result.records.length;
    const message = tests.length
      ? plural(count, vscode.env.language, {
          one: vscode.l10n.t('{0} result: {1} passed, {2} errored.', count, passed, result.errored),
          other: vscode.l10n.t('{0} results: {1} passed, {2} errored.', count, passed, result.errored),
        })
      : plural(count, vscode.env.language, {
          one: vscode.l10n.t('{0} entry translated, {1} errored.', count, result.errored),
          other: vscode.l10n.t('{0} entries translated, {1} errored.', count, result.errored),
        });
    const open = vscode.l10n.t('Open results file');
    const file = result.resultsFile ?? result.runCardFile ?? result.suiteResultsFile;
    void vscode.window.showInformationMessage(message, ...(file ? [open] : [])).then((c) => {
      if (c === open && file) void vscode.window.showTextDocument(this.platform.uriOf(file));
    });
  }

  dispose(): void {
    this.cancel();
    this.changed.dispose();
  }
}
