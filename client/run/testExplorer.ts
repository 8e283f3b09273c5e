import * as vscode from 'vscode';
import { plural } from '../../core/i18n/plural';
import { recordError } from './l10n';
import { userL10n } from './userL10n';
import { TextModel } from '../../core/text/textModel';
import { isListedWorkspaceFile, SKIPPED_FOLDERS_GLOB } from '../../core/workspace/files';
import { passes } from '../../core/scoring/ewebench/aggregate';
import { categoryOf } from '../../core/scoring/ewebench/categories';
import type { ModelConfig, RunRecord, SuiteItemRunRecord, TestRunRecord } from '../../core/run/types';
import { recordItemId } from '../../core/run/items';
import { itemsOfText, type DocumentItems, type DocumentModels } from './documentItems';
import { suiteItemFiles } from './suiteItemFiles';
import { formatFixed, formatLatency, formatMeanSe, formatScore, oneLine } from './format';
import { modelsTitle, noCategoryTip, RUN_REPEATS, suiteVerdict } from './lensModel';
import { modelLabel } from './modelChoice';
import { configuredModels, currentModel, type ModelService } from './models';
import { outcomeOf, repeatSummary } from './resultsIndex';
import { resultsFolderSetting, sourceFileOf, type ResultsStore } from './resultsStore';
import type { RunResult } from '../../runner/execute';
import type { RunReport, RunService } from './runService';

const itemKey = (uri: vscode.Uri, id: string) => `${uri.toString()}#${id}`;
const recordId = recordItemId;
/** Files bigger than this are not read at discovery: they appear when opened or expanded. */
const DISCOVERY_MAX_BYTES = 20_000_000;
/** Typing in an expanded file updates its items once the typing pauses this long, not on every keystroke. */
export const EDIT_SETTLE_MS = 400;

/** A file's items, read from the shared document model when it is open, else from its text on disk. */
interface FileItems {
  parsed: DocumentItems;
  /** An offset's line and character in the same text. */
  positionAt(offset: number): { line: number; character: number };
  /** The text's line count, when known cheaply (an open document's). */
  lineCount?: number;
}

/**
 * Every ÈwéBench tests file and Rosetta corpus of the workspace in the Test Explorer, their tests and entries
 * resolved when expanded (a big corpus costs nothing until then), and a run profile per configured model.
 */
export class TestExplorer implements vscode.Disposable {
  readonly controller = vscode.tests.createTestController('ewebench', vscode.l10n.t('ÈwéBench'));
  private profiles: vscode.TestRunProfile[] = [];
  private readonly subscriptions: vscode.Disposable[] = [];
  /** Per file: the test item → the JSON value, for expected/actual diffs. */
  private readonly values = new Map<string, DocumentItems>();

  /** Runs started from the Test Explorer: saved results are not replayed over a run in progress. */
  private active = 0;
  private savedTimer: ReturnType<typeof setTimeout> | undefined;
  /** Per file: the pending update after an edit (debounced). */
  private readonly editTimers = new Map<string, ReturnType<typeof setTimeout>>();
  /** Each listed item's offsets when its range was last set, and each file's line count then: an item whose offsets did not move, in a file whose line count did not change, keeps its range. */
  private readonly spans = new WeakMap<vscode.TestItem, { start: number; end: number }>();
  private readonly lineCounts = new Map<string, number | undefined>();

  constructor(
    private readonly runs: RunService,
    models: ModelService,
    private readonly results: ResultsStore,
    private readonly documents: DocumentModels,
  ) {
    this.controller.resolveHandler = async (item) => {
      if (!item) await this.discover();
      else if (item.uri) await this.resolveFile(item.uri);
    };
    this.controller.refreshHandler = () => this.discover();
    const watcher = vscode.workspace.createFileSystemWatcher('**/*.json');
    this.subscriptions.push(
      this.controller,
      watcher,
      watcher.onDidCreate((uri) => void this.addFile(uri)),
      watcher.onDidChange((uri) => {
        // An open document follows its edits (below); its save changes none of its items, and re-reading a big
        // file on every auto-save kept the extension host busy while the user typed.
        if (vscode.workspace.textDocuments.some((d) => d.uri.toString() === uri.toString())) return;
        const item = this.controller.items.get(uri.toString());
        if (item?.children.size) void this.resolveFile(uri);
        else if (!item) void this.addFile(uri);
      }),
      watcher.onDidDelete((uri) => {
        this.controller.items.delete(uri.toString());
        this.values.delete(uri.toString());
        this.lineCounts.delete(uri.toString());
      }),
      vscode.workspace.onDidChangeTextDocument((e) => {
        if (e.contentChanges.length === 0) return;
        const key = e.document.uri.toString();
        const item = this.controller.items.get(key);
        if (!item || !item.children.size) return;
        clearTimeout(this.editTimers.get(key));
        this.editTimers.set(
          key,
          setTimeout(() => {
            this.editTimers.delete(key);
            const current = this.controller.items.get(key);
            if (current && current.children.size && !e.document.isClosed) this.fill(current, this.itemsOfDocument(e.document));
          }, EDIT_SETTLE_MS),
        );
      }),
      models.onDidChange(() => this.createProfiles()),
      // The suites' item files changed (found, named, renamed): those files are listed (the JSON files are not read again).
      suiteItemFiles.onDidChange(() => void Promise.all(suiteItemFiles.uris().map((uri) => this.addFile(uri)))),
      // Results are the source of truth: a CLI run, a colleague's file or an editor run shows here too.
      results.onDidChange(() => this.scheduleSaved()),
      {
        dispose: () => {
          clearTimeout(this.savedTimer);
          for (const timer of this.editTimers.values()) clearTimeout(timer);
        },
      },
    );
    this.createProfiles();
  }

  private createProfiles(): void {
    for (const p of this.profiles) p.dispose();
    this.profiles = [];
    const models: (ModelConfig | undefined)[] = configuredModels();
    if (models.length === 0) models.push(undefined); // still runnable: the run explains how to choose a model
    const current = currentModel();
    for (const model of models) {
      const label = model ? modelLabel(model) : vscode.l10n.t('Current model');
      const isDefault = !model || (current !== undefined && modelLabel(current) === label);
      this.profiles.push(
        this.controller.createRunProfile(label, vscode.TestRunProfileKind.Run, (request, token) => this.runRequest(request, token, model, 1), isDefault),
      );
      this.profiles.push(
        this.controller.createRunProfile(
          `${label} ×${RUN_REPEATS}`,
          vscode.TestRunProfileKind.Run,
          (request, token) => this.runRequest(request, token, model, RUN_REPEATS),
          false,
        ),
      );
    }
    const all = configuredModels();
    if (all.length >= 2) {
      this.profiles.push(
        this.controller.createRunProfile(
          vscode.l10n.t('All models ({0})', all.length),
          vscode.TestRunProfileKind.Run,
          (request, token) => this.runRequest(request, token, undefined, 1, true),
          false,
        ),
      );
    }
  }

  /** Lists every tests file and corpus of the workspace (reading each JSON once, without keeping it). */
  async discover(): Promise<void> {
    const uris = await vscode.workspace.findFiles('**/*.json', SKIPPED_FOLDERS_GLOB, 5000);
    // The suites' item files the language server registered (TSV, CSV, JSONL a suite names).
    await Promise.all([...uris, ...suiteItemFiles.uris()].map((uri) => this.addFile(uri)));
  }

  /** An open document's items from the shared model (parsed once per version for every part of the client). */
  private itemsOfDocument(document: vscode.TextDocument): FileItems {
    return {
      parsed: this.documents.get(document) ?? itemsOfText(document.uri, document.getText()),
      positionAt: (offset) => document.positionAt(offset),
      lineCount: document.lineCount,
    };
  }

  /** A file's items: the open document's, else its text on disk read and parsed once (large files are not read). */
  private async readItems(uri: vscode.Uri, known?: string): Promise<FileItems | undefined> {
    const open = vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString());
    if (open) return this.itemsOfDocument(open);
    let text = known;
    if (text === undefined) {
      try {
        const stat = await vscode.workspace.fs.stat(uri);
        if (stat.size > DISCOVERY_MAX_BYTES) return undefined;
        text = new TextDecoder().decode(await vscode.workspace.fs.readFile(uri));
      } catch {
        return undefined;
      }
    }
    const parsed = itemsOfText(uri, text);
    let lines: TextModel | undefined;
    return { parsed, positionAt: (offset) => (lines ??= TextModel.from(text)).positionAt(offset) };
  }

  private async addFile(uri: vscode.Uri, known?: string): Promise<void> {
    // Core's rule, for discovery, watcher events and runs started elsewhere alike: no skipped folder (.github,
    // node_modules, out…), no results.
    if (!suiteItemFiles.of(uri) && !isListedWorkspaceFile(vscode.workspace.asRelativePath(uri, false), resultsFolderSetting())) return;
    const read = await this.readItems(uri, known);
    if (read === undefined) return;
    const { parsed } = read;
    if ((parsed.kind !== 'ewebench-tests' && parsed.kind !== 'rosetta-corpus' && parsed.kind !== 'suite-items') || parsed.items.length === 0) {
      this.controller.items.delete(uri.toString());
      return;
    }
    let item = this.controller.items.get(uri.toString());
    if (!item) {
      item = this.controller.createTestItem(uri.toString(), vscode.workspace.asRelativePath(uri), uri);
      item.canResolveChildren = true;
      this.controller.items.add(item);
    }
    const n = parsed.items.length;
    const task = parsed.suite?.task.id ?? '';
    item.description =
      parsed.kind === 'ewebench-tests'
        ? plural(n, vscode.env.language, { one: vscode.l10n.t('{0} test', n), other: vscode.l10n.t('{0} tests', n) })
        : parsed.kind === 'suite-items'
          ? plural(n, vscode.env.language, { one: vscode.l10n.t('{0} item of {1}', n, task), other: vscode.l10n.t('{0} items of {1}', n, task) })
          : plural(n, vscode.env.language, { one: vscode.l10n.t('{0} entry', n), other: vscode.l10n.t('{0} entries', n) });
  }

  private async resolveFile(uri: vscode.Uri): Promise<void> {
    const item = this.controller.items.get(uri.toString());
    const read = await this.readItems(uri);
    if (!item || read === undefined) return;
    const parsed = this.fill(item, read);
    await this.results.ready();
    if (this.active === 0) this.showSaved([[item, parsed]]);
  }

  /** Saved results change in bursts (a run writes its file, the watcher fires): replay them once it settles. */
  private scheduleSaved(): void {
    clearTimeout(this.savedTimer);
    this.savedTimer = setTimeout(() => {
      if (this.active > 0) return;
      const files: [vscode.TestItem, DocumentItems][] = [];
      for (const [key, parsed] of this.values) {
        const item = this.controller.items.get(key);
        if (item && item.children.size) files.push([item, parsed]);
      }
      this.showSaved(files);
    }, 300);
  }

  /**
   * The newest persisted result of every listed test and entry, reported as a run that is not kept across
   * sessions (the results files are), so the explorer shows the same states as the lenses.
   */
  private showSaved(files: readonly [vscode.TestItem, DocumentItems][]): void {
    const reported: [vscode.TestItem, RunRecord[], DocumentItems][] = [];
    for (const [fileItem, parsed] of files) {
      if (!fileItem.uri) continue;
      const sourceFile = sourceFileOf(fileItem.uri);
      for (const [, child] of fileItem.children) {
        const records = this.results.index.records(sourceFile, child.label);
        if (records.length > 0) reported.push([child, records, parsed]);
      }
    }
    if (reported.length === 0) return;
    const run = this.controller.createTestRun(new vscode.TestRunRequest(reported.map(([item]) => item)), vscode.l10n.t('Saved results'), false);
    for (const [item, records, parsed] of reported) this.report(run, item, records, parsed);
    run.end();
  }

  /**
   * Children of a file item: one per test or entry, with its range. Items whose id the file already listed are
   * kept (their range moved when it changed), so an edit does not make every item anew.
   */
  private fill(fileItem: vscode.TestItem, read: FileItems): DocumentItems {
    const { parsed, positionAt } = read;
    const uri = fileItem.uri!;
    this.values.set(uri.toString(), parsed);
    const children: vscode.TestItem[] = [];
    const seen = new Set<string>();
    let sameChildren = fileItem.children.size === parsed.items.length;
    // Lines added or removed move items whose offsets did not: their ranges are set again.
    const sameLines = read.lineCount !== undefined && this.lineCounts.get(uri.toString()) === read.lineCount;
    this.lineCounts.set(uri.toString(), read.lineCount);
    for (const runnable of parsed.items) {
      if (seen.has(runnable.id)) {
        sameChildren = false;
        continue; // a duplicate id (the validator reports it) runs as its first
      }
      seen.add(runnable.id);
      const key = itemKey(uri, runnable.id);
      const child = fileItem.children.get(key) ?? this.controller.createTestItem(key, runnable.id, uri);
      if (child.parent !== fileItem) sameChildren = false;
      // An item whose offsets did not move since the last fill keeps its range: no position to compute.
      const known = this.spans.get(child);
      if (sameLines && known && known.start === runnable.start && known.end === runnable.end && child.range && child.parent === fileItem) {
        children.push(child);
        continue;
      }
      this.spans.set(child, { start: runnable.start, end: runnable.end });
      const start = positionAt(runnable.start);
      const end = positionAt(runnable.end);
      const range = child.range;
      if (
        !range ||
        range.start.line !== start.line ||
        range.start.character !== start.character ||
        range.end.line !== end.line ||
        range.end.character !== end.character
      )
        child.range = new vscode.Range(start.line, start.character, end.line, end.character);
      children.push(child);
    }
    if (!sameChildren) fileItem.children.replace(children);
    fileItem.canResolveChildren = false;
    return parsed;
  }

  /** Runs the requested items, one file after another, and reports each record as it arrives. */
  private async runRequest(
    request: vscode.TestRunRequest,
    token: vscode.CancellationToken,
    model: ModelConfig | undefined,
    repeat: number,
    allModels = false,
  ): Promise<void> {
    const byFile = new Map<string, { uri: vscode.Uri; ids?: Set<string> }>();
    const excluded = new Set((request.exclude ?? []).map((i) => i.id));
    const roots = request.include ?? [...this.gather(this.controller.items)];
    for (const item of roots) {
      if (!item.uri || excluded.has(item.id)) continue;
      const fileKey = item.uri.toString();
      const isFile = item.id === fileKey;
      const entry = byFile.get(fileKey) ?? { uri: item.uri };
      if (isFile) entry.ids = undefined;
      else if (!byFile.has(fileKey) || entry.ids) (entry.ids ??= new Set()).add(item.label);
      byFile.set(fileKey, entry);
    }
    const run = this.controller.createTestRun(request);
    this.active++;
    try {
      for (const { uri, ids } of byFile.values()) {
        if (token.isCancellationRequested) break;
        const fileItem = this.controller.items.get(uri.toString());
        if (!fileItem) continue;
        const read = await this.readItems(uri);
        if (read === undefined) continue;
        const parsed = this.fill(fileItem, read);
        const selected = [...fileItem.children].map(([, c]) => c).filter((c) => (!ids || ids.has(c.label)) && !excluded.has(c.id));
        const file = this.fileReport(run, fileItem, uri, parsed, selected, repeat, allModels);
        let result: RunResult | undefined;
        // All models: one run per configured model, one after another; each item is reported once every model answered.
        for (const m of allModels ? configuredModels() : [model]) {
          if (token.isCancellationRequested) break;
          const modelResult = await this.runs.run({
            uri,
            ids: selected.map((c) => c.label),
            repeat,
            ...(m ? { model: m } : {}),
            token,
            quiet: true,
            reported: true,
            onRecord: (record) => file.record(record),
          });
          result = modelResult ?? result;
          if (modelResult?.cancelled) break;
        }
        file.ended(result);
      }
    } finally {
      run.end();
      this.active--;
    }
  }

  /**
   * A run started elsewhere (a CodeLens, a command) as a run of its own in the Test Explorer and its results
   * history, reported as one started here. Files the explorer does not list (skipped folders, results) are not shown.
   */
  async runStarted(started: {
    uri: vscode.Uri;
    text: string;
    ids: readonly string[] | undefined;
    repeat: number;
    label: string;
  }): Promise<RunReport | undefined> {
    const { uri } = started;
    if (!this.controller.items.get(uri.toString())) await this.addFile(uri, started.text);
    const fileItem = this.controller.items.get(uri.toString());
    if (!fileItem) return undefined;
    const read = await this.readItems(uri, started.text);
    if (read === undefined) return undefined;
    const parsed = this.fill(fileItem, read);
    const ids = started.ids ? new Set(started.ids) : undefined;
    const selected = [...fileItem.children].map(([, c]) => c).filter((c) => !ids || ids.has(c.label));
    if (selected.length === 0) return undefined;
    const request = new vscode.TestRunRequest(ids ? selected : [fileItem]);
    const run = this.controller.createTestRun(request, `${vscode.workspace.asRelativePath(uri)} · ${started.label}`);
    this.active++;
    const file = this.fileReport(run, fileItem, uri, parsed, selected, started.repeat);
    let open = true;
    return {
      token: run.token,
      record: (record) => file.record(record),
      ended: (result) => {
        if (!open) return;
        open = false;
        file.ended(result);
        run.end();
        this.active--;
      },
    };
  }

  /**
   * Reports one file's run into `run`: each item started on its first record and passed, failed or errored once
   * all its repeats are in; at the end, what got no record is skipped (or errored when the run did not start).
   */
  private fileReport(
    run: vscode.TestRun,
    fileItem: vscode.TestItem,
    uri: vscode.Uri,
    parsed: DocumentItems,
    selected: readonly vscode.TestItem[],
    repeat: number,
    allModels = false,
  ): { record(record: RunRecord): void; ended(result: RunResult | undefined): void } {
    for (const c of selected) run.enqueued(c);
    const collected = new Map<string, RunRecord[]>();
    const started = new Set<string>();
    return {
      record: (record) => {
        const child = fileItem.children.get(itemKey(uri, recordId(record)));
        if (!child) return;
        if (!started.has(child.id)) {
          started.add(child.id);
          run.started(child);
        }
        const list = collected.get(child.id) ?? [];
        list.push(record);
        collected.set(child.id, list);
        if (!allModels && list.length >= repeat) this.report(run, child, list, parsed);
      },
      ended: (result) => {
        for (const c of selected) {
          if (allModels && collected.has(c.id)) this.reportModels(run, c, collected.get(c.id) ?? []);
          else if (!collected.has(c.id)) {
            const skipped = result?.skipped.find((s) => s.id === c.label);
            if (skipped) run.skipped(c);
            else if (!result) run.errored(c, new vscode.TestMessage(vscode.l10n.t('The run did not start (see the notification).')));
            else run.skipped(c);
          } else if ((collected.get(c.id)?.length ?? 0) < repeat) this.report(run, c, collected.get(c.id) ?? [], parsed);
        }
        // Scores of a file outside the ten categories count towards no ÈwéScore: said once per file run.
        if (parsed.kind === 'ewebench-tests' && collected.size > 0 && !categoryOf(parsed.category))
          run.appendOutput(`${oneLine(noCategoryTip(vscode.l10n), 400)}\r\n`, undefined, fileItem);
      },
    };
  }

  private *gather(collection: vscode.TestItemCollection): Iterable<vscode.TestItem> {
    for (const [, item] of collection) yield item;
  }

  /** Passed or failed by the harness's rule; errored for a failed call; ×K as mean ± standard error. */
  private report(run: vscode.TestRun, item: vscode.TestItem, records: RunRecord[], parsed: DocumentItems): void {
    const last = records[records.length - 1];
    const location = item.uri && item.range ? new vscode.Location(item.uri, item.range) : undefined;
    const at = (message: vscode.TestMessage) => {
      if (location) message.location = location;
      return message;
    };
    if (last.kind === 'corpus-entry') {
      const entry = last;
      if (entry.error !== null) return run.errored(item, at(new vscode.TestMessage(recordError(entry, userL10n))));
      const message = `chrF++ ${formatFixed(entry.entry_chrf, 1, userL10n)} · ${entry.exact_match ? vscode.l10n.t('exact match') : vscode.l10n.t('not an exact match')}`;
      const ms = entry.latency_seconds * 1000;
      if (entry.exact_match) return run.passed(item, ms);
      run.appendOutput(`${item.label}: ${message}\r\n`, location, item);
      return run.failed(item, at(vscode.TestMessage.diff(message, entry.reference, entry.predicted ?? '')), ms);
    }
    if (last.kind === 'suite-item') return this.reportSuiteItem(run, item, records as SuiteItemRunRecord[], location);
    const tests = records as TestRunRecord[];
    if (tests.length > 1) {
      const summary = repeatSummary(tests);
      if (summary.errored === summary.runs)
        return run.errored(item, at(new vscode.TestMessage(last.error !== null ? recordError(last, userL10n) : vscode.l10n.t('every run failed'))));
      const text = vscode.l10n.t('{0} runs: mean {1}, {2} errored', summary.runs, formatMeanSe(summary.mean, summary.standardError, userL10n), summary.errored);
      run.appendOutput(`${item.label}: ${text}\r\n`, location, item);
      return passes(summary.mean) ? run.passed(item) : run.failed(item, at(new vscode.TestMessage(text)));
    }
    if (last.error !== null) return run.errored(item, at(new vscode.TestMessage(recordError(last, userL10n))));
    if (last.score === null) return run.errored(item, at(new vscode.TestMessage(vscode.l10n.t('not scored: {0}', last.reason ?? ''))));
    const summary = `${formatScore(last.score, userL10n)} · ${formatLatency(last.latency_ms, userL10n)} · ${last.model}`;
    if (last.passed) return run.passed(item, last.latency_ms);
    const text = vscode.l10n.t('score {0} (pass at 0.7), {1}: {2}', formatScore(last.score, userL10n), last.method ?? '', oneLine(last.response ?? '', 200));
    const expected = this.expectedOf(parsed, last);
    const message = expected !== undefined ? vscode.TestMessage.diff(text, expected, last.response ?? '') : new vscode.TestMessage(text);
    run.appendOutput(`${item.label}: ✗ ${summary}\r\n`, location, item);
    run.failed(item, at(message), last.latency_ms);
  }

  /** A suite item: passed when right on the strict reading in every run of a ×K (see suitePassed). */
  private reportSuiteItem(run: vscode.TestRun, item: vscode.TestItem, records: SuiteItemRunRecord[], location: vscode.Location | undefined): void {
    const last = records[records.length - 1];
    const at = (message: vscode.TestMessage) => {
      if (location) message.location = location;
      return message;
    };
    if (records.every((r) => r.error !== null)) return run.errored(item, at(new vscode.TestMessage(recordError(last, userL10n))));
    const text = records.map((r) => (r.error !== null ? `⚠ ${recordError(r, userL10n)}` : suiteVerdict(r, userL10n))).join(' · ');
    run.appendOutput(`${item.label}: ${text}\r\n`, location, item);
    if (records.every(suitePassed)) return run.passed(item, last.latency_ms);
    const message =
      last.error === null && last.task !== 'translation' ? vscode.TestMessage.diff(text, last.expected, last.extracted ?? '') : new vscode.TestMessage(text);
    run.failed(item, at(message), last.latency_ms);
  }

  /**
   * One item run against every model: the models' results on one line (as the lens shows them); passed when
   * every model passed (an exact match for an entry), errored when every call failed, else failed.
   */
  private reportModels(run: vscode.TestRun, item: vscode.TestItem, records: RunRecord[]): void {
    const byModel = new Map<string, RunRecord[]>();
    for (const r of records) byModel.set(r.model, [...(byModel.get(r.model) ?? []), r]);
    const text = modelsTitle(
      [...byModel].map(([model, runs]) => ({ model, outcome: outcomeOf(runs) })),
      vscode.l10n,
    );
    const location = item.uri && item.range ? new vscode.Location(item.uri, item.range) : undefined;
    run.appendOutput(`${item.label}: ${text}\r\n`, location, item);
    const message = new vscode.TestMessage(text);
    if (location) message.location = location;
    if (records.every((r) => r.error !== null)) return run.errored(item, message);
    const ok = (r: RunRecord) =>
      r.error === null && (r.kind === 'ewebench-test' ? r.passed === true : r.kind === 'suite-item' ? suitePassed(r) : r.exact_match);
    if (records.every(ok)) return run.passed(item);
    run.failed(item, message);
  }

  /** The test's `expected` for the methods that compare with one (exact_match, multiple_choice). */
  private expectedOf(parsed: DocumentItems, record: TestRunRecord): string | undefined {
    if (record.method !== 'exact_match' && record.method !== 'multiple_choice') return undefined;
    const index = record.index ?? parsed.items.find((i) => i.id === record.test_id)?.index;
    const tests = parsed.doc?.value;
    if (index === undefined || !Array.isArray(tests)) return undefined;
    const expected = (tests[index] as { expected?: unknown } | undefined)?.expected;
    return typeof expected === 'string' ? expected : expected === undefined ? undefined : JSON.stringify(expected);
  }

  dispose(): void {
    for (const p of this.profiles) p.dispose();
    for (const s of this.subscriptions) s.dispose();
  }
}

/** A suite item's run passes when right on the strict reading; a translation, when it equals the reference (chrF++ 100), as a corpus entry's exact match. */
function suitePassed(r: SuiteItemRunRecord): boolean {
  return r.error === null && (r.task === 'translation' ? (r.score ?? 0) >= 100 : r.correct);
}
